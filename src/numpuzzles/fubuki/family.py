"""Fubuki through the shared ``Family`` protocol: what every surface (CLI, web, batch) uses.

Puzzles are ``Puzzle`` values (the variant travels inside them: diagonals, products);
solutions are fillings, rows of digits.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from ..core.analysis import Analysis
from ..core.errors import InvalidParameterError, PuzzleFormatError
from ..core.family import Family, FamilyBase, HintAnswer, Made
from ..core.intparse import ascii_int
from ..core.jsontext import first_json_value, member
from ..core.params import Param
from ..core.result import SolveResult, Status
from ..core.violation import Violation
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


class FubukiFamily(FamilyBase[Puzzle, Filling]):
    """Adapter from the protocol's uniform calls to the Fubuki modules."""

    name = "fubuki"
    title = "Fubuki: digits 1..n² once each, row and column totals."
    formats = formats.FORMATS
    comment_formats = ("text",)
    generate_params = GENERATE_PARAMS
    default_limit = None
    verbs = frozenset({"hint", "draw", "analyse"})
    draws_analysis = True
    rule_sets = howto.VARIANTS
    play = howto.PLAY

    def how_to_play(self, rules: str | None = None) -> list[str]:
        """The goal and the rules of the variant ``rules`` (default ``plain``)."""
        return howto.how_to_play(rules)

    def parse(self, text: str, format: str | None = None, **options: Any) -> list[Puzzle]:
        self.option(self.read_params, options)
        return formats.parse(text, format)

    def dump(self, puzzle: Puzzle, format: str | None = None) -> str:
        return formats.dump(puzzle, format or "text")

    def dump_solution(self, puzzle: Puzzle, solution: Filling, format: str | None = None) -> str:
        return formats.format_filling(solution) + "\n"

    def parse_solution(self, text: str, puzzle: Puzzle, format: str | None = None) -> Filling:
        """Rows separated by ``/`` or newlines, or JSON rows (a ``--json`` record too)."""
        if format == "json" or (format is None and text.lstrip().startswith(("{", "["))):
            value = member(first_json_value(text), "solution")
            if isinstance(value, dict) and isinstance(value.get("solutions"), list):
                value = value["solutions"][0] if value["solutions"] else None
            if not isinstance(value, list) or not all(isinstance(r, list) for r in value):
                raise PuzzleFormatError("a JSON filling is a list of rows of numbers")
            text = "/".join(" ".join(str(v) for v in row) for row in value)
        return formats.parse_filling(text, puzzle.size)

    def puzzle_json(self, puzzle: Puzzle) -> dict[str, Any]:
        return formats.to_json(puzzle)

    def solution_json(self, puzzle: Puzzle, solution: Filling) -> Any:
        return [list(row) for row in solution]

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

    def check(self, puzzle: Puzzle, solution: Filling) -> list[Violation]:
        return check(puzzle, solution)

    def describe(self, puzzle: Puzzle) -> str:
        n = puzzle.size
        variant = ", diagonals" if puzzle.diagonals else ", product" if puzzle.product else ""
        return f"{n}x{n}{variant}"

    def distinct_key(self, puzzle: Puzzle) -> Hashable:
        """The smallest of the puzzle's 8 rotations and reflections."""
        return min(repr(p) for p in symmetries(puzzle))

    def explain_difference(self, puzzle: Puzzle, first: Filling, second: Filling) -> str:
        n = puzzle.size
        cells = [r * n + c + 1 for r in range(n) for c in range(n) if first[r][c] != second[r][c]]
        return "the first two solutions differ at positions " + ", ".join(map(str, cells))

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
        from .hint import hint
        from .solve import solve

        found = hint(puzzle)
        if found is not None:
            message = (
                f"position {found.position} (row {found.row}, column {found.col}) is "
                f"{found.value}: {found.reason}"
            )
            details = {
                "position": found.position,
                "row": found.row,
                "col": found.col,
                "value": found.value,
                "reason": found.reason,
                "tier": found.tier,
            }
            return HintAnswer(Status.SOLVED, message, details)
        result = solve(puzzle, limit=2, timeout=timeout)
        if result.status is Status.UNSOLVABLE:
            return HintAnswer(Status.UNSOLVABLE, "the puzzle has no solution")
        if result.status is Status.UNKNOWN:
            return HintAnswer(Status.UNKNOWN, "undecided: the time limit stopped the search")
        if 0 not in puzzle.givens:
            return HintAnswer(Status.SOLVED, "the grid is already full")
        return HintAnswer(
            Status.SOLVED, "no empty cell is forced: the puzzle has more than one solution"
        )

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
