// Small DOM helpers.

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));

/** An element with attributes (`text` sets its text) and children (nodes or text). */
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k === "text") e.textContent = v;
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

const SVG = "http://www.w3.org/2000/svg";
export function svg(tag, attrs = {}, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

/** "attacker_wounds" as "Attacker wounds". */
export function humanize(key) {
  const s = key.replace(/_/g, " ");
  return s[0].toUpperCase() + s.slice(1);
}

/** A page-wide unique id with `prefix`. */
let ids = 0;
export function uid(prefix) {
  ids += 1;
  return `${prefix}-${ids}`;
}

/** Shows `text` as copied, trying the clipboard first and the text area beside it otherwise. */
export async function copy(text, status, area) {
  let done = false;
  try {
    await navigator.clipboard.writeText(text);
    done = true;
  } catch (_) {
    done = false;
  }
  if (area) {
    area.hidden = false;
    area.value = text;
    if (!done) area.select();
  }
  status.textContent = done ? "Copied." : "Select the text below and copy it.";
}
