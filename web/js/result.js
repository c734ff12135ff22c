// One answer on the page: its headline numbers, what its SPECs became, the chart with the table
// as its text alternative, and every other value the engine reported.

import { catalog } from "./catalog.js";
import { $, el, humanize } from "./dom.js";
import { atLeast, isDist, isFraction, mean, percent, rows } from "./numbers.js";

/** The distribution a game's result is about. */
export const MAIN = { swtcg: "damage", legion: "wounds" };
export const WHAT = { swtcg: "damage counters on the defender", legion: "wounds on the defender" };

/** The headline numbers of an answer: [label, value] pairs, the first one the headline. */
function headlines(game, answer) {
  const d = answer[MAIN[game]];
  const out = [];
  if (game === "swtcg" && isFraction(answer.destroyed)) out.push(["Chance to destroy", percent(answer.destroyed)]);
  if (game === "legion" && isFraction(answer.wiped)) out.push(["Chance to wipe the unit", percent(answer.wiped)]);
  out.push([game === "swtcg" ? "Mean damage" : "Mean wounds", mean(d.mean)]);
  out.push([game === "swtcg" ? "At least 1 damage" : "At least 1 wound", percent(atLeast(d, 1))]);
  return out;
}

/** The query in words: "ATTACKER against DEFENDER". */
export function inWords(query) {
  const parts = [query.attacker || "(no attacker)"];
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

/** The distribution as a table: k, P(= k), P(≥ k), with exact fractions when asked. */
export function distTable(table, game, answer, exact) {
  const d = answer[MAIN[game]];
  const head = el("tr", {}, el("th", { scope: "col", text: "k" }), el("th", { scope: "col", text: "P(=k)" }), el("th", { scope: "col", text: "P(≥k)" }));
  const cell = (p) => el("td", {}, percent(p), exact ? el("span", { class: "fraction", text: ` ${p}` }) : "");
  const body = rows(d).map(([k, p, ge]) => el("tr", {}, el("td", { text: k }), cell(p), cell(ge)));
  const caption = el("caption", { text: `${humanize(WHAT[game])} (mean ${mean(d.mean)}${exact ? `, exactly ${d.mean}` : ""})` });
  table.replaceChildren(caption, el("thead", {}, head), el("tbody", {}, body));
}

/** Every other value of the answer: chances, other distributions, groups, the rules used. */
export function details(game, answer) {
  const dl = el("dl");
  const add = (k, v) => dl.append(el("dt", { text: k }), el("dd", {}, v));
  // The headline's numbers and what the resolved pool shows are not repeated.
  const skip = new Set([MAIN[game], "schema", "notes", "rules", "destroyed", "resolved", "attacker", "defender", "guardian", "secondary", "interceptor", "dice"]);
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
