// Completion of item names in a SPEC field: the game's keywords for the unit's role, and its
// cards as `@Name`.

import { Combobox } from "./combobox.js";
import { catalog } from "./catalog.js";
import { cardItem } from "./spec.js";

/** The item being typed: the text after the last comma, less a leading count ("4 re"). */
function currentItem(input) {
  const text = input.value.slice(0, input.selectionStart ?? input.value.length);
  const start = text.lastIndexOf(",") + 1;
  const raw = text.slice(start);
  const lead = raw.match(/^\s*(\d+\s+)?/)[0];
  return { start: start + lead.length, word: raw.slice(lead.length), end: text.length };
}

/** Every name a field of `game` and `role` may complete to: {label, detail, takesValue}. */
function names(game, role) {
  const items = catalog[game].items
    .filter((i) => !role || i.roles.includes(role))
    .flatMap((i) => [i.name, ...i.aliases].map((label) => ({ label, detail: i.step, takesValue: i.takesValue })));
  const cards = catalog[game].cards.map((c) => ({ label: cardItem("@", c.specName), detail: c.detail, takesValue: false }));
  const upgrades = (catalog[game].upgrades || []).map((c) => ({ label: cardItem("+@", c.specName), detail: c.detail, takesValue: false }));
  return [...items, ...cards, ...upgrades];
}

/** Completes the item being typed in `input`; `game()` says which game's names. */
export function complete(input, game, role) {
  return new Combobox(input, {
    choices() {
      const w = currentItem(input).word.trim().toLowerCase();
      if (!w) return [];
      const seen = new Set();
      return names(game(), role)
        .filter((c) => c.label.toLowerCase().startsWith(w) && c.label.toLowerCase() !== w)
        .filter((c) => !seen.has(c.label) && seen.add(c.label))
        .slice(0, 12);
    },
    accept(choice) {
      const { start, end } = currentItem(input);
      const before = input.value.slice(0, start).replace(/,\s*$/, ", ").replace(/^\s+/, "");
      const inserted = choice.label + (choice.takesValue ? " " : "");
      input.value = before + inserted + input.value.slice(end);
      const caret = (before + inserted).length;
      input.setSelectionRange(caret, caret);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    },
  });
}
