// What a pinned result is called: by default the names of its units' cards as players say them
// ("Stormtroopers + DLT-19 Stormtrooper"), or a short form of its SPEC when it names no card; a
// player may rename it, and that name travels in the pin's link.

import { attackersInWords } from "./result.js";
import { cardName, isUnit, isUpgrade, split } from "./spec.js";

/** A card as a player names it: no `@`, no quotes, no Legion HQ id ("(ay)": lower case letters
 * and digits, where a title such as "(Jedi Knight)" is words). */
function spoken(item) {
  return cardName(item).replace(/\s*\([a-z0-9]{1,4}\)$/, "").trim();
}

/** A unit's cards in words: the unit, then its upgrades after `+`; null when none is named. */
function cardsInWords(spec) {
  const items = split(spec || "").filter((i) => isUnit(i) || isUpgrade(i));
  return items.length ? items.map(spoken).join(" + ") : null;
}

/** The attackers' SPECs of a query: its attacker, or a sequence's attacks in order (until
 * wiped, its first attack, which the others repeat). */
function attackerSpecs(query) {
  if (!query.attack) return [query.attacker || ""];
  const attacks = [query.attack].flat();
  return query["until-wiped"] ? attacks.slice(0, 1) : attacks;
}

/** The name a result goes by until renamed. A Legion attack names the cards its answer resolved;
 * a sequence names each attack's cards; a SWTCG attack (whose answer reads the attacker as stats)
 * the cards its SPEC names. */
export function defaultName(game, query, answer) {
  const resolved = game === "legion" && !query.attack && answer && answer.resolved && answer.resolved.attacker;
  const specs = resolved && resolved.cards ? [resolved.cards] : attackerSpecs(query);
  const named = specs.map(cardsInWords);
  if (!named.every(Boolean)) return shortSpec(attackersInWords(query) || "");
  const said = runs(named).join(", then ");
  return query["until-wiped"] ? `${said}, until wiped` : said;
}

/** Names in order, a repeat of the one before said once with its count ("Stormtroopers ×2"). */
function runs(names) {
  const out = [];
  for (const name of names) {
    const last = out[out.length - 1];
    if (last && last.name === name) last.times += 1;
    else out.push({ name, times: 1 });
  }
  return out.map((r) => (r.times > 1 ? `${r.name} ×${r.times}` : r.name));
}

/** A SPEC cut to a column header's width. */
function shortSpec(text) {
  return text.length > 40 ? `${text.slice(0, 38)}…` : text;
}

/** A result's name: the one given it, or its default. */
export function nameOf(entry) {
  return entry.name || defaultName(entry.game, entry.query, entry.answer);
}
