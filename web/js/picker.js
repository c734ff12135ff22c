// A unit picker: searches a game's built-in cards by name, title, faction, set or id, and puts
// the chosen card in the SPEC as `@Name`.

import { Combobox } from "./combobox.js";
import { el, uid } from "./dom.js";

/** The cards matching every word of `query`, the names starting with it first. */
export function search(cards, query) {
  const q = query.trim().toLowerCase();
  if (!q) return cards.slice(0, 30);
  const terms = q.split(/\s+/);
  const found = cards.filter((c) => terms.every((t) => c.search.includes(t)));
  const starts = (c) => (c.name.toLowerCase().startsWith(q) ? 0 : 1);
  return found.sort((a, b) => starts(a) - starts(b)).slice(0, 30);
}

export class Picker {
  /** `cards()` gives the cards to pick from; `onPick(card or null)` hears each choice. */
  constructor(label, cards, onPick) {
    const id = uid("pick");
    this.input = el("input", { id, type: "search", class: "pick", placeholder: "Search by name, faction or set", autocomplete: "off" });
    this.clear = el("button", { type: "button", class: "clear", "aria-label": `Clear the ${label.toLowerCase()}`, text: "×", hidden: true });
    this.facts = el("p", { class: "facts", "aria-live": "polite" });
    this.node = el("div", { class: "picker" },
      el("label", { for: id, text: label }),
      el("div", { class: "pick-box" }, this.input, this.clear),
      this.facts);
    new Combobox(this.input, {
      openOnFocus: true,
      choices: () => search(cards(), this.input.value).map((c) => ({ label: c.name, detail: c.detail, card: c })),
      accept: (choice) => {
        this.input.value = choice.card.name;
        onPick(choice.card);
      },
    });
    this.clear.addEventListener("click", () => {
      this.input.value = "";
      onPick(null);
    });
  }

  /** Shows the card the SPEC names (or the text of an unknown one). */
  show(card, typed, facts) {
    if (document.activeElement !== this.input) this.input.value = card ? card.name : typed || "";
    this.clear.hidden = !card && !typed;
    this.facts.textContent = facts || "";
  }
}
