"""Survo puzzles with exactly one solution and the fewest givens for their filling.

A random filling poses its open puzzle (the sums alone).  If that is unique, the puzzle
is open.  Otherwise, when the other solutions are few enough to list (``_MAX_OTHERS``),
the fewest givens are found exactly: a set of cells singles the filling out when every
other solution differs from it in one of those cells (a hitting set), searched by
iterative deepening, each level branching on the cells that tell the first solution not
yet told apart.  When the solutions are too many to list, givens are added in random
order until unique and then each dropped if uniqueness survives: an irreducible set,
which ``minimum`` says is not proved fewest.

Open puzzles (``givens=0``) are made another way from 11 cells up (``_open_walk``): random
fillings whose sums alone are unique are too rare there (none among 200 for any 3×4, 4×4
or 3×5 seed tried, after 7 s to minutes of search).  Instead a walk starts from the
table filled in order, 1..m·n row by row, which is unique: the first row's sum is the least
any ``n`` numbers can make, so it holds 1..n, and so on down; the first column then holds
each row's least number, and so on across.  Each step swaps two numbers at most three
apart and is kept only if the sums stay unique (the solver finds a second solution at
once where there is one; otherwise the exact counter decides: near the extremes, where
unique tables live, it takes milliseconds).  At the end rows and columns are shuffled,
numbers may be replaced by m·n + 1 minus themselves, and a square may be turned: each maps
the solutions one to one, so the puzzle stays unique.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..core.deadline import Deadline
from ..core.errors import GenerationError, InvalidParameterError
from ..core.seeds import rng
from .count import count
from .lines import LineCount
from .meet import TooLarge
from .model import Filling, Puzzle, open_puzzle, shape_error
from .solve import as_filling, solve

_MAX_OTHERS = 5000
_MAX_FILLINGS = 200
_HITTING_NODES = 200_000
_OPEN_BY_CHANCE = 10
"""Up to this many cells ``givens=0`` first draws random fillings as before (the old path,
so that every ID made before names the same puzzle); past it, or when none of them was
unique, the walk (``_open_walk``) makes the puzzle."""
_WALK_MOVES = 400
"""Swaps the walk tries: from the sorted 5×5 some 30 are kept (16 cells moved)."""
_WALK_STEPS = (-3, -2, -1, 1, 2, 3)
_WALK_NODES = 300
"""The solver's nodes for a second solution before the exact counter decides."""


@dataclass(frozen=True)
class Generated:
    """A unique puzzle, its solution, whether its givens are proved fewest, and how many
    fillings were tried."""

    puzzle: Puzzle
    solution: Filling
    minimum: bool
    attempts: int


def _unique(puzzle: Puzzle) -> bool:
    return solve(puzzle, limit=2).count == 1


def _hitting(target: list[int], others: list[list[int]], cells: list[int]) -> list[int] | None:
    """A smallest set of cells where every other solution differs from ``target``; None
    when the node budget ran out first."""
    masks = {c: sum(1 << k for k, o in enumerate(others) if o[c] != target[c]) for c in cells}
    everyone = (1 << len(others)) - 1
    nodes = 0

    def go(covered: int, depth: int, chosen: list[int]) -> list[int] | None:
        nonlocal nodes
        nodes += 1
        if nodes > _HITTING_NODES:
            raise TimeoutError
        if covered == everyone:
            return chosen
        if depth == 0:
            return None
        first = (~covered & everyone) & -(~covered & everyone)
        for c in cells:
            if masks[c] & first:
                found = go(covered | masks[c], depth - 1, [*chosen, c])
                if found is not None:
                    return found
        return None

    try:
        for depth in range(len(cells) + 1):
            found = go(0, depth, [])
            if found is not None:
                return found
    except TimeoutError:
        return None
    return None


def _irreducible(bare: Puzzle, filling: list[int], rand: random.Random) -> list[int]:
    order = list(range(len(filling)))
    rand.shuffle(order)
    chosen: list[int] = []
    for cell in order:
        chosen.append(cell)
        if _unique(bare.with_givens(_givens(filling, chosen))):
            break
    for cell in list(chosen):
        trial = [c for c in chosen if c != cell]
        if _unique(bare.with_givens(_givens(filling, trial))):
            chosen = trial
    return chosen


def _givens(filling: list[int], cells: list[int]) -> tuple[int, ...]:
    chosen = set(cells)
    return tuple(v if i in chosen else 0 for i, v in enumerate(filling))


def _open_unique(filling: list[int], width: int) -> bool:
    """Whether the sums of ``filling`` alone have one solution, decided exactly (no time
    limit, so the answer, and with it the walk, depends on the seed alone)."""
    bare = open_puzzle(as_filling(filling, width))
    listed = solve(bare, limit=2, node_limit=_WALK_NODES, pin=False)
    if listed.count >= 2:
        return False
    if listed.complete:
        return listed.count == 1
    try:  # the line partitions alone: quickest near the extremes, where the walk stays
        return LineCount(bare).run(Deadline(None)) == 1
    except TooLarge:
        total, _ = count(bare)
        return total == 1


def _open_walk(height: int, width: int, rand: random.Random) -> tuple[list[int], int, int]:
    """A filling whose sums alone are unique (see the module docstring), its shape after
    an optional turn, and how many tables were tried."""
    top = height * width
    filling = list(range(1, top + 1))
    where = list(range(-1, top))  # where[v]: the cell of v
    for _ in range(_WALK_MOVES):
        a = rand.randrange(1, top + 1)
        b = a + rand.choice(_WALK_STEPS)
        if not 1 <= b <= top:
            continue
        i, j = where[a], where[b]
        filling[i], filling[j] = b, a
        if _open_unique(filling, width):
            where[a], where[b] = j, i
        else:
            filling[i], filling[j] = a, b
    rows = list(range(height))
    cols = list(range(width))
    rand.shuffle(rows)
    rand.shuffle(cols)
    table = [[filling[r * width + c] for c in cols] for r in rows]
    if rand.random() < 0.5:
        table = [[top + 1 - v for v in row] for row in table]
    if height == width and rand.random() < 0.5:
        table = [list(column) for column in zip(*table, strict=True)]
    return [v for row in table for v in row], len(table), _WALK_MOVES + 1


def fewest_givens(filling: list[int], bare: Puzzle,
                  rand: random.Random) -> tuple[list[int], bool]:
    """Cells to give so that only ``filling`` solves ``bare``, and whether proved fewest."""
    listed = solve(bare, limit=_MAX_OTHERS)
    others = [[v for row in s for v in row] for s in listed.solutions]
    others = [o for o in others if o != filling]
    if not others:
        return [], True
    if listed.complete:
        cells = list(range(len(filling)))
        rand.shuffle(cells)
        found = _hitting(filling, others, cells)
        if found is not None:
            return found, True
    return _irreducible(bare, filling, rand), False


def generate(height: int, width: int, seed: int = 0, *, givens: int | None = None,
             max_fillings: int = _MAX_FILLINGS) -> Generated:
    """A unique puzzle made from ``seed`` alone.  ``givens`` asks for exactly that many:
    the fewest the filling needs, topped up with random cells (fillings needing more are
    skipped)."""
    problem = shape_error(height, width)
    if problem:
        raise InvalidParameterError(problem)
    top = height * width
    if givens is not None and not 0 <= givens <= top:
        raise InvalidParameterError(f"--givens must be between 0 and {top}")
    rand = rng(seed)
    by_chance = givens != 0 or top <= _OPEN_BY_CHANCE
    for attempt in range(1, max_fillings + 1 if by_chance else 1):
        filling = list(range(1, top + 1))
        rand.shuffle(filling)
        solution = as_filling(filling, width)
        bare = open_puzzle(solution)
        cells, minimum = fewest_givens(filling, bare, rand)
        if givens is not None:
            if len(cells) > givens:
                continue
            spare = [c for c in range(top) if c not in cells]
            rand.shuffle(spare)
            cells = cells + spare[:givens - len(cells)]
            minimum = minimum and len(cells) == givens
        return Generated(bare.with_givens(_givens(filling, cells)), solution, minimum, attempt)
    if givens == 0:
        filling, rows, tried = _open_walk(height, width, rand)
        solution = as_filling(filling, top // rows)
        return Generated(open_puzzle(solution), solution, True, max_fillings + tried
                         if by_chance else tried)
    raise GenerationError(
        f"no {height}x{width} filling among {max_fillings} tried can be made unique with "
        f"{givens} givens; ask for more givens")
