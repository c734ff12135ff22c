"""icepool 2.1.3: the scenarios written as icepool programs (a multiset evaluator per pool).

Usage: python tool_icepool.py SCENARIO  ->  one JSON line {"pmf": {"k": "n/d"}, "seconds": s}
"""
import json
import sys
import time
from fractions import Fraction

import icepool

import scenarios


class Triggers(icepool.MultisetEvaluator):
    """A d6 pool's hits and whether it shows a natural 4, 6 and 1."""

    def __init__(self, need):
        self.need = need

    def next_state(self, state, order, outcome, count):
        hits, f4, f6, f1 = state or (0, False, False, False)
        seen = count > 0
        return (hits + (count if outcome >= self.need else 0), f4 or (seen and outcome == 4),
                f6 or (seen and outcome == 6), f1 or (seen and outcome == 1))

    def extra_outcomes(self, outcomes):
        return range(1, 7)


def swtcg(power, accuracy, armor, critical, fury, parry):
    need = (5 if armor else 4) - accuracy
    triggers = Triggers(need)
    first = triggers.evaluate(icepool.d6.pool(power))
    extra = triggers.evaluate(icepool.d6.pool(fury)) if fury else None

    def damage(hits, f6, f1):
        d = hits + (critical if f6 else 0)
        return max(0, d - parry) if f1 else d

    def settle(state):
        hits, f4, f6, f1 = state
        if f4 and extra is not None:
            return extra.map(lambda e: damage(hits + e[0], f6 or e[2], f1 or e[3]))
        return damage(hits, f6, f1)

    return first.map(settle)


def attack_die(colour, surge):
    crit, hit, srg, blank = scenarios.ATTACK[colour]
    converted = "crit" if surge == "crit" else "hit"
    faces = {"crit": crit, "hit": hit, "blank": blank}
    faces[converted] += srg
    return icepool.Die({(colour, f): w for f, w in faces.items()})


class Faces(icepool.MultisetEvaluator):
    """A mixed pool's count of each (colour, face), as a tuple of (outcome, count) pairs."""

    def next_state(self, state, order, outcome, count):
        state = state or ()
        return state + ((outcome, count),) if count else state


def legion(dice, surge, aims, pierce, defense, surge_block, cover):
    pool = icepool.Pool([attack_die(c, surge) for c in scenarios.COLOURS for _ in range(dice[c])])
    rolled = Faces().evaluate(pool)
    block, dsurge, blank = scenarios.DEFENSE[defense]
    defense_die = icepool.Die({1: block + (dsurge if surge_block else 0),
                               0: dsurge * (not surge_block) + blank})
    cover_die = icepool.Die({1: scenarios.DEFENSE["white"][0], 0: 5})

    def counts(state):
        c = dict(state)
        crits = sum(v for (col, f), v in c.items() if f == "crit")
        hits = sum(v for (col, f), v in c.items() if f == "hit")
        blanks = tuple(c.get((col, "blank"), 0) for col in scenarios.COLOURS)
        return crits, hits, blanks

    def after_aims(crits, hits, blanks, left):
        if left == 0:
            return wounds(crits, hits)
        picked, room = [], 2
        for i, col in enumerate(scenarios.COLOURS):
            k = min(room, blanks[i])
            picked += [col] * k
            room -= k
        if not picked:
            return after_aims(crits, hits, blanks, left - 1)
        new = Faces().evaluate(icepool.Pool([attack_die(col, surge) for col in picked]))
        return new.map(lambda s: after_aims(*merge(crits, hits, blanks, picked, counts(s)),
                                            left - 1))

    def merge(crits, hits, blanks, picked, rerolled):
        c, h, b = rerolled
        b = tuple(blanks[i] - picked.count(col) + b[i] for i, col in enumerate(scenarios.COLOURS))
        return crits + c, hits + h, b

    def wounds(crits, hits):
        cancelled = cover_die.pool(hits).sum() if cover and hits else icepool.Die([0])

        def defend(k):
            results = hits - k + crits
            blocks = defense_die.pool(results).sum() if results else icepool.Die([0])
            return blocks.map(lambda b: results - max(0, b - pierce))

        return cancelled.map(defend)

    return rolled.map(lambda s: after_aims(*counts(s), aims))


def compute(name):
    s = scenarios.ALL[name]
    return swtcg(**s) if name in scenarios.SWTCG else legion(**s)


def main():
    name = sys.argv[1]
    start = time.perf_counter()
    die = compute(name)
    seconds = time.perf_counter() - start
    total = die.denominator()
    pmf = {}
    for k, w in sorted(die.items()):
        f = Fraction(w, total)
        pmf[str(k)] = f"{f.numerator}/{f.denominator}"
    print(json.dumps({"pmf": pmf, "seconds": seconds}))


if __name__ == "__main__":
    main()
