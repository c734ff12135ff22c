// What the picked cards already give a unit, item by item, so that its controls show the unit as
// the engine will read it (the card's values with the typed items after them) and write only the
// difference. The rules are the engine's (crates/engine/src/legion/from_card.rs, fields.rs;
// swtcg/attack/units.rs): a later item replaces a statistic, adds to a numbered keyword, and a
// flag is on when either the card or the SPEC gives it.

import { catalog, namedCard, upgradeCards } from "./catalog.js";
import { split } from "./spec.js";

/** Legion keywords a card never sets: they state a condition of the board, which only the SPEC
 * says (from_card.rs's `condition`; Charge sets `melee`). */
const SPEC_ONLY = new Set(["Charge", "Weak Point", "Death From Above", "Complete the Mission", "Advanced Targeting"]);

/** A card keyword whose SPEC item has another name (from_card.rs's CARD_NAMES). */
const CARD_NAMES = { cover: "Cover keyword" };

/**
 * How an item typed after the card combines with the card's value: "replaces" (a statistic, a
 * token count, courage, minis, wounds), "adds" (a numbered keyword: Precise 1 and Precise 1 are
 * Precise 2), "larger" (Legion's Arsenal keeps the larger) or "flag" (on if either gives it).
 */
export function combines(game, entry) {
  if (!entry.takesValue) return "flag";
  if (game === "swtcg") return entry.control === "stat" ? "replaces" : "adds";
  if (entry.control !== "keyword" || entry.name === "courage") return "replaces";
  return entry.name === "Arsenal" ? "larger" : "adds";
}

/** What the cards of a SPEC's `items` give its `role`: {card, values, groups}, where `values`
 * maps a vocabulary entry to its value (a number, or true for a flag or a choice's member)
 * and `groups` names the choice groups the card decides. `card` is null when the SPEC names
 * no built-in card: then nothing is known. `paid` says whether the unit pays for its abilities
 * (SWTCG's `pay:` items). */
export function cardGives(game, role, items, paid = false) {
  const { card } = namedCard(game, items);
  const given = { card, values: new Map(), groups: new Set() };
  if (!card) return given;
  if (game === "swtcg") swtcgGives(given, role, card, paid);
  else legionGives(given, role, card, items);
  return given;
}

/** Adds `value` for `entry` as the engine combines two sources of it. */
function give(given, game, entry, value) {
  const before = given.values.get(entry);
  const how = combines(game, entry);
  const v = before === undefined || how === "replaces" || how === "flag" ? value
    : how === "adds" ? before + value : Math.max(before, value);
  given.values.set(entry, v);
}

/** A SWTCG card's items (its facts): unconditional ones, and `pay:` ones when paid. */
function swtcgGives(given, role, card, paid) {
  const vocabulary = catalog.swtcg.vocabulary;
  for (const fact of split(card.facts)) {
    const item = /^pay:/i.test(fact) ? (paid ? fact.replace(/^pay:\s*/i, "") : null) : fact;
    const r = item && vocabulary.recognise(item);
    if (r && r.entry.active && r.entry.roles.includes(role)) give(given, "swtcg", r.entry, r.value ?? true);
  }
}

/** A Legion unit card's statistics and keywords, and those of its upgrades in the SPEC. */
function legionGives(given, role, card, items) {
  const vocabulary = catalog.legion.vocabulary;
  const c = card.card;
  const upgrades = upgradeCards(items);
  const member = (name, group) => {
    given.groups.add(group);
    const r = name && vocabulary.recognise(name);
    if (r && r.entry.roles.includes(role)) given.values.set(r.entry, true);
  };
  const stat = (name, value) => {
    const r = vocabulary.recognise(`${name} ${value}`);
    if (r && r.entry.roles.includes(role)) given.values.set(r.entry, value);
  };
  const s = c.stats;
  const attacking = role === "attacker";
  if (s) {
    // Every mini attacks unless the SPEC says `minis N`; an upgrade with a mini adds one
    // (a counterpart's defends with the unit's wounds: it adds no mini there).
    const minis = s.minis + upgrades.filter((u) => addsMini(u.card, attacking)).length;
    if (s.minis > 0) stat("minis", minis);
    if (attacking) {
      member(s.attack_surge !== "none" && `surge ${s.attack_surge}`, "attack surge");
    } else {
      member(`${s.defense} defense`, "defense die");
      member(s.defense_surge === "block" && "surge block", "defense surge");
      member(["vehicle", "trooper"].find((t) => (c.subtype || "").includes(t)), "unit type");
      if (s.wounds > 0) stat("wounds", s.wounds);
      if (Number.isInteger(s.courage) && s.courage > 0) stat("courage", s.courage);
    }
  }
  const moved = items.some((i) => vocabulary.recognise(i)?.entry.name === "moved");
  for (const from of [c, ...upgrades.map((u) => u.card)]) {
    for (const r of ownKeywords(from)) {
      const { entry } = r;
      if (!entry.active || !entry.roles.includes(role) || entry.control !== "keyword" || SPEC_ONLY.has(entry.name)) continue;
      // A card's Ram applies only when the SPEC says the unit moved.
      if (entry.name === "Ram" && !moved) continue;
      give(given, "legion", entry, r.value ?? true);
    }
  }
}

/** Whether an upgrade card is one more mini of the unit (Card::adds_mini), for the role. */
function addsMini(u, attacking) {
  if (u.type === "counterpart") return attacking;
  return u.type === "upgrade" && ["heavy weapon", "personnel"].includes(u.subtype);
}

/** A card's keywords as the vocabulary reads them ({entry, value}), less those it only
 * restates from a weapon (a flag one of its weapons carries: applied with the weapon) and
 * those the page can't read exactly (a value of X). */
function ownKeywords(c) {
  const vocabulary = catalog.legion.vocabulary;
  const name = (k) => k.replace(/\s+\d+$/, "").trim().toLowerCase();
  const onWeapon = (k) => c.weapons.some((w) => w.keywords.some((wk) => name(wk) === name(k)));
  return c.keywords.flatMap((k) => {
    const renamed = k.replace(/^(\S+)(?=\s+\d|$)/, (w) => CARD_NAMES[w.toLowerCase()] || w);
    const numbered = /^(.+?)\s+(\d+)\b/.exec(renamed);
    const r = vocabulary.recognise(renamed) || (numbered && vocabulary.recognise(`${numbered[1]} ${numbered[2]}`));
    if (!r || (r.value === null && onWeapon(k))) return [];
    return [r];
  });
}
