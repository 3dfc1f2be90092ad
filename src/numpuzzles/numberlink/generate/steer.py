"""Steering a cover, and then a proved puzzle, towards a layout (``layout.py``).

Why: the generators place ends where a random cover and its repairs leave them, and
asking for a layout by drawing again until one comes out does not finish (a random
10x10 cover has about 20 ends, a third of them on the border).  Instead the ends are
moved with ``sparse.reshape``'s move (a path's end steps into a neighbouring path: the
two are joined where that cell is an end, else the path takes the piece up to one of its
ends and the rest stays a path of at least two cells), which keeps every state a cover
of paths that never touch themselves:

- ``steer``: before any proof, moves are kept while the layout's ``score`` does not
  rise, so the cover drifts to one that keeps the layout (no proof: a cover is always
  its own witness);
- ``polish``: after the puzzle is proved unique, a move is kept only when it lowers the
  score *and* the prover proves the moved puzzle unique again, so no puzzle is ever
  returned unproved.  Cuts (``repair.py``) make two ends side by side, which is why
  ``no_adjacent_ends`` needs this step.

Paths are lists of flat indices ``row * width + col``, as in ``cover.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial

from ...core.grid import orthogonal_neighbours
from ..model import Puzzle, Rules, Solution
from .cover import as_puzzle
from .deduce import analyse
from .layout import Layout, ends_score, hot_ends, score
from .repair import Prover
from .sparse import take_piece

Score = Callable[[Sequence[Sequence[int]]], int]
Move = Callable[[list[list[int]], random.Random, "int | None"], "list[list[int]] | None"]
"""One random move of a cover from the end cell given (None: a random end): the moved
paths (a copy), or None when the move drawn is not allowed (``symmetric.py`` moves whole
orbits)."""
FOCUS = 0.75
"""``polish`` starts this share of its moves at an end that breaks a rule itself."""
SIDEWAYS = 0.2
"""``polish`` tries (proves) this share of the moves that leave the score as it is: where
no move lowers it (cuts leave two ends side by side, and the moves that part them often
bring others together), a sideways step opens new ones."""


def _move(
    paths: list[list[int]],
    random_source: random.Random,
    start: int | None = None,
    *,
    near: list[list[int]],
) -> list[list[int]] | None:
    """The paths after one random reshape move (a copy) from end ``start`` (None: any), or
    None when the drawn move is not allowed (a path touching itself, a one-cell piece)."""
    owner: dict[int, int] = {c: i for i, p in enumerate(paths) for c in p}
    if start is None:
        mine = random_source.randrange(len(paths))
        path = paths[mine]
        end = path[-1] if random_source.random() < 0.5 else path[0]
    else:
        mine, end = owner[start], start
        path = paths[mine]
    options = [x for x in near[end] if owner[x] != mine]
    if not options:
        return None
    meet = options[random_source.randrange(len(options))]
    theirs = owner[meet]
    other = paths[theirs]
    taken = take_piece(other, meet, random_source)
    if taken is None:
        return None
    piece, rest = taken
    members = set(path)
    if any(n in members and not (cell == meet and n == end) for cell in piece for n in near[cell]):
        return None
    grown = (path if path[-1] == end else path[::-1]) + piece
    out = [p for k, p in enumerate(paths) if k not in (mine, theirs)]
    out.append(grown)
    if rest:
        out.append(rest)
    return out


def plain_move(width: int, height: int) -> Move:
    """``sparse.reshape``'s move on a ``width`` x ``height`` board."""
    near = [orthogonal_neighbours(i, width, height) for i in range(width * height)]
    return partial(_move, near=near)


def steer(
    paths: list[list[int]],
    move: Move,
    measure: Score,
    random_source: random.Random,
    steps: int,
    min_paths: int = 2,
) -> list[list[int]]:
    """Random moves kept while ``measure`` does not rise (and at least ``min_paths`` paths
    stay), until it reaches 0 or ``steps`` moves were drawn."""
    current = measure(paths)
    for _ in range(steps):
        if current == 0:
            break
        moved = move(paths, random_source, None)
        if moved is None or len(moved) < min_paths:
            continue
        value = measure(moved)
        if value <= current:
            paths, current = moved, value
    return paths


def polish(
    paths: list[list[int]],
    width: int,
    height: int,
    layout: Layout,
    prove: Callable[[Puzzle], bool],
    random_source: random.Random,
    *,
    move: Move | None = None,
    max_proofs: int,
    max_moves: int,
) -> list[list[int]]:
    """Moves that lower the layout's score and keep the puzzle proved unique (``prove``),
    until the score is 0, or ``max_proofs`` proofs or ``max_moves`` drawn moves are spent.
    ``paths`` must be proved unique; so is what comes back."""
    move = move or plain_move(width, height)
    current = score(layout, width, height, paths)
    proofs = 0
    for _ in range(max_moves):
        if current == 0 or proofs >= max_proofs:
            break
        hot = hot_ends(layout, width, height, paths)
        start = None
        if hot and random_source.random() < FOCUS:
            start = hot[random_source.randrange(len(hot))]
        moved = move(paths, random_source, start)
        if moved is None:
            continue
        value = score(layout, width, height, moved)
        if value > current or (value == current and random_source.random() >= SIDEWAYS):
            continue
        proofs += 1
        if prove(as_puzzle(width, height, moved)[0]):
            paths, current = moved, value
    return paths


STEER_STEPS_PER_CELL = 40
"""``steer``'s move budget per cell (10x10 covers keep any one layout after a few hundred
moves; the budget is only spent where a layout is hard to reach)."""
POLISH_PROOFS = 100
"""``polish``'s proof budget per attempt; an attempt that still breaks its layout after it
is dropped and the next one starts (``unique.generate``'s ``max_attempts``)."""


def steered(
    layout: Layout,
    width: int,
    height: int,
    paths: list[list[int]],
    target: int,
    random_source: random.Random,
) -> list[list[int]]:
    """The cover moved towards ``layout`` (the same list when it asks for nothing, so the
    random source is not touched and old seeds give the puzzles they gave)."""
    if layout.free:
        return paths
    return steer(paths, plain_move(width, height), partial(score, layout, width, height),
                 random_source, STEER_STEPS_PER_CELL * width * height,
                 min_paths=max(2, target // 2))


def kept(
    layout: Layout, prove: Callable[[Puzzle], bool], before: Puzzle
) -> Callable[[Puzzle], bool]:
    """``prove`` for the proved merges, refusing a join that breaks the layout more than
    ``before`` did (a join removes two ends: it may take away a corner's only clue)."""
    if layout.free:
        return prove
    limit = ends_score(layout, before)

    def check(puzzle: Puzzle) -> bool:
        return ends_score(layout, puzzle) <= limit and prove(puzzle)

    return check


def unique(rules: Rules, prover: Prover | None, puzzle: Puzzle) -> bool:
    """Proved unique: by the deductions alone under ``fill`` (cheap), else by ``prover``."""
    if rules is Rules.FILL:
        facts = analyse(puzzle, lazy=True)
        if facts.consistent and not facts.open:
            return True
    if prover is None:
        return False
    solutions, decided = prover(puzzle, rules)
    return decided and len(solutions) == 1


def laid_out(
    layout: Layout,
    rules: Rules,
    puzzle: Puzzle,
    solution: Solution,
    repairs: int,
    random_source: random.Random,
    prover: Prover | None,
    move: Move | None = None,
) -> tuple[Puzzle, Solution, int] | None:
    """The proved puzzle polished until it keeps ``layout``, or None when the proofs run
    out first; returned as it is when the layout asks for nothing or already holds.
    ``move``: the move to polish with (default ``plain_move``)."""
    if layout.free:
        return puzzle, solution, repairs
    w, h = puzzle.width, puzzle.height
    paths = [[r * w + c for r, c in path] for _, path in solution.paths]
    if not score(layout, w, h, paths):
        return puzzle, solution, repairs
    paths = polish(paths, w, h, layout, partial(unique, rules, prover), random_source,
                   move=move, max_proofs=POLISH_PROOFS, max_moves=200 * w * h)
    if score(layout, w, h, paths):
        return None
    puzzle, solution = as_puzzle(w, h, paths)
    return puzzle, solution, repairs


__all__ = ["Move", "Score", "kept", "laid_out", "plain_move", "polish", "steer", "steered",
           "unique"]
