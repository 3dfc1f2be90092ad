"""The default Numberlink generator: every cell used, and a proved unique solution.

Why this shape: random path covers almost never have a unique solution under plain
``fill`` (paths may run alongside themselves, so detours abound), and restarting until one
happens to be unique does not finish at useful sizes.  Instead a candidate is *repaired*
where its solutions differ, which always makes progress:

1. **cover**: grow random paths that never touch themselves (the union-find method's
   growth), give every leftover cell to a neighbouring path (at its end, or by cutting
   that path next to the cell), then merge paths whose ends touch (again never letting a
   path touch itself) down to the target number of pairs (or cut up to it);
2. **cheap repair** (``fill``): run the deduction solver of ``deduce.py``; while it
   leaves edges undecided, cut witness paths inside each undecided region (one cut per
   60 undecided edges, each where it leaves the most balanced pieces) and run it again,
   starting from the facts it already had (they stay true after a cut, see below);
   once, when few edges are left open, ask the solver: a unique answer ends the repair
   early (such puzzles grade ``expert``), a second solution guides the next cut;
3. **proof**: the solver with ``limit=2``; if it finds a second solution, cut the witness
   path at an edge the second solution does not use and prove again.  Under ``blank``
   step 2's deductions (made for ``fill``) only choose where to cut, cheaply; the
   solver's answers under ``blank`` decide.

Cutting path ``a..u|v..b`` into ``a..u`` and ``v..b`` never adds a solution: every
solution of the cut puzzle becomes one of the old puzzle by joining ``u-v``, and the
second solution (which does not use ``u-v``) is not among them; so the count strictly
falls and the loop ends (at worst with every path two cells long).  The same argument
makes every deduced fact about the old puzzle (edge on / edge off) true for the cut one,
with ``u-v`` now off, which is why step 2 never starts from scratch.

Thinner puzzles (issue 13, ``sparse.py``): under ``fill`` on boards of ``THIN_CELLS`` up to
``THIN_MAX_CELLS``, or when a pair count or density is asked at any size, the cover is first
reshaped into long paths, and the repaired puzzle is merged back (two paths whose ends
touch, kept only while the deductions still decide every edge) down to ``FILL_DENSITY`` or
the count asked; with a count asked, where the joins run out above it, a path is cut and
joined again (``sparse.cut_and_merge``), and past ``THIN_MAX_CELLS`` the cover is reshaped
to at most ``default_pairs`` and repaired with fewer cuts per round; the next attempt aims
lower when the count is missed. Under ``fill-
notouch`` (Flow Free's convention) the cover is reshaped straight down to the published
density (``default_pairs``) or the count asked, proved unique by the scan search, cut where
a second solution differs until it is, and merged back down while the scan search proves
each merge; such covers are nearly always unique at once. ``pairs`` and ``density`` ask for
an exact count; after 50 attempts the generator gives up with a one-line ``GenerationError``
saying how close it came. No puzzle is returned unproved.

Layout controls (issue 24, ``layout.py``: symmetry, no adjacent ends, a shortest path, no
ends on the border, clues at the corners): the cover is first moved towards the layout
without proof (``steer.steer``), the cuts keep the rules a cut could break for good
(``layout.cut_filter``), the proved merges refuse joins that break it more, and the proved
puzzle is then moved, each move proved again, until it holds (``steer.polish``); an
attempt that still breaks it is dropped.  A symmetric layout has its own attempt, where
every cut and join is done to a whole orbit (``symmetric.py``).  Without a layout none of
this runs and no random number is drawn for it, so old seeds give their old puzzles.

Randomness comes from one ``random.Random(seed)``, so the same parameters and seed give
the same puzzle.  Coordinates are ``(row, col)``; paths are lists of flat indices
``row * width + col`` internally.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from ...core.errors import GenerationError, InvalidParameterError
from ...core.seeds import puzzle_id, rng
from ..limits import MAX_CELLS
from ..model import Puzzle, Rules, Solution
from ..solve.dispatch import solve
from .cover import as_puzzle, random_cover
from .deduce import analyse
from .grade import GRADES, Difficulty, Grade, grade
from .layout import FREE, Layout, cut_filter
from .repair import OPEN_EDGES_PER_CUT, Prover, cut_where_differs, make_unique
from .sparse import (
    THIN_CELLS,
    THIN_MAX_CELLS,
    cut_and_merge,
    merge_proved,
    reshape,
    reshape_steps,
)
from .steer import kept, laid_out, steered
from .symmetric import symmetric_attempt


@dataclass(frozen=True)
class GeneratedPuzzle:
    """A generated puzzle, its unique solution, its grade and the ID that regenerates it."""

    id: str
    seed: int
    rules: Rules
    puzzle: Puzzle
    solution: Solution
    difficulty: Difficulty
    repairs: int


@dataclass(frozen=True)
class Params:
    """What to generate; ``pairs``/``density``/``difficulty`` None means "whatever comes".

    ``density`` (pairs per cell) asks for ``round(density * width * height)`` pairs; at most
    one of ``pairs`` and ``density`` may be given.  ``layout``: where the ends may lie
    (``layout.py``); the default asks nothing and changes nothing.
    """

    width: int
    height: int
    rules: Rules = Rules.FILL
    pairs: int | None = None
    difficulty: str | None = None
    density: float | None = None
    layout: Layout = FREE

    @property
    def proof_rules(self) -> Rules:
        """The rules uniqueness is proved under: the puzzle's own."""
        return self.rules

    @property
    def wanted_pairs(self) -> int | None:
        """The exact pair count asked for (by ``pairs`` or ``density``), or None."""
        if self.pairs is not None:
            return self.pairs
        if self.density is not None:
            return max(1, round(self.density * self.width * self.height))
        return None

    def text(self) -> str:
        """The params part of the puzzle ID, e.g. ``10x10,fill,pairs=12``."""
        parts = [f"{self.width}x{self.height}", self.rules.value]
        if self.pairs is not None:
            parts.append(f"pairs={self.pairs}")
        if self.difficulty is not None:
            parts.append(f"difficulty={self.difficulty}")
        if self.density is not None:
            parts.append(f"density={self.density}")
        lay = self.layout
        if lay.min_length != 2:
            parts.append(f"min_length={lay.min_length}")
        if lay.symmetry != "none":
            parts.append(f"symmetry={lay.symmetry}")
        if lay.no_adjacent_ends:
            parts.append("no_adjacent_ends")
        if lay.no_border_ends:
            parts.append("no_border_ends")
        if lay.corners:
            parts.append("corners")
        return ",".join(parts)



def default_pairs(width: int, height: int, rules: Rules = Rules.FILL) -> int:
    """The target pair count before repairs.

    ``fill`` and ``blank``: about one pair per ten cells.  ``fill-notouch``: the clue
    density of published puzzles (Flow Free's convention), fitted through the medians of
    270 human-made puzzles and the issue's targets: 6-7 pairs at 10x10, 12 at 15x15, 30 at
    25x25, 70 at 40x40 (``0.23 * side + 0.038 * cells``, side the square root of cells).
    """
    cells = width * height
    if rules is Rules.FILL_NOTOUCH:
        return max(2, round(0.23 * math.sqrt(cells) + 0.038 * cells))
    return max(2, round(cells / 10))


def generate(
    params: Params, seed: int, *, prover: Prover | None, max_attempts: int = 50
) -> GeneratedPuzzle:
    """A puzzle for ``params`` with a unique solution, proved by ``prover``.

    ``prover`` None: only the deduction solver's proof is used (puzzles it cannot solve
    are cut until it can), which is sound but never yields a puzzle the deductions leave
    open (``Difficulty.deduction`` ``expert``); it needs rules ``fill`` (``fill-notouch``
    always needs a prover).  The grade is the scan search's effort (``grade.py``).
    When no attempt meets ``pairs``/``density`` (or ``difficulty``), the
    ``GenerationError`` says in one line how close the attempts came.
    """
    _validate(params)
    random_source = rng(seed)
    w, h = params.width, params.height
    wanted = params.wanted_pairs
    target = wanted if wanted is not None else default_pairs(w, h, params.rules)
    closest: int | None = None
    grades: set[str] = set()
    for _attempt in range(max_attempts):
        if params.layout.symmetry != "none":
            result = symmetric_attempt(
                w, h, params.rules, params.layout, wanted, target, random_source, prover)
        elif params.rules is Rules.FILL_NOTOUCH:
            result = _sparse_attempt(params, target, random_source, prover)
        else:
            result, target = _cut_attempt(params, target, random_source, prover)
        if result is None:
            continue
        puzzle, solution, repairs = result
        pairs = len(puzzle.labels)
        if closest is None or abs(pairs - (wanted or pairs)) < abs(closest - (wanted or pairs)):
            closest = pairs
        if wanted is not None and pairs != wanted:
            continue
        difficulty = grade(puzzle, params.rules)
        if params.difficulty is not None and difficulty.grade.value != params.difficulty:
            grades.add(difficulty.grade.value)
            continue
        return GeneratedPuzzle(
            puzzle_id("numberlink", params.text(), seed),
            seed,
            params.rules,
            puzzle,
            solution,
            difficulty,
            repairs,
        )
    raise GenerationError(_shortfall(params, max_attempts, seed, closest, sorted(grades)))


def _shortfall(
    params: Params, attempts: int, seed: int, closest: int | None, grades: list[str]
) -> str:
    """The one-line reason ``generate`` gives up: how close its attempts came."""
    head = f"no {params.text()} puzzle found in {attempts} attempts for seed {seed}"
    wanted = params.wanted_pairs
    cells = params.width * params.height
    if closest is None:
        return f"{head}: no attempt ended in a puzzle proved unique"
    if wanted is not None and closest != wanted:
        return (
            f"{head}: the closest proved unique had {closest} pairs "
            f"({closest / cells:.3f} per cell), {wanted} asked ({wanted / cells:.3f})"
        )
    if grades:
        return f"{head}: the puzzles found graded {', '.join(grades)}"
    return head


def _proved(prover: Prover, rules: Rules, puzzle: Puzzle) -> bool:
    solutions, decided = prover(puzzle, rules)
    return decided and len(solutions) == 1


def _deduced(puzzle: Puzzle) -> bool:
    """Unique under ``fill`` by the deductions alone (every edge decided, consistently):
    cheaper than the solver's proof on the boards ``fill`` merges look at."""
    facts = analyse(puzzle, lazy=True)
    return facts.consistent and not facts.open


FILL_DENSITY = 0.11
"""Under ``fill`` the proved merges stop at this many pairs per cell (unless ``pairs`` or
``density`` asks otherwise): enough below issue 13's 0.12 that the median stays under it
when merges run out first."""
FILL_MERGE_PROOFS = 150
"""At most this many merges are tried (each proved by the deductions) per ``fill``
attempt up to 40x40 (``fill_merge_proofs``): a 25x25 board needs some 50-65 to reach
``FILL_DENSITY`` (0.1-0.5 s each), a 40x40 one some 100-150 (0.3-3 s each)."""


def fill_merge_proofs(cells: int) -> int:
    """The merge budget of a ``fill`` attempt: ``FILL_MERGE_PROOFS`` up to 1,600 cells,
    then fewer as each proof costs more, so that 50x50 stops after 96.  (Measured with a
    budget of 33 at 40x40: 0.149 pairs per cell in a median 19 s at load 2.3.)"""
    return max(10, min(FILL_MERGE_PROOFS, FILL_MERGE_PROOFS * 1_600 // cells))


LARGE_OPEN_EDGES_PER_CUT = 300
"""``OPEN_EDGES_PER_CUT`` when an exact count is asked past ``THIN_MAX_CELLS``: 40x40 seed 1
repaired to 239 pairs in 4.8 s (270 in 1.8 s at 60), each pair fewer saving the joins two
or three proofs of 0.1-0.25 s."""
LARGE_PROOFS_PER_PAIR = 4
"""The join budget per pair to remove when an exact count is asked past
``THIN_MAX_CELLS`` (``cut_and_merge`` spends proofs on joins that are refused)."""

def _sparse_attempt(
    params: Params, target: int, random_source: random.Random, prover: Prover | None
) -> tuple[Puzzle, Solution, int] | None:
    """One ``fill-notouch`` attempt (``sparse.py``): a random cover reshaped down to
    ``target`` long paths, proved unique (cut where a second solution differs until it
    is), then joined back down to ``target`` while the proofs allow."""
    if prover is None:
        raise InvalidParameterError("fill-notouch puzzles need the solver's proof")
    w, h = params.width, params.height
    layout = params.layout
    paths = random_cover(w, h, target, random_source)
    paths = reshape(paths, w, h, target, random_source, reshape_steps(w, h))
    paths = steered(layout, w, h, paths, target, random_source)
    keep = cut_filter(layout, w, h)
    repairs = 0
    while True:
        puzzle, solution = as_puzzle(w, h, paths)
        solutions, decided = prover(puzzle, params.rules)
        if not decided:
            return None
        if len(solutions) == 1:
            break
        if cut_where_differs(paths, solution, solutions, keep) is None:
            return None
        repairs += 1
    if len(paths) > target:
        paths, _ = merge_proved(
            paths,
            w,
            h,
            target,
            kept(layout, partial(_proved, prover, params.rules), puzzle),
            partial(as_puzzle, w, h),
            random_source,
            max_proofs=2 * len(paths),
        )
        puzzle, solution = as_puzzle(w, h, paths)
    return laid_out(layout, params.rules, puzzle, solution, repairs, random_source, prover)


def _cut_attempt(
    params: Params, target: int, random_source: random.Random, prover: Prover | None
) -> tuple[tuple[Puzzle, Solution, int] | None, int]:
    """One ``fill`` or ``blank`` attempt: a random cover cut until unique (see the module
    docstring), merged back towards an asked pair count; with the next attempt's target.
    Under ``fill`` from ``THIN_CELLS`` to ``THIN_MAX_CELLS`` (or when a count is asked) the
    cover is reshaped first and merged afterwards down to ``FILL_DENSITY`` (issue 13)."""
    w, h = params.width, params.height
    wanted = params.wanted_pairs
    thin = params.rules is Rules.FILL and (
        wanted is not None or THIN_CELLS <= w * h <= THIN_MAX_CELLS
    )
    # an exact count on a board past THIN_MAX_CELLS: reshaped to at most one pair per ten
    # cells, and fewer cuts per round, leave fewer pairs for the proved joins to remove
    # (40x40 asked 192: one attempt reached it in 24-35 s on seeds 1-2, reshaped to 160
    # or 140, where reshaped to 192 attempts stopped at 202-211)
    large = wanted is not None and params.rules is Rules.FILL and w * h > THIN_MAX_CELLS
    paths = random_cover(w, h, target, random_source)
    if thin:
        shape = min(target, default_pairs(w, h)) if large else target
        paths = reshape(paths, w, h, shape, random_source, reshape_steps(w, h))
    paths = steered(params.layout, w, h, paths, target, random_source)
    result = make_unique(
        w, h, params.rules, paths, prover,
        LARGE_OPEN_EDGES_PER_CUT if large else OPEN_EDGES_PER_CUT,
        cut_filter(params.layout, w, h),
    )
    if result is None:
        return result, target
    puzzle, solution, repairs = result
    goal = wanted if wanted is not None else max(1, round(FILL_DENSITY * w * h))
    if params.layout.no_adjacent_ends and wanted is None:
        # a join is made exactly where two ends touch: joining on while the proofs allow
        # parts the ends that the cuts left side by side (``steer.polish`` does the rest)
        goal = 1
    if len(puzzle.labels) > goal and (thin or params.layout.no_adjacent_ends):
        # deductions prove the merges fast, but what they prove stays within their reach;
        # the solver's proofs allow merges the deductions cannot follow, whose puzzles
        # the scan search also finds harder: ``expert`` at 15x15 took a median 5.2 s
        # (seeds 1-5) this way, 11.0 s (seeds 1-4) with the deductions' proofs (issue 13)
        prove: Callable[[Puzzle], bool] = _deduced
        if prover is not None and (
            params.difficulty == Grade.EXPERT.value or params.rules is not Rules.FILL
        ):
            prove = partial(_proved, prover, params.rules)
        paths = [[r * w + c for r, c in path] for _, path in solution.paths]
        # an exact count asked: where the joins run out above it, cut and join again
        # (``cut_and_merge``) rather than start over (issue 13: 40x40 at 0.12)
        merge = merge_proved if wanted is None else cut_and_merge
        budget = fill_merge_proofs(w * h)
        if wanted is None:
            budget = min(2 * (len(paths) - goal) + 10, budget)
        elif large:
            budget = max(budget, LARGE_PROOFS_PER_PAIR * (len(paths) - goal))
        paths, _ = merge(
            paths,
            w,
            h,
            goal,
            kept(params.layout, prove, puzzle),
            partial(as_puzzle, w, h),
            random_source,
            max_proofs=budget,
        )
        puzzle, solution = as_puzzle(w, h, paths)
    laid = laid_out(params.layout, params.rules, puzzle, solution, repairs, random_source, prover)
    if laid is None:
        return None, target
    puzzle, solution, repairs = laid
    if wanted is not None and len(puzzle.labels) != wanted:
        # aim lower (or higher) next time: repairs add about ``excess`` pairs
        target = max(1, target - (len(puzzle.labels) - wanted + 1) // 2)
    return (puzzle, solution, repairs), target


def _validate(params: Params) -> None:
    if params.width < 1 or params.height < 1 or params.width * params.height < 2:
        raise InvalidParameterError("the board needs at least two cells")
    if params.width * params.height > MAX_CELLS:
        raise InvalidParameterError(
            f"generated boards have at most {MAX_CELLS:,} cells (50x50), "
            f"got {params.width}x{params.height}"
        )
    if params.difficulty is not None and params.difficulty not in GRADES:
        raise InvalidParameterError(f"difficulty must be one of {', '.join(GRADES)}")
    if params.pairs is not None and params.density is not None:
        raise InvalidParameterError("ask for pairs or density, not both")
    params.layout.check_board(params.width, params.height)
    if params.layout.symmetry != "none" and params.layout.no_adjacent_ends:
        # measured: most 8x8-10x10 seeds failed 50 attempts (orbit cuts part no ends)
        raise InvalidParameterError(
            "symmetry with no-adjacent-ends is not supported for proved puzzles yet")
    wanted = params.wanted_pairs
    if wanted is not None and not 1 <= wanted <= params.width * params.height // 2:
        asked = f"pairs={params.pairs}" if params.pairs is not None else (
            f"density={params.density} ({wanted} pairs)"
        )
        raise InvalidParameterError(
            f"pairs must be between 1 and {params.width * params.height // 2}, got {asked}"
        )


SCAN_PROOF_SECONDS = 30.0
"""Under ``fill-notouch`` the scan search alone proves (see ``solver_prover``) for up to
this long before the race against SAT takes over."""


def solver_prover(puzzle: Puzzle, rules: Rules) -> tuple[tuple[Solution, ...], bool]:
    """The package's solver as the proof: up to two solutions, and whether that is decided.

    Under ``fill-notouch`` the scan search alone answers first: the race against SAT may
    show either engine's second solution, and the repairs cut where it differs, so the
    race would make a seed's puzzle depend on timing.
    """
    if rules is Rules.FILL_NOTOUCH:
        scan = solve(puzzle, rules=rules, limit=2, engine="scan", timeout=SCAN_PROOF_SECONDS)
        if scan.complete or len(scan.solutions) >= 2:
            return scan.solutions, True
    # SAT alone under blank, as before solve() asked unique_blank there: the second
    # solution shown decides the next cut, and a seed must keep making the same puzzle
    result = solve(puzzle, rules=rules, limit=2,
                   engine="sat" if rules is Rules.BLANK else "auto")
    return result.solutions, result.complete or len(result.solutions) >= 2


__all__ = [
    "GRADES",
    "MAX_CELLS",
    "GeneratedPuzzle",
    "Grade",
    "Params",
    "Prover",
    "generate",
    "solver_prover",
]
