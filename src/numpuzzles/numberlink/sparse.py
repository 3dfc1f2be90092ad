"""Few long paths: thinning a cover to a published clue density, and proved merges.

Why: the repairs of ``generate.py`` only ever cut paths, so its puzzles keep about 0.17
pairs per cell, while published puzzles have 0.045-0.07.  Two tools reach fewer pairs:

- ``reshape``: random moves on a cover of paths that never touch themselves (every cell on
  a path, no cell beside a cell of its own path other than its path neighbours).  A path's
  end ``e`` looks at a neighbouring cell ``x`` of another path ``B``; if ``x`` is an end of
  ``B`` the two paths are joined, else ``B`` is broken at ``x`` and the piece from ``x`` to
  one of ``B``'s ends is added to the path (the rest of ``B``, at least two cells, stays a
  path).  A move is made only when the grown path still touches itself nowhere, so every
  state is a valid ``fill-notouch`` solution.  Joins lower the pair count, the other moves
  reshape the cover so that new joins open up; no proof is needed, so thousands of moves
  cost milliseconds.  Measured: 10x10 to 5 pairs, 40x40 to 68 pairs, in some 0.5 s.
  Such covers are almost always the unique ``fill-notouch`` solution of their ends
  ("touching means joined" leaves long paths little room), which the solver then proves.
- ``merge_proved``: join two paths whose ends touch only while the prover still proves the
  puzzle unique (each candidate join tried once: a join refused stays refused as more
  joins only remove clues).  This brings a puzzle whose repairs added pairs back down, and
  is how ``fill`` puzzles get thinner.

Paths are lists of flat indices ``row * width + col``, as in ``generate.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..core.grid import orthogonal_neighbours
from .model import Puzzle, Solution

Proof = Callable[[Puzzle], bool]
"""True when the puzzle is proved to have exactly one solution."""
AsPuzzle = Callable[[list[list[int]]], tuple[Puzzle, Solution]]
"""The puzzle given by the paths' ends, with the paths as its solution."""


def reshape_steps(width: int, height: int) -> int:
    """The move budget of ``reshape``: enough to reach published densities on every size
    measured (10x10 needs up to 17,000 moves for 5 pairs, 40x40 some 14,000 for 68)."""
    return 2_000 + 100 * width * height


def reshape(
    paths: list[list[int]],
    width: int,
    height: int,
    target: int,
    random_source: random.Random,
    steps: int,
) -> list[list[int]]:
    """Random moves (see the module docstring) until at most ``target`` paths remain or
    ``steps`` moves were tried; the paths must never touch themselves, and never will."""
    near = [orthogonal_neighbours(i, width, height) for i in range(width * height)]
    paths = [list(p) for p in paths]
    owner = [0] * (width * height)
    for index, path in enumerate(paths):
        for cell in path:
            owner[cell] = index
    alive = list(range(len(paths)))
    for _ in range(steps):
        if len(alive) <= target:
            break
        mine = alive[random_source.randrange(len(alive))]
        path = paths[mine]
        end = path[-1] if random_source.random() < 0.5 else path[0]
        options = [x for x in near[end] if owner[x] != mine]
        if not options:
            continue
        meet = options[random_source.randrange(len(options))]
        theirs = owner[meet]
        other = paths[theirs]
        rest: list[int] = []
        if meet == other[0]:
            piece = other
        elif meet == other[-1]:
            piece = other[::-1]
        else:
            at = other.index(meet)
            if random_source.random() < 0.5:
                piece, rest = other[at:], other[:at]
            else:
                piece, rest = other[at::-1], other[at + 1 :]
            if len(rest) < 2:
                continue
        if any(
            owner[n] == mine and not (cell == meet and n == end)
            for cell in piece
            for n in near[cell]
        ):
            continue
        if path[-1] != end:
            path.reverse()
        path.extend(piece)
        for cell in piece:
            owner[cell] = mine
        if rest:
            paths[theirs] = rest
        else:
            paths[theirs] = []
            alive.remove(theirs)
    return [p for p in paths if p]


def merge_proved(
    paths: list[list[int]],
    width: int,
    height: int,
    target: int,
    prove: Proof,
    as_puzzle: AsPuzzle,
    random_source: random.Random,
    max_proofs: int,
) -> tuple[list[list[int]], int]:
    """Join paths whose ends touch while ``prove`` proves the puzzle unique, down to
    ``target`` paths or ``max_proofs`` proofs; the paths and the proofs spent.

    Shorter joins first (a short path joined is the least likely to open a detour), ties
    broken at random.  The joined path must not touch itself.
    """
    near = [orthogonal_neighbours(i, width, height) for i in range(width * height)]
    paths = [list(p) for p in paths]
    refused: set[tuple[int, int]] = set()
    proofs = 0
    while len(paths) > target and proofs < max_proofs:
        owner = [0] * (width * height)
        for index, path in enumerate(paths):
            for cell in path:
                owner[cell] = index
        options: list[tuple[float, int, int, int, int]] = []
        for i, path in enumerate(paths):
            for end in {path[0], path[-1]}:
                for meet in near[end]:
                    j = owner[meet]
                    other = paths[j]
                    if j > i and meet in (other[0], other[-1]) and (end, meet) not in refused:
                        size = len(path) + len(other) + 4 * random_source.random()
                        options.append((size, i, end, j, meet))
        options.sort()
        joined = False
        for _, i, end, j, meet in options:
            if proofs >= max_proofs:
                break
            first, second = paths[i], paths[j]
            refused.add((end, meet))
            if any(
                owner[n] == j and not (cell == end and n == meet)
                for cell in first
                for n in near[cell]
            ):
                continue
            head = first if first[-1] == end else first[::-1]
            tail = second if second[0] == meet else second[::-1]
            trial = [p for k, p in enumerate(paths) if k not in (i, j)] + [head + tail]
            proofs += 1
            if prove(as_puzzle(trial)[0]):
                paths = trial
                joined = True
                break
        if not joined:
            break
    return paths, proofs


__all__ = ["AsPuzzle", "Proof", "merge_proved", "reshape", "reshape_steps"]
