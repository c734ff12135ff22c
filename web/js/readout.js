// The chart's values where a player points, taps or steps with the arrow keys: a guide line at
// that k on the chart and, under it, k with P(= k) and P(≥ k) of every series there, as the
// command line prints them.

import { sampleSvg } from "./chart.js";
import { el, svg } from "./dom.js";
import { atLeast, percent } from "./numbers.js";

/** What the readout says before anything is pointed at. */
const READOUT_HINT = "Point at or tap the chart, or focus it and use the arrow keys, to read the values at each k.";

/** The values of `series` ([{dist, look, name}]) at column `i` of `chart`, in `readout`; `what`
 * says what k counts. */
function show(chart, series, readout, what, i) {
  const { k } = chart.columns[i];
  const values = (s) => `P(= ${k}) ${percent(s.dist.pmf[k] ?? "0")} · P(≥ ${k}) ${percent(atLeast(s.dist, k))}`;
  readout.replaceChildren(
    el("p", { class: "at", text: `${what}: ${k}` }),
    el("ul", {}, series.map((s) => el("li", { "data-k": k }, sampleSvg(s.look), el("span", { class: "series", text: `${s.name}: ` }), el("span", { class: "values", text: values(s) })))),
  );
}

/** Makes the chart's SVG `root` (drawn from `chart`) read its values out in `readout`: on hover
 * and tap the k nearest the pointer, by keyboard (it takes the focus) the arrow keys, Home and End. */
export function readValues(root, chart, series, readout, what) {
  readout.replaceChildren(el("p", { class: "hint", text: READOUT_HINT }));
  if (!chart.columns.length) return;
  const guide = svg("line", { class: "guide", y1: chart.plot.top, y2: chart.plot.bottom, stroke: "#1b1f24", "stroke-width": 1.5, visibility: "hidden" });
  root.append(guide);
  root.setAttribute("tabindex", "0");
  let at = null;
  const move = (i) => {
    at = Math.max(0, Math.min(chart.columns.length - 1, i));
    const { x } = chart.columns[at];
    for (const end of ["x1", "x2"]) guide.setAttribute(end, x);
    guide.setAttribute("visibility", "visible");
    show(chart, series, readout, what, at);
  };
  const nearest = (event) => {
    const box = root.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * chart.width;
    const gaps = chart.columns.map((c) => Math.abs(c.x - x));
    return gaps.indexOf(Math.min(...gaps));
  };
  root.addEventListener("pointermove", (e) => move(nearest(e)));
  root.addEventListener("pointerdown", (e) => move(nearest(e)));
  root.addEventListener("focus", () => move(at ?? 0));
  root.addEventListener("keydown", (e) => {
    const last = chart.columns.length - 1;
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    move(to);
  });
}
