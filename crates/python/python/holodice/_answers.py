"""The answers' objects: a JSON answer with its exact values read as Fractions and Distributions.

The API writes every exact value as a string ("251/432"); which strings are exact values is
known by key (the Rust answers' `Fraction` fields), not guessed from their text, so a card
number or a SPEC that happens to be digits stays a string.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from fractions import Fraction
from typing import Any

# Keys whose value is an exact fraction, or a map or list of them (`destroyed_by`, `cells`).
_EXACT = frozenset(
    {
        # SWTCG
        "destroyed",
        "attacker_destroyed",
        "secondary_destroyed",
        "bounty",
        "consume",
        "defender_resilience",
        "probability",
        "made",
        "stun",
        "defender_stun",
        "surge",
        "attacker_surge",
        "triggers",
        "never_destroyed",
        "destroyed_by",
        "attacker_destroyed_by",
        "shots_to_kill",
        # Legion
        "wiped",
        "guardian_wiped",
        "suppressed",
        "panicked",
        "wiped_by",
        "attacks_to_wipe",
        "mean_attacks_to_wipe",
        "mean_wounds",
        "at_least_one",
        "mean_wounds_per_100_points",
        "at_least_one_per_100_points",
        # Tables
        "cells",
    }
)
# Keys that hold exact fractions only under one parent: a follow-up attack's `choices` are the
# chances of each option, where the attack's own `choices` are the options taken (text).
_EXACT_UNDER = frozenset({("follow_up", "choices")})
# Keys whose value is words throughout, whatever its keys: Legion's `resolved` units (where
# `surge` is the surge chart, "hit", not SWTCG's chance of Surge).
_TEXT = frozenset({"resolved"})


class Distribution:
    """A random variable's exact distribution: P(= k) for each outcome k, as Fractions.

    Built from the API's distribution object; `mean`, `variance`, `mode`, `min` and `max` are
    the engine's. Outside `min`..`max` an outcome has probability 0.

    >>> import holodice
    >>> d = holodice.swtcg.attack("Power 3", "Health 2").damage
    >>> d[1], d.at_least(1), d.mean
    (Fraction(3, 8), Fraction(7, 8), Fraction(3, 2))
    >>> d[9]
    Fraction(0, 1)
    >>> sum(d.pmf.values())
    Fraction(1, 1)
    >>> f"{float(d.mean):.2f}"
    '1.50'
    """

    __slots__ = ("_at_least", "max", "mean", "min", "mode", "pmf", "variance")

    pmf: dict[int, Fraction]
    mean: Fraction
    variance: Fraction
    mode: int
    min: int
    max: int

    def __init__(self, answer: Mapping[str, Any]) -> None:
        self.pmf = {int(k): Fraction(p) for k, p in answer["pmf"].items()}
        self.mean = Fraction(answer["mean"])
        self.variance = Fraction(answer["variance"])
        self.mode = int(answer["mode"])
        self.min = int(answer["min"])
        self.max = int(answer["max"])
        self._at_least = {int(k): Fraction(p) for k, p in answer.get("at_least", {}).items()}

    def __getitem__(self, k: int) -> Fraction:
        """P(= k); 0 for an outcome that can't happen."""
        return self.pmf.get(k, Fraction(0))

    def at_least(self, k: int) -> Fraction:
        """P(≥ k)."""
        if k in self._at_least:
            return self._at_least[k]
        return sum((p for j, p in self.pmf.items() if j >= k), Fraction(0))

    def at_most(self, k: int) -> Fraction:
        """P(≤ k)."""
        return 1 - self.at_least(k + 1)

    def __iter__(self) -> Iterator[int]:
        """The outcomes the engine lists, in order."""
        return iter(self.pmf)

    def __len__(self) -> int:
        return len(self.pmf)

    def items(self) -> Iterator[tuple[int, Fraction]]:
        """(k, P(= k)) for each outcome, in order."""
        return iter(self.pmf.items())

    def to_dict(self) -> dict[int, Fraction]:
        """The pmf, as a new dict of outcome to probability."""
        return dict(self.pmf)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Distribution):
            return NotImplemented
        return self.pmf == other.pmf

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Distribution(min={self.min}, max={self.max}, mean={self.mean})"


def _read(value: Any, key: str | None, exact: bool) -> Any:
    """The JSON `value` found under `key`, its exact values read (all of them when `exact`)."""
    if isinstance(value, dict):
        if "pmf" in value:
            return Distribution(value)
        return {
            k: v if k in _TEXT else _read(v, k, exact or k in _EXACT or (key, k) in _EXACT_UNDER)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [_read(v, key, exact) for v in value]
    if exact and isinstance(value, str):
        return Fraction(value)
    return value


def read(answer: Any) -> Any:
    """An answer's JSON with its distributions as Distribution and exact values as Fraction."""
    return _read(answer, None, False)


class Answer(Mapping[str, Any]):
    """An endpoint's answer: its values by key (``a["destroyed"]`` or ``a.destroyed``).

    Distributions are `Distribution`s and exact values `fractions.Fraction`s; the rest is the
    JSON's. It keeps what it answered: `game`, `endpoint` (the API path) and `request` (the
    JSON body sent), so `holodice.check` can test samples against it. `json` is the answer as
    parsed, fractions still strings; `text` the body as sent. An answer asked in another format
    (``format="csv"``) has only its `text` (and `json` is None).

    >>> import holodice
    >>> a = holodice.swtcg.attack("Power 5, Accuracy 1, Critical Hit 2", "Health 4, Armor")
    >>> a.destroyed
    Fraction(251, 432)
    >>> a["destroyed"] == a.destroyed, a.json["destroyed"], a.request["defender"]
    (True, '251/432', 'Health 4, Armor')
    >>> a.game, a.endpoint
    ('swtcg', 'swtcg/attack')
    """

    game: str
    endpoint: str
    request: dict[str, Any]
    media_type: str
    text: str
    json: Any

    def __init__(
        self, game: str, endpoint: str, request: dict[str, Any], media_type: str, text: str
    ) -> None:
        self.game = game
        self.endpoint = endpoint
        self.request = request
        self.media_type = media_type
        self.text = text
        is_json = media_type == "application/json"
        self.json = json.loads(text) if is_json else None
        read_values = read(self.json) if isinstance(self.json, dict) else {}
        self._values: dict[str, Any] = read_values

    def __getitem__(self, key: str) -> Any:
        return self._values[key]

    def __getattr__(self, name: str) -> Any:
        # Only reached for names that are not attributes: the answer's keys. Read through
        # __dict__, which a copy being made doesn't have filled yet.
        values = self.__dict__.get("_values", {})
        if name in values:
            return values[name]
        raise AttributeError(f"the answer has no {name!r} (its keys: {', '.join(values)})")

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __dir__(self) -> list[str]:
        return [*super().__dir__(), *self._values]

    def __repr__(self) -> str:
        return f"<Answer {self.endpoint} {json.dumps(self.request)}>"
