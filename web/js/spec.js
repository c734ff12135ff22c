// A SPEC as items, for the controls: each control reads the items it stands for and writes them
// back, so the text field and the controls always say the same thing. This only recognises items
// by the engine's own tables (its keyword listings); the engine parses and judges the whole SPEC.

/** The items of a SPEC: split at commas outside double quotes, trimmed, empty ones dropped. */
export function split(text) {
  const items = [];
  let item = "";
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    if (ch === "," && !quoted) {
      items.push(item);
      item = "";
    } else {
      item += ch;
    }
  }
  items.push(item);
  return items.map((s) => s.trim()).filter(Boolean);
}

export const join = (items) => items.join(", ");

const words = (s) => s.trim().toLowerCase().split(/\s+/).join(" ");
const numeric = (w) => /^[+-]?\d+$/.test(w);

/** The items a game's SPECs may hold (entries: {name, aliases, takesValue, ...}), to tell which
 * entry a typed item is and with what value, as the engine reads it: a number first or last. */
export class Vocabulary {
  constructor(entries) {
    this.entries = entries;
    this.names = new Map();
    for (const e of entries) {
      const forms = e.optional ? [true, false] : [e.takesValue];
      for (const n of [e.name, ...(e.aliases || [])]) {
        for (const form of forms) {
          const key = `${words(n)}|${form}`;
          if (!this.names.has(key)) this.names.set(key, e);
        }
      }
    }
  }

  /** {entry, value} for an item, or null when it is none of the entries (a card, a typo). */
  recognise(item) {
    const w = words(item).split(" ");
    const tries = [];
    // A signed number first is a change ("+2 power", an SWTCG item of its own), not a value.
    if (w.length > 1 && /^\d+$/.test(w[0])) tries.push([w.slice(1).join(" "), Number(w[0])]);
    if (w.length > 1 && numeric(w[w.length - 1])) tries.push([w.slice(0, -1).join(" "), Number(w[w.length - 1])]);
    for (const [name, value] of tries) {
      const entry = this.names.get(`${name}|true`);
      if (entry) return { entry, value };
    }
    const entry = this.names.get(`${w.join(" ")}|false`);
    return entry ? { entry, value: null } : null;
  }
}

/** A SPEC field's text, edited item by item. `field` is its input element. */
export class SpecText {
  constructor(field, vocabulary) {
    this.field = field;
    this.vocabulary = vocabulary;
  }

  items() {
    return split(this.field.value);
  }

  /** The recognised items: [{item, index, entry, value}]. */
  recognised() {
    return this.items().flatMap((item, index) => {
      const r = this.vocabulary().recognise(item);
      return r ? [{ item, index, ...r }] : [];
    });
  }

  /** Replaces every item `matches` (a test of an item's text) with `replacement` items, where
   * the first of them was, or where `place` puts them (front or end). */
  replace(matches, replacement, place = "end") {
    const items = this.items();
    const at = items.findIndex(matches);
    const kept = items.filter((i) => !matches(i));
    const where = at >= 0 ? items.slice(0, at).filter((i) => !matches(i)).length : place === "front" ? 0 : kept.length;
    kept.splice(where, 0, ...replacement);
    this.write(kept);
  }

  write(items) {
    this.field.value = join(items);
    this.field.dispatchEvent(new CustomEvent("spec-change", { bubbles: true }));
  }
}

/** An item for a keyword entry with a value: dice colours read "4 red", the rest "aim 1". */
export function itemText(entry, value) {
  if (!entry.takesValue) return entry.name;
  return entry.control === "dice" ? `${value} ${entry.name}` : `${entry.name} ${value}`;
}

/** Whether an item names a unit card (`@Name`), an upgrade (`+@Name`) or a weapon. */
export const isUnit = (item) => item.startsWith("@");
export const isUpgrade = (item) => item.startsWith("+@");
export const isWeapon = (item) => /^weapon\s+\S/i.test(item);

/** `@Name` for a card's name as a SPEC spells it: in double quotes when it has a comma (names
 * the engine lists for SPECs are quoted already). */
export function cardItem(prefix, name) {
  const quoted = name.startsWith('"') || !name.includes(",");
  return quoted ? `${prefix}${name}` : `${prefix}"${name}"`;
}

/** The card name of an `@` or `+@` item, unquoted. */
export function cardName(item) {
  return item.replace(/^\+?@/, "").replace(/^"(.*)"$/, "$1").trim();
}
