// The matchups view: one attacker against every built-in unit (the engine's `legion matchups`),
// as a table sorted by any column; each defender opens its attack in the Legion view.

import { $, el } from "./dom.js";
import { mean, percent, ratio } from "./numbers.js";
import { cardItem } from "./spec.js";

const COLUMNS = [
  { key: "defender", label: "Defender", text: (m) => m.defender },
  { key: "faction", label: "Faction", text: (m) => m.faction || "" },
  { key: "points", label: "Points", text: (m) => (m.points === null ? "n/a" : String(m.points)), number: (m) => m.points ?? -1 },
  { key: "mean_wounds", label: "Mean wounds", text: (m) => (m.refused ? "refused" : mean(m.mean_wounds)), number: (m) => stat(m.mean_wounds) },
  { key: "at_least_one", label: "P(≥ 1)", text: (m) => (m.refused ? "—" : percent(m.at_least_one)), number: (m) => stat(m.at_least_one) },
  { key: "wiped", label: "Chance to wipe", text: (m) => (m.refused ? "—" : m.wiped === null ? "n/a" : percent(m.wiped)), number: (m) => stat(m.wiped) },
];

/** A statistic for sorting: a unit without it (refused, or no wounds per mini) sorts last. */
const stat = (x) => (x === null ? -1 : ratio(x));

let shown = { answer: null, key: null, descending: true };

/** Shows the engine's matchups answer, in its own order until a column is chosen. */
export function showMatchups(answer, link) {
  shown = { answer, key: null, descending: true, link };
  draw();
  $("#matchups-caption").textContent =
    `${answer.attacker} against ${answer.matchups.length} units${answer.with ? `, each with ${answer.with}` : ""}; ` +
    `sorted by ${answer.sort === "wiped" ? "the chance to wipe" : "mean wounds"} until a column is chosen.`;
  $("#matchups-result").hidden = false;
}

function sortBy(key) {
  shown.descending = shown.key === key ? !shown.descending : key !== "defender" && key !== "faction";
  shown.key = key;
  draw();
}

function draw() {
  const { answer, key, descending } = shown;
  const column = COLUMNS.find((c) => c.key === key);
  const list = answer.matchups.slice();
  if (column) {
    const value = column.number || ((m) => column.text(m).toLowerCase());
    list.sort((a, b) => {
      const [x, y] = [value(a), value(b)];
      const order = x < y ? -1 : x > y ? 1 : 0;
      return descending ? -order : order;
    });
  }
  const head = el("tr", {}, COLUMNS.map((c) => {
    const sort = c.key === key ? (descending ? "descending" : "ascending") : "none";
    const button = el("button", { type: "button", class: "sort", text: c.label });
    button.addEventListener("click", () => sortBy(c.key));
    return el("th", { scope: "col", "aria-sort": sort }, button);
  }));
  const body = list.map((m) => el("tr", {}, COLUMNS.map((c, i) => {
    if (i) return el("td", { text: c.text(m), title: m.refused && c.key === "mean_wounds" ? m.refused : null });
    return el("th", { scope: "row" }, el("a", { href: shown.link(cardItem("@", m.defender)), text: m.defender }));
  })));
  $("#matchups-table").replaceChildren(el("thead", {}, head), el("tbody", {}, body));
}
