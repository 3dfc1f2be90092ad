"""Rule presets: when two digits may be taken together.

Every preset shares the *match*: two digits match when they are equal or sum to ten
(so the value classes are {1,9}, {2,8}, {3,7}, {4,6} and {5}; any two digits of one class
match and no others).  The presets differ in which cells *connect*:

``original`` (default; the C assignment this family started from)
    Fixed grid of any size.  Two cells connect when they lie on one straight line
    (horizontal, vertical or 45° diagonal) and every cell strictly between them is cleared;
    8-adjacent cells are the case of nothing between.  Cleared cells stay in place.

``brief`` (the project brief's summary of the original)
    Fixed grid.  Two cells connect when they are 8-adjacent, or on one horizontal or
    vertical line with every cell strictly between them cleared.  Diagonals connect only
    between neighbours.

``classic`` (Take Ten / Numberama / Seeds, the pencil-and-paper ancestors)
    Rows of 9 (any width is accepted).  Two cells connect when they are next to each other
    in reading order skipping cleared cells (the end of a row runs on to the start of the
    next), or in one column with only cleared cells between.  A row whose cells are all
    cleared is removed and the rows below move up.  "Add numbers" appends the remaining
    digits, in reading order, after the last one; unlimited, and, as the paper game is
    played, only when no pair is left (the addition policy ``stuck``).

``easybrain`` (Easybrain's mobile "Number Match")
    As ``classic``, plus 45° diagonals across cleared cells (diagonals do not wrap).  At
    most 5 additions, at any time (the policy ``any``).

The addition policy is a rule of its own (``ADD_POLICIES``): ``any`` lets "add numbers" be
played at any time, ``stuck`` only when no pair can be taken.  A preset with another policy
than its own is named ``preset+policy`` (``classic+any``, as ``classic`` was played before
the policy existed; ``easybrain+stuck``); ``get_rules`` reads such names, and ``named``
writes them, so the one rules string a puzzle carries says the policy too.

On the fixed grids (``original``, ``brief``) clearing a cell never breaks a connection,
which is what makes their exact solver possible (see ``solve.py``); ``classic`` and
``easybrain`` are not monotone (row removal and additions move cells).

Because every move takes two digits of one value class, a board with an odd number of
digits in some class cannot be cleared without an addition (``parity_ok``); both solvers
(``solve.py``, ``seqsolve.py``) prune with it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from ..core.errors import InvalidParameterError

Direction = tuple[int, int]
"""``(d_row, d_col)``: a direction along which cells connect across cleared cells."""

HORIZONTAL: Direction = (0, 1)
VERTICAL: Direction = (1, 0)
DIAGONAL: Direction = (1, 1)
ANTIDIAGONAL: Direction = (1, -1)


@dataclass(frozen=True)
class Rules:
    """One rule preset (see the module docstring for the prose version)."""

    name: str
    summary: str
    lines: tuple[Direction, ...]
    """Directions along which two cells connect when only cleared cells lie between."""
    diagonal_neighbours: bool
    """Diagonal neighbours connect even when diagonals are not in ``lines``."""
    reading_order: bool = False
    """Cells next to each other in reading order (skipping cleared ones) connect."""
    removes_rows: bool = False
    """A fully cleared row disappears and the rows below move up."""
    max_adds: int | None = 0
    """How many times "add numbers" may be used (None: unlimited)."""
    add_policy: str = "any"
    """When "add numbers" may be used: ``any`` time, or only when ``stuck`` (no pair left)."""

    @property
    def fixed(self) -> bool:
        """True for the fixed-grid presets, where clearing never breaks a connection."""
        return not self.reading_order and not self.removes_rows and self.max_adds == 0


ORIGINAL = Rules(
    "original",
    "fixed grid; rows, columns and 45° diagonals across cleared cells",
    (HORIZONTAL, VERTICAL, DIAGONAL, ANTIDIAGONAL),
    diagonal_neighbours=True,
)
BRIEF = Rules(
    "brief",
    "fixed grid; 8-neighbours, rows and columns across cleared cells",
    (HORIZONTAL, VERTICAL),
    diagonal_neighbours=True,
)
CLASSIC = Rules(
    "classic",
    "Take Ten: reading order and columns across cleared cells; empty rows removed; "
    "unlimited additions, only when no pair is left",
    (VERTICAL,),
    diagonal_neighbours=False,
    reading_order=True,
    removes_rows=True,
    max_adds=None,
    add_policy="stuck",
)
EASYBRAIN = Rules(
    "easybrain",
    "Easybrain Number Match: reading order, columns and diagonals across cleared cells; "
    "empty rows removed; 5 additions",
    (VERTICAL, DIAGONAL, ANTIDIAGONAL),
    diagonal_neighbours=True,
    reading_order=True,
    removes_rows=True,
    max_adds=5,
)

PRESETS: dict[str, Rules] = {r.name: r for r in (ORIGINAL, BRIEF, CLASSIC, EASYBRAIN)}
ADD_POLICIES = ("any", "stuck")
"""When "add numbers" may be played: at any time, or only when no pair is left."""
_POLICY_WORDS = {"any": "at any time", "stuck": "only when no pair is left"}


def get_rules(name: str | Rules) -> Rules:
    """The preset called ``name``, or ``preset+policy`` for a preset under another addition
    policy than its own (a ``Rules`` passes through)."""
    if isinstance(name, Rules):
        return name
    base, plus, policy = name.partition("+")
    preset = PRESETS.get(base)
    if preset is None or (plus and policy not in ADD_POLICIES):
        known = ", ".join(PRESETS)
        policies = " or ".join(ADD_POLICIES)
        raise InvalidParameterError(
            f"unknown rules {name!r} (known: {known}, each may end in +{policies} where "
            "numbers are added)") from None
    if not plus or policy == preset.add_policy or preset.max_adds == 0:
        return preset
    summary = preset.summary.rsplit(",", 1)[0] if preset.add_policy == "stuck" else preset.summary
    return replace(preset, name=f"{base}+{policy}", add_policy=policy,
                   summary=f"{summary}, {_POLICY_WORDS[policy]}")


def named(rules: str | Rules, policy: str | None) -> str:
    """The name of ``rules`` under the addition ``policy`` (None: as they are)."""
    chosen = get_rules(rules)
    if policy is None:
        return chosen.name
    return get_rules(f"{chosen.name.partition('+')[0]}+{policy}").name


def preset_of(rules: str | Rules) -> str:
    """The preset a rules name starts from (``classic+any`` -> ``classic``)."""
    return get_rules(rules).name.partition("+")[0]


def matches(a: int, b: int) -> bool:
    """Two digits (not cleared) match when equal or summing to ten."""
    return a != 0 and b != 0 and (a == b or a + b == 10)


def value_class(v: int) -> int:
    """The value class of a digit: 1..5 for {1,9}, {2,8}, {3,7}, {4,6}, {5}."""
    return min(v, 10 - v)


VALUE_CLASS: tuple[int, ...] = tuple(value_class(v) for v in range(10))
"""``value_class`` as a table indexed by cell value (0 for a cleared cell), for hot loops."""


def odd_classes(cells: Iterable[int]) -> int:
    """Bitmask of the value classes with an odd number of digits in ``cells`` (bit ``c``
    for class ``c``; cleared cells do not count)."""
    odd = 0
    for v in cells:
        if v:
            odd ^= 1 << VALUE_CLASS[v]
    return odd


def parity_ok(cells: Iterable[int]) -> bool:
    """False when some value class has an odd number of digits: every move takes two
    digits of one class, so such cells cannot be cleared without an addition."""
    return odd_classes(cells) == 0
