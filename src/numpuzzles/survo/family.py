"""Survo through the shared ``Family`` protocol (CLI, web, batch).

Why a family of its own and not Fubuki's general case: Fubuki's IDs (``fubuki:4x4#7``),
text blocks and page are square, and its variants (diagonals, products) have no meaning
for a rectangle; widening its model would change what those IDs and files mean.  Survo
keeps Fubuki's text format with the square lifted, and its own engines (a counter that
meets in the middle, the mutation measure) that Fubuki does not need.
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
from .model import MAX_CELLS, SHAPE_RULE, Filling, Puzzle, shape_error

_MD_RUNS, _MD_CAP = 10, 200
"""The mutation measure's budget in generation (the published one is 1,000 runs, uncapped:
``mutation.mutation_difficulty`` with its defaults)."""

_LISTED = 10
"""Solutions listed beside an exact count when ``solve`` is asked for all of them."""


def _shape(text: str) -> str:
    """``MxN`` (``3x4``), checked against the shapes Survo allows."""
    head, sep, tail = text.strip().lower().partition("x")
    height = ascii_int(head) if len(head) < 4 else None
    width = ascii_int(tail) if len(tail) < 4 else None
    if not sep or height is None or width is None:
        raise InvalidParameterError(f"shape must be MxN ({SHAPE_RULE}), got {text!r}")
    problem = shape_error(height, width)
    if problem:
        raise InvalidParameterError(problem)
    return f"{height}x{width}"


GENERATE_PARAMS: tuple[Param, ...] = (
    Param("shape", str, "3x4", f"Table shape MxN (M rows, N columns; {SHAPE_RULE}).",
          positional=True, argument=True, convert=_shape),
    Param("givens", int, None, "Exactly this many givens (at least the filling's fewest). "
          "0: an open puzzle, the sums alone (any shape, made near the extremes, where "
          "unique sums are found). Default: the fewest (none when the sums alone are "
          "unique).", low=0,
          high=MAX_CELLS),
)


def _dims(shape: str) -> tuple[int, int]:
    head, _, tail = _shape(shape).partition("x")
    return int(head), int(tail)


def symmetries(puzzle: Puzzle) -> list[Puzzle]:
    """The puzzle turned and mirrored (4 images; 8 when square), itself first: each has the
    images of the puzzle's solutions as its solutions."""
    m, n = puzzle.height, puzzle.width
    rows = [list(puzzle.givens[r * n:(r + 1) * n]) for r in range(m)]
    out = []
    for flip_rows in (False, True):
        for flip_cols in (False, True):
            grid = [row[::-1] if flip_cols else row for row in (rows[::-1] if flip_rows else rows)]
            rs = puzzle.rows[::-1] if flip_rows else puzzle.rows
            cs = puzzle.cols[::-1] if flip_cols else puzzle.cols
            image = Puzzle(m, n, tuple(rs), tuple(cs), tuple(v for row in grid for v in row))
            out.append(image)
            if m == n:
                out.append(image.transposed())
    return out


class SurvoFamily(SumFamily[Puzzle]):
    """Adapter from the protocol's calls to the Survo modules."""

    name = "survo"
    title = "Survo: an m×n table (2 ≤ m, n; m·n ≤ 36) of 1..m·n, each once, to row and column sums."
    text = formats  # the module, before the name is taken for its format names
    formats = formats.FORMATS
    checker = staticmethod(check)
    images = staticmethod(symmetries)
    generate_params = GENERATE_PARAMS
    rule_sets = howto.RULE_SETS
    play = howto.PLAY

    def read_filling(self, text: str, puzzle: Puzzle) -> Filling:
        return formats.parse_filling(text, puzzle.height, puzzle.width)

    def how_to_play(self, rules: str | None = None) -> list[str]:
        return howto.how_to_play(rules)

    def solve(self, puzzle: Puzzle, *, limit: int | None = None, timeout: float | None = None,
              **options: Any) -> SolveResult[Filling]:
        """Up to ``limit`` solutions; with ``limit=None`` the exact counter gives the total
        and the first ``_LISTED`` solutions are listed beside it."""
        import time
        from dataclasses import replace

        from ..core.deadline import Deadline
        from .count import count
        from .solve import solve

        self.option(self.solve_params, options)
        if limit is not None:
            return solve(puzzle, limit=limit, timeout=timeout)
        deadline = Deadline(timeout)
        started = time.perf_counter()
        listed = solve(puzzle, limit=_LISTED + 1, timeout=timeout)
        if listed.complete or listed.timed_out:
            return listed
        total, exact = count(puzzle, timeout=deadline.remaining())
        stats = replace(listed.stats, seconds=time.perf_counter() - started)  # both parts
        if not exact:
            return replace(listed, timed_out=True, stats=stats)
        return replace(listed, solutions=listed.solutions[:_LISTED], complete=True,
                       total=total, stats=stats)

    def describe(self, puzzle: Puzzle) -> str:
        kind = ", open" if puzzle.is_open else ""
        return f"{puzzle.height}x{puzzle.width}{kind}"

    def _make(self, params: Mapping[str, Any], seed: int) -> Made[Puzzle, Filling]:
        from .generate import generate
        from .grade import grade
        from .mutation import mutation_difficulty

        height, width = _dims(params["shape"])
        made = generate(height, width, seed, givens=params["givens"])
        details: dict[str, Any] = {"givens": made.puzzle.given_count,
                                   "open": made.puzzle.is_open,
                                   "fewest_givens_proved": made.minimum}
        # a fixed budget, no clock, so that an ID's details are the same on every machine;
        # md_capped: some run hit the cap, so md is a lower bound
        md = mutation_difficulty(made.puzzle, runs=_MD_RUNS, seed=seed, cap=_MD_CAP)
        details.update(md=round(md.md, 1), md_runs=md.runs, md_stars=md.stars,
                       md_capped=md.capped)
        graded = grade(made.puzzle, made.solution)
        if graded is None:
            return Made(made.puzzle, made.solution, None, details)
        details.update(hardest_step=graded.hardest_step, difficulty_score=graded.score)
        return Made(made.puzzle, made.solution, graded.grade, details)

    def hint(self, puzzle: Puzzle, *, timeout: float | None = None) -> HintAnswer:
        """A cell the sums force, and why; else why there is none."""
        from ..sumgrid.ladder import hint_answer
        from .hint import WORDS, hint
        from .solve import solve

        return hint_answer(puzzle, hint(puzzle, timeout), WORDS, solve, timeout)

    def analyse(self, puzzle: Puzzle, *, timeout: float | None = None) -> Analysis:
        from .analyse import analyse

        return analyse(puzzle, timeout=timeout)

    def draw(self, puzzle: Puzzle, solution: Filling | None = None) -> str:
        from .draw import draw

        return draw(puzzle, solution)

    def draw_analysis(self, puzzle: Puzzle, analysis: Analysis) -> str:
        from .draw import draw_analysis

        return draw_analysis(puzzle, analysis)


FAMILY: Family[Puzzle, Filling] = SurvoFamily()
