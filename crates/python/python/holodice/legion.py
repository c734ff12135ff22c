"""Star Wars: Legion: attacks, sequences of attacks on one unit, comparisons, matchups, armies.

Each function takes ``holodice legion``'s long options as keyword arguments (``edition=...``,
``until_wiped=True`` for ``--until-wiped``) and returns an `Answer`; a SPEC or key the engine
refuses raises `HolodiceError` with its message. See docs/legion.md for the SPECs.

>>> import holodice
>>> a = holodice.legion.attack("@Darth Vader (Dark Lord of the Sith)", "@Rebel Troopers")
>>> a.wounds.mean, a.wounds.mode
(Fraction(9129, 2048), 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Union

from holodice._answers import Answer
from holodice._api import ask, body, listing

Specs = Union[str, Sequence[str]]


def attack(attacker: str, defender: str | None = None, **options: Any) -> Answer:
    """One attack: `wounds`, `attack_results` and `attacker_wounds` as Distributions (and the
    chance the unit is `wiped` when its wounds are known).

    >>> import holodice
    >>> a = holodice.legion.attack("4 red, surge crit, aim 1", "white defense, cover light")
    >>> a.wounds.mean, a.wounds.at_least(1)
    (Fraction(567395, 196608), Fraction(72936403735, 73383542784))
    """
    return ask(
        "legion", "legion/attack", body({"attacker": attacker, "defender": defender, **options})
    )


def sequence(attack: Specs, defender: str | None = None, **options: Any) -> Answer:
    """Attacks in order on one unit (`attack`: one SPEC per attack), wounds, suppression and
    panic carried: total `wounds`, `wiped`, `suppressed`, `panicked`, and each of `attacks`.

    >>> import holodice
    >>> s = holodice.legion.sequence(["@Stormtroopers, range 2"] * 2, "@Rebel Troopers")
    >>> s.attacks[0]["wiped_by"]
    Fraction(1, 256)
    """
    return ask(
        "legion", "legion/sequence", body({"attack": attack, "defender": defender, **options})
    )


def compare(attacker: Specs, defender: Specs | None = None, **options: Any) -> Answer:
    """Loadouts side by side: each attacker against each defender, in `loadouts`."""
    return ask(
        "legion", "legion/compare", body({"attacker": attacker, "defender": defender, **options})
    )


def matchups(attacker: str, **options: Any) -> Answer:
    """One attacker against every unit card (filtered by `faction`, `rank`, ...): `matchups`,
    each with its `mean_wounds`, `at_least_one` and `wiped`.

    >>> import holodice
    >>> m = holodice.legion.matchups("1 red", faction="rebels", rank="corps")
    >>> m.matchups[0]["defender"], m.matchups[0]["mean_wounds"]
    ('Fleet Troopers', Fraction(1, 2))
    """
    return ask("legion", "legion/matchups", body({"attacker": attacker, **options}))


def army(list: str, **options: Any) -> Answer:
    """An army list's units (a Legion HQ 2 link or its hash, or a JSON list) against defenders
    (`against`) or another list, at each range band: `pairings`."""
    return ask("legion", "legion/army", body({"list": list, **options}))


def keywords() -> Any:
    """The items and keywords a Legion SPEC takes, with what each does."""
    return listing("legion/keywords")


def units(name: str | None = None, **options: Any) -> Any:
    """The unit and upgrade cards whose name or title contains `name`, with their statistics,
    keywords and weapons (filtered by `faction`, `type`, `rank`; `upgrades_for` a unit).

    >>> import holodice
    >>> units = holodice.legion.units("Stormtroopers", type="unit")["cards"]
    >>> units[0]["spec_name"], units[0]["stats"]["minis"]
    ('Stormtroopers (ay)', 4)
    """
    return listing("legion/units", body({"name": name, **options}))
