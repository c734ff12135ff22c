// The table view: a statistic over one or two ranges of a SPEC item, every cell exact.

import { $, el } from "./dom.js";
import { fixed, ratio } from "./numbers.js";

/** Shows the engine's table answer `t` as the command line prints its cells. */
export function showTable(t, query) {
  const exact = !!query.exact;
  const digits = Number(query.digits ?? 3);
  const head = el("tr", {}, el("th", { scope: "col", text: t.cols ? `${t.rows.label} \\ ${t.cols.label}` : t.rows.label }),
    (t.cols ? t.cols.values : [t.stat]).map((c) => el("th", { scope: "col", text: c })));
  const body = t.rows.values.map((r, i) => el("tr", {}, el("th", { scope: "row", text: r }),
    t.cells[i].map((v) => el("td", { text: cell(t, v, exact, digits) }))));
  $("#table-title").textContent = t.title;
  $("#table-caption").textContent = t.caption;
  $("#table-cells").replaceChildren(el("thead", {}, head), el("tbody", {}, body));
  $("#copy-text").hidden = true;
  $("#table-result .copied").textContent = "";
  $("#table-result").hidden = false;
}

/** A cell as the command line prints it: the fraction, or `digits` decimals; a chance is `0` or
 * `1` only when impossible or certain, `<0.001` or `>0.999` when it rounds to them. */
function cell(t, v, exact, digits) {
  if (exact || (t.stat === "mode" && !v.includes("/"))) return v;
  const shown = fixed(ratio(v), digits);
  if (t.stat === "mean" || t.stat === "mode") return shown;
  if (v === "0" || v === "1") return v;
  const unit = 10 ** -digits;
  if (Number(shown) === 0) return `<${fixed(unit, digits)}`;
  return Number(shown) === 1 ? `>${fixed(1 - unit, digits)}` : shown;
}
