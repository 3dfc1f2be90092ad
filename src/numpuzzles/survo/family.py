"""Survo through the shared ``Family`` protocol (CLI, web, batch).

Why a family of its own and not Fubuki's general case: Fubuki's IDs (``fubuki:4x4#7``),
text blocks and page are square, and its variants (diagonals, products) have no meaning
for a rectangle; widening its model would change what those IDs and files mean.  Survo
keeps Fubuki's text format with the square lifted, and its own engines (a counter that
meets in the middle, the mutation measure) that Fubuki does not need.
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
          "Default: the fewest (none when the sums alone are unique).", low=0,
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


class SurvoFamily(FamilyBase[Puzzle, Filling]):
    """Adapter from the protocol's calls to the Survo modules."""

    name = "survo"
    title = "Survo: an m×n table (2 ≤ m, n; m·n ≤ 36) of 1..m·n, each once, to row and column sums."
    formats = formats.FORMATS
    comment_formats = ("text",)
    generate_params = GENERATE_PARAMS
    default_limit = None
    verbs = frozenset({"hint", "draw", "analyse"})
    draws_analysis = True
    rule_sets = howto.RULE_SETS
    play = howto.PLAY

    def how_to_play(self, rules: str | None = None) -> list[str]:
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
        return formats.parse_filling(text, puzzle.height, puzzle.width)

    def puzzle_json(self, puzzle: Puzzle) -> dict[str, Any]:
        return formats.to_json(puzzle)

    def solution_json(self, puzzle: Puzzle, solution: Filling) -> Any:
        return [list(row) for row in solution]

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

    def check(self, puzzle: Puzzle, solution: Filling) -> list[Violation]:
        return check(puzzle, solution)

    def describe(self, puzzle: Puzzle) -> str:
        kind = ", open" if puzzle.is_open else ""
        return f"{puzzle.height}x{puzzle.width}{kind}"

    def distinct_key(self, puzzle: Puzzle) -> Hashable:
        """The smallest of the puzzle's turned and mirrored images."""
        return min(repr(p) for p in symmetries(puzzle))

    def explain_difference(self, puzzle: Puzzle, first: Filling, second: Filling) -> str:
        n = puzzle.width
        cells = [r * n + c + 1 for r in range(puzzle.height) for c in range(n)
                 if first[r][c] != second[r][c]]
        return "the first two solutions differ at positions " + ", ".join(map(str, cells))

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
        graded = grade(made.puzzle)
        if graded is None:
            return Made(made.puzzle, made.solution, None, details)
        details.update(hardest_step=graded.hardest_step, difficulty_score=graded.score)
        return Made(made.puzzle, made.solution, graded.grade, details)

    def hint(self, puzzle: Puzzle, *, timeout: float | None = None) -> HintAnswer:
        """A cell the sums force, and why; else why there is none."""
        from .hint import hint
        from .solve import solve

        found = hint(puzzle)
        if found is not None:
            message = (f"position {found.position} (row {found.row}, column {found.col}) is "
                       f"{found.value}: {found.reason}")
            details = {"position": found.position, "row": found.row, "col": found.col,
                       "value": found.value, "reason": found.reason, "tier": found.tier}
            return HintAnswer(Status.SOLVED, message, details)
        result = solve(puzzle, limit=2, timeout=timeout)
        if result.status is Status.UNSOLVABLE:
            return HintAnswer(Status.UNSOLVABLE, "the puzzle has no solution")
        if result.status is Status.UNKNOWN:
            return HintAnswer(Status.UNKNOWN, "undecided: the time limit stopped the search")
        if 0 not in puzzle.givens:
            return HintAnswer(Status.SOLVED, "the table is already full")
        return HintAnswer(Status.SOLVED,
                          "no empty cell is forced: the puzzle has more than one solution")

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
