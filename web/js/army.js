// The army view: a pasted list (a Legion HQ 2 link or a JSON list) against defenders or another
// list (the engine's `legion army`): the list as read, then a table sortable by any column whose
// every cell opens its single attack in the Legion view.

import { $, el } from "./dom.js";
import { mean, percent, ratio } from "./numbers.js";

/** What a cell shows of a band's shot, per statistic. */
const STATS = {
  mean: { label: "mean wounds", of: (s) => s.mean_wounds, text: mean },
  atleast1: { label: "chance of at least one wound", of: (s) => s.at_least_one, text: percent },
  wiped: { label: "chance to wipe", of: (s) => s.wiped, text: percent },
  per100: { label: "mean wounds per 100 points", of: (s) => s.mean_wounds_per_100_points, text: mean },
};

let shown = null;

/** Shows the engine's army answer; `link(attacker, defender)` is a single attack's URL. */
export function showArmy(answer, stat, link) {
  shown = { answer, stat: STATS[stat] || STATS.mean, link, key: null, descending: true };
  const against = answer.against
    ? [el("p", { class: "aside", text: `Defenders: ${answer.against.map((d) => (d.name === d.spec ? d.name : `${d.name} (${d.spec})`)).join(", ")}` })]
    : listSummary(answer.vs_list, "The other list");
  $("#army-list").replaceChildren(...listSummary(answer.list, "Your list"), ...against);
  draw();
  $("#army-result").hidden = false;
}

/** A list as read: its title, points, units with their upgrades, command cards and notes. */
function listSummary(list, heading) {
  const points = list.max_points ? `${list.points} / ${list.max_points} points` : `${list.points} points`;
  const head = el("h3", { text: `${heading}: ${list.title || list.faction || "army"} (${points})` });
  const units = el("ul", {}, list.units.map((u) => {
    const extras = [...u.upgrades, ...(u.counterpart ? [u.counterpart] : [])];
    const count = u.count > 1 ? `${u.count}× ` : "";
    return el("li", { text: `${count}${u.name} (${u.points})${extras.length ? `: ${extras.join(", ")}` : ""}` });
  }));
  const parts = [head, units];
  if (list.commands.length) {
    parts.push(el("p", { class: "aside", text: `Command cards: ${list.commands.map((c) => c.name).join(", ")}` }));
  }
  for (const n of list.notes) parts.push(el("p", { class: "note", text: n }));
  return parts;
}

/** The columns: a row per pairing; a matrix's columns are the other list's units. */
function columns(answer) {
  const bands = answer.pairings.length ? answer.pairings[0].bands.map((b) => b.band) : [];
  const unit = [
    { label: "Unit", text: (r) => r.attacker, sort: (r) => r.attacker.toLowerCase() },
    { label: "Points", text: (r) => (r.attacker_points ?? "—").toString(), sort: (r) => r.attacker_points ?? -1 },
  ];
  if (answer.vs_list) {
    const defenders = [...new Set(answer.pairings.map((p) => p.defender))];
    return unit.concat(defenders.map((d) => ({ label: d, cell: (r) => best(r.cells[d]) })));
  }
  return unit.concat(
    [{ label: "Defender", text: (r) => r.defender, sort: (r) => r.defender.toLowerCase() }],
    bands.map((b, i) => ({ label: b, cell: (r) => r.bands[i] })),
    answer.range === "best" ? [{ label: "Best", text: (r) => r.best || "—", sort: (r) => r.best || "" }] : [],
  );
}

/** A matrix cell's shot: the one band asked, or the best. */
function best(pairing) {
  if (!pairing) return null;
  const ok = pairing.bands.filter((b) => !b.refused);
  if (pairing.bands.length === 1) return ok[0] || pairing.bands[0];
  return ok.find((b) => b.band === pairing.best) || pairing.bands[0];
}

/** The rows: the pairings, or for a matrix one row per attacking unit. */
function rows(answer) {
  if (!answer.vs_list) return answer.pairings;
  const byUnit = new Map();
  for (const p of answer.pairings) {
    if (!byUnit.has(p.attacker)) byUnit.set(p.attacker, { attacker: p.attacker, attacker_points: p.attacker_points, cells: {} });
    byUnit.get(p.attacker).cells[p.defender] = p;
  }
  return [...byUnit.values()];
}

function value(shot) {
  const x = shot && !shot.refused ? shown.stat.of(shot) : null;
  return x === null || x === undefined ? -1 : ratio(x);
}

function sortBy(i) {
  shown.descending = shown.key === i ? !shown.descending : i > 1;
  shown.key = i;
  draw();
}

function draw() {
  const { answer, key, descending } = shown;
  const cols = columns(answer);
  const list = rows(answer).slice();
  if (key !== null) {
    const c = cols[key];
    const v = c.cell ? (r) => value(c.cell(r)) : c.sort;
    list.sort((a, b) => {
      const [x, y] = [v(a), v(b)];
      const order = x < y ? -1 : x > y ? 1 : 0;
      return descending ? -order : order;
    });
  }
  const head = el("tr", {}, cols.map((c, i) => {
    const sort = i === key ? (descending ? "descending" : "ascending") : "none";
    const button = el("button", { type: "button", class: "sort", text: c.label });
    button.addEventListener("click", () => sortBy(i));
    return el("th", { scope: "col", "aria-sort": sort }, button);
  }));
  const body = list.map((r) => el("tr", {}, cols.map((c, i) => {
    if (!c.cell) return el(i ? "td" : "th", i ? { text: c.text(r) } : { scope: "row", text: c.text(r) });
    const shot = c.cell(r);
    if (!shot || shot.refused) return el("td", { text: "—", title: shot ? shot.refused : null });
    const x = shown.stat.of(shot);
    const text = x === null || x === undefined ? "n/a" : shown.stat.text(x);
    return el("td", {}, el("a", { href: shown.link(shot.attacker, shot.defender), text, title: `${shot.attacker} → ${shot.defender} (${shot.band})` }));
  })));
  $("#army-table").replaceChildren(el("thead", {}, head), el("tbody", {}, body));
  $("#army-caption").textContent = `Cells: ${shown.stat.label}${answer.range === "best" ? ", at each cell's best range band" : ` at ${answer.range}`}. Each opens its attack.`;
}
