// holodice's page: forms that become API requests (api/v1/), the answers drawn as a headline,
// a chart and tables. Numbers are printed exactly as the command line prints them. On a static
// site (`cargo xtask site`) the engine runs in this browser, in a Web Worker; served by
// `holodice serve`, the page asks the server. Every URL is relative to where the page is.
"use strict";

const API = "api/v1/";

// ---------------------------------------------------------------------------------------------
// The engine: in a Web Worker where the site has it, the server's API otherwise

const engine = {
  worker: null,
  local: false,
  next: 0,
  waiting: new Map(),
  /** Whether this is the static site (its site.json), then the worker, ready. */
  async start() {
    let site = null;
    try {
      const r = await fetch("site.json", { cache: "no-cache" });
      if (r.ok) site = await r.json();
    } catch (_) {
      site = null;
    }
    if (!site) return null;
    this.local = await this.spawn();
    if (this.local && "serviceWorker" in navigator) {
      navigator.serviceWorker.register("sw.js").catch(() => {});
    }
    return site;
  },
  spawn() {
    return new Promise((resolve) => {
      const w = new Worker("worker.js", { type: "module" });
      w.onmessage = (e) => {
        const m = e.data;
        if (m.ready) return resolve(true);
        if (m.failed) return resolve(false);
        const done = this.waiting.get(m.id);
        this.waiting.delete(m.id);
        if (m.reply.broken) this.restart();
        if (done) done.resolve(done.timed ? m.ms : m.reply);
      };
      w.onerror = () => resolve(false);
      this.worker = w;
    });
  },
  restart() {
    if (this.worker) this.worker.terminate();
    for (const done of this.waiting.values()) done.reject(new Error("cancelled"));
    this.waiting.clear();
    this.spawn();
  },
  /** The reply to `path` (with a JSON body, or none for a listing): {status, type, body}. */
  async call(path, body, signal) {
    if (!this.local) {
      const init = body === undefined ? { signal } : {
        method: "POST", headers: { "Content-Type": "application/json" }, body, signal,
      };
      const r = await fetch(API + path, init);
      return { status: r.status, type: r.headers.get("Content-Type"), body: await r.text() };
    }
    return this.post({ path, body: body || "" }, false);
  },
  /** The engine's mean time in ms for a request run `repeat` times in the worker (benchmarks). */
  time(path, body, repeat) {
    return this.post({ path, body, repeat }, true);
  },
  post(message, timed) {
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, timed });
      this.worker.postMessage({ id, ...message });
    });
  },
};

/** Shows "Computing…" with a Cancel button once a query has run for 200 ms. */
function working(form) {
  const box = $(".working", form) || form.appendChild(el("p", { class: "working", role: "status" }));
  const control = new AbortController();
  const timer = setTimeout(() => {
    const cancel = el("button", { type: "button", class: "cancel", text: "Cancel" });
    cancel.addEventListener("click", () => {
      control.abort();
      if (engine.local) engine.restart();
    });
    box.replaceChildren("Computing… ", cancel);
    box.hidden = false;
  }, 200);
  return {
    signal: control.signal,
    done() {
      clearTimeout(timer);
      box.hidden = true;
      box.replaceChildren();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Numbers, as the command line prints them

/** A fraction string "n/d" (or "n") as the nearest double, as the engine rounds it. */
function ratio(text) {
  const [ns, ds = "1"] = String(text).split("/");
  let n = BigInt(ns);
  let d = BigInt(ds);
  if (n === 0n) return 0;
  const sign = (n < 0n) !== (d < 0n) ? -1 : 1;
  if (n < 0n) n = -n;
  if (d < 0n) d = -d;
  const exact = 2n ** 53n;
  if (n <= exact && d <= exact) return sign * (Number(n) / Number(d));
  // A quotient of 66 bits or so, its last bit set when anything is left over, rounds once.
  const shift = d.toString(2).length - n.toString(2).length + 66;
  const num = shift >= 0 ? n << BigInt(shift) : n;
  const den = shift >= 0 ? d : d << BigInt(-shift);
  let q = num / den;
  if (num % den !== 0n) q |= 1n;
  const half = Math.trunc(shift / 2);
  return sign * Number(q) * 2 ** -half * 2 ** -(shift - half);
}

/** `v` with `digits` decimals, ties to even on the exact value (Rust's `{:.N}`). */
function fixed(v, digits) {
  if (!Number.isFinite(v)) return String(v);
  let s = v.toFixed(digits);
  const scaled = Math.abs(v) * 2 ** (digits + 1);
  if (Number.isInteger(scaled) && scaled % 2 === 1) {
    // An exact tie: toFixed rounded away from zero; keep the even neighbour.
    const last = Number(s[s.length - 1]);
    if (last % 2 === 1) s = s.slice(0, -1) + String(last - 1);
  }
  return s;
}

/** A probability as the command line prints it: `41.67%`; `0%` and `100%` only when
 * impossible or certain, `<0.01%` and `>99.99%` for what would round to them. */
function percent(p) {
  if (p === "0") return "0%";
  if (p === "1") return "100%";
  const v = ratio(p) * 100;
  if (v < 0.005) return "<0.01%";
  return v >= 99.995 ? ">99.99%" : `${fixed(v, 2)}%`;
}

/** A mean as the command line prints it: three decimals. */
function mean(m) {
  return fixed(ratio(m), 3);
}

const isFraction = (v) => typeof v === "string" && /^-?\d+(\/\d+)?$/.test(v);
const isDist = (v) => v !== null && typeof v === "object" && "pmf" in v;

/** The outcomes of a distribution object in increasing order: [k, P(=k), P(≥k)]. */
function rows(dist) {
  return Object.keys(dist.pmf)
    .map(Number)
    .sort((a, b) => a - b)
    .map((k) => [k, dist.pmf[k], dist.at_least[k]]);
}

// ---------------------------------------------------------------------------------------------
// Small DOM helpers

const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k === "text") e.textContent = v;
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return e;
}

const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs = {}, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function humanize(key) {
  const s = key.replace(/_/g, " ");
  return s[0].toUpperCase() + s.slice(1);
}

/** Shows `text` as copied, trying the clipboard first and the text area beside it otherwise. */
async function copy(text, status, area) {
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

// ---------------------------------------------------------------------------------------------
// What the server knows: keywords, cards and rule options, for completion and controls

const known = { swtcg: [], legion: [], cards: [], rules: [] };

async function fetchJSON(path) {
  const r = await engine.call(path);
  if (r.status !== 200) throw new Error(`${path}: ${r.status}`);
  return JSON.parse(r.body);
}

async function loadLists() {
  const [swtcg, legion, cards, rules] = await Promise.all(
    ["swtcg/keywords", "legion/keywords", "swtcg/cards", "swtcg/rules"].map((p) =>
      fetchJSON(p).catch(() => [])
    )
  );
  known.swtcg = swtcg.flatMap((k) =>
    [k.name, ...k.aliases].map((name) => ({ name, takesValue: k.x !== "—", kind: k.step }))
  );
  known.legion = legion.flatMap((k) =>
    [k.name, ...k.aliases].map((name) => ({
      name,
      takesValue: k.n !== "—",
      kind: k.roles.join(", "),
      roles: k.roles,
    }))
  );
  known.cards = cards.map((c) => ({ name: `@${c.name}`, takesValue: false, kind: c.spec }));
  known.rules = rules;
  buildRules();
}

/** One select per rule option, the default first. */
function buildRules() {
  for (const set of $$("fieldset.rules")) {
    const row = el("div", { class: "row" });
    for (const o of known.rules) {
      const id = `rule-${o.name}`;
      const select = el(
        "select",
        { id, name: `rule:${o.name}`, "data-default": o.default, title: o.summary },
        o.values.map((v) => el("option", { value: v, text: v === o.default ? `${v} (default)` : v }))
      );
      row.append(el("div", { class: "field" }, el("label", { for: id, text: o.name }), select));
    }
    set.append(row);
  }
}

// ---------------------------------------------------------------------------------------------
// Completion of keyword and card names in SPEC fields

function candidates(input) {
  const game = input.dataset.spec === "table" ? $("#table-game").value : input.dataset.spec;
  if (game === "swtcg") return [...known.swtcg, ...known.cards];
  const role = input.dataset.role;
  return known.legion.filter((k) => !role || k.roles.includes(role));
}

/** The item being typed: the text after the last comma, less a leading count ("4 re"). */
function currentItem(input) {
  const text = input.value.slice(0, input.selectionStart ?? input.value.length);
  const start = text.lastIndexOf(",") + 1;
  const raw = text.slice(start);
  const lead = raw.match(/^\s*(\d+\s+)?/)[0];
  return { start: start + lead.length, word: raw.slice(lead.length), end: text.length };
}

/** A list of completions under a SPEC field, driven by mouse or keyboard (a combobox). */
class Completion {
  constructor(input) {
    this.input = input;
    this.list = el("ul", { class: "suggestions", role: "listbox", id: `${input.id}-list`, hidden: true });
    this.shown = [];
    this.active = -1;
    input.after(this.list);
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("aria-controls", this.list.id);
    input.addEventListener("input", () => this.update());
    input.addEventListener("blur", () => this.close());
    input.addEventListener("keydown", (e) => this.key(e));
  }

  close() {
    this.list.hidden = true;
    this.input.setAttribute("aria-expanded", "false");
    this.input.removeAttribute("aria-activedescendant");
    this.active = -1;
  }

  highlight(i) {
    this.active = i;
    $$("li", this.list).forEach((li, j) => li.setAttribute("aria-selected", String(j === i)));
    const li = this.list.children[i];
    if (li) {
      this.input.setAttribute("aria-activedescendant", li.id);
      li.scrollIntoView({ block: "nearest" });
    }
  }

  /** Replaces the item being typed with `choice`, leaving room for its value. */
  accept(choice) {
    const input = this.input;
    const { start, end } = currentItem(input);
    const before = input.value.slice(0, start).replace(/,\s*$/, ", ").replace(/^\s+/, "");
    const inserted = choice.name + (choice.takesValue ? " " : "");
    input.value = before + inserted + input.value.slice(end);
    const caret = (before + inserted).length;
    input.setSelectionRange(caret, caret);
    this.close();
  }

  update() {
    const w = currentItem(this.input).word.trim().toLowerCase();
    const seen = new Set();
    this.shown = w
      ? candidates(this.input)
          .filter((c) => c.name.toLowerCase().startsWith(w) && c.name.toLowerCase() !== w)
          .filter((c) => !seen.has(c.name) && seen.add(c.name))
          .slice(0, 12)
      : [];
    if (!this.shown.length) return this.close();
    this.list.replaceChildren(...this.shown.map((c, i) => this.option(c, i)));
    this.list.hidden = false;
    this.input.setAttribute("aria-expanded", "true");
    this.highlight(-1);
  }

  option(c, i) {
    const li = el("li", { role: "option", id: `${this.list.id}-${i}`, "aria-selected": "false" },
      c.name, el("span", { class: "kind", text: c.kind }));
    li.addEventListener("mousedown", (e) => {
      e.preventDefault();
      this.accept(c);
    });
    return li;
  }

  key(e) {
    if (this.list.hidden) return;
    const n = this.shown.length;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      this.highlight(e.key === "ArrowDown" ? (this.active + 1) % n : (this.active - 1 + n) % n);
    } else if ((e.key === "Enter" || e.key === "Tab") && this.active >= 0) {
      e.preventDefault();
      this.accept(this.shown[this.active]);
    } else if (e.key === "Escape") {
      e.preventDefault();
      this.close();
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Forms, requests and the URL

/** The request a form stands for: its keys in the API's spelling, defaults left out. */
function params(form) {
  const p = {};
  for (const f of $$("input[name], select[name]", form)) {
    if (f.name.startsWith("rule:")) {
      if (f.value !== f.dataset.default) (p.rule ||= []).push(`${f.name.slice(5)}=${f.value}`);
    } else if (f.type === "checkbox") {
      if (f.checked) p[f.name] = true;
    } else {
      const v = f.value.trim();
      if (v !== "" && (v !== f.dataset.default || "always" in f.dataset)) p[f.name] = v;
    }
  }
  return p;
}

/** Fills a form from a request (a URL's keys); keys it has no field for are left alone. */
function fill(form, given) {
  form.reset();
  for (const f of $$("input[name], select[name]", form)) {
    if (f.name.startsWith("rule:")) {
      const name = f.name.slice(5);
      const rule = [given.rule || []].flat().find((r) => r.split("=")[0].trim() === name);
      f.value = rule ? rule.split("=").slice(1).join("=").trim() : f.dataset.default;
    } else if (f.type === "checkbox") {
      f.checked = ["", "true", "1", "yes", "on", true].includes(given[f.name]);
    } else if (given[f.name] !== undefined) {
      f.value = given[f.name];
    }
  }
}

/** A query string's keys as a request: repeated keys (rule) become lists. */
function fromSearch(search) {
  const out = {};
  for (const [k, v] of new URLSearchParams(search)) {
    if (k === "rule") (out.rule ||= []).push(v);
    else out[k] = v;
  }
  return out;
}

function toSearch(view, p) {
  const s = new URLSearchParams();
  if (view === "table") s.append("view", "table");
  else s.append("game", view);
  for (const [k, v] of Object.entries(p)) {
    for (const one of [v].flat()) s.append(k, one === true ? "true" : one);
  }
  return `?${s.toString()}`;
}

/** The same query as a command line, quoted for a POSIX shell. */
function commandLine(form, p) {
  const quote = (s) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${String(s).replace(/'/g, "'\\''")}'`);
  const words = ["holodice", ...form.dataset.command.split(" ")];
  const rest = { ...p };
  if (form.dataset.game === "table") {
    words.push(rest.game || "swtcg");
    delete rest.game;
  }
  for (const [k, v] of Object.entries(rest)) {
    for (const one of [v].flat()) {
      if (one === true) words.push(`--${k}`);
      else words.push(`--${k}`, quote(one));
    }
  }
  return words.join(" ");
}

function clearErrors(form) {
  $(".form-error", form).hidden = true;
  for (const e of $$(".field-error", form)) e.remove();
  for (const f of $$("[aria-invalid]", form)) {
    f.removeAttribute("aria-invalid");
    f.removeAttribute("aria-describedby");
  }
}

/** Shows the server's line beside the field it is about, or above the form. */
function showError(form, message, field) {
  const input = field && form.querySelector(`[name="${CSS.escape(field)}"]`);
  if (input) {
    const id = `${input.id}-error`;
    const p = el("p", { class: "field-error", id, role: "alert", text: message });
    (input.closest(".field") || input.parentElement).append(p);
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", id);
    const details = input.closest("details");
    if (details) details.open = true;
    input.focus();
  } else {
    const box = $(".form-error", form);
    box.textContent = message;
    box.hidden = false;
  }
}

/** Sends a form's request; the JSON answer, or null after showing the error. */
async function ask(form, p, format) {
  clearErrors(form);
  const button = $("button[type=submit]", form);
  button.disabled = true;
  const busy = working(form);
  try {
    const body = format ? { ...p, format } : p;
    const r = await engine.call(form.dataset.endpoint, JSON.stringify(body), busy.signal);
    if (r.status === 200) return format ? r.body : JSON.parse(r.body);
    let message = `The server answered ${r.status}.`;
    let field = null;
    try {
      const e = JSON.parse(r.body);
      message = e.error || message;
      field = e.field || null;
    } catch (_) {
      // Not JSON: the status line says enough.
    }
    if (r.status === 503) message += " (the server is busy)";
    showError(form, message, field);
    return null;
  } catch (e) {
    const cancelled = busy.signal.aborted || e.message === "cancelled";
    showError(form, cancelled ? "Cancelled." : `The server could not be reached: ${e.message}`, null);
    return null;
  } finally {
    busy.done();
    button.disabled = false;
  }
}

// ---------------------------------------------------------------------------------------------
// The answer: headline, chart, tables, details, comparison

const MAIN = { swtcg: "damage", legion: "wounds" };
let current = null; // {game, label, answer, search}
let pinned = null;

/** P(≥ k) of a distribution object, from its upper tail. */
function atLeast(d, k) {
  const above = Object.keys(d.at_least).map(Number).filter((x) => x >= k);
  return above.length ? d.at_least[Math.min(...above)] : "0";
}

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

function render(game, answer, p) {
  const [first, ...rest] = headlines(game, answer);
  $("#headline").textContent = `${first[0]}: ${first[1]}`;
  $("#subline").textContent = rest.map(([k, v]) => `${k}: ${v}`).join(" · ");
  current = { game, label: p.attacker || "(attacker)", answer };
  drawChart();
  distTable();
  details(game, answer);
  const notes = answer.notes || [];
  $("#notes").replaceChildren(...notes.map((n) => el("li", { text: n })));
  compareTable();
  $("#result").hidden = false;
  performance.mark("holodice-answer");
}

function chartData(entry) {
  return rows(entry.answer[MAIN[entry.game]]);
}

/** Bars of P(=k) with P(≥k) as a line; the pinned result beside it in its own colour. */
function drawChart() {
  const series = [current, pinned].filter(Boolean).map(chartData);
  const ks = [...new Set(series.flat().map((r) => r[0]))].sort((a, b) => a - b);
  // The drawing's units are about the screen's pixels, so its text stays readable on a phone.
  const W = Math.max(320, Math.min(640, $("#chart").clientWidth || 640));
  const [H, L, B, T, R] = [Math.round(W * 0.42), 44, 30, 12, 12];
  const lo = ks[0];
  const hi = ks[ks.length - 1];
  const span = Math.max(hi - lo + 1, 1);
  const x = (k) => L + ((k - lo + 0.5) / span) * (W - L - R);
  const y = (v) => T + (1 - v) * (H - T - B);
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img" });
  for (const v of [0, 0.25, 0.5, 0.75, 1]) {
    root.append(svg("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), stroke: "#d0d6de" }));
    root.append(svg("text", { x: L - 6, y: y(v) + 4, "text-anchor": "end", "font-size": 11, fill: "#5a6370" }, `${v * 100}%`));
  }
  const step = Math.max(1, Math.ceil(span / 20));
  for (const k of ks.filter((k) => (k - lo) % step === 0)) {
    root.append(svg("text", { x: x(k), y: H - 10, "text-anchor": "middle", "font-size": 11, fill: "#5a6370" }, k));
  }
  const colours = ["#1f5fbf", "#c2410c"];
  const slot = ((W - L - R) / span) * 0.8;
  series.forEach((rs, s) => {
    const w = slot / series.length;
    for (const [k, pk] of rs) {
      const v = ratio(pk);
      const rect = svg("rect", {
        x: x(k) - slot / 2 + s * w, y: y(v), width: Math.max(w, 1), height: y(0) - y(v),
        fill: colours[s], "fill-opacity": s ? 0.55 : 0.85,
      });
      rect.append(svg("title", {}, `${k}: ${percent(pk)}`));
      root.append(rect);
    }
    const line = rs.map(([k, , ge]) => `${x(k)},${y(ratio(ge))}`).join(" ");
    root.append(svg("polyline", { points: line, fill: "none", stroke: colours[s], "stroke-width": 2, "stroke-dasharray": s ? "5 3" : "" }));
  });
  const what = current.game === "swtcg" ? "damage counters on the defender" : "wounds on the defender";
  root.setAttribute("aria-label", `Chart of ${what}: bars P(=k), line P(≥k)`);
  $("#chart").replaceChildren(root);
  const legend = pinned ? ` Blue: ${current.label}; orange: ${pinned.label} (pinned).` : "";
  $("#chart-caption").textContent = `${humanize(what)}: bars are P(= k), the line P(≥ k).${legend}`;
}

function distTable() {
  const exact = $("#show-exact").checked;
  const d = current.answer[MAIN[current.game]];
  const head = el("tr", {}, el("th", { text: "k" }), el("th", { text: "P(=k)" }), el("th", { text: "P(≥k)" }));
  const body = rows(d).map(([k, p, ge]) =>
    el("tr", {}, el("td", { text: k }), cell(p, exact), cell(ge, exact)));
  const caption = el("caption", {
    text: `${current.game === "swtcg" ? "Damage counters on the defender" : "Wounds on the defender"} (mean ${mean(d.mean)}${exact ? `, exactly ${d.mean}` : ""})`,
  });
  $("#dist-table").replaceChildren(caption, el("thead", {}, head), el("tbody", {}, body));
}

function cell(p, exact) {
  return el("td", {}, percent(p), exact ? el("span", { class: "fraction", text: ` ${p}` }) : "");
}

/** Every other value of the answer: chances, other distributions, groups, the rules used. */
function details(game, answer) {
  const dl = el("dl");
  const add = (k, v) => dl.append(el("dt", { text: k }), el("dd", {}, v));
  // The headline's numbers are not repeated.
  const skip = new Set([MAIN[game], "schema", "notes", "rules", "destroyed"]);
  for (const [key, v] of Object.entries(answer)) {
    if (skip.has(key) || v === "") continue;
    if (isDist(v)) add(humanize(key), describeDist(v));
    else if (isFraction(v)) add(humanize(key), percent(v));
    else if (v !== null && typeof v === "object") add(humanize(key), describeGroup(v));
    else add(humanize(key), String(v));
  }
  if (answer.rules) add("Rules", describeRules(answer.rules));
  $("#details").replaceChildren(dl);
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
  const keyword = known.swtcg.find((k) => k.name.toLowerCase() === spaced);
  return keyword ? keyword.name : humanize(key);
}

function describeRules(rules) {
  const changed = Object.entries(rules).filter(([k, v]) => {
    const o = known.rules.find((r) => r.name === k);
    return !o || o.default !== v;
  });
  return changed.length ? changed.map(([k, v]) => `${k}=${v}`).join(", ") : "the defaults";
}

/** The current and the pinned result side by side: mean, headline chances, P(≥k). */
function compareTable() {
  $("#compare").hidden = !pinned;
  $("#pin").hidden = false;
  $("#unpin").hidden = !pinned;
  if (!pinned) return;
  const both = [pinned, current];
  const head = el("tr", {}, el("th", { text: "" }), both.map((e, i) =>
    el("th", { text: `${i ? "Now" : "Pinned"}: ${e.label}` })));
  const line = (label, values) => el("tr", {}, el("th", { scope: "row", text: label }), values.map((v) => el("td", { text: v })));
  const lines = [];
  lines.push(line("Mean", both.map((e) => mean(e.answer[MAIN[e.game]].mean))));
  if (both.every((e) => e.game === "swtcg" && isFraction(e.answer.destroyed))) {
    lines.push(line("Chance to destroy", both.map((e) => percent(e.answer.destroyed))));
  }
  const ks = [...new Set(both.flatMap((e) => rows(e.answer[MAIN[e.game]]).map((r) => r[0])))].sort((a, b) => a - b);
  for (const k of ks.filter((k) => k > 0)) {
    lines.push(line(`P(≥ ${k})`, both.map((e) => percent(atLeast(e.answer[MAIN[e.game]], k)))));
  }
  $("#compare-table").replaceChildren(el("thead", {}, head), el("tbody", {}, lines));
}

// ---------------------------------------------------------------------------------------------
// The table tab

async function computeTable(form, p) {
  const t = await ask(form, p);
  if (!t) return;
  const exact = !!p.exact;
  const digits = Number(p.digits ?? 3);
  const head = el("tr", {}, el("th", { text: t.cols ? `${t.rows.label} \\ ${t.cols.label}` : t.rows.label }),
    (t.cols ? t.cols.values : [t.stat]).map((c) => el("th", { text: c })));
  const body = t.rows.values.map((r, i) => el("tr", {}, el("th", { scope: "row", text: r }),
    t.cells[i].map((v) => el("td", { text: tableCell(t, v, exact, digits) }))));
  $("#table-title").textContent = t.title;
  $("#table-caption").textContent = t.caption;
  $("#table-cells").replaceChildren(el("thead", {}, head), el("tbody", {}, body));
  $("#table-command").textContent = commandLine(form, p);
  $("#copy-text").hidden = true;
  $("#table-result .copied").textContent = "";
  $("#table-result").hidden = false;
}

/** A cell as the command line prints it: the fraction, or `digits` decimals; a chance is `0` or
 * `1` only when impossible or certain, `<0.001` or `>0.999` when it rounds to them. */
function tableCell(t, v, exact, digits) {
  if (exact || (t.stat === "mode" && !v.includes("/"))) return v;
  const shown = fixed(ratio(v), digits);
  if (t.stat === "mean" || t.stat === "mode") return shown;
  if (v === "0" || v === "1") return v;
  const unit = 10 ** -digits;
  if (Number(shown) === 0) return `<${fixed(unit, digits)}`;
  return Number(shown) === 1 ? `>${fixed(1 - unit, digits)}` : shown;
}

// ---------------------------------------------------------------------------------------------
// Tabs and start-up

const VIEWS = ["swtcg", "legion", "table"];

function selectTab(view, focus = false) {
  for (const v of VIEWS) {
    const tab = $(`#tab-${v}`);
    const on = v === view;
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1;
    $(`#panel-${v}`).hidden = !on;
    if (on && focus) tab.focus();
  }
  if (view === "table" || (current && current.game !== view)) $("#result").hidden = true;
}

async function submit(form) {
  // Marks of each query's start and answer, for the site's benchmark (performance entries).
  performance.mark("holodice-ask");
  const p = params(form);
  const view = form.dataset.game;
  history.replaceState(null, "", toSearch(view, p));
  if (view === "table") return computeTable(form, p);
  const answer = await ask(form, p);
  if (!answer) return;
  render(view, answer, p);
  $("#command").textContent = commandLine(form, p);
}

function wire() {
  for (const v of VIEWS) {
    $(`#tab-${v}`).addEventListener("click", () => selectTab(v));
    $(`#tab-${v}`).addEventListener("keydown", (e) => {
      const i = VIEWS.indexOf(v);
      const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: VIEWS.length - 1 }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      selectTab(VIEWS[(to + VIEWS.length) % VIEWS.length], true);
    });
  }
  for (const form of $$("form.query")) {
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      submit(form);
    });
  }
  $$("input.spec").forEach((input) => new Completion(input));
  $("#show-exact").addEventListener("change", () => current && distTable());
  $("#pin").addEventListener("click", () => {
    pinned = current;
    $("#pin").textContent = "Pin this instead";
    drawChart();
    compareTable();
  });
  $("#unpin").addEventListener("click", () => {
    pinned = null;
    $("#pin").textContent = "Pin to compare";
    drawChart();
    compareTable();
  });
  $("#copy-link").addEventListener("click", () =>
    copy(location.href, $("#result .copied"), null));
  for (const [id, format] of [["#copy-markdown", "markdown"], ["#copy-csv", "csv"]]) {
    $(id).addEventListener("click", async () => {
      const form = $("#form-table");
      const text = await ask(form, params(form), format);
      if (text !== null) await copy(text, $("#table-result .copied"), $("#copy-text"));
    });
  }
}

/** The footer's line: holodice's version, the Legion rules edition, and where it computes. */
async function about(site) {
  let index = {};
  try {
    index = await fetchJSON("");
  } catch (_) {
    index = {};
  }
  const version = (site && site.version) || index.version || "?";
  const edition = (index.editions && index.editions.legion) || "?";
  const where = engine.local ? "computed in this browser, offline too" : "computed by this server";
  $("#about").textContent = `holodice ${version} · Legion rules: ${edition} (the default edition) · ${where}`;
  $("#api-links").hidden = engine.local;
}

async function start() {
  wire();
  const site = await engine.start();
  await Promise.all([loadLists(), about(site)]);
  const given = fromSearch(location.search);
  const view = given.view === "table" ? "table" : given.game;
  if (!VIEWS.includes(view)) return;
  selectTab(view);
  const form = $(`#form-${view}`);
  const keys = { ...given };
  delete keys.view;
  if (view !== "table") delete keys.game;
  fill(form, keys);
  submit(form);
}

document.addEventListener("DOMContentLoaded", start);
