"""The request/answer plumbing: keyword arguments become the API's JSON body, the engine answers
in this process (`holodice._native`), and a refusal becomes a `HolodiceError`."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any, Union

from holodice import _native
from holodice._answers import Answer


class HolodiceError(ValueError):
    """A request the engine refused: its one-line `message` (the API's `error`), the `field` it
    concerns (a request key such as ``"attacker"``, or None), the HTTP `status` the server
    would send (400), and `game` when the input is the other game's (``"swtcg"`` for
    ``Power 5`` given to Legion).

    >>> import holodice
    >>> try:
    ...     holodice.swtcg.attack("Power 5", defendr="Health 3")
    ... except holodice.HolodiceError as e:
    ...     print(e.field, e.status)
    defendr 400
    """

    def __init__(
        self,
        message: str,
        field: str | None = None,
        status: int = 400,
        game: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.status = status
        self.game = game


def body(options: Mapping[str, Any]) -> dict[str, Any]:
    """The JSON body of keyword arguments: `until_destroyed` is the key ``until-destroyed``;
    None leaves a key out. Values go as they are: the engine checks them."""
    return {key.replace("_", "-"): value for key, value in options.items() if value is not None}


def call(path: str, request: dict[str, Any] | None = None) -> tuple[str, str]:
    """The engine's reply to `request` for `path` under /api/v1/ (None: a listing), raising the
    refusal of any status but 200."""
    text = "" if request is None else json.dumps(request)
    status, media_type, answer = _native.answer(path, text)
    if status != 200:
        refusal = json.loads(answer)
        raise HolodiceError(refusal["error"], refusal.get("field"), status, refusal.get("game"))
    return media_type, answer


def ask(game: str, path: str, request: dict[str, Any]) -> Answer:
    """The answer of the endpoint `path` to `request`, which it keeps."""
    media_type, text = call(path, request)
    return Answer(game, path, request, media_type, text)


def listing(path: str, request: dict[str, Any] | None = None) -> Any:
    """A listing's JSON (keywords, units), as parsed."""
    return json.loads(call(path, request)[1])


def version() -> str:
    """holodice's version: the engine's, which is the package's.

    >>> import holodice
    >>> holodice.version() == holodice.__version__
    True
    """
    return _native.version()


def table(game: str, rows: str, cols: str | None = None, **options: Any) -> Answer:
    """A table of one statistic (`stat`, default the chance to destroy or the mean wounds) over
    a range of SPEC items in `rows` (and `cols`), for the `game` (``"swtcg"`` or ``"legion"``);
    the other keys are ``holodice table``'s long options. `cells` holds a Fraction per cell.

    >>> import holodice
    >>> t = holodice.table("legion", "red 1..3", defender="white defense", stat="atleast:1")
    >>> t.rows["values"], t.cells
    ([1, 2, 3], [[Fraction(5, 8)], [Fraction(55, 64)], [Fraction(485, 512)]])
    """
    request = body({"game": game, "rows": rows, "cols": cols, **options})
    return ask(game, "table", request)


Samples = Union[str, Iterable[int], Mapping[int, int]]

# The game `check` takes for each answer it can test: an attack's, a Legion sequence's.
_CHECKED = {
    "swtcg/attack": "swtcg",
    "legion/attack": "legion",
    "legion/sequence": "legion-sequence",
}


def _samples(samples: Samples) -> str:
    """The samples as the API takes them: text as it is, outcome -> count as rows, and a list
    of outcomes counted into the same rows (so a simulator's hundred thousand samples fit the
    API's 64 KiB body)."""
    if isinstance(samples, str):
        return samples
    counts = samples if isinstance(samples, Mapping) else Counter(samples)
    return "".join(f"{k},{n}\n" for k, n in counts.items())


def check(samples: Samples, query: Answer | Mapping[str, Any], **options: Any) -> Answer:
    """Tests a simulator's samples of an attack (or a Legion sequence) against its exact
    distribution.

    `samples` are the outcomes (a list of ints), or outcome -> count (a dict), or the text the
    command line reads (one outcome a line, or ``outcome,count`` rows). `query` is the attack:
    the answer of `swtcg.attack`, `legion.attack` or `legion.sequence`, or a request dict with
    its ``game``, ``swtcg``, ``legion`` or ``legion-sequence``
    (``{"game": "swtcg", "attacker": "Power 3", "defender": "Health 2"}``). Options are
    ``holodice check``'s (`alpha`, `test`, `variable`).

    The answer has the test's `statistic`, `p_value` and `dof`, and `consistent`: False when
    the p-value is below `alpha` (1e-6 by default) or an outcome of probability 0 was seen
    (listed in `impossible`).

    >>> import holodice
    >>> attack = holodice.swtcg.attack("Power 3", "Health 2")
    >>> holodice.check({0: 100, 1: 300, 2: 300, 3: 100}, attack).consistent
    True
    >>> r = holodice.check({0: 100, 1: 300, 2: 400}, attack)
    >>> r.consistent, r.p_value < 1e-6
    (False, True)
    """
    if isinstance(query, Answer):
        game = _CHECKED.get(query.endpoint)
        if game is None:
            raise HolodiceError(
                f"check tests the samples of one attack or a Legion sequence: give the answer "
                f"of swtcg.attack, legion.attack or legion.sequence (or a request dict with its "
                f"game), not {query.endpoint}'s",
                "query",
            )
        request: dict[str, Any] = {"game": game, **query.request}
    else:
        request = dict(query)
    request.update(body(options))
    request["samples"] = _samples(samples)
    return ask(str(request.get("game")), "check", request)
