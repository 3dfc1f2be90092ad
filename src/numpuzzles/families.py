"""The one registry of puzzle families: the command line, the web app, batch generation,
benchmarks and tests all read it.

Families load on first use, so naming one family never pays for importing another (the
Numberlink engines pull in numpy and a SAT solver).  Adding a family is one sub-package
with a ``Family`` object plus one line in ``_ENTRIES``.
"""

from __future__ import annotations

import importlib
from typing import Any

from .core.errors import InvalidParameterError
from .core.family import Family

_ENTRIES: dict[str, tuple[str, str, str]] = {
    # name: (module, attribute, one-line title shown before the module is loaded)
    "fubuki": (
        "numpuzzles.fubuki.family", "FAMILY",
        "Fubuki: digits 1..n² once each, row and column totals.",
    ),
    "nummatch": (
        "numpuzzles.nummatch.family", "FAMILY",
        "Number Match: clear the board by removing equal pairs or pairs summing to ten.",
    ),
    "numberlink": (
        "numpuzzles.numberlink.family", "NUMBERLINK",
        "Numberlink / Flow Free: connect equal labels with non-crossing paths.",
    ),
    "arukone": (
        "numpuzzles.numberlink.arukone.family", "ARUKONE",
        "Arukone (BwInf): Numberlink where cells may stay empty; puzzles that beat the checker.",
    ),
    "survo": (
        "numpuzzles.survo.family", "FAMILY",
        "Survo: an m×n table (2 ≤ m, n; m·n ≤ 36) of 1..m·n, each once, to row and column sums.",
    ),
}

NAMES: tuple[str, ...] = tuple(_ENTRIES)
"""Every family's name, in the order help texts list them."""


class UnknownFamilyError(InvalidParameterError, KeyError):
    """A family name not in the registry (a KeyError too, for dict-like use)."""

    def __str__(self) -> str:
        return str(self.args[0])


def title(name: str) -> str:
    """The family's one-line description, without loading it."""
    return _entry(name)[2]


def _entry(name: str) -> tuple[str, str, str]:
    try:
        return _ENTRIES[name]
    except KeyError:
        raise UnknownFamilyError(
            f"unknown family {name!r}; known: {', '.join(sorted(_ENTRIES))}"
        ) from None


def family(name: str) -> Family[Any, Any]:
    """The family called ``name`` (loaded now if it was not yet)."""
    module, attribute, _ = _entry(name)
    found: Family[Any, Any] = getattr(importlib.import_module(module), attribute)
    return found


def all_families() -> dict[str, Family[Any, Any]]:
    """Every family, loaded, by name."""
    return {name: family(name) for name in NAMES}
