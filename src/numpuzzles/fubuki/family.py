"""Fubuki through the shared ``Family`` protocol: what every surface (CLI, web, batch) uses.

Puzzles are ``Puzzle`` values (the variant travels inside them: diagonals, products);
solutions are fillings, rows of digits.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.analysis import Analysis
from ..core.errors import InvalidParameterError
from ..core.family import Family, HintAnswer, Made
from ..core.intparse import ascii_int
from ..core.params import Param
from ..core.result import SolveResult
from ..sumgrid.family import SumFamily
from . import formats, howto
from .check import check
from .model import SIZES, Filling, Puzzle


def _size(text: str) -> int:
    """``3`` or ``3x3`` (as IDs write it)."""
    head, _, tail = text.strip().lower().partition("x")
    size = ascii_int(head) if len(head) < 4 else None
    if size is None or (tail and tail != head):
        raise InvalidParameterError(f"size must be n or nxn (3, 4 or 5), got {text!r}")
    return size


GENERATE_PARAMS: tuple[Param, ...] = (
    Param("size", int, 3, "Grid size n (n×n, digits 1..n²).", low=min(SIZES), high=max(SIZES),
          positional=True, convert=_size, show=lambda n: f"{n}x{n}"),
    Param("variant", str, "plain",
          "plain; diagonals: both diagonal totals are printed too; product: totals are "
          "products.", choices=("plain", "diagonals", "product"), positional=True,
          as_flags=True, hide_default=True),
    Param("givens", int, None, "Exactly this many givens (at least the filling's minimum). "
          "Default: the minimum (3×3) or an irreducible set (4×4, 5×5).", low=0,
          high=max(SIZES) ** 2),
)


def symmetries(puzzle: Puzzle) -> list[Puzzle]:
    """The puzzle under the 8 symmetries of the square (itself first).

    A transpose swaps row and column totals and keeps both diagonals; a mirror reverses
    the columns and swaps the two diagonals.  Each image has the images of the puzzle's
    solutions as its solutions.
    """
    n = puzzle.size
    grid = [list(puzzle.givens[r * n : (r + 1) * n]) for r in range(n)]
    rows, cols, diag = list(puzzle.rows), list(puzzle.cols), puzzle.diagonals
    out = []
    for _ in range(2):
        for _ in range(4):
            flat = tuple(v for row in grid for v in row)
            out.append(Puzzle(n, tuple(rows), tuple(cols), flat, diag, puzzle.product))
            # a quarter turn: transpose, then mirror
            grid = [list(row) for row in zip(*grid, strict=True)]
            rows, cols = cols, rows
            grid = [row[::-1] for row in grid]
            cols = cols[::-1]
            diag = None if diag is None else (diag[1], diag[0])
        grid = [row[::-1] for row in grid]
        cols = cols[::-1]
        diag = None if diag is None else (diag[1], diag[0])
    return out


class FubukiFamily(SumFamily[Puzzle]):
    """Adapter from the protocol's uniform calls to the Fubuki modules."""

    name = "fubuki"
    title = "Fubuki: digits 1..n² once each, row and column totals."
    text = formats  # the module, before the name is taken for its format names
    formats = formats.FORMATS
    checker = staticmethod(check)
    images = staticmethod(symmetries)
    generate_params = GENERATE_PARAMS
    rule_sets = howto.VARIANTS
    play = howto.PLAY

    def read_filling(self, text: str, puzzle: Puzzle) -> Filling:
        return formats.parse_filling(text, puzzle.size)

    def how_to_play(self, rules: str | None = None) -> list[str]:
        """The goal and the rules of the variant ``rules`` (default ``plain``)."""
        return howto.how_to_play(rules)

    def solve(
        self,
        puzzle: Puzzle,
        *,
        limit: int | None = None,
        timeout: float | None = None,
        **options: Any,
    ) -> SolveResult[Filling]:
        from .solve import solve

        self.option(self.solve_params, options)
        return solve(puzzle, limit=limit, timeout=timeout)

    def describe(self, puzzle: Puzzle) -> str:
        n = puzzle.size
        variant = ", diagonals" if puzzle.diagonals else ", product" if puzzle.product else ""
        return f"{n}x{n}{variant}"

    def _make(self, params: Mapping[str, Any], seed: int) -> Made[Puzzle, Filling]:
        from .generate import Variant, generate
        from .grade import grade

        made = generate(
            params["size"], seed, givens=params["givens"], variant=Variant(params["variant"])
        )
        details: dict[str, Any] = {"givens": made.puzzle.given_count}
        graded = grade(made.puzzle)  # the generator's puzzles are unique, so never None
        if graded is None:
            return Made(made.puzzle, made.solution, None, details)
        details.update(hardest_step=graded.hardest_step, difficulty_score=graded.score)
        return Made(made.puzzle, made.solution, graded.grade, details)

    def hint(self, puzzle: Puzzle, *, timeout: float | None = None) -> HintAnswer:
        """A cell the totals force, and why; else why there is none."""
        from ..sumgrid.ladder import hint_answer
        from .hint import WORDS, hint
        from .solve import solve

        return hint_answer(puzzle, hint(puzzle), WORDS, solve, timeout)

    def analyse(self, puzzle: Puzzle, *, timeout: float | None = None) -> Analysis:
        """The count, the digits every solution shares, the grade when unique, and a
        given that makes it unique (``analyse.py``)."""
        from .analyse import analyse

        return analyse(puzzle, timeout=timeout)

    def draw(self, puzzle: Puzzle, solution: Filling | None = None) -> str:
        from .draw import draw

        return draw(puzzle, solution)

    def draw_analysis(self, puzzle: Puzzle, analysis: Analysis) -> str:
        """The digits every solution shares pencilled in, the differing cells shaded."""
        from .draw import draw_analysis

        return draw_analysis(puzzle, analysis)


FAMILY: Family[Puzzle, Filling] = FubukiFamily()
