// "What can I type?": every SPEC item of both games, from the engine's own keyword tables, with
// the roles it may appear in, the step it acts in and what holodice does with it.

import { catalog } from "./catalog.js";
import { el } from "./dom.js";

const GAMES = [["swtcg", "Star Wars TCG"], ["legion", "Star Wars: Legion"]];

/** One table per game. */
export function helpTables() {
  return GAMES.map(([game, title]) => {
    const head = el("tr", {}, ["item", "value", "in the SPEC of", "step", "what it does"].map((h) => el("th", { scope: "col", text: h })));
    const body = catalog[game].items.map((i) => el("tr", {},
      el("th", { scope: "row" }, el("code", { text: i.name }), i.aliases.length ? el("span", { class: "aside", text: ` (also ${i.aliases.join(", ")})` }) : ""),
      el("td", { text: i.takesValue ? (i.signed ? "±N" : "N") : "—" }),
      el("td", { text: i.roles.join(", ") }),
      el("td", { text: i.step }),
      el("td", { text: i.model })));
    return el("section", {}, el("h3", { text: title }),
      el("div", { class: "table-scroll" }, el("table", { class: "help-table" }, el("thead", {}, head), el("tbody", {}, body))));
  });
}
