// What the engine knows, from its listings: each game's SPEC items (for the controls and for
// completion), its cards (for the unit pickers) and SWTCG's rule options. Loaded once.

import { fetchJSON } from "./engine.js";
import { Vocabulary, cardName, isUnit, isUpgrade } from "./spec.js";

/** Each game's vocabulary as far as a first visit needs it, which shows its worked example
 * before the engine (and its `variables` listing) has downloaded; the listing then replaces it.
 * A test holds it to data/<game>/variables.yaml. */
const VARIABLES = {"swtcg": {"damage": "damage", "destroyed": "destroyed", "mean_damage": "mean_damage", "variables": [{"key": "damage", "short": "damage counters on the defender"}, {"key": "destroyed", "short": "chance to destroy"}]}, "legion": {"damage": "wounds", "destroyed": "wiped", "mean_damage": "mean_wounds", "variables": [{"key": "wounds", "short": "wounds on the defender"}, {"key": "wiped", "short": "chance to wipe"}]}};

export const catalog = {
  /** Per game: the SPEC items as {name, aliases, takesValue, signed, roles, step, model,
   * control, active}, the Vocabulary over them, the variables its answers report (the
   * `variables` listing: their keys, phrases and meanings), and the unit cards. */
  swtcg: { items: [], vocabulary: new Vocabulary([]), variables: VARIABLES.swtcg, cards: [], legal: "" },
  legion: { items: [], vocabulary: new Vocabulary([]), variables: VARIABLES.legion, cards: [], upgrades: [] },
  rules: [],
};

const SWTCG_ROLES = {
  attacks: ["attacker"],
  defends: ["defender", "secondary", "interceptor"],
  "attacks or defends": ["attacker", "defender", "secondary", "interceptor"],
};

/** A SWTCG keyword of `swtcg keywords --format json`. */
function swtcgItem(k) {
  return {
    name: k.name,
    aliases: k.aliases,
    takesValue: k.takes_value,
    optional: k.optional,
    signed: k.signed,
    roles: SWTCG_ROLES[k.acts] || [],
    step: k.step,
    model: k.model,
    control: k.control || "keyword",
    active: k.dice_effect,
  };
}

/** A Legion SPEC item of `legion keywords --format json`. */
function legionItem(k) {
  return {
    name: k.name,
    aliases: k.aliases,
    takesValue: k.takes_value,
    optional: false,
    signed: false,
    roles: k.roles,
    step: k.step,
    model: k.model || k.status,
    control: k.control === "choice" ? `choice:${k.group}` : k.control || "keyword",
    active: k.status === "modelled",
  };
}

/** A SWTCG unit card of the `swtcg/cards` listing, as a picker shows it. */
function swtcgCard(c) {
  const where = [c.sets.join(" "), c.number && `#${c.number}`].filter(Boolean).join(" ");
  const detail = [where, c.side, c.type, c.cost !== null && c.cost !== undefined && `cost ${c.cost}`]
    .filter(Boolean)
    .join(" · ");
  return {
    name: c.name,
    specName: c.spec_name,
    detail,
    facts: c.spec,
    formats: c.formats,
    search: `${c.name} ${c.sets.join(" ")} ${c.side || ""} ${c.type || ""} ${c.subtype || ""}`.toLowerCase(),
  };
}

/** A Legion card of `legion units --format json`, as a picker shows it. */
function legionCard(c) {
  const detail = [c.faction, c.rank, c.subtype, c.cost !== null && `${c.cost} pts`].filter(Boolean).join(" · ");
  return {
    id: c.id,
    name: c.title ? `${c.name} (${c.title})` : c.name,
    specName: c.spec_name,
    detail,
    type: c.type,
    card: c,
    search: `${c.name} ${c.title || ""} ${c.faction || ""} ${c.rank || ""} ${c.subtype || ""} ${c.id}`.toLowerCase(),
  };
}

export async function loadCatalog() {
  const get = (path, body) => fetchJSON(path, body).catch(() => null);
  const [swtcg, legion, cards, units, rules, variables] = await Promise.all([
    get("swtcg/keywords"),
    get("legion/keywords"),
    get("swtcg/cards"),
    get("legion/units", { format: "json" }),
    get("swtcg/rules"),
    get("variables"),
  ]);
  catalog.swtcg.items = (swtcg || []).map(swtcgItem);
  catalog.legion.items = (legion || []).map(legionItem);
  for (const game of ["swtcg", "legion"]) {
    catalog[game].vocabulary = new Vocabulary(catalog[game].items);
    if (variables) catalog[game].variables = variables[game];
  }
  catalog.swtcg.cards = (cards || []).map(swtcgCard);
  const legionCards = ((units && units.cards) || []).map(legionCard);
  catalog.legion.cards = legionCards.filter((c) => c.type === "unit");
  // A counterpart (C-3PO, Iden's ID10) joins its unit as an upgrade does.
  catalog.legion.upgrades = legionCards.filter((c) => c.type === "upgrade" || c.type === "counterpart");
  catalog.rules = rules || [];
}

/** The cards a game's pickers offer: for SWTCG, those of the format chosen (every card when
 * none is), as each card's `formats` say. */
export function pickable(game) {
  const { cards, legal } = catalog[game];
  return legal ? cards.filter((c) => c.formats.includes(legal)) : cards;
}

/** The items a role's controls show: those that act in the role and change the dice. */
export function itemsFor(game, role) {
  return catalog[game].items.filter((i) => i.active && i.roles.includes(role));
}

/** The unit card a SPEC's items name with `@`: {item, card}, the card null unless built in. */
export function namedCard(game, items) {
  const item = items.find(isUnit);
  if (!item) return { item: null, card: null };
  const name = cardName(item).toLowerCase();
  const cards = catalog[game].cards;
  const card = cards.find((c) => cardName(c.specName).toLowerCase() === name)
    || cards.find((c) => c.name.toLowerCase() === name);
  return { item, card: card || null };
}

/** The built-in upgrade cards a Legion SPEC's `+@` items name (those the catalog knows). */
export function upgradeCards(items) {
  return items.filter(isUpgrade).map((i) => cardName(i).toLowerCase())
    .map((n) => catalog.legion.upgrades.find((u) => u.specName.toLowerCase() === n))
    .filter(Boolean);
}
