// A Legion unit's loadout, as a list builder offers it: an upgrade for each slot of the card's
// upgrade bar (the upgrades the engine says fit the unit), and the weapons its minis may use.
// Both are SPEC items: `+@Upgrade` and `weapon NAME`.

import { catalog, upgradeCards } from "./catalog.js";
import { fetchJSON } from "./engine.js";
import { el, uid } from "./dom.js";
import { cardItem, cardName, isUnit, isUpgrade, isWeapon } from "./spec.js";

/** A weapon as the card gives it: "E-11 Blaster Rifle (1–3): 1 white; Impact 1". */
export function weaponText(w) {
  const range = w.max_range === 0 ? "melee" : `${w.min_range}–${w.max_range ?? "∞"}`;
  const dice = ["red", "black", "white"].filter((c) => w.dice[c]).map((c) => `${w.dice[c]} ${c}`).join(", ");
  const keywords = w.keywords.length ? `; ${w.keywords.join(", ")}` : "";
  return `${w.name} (${range}): ${dice || "no dice"}${keywords}`;
}

const fitting = new Map();

/** A unit's upgrade slots as the engine gives them: [{slot, count, added_by, upgrades, unchecked}]
 * with each upgrade as the catalog's card. */
async function slotsOf(card) {
  if (!fitting.has(card.id)) {
    const answer = await fetchJSON("legion/units", { "upgrades-for": card.id, format: "json" }).catch(() => null);
    const byId = new Map(catalog.legion.upgrades.map((u) => [u.id, u]));
    const slots = ((answer && answer.slots) || []).map((s) => ({
      ...s,
      upgrades: s.upgrades.map((u) => byId.get(u.id)).filter(Boolean),
    }));
    fitting.set(card.id, slots);
  }
  return fitting.get(card.id);
}

export class Loadout {
  constructor(composer) {
    this.composer = composer;
    this.upgrades = el("div", { class: "controls upgrades" });
    this.weapons = el("fieldset", { class: "control weapons" });
    this.node = el("div", { class: "loadout", hidden: true }, this.upgrades, this.weapons);
    this.card = null;
    this.selects = [];
  }

  /** Shows the loadout of the SPEC's card (none: hidden). */
  async show(card, items) {
    this.node.hidden = !card;
    if (!card) {
      this.card = null;
      return;
    }
    if (this.card !== card) {
      this.card = card;
      await this.buildSlots(card);
      if (this.card !== card) return;
    }
    this.showUpgrades(items);
    this.showWeapons(items);
  }

  /** A select per slot of the card's upgrade bar, and one per slot an upgrade adds (shown
   * while that upgrade is chosen). */
  async buildSlots(card) {
    const slots = await slotsOf(card.card);
    this.selects = slots.flatMap((s) => [
      ...Array.from({ length: s.count }, () => this.slot(s, null)),
      ...s.added_by.map((adder) => this.slot(s, adder)),
    ]);
    this.upgrades.replaceChildren(...this.selects.map((s) => s.node));
  }

  slot(s, adder) {
    const id = uid("slot");
    const unchecked = new Set(s.unchecked);
    const select = el("select", { id, "data-slot": s.slot },
      el("option", { value: "", text: "none" }),
      s.upgrades.map((u) => el("option", {
        value: u.specName,
        text: `${u.name}${u.card.cost ? ` (${u.card.cost} pts)` : ""}${unchecked.has(u.specName) || unchecked.has(u.card.name) ? " (requirement not checked)" : ""}`,
      })));
    select.addEventListener("change", () => this.writeUpgrades());
    const label = adder ? `${s.slot} (from ${adder})` : s.slot;
    return { select, adder, node: el("div", { class: "control slot" }, el("label", { for: id, text: label }), select) };
  }

  /** Each `+@` item in the SPEC in the first free slot that offers it; a slot an upgrade adds
   * is there while that upgrade is. */
  showUpgrades(items) {
    const wanted = items.filter(isUpgrade).map((i) => cardName(i).toLowerCase());
    for (const s of this.selects) {
      s.select.value = "";
      s.node.hidden = !!s.adder && !wanted.includes(s.adder.toLowerCase());
    }
    for (const name of wanted) {
      const option = (s) => Array.from(s.select.options).find((o) => o.value.toLowerCase() === name);
      const free = this.selects.find((s) => !s.node.hidden && !s.select.value && option(s));
      if (free) free.select.value = option(free).value;
    }
  }

  writeUpgrades() {
    const chosen = this.selects.filter((s) => !s.node.hidden).map((s) => s.select.value)
      .filter(Boolean).map((n) => cardItem("+@", n));
    const text = this.composer.text;
    const items = text.items().filter((i) => !isUpgrade(i));
    const at = items.findIndex(isUnit) + 1;
    items.splice(at, 0, ...chosen);
    text.write(items);
  }

  /** The weapons of the card and its chosen upgrades, checked as the SPEC's `weapon` items. */
  showWeapons(items) {
    const upgrades = upgradeCards(items);
    const weapons = [...this.card.card.weapons, ...upgrades.flatMap((u) => u.card.weapons)];
    const chosen = new Set(items.filter(isWeapon).map((i) => i.replace(/^weapon\s+/i, "").trim().toLowerCase()));
    const seen = new Set();
    const boxes = weapons.filter((w) => !seen.has(w.name) && seen.add(w.name)).map((w) => {
      const id = uid("weapon");
      const box = el("input", { id, type: "checkbox", value: w.name, checked: chosen.has(w.name.toLowerCase()) });
      box.addEventListener("change", () => this.writeWeapons());
      return el("div", { class: "control toggle weapon" }, box, el("label", { for: id, text: weaponText(w) }));
    });
    const legend = el("legend", { text: "Weapons" }, el("span", { class: "aside", text: " (none ticked: those that reach the range)" }));
    this.weapons.hidden = this.composer.role !== "attacker" || !boxes.length;
    this.weapons.replaceChildren(legend, ...boxes);
  }

  writeWeapons() {
    const ticked = Array.from(this.weapons.querySelectorAll("input:checked")).map((b) => `weapon ${b.value}`);
    this.composer.text.replace(isWeapon, ticked);
  }
}
