// holodice's functions, shared by the Node entry (node.js) and the browser/bundler entry
// (index.js), which differ only in how they load the engine. Every function is a thin front end
// over holodice's JSON API, as `holodice serve` answers it: it builds the request body from the
// keys given, calls the engine's `answer(path, body)` and parses its JSON. Nothing here computes
// a probability.

import { loaded } from "./engine.js";
import { answer, version as engineVersion } from "./holodice_web.js";

/** An error the API answered: its one line, the key it concerns and the HTTP status. */
export class HolodiceError extends Error {
  constructor(message, { field = null, status = 400, game = null } = {}) {
    super(message);
    this.name = "HolodiceError";
    /** The request key the error is about (`"attacker"`, a misspelt key), or null. */
    this.field = field;
    /** The status `holodice serve` answers with: 400 for bad input, 413 for a body over 64 KiB. */
    this.status = status;
    /** When the input is the other game's (`Power 5` given to Legion): that game. */
    this.game = game;
  }
}

/** `untilDestroyed` -> `until-destroyed`; the API's own spelling passes unchanged. */
function apiKey(key) {
  return key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** The request's keys in the API's spelling and in the order given, less those undefined. */
function pairs(request) {
  if (request === null || typeof request !== "object" || Array.isArray(request)) {
    throw new TypeError("holodice: a request is an object of the API's keys, e.g. " +
      '{attacker: "Power 5", defender: "Health 4"}');
  }
  return Object.entries(request)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [apiKey(k), v]);
}

/**
 * The JSON body of a request. Written pair by pair rather than through an object, so a key
 * given in both spellings reaches the API twice and gets its error instead of one silently
 * winning.
 */
function body(request) {
  const json = pairs(request).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
  return `{${json.join(",")}}`;
}

/** Throws unless the engine is instantiated (a browser that has not awaited `init()`). */
function ready() {
  if (!loaded) {
    throw new Error("holodice: the engine is not loaded yet: `await init()` once before the " +
      "first call (in browsers and bundlers; Node loads it on import)");
  }
}

/** The engine's reply to `path`: parsed JSON, or the text of another `format`. */
function call(path, text) {
  ready();
  const reply = answer(path, text);
  const { status, type, body: out } = reply;
  reply.free();
  if (status !== 200) {
    const e = JSON.parse(out);
    throw new HolodiceError(e.error, { field: e.field ?? null, status, game: e.game ?? null });
  }
  return type === "application/json" ? JSON.parse(out) : out;
}

/** The game `check` takes for a Legion sequence's answer (its attacks' is their endpoint's). */
const CHECKED = { "legion/sequence": "legion-sequence" };

/**
 * An endpoint's answer, remembering its game (as `check` names it) and request (not
 * enumerated, not in JSON).
 */
function ask(path, game, request) {
  const answer = call(path, body(request));
  if (answer !== null && typeof answer === "object") {
    const keys = Object.fromEntries(pairs(request));
    const query = game === null ? keys : { game: CHECKED[path] ?? game, ...keys };
    Object.defineProperty(answer, "request", { value: query, enumerable: false });
  }
  return answer;
}

const endpoint = (game, name) => (request) => ask(`${game}/${name}`, game, request);

/** SWTCG: an attack, a dice roll, a sequence of attacks on one unit, attackers compared. */
export const swtcg = Object.freeze({
  attack: endpoint("swtcg", "attack"),
  dice: endpoint("swtcg", "dice"),
  sequence: endpoint("swtcg", "sequence"),
  compare: endpoint("swtcg", "compare"),
});

/** Star Wars: Legion: an attack, a sequence, comparisons, matchups and an army list's. */
export const legion = Object.freeze({
  attack: endpoint("legion", "attack"),
  sequence: endpoint("legion", "sequence"),
  compare: endpoint("legion", "compare"),
  matchups: endpoint("legion", "matchups"),
  army: endpoint("legion", "army"),
});

/** A table of one statistic over a range of values: `{game, rows, cols, stat, ...}`. */
export function table(request) {
  return ask("table", null, request);
}

/**
 * Samples `{outcome: count}` (an object or a Map) as the API's `outcome,count` rows; a list
 * of outcomes counted into the same rows, so a simulator's hundred thousand samples fit the
 * API's 64 KiB body; text as it is.
 */
function samplesText(samples) {
  if (typeof samples === "string") return samples;
  if (samples === null || typeof samples !== "object") {
    throw new TypeError("holodice: check's samples are a list of outcomes, an object or Map " +
      "{outcome: count}, or the text of a samples file");
  }
  let counts = samples;
  if (!(samples instanceof Map) && typeof samples[Symbol.iterator] === "function") {
    counts = new Map();
    for (const s of samples) counts.set(String(s), (counts.get(String(s)) ?? 0) + 1);
  }
  const rows = counts instanceof Map ? [...counts] : Object.entries(counts);
  return rows.map(([k, n]) => `${k},${n}\n`).join("");
}

/**
 * Tests a simulator's samples against the exact distribution of `query`: an attack's or a
 * Legion sequence's request with its `game` (`{game: "swtcg", attacker, defender}`; `legion`,
 * `legion-sequence`), or the answer `swtcg.attack`, `legion.attack` or `legion.sequence`
 * returned, which remembers both. `options` are check's own keys: `variable`,
 * `alpha`, `test`.
 */
export function check(samples, query, options = {}) {
  const request = query?.request ?? query;
  return call("check", body({ ...request, ...options, samples: samplesText(samples) }));
}

/** holodice's version (the engine's, the package's). */
export function version() {
  ready();
  return engineVersion();
}

/**
 * An exact fraction of an answer (`"251/432"`, `"-3"`) as the nearest double, exact even when
 * its numerator and denominator are past 2^53 (where `n / d` of two Numbers is not, or is
 * NaN). A number passes unchanged.
 */
export function toNumber(fraction) {
  if (typeof fraction === "number") return fraction;
  const m = /^\s*(-?)(\d+)(?:\/(\d+))?\s*$/.exec(String(fraction));
  if (!m) throw new TypeError(`holodice: '${fraction}' is not a fraction n/d`);
  const sign = m[1] ? -1 : 1;
  const n = BigInt(m[2]);
  const d = BigInt(m[3] ?? "1");
  if (d === 0n) throw new RangeError(`holodice: '${fraction}' divides by zero`);
  return sign * nearest(n, d);
}

const bits = (x) => x.toString(2).length;

/** The double nearest n/d (n >= 0, d > 0), ties to even, subnormals included. */
function nearest(n, d) {
  if (n === 0n) return 0;
  // k = floor(log2(n/d)), exactly.
  let k = bits(n) - bits(d);
  if (k >= 0 ? n < d << BigInt(k) : n << BigInt(-k) < d) k -= 1;
  if (k > 1023) return Infinity;
  // The unit in the last place of the result: 53 significant bits, or 2^-1074 for subnormals.
  const e = Math.max(k - 52, -1074);
  const [num, den] = e >= 0 ? [n, d << BigInt(e)] : [n << BigInt(-e), d];
  let q = num / den;
  const twice = 2n * (num - q * den);
  if (twice > den || (twice === den && q % 2n === 1n)) q += 1n;
  return Number(q) * pow2(e);
}

/** 2^e as a double, exactly, for -1074 <= e <= 1023. */
function pow2(e) {
  const view = new DataView(new ArrayBuffer(8));
  if (e >= -1022) view.setBigUint64(0, BigInt(e + 1023) << 52n);
  else view.setBigUint64(0, 1n << BigInt(e + 1074));
  return view.getFloat64(0);
}

/**
 * A distribution's probabilities as `[k, P(= k)]` pairs in order of k, each the nearest double
 * to its exact fraction. Takes a distribution of an answer (`answer.damage`) or its `pmf`.
 */
export function pmf(distribution) {
  const exact = distribution?.pmf ?? distribution;
  return Object.entries(exact)
    .map(([k, p]) => [Number(k), toNumber(p)])
    .sort((a, b) => a[0] - b[0]);
}
