// Types of the holodice package: the requests (the JSON API's keys, which are the command line's
// long options, each also accepted in camelCase) and the main keys of each answer. Answers carry
// more keys than typed here; docs/server.md and `holodice <command> --help` describe them all.

/** An exact fraction as the API writes it: `"251/432"`, `"1"`, `"0"`. */
export type Fraction = string;

/** An exact distribution of a count (damage, hits, wounds, ...), keyed by k. */
export interface Distribution {
  /** P(= k) for each possible k. */
  pmf: Record<string, Fraction>;
  mean: Fraction;
  /** The mean as the nearest double. */
  mean_f64: number;
  variance: Fraction;
  mode: number;
  min: number;
  max: number;
  /** P(>= k) for each possible k. */
  at_least: Record<string, Fraction>;
  [key: string]: unknown;
}

/** `until-destroyed` -> `untilDestroyed`. */
type Camel<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;

/** A request with each key in the API's spelling or in camelCase (give one of the two). */
export type Keys<T> = T & { [K in keyof T as K extends string ? Camel<K> : never]?: T[K] };

/** A request key's number: a number or its text. */
type Num = number | string;

/** Formats other than `json` make an answer the text the command line prints (a string). */
export type Format = "json" | "text" | "yaml" | "csv" | "markdown" | "latex" | "html" | "svg";
export type Policy = "greedy" | "optimal";
export type Arena = "space" | "ground" | "character";
export type Pay = "none" | "all" | "attacker" | "defender";
export type SwtcgMode = "bombard" | "ion-cannon" | "barrage";
export type Edition = "crb-2026-05-29" | "crb-2025-11-24" | "rrg-2021";
export type SuppressionGained = "hits" | "always";

/** Keys of every computing endpoint. */
export interface Output {
  format?: Format;
  exact?: boolean;
  digits?: Num;
  verbose?: boolean;
}

export interface SwtcgRules {
  /** `NAME=VALUE` rule options, e.g. `"overkill=all"`. */
  rule?: string[];
  arena?: Arena;
  pay?: Pay;
}

export interface SwtcgChoices {
  mode?: SwtcgMode;
  policy?: Policy;
  /** What the optimal policy maximises, e.g. `"atleast:2"`. */
  objective?: string;
}

export interface SwtcgAttackRequest extends Output, SwtcgRules, SwtcgChoices {
  /** The attacker's SPEC, e.g. `"Power 5, Accuracy 1, Critical Hit 2"` or `"@Luke Skywalker (A)"`. */
  attacker: string;
  defender?: string;
  secondary?: string;
  interceptor?: string;
  enhance?: boolean;
}

export interface SwtcgDiceRequest extends Output {
  count: Num;
  target: string;
  unpreventable?: boolean;
  arena?: Arena;
  pay?: Pay;
}

export interface SwtcgSequenceRequest extends Output, SwtcgRules, SwtcgChoices {
  /** One SPEC per attack, in order. */
  attacker: string[];
  defender: string;
  attacks?: Num;
  "until-destroyed"?: boolean;
}

export interface SwtcgCompareRequest extends Output, SwtcgRules, SwtcgChoices {
  attacker: string[];
  defender?: string[];
}

export interface LegionChoices {
  edition?: Edition;
  policy?: Policy;
  objective?: string;
}

export interface LegionAttackRequest extends Output, LegionChoices {
  /** The attack's SPEC, e.g. `"4 red, surge crit, aim 1"` or `"@Stormtroopers, range 2"`. */
  attacker: string;
  defender: string;
  guardian?: string;
  rolled?: string;
  converted?: string;
}

export interface LegionSequenceRequest extends Output, LegionChoices {
  /** One attack SPEC per attack, in order. */
  attack: string[];
  defender: string;
  guardian?: string;
  charge?: boolean;
  "until-wiped"?: boolean;
  attacks?: Num;
  "suppression-gained"?: SuppressionGained;
}

export interface LegionCompareRequest extends Output, LegionChoices {
  attacker?: string[];
  /** Sequences, each its attacks joined as the command line takes them. */
  sequence?: string[];
  defender: string[];
  guardian?: string;
  "suppression-gained"?: SuppressionGained;
}

export interface LegionMatchupsRequest extends Output, LegionChoices {
  attacker: string;
  with?: string;
  faction?: string;
  rank?: string;
  sort?: "mean" | "wiped";
}

export interface LegionArmyRequest extends Output, LegionChoices {
  /** A Legion HQ link or a JSON army list. */
  list?: string;
  against?: string[];
  "vs-list"?: string;
  range?: Num;
  with?: string;
  "attacker-with"?: string;
  stat?: "mean" | "atleast1" | "wiped" | "per100";
  sort?: "list" | "mean";
}

export interface TableRequest extends Omit<Output, "verbose"> {
  game: "swtcg" | "legion";
  attacker?: string;
  attack?: string[];
  defender?: string;
  guardian?: string;
  /** The rows' item and range, e.g. `"Power 1..6"`. */
  rows?: string;
  cols?: string;
  /** The statistic of each cell, e.g. `"destroyed"`, `"mean"`, `"atleast:1"`. */
  stat?: string;
  rule?: string[];
  edition?: string;
  policy?: string;
  objective?: string;
}

/** An attack or a Legion sequence `check` tests samples against, with its game. */
export type CheckQuery =
  | ({ game: "swtcg" } & Keys<Omit<SwtcgAttackRequest, keyof Output>>)
  | ({ game: "legion" } & Keys<Omit<LegionAttackRequest, keyof Output>>)
  | ({ game: "legion-sequence" } & Keys<Omit<LegionSequenceRequest, keyof Output>>);

/** check's own keys. */
export interface CheckOptions {
  /** The variable the samples are of: SWTCG `damage` (default), `hits`, `attacker_damage`;
   * Legion `wounds` (default), `attack_results`, `attacker_wounds`, `guardian_wounds`; a
   * Legion sequence's `wounds` (default), `suppression`, `attacks.N.wounds`, ... */
  variable?: string;
  /** The significance level (default 1e-6). */
  alpha?: Num;
  test?: "chi-square" | "g-test";
}

/** Samples: a list of outcomes, counts by outcome, or the text of a samples file. */
export type Samples =
  | Iterable<number>
  | Map<number | string, number>
  | Record<string, number>
  | string;

/** Every answer object remembers the request that made it (not enumerated, not in its JSON). */
export interface Remembers<R> {
  readonly request: R;
}

export interface SwtcgAttackAnswer {
  schema: number;
  attacker: string;
  defender: string;
  /** The attack dice rolled. */
  dice: number;
  /** Damage counters on the defender. */
  damage: Distribution;
  /** The chance the defender is destroyed. */
  destroyed: Fraction;
  /** Hits of the final attack roll. */
  hits: Distribution;
  attacker_damage: Distribution;
  notes?: string[];
  [key: string]: unknown;
}

export interface SwtcgDiceAnswer {
  schema: number;
  target: string;
  count: number;
  damage: Distribution;
  destroyed: Fraction;
  hits: Distribution;
  [key: string]: unknown;
}

export interface SwtcgSequenceAnswer {
  schema: number;
  attackers: string;
  defender: string;
  attacks: number;
  /** Damage counters on the defender after the sequence. */
  counters: Distribution;
  destroyed: Fraction;
  /** P(destroyed by attack n), by n. */
  destroyed_by: Record<string, Fraction>;
  /** Until destroyed: the attacks it takes. */
  attacks_needed?: Distribution;
  never_destroyed?: Fraction;
  [key: string]: unknown;
}

export interface SwtcgCompareAnswer {
  schema: number;
  loadouts: Array<{
    label: string;
    attacker: string;
    defender: string;
    damage: Distribution;
    destroyed: Fraction;
    [key: string]: unknown;
  }>;
  [key: string]: unknown;
}

export interface LegionAttackAnswer {
  schema: number;
  attacker: string;
  defender: string;
  /** Wounds on the defender. */
  wounds: Distribution;
  /** Hits and crits after the defender's dice are to roll. */
  attack_results: Distribution;
  attacker_wounds: Distribution;
  guardian_wounds?: Distribution;
  /** When the defender's wounds and minis are known. */
  minis_defeated?: Distribution;
  wiped?: Fraction;
  policy: string;
  edition: string;
  [key: string]: unknown;
}

export interface LegionSequenceAnswer {
  schema: number;
  defender: string;
  wounds: Distribution;
  minis_defeated?: Distribution;
  wiped?: Fraction;
  suppression?: Distribution;
  suppressed?: Fraction;
  panicked?: Fraction;
  /** Until wiped: the chance each number of attacks wipes the unit. */
  attacks_to_wipe?: Record<string, Fraction>;
  mean_attacks_to_wipe?: Fraction;
  attacks: Array<{ attacker: string; wounds: Distribution; [key: string]: unknown }>;
  policy: string;
  edition: string;
  [key: string]: unknown;
}

export interface LegionCompareAnswer {
  schema: number;
  loadouts: Array<{
    label: string;
    attacker: string;
    defender: string;
    wounds: Distribution;
    [key: string]: unknown;
  }>;
  [key: string]: unknown;
}

export interface LegionMatchupsAnswer {
  schema: number;
  attacker: string;
  matchups: Array<{
    defender: string;
    faction: string;
    points: number;
    mean_wounds: Fraction;
    at_least_one: Fraction;
    wiped: Fraction | null;
    [key: string]: unknown;
  }>;
  [key: string]: unknown;
}

export interface LegionArmyAnswer {
  schema: number;
  list: { [key: string]: unknown };
  pairings: Array<{ attacker: string; defender: string; [key: string]: unknown }>;
  [key: string]: unknown;
}

export interface TableAnswer {
  schema: number;
  title: string;
  caption: string;
  stat: string;
  rows: { label: string | null; values: number[] };
  cols: { label: string | null; values: number[] };
  /** One row per row value, one cell per column value (one when there are no columns). */
  cells: Fraction[][];
  [key: string]: unknown;
}

export interface CheckAnswer {
  schema: number;
  game: string;
  variable: string;
  test: string;
  /** How many samples. */
  samples: number;
  observed: Record<string, number>;
  expected: Record<string, number>;
  statistic: number;
  dof: number;
  p_value: number;
  alpha: number;
  /** Whether the samples fit: p-value at least alpha and no impossible outcome. */
  consistent: boolean;
  /** Outcomes observed that have probability 0. */
  impossible: number[];
  [key: string]: unknown;
}

/** A request that asks for another format than JSON. */
type AsText = { format: Exclude<Format, "json"> };

/** An endpoint: the answer object, or the text of a `format` other than `json`. */
export interface Endpoint<Req, Ans, Game extends string | null> {
  (request: Keys<Req> & AsText): string;
  (request: Keys<Req>): Ans & Remembers<(Game extends string ? { game: Game } : {}) & Req>;
}

export const swtcg: {
  readonly attack: Endpoint<SwtcgAttackRequest, SwtcgAttackAnswer, "swtcg">;
  readonly dice: Endpoint<SwtcgDiceRequest, SwtcgDiceAnswer, "swtcg">;
  readonly sequence: Endpoint<SwtcgSequenceRequest, SwtcgSequenceAnswer, "swtcg">;
  readonly compare: Endpoint<SwtcgCompareRequest, SwtcgCompareAnswer, "swtcg">;
};

export const legion: {
  readonly attack: Endpoint<LegionAttackRequest, LegionAttackAnswer, "legion">;
  readonly sequence: Endpoint<LegionSequenceRequest, LegionSequenceAnswer, "legion-sequence">;
  readonly compare: Endpoint<LegionCompareRequest, LegionCompareAnswer, "legion">;
  readonly matchups: Endpoint<LegionMatchupsRequest, LegionMatchupsAnswer, "legion">;
  readonly army: Endpoint<LegionArmyRequest, LegionArmyAnswer, "legion">;
};

export const table: Endpoint<TableRequest, TableAnswer, null>;

/**
 * Tests a simulator's samples against the exact distribution of an attack or a Legion
 * sequence: its request with `game`, or the answer of `swtcg.attack`, `legion.attack` or
 * `legion.sequence`. Rejected samples are an answer
 * (`consistent: false`), not an error.
 */
export function check(
  samples: Samples,
  query: CheckQuery | Remembers<CheckQuery>,
  options?: CheckOptions,
): CheckAnswer;

/** holodice's version. */
export function version(): string;

/**
 * Loads the engine: in browsers and bundlers await it once before the first call; in Node it
 * resolves at once (the engine loads on import). `module` overrides where the engine's .wasm
 * comes from (a URL, a Response, its bytes or a compiled module).
 */
export function init(
  module?: URL | string | Response | BufferSource | WebAssembly.Module,
): Promise<void>;

/** An exact fraction (`"251/432"`) as the nearest double, exact for parts past 2^53. */
export function toNumber(fraction: Fraction | number): number;

/** A distribution's `[k, P(= k)]` pairs in order of k, as doubles. */
export function pmf(distribution: Distribution | Record<string, Fraction>): Array<[number, number]>;

/** An error the API answered, with its one line as the message. */
export class HolodiceError extends Error {
  readonly name: "HolodiceError";
  /** The request key the error is about, or null. */
  readonly field: string | null;
  /** The HTTP status `holodice serve` answers with (400: bad input; 413: body over 64 KiB). */
  readonly status: number;
  /** When the input is the other game's: that game. */
  readonly game: "swtcg" | "legion" | null;
}
