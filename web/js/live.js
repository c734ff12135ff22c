// Live answers: a change to a form's fields or controls asks again, a moment later. The engine's
// own estimate of the query comes first (`estimate/<endpoint>`, nothing computed): light enough,
// the query runs; too heavy, it waits for Compute, with a line beside the button saying why. A
// newer query cancels the one running (the fetch, or the worker's computation) and an answer to
// an older query is never shown.

import { $, el } from "./dom.js";
import { engine, request } from "./engine.js";

/** How long after the last keystroke in a field its form asks: typing goes on a while. */
const TYPED_MS = 300;
/** How long after a control (a stepper, a toggle, a choice, a select) its form asks. */
const CONTROL_MS = 100;

/** Units of estimated work a second natively (`command::cost` counts about 0.2 µs a unit). */
const NATIVE_WORK_PER_SECOND = 5_000_000;

/** What the stale mark of an answer says: while the form's query computes, after it failed, and
 * while a heavy one waits for Compute. */
export const STALE = {
  updating: "Updating…",
  error: "Stale: the answer to an earlier query; the form's query gave the error above.",
  heavy: "Stale: the answer to an earlier query; the form's query waits for Compute.",
};

/** The newest query's controller: whichever form asked it, it is the only one answered. */
let newest = null;

/** A new query's ticket (its `control` cancels it): the query running is cancelled, and
 * `current()` says whether this one is still the newest, the one to show. */
export function ticket() {
  if (newest) newest.abort();
  const control = new AbortController();
  newest = control;
  return { control, signal: control.signal, current: () => newest === control };
}

/** Each form's query last taken (live or by Compute), to ask nothing when nothing changed. */
const taken = new WeakMap();

const keyOf = ({ endpoint, query }) => JSON.stringify([endpoint, query]);

/** Records that `form`'s query `asked` is the one being answered, and drops its heavy line. */
export function take(form, asked) {
  taken.set(form, keyOf(asked));
  heavyLine(form, null);
}

/** Watches `form` for changes: a field typed into asks after a pause, a control sooner.
 * `hooks` are the page's: `asked()` the form's request, `run(ticket)` runs it and shows its
 * answer, `refused(reply, query)` shows the estimate's error, `stale(how)` marks the answer. */
export function watch(form, hooks) {
  let timer = 0;
  const later = (event) => {
    clearTimeout(timer);
    const typed = event.type !== "spec-change" && event.target.matches("textarea, input:not([type=checkbox], [type=radio], [type=number])");
    timer = setTimeout(() => changed(form, hooks), typed ? TYPED_MS : CONTROL_MS);
  };
  for (const type of ["input", "change", "spec-change"]) form.addEventListener(type, later);
}

/** Asks the estimate of the form's query if it changed, then runs it or leaves it waiting. */
async function changed(form, hooks) {
  if (form.closest("[role=tabpanel]").hidden) return;
  const asked = hooks.asked();
  if (taken.get(form) === keyOf(asked)) return;
  take(form, asked);
  const asking = ticket();
  hooks.stale("updating");
  const reply = await request(`estimate/${asked.endpoint}`, asked.query, asking.signal);
  if (!asking.current()) return;
  if (reply.error) {
    hooks.refused(reply, asked.query);
    return;
  }
  const { work, live, live_limit: limit } = reply.answer;
  if (live) {
    hooks.run(asking);
    return;
  }
  heavyLine(form, seconds(work, limit));
  hooks.stale("heavy");
}

/** About how long a query of `work` takes where it runs: natively on a server; in the page's
 * engine the live limit is about half a second's work. */
function seconds(work, limit) {
  return engine.local ? (work / limit) * 0.5 : work / NATIVE_WORK_PER_SECOND;
}

/** Shows beside the form's Compute button why its query waits (`s` seconds of work), or
 * nothing (null). */
function heavyLine(form, s) {
  const actions = $("button[type=submit]", form).parentElement;
  const line = $(".live-note", actions) || actions.appendChild(el("span", { class: "live-note", role: "status" }));
  line.hidden = s === null;
  if (s === null) return;
  const about = s < 10 ? String(Number(s.toPrecision(1))) : String(Math.round(s));
  line.textContent = `This query is heavy (about ${about} s here): press Compute.`;
}
