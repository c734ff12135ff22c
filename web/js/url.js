// A query in a URL: `?game=legion&attacker=...` (a Legion sequence `?game=legion&attack=...&
// attack=...`, or `?view=table|matchups&...`), its pins each a `pin` key holding a query of its
// own in the same form (and the pin's `name`, if renamed). One encoding for the page's URL and its pins.

/** The query string of `view` and its request `p`, with `pins` ({game, query}) after it. */
export function toSearch(view, p, pins = []) {
  const s = new URLSearchParams();
  if (VIEWS.includes(view)) s.append("view", view);
  else s.append("game", view);
  for (const [k, v] of Object.entries(p)) {
    for (const one of [v].flat()) s.append(k, one === true ? "true" : one);
  }
  for (const pin of pins) s.append("pin", pinText(pin));
  return `?${s.toString()}`;
}

/** The views that are not a game's attack: their name is the `view` key. */
const VIEWS = ["table", "matchups", "army"];

/** The keys that are lists, even of one: `rule`, and a Legion sequence's `attack`. */
const LISTS = ["rule", "attack"];

/** A query string as {view, query, pins}: the list keys become lists; for an attack view the
 * game is the view, not a key. */
export function fromSearch(search) {
  const query = {};
  const pins = [];
  let view = null;
  for (const [k, v] of new URLSearchParams(search)) {
    if (LISTS.includes(k)) (query[k] ||= []).push(v);
    else if (k === "pin") pins.push(v);
    else if (k === "view") view = v;
    else query[k] = v;
  }
  if (!VIEWS.includes(view)) {
    view = query.game;
    delete query.game;
  }
  return { view, query, pins };
}

/** A pinned result ({game, query, name}) as the text of its `pin` key: its query, then its
 * `name` when a player gave it one. */
function pinText({ game, query, name }) {
  const text = queryText({ game, query });
  return name ? `${text}&${new URLSearchParams({ name })}` : text;
}

/** A result's query ({game, query}) as text, whatever it is named: what tells two results apart. */
export function queryText({ game, query }) {
  return toSearch(game, query).slice(1);
}

/** A `pin` key's text as {game, query, name}; the name is the page's, never a request key. */
export function fromPinText(text) {
  const { view, query } = fromSearch(text);
  const name = query.name || null;
  delete query.name;
  return { game: view, query, name };
}
