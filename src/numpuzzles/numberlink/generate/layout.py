"""Layout controls: where a generated puzzle's clues (its paths' end cells) may lie.

Why its own module: the rules are stated once here and read by both generators
(``unique.py`` with ``steer.py`` and ``symmetric.py``, and ``arukone/generate.py``), by the
families' up-front refusals and by the tests, so "the puzzle keeps the layout" means one
thing everywhere.  The rules, exactly:

- ``symmetry``: ``rot2``: the set of end cells maps onto itself under the half turn;
  ``rot4``: under the quarter turn (square boards); ``mirror``: under the left-right
  mirror.  Labels need not follow (two mirrored clues may carry different labels).
- ``no_adjacent_ends``: no two end cells orthogonally side by side, whatever their
  labels (so a two-cell path is excluded too).
- ``min_length``: every path has at least this many cells, ends included (2: no rule).
- ``no_border_ends``: no end cell in the first or last row or column.
- ``corners``: each of the four corners has an end cell within two cells of it in both
  directions (in the 3x3 block at that corner).

``score`` counts how far a board is from its layout (0: kept); the generators' local
searches lower it, and ``violations`` words the same counts for a person.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...core.errors import InvalidParameterError
from ..limits import FILL_MIN_LENGTH, SYMMETRIES
from ..model import Puzzle

CORNER_REACH = 2
"""``corners``: an end within this many rows and columns of each corner cell."""


@dataclass(frozen=True)
class Layout:
    """The layout controls of one generation; the defaults ask for nothing."""

    symmetry: str = "none"
    no_adjacent_ends: bool = False
    min_length: int = 2
    no_border_ends: bool = False
    corners: bool = False

    @property
    def free(self) -> bool:
        """True when nothing is asked (the generators then run exactly as before)."""
        return self == Layout()

    def refusal(self, width: int, height: int) -> str | None:
        """Why this layout cannot be asked on a ``width`` x ``height`` board, or None.

        Checked up front, before any work, so an impossible combination is one line.
        """
        if self.symmetry not in SYMMETRIES:
            return f"symmetry must be one of {', '.join(SYMMETRIES)}, got {self.symmetry!r}"
        if self.symmetry == "rot4" and width != height:
            return f"rot4 symmetry needs a square board, got {width}x{height}"
        if self.symmetry == "rot4" and width % 2:
            return f"rot4 symmetry needs a square board of even side, got {width}x{height}"
        if self.symmetry != "none" and min(width, height) < 4:
            return f"symmetry needs a board of at least 4x4, got {width}x{height}"
        if self.min_length < 2:
            return f"min-length must be at least 2 (a path has two ends), got {self.min_length}"
        if self.min_length > width * height:
            return f"min-length {self.min_length} is more than the board's {width * height} cells"
        if self.no_border_ends and (width < 4 or height < 4):
            return f"no-border-ends needs a board of at least 4x4, got {width}x{height}"
        if self.corners and (width < 4 or height < 4):
            return f"corners needs a board of at least 4x4, got {width}x{height}"
        return None

    def check_board(self, width: int, height: int) -> None:
        """Raise ``InvalidParameterError`` with ``refusal``'s line where there is one."""
        reason = self.refusal(width, height)
        if reason is not None:
            raise InvalidParameterError(reason)


FREE = Layout()
"""The layout that asks for nothing."""


def layout_of(params: Mapping[str, Any]) -> Layout:
    """The layout a family's normalised generate params ask for (absent keys: no rule)."""
    return Layout(
        str(params.get("symmetry") or "none"),
        bool(params.get("no_adjacent_ends")),
        int(params.get("min_length") or 2),
        bool(params.get("no_border_ends")),
        bool(params.get("corners")),
    )


def symmetry_maps(symmetry: str, width: int, height: int) -> list[Callable[[int], int]]:
    """The group's non-identity cell maps (flat indices ``row * width + col``)."""

    def rot2(i: int) -> int:
        return width * height - 1 - i

    def mirror(i: int) -> int:
        r, c = divmod(i, width)
        return r * width + (width - 1 - c)

    def rot90(i: int) -> int:
        r, c = divmod(i, width)
        return c * width + (width - 1 - r)

    def rot270(i: int) -> int:
        r, c = divmod(i, width)
        return (width - 1 - c) * width + r

    if symmetry == "rot2":
        return [rot2]
    if symmetry == "mirror":
        return [mirror]
    if symmetry == "rot4":
        return [rot90, rot2, rot270]
    return []


def on_border(i: int, width: int, height: int) -> bool:
    """True when flat cell ``i`` lies in the first or last row or column."""
    r, c = divmod(i, width)
    return r in (0, height - 1) or c in (0, width - 1)


def _corner_blocks(width: int, height: int) -> list[tuple[range, range]]:
    reach = CORNER_REACH + 1
    rows = (range(0, min(reach, height)), range(max(0, height - reach), height))
    cols = (range(0, min(reach, width)), range(max(0, width - reach), width))
    return [(rs, cs) for rs in rows for cs in cols]


def counts(
    layout: Layout, width: int, height: int, paths: Sequence[Sequence[int]]
) -> dict[str, int]:
    """How many times each rule is broken by ``paths`` (flat indices; only their ends and
    lengths matter): the rule's name to its count, broken rules only."""
    ends = [i for p in paths for i in (p[0], p[-1])]
    end_set = set(ends)
    out: dict[str, int] = {}
    if layout.min_length > 2:
        short = sum(max(0, layout.min_length - len(p)) for p in paths)
        if short:
            out["min-length"] = short
    if layout.no_border_ends:
        border = sum(1 for i in end_set if on_border(i, width, height))
        if border:
            out["no-border-ends"] = border
    if layout.no_adjacent_ends:
        beside = sum(
            1 for i in end_set for j in (i + 1, i + width)
            if j in end_set and (j == i + width or j % width)
        )
        if beside:
            out["no-adjacent-ends"] = beside
    if layout.corners:
        missing = sum(
            1 for rs, cs in _corner_blocks(width, height)
            if not any(r * width + c in end_set for r in rs for c in cs)
        )
        if missing:
            out["corners"] = missing
    if layout.symmetry != "none":
        off = sum(
            1 for g in symmetry_maps(layout.symmetry, width, height) for i in end_set
            if g(i) not in end_set
        )
        if off:
            out["symmetry"] = off
    return out


def hot_ends(
    layout: Layout, width: int, height: int, paths: Sequence[Sequence[int]]
) -> list[int]:
    """The end cells that break a rule themselves (on the border, beside another end, on
    a short path, without their symmetric image): where a move most likely helps."""
    end_set = {i for p in paths for i in (p[0], p[-1])}
    maps = symmetry_maps(layout.symmetry, width, height)
    out: list[int] = []
    for p in paths:
        for i in (p[0], p[-1]):
            r, c = divmod(i, width)
            if (
                len(p) < layout.min_length
                or (layout.no_border_ends and on_border(i, width, height))
                or (layout.no_adjacent_ends and any(
                    (r + dr) * width + c + dc in end_set
                    for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                    if 0 <= r + dr < height and 0 <= c + dc < width))
                or any(g(i) not in end_set for g in maps)
            ):
                out.append(i)
    return out


def score(layout: Layout, width: int, height: int, paths: Sequence[Sequence[int]]) -> int:
    """The total count of broken rules (0: the layout holds)."""
    return sum(counts(layout, width, height, paths).values())


def cut_filter(layout: Layout, width: int, height: int) -> Callable[[list[int], int], bool] | None:
    """Whether a path may be cut between its cells ``pos`` and ``pos + 1`` without breaking
    ``min_length`` or ``no_border_ends`` (the two rules a cut alone can break for good;
    the two new ends are always side by side, which ``steer.polish`` mends); None when
    every cut is allowed."""
    k = layout.min_length
    border = layout.no_border_ends
    if k <= 2 and not border:
        return None

    def keep(path: list[int], pos: int) -> bool:
        if pos + 1 < k or len(path) - pos - 1 < k:
            return False
        return not (border and (on_border(path[pos], width, height)
                                or on_border(path[pos + 1], width, height)))

    return keep


def ends_score(layout: Layout, puzzle: Puzzle) -> int:
    """``score`` of the rules on ends alone (all but ``min_length``), read from a puzzle."""
    ends_only = Layout(layout.symmetry, layout.no_adjacent_ends, 2, layout.no_border_ends,
                       layout.corners)
    return score(ends_only, puzzle.width, puzzle.height, puzzle_paths(puzzle))


def puzzle_paths(puzzle: Puzzle) -> list[list[int]]:
    """The puzzle's end pairs as two-cell 'paths' (flat indices), for rules on ends alone."""
    w = puzzle.width
    return [[a[0] * w + a[1], b[0] * w + b[1]] for a, b in puzzle.endpoints().values()]


def violations(
    layout: Layout, puzzle: Puzzle, path_lengths: Sequence[int] = ()
) -> list[str]:
    """Each broken rule in words, for a puzzle and its solution's path lengths (empty:
    the layout holds).  Path lengths are only read by ``min_length``."""
    paths = puzzle_paths(puzzle)
    found = counts(Layout(layout.symmetry, layout.no_adjacent_ends, 2, layout.no_border_ends,
                          layout.corners), puzzle.width, puzzle.height, paths)
    out = [f"{name}: {count}" for name, count in sorted(found.items())]
    short = [n for n in path_lengths if n < layout.min_length]
    if short:
        out.append(f"min-length: {len(short)} paths shorter than {layout.min_length}")
    return out


__all__ = [
    "CORNER_REACH",
    "FILL_MIN_LENGTH",
    "FREE",
    "SYMMETRIES",
    "Layout",
    "counts",
    "cut_filter",
    "ends_score",
    "hot_ends",
    "layout_of",
    "on_border",
    "puzzle_paths",
    "score",
    "symmetry_maps",
    "violations",
]
