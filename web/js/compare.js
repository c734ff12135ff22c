// Pinned results, compared: up to six results kept beside the one shown, all in the page's URL,
// in one table (mean, the chance of at least one, the chance to destroy or wipe, a sequence's
// suppression and attacks to wipe, points and points efficiency, P(≥ k)), each value with its
// difference from the result shown, exactly, under it; and on one chart.

import { sampleSvg } from "./chart.js";
import { el, humanize } from "./dom.js";
import { atLeast, difference, fixed, isFraction, mean, meanDifference, percent, pointsDifference, ratio, rows, scaled } from "./numbers.js";
import { destroyed, inWords, main, phrase } from "./result.js";

export const MAX_PINS = 6;

/** The points of a Legion result's attacker, when its SPEC named cards. */
export function points(entry) {
  const r = entry.answer.resolved;
  return r && r.attacker && Number.isInteger(r.attacker.points) && r.attacker.points > 0 ? r.attacker.points : null;
}

/** A whole number's difference, signed. */
const countDifference = (d) => (ratio(d) === 0 ? "±0" : `${ratio(d) < 0 ? "−" : "+"}${Math.abs(ratio(d))}`);

/** A chance per 100 points (a fraction, the chance times 100 over the points) in percentage
 * points: it can pass 100, so it is no percentage. */
const perHundred = (v) => `${fixed(ratio(v) * 100, 2)} pp`;

/** The rows of the comparison: [label, value of an entry (a fraction, or null when it has none),
 * how a value reads, how a difference reads, what stands for none, what the label means]. */
function measures(entries) {
  const dist = (e) => e.answer[main(e.game)];
  const swtcg = entries[0].game === "swtcg";
  const [one, many] = swtcg ? ["damage", "damage"] : ["wound", "wounds"];
  const game = entries[0].game;
  const chance = [destroyed(game), humanize(phrase(game, destroyed(game)))];
  const fraction = (v) => (isFraction(v) ? v : null);
  const out = [
    [`Mean ${many}`, (e) => dist(e).mean, mean, meanDifference],
    [`At least 1 ${one}`, (e) => atLeast(dist(e), 1), percent, pointsDifference],
    [chance[1], (e) => fraction(e.answer[chance[0]]), percent, pointsDifference, "n/a"],
    // A Legion sequence's headline numbers; an attack has none of them.
    ["Suppressed", (e) => fraction(e.answer.suppressed), percent, pointsDifference, "—"],
    ["Panicked", (e) => fraction(e.answer.panicked), percent, pointsDifference, "—"],
    ["Mean attacks to wipe", (e) => fraction(e.answer.mean_attacks_to_wipe), mean, meanDifference, "—"],
    ["Chance it outlasts the cap", (e) => fraction(e.answer.attacks_to_wipe && e.answer.attacks_to_wipe.survives), percent, pointsDifference, "—"],
  ];
  if (entries.some(points)) {
    const per = (f) => (e) => (points(e) ? f(e, points(e)) : null);
    out.push(
      ["Points", per((e, p) => String(p)), String, countDifference, "n/a"],
      [`Mean ${many} per 100 points`, per((e, p) => scaled(dist(e).mean, 100, p)), mean, meanDifference, "n/a"],
      [`At least 1 ${one}: chance per 100 points`, per((e, p) => scaled(atLeast(dist(e), 1), 100, p)), perHundred, pointsDifference, "n/a",
        `The chance of at least 1 ${one}, in percentage points (pp), for every 100 points the unit costs: a measure of value for points, not a chance (it can pass 100).`],
    );
  }
  const ks = [...new Set(entries.flatMap((e) => rows(dist(e)).map((r) => r[0])))].sort((a, b) => a - b);
  for (const k of ks.filter((k) => k > 1)) {
    out.push([`At least ${k} ${many}`, (e) => atLeast(dist(e), k), percent, pointsDifference]);
  }
  return out;
}

/** The comparison table of `entries` ([{name, look, game, query, answer, now, index, remove,
 * rename}]): the entry marked `now` is the result shown, which every other is measured against. */
export function compareTable(table, entries) {
  const head = el("tr", {}, el("th", { scope: "col", text: "" }), entries.map((e) => header(table, e)));
  const now = entries.find((e) => e.now);
  const lines = [line("Defender", entries.map((e) => el("td", { text: e.query.defender || "—" })))];
  for (const [label, value, shown, differs, none = "—", meaning] of measures(entries)) {
    if (!entries.some((e) => value(e) !== null)) continue;
    const cells = entries.map((e) => {
      const v = value(e);
      if (v === null) return el("td", { text: none });
      const base = now && !e.now ? value(now) : null;
      return el("td", {}, el("span", { class: "value", text: shown(v) }),
        base === null ? "" : el("span", { class: "delta" }, el("span", { class: "sr-only", text: "against Now: " }), differs(difference(v, base))));
    });
    lines.push(line(label, cells, meaning));
  }
  table.replaceChildren(el("thead", {}, head), el("tbody", {}, lines));
}

/** A row labelled `label` (explained by `meaning`, when given) of `cells`. */
function line(label, cells, meaning) {
  return el("tr", {}, el("th", { scope: "row", text: label, title: meaning }), cells);
}

/** A column's header: its series' sample, its name (the query in words as its title), and for a
 * pin the buttons to rename and unpin it (a pin has both, the result shown neither). */
function header(table, e) {
  const th = el("th", { scope: "col", title: inWords(e.query), "data-pin": e.index ?? null },
    el("span", { class: "pin-head" }, sampleSvg(e.look), el("span", { class: "pin-name", text: e.now ? `Now: ${e.name}` : e.name })));
  if (!e.rename) return th;
  const rename = el("button", { type: "button", class: "rename", "aria-label": `Rename ${e.name}`, title: "Rename", text: "✎" });
  rename.addEventListener("click", () => editName(table, th, e));
  const unpin = el("button", { type: "button", class: "unpin", "aria-label": `Unpin ${e.name}`, title: "Unpin", text: "×" });
  unpin.addEventListener("click", e.remove);
  th.append(el("span", { class: "pin-tools" }, rename, unpin));
  return th;
}

/** Turns a pin's header into a field for its name: Enter or leaving it keeps the name (empty
 * gives the default back), Escape leaves it as it was; the rename button has the focus after. */
function editName(table, th, e) {
  const before = [...th.childNodes];
  const input = el("input", { type: "text", class: "rename-field", value: e.name, "aria-label": `New name for ${e.name}`, maxlength: 80 });
  let done = false;
  const finish = (keep) => {
    if (done) return;
    done = true;
    if (keep) e.rename(input.value);
    else th.replaceChildren(...before);
    const button = table.querySelector(`th[data-pin="${e.index}"] .rename`);
    if (button) button.focus();
  };
  input.addEventListener("keydown", (k) => {
    if (k.key === "Enter" || k.key === "Escape") {
      k.preventDefault();
      finish(k.key === "Enter");
    }
  });
  input.addEventListener("blur", () => finish(true));
  th.replaceChildren(sampleSvg(e.look), input);
  input.focus();
  input.select();
}
