// Numbers as the command line prints them, from the engine's exact fractions ("n/d" strings).

/** A fraction string "n/d" (or "n") as the nearest double, as the engine rounds it. */
export function ratio(text) {
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

/** The fraction `text` times `factor` divided by `divisor` (whole numbers), still exact. */
export function scaled(text, factor, divisor) {
  const [ns, ds = "1"] = String(text).split("/");
  return `${BigInt(ns) * BigInt(factor)}/${BigInt(ds) * BigInt(divisor)}`;
}

/** The exact sum of fraction strings, in lowest terms ("n/d", or "n" when whole). */
export function sum(fractions) {
  let [n, d] = [0n, 1n];
  for (const f of fractions) {
    const [fn, fd = "1"] = String(f).split("/");
    [n, d] = [n * BigInt(fd) + BigInt(fn) * d, d * BigInt(fd)];
  }
  let [a, g] = [n < 0n ? -n : n, d];
  while (a !== 0n) [a, g] = [g % a, a];
  return d / g === 1n ? String(n / g) : `${n / g}/${d / g}`;
}

/** The exact difference `a` − `b` of two fraction strings, in lowest terms. */
export function difference(a, b) {
  const negated = String(b).startsWith("-") ? String(b).slice(1) : `-${b}`;
  return sum([a, negated]);
}

/** `v` with `digits` decimals, ties to even on the exact value (Rust's `{:.N}`). */
export function fixed(v, digits) {
  if (!Number.isFinite(v)) return String(v);
  let s = v.toFixed(digits);
  const scaledUp = Math.abs(v) * 2 ** (digits + 1);
  if (Number.isInteger(scaledUp) && scaledUp % 2 === 1) {
    // An exact tie: toFixed rounded away from zero; keep the even neighbour.
    const last = Number(s[s.length - 1]);
    if (last % 2 === 1) s = s.slice(0, -1) + String(last - 1);
  }
  return s;
}

/** A probability as the command line prints it: `41.67%`; `0%` and `100%` only when
 * impossible or certain, `<0.01%` and `>99.99%` for what would round to them. */
export function percent(p) {
  if (p === "0") return "0%";
  if (p === "1") return "100%";
  const v = ratio(p) * 100;
  if (v < 0.005) return "<0.01%";
  return v >= 99.995 ? ">99.99%" : `${fixed(v, 2)}%`;
}

/** A mean as the command line prints it: three decimals. */
export function mean(m) {
  return fixed(ratio(m), 3);
}

/** A difference of chances in percentage points, signed: `+4.17 pp`, `−0.50 pp`; `±0 pp` only
 * when the chances are equal, `+<0.01 pp` for what would round to nothing. */
export function pointsDifference(d) {
  if (ratio(d) === 0) return "±0 pp";
  const v = Math.abs(ratio(d) * 100);
  const sign = ratio(d) < 0 ? "−" : "+";
  return v < 0.005 ? `${sign}<0.01 pp` : `${sign}${fixed(v, 2)} pp`;
}

/** A difference of means, signed, with the three decimals a mean has: `+0.250`, `−1.125`. */
export function meanDifference(d) {
  if (ratio(d) === 0) return "±0";
  return `${ratio(d) < 0 ? "−" : "+"}${fixed(Math.abs(ratio(d)), 3)}`;
}

export const isFraction = (v) => typeof v === "string" && /^-?\d+(\/\d+)?$/.test(v);
export const isDist = (v) => v !== null && typeof v === "object" && "pmf" in v;

/** The outcomes of a distribution object in increasing order: [k, P(=k), P(≥k)]. */
export function rows(dist) {
  return Object.keys(dist.pmf)
    .map(Number)
    .sort((a, b) => a - b)
    .map((k) => [k, dist.pmf[k], dist.at_least[k]]);
}

/** P(≥ k) of a distribution object, from its upper tail. */
export function atLeast(d, k) {
  const above = Object.keys(d.at_least).map(Number).filter((x) => x >= k);
  return above.length ? d.at_least[Math.min(...above)] : "0";
}
