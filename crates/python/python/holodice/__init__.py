"""holodice: exact probabilities for the dice of the Star Wars Trading Card Game and Star Wars:
Legion, and a goodness-of-fit check of a simulator's samples against them.

The engine (Rust, in this package) answers the same JSON API as ``holodice serve``, in this
process: `swtcg` and `legion` ask it, `table` tabulates, `check` tests samples. Probabilities
are exact `fractions.Fraction`s; distributions are `Distribution`s.

>>> import holodice
>>> a = holodice.swtcg.attack("Power 5, Accuracy 1, Critical Hit 2", "Health 4, Armor")
>>> a.destroyed, f"{float(a.destroyed):.2%}"
(Fraction(251, 432), '58.10%')
"""

from holodice import legion, swtcg
from holodice._answers import Answer, Distribution
from holodice._api import HolodiceError, check, table, version

__version__ = version()

__all__ = [
    "Answer",
    "Distribution",
    "HolodiceError",
    "check",
    "legion",
    "swtcg",
    "table",
    "version",
]
