// holodice's page: forms that become API requests (api/v1/), the answers drawn as a headline,
// what the SPECs became, a chart and tables. Numbers are printed exactly as the command line
// prints them. On a static site (`cargo xtask site`) the engine runs in this browser, in a Web
// Worker; served by `holodice serve`, the page asks the server. Every URL is relative to where
// the page is, and every query, pins included, lives in the page's URL.

import { Activation, attackEndpoint, legionRequest } from "./js/activation.js";
import { answerBar, showInBar } from "./js/answerbar.js";
import { layout, sampleSvg, toSvg } from "./js/chart.js";
import { catalog, loadCatalog } from "./js/catalog.js";
import { MAX_PINS, compareTable } from "./js/compare.js";
import { complete } from "./js/completion.js";
import { Composer } from "./js/composer.js";
import { $, $$, copy, el, humanize } from "./js/dom.js";
import { engine, fetchJSON, request, working } from "./js/engine.js";
import { helpTables } from "./js/help.js";
import { STALE, take, ticket, watch } from "./js/live.js";
import { paidAbilities } from "./js/payment.js";
import { showArmy } from "./js/army.js";
import { showMatchups } from "./js/matchups.js";
import { defaultName, nameOf } from "./js/names.js";
import { readValues } from "./js/readout.js";
import { charted, details, distTable, distribution, headlineText, inWords, resolvedPool, showAttacks, showHeadline, what as counted } from "./js/result.js";
import { shareImage } from "./js/share.js";
import { canCopyImage, canShare, copyImage, shareSheet, summary } from "./js/sharing.js";
import { offerSwitch } from "./js/switch.js";
import { showTable } from "./js/table.js";
import { fromPinText, fromSearch, queryText, toSearch } from "./js/url.js";
import { inPlayersWords } from "./js/words.js";

const VIEWS = ["swtcg", "legion", "matchups", "army", "table"];

/** Where each view shows its answer. */
const RESULTS = { swtcg: "#result", legion: "#result", matchups: "#matchups-result", army: "#army-result", table: "#table-result" };

/** The worked example a first visit shows, one per game view ({query, text}; on the static site
 * with its answer, computed as the site was built): web/examples.json. */
let EXAMPLES = {};

/** The result shown ({game, query, answer}) and the pinned ones ({game, query, answer, name}). */
const state = { current: null, pins: [] };

/** The Legion form's activation builder: its further attacks and the sequence's options. */
let activation = null;

// ---------------------------------------------------------------------------------------------
// Forms, requests and the URL

/** The fields of a form that are request keys (the controls' radios and pickers are not). */
const keyFields = (form) => $$("input[name]:not([type=radio]), select[name], textarea[name]", form);

/** The keys a form's fields give, in the API's spelling, defaults left out; a field marked
 * `data-list` is one of a list, kept even empty so the list keeps its order. */
function params(form) {
  const p = {};
  for (const f of keyFields(form)) {
    if (f.name.startsWith("rule:")) {
      if (f.value !== f.dataset.default) (p.rule ||= []).push(`${f.name.slice(5)}=${f.value}`);
    } else if ("list" in f.dataset) {
      (p[f.name] ||= []).push(f.value.trim());
    } else if (f.type === "checkbox") {
      if (f.checked) p[f.name] = true;
    } else {
      const v = f.value.trim();
      if (v !== "" && (v !== f.dataset.default || "always" in f.dataset)) p[f.name] = v;
    }
  }
  return p;
}

/** The request a form stands for: {endpoint, query}. */
function requestOf(form) {
  const p = params(form);
  return form === activation.form ? legionRequest(p) : { endpoint: form.dataset.endpoint, query: p };
}

/** Fills a form from a request (a URL's keys); keys it has no field for are left alone. */
function fill(form, given) {
  form.reset();
  const keys = form === activation.form ? activation.rows(given) : given;
  const seen = {};
  for (const f of keyFields(form)) {
    if (f.name.startsWith("rule:")) {
      const name = f.name.slice(5);
      const rule = [keys.rule || []].flat().find((r) => r.split("=")[0].trim() === name);
      f.value = rule ? rule.split("=").slice(1).join("=").trim() : f.dataset.default;
    } else if ("list" in f.dataset) {
      seen[f.name] = (seen[f.name] ?? -1) + 1;
      f.value = [keys[f.name] || []].flat()[seen[f.name]] ?? "";
    } else if (f.type === "checkbox") {
      f.checked = ["", "true", "1", "yes", "on", true].includes(keys[f.name]);
    } else if (keys[f.name] !== undefined) {
      f.value = keys[f.name];
    }
  }
  for (const f of $$("input.spec", form)) f.dispatchEvent(new CustomEvent("spec-change"));
  // Controls that follow the form's values (the activation builder's) show the new ones.
  form.dispatchEvent(new Event("change"));
}

/** The same query as a command line, quoted for a POSIX shell: the endpoint's command. */
function commandLine(endpoint, p) {
  const quote = (s) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${String(s).replace(/'/g, "'\\''")}'`);
  const words = ["holodice", ...endpoint.split("/")];
  const rest = { ...p };
  if (endpoint === "table") {
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

/** The field an engine's error is about: the one it names, or a sequence's attack it numbers. */
function errorField(form, reply, query) {
  const attack = form === activation.form && activation.attackField(query, reply.error);
  return attack || (reply.field && form.querySelector(`[name="${CSS.escape(reply.field)}"]`));
}

/** Shows the engine's line (in the form's words) beside the field it is about, or above the
 * form; the field takes the focus unless the error came live, as the player changed something
 * else. */
function showError(form, line, input, focus = true) {
  const message = inPlayersWords(line, form);
  if (input) {
    const id = `${input.id}-error`;
    const p = el("p", { class: "field-error", id, role: "alert", text: message });
    (input.closest(".field") || input.parentElement).append(p);
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", id);
    const details = input.closest("details");
    if (details) details.open = true;
    if (focus) input.focus();
  } else {
    const box = $(".form-error", form);
    box.textContent = message;
    box.hidden = false;
  }
}

/** Sends a form's request ({endpoint, query}) as the query of `asking` (a live one, or a new
 * one that cancels the query running): the answer, null after showing the error, or undefined
 * when a newer query came meanwhile (its answer is the one to show). */
async function ask(form, { endpoint, query }, format, asking = ticket()) {
  clearErrors(form);
  const busy = working(form, asking.control);
  const reply = await request(endpoint, format ? { ...query, format } : query, asking.signal);
  busy.done();
  if (!asking.current()) return undefined;
  if (reply.error) {
    const input = errorField(form, reply, query);
    showError(form, reply.error, input, !asking.live);
    if (reply.game) offerSwitch(form, input, reply.game, openIn);
    return null;
  }
  return reply.answer;
}

// ---------------------------------------------------------------------------------------------
// The answer, the pins and the comparison

/** Shows an attack's answer, with the pins of its game beside it. */
function render(game, answer, query) {
  state.current = { game, query, answer };
  showHeadline(game, answer);
  $("#resolved").replaceChildren(resolvedPool(game, answer, query));
  $("#details").replaceChildren(details(game, answer));
  showAttacks(answer);
  $("#notes").replaceChildren(...(answer.notes || []).map((n) => el("li", { text: inPlayersWords(n, $(`#form-${game}`)) })));
  $("#share-box").hidden = true;
  $("#share-text").hidden = true;
  showInBar(game, answer);
  // Shown before drawing: the chart is drawn for the width it has.
  $("#result").hidden = false;
  redraw();
  performance.mark("holodice-answer");
}

/** The results on the chart and in the comparison: the pins of the current game, then the
 * current result unless it is one of them; each with its name and look, the one shown `now`. */
function compared() {
  const { current, pins } = state;
  const key = queryText(current);
  const same = pins.map((p, i) => ({ ...p, name: nameOf(p), look: i + 1, index: i, now: queryText(p) === key }))
    .filter((p) => p.game === current.game && p.answer);
  const now = same.some((p) => p.now) ? [] : [{ ...current, name: nameOf(current), look: 0, now: true }];
  return [...same, ...now];
}

/** What the chart shows: the result shown as bars and a line, and each pin of its game that
 * has the same distribution as a line of its own look, each with its name and query in words. */
function chartSeries(entries) {
  const { current } = state;
  const key = charted(current.game, current.answer);
  const series = (e, look, name, pinned) => ({ dist: distribution(e.answer, key), look, name, words: `${name}: ${inWords(e.query)}`, bars: !pinned });
  return [
    series(current, 0, `Now: ${entries.find((e) => e.now).name}`, false),
    ...entries.filter((e) => e.index !== undefined).map((e) => series(e, e.look, e.name, true)),
  ].filter((s) => s.dist);
}

function redraw() {
  const { current } = state;
  if (!current) return;
  const entries = compared();
  const series = chartSeries(entries);
  const width = Math.max(280, Math.min(720, $("#chart").clientWidth || 640));
  const measure = charted(current.game, current.answer);
  const what = counted(current.game, measure);
  const chart = layout(series, width, width < 480 ? 13 : 12, { x: humanize(what), y: "Chance" });
  const drawn = toSvg(chart, `Chart of ${what}: bars P(=k), lines P(≥k); the table below gives every value`, "dist-table");
  $("#chart").replaceChildren(drawn);
  readValues(drawn, chart, series, $("#chart-readout"), humanize(what));
  const many = entries.length > 1;
  $("#legend").replaceChildren(...(many ? series.map((s) => el("li", {}, sampleSvg(s.look), s.words)) : []));
  $("#chart-caption").textContent = `${humanize(what)}: bars are P(= k), the line P(≥ k).${many ? " Each result's line has its own pattern and marker." : ""}`;
  distTable($("#dist-table"), current.game, current.answer, measure, $("#show-exact").checked);
  const pinned = entries.some((e) => e.index !== undefined);
  $("#compare").hidden = !pinned;
  if (pinned) {
    const actions = (e) => (e.index === undefined ? {} : { remove: () => unpin(e.index), rename: (text) => rename(e.index, text) });
    compareTable($("#compare-table"), entries.map((e) => ({ ...e, ...actions(e) })));
  }
  const key = queryText(current);
  const full = state.pins.length >= MAX_PINS;
  const already = state.pins.some((p) => queryText(p) === key);
  $("#pin").disabled = full || already;
  $("#pin").textContent = already ? "Pinned" : full ? `${MAX_PINS} pinned (unpin one)` : "Pin to compare";
}

function pin() {
  const { current } = state;
  if (!current || state.pins.length >= MAX_PINS) return;
  state.pins.push({ ...current, name: null });
  remember();
  redraw();
}

function unpin(i) {
  state.pins.splice(i, 1);
  remember();
  redraw();
}

/** Names pin `i` `text`; an empty name, or its default, leaves the link without one. */
function rename(i, text) {
  const p = state.pins[i];
  const name = text.trim();
  p.name = name && name !== defaultName(p.game, p.query, p.answer) ? name : null;
  remember();
  redraw();
}

/** Puts the current query and the pins in the URL. */
function remember() {
  if (!state.current) return;
  history.replaceState(null, "", toSearch(state.current.game, state.current.query, state.pins));
}

/** Computes the pins a link gives (each a query of its own), then shows them. */
async function loadPins(texts) {
  state.pins = texts.slice(0, MAX_PINS).map(fromPinText).filter((p) => p.game === "swtcg" || p.game === "legion");
  for (const p of state.pins) {
    const reply = await request(attackEndpoint(p.game, p.query), p.query);
    p.answer = reply.answer || null;
  }
  state.pins = state.pins.filter((p) => p.answer);
  redraw();
}

/** The result shown as a card: its title, headline, the line under it, the query in words,
 * the results compared with it and the chart's series. */
function card() {
  const { current } = state;
  const { headline, subline } = headlineText(current.game, current.answer);
  const entries = compared();
  const series = chartSeries(entries);
  const policy = [current.answer.edition && `Edition ${current.answer.edition}`, current.answer.policy && `policy ${current.answer.policy}`].filter(Boolean).join(", ");
  const others = entries.filter((e) => !e.now).map((e) => `${e.name} (${inWords(e.query)}): ${headlineText(e.game, e.answer).headline}`);
  return {
    title: `holodice · ${current.game === "swtcg" ? "Star Wars TCG" : "Star Wars: Legion"}${policy ? ` · ${policy}` : ""}`,
    headline,
    subline,
    query: inWords(current.query),
    pins: others,
    lines: entries.length > 1 ? series.map((s) => s.words) : [inWords(current.query)],
    series,
    axes: { x: humanize(counted(current.game, charted(current.game, current.answer))), y: "Chance" },
    link: location.href,
  };
}

/** The share image of the result shown, ready to download. */
function share() {
  const url = shareImage(card());
  $("#share-download").href = url;
  $("#share-preview").src = url;
  $("#share-box").hidden = false;
}

/** The share sheet with the image, the summary and the link. */
function shareNative() {
  const c = card();
  shareSheet(shareImage(c), { title: c.title, text: summary(c), url: c.link }, $("#result .copied"));
}

// ---------------------------------------------------------------------------------------------
// Views and start-up

function selectTab(view, focus = false) {
  for (const v of VIEWS) {
    const tab = $(`#tab-${v}`);
    const on = v === view;
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1;
    $(`#panel-${v}`).hidden = !on;
    if (on && focus) tab.focus();
  }
  const gameView = view === "swtcg" || view === "legion";
  const shown = gameView && !!state.current && state.current.game === view;
  $("#result").hidden = !shown;
  // A view not yet computed shows its example's answer (the table view has none).
  const computed = gameView ? shown : !!RESULTS[view] && !$(RESULTS[view]).hidden;
  if (!$("#example").hidden && EXAMPLES[view] && !computed) {
    $("#example-text").textContent = EXAMPLES[view].text;
    submit($(`#form-${view}`));
  }
}

/** Opens a game's tab with `keys` given to its form (the rest as they were), and computes. */
function openIn(game, keys) {
  const form = $(`#form-${game}`);
  $("#example").hidden = true;
  selectTab(game, true);
  fill(form, { ...params(form), ...keys });
  submit(form);
}

/** Marks a view's answer as a query's before the form's, saying why (a key of STALE: its query
 * computes, failed or waits for Compute), or not (null). */
function markStale(view, how) {
  const section = $(RESULTS[view]);
  section.classList.toggle("stale", !!how);
  section.classList.toggle("updating", how === "updating");
  const note = $(".stale-note", section);
  note.hidden = !how;
  if (how) note.textContent = STALE[how];
}

/** Whether a view shows an answer (the attack views share theirs, the one of the game shown). */
function answered(view) {
  return view === "swtcg" || view === "legion" ? !!state.current && state.current.game === view : !$(RESULTS[view]).hidden;
}

/** Asks the form's query (as `asking`, or as a new query) and shows its answer; true once shown. */
async function submit(form, asking = ticket()) {
  // Marks of each query's start and answer, for the site's benchmark (performance entries).
  performance.mark("holodice-ask");
  const asked = requestOf(form);
  take(form, asked);
  const { endpoint, query: p } = asked;
  const view = form.dataset.view;
  const pins = view === "swtcg" || view === "legion" ? state.pins : [];
  history.replaceState(null, "", toSearch(view, p, pins));
  if (answered(view)) markStale(view, "updating");
  const answer = await ask(form, asked, undefined, asking);
  if (answer === undefined) return false;
  // After an error the answer shown, if it is this view's, is another query's: it says so.
  if (answered(view) || answer) markStale(view, answer ? null : "error");
  if (!answer) return false;
  if (view === "table") {
    showTable(answer, p);
    $("#table-command").textContent = commandLine(endpoint, p);
  } else if (view === "army") {
    const link = (attacker, defender) => toSearch("legion", { attacker, defender });
    showArmy(answer, p.stat, link);
    $("#army-command").textContent = commandLine(endpoint, p);
  } else if (view === "matchups") {
    const link = (defender) => toSearch("legion", { attacker: p.attacker, defender: p.with ? `${defender}, ${p.with}` : defender });
    showMatchups(answer, link);
    $("#matchups-command").textContent = commandLine(endpoint, p);
  } else {
    render(view, answer, p);
    $("#command").textContent = commandLine(endpoint, p);
  }
  return true;
}

/** What a form's live answers (live.js) do on this page: ask its request, run it, show the
 * estimate's error, and mark its view's answer stale. */
function liveHooks(form) {
  const view = form.dataset.view;
  const stale = (how) => answered(view) && markStale(view, how);
  return {
    asked: () => requestOf(form),
    run(asking) {
      $("#example").hidden = true;
      submit(form, { ...asking, live: true });
    },
    refused(reply, query) {
      clearErrors(form);
      showError(form, reply.error, errorField(form, reply, query), false);
      stale("error");
    },
    stale(how) {
      if (how === "heavy") clearErrors(form);
      stale(how);
    },
  };
}

/** A shared link's answer, once shown, scrolled to the top of the window, unless the visitor
 * has scrolled already. */
function reveal(view) {
  if (window.scrollY === 0) $(RESULTS[view]).scrollIntoView({ block: "start" });
}

/** Completion in a SPEC field and, outside the table view, the controls of its unit. */
function specControls(input) {
  const game = () => (input.dataset.spec === "table" ? $("#table-game").value : input.dataset.spec);
  complete(input, game, input.dataset.role);
  if (input.dataset.spec === "table" || input.closest("#panel-table")) return;
  const options = input.id === "matchups-with"
    ? { picker: false, only: (i) => i.control === "token" || i.control === "choice:cover" }
    : {};
  new Composer(input, input.dataset.spec, input.dataset.role, options).build();
}

/** The controls of every unit SPEC field, completion in every SPEC field, and the Legion
 * form's activation builder (whose attacks get the same). */
function buildControls() {
  for (const input of $$("input.spec")) specControls(input);
  activation = new Activation($("#form-legion"), specControls);
  paidAbilities($("#form-swtcg"));
  const factions = [...new Set(catalog.legion.cards.map((c) => c.card.faction).filter(Boolean))].sort();
  $("#matchups-faction").append(...factions.map((f) => el("option", { value: f, text: f })));
  const formats = [...new Set(catalog.swtcg.cards.flatMap((c) => c.formats))];
  $("#swtcg-legal").append(...formats.map((f) => el("option", { value: f, text: f })));
  $("#swtcg-legal").addEventListener("change", (e) => { catalog.swtcg.legal = e.target.value; });
  for (const set of $$("fieldset.rules")) {
    const row = el("div", { class: "row" });
    for (const o of catalog.rules) {
      const id = `rule-${o.name}`;
      const select = el("select", { id, name: `rule:${o.name}`, "data-default": o.default, title: o.summary },
        o.values.map((v) => el("option", { value: v, text: v === o.default ? `${v} (default)` : v })));
      row.append(el("div", { class: "field" }, el("label", { for: id, text: o.name }), select));
    }
    set.append(row);
  }
  $("#help-tables").replaceChildren(...helpTables());
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
      $("#example").hidden = true;
      submit(form);
    });
  }
  $("#show-exact").addEventListener("change", redraw);
  $("#pin").addEventListener("click", pin);
  $("#share").addEventListener("click", share);
  $("#share-native").hidden = !canShare();
  $("#share-native").addEventListener("click", shareNative);
  $("#copy-image").hidden = !canCopyImage();
  $("#copy-image").addEventListener("click", () => copyImage(shareImage(card()), $("#result .copied")));
  $("#copy-summary").addEventListener("click", () => copy(summary(card(), location.href), $("#result .copied"), $("#share-text")));
  $("#copy-link").addEventListener("click", () => copy(location.href, $("#result .copied"), null));
  for (const [id, format] of [["#copy-markdown", "markdown"], ["#copy-csv", "csv"]]) {
    $(id).addEventListener("click", async () => {
      const form = $("#form-table");
      const text = await ask(form, requestOf(form), format);
      if (typeof text === "string") await copy(text, $("#table-result .copied"), $("#copy-text"));
    });
  }
  for (const a of $$(".help-link")) {
    a.addEventListener("click", (e) => {
      e.preventDefault();
      $("#help").showModal();
    });
  }
  $("#help-close").addEventListener("click", () => $("#help").close());
  let width = window.innerWidth;
  window.addEventListener("resize", () => {
    if (window.innerWidth !== width) redraw();
    width = window.innerWidth;
  });
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
  try {
    await begin();
  } finally {
    // For tests and benchmarks: the page has read its URL and started its first query.
    document.documentElement.dataset.ready = "yes";
  }
}

/** The worked examples; a first visit shows the first one's answer at once where the site
 * carries it, while the engine still downloads. */
async function loadExamples(first) {
  try {
    EXAMPLES = await (await fetch("examples.json")).json();
  } catch (_) {
    EXAMPLES = {};
  }
  const example = EXAMPLES.swtcg;
  if (!first || !example || !example.answer || state.current) return;
  const form = $("#form-swtcg");
  for (const [key, value] of Object.entries(example.query)) form.querySelector(`[name="${key}"]`).value = value;
  $("#example-text").textContent = example.text;
  $("#example").hidden = false;
  render("swtcg", example.answer, example.query);
  $("#command").textContent = commandLine(form.dataset.endpoint, example.query);
}

async function begin() {
  const { view, query, pins } = fromSearch(location.search);
  const examples = loadExamples(!VIEWS.includes(view));
  const site = await engine.start();
  await Promise.all([loadCatalog(), about(site), examples]);
  buildControls();
  answerBar();
  // An answer shown before the catalog was in is shown again, in the catalog's words.
  if (state.current) render(state.current.game, state.current.answer, state.current.query);
  if (!VIEWS.includes(view)) {
    // The first visit: each view holds its worked example, and the first one is computed.
    for (const [v, example] of Object.entries(EXAMPLES)) fill($(`#form-${v}`), example.query);
    $("#example").hidden = false;
    selectTab("swtcg");
  } else {
    selectTab(view);
    const form = $(`#form-${view}`);
    fill(form, query);
    if (pins.length && (view === "swtcg" || view === "legion")) await loadPins(pins);
    submit(form).then((shown) => shown && reveal(view));
  }
  // Watched once filled: from here on every change answers live.
  for (const form of $$("form.query")) watch(form, liveHooks(form));
}

// The site's benchmark (benches/site.rs) times requests through the page's own engine.
window.holodice = { engine };

document.addEventListener("DOMContentLoaded", start);
