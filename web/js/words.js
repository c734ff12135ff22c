// The engine's notes and errors are the command line's: they name options as `--pay all`. On the
// page each such option becomes the words of the form control that sets its key, so players are
// told what to tick or choose; a flag the form has no control for stays as it is.

import { $$ } from "./dom.js";

/** A control's visible words: its label's text, quoted. */
function labelled(control) {
  const label = control.labels && control.labels[0];
  const text = (label ? label.textContent : control.getAttribute("aria-label") || "").replace(/\s+/g, " ").trim();
  return text && `“${text}”`;
}

/** The words for `--key value` in `form`, {words, value} (whether they stand for the value
 * too): ticking the checkboxes that stand for that value (`data-key`, `data-values`), ticking a
 * checkbox key (which takes no value), choosing a select's option or giving a value in a field;
 * null when no control of the form sets the key. */
function controlWords(form, key, value) {
  const ticks = $$(`input[data-key="${CSS.escape(key)}"]`, form)
    .filter((t) => value !== undefined && t.dataset.values.split(" ").includes(value));
  if (ticks.length) return { words: `ticking ${ticks.map(labelled).join(" and ")}`, value: true };
  const field = form.elements.namedItem(key);
  const name = field && field.tagName && labelled(field);
  if (!name) return null;
  if (field.type === "checkbox") return { words: `ticking ${name}`, value: false };
  if (field.tagName === "SELECT") {
    const option = Array.from(field.options).find((o) => o.value === value);
    return option && { words: `choosing “${option.textContent.trim()}” in ${name}`, value: true };
  }
  return { words: value === undefined ? `setting ${name}` : `giving ${value} in ${name}`, value: true };
}

/** `text` with each `--key [value]` a control of `form` sets in that control's words (a command
 * name just before it, as "swtcg attack --enhance", goes too). */
export function inPlayersWords(text, form) {
  if (!form) return text;
  const flag = /(?:\b(?:holodice\s+)?(?:swtcg|legion)\s+[a-z-]+\s+)?--([a-z][a-z0-9-]*)(?:([ =])([A-Za-z0-9:._-]+))?/g;
  return text.replace(flag, (whole, key, gap, value) => {
    const found = controlWords(form, key, value);
    if (!found) return whole;
    // A checkbox key takes no value: the word after it is the note's own.
    return found.value || value === undefined ? found.words : `${found.words}${gap}${value}`;
  });
}
