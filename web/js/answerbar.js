// The answer bar: while the attack answer's headline is out of the window (the form scrolled to,
// on a phone most of all), a compact bar above the tabs, stuck to the window's top, keeps the
// current answer in view: its headline with the main number, a sparkline of its chart and its
// stale mark. Tapping it scrolls to the full answer.

import { $, el, svg } from "./dom.js";
import { ratio, rows } from "./numbers.js";
import { charted, distribution, headlineText } from "./result.js";
import { STALE } from "./live.js";

const SPARK = { width: 72, height: 28 };

/** Makes the bar and follows the answer section: whether it is shown, its stale mark, and
 * whether its headline is in the window. */
export function answerBar() {
  const result = $("#result");
  const bar = el("button", { type: "button", id: "answer-bar", class: "answer-bar", hidden: true },
    el("span", { class: "bar-words" },
      el("span", { class: "sr-only", text: "The answer: " }), el("span", { class: "bar-label" }), el("strong", { class: "bar-value" }), el("span", { class: "bar-state" })),
    el("span", { class: "bar-spark", "aria-hidden": "true" }));
  $(".tabs").before(bar);
  bar.addEventListener("click", () => {
    result.scrollIntoView({ block: "start" });
    result.tabIndex = -1;
    result.focus({ preventScroll: true });
  });
  let inView = false;
  const update = () => {
    const how = !result.classList.contains("stale") ? null : result.classList.contains("updating") ? "updating" : "stale";
    bar.classList.toggle("stale", how !== null);
    $(".bar-state", bar).textContent = how === "updating" ? STALE.updating : how ? "Stale" : "";
    bar.hidden = result.hidden || !$(".bar-value", bar).textContent;
    bar.classList.toggle("in-view", inView);
  };
  new IntersectionObserver(([entry]) => {
    inView = entry.isIntersecting;
    update();
  }).observe($(".headline", result));
  new MutationObserver(update).observe(result, { attributes: true, attributeFilter: ["hidden", "class"] });
}

/** Puts `game`'s `answer` in the bar: its headline split as label and number, and its chart. */
export function showInBar(game, answer) {
  const bar = $("#answer-bar");
  // An answer shown before the page is built (a first visit's, from the site) waits for it.
  if (!bar) return;
  const { headline } = headlineText(game, answer);
  const at = headline.lastIndexOf(": ");
  $(".bar-label", bar).textContent = headline.slice(0, at + 1);
  $(".bar-value", bar).textContent = headline.slice(at + 2);
  $(".bar-spark", bar).replaceChildren(sparkline(distribution(answer, charted(game, answer))));
}

/** The chart's bars, P(= k) for each k, small and without words. */
function sparkline(dist) {
  const box = svg("svg", { viewBox: `0 0 ${SPARK.width} ${SPARK.height}`, width: SPARK.width, height: SPARK.height });
  if (!dist) return box;
  const ps = rows(dist).map(([, p]) => ratio(p));
  const top = Math.max(...ps) || 1;
  const w = SPARK.width / ps.length;
  ps.forEach((p, i) => {
    const h = Math.max(1, (p / top) * SPARK.height);
    box.append(svg("rect", { x: i * w, y: SPARK.height - h, width: Math.max(w - 1, 0.5), height: h }));
  });
  return box;
}
