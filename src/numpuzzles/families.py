"""Registry of puzzle families implementing ``numpuzzles.core.family.Family``.

Batch generation, benchmarks and the web app iterate over this instead of importing each
family by hand.
"""

from __future__ import annotations

from typing import Any

from .core.family import Family
from .fubuki.family import FAMILY as FUBUKI
from .nummatch.family import FAMILY as NUMMATCH

FAMILIES: dict[str, Family[Any, Any]] = {f.name: f for f in (FUBUKI, NUMMATCH)}


def family(name: str) -> Family[Any, Any]:
    """The family called ``name``; KeyError names the known ones."""
    try:
        return FAMILIES[name]
    except KeyError:
        raise KeyError(f"unknown family {name!r}; known: {', '.join(sorted(FAMILIES))}") from None
