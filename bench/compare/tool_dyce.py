"""dyce 0.7.0: the scenarios written as dyce programs (histograms folded die by die with
`dyce.evaluation.expand`).

Usage: python tool_dyce.py SCENARIO  ->  one JSON line {"pmf": {"k": "n/d"}, "seconds": s}
"""
import json
import sys
import time
import warnings
from fractions import Fraction

from dyce import H
from dyce.evaluation import expand

import scenarios

warnings.simplefilter("ignore")

# `expand` drops paths less likely than 1/0x7FFFFF unless told not to: exact answers need 0.
EXACT = dict(min_path_probability=Fraction(0))


def fold(start, die, n, step):
    """`n` dice of `die` added to the histogram of states `start`, one at a time."""
    h = start
    for _ in range(n):
        h = expand(lambda s, d: step(s.outcome, d.outcome), h, die, **EXACT)
    return h


def swtcg(power, accuracy, armor, critical, fury, parry):
    need = (5 if armor else 4) - accuracy

    def step(s, face):
        hits, f4, f6, f1 = s
        return (hits + (face >= need), f4 or face == 4, f6 or face == 6, f1 or face == 1)

    first = fold(H({(0, False, False, False): 1}), H(6), power, step)

    def damage(hits, f6, f1):
        d = hits + (critical if f6 else 0)
        return max(0, d - parry) if f1 else d

    def settle(r):
        hits, f4, f6, f1 = r.outcome
        if f4 and fury:
            extra = fold(H({r.outcome: 1}), H(6), fury, step)
            return expand(lambda e: damage(e.outcome[0], e.outcome[2], e.outcome[3]), extra,
                          **EXACT)
        return damage(hits, f6, f1)

    return expand(settle, first, **EXACT)


def attack_die(colour, surge):
    crit, hit, srg, blank = scenarios.ATTACK[colour]
    faces = {"crit": crit, "hit": hit, "blank": blank}
    faces["crit" if surge == "crit" else "hit"] += srg
    return H(faces)


def add(state, colour, face):
    crits, hits, blanks = state
    i = scenarios.COLOURS.index(colour)
    if face == "blank":
        return crits, hits, blanks[:i] + (blanks[i] + 1,) + blanks[i + 1:]
    return crits + (face == "crit"), hits + (face == "hit"), blanks


def legion(dice, surge, aims, pierce, defense, surge_block, cover):
    h = H({(0, 0, (0, 0, 0)): 1})
    for colour in scenarios.COLOURS:
        h = fold(h, attack_die(colour, surge), dice[colour],
                 lambda s, f, colour=colour: add(s, colour, f))
    block, dsurge, blank = scenarios.DEFENSE[defense]
    defense_die = H({1: block + (dsurge if surge_block else 0),
                     0: dsurge * (not surge_block) + blank})
    cover_die = H({1: scenarios.DEFENSE["white"][0], 0: 5})

    def aim(r):
        crits, hits, blanks = r.outcome
        picked, room = [], 2
        for i, colour in enumerate(scenarios.COLOURS):
            k = min(room, blanks[i])
            picked += [colour] * k
            room -= k
        out = H({(crits, hits, tuple(b - picked.count(c) for b, c in
                                     zip(blanks, scenarios.COLOURS))): 1})
        for colour in picked:
            out = fold(out, attack_die(colour, surge), 1,
                       lambda s, f, colour=colour: add(s, colour, f))
        return out

    for _ in range(aims):
        h = expand(aim, h, **EXACT)

    def wounds(r):
        crits, hits, _ = r.outcome
        cancelled = (hits @ cover_die) if cover and hits else H({0: 1})

        def defend(k):
            results = hits - k.outcome + crits
            blocks = (results @ defense_die) if results else H({0: 1})
            return expand(lambda b: results - max(0, b.outcome - pierce), blocks, **EXACT)

        return expand(defend, cancelled, **EXACT)

    return expand(wounds, h, **EXACT)


def compute(name):
    s = scenarios.ALL[name]
    return swtcg(**s) if name in scenarios.SWTCG else legion(**s)


def main():
    name = sys.argv[1]
    start = time.perf_counter()
    h = compute(name)
    seconds = time.perf_counter() - start
    pmf = {}
    for k, w in sorted(h.items()):
        f = Fraction(w, h.total)
        pmf[str(k)] = f"{f.numerator}/{f.denominator}"
    print(json.dumps({"pmf": pmf, "seconds": seconds}))


if __name__ == "__main__":
    main()
