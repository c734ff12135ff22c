// The controls of one unit's SPEC field (the attacker, the defender, …): a unit picker, the
// game's modelled items as steppers, toggles and radio groups (made from the engine's keyword
// tables, grouped as the tables' `control` says), and for Legion the card's weapons and upgrades.
// The SPEC field stays: typing in it moves the controls, and the controls rewrite its items.

import { cardGives, combines } from "./cardvalues.js";
import { catalog, itemsFor, namedCard, pickable } from "./catalog.js";
import { el, uid } from "./dom.js";
import { Loadout } from "./loadout.js";
import { pays } from "./payment.js";
import { Picker } from "./picker.js";
import { SpecText, cardItem, cardName, isUnit, isUpgrade, isWeapon, itemText } from "./spec.js";
import { choice, stepper, toggle } from "./widgets.js";

/** The rows controls are laid out in, by the `control` of their items. */
const ROWS = [
  ["stat", "Statistics"],
  ["dice", "Dice"],
  ["choice", null],
  ["token", "Tokens"],
  ["unit", "Minis and wounds"],
  ["condition", "Conditions"],
];

/** Steps in the order of the attack: numbered ones first ("1 form pool", "2. attack roll"). */
function stepOrder(a, b) {
  const n = (s) => (/^\d+/.test(s) ? Number(s.match(/^\d+/)[0]) : 99);
  return n(a) - n(b) || a.localeCompare(b);
}

export class Composer {
  /** Controls for the SPEC `field` of `role` in `game`; `options.picker` (default true) adds the
   * unit picker and the keywords, `options.only` keeps only the items it accepts. */
  constructor(field, game, role, options = {}) {
    this.field = field;
    this.game = game;
    this.role = role;
    this.options = { picker: true, only: () => true, ...options };
    this.text = new SpecText(field, () => catalog[game].vocabulary);
    this.controls = [];
    /** What the SPEC's cards give (cardvalues.js), as last shown. */
    this.gives = { card: null, values: new Map(), groups: new Set() };
    /** What changes once the unit is a card: each is called with whether it is. */
    this.cardAware = [];
    this.root = el("div", { class: "composer", id: `${field.id}-controls` });
    field.closest(".field").before(this.root);
    field.addEventListener("input", () => this.refresh());
    field.addEventListener("spec-change", () => this.refresh());
    // Whether the unit pays for its abilities is the form's (payment.js).
    field.form?.addEventListener("change", () => this.refresh());
  }

  /** Makes the controls from the catalog (once it is loaded) and shows the SPEC in them. */
  build() {
    if (this.options.picker) {
      this.picker = new Picker("Unit", () => pickable(this.game), (card) => this.pick(card));
      this.root.append(this.picker.node);
      if (this.game === "legion") {
        this.loadout = new Loadout(this);
        this.root.append(this.loadout.node);
      }
    }
    const items = itemsFor(this.game, this.role).filter(this.options.only);
    const kind = (i) => (i.control.startsWith("choice:") ? "choice" : i.control);
    for (const [row, title] of ROWS) {
      const members = items.filter((i) => kind(i) === row);
      if (!members.length) continue;
      if (row === "choice") {
        for (const group of [...new Set(members.map((i) => i.control.slice(7)))]) {
          this.root.append(el("div", { class: "controls" }, this.choice(group, members.filter((i) => i.control === `choice:${group}`))));
        }
        continue;
      }
      const box = el("div", { class: "controls" }, members.map((i) => this.control(i, items)));
      const heading = el("span", { class: "row-title", text: title });
      // A card's weapons give its dice; dice given beside a card join them.
      if (row === "dice") this.cardAware.push((card) => { heading.textContent = card ? "Dice added to the card's weapons" : title; });
      this.root.append(el("div", { class: "control-row" }, heading, box));
    }
    const keywords = items.filter((i) => i.control === "keyword");
    if (this.options.picker && keywords.length) this.root.append(this.keywords(keywords, items));
    this.built = true;
    this.refresh();
  }

  /** Whether `item` (text) is the SPEC item `entry`. */
  is(item, entry) {
    const r = catalog[this.game].vocabulary.recognise(item);
    return !!r && r.entry === entry;
  }

  /** A stepper or a toggle for `entry`, writing its item into the SPEC. */
  control(entry, all) {
    if (!entry.takesValue) {
      const c = toggle(entry, (on) => this.text.replace((i) => this.is(i, entry), on ? [entry.name] : []));
      this.controls.push({ show: (found) => c.show(found.some((r) => r.entry === entry), { card: this.gives.values.get(entry) === true }) });
      return c.node;
    }
    // "Armor" and "Armor N" both exist: the numbered one says so.
    const twin = all.some((o) => o !== entry && o.name === entry.name);
    const shown = twin ? { ...entry, name: `${entry.name} N` } : entry;
    const placeholder = entry.control === "stat" ? "—" : "0";
    const c = stepper(shown, (v) => this.text.replace((i) => this.is(i, entry), this.typed(entry, v)), { placeholder });
    this.controls.push({ show: (found) => c.show(...this.effective(entry, found)) });
    return c.node;
  }

  /** The value a stepper shows for `entry`: the card's and the typed items' together, as the
   * engine combines them; with the card's part and the least the SPEC can make it. */
  effective(entry, found) {
    const card = this.gives.values.get(entry) ?? null;
    const typed = found.filter((r) => r.entry === entry).map((r) => r.value ?? 1);
    const how = combines(this.game, entry);
    const floor = entry.signed ? -20 : how === "adds" || how === "larger" ? (card ?? 0) : 0;
    const value = how === "adds" ? (typed.length || card !== null ? (card ?? 0) + typed.reduce((a, b) => a + b, 0) : null)
      : how === "larger" ? (typed.length || card !== null ? Math.max(card ?? 0, ...typed) : null)
      : typed.length ? typed[typed.length - 1] : card;
    return [value, { card, min: floor }];
  }

  /** The items that make `entry` `v` beside the card: what a numbered keyword adds to the
   * card's, or a statistic that differs from the card's; none when the card gives `v`. */
  typed(entry, v) {
    const card = this.gives.values.get(entry);
    if (card === undefined) return v ? [itemText(entry, v)] : [];
    const how = combines(this.game, entry);
    if (how === "adds") return v !== card ? [itemText(entry, v - card)] : [];
    return v === card || (how === "larger" && v < card) ? [] : [itemText(entry, v)];
  }

  choice(group, members) {
    const c = choice(group, members, (m) => this.text.replace((i) => members.some((e) => this.is(i, e)), m ? [m.name] : []));
    this.cardAware.push((card) => {
      const decided = this.gives.groups.has(group);
      c.card(card, decided ? (members.find((m) => this.gives.values.get(m) === true) ?? null) : undefined);
    });
    this.controls.push({
      show(found) {
        const last = found.filter((r) => members.includes(r.entry)).pop();
        c.show(last ? last.entry : null);
      },
    });
    return c.node;
  }

  /** Every other modelled keyword, by the step it acts in, behind a summary of those given. */
  keywords(entries, all) {
    const summary = el("span", { class: "given" });
    const filterId = uid("find");
    const filter = el("input", { id: filterId, type: "search", placeholder: "Find a keyword", autocomplete: "off" });
    const steps = [...new Set(entries.map((e) => e.step))].sort(stepOrder);
    const groups = steps.map((step) => {
      const controls = entries.filter((e) => e.step === step).map((e) => this.control(e, all));
      return el("div", { class: "step-group" }, el("h4", { text: step }), el("div", { class: "controls" }, controls));
    });
    filter.addEventListener("input", () => {
      const q = filter.value.trim().toLowerCase();
      for (const g of groups) {
        let any = false;
        for (const c of g.querySelectorAll(".control")) {
          const hit = !q || c.textContent.toLowerCase().includes(q);
          c.hidden = !hit;
          any ||= hit;
        }
        g.hidden = !any;
      }
    });
    this.controls.push({
      show: (found) => {
        const card = [...this.gives.values].filter(([e]) => entries.includes(e))
          .map(([e, v]) => `${v === true ? e.name : itemText(e, v)} (card)`);
        const given = [...card, ...found.filter((r) => r.entry.control === "keyword").map((r) => r.item)];
        summary.textContent = given.length ? `: ${given.join(", ")}` : " (none given)";
      },
    });
    return el("details", { class: "keywords" },
      el("summary", {}, `Keywords (${entries.length})`, summary),
      el("div", { class: "find" }, el("label", { for: filterId, class: "sr-only", text: "Find a keyword" }), filter),
      groups);
  }

  /** Puts `card` in the SPEC as its unit (with no upgrades or weapons yet), or takes it out. */
  pick(card) {
    const unitItems = (i) => isUnit(i) || isUpgrade(i) || isWeapon(i);
    this.text.replace(unitItems, card ? [cardItem("@", card.specName)] : [], "front");
  }

  /** Shows the SPEC field's items in every control. */
  refresh() {
    if (!this.built) return;
    const items = this.text.items();
    this.gives = cardGives(this.game, this.role, items, pays(this.field.form, this.role));
    const found = this.text.recognised();
    for (const c of this.controls) c.show(found);
    for (const aware of this.cardAware) aware(items.some(isUnit));
    if (!this.picker) return;
    const { item, card } = namedCard(this.game, items);
    this.picker.show(card, item && cardName(item), card ? this.facts(card) : item ? "Not a built-in card: the engine will look it up." : "");
    if (this.loadout) this.loadout.show(card, items);
  }

  facts(card) {
    if (this.game === "swtcg") return `${card.detail}: ${card.facts}`;
    const c = card.card;
    const s = c.stats || {};
    const parts = [
      s.minis && `${s.minis} ${s.minis === 1 ? "mini" : "minis"}`,
      s.wounds && `${s.wounds} ${s.wounds === 1 ? "wound" : "wounds"} each`,
      s.defense && `${s.defense} defense`,
      s.attack_surge && s.attack_surge !== "none" && `attack surge: ${s.attack_surge}`,
      s.defense_surge && s.defense_surge !== "none" && `defense surge: ${s.defense_surge}`,
      s.courage !== undefined && s.courage !== null && `courage ${s.courage}`,
      c.cost !== null && `${c.cost} points`,
    ].filter(Boolean);
    const keywords = c.keywords.length ? `; ${c.keywords.join(", ")}` : "";
    return `${parts.join(" · ")}${keywords}`;
  }
}
