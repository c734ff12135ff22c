// One answer on the page: its headline numbers, what its SPECs became, the chart with the table
// as its text alternative, a sequence's attacks, and every other value the engine reported.

import { catalog } from "./catalog.js";
import { $, el, humanize } from "./dom.js";
import { atLeast, isDist, isFraction, mean, percent, rows, sum } from "./numbers.js";

/** The key of the distribution a game's result is about: its vocabulary's `damage`. */
export const main = (game) => catalog[game].variables.damage;

/** The key of the chance to destroy (SWTCG) or wipe (Legion) the defender. */
export const destroyed = (game) => catalog[game].variables.destroyed;

/** A variable's phrase for people from the game's vocabulary: its `short` one, else its label
 * about the defender. */
export function phrase(game, key) {
  const v = catalog[game].variables.variables.find((x) => x.key === key);
  return v ? v.short || v.label.replace("{target}", "defender") : key;
}

/** What a distribution a chart may show counts. */
export function what(game, key) {
  return key === "attacks_to_wipe" ? "attacks needed to wipe the unit" : phrase(game, key);
}

/** What a result's chart shows: for a Legion sequence until wiped the attacks it needed, else
 * the game's distribution. */
export function charted(game, answer) {
  return answer.attacks_to_wipe ? "attacks_to_wipe" : main(game);
}

/** The distribution `key` of an answer, or null when it has none. The attacks needed to wipe
 * the unit come as the chance of each count and of outlasting the cap; as a distribution over
 * 1..cap, outlasting the cap counts as needing more than any of them. */
export function distribution(answer, key) {
  if (key !== "attacks_to_wipe") return answer[key] || null;
  const needed = answer.attacks_to_wipe;
  if (!needed) return null;
  const ks = Object.keys(needed).filter((k) => k !== "survives").map(Number).sort((a, b) => a - b);
  const pmf = Object.fromEntries(ks.map((k) => [k, needed[k]]));
  const at_least = Object.fromEntries(ks.map((k) => [k, sum([needed.survives, ...ks.filter((j) => j >= k).map((j) => needed[j])])]));
  return { pmf, at_least, mean: answer.mean_attacks_to_wipe ?? null };
}

/** The headline numbers of an answer: [label, value] pairs, the first one the headline. */
function headlines(game, answer) {
  const d = answer[main(game)];
  const out = [];
  if (answer.attacks_to_wipe) {
    if (isFraction(answer.mean_attacks_to_wipe)) out.push(["Mean attacks to wipe the unit", mean(answer.mean_attacks_to_wipe)]);
    out.push(["Chance it outlasts the cap", percent(answer.attacks_to_wipe.survives)]);
  }
  const chance = answer[destroyed(game)];
  if (isFraction(chance)) out.push([game === "swtcg" ? "Chance to destroy" : "Chance to wipe the unit", percent(chance)]);
  out.push([game === "swtcg" ? "Mean damage" : "Mean wounds", mean(d.mean)]);
  out.push([game === "swtcg" ? "At least 1 damage" : "At least 1 wound", percent(atLeast(d, 1))]);
  // A sequence's suppression: the tokens it leaves against the unit's courage.
  if (isFraction(answer.suppressed)) out.push(["Suppressed", percent(answer.suppressed)]);
  if (isFraction(answer.panicked)) out.push(["Panicked", percent(answer.panicked)]);
  return out;
}

/** The attackers of a query in words: its attacker, or a sequence's attacks in order. */
export function attackersInWords(query) {
  if (!query.attack) return query.attacker;
  const [first, ...more] = [query.attack].flat();
  const opening = query.charge ? `${first} (charging)` : first;
  if (query["until-wiped"]) {
    return `${opening}, again until the unit is wiped${query.attacks ? ` (at most ${query.attacks} attacks)` : ""}`;
  }
  return [opening, ...more].join("; then ");
}

/** The query in words: "ATTACKER against DEFENDER". */
export function inWords(query) {
  const parts = [attackersInWords(query) || "(no attacker)"];
  if (query.defender) parts.push(`against ${query.defender}`);
  if (query.guardian) parts.push(`guarded by ${query.guardian}`);
  return parts.join(" ");
}

/** What each unit's SPEC became: Legion's `resolved`, or SWTCG's units as the engine read them. */
export function resolvedPool(game, answer, query) {
  const box = el("div", { class: "resolved" });
  const units = game === "legion" ? legionUnits(answer, query) : swtcgUnits(answer, query);
  for (const [role, lines] of units) {
    box.append(el("section", { class: "unit-pool" }, el("h3", { text: role }), el("dl", {}, lines.flatMap(([k, v]) => [el("dt", { text: k }), el("dd", { text: v })]))));
  }
  return box;
}

function legionUnits(answer, query) {
  const resolved = answer.resolved || {};
  return ["attacker", "defender", "guardian"].filter((r) => query[r] || resolved[r]).map((role) => {
    const r = resolved[role];
    if (!r) return [humanize(role), [["SPEC", query[role]]]];
    const order = ["cards", "points", "weapons", "dice", "surge", "minis", "wounds", "defense", "courage", "keywords"];
    const keys = [...order.filter((k) => k in r), ...Object.keys(r).filter((k) => !order.includes(k))];
    // The command line's words for them.
    const words = { surge: role === "attacker" ? "Attack surge" : "Defense surge", wounds: "Wounds per mini", defense: "Defense die" };
    return [humanize(role), keys.map((k) => [words[k] || humanize(k), String(r[k])])];
  });
}

function swtcgUnits(answer, query) {
  return ["attacker", "defender", "secondary", "interceptor"].filter((r) => query[r]).map((role) => {
    const lines = [["SPEC", query[role]]];
    if (typeof answer[role] === "string" && answer[role] !== query[role]) lines.push(["Read as", answer[role]]);
    if (role === "attacker" && answer.dice !== undefined) lines.push(["Attack dice", String(answer.dice)]);
    return [humanize(role), lines];
  });
}

/** The distribution `key` as a table: k, P(= k), P(≥ k), with exact fractions when asked. */
export function distTable(table, game, answer, key, exact) {
  const d = distribution(answer, key);
  const head = el("tr", {}, el("th", { scope: "col", text: "k" }), el("th", { scope: "col", text: "P(=k)" }), el("th", { scope: "col", text: "P(≥k)" }));
  const cell = (p) => el("td", {}, percent(p), exact ? el("span", { class: "fraction", text: ` ${p}` }) : "");
  const body = rows(d).map(([k, p, ge]) => el("tr", {}, el("td", { text: k }), cell(p), cell(ge)));
  // The attacks needed have a mean only given a wipe, and none when no wipe is possible.
  const given = key === "attacks_to_wipe" ? " given a wipe" : "";
  const average = d.mean === null ? "" : ` (mean ${mean(d.mean)}${given}${exact ? `, exactly ${d.mean}` : ""})`;
  table.replaceChildren(el("caption", { text: `${humanize(what(game, key))}${average}` }), el("thead", {}, head), el("tbody", {}, body));
}

/** A sequence's attacks in order, each with its attacker, the wounds it deals the unit and the
 * chance it is the one that wipes it; hidden for a single attack. */
export function showAttacks(answer) {
  const attacks = answer.attacks || [];
  $("#attacks-box").hidden = !attacks.length;
  const head = el("tr", {}, ["Attack", "Attacker", "Mean wounds", "At least 1 wound", "Wipes the unit"].map((t) => el("th", { scope: "col", class: t === "Attacker" ? "spec" : null, text: t })));
  const body = attacks.map((a, i) => el("tr", {},
    el("td", { text: i + 1 }), el("td", { class: "spec", text: a.attacker }), el("td", { text: mean(a.wounds.mean) }),
    el("td", { text: percent(atLeast(a.wounds, 1)) }), el("td", { text: isFraction(a.wiped_by) ? percent(a.wiped_by) : "—" })));
  $("#attacks-table").replaceChildren(el("caption", { text: "Each attack, in order" }), el("thead", {}, head), el("tbody", {}, body));
}

/** Every other value of the answer: chances, other distributions, groups, the rules used. */
export function details(game, answer) {
  const dl = el("dl");
  const add = (k, v) => dl.append(el("dt", { text: k }), el("dd", {}, v));
  // The headline's numbers and what the resolved pool shows are not repeated.
  const skip = new Set([charted(game, answer), "schema", "notes", "rules", "destroyed", "resolved", "attacker", "defender", "guardian", "secondary", "interceptor", "dice",
    "attacks", "attacks_to_wipe", "mean_attacks_to_wipe", "suppressed", "panicked"]);
  for (const [key, v] of Object.entries(answer)) {
    if (skip.has(key) || v === "") continue;
    if (isDist(v)) add(humanize(key), describeDist(v));
    else if (isFraction(v)) add(humanize(key), percent(v));
    else if (v !== null && typeof v === "object") add(humanize(key), describeGroup(v));
    else add(humanize(key), String(v));
  }
  if (answer.rules) add("Rules", describeRules(answer.rules));
  return dl;
}

function describeDist(d) {
  if (d.min === d.max) return `always ${d.min}`;
  return `mean ${mean(d.mean)}, at least 1: ${percent(atLeast(d, 1))}`;
}

function describeGroup(g) {
  return Object.entries(g)
    .map(([k, v]) => {
      const name = label(k);
      if (isDist(v)) return `${name} ${describeDist(v)}`;
      if (isFraction(v)) return `${name} ${percent(v)}`;
      if (v !== null && typeof v === "object") return `${name} (${describeGroup(v)})`;
      return `${name}: ${v}`;
    })
    .join("; ");
}

/** A key as people read it: a keyword's own name ("critical_hit" is Critical Hit). */
function label(key) {
  const spaced = key.replace(/_/g, " ");
  const keyword = catalog.swtcg.items.find((k) => k.name.toLowerCase() === spaced);
  return keyword ? keyword.name : humanize(key);
}

function describeRules(rules) {
  const changed = Object.entries(rules).filter(([k, v]) => {
    const o = catalog.rules.find((r) => r.name === k);
    return !o || o.default !== v;
  });
  return changed.length ? changed.map(([k, v]) => `${k}=${v}`).join(", ") : "the defaults";
}

/** The headline and the line under it, as text. */
export function headlineText(game, answer) {
  const [first, ...rest] = headlines(game, answer);
  return { headline: `${first[0]}: ${first[1]}`, subline: rest.map(([k, v]) => `${k}: ${v}`).join(" · ") };
}

/** Fills the page's headline and the line under it. */
export function showHeadline(game, answer) {
  const { headline, subline } = headlineText(game, answer);
  $("#headline").textContent = headline;
  $("#subline").textContent = subline;
}
