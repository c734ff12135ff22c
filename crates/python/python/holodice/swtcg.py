"""The Star Wars Trading Card Game: attacks, dice, sequences and comparisons.

Each function takes ``holodice swtcg``'s long options as keyword arguments (``rule=[...]``,
``until_destroyed=True`` for ``--until-destroyed``) and returns an `Answer`; a SPEC or key the
engine refuses raises `HolodiceError` with its message. See docs/swtcg.md for the SPECs.

>>> import holodice
>>> a = holodice.swtcg.attack("Power 5, Accuracy 1, Critical Hit 2", "Health 4, Armor")
>>> print(f"{float(a.destroyed):.2%}")
58.10%
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Union

from holodice._answers import Answer
from holodice._api import ask, body, listing

Specs = Union[str, Sequence[str]]


def attack(attacker: str, defender: str | None = None, **options: Any) -> Answer:
    """One attack: `damage`, `hits` and `attacker_damage` as Distributions, and the chance the
    defender is `destroyed` when it has Health.

    >>> import holodice
    >>> a = holodice.swtcg.attack("Power 4", "Health 3", rule=["overkill=all"])
    >>> a.damage.mean, a.destroyed
    (Fraction(2, 1), Fraction(5, 16))
    """
    return ask(
        "swtcg", "swtcg/attack", body({"attacker": attacker, "defender": defender, **options})
    )


def dice(count: int, target: str | None = None, **options: Any) -> Answer:
    """`count` dice of damage on their own (Ambush, a Retaliate) against `target`.

    >>> import holodice
    >>> holodice.swtcg.dice(3, "Health 2, Armor, Evade 1").destroyed
    Fraction(1, 27)
    """
    return ask("swtcg", "swtcg/dice", body({"count": count, "target": target, **options}))


def sequence(attacker: Specs, defender: str | None = None, **options: Any) -> Answer:
    """Attacks in order on one defender (`attacker`: one SPEC per attack, or one SPEC repeated
    with ``until_destroyed=True``): `counters`, `destroyed`, `destroyed_by` each attack.

    >>> import holodice
    >>> s = holodice.swtcg.sequence(["Power 3", "Power 4"], "Health 6")
    >>> s.destroyed, s.destroyed_by
    (Fraction(1, 16), {'1': Fraction(0, 1), '2': Fraction(1, 16)})
    """
    return ask(
        "swtcg", "swtcg/sequence", body({"attacker": attacker, "defender": defender, **options})
    )


def compare(attacker: Specs, defender: Specs | None = None, **options: Any) -> Answer:
    """Loadouts side by side: each attacker against each defender, in `loadouts`.

    >>> import holodice
    >>> c = holodice.swtcg.compare(["Power 5, Accuracy 1", "Power 5, Critical Hit 2"], "Health 4, Armor")
    >>> [(l["label"], l["destroyed"]) for l in c.loadouts]
    [('A', Fraction(3, 16)), ('B', Fraction(106, 243))]
    """
    return ask(
        "swtcg", "swtcg/compare", body({"attacker": attacker, "defender": defender, **options})
    )


def keywords() -> Any:
    """The keywords a SWTCG SPEC takes, with what each does (``holodice swtcg keywords``)."""
    return listing("swtcg/keywords")
