"""Survo puzzles with exactly one solution and the fewest givens for their filling.

A random filling poses its open puzzle (the sums alone).  If that is unique, the puzzle
is open.  Otherwise, when the other solutions are few enough to list (``_MAX_OTHERS``),
the fewest givens are found exactly: a set of cells singles the filling out when every
other solution differs from it in one of those cells (a hitting set), searched by
iterative deepening, each level branching on the cells that tell the first solution not
yet told apart.  When the solutions are too many to list, givens are added in random
order until unique and then each dropped if uniqueness survives: an irreducible set,
which ``minimum`` says is not proved fewest.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..core.errors import GenerationError, InvalidParameterError
from ..core.seeds import rng
from .model import Filling, Puzzle, open_puzzle, shape_error
from .solve import as_filling, solve

_MAX_OTHERS = 5000
_MAX_FILLINGS = 200
_HITTING_NODES = 200_000
_OPEN_AT_ONCE = 20
"""From this many cells up, ``--givens 0`` skips a filling whose sums are not unique at once
instead of first finding its fewest givens (which only told how many it needs): open
fillings are too rare there and those searches too slow, so the runs did not end before;
below it, the old path stays, so that every ID made before names the same puzzle."""


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
    for attempt in range(1, max_fillings + 1):
        filling = list(range(1, top + 1))
        rand.shuffle(filling)
        solution = as_filling(filling, width)
        bare = open_puzzle(solution)
        if givens == 0 and top >= _OPEN_AT_ONCE:
            if not _unique(bare):
                continue
            return Generated(bare, solution, True, attempt)
        cells, minimum = fewest_givens(filling, bare, rand)
        if givens is not None:
            if len(cells) > givens:
                continue
            spare = [c for c in range(top) if c not in cells]
            rand.shuffle(spare)
            cells = cells + spare[:givens - len(cells)]
            minimum = minimum and len(cells) == givens
        return Generated(bare.with_givens(_givens(filling, cells)), solution, minimum, attempt)
    raise GenerationError(
        f"no {height}x{width} filling among {max_fillings} tried can be made unique with "
        f"{givens} givens; ask for more givens")
