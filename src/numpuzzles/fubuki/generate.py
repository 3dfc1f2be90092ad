"""Generation of Fubuki puzzles with exactly one solution.

3×3 puzzles get the exact minimum number of givens for their filling: all fillings that share
the totals are enumerated once, and the smallest set of cells that tells the chosen filling
apart from all of them is found by trying subsets by size.  4×4 and 5×5 puzzles get an
irreducible set: givens are added in random order until the puzzle is unique, then each one
is dropped if uniqueness survives (dropping is monotone, so one pass is enough).
For the variants (diagonals, products), totals are hidden while that keeps the puzzle unique.
"""

from __future__ import annotations

import enum
import itertools
import random
from dataclasses import dataclass

from ..core.errors import GenerationError, InvalidParameterError
from ..core.seeds import rng
from ..sumgrid.table import combine
from .model import SIZES, Filling, Puzzle
from .solve import solve

_MAX_FILLINGS = 500


class Variant(enum.Enum):
    """Which totals the puzzle prints."""

    PLAIN = "plain"
    DIAGONALS = "diagonals"
    PRODUCT = "product"


@dataclass(frozen=True)
class Generated:
    """A generated puzzle with its unique solution and how many fillings were tried."""

    puzzle: Puzzle
    solution: Filling
    attempts: int


def _unique(puzzle: Puzzle) -> bool:
    return solve(puzzle, limit=2).count == 1


def _totals_puzzle(filling: list[int], n: int, variant: Variant) -> Puzzle:
    product = variant is Variant.PRODUCT
    rows = tuple(combine(filling[r * n : (r + 1) * n], product) for r in range(n))
    cols = tuple(combine(filling[c::n], product) for c in range(n))
    diagonals: tuple[int | None, int | None] | None = None
    if variant is Variant.DIAGONALS:
        diagonals = (
            sum(filling[i * n + i] for i in range(n)),
            sum(filling[i * n + n - 1 - i] for i in range(n)),
        )
    return Puzzle(n, rows, cols, (0,) * (n * n), diagonals, product)


def _givens(filling: list[int], cells: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    chosen = set(cells)
    return tuple(v if i in chosen else 0 for i, v in enumerate(filling))


def _minimum_cells(bare: Puzzle, filling: list[int], rand: random.Random) -> list[int]:
    """A smallest set of cells whose values single out ``filling`` among all solutions."""
    others = [
        [v for row in sol for v in row]
        for sol in solve(bare).solutions
        if [v for row in sol for v in row] != filling
    ]
    order = list(range(len(filling)))
    rand.shuffle(order)
    for k in range(len(filling) + 1):
        for cells in itertools.combinations(order, k):
            if all(any(other[i] != filling[i] for i in cells) for other in others):
                return list(cells)
    raise AssertionError("the full filling always singles itself out")


def _irreducible_cells(bare: Puzzle, filling: list[int], rand: random.Random) -> list[int]:
    """Givens added in random order until unique, then pruned to an irreducible set."""
    order = list(range(len(filling)))
    rand.shuffle(order)
    chosen: list[int] = []
    if not _unique(bare):
        for cell in order:
            chosen.append(cell)
            if _unique(bare.with_givens(_givens(filling, chosen))):
                break
    for cell in list(chosen):
        trial = [c for c in chosen if c != cell]
        if _unique(bare.with_givens(_givens(filling, trial))):
            chosen = trial
    return chosen


def _hide_totals(puzzle: Puzzle, rand: random.Random) -> Puzzle:
    """Hide totals one at a time, in random order, while the puzzle stays unique."""
    n = puzzle.size
    slots = [("row", i) for i in range(n)] + [("col", i) for i in range(n)]
    if puzzle.diagonals is not None:
        slots += [("diag", 0), ("diag", 1)]
    rand.shuffle(slots)
    for kind, i in slots:
        rows, cols = list(puzzle.rows), list(puzzle.cols)
        diags = list(puzzle.diagonals) if puzzle.diagonals is not None else None
        if kind == "row":
            rows[i] = None
        elif kind == "col":
            cols[i] = None
        elif diags is not None:
            diags[i] = None
        diagonals = (diags[0], diags[1]) if diags is not None else None
        trial = Puzzle(n, tuple(rows), tuple(cols), puzzle.givens, diagonals, puzzle.product)
        if _unique(trial):
            puzzle = trial
    return puzzle


def generate(
    size: int = 3,
    seed: int = 0,
    *,
    givens: int | None = None,
    variant: Variant = Variant.PLAIN,
    max_fillings: int = _MAX_FILLINGS,
) -> Generated:
    """A puzzle with exactly one solution, entirely determined by ``seed``.

    ``givens`` asks for exactly that many givens: at least the minimum (3×3) or an
    irreducible set (4×4, 5×5) of the chosen filling, topped up with random extra cells.
    Fillings whose minimum exceeds ``givens`` are skipped.
    """
    if size not in SIZES:
        raise InvalidParameterError(f"size must be one of {', '.join(map(str, SIZES))}")
    top = size * size
    if givens is not None and not 0 <= givens <= top:
        raise InvalidParameterError(f"--givens must be between 0 and {top}")
    rand = rng(seed)
    for attempt in range(1, max_fillings + 1):
        filling = list(range(1, top + 1))
        rand.shuffle(filling)
        bare = _totals_puzzle(filling, size, variant)
        if size == 3:
            cells = _minimum_cells(bare, filling, rand)
        else:
            cells = _irreducible_cells(bare, filling, rand)
        if givens is not None:
            if len(cells) > givens:
                continue
            spare = [c for c in range(top) if c not in cells]
            rand.shuffle(spare)
            cells = cells + spare[: givens - len(cells)]
        puzzle = bare.with_givens(_givens(filling, cells))
        if variant is not Variant.PLAIN:
            puzzle = _hide_totals(puzzle, rand)
        solution = tuple(tuple(filling[r * size : (r + 1) * size]) for r in range(size))
        return Generated(puzzle, solution, attempt)
    raise GenerationError(
        f"no {size}x{size} filling among {max_fillings} tried can be made unique "
        f"with {givens} givens; ask for more givens"
    )
