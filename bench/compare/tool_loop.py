"""A plain Python per-die loop: the naive exact baseline, and an independent check of the others.

Usage: python tool_loop.py SCENARIO  ->  one JSON line {"pmf": {"k": "n/d"}, "seconds": s}
"""
import json
import sys
import time
from collections import defaultdict
from fractions import Fraction

import scenarios


def swtcg(power, accuracy, armor, critical, fury, parry):
    need = 5 if armor else 4

    def roll(n, start):
        """States (hits, any 4, any 6, any 1) after n more dice, as integer weights over 6^n."""
        states = dict(start)
        for _ in range(n):
            nxt = defaultdict(int)
            for (h, f4, f6, f1), w in states.items():
                for face in range(1, 7):
                    key = (h + (face + accuracy >= need), f4 or face == 4, f6 or face == 6,
                           f1 or face == 1)
                    nxt[key] += w
            states = nxt
        return states

    first = roll(power, {(0, False, False, False): 1})
    out = defaultdict(Fraction)
    denominator = 6 ** power
    for (h, f4, f6, f1), w in first.items():
        if f4 and fury:
            branch = roll(fury, {(h, True, f6, f1): 1})
            d = denominator * 6 ** fury
        else:
            branch, d = {(h, f4, f6, f1): 1}, denominator
        for (h2, _, s6, s1), w2 in branch.items():
            damage = h2 + (critical if s6 else 0)
            if s1:
                damage = max(0, damage - parry)
            out[damage] += Fraction(w * w2, d)
    return out


def faces_of(colour, surge):
    """(crit, hit, blank) weights of one attack die out of 8, surges converted by the chart."""
    crit, hit, srg, blank = scenarios.ATTACK[colour]
    return (crit + srg, hit, blank) if surge == "crit" else (crit, hit + srg, blank)


def add_die(states, c, faces, track):
    """One more die of colour c over states (crits, hits, blanks per colour) with integer
    weights; crits and hits stay apart only when `track` (cover tells them apart)."""
    crit, hit, blank = faces
    nxt = defaultdict(int)
    for (cr, h, b), w in states.items():
        nxt[(cr + 1, h, b) if track else (cr, h + 1, b)] += w * crit
        nxt[(cr, h + 1, b)] += w * hit
        nxt[(cr, h, b[:c] + (b[c] + 1,) + b[c + 1:])] += w * blank
    return nxt


def aim(states, surge, track):
    """One aim token: reroll up to 2 blanks, red first, then black, then white (weights x 8^2)."""
    nxt = defaultdict(int)
    for (cr, h, b), w in states.items():
        room, picked = 2, []
        for c in range(3):
            k = min(room, b[c])
            picked += [c] * k
            room -= k
        part = {(cr, h, b): w * 8 ** room}
        for c in picked:
            removed = defaultdict(int)
            for (x, y, bl), v in part.items():
                removed[(x, y, bl[:c] + (bl[c] - 1,) + bl[c + 1:])] += v
            part = add_die(removed, c, faces_of(scenarios.COLOURS[c], surge), track)
        for k, v in part.items():
            nxt[k] += v
    return nxt


def legion(dice, surge, aims, pierce, defense, surge_block, cover):
    track = cover > 0
    states, n = {(0, 0, (0, 0, 0)): 1}, 0
    for c, colour in enumerate(scenarios.COLOURS):
        for _ in range(dice[colour]):
            states = add_die(states, c, faces_of(colour, surge), track)
            n += 1
    for _ in range(aims):
        states = aim(states, surge, track)
    attack = Fraction(1, 8 ** (n + 2 * aims))
    block, dsurge, _ = scenarios.DEFENSE[defense]
    p_block = Fraction(block + (dsurge if surge_block else 0), 6)
    p_cover = Fraction(scenarios.DEFENSE["white"][0], 6)
    out = defaultdict(Fraction)
    for (crits, hits, _), w in states.items():
        left = binomial(hits, p_cover) if cover else {0: Fraction(1)}
        for cancelled, q in left.items():
            results = hits - cancelled + crits
            for blocks, r in binomial(results, p_block).items():
                out[results - max(0, blocks - pierce)] += w * attack * q * r
    return out


def binomial(n, p, _cache={}):
    """P(k successes of n), each with probability p."""
    if (n, p) not in _cache:
        dist = {0: Fraction(1)}
        for _ in range(n):
            nxt = defaultdict(Fraction)
            for k, q in dist.items():
                nxt[k + 1] += q * p
                nxt[k] += q * (1 - p)
            dist = nxt
        _cache[(n, p)] = dist
    return _cache[(n, p)]


def compute(name):
    s = scenarios.ALL[name]
    return swtcg(**s) if name in scenarios.SWTCG else legion(**s)


def main():
    name = sys.argv[1]
    start = time.perf_counter()
    pmf = compute(name)
    seconds = time.perf_counter() - start
    pmf = {str(k): f"{v.numerator}/{v.denominator}" for k, v in sorted(pmf.items()) if v}
    print(json.dumps({"pmf": pmf, "seconds": seconds}))


if __name__ == "__main__":
    main()
