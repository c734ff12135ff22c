// Pinned results, compared: up to six results kept beside the one shown, all in the page's URL,
// in one table (mean, the chance of at least one, the chance to destroy or wipe, a sequence's
// suppression and attacks to wipe, points and points efficiency, P(≥ k)) and on one chart.

import { el, swatch } from "./dom.js";
import { atLeast, fixed, isFraction, mean, percent, ratio, rows, scaled } from "./numbers.js";
import { MAIN, attackersInWords, inWords } from "./result.js";

export const MAX_PINS = 6;
export const LETTERS = "ABCDEF";

/** The points of a Legion result's attacker, when its SPEC named cards. */
export function points(entry) {
  const r = entry.answer.resolved;
  return r && r.attacker && Number.isInteger(r.attacker.points) && r.attacker.points > 0 ? r.attacker.points : null;
}

/** The comparison table of `entries` ([{label, game, query, answer, remove}]). */
export function compareTable(table, entries) {
  const dist = (e) => e.answer[MAIN[e.game]];
  const head = el("tr", {}, el("th", { scope: "col", text: "" }), entries.map((e) => el("th", { scope: "col", title: inWords(e.query) },
    swatch(e.colour, e.label !== "Now"), `${e.label}: `, el("span", { class: "query", text: short(attackersInWords(e.query) || "") }),
    e.remove ? el("button", { type: "button", class: "unpin", "aria-label": `Unpin ${e.label}`, text: "×" }) : "")));
  for (const [i, e] of entries.entries()) {
    const button = head.children[i + 1].querySelector("button");
    if (button) button.addEventListener("click", e.remove);
  }
  const line = (label, values) => el("tr", {}, el("th", { scope: "row", text: label }), values.map((v) => el("td", { text: v })));
  const lines = [];
  lines.push(line("Defender", entries.map((e) => short(e.query.defender || "—"))));
  const noun = entries[0].game === "swtcg" ? "damage" : "wounds";
  lines.push(line(`Mean ${noun}`, entries.map((e) => mean(dist(e).mean))));
  lines.push(line("P(≥ 1)", entries.map((e) => percent(atLeast(dist(e), 1)))));
  const chance = entries[0].game === "swtcg" ? ["destroyed", "Chance to destroy"] : ["wiped", "Chance to wipe"];
  if (entries.some((e) => isFraction(e.answer[chance[0]]))) {
    lines.push(line(chance[1], entries.map((e) => (isFraction(e.answer[chance[0]]) ? percent(e.answer[chance[0]]) : "n/a"))));
  }
  // A Legion sequence's headline numbers; an attack has none of them.
  const sequence = [
    ["Suppressed", (a) => a.suppressed, percent],
    ["Panicked", (a) => a.panicked, percent],
    ["Mean attacks to wipe", (a) => a.mean_attacks_to_wipe, mean],
    ["Chance it outlasts the cap", (a) => a.attacks_to_wipe && a.attacks_to_wipe.survives, percent],
  ];
  for (const [label, value, shown] of sequence) {
    if (entries.some((e) => isFraction(value(e.answer)))) {
      lines.push(line(label, entries.map((e) => (isFraction(value(e.answer)) ? shown(value(e.answer)) : "—"))));
    }
  }
  if (entries.some((e) => points(e))) {
    const per = (e, f) => (points(e) ? f(points(e)) : "n/a");
    lines.push(line("Points", entries.map((e) => per(e, (p) => String(p)))));
    lines.push(line(`Mean ${noun} per 100 points`, entries.map((e) => per(e, (p) => mean(scaled(dist(e).mean, 100, p))))));
    lines.push(line("P(≥ 1) per 100 points", entries.map((e) => per(e, (p) => fixed(ratio(scaled(atLeast(dist(e), 1), 100, p)), 3)))));
  }
  const ks = [...new Set(entries.flatMap((e) => rows(dist(e)).map((r) => r[0])))].sort((a, b) => a - b);
  for (const k of ks.filter((k) => k > 1)) {
    lines.push(line(`P(≥ ${k})`, entries.map((e) => percent(atLeast(dist(e), k)))));
  }
  table.replaceChildren(el("thead", {}, head), el("tbody", {}, lines));
}

/** A SPEC cut to a column header's width; the whole query is the header's title. */
function short(text) {
  return text.length > 48 ? `${text.slice(0, 46)}…` : text;
}
