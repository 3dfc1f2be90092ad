"""Few long paths: thinning a cover to a published clue density, and proved merges.

Why: the repairs of ``repair.py`` only ever cut paths, so its puzzles keep about 0.17
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

Paths are lists of flat indices ``row * width + col``, as in ``cover.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ...core.grid import orthogonal_neighbours
from ..model import Puzzle, Solution

Proof = Callable[[Puzzle], bool]
"""True when the puzzle is proved to have exactly one solution."""
AsPuzzle = Callable[[list[list[int]]], tuple[Puzzle, Solution]]
"""The puzzle given by the paths' ends, with the paths as its solution."""

THIN_CELLS = 100
"""Boards this large and up are thinned by default under ``fill``; smaller ones keep the
plain cut repairs, whose puzzles vary more (a 5x5 board merged down to 3 pairs has few
different puzzles to give)."""

THIN_MAX_CELLS = 625
"""Boards larger than this (25x25) are thinned under ``fill`` only when a pair count or
density is asked: proving the merges costs some 30 s at 30x30 and 90 s at 50x50, against
1-15 s for the crowded puzzle, too slow for a default."""


def reshape_steps(width: int, height: int) -> int:
    """The move budget of ``reshape``: enough to reach published densities on every size
    measured (10x10 needs up to 17,000 moves for 5 pairs, 40x40 some 14,000 for 68)."""
    return 2_000 + 100 * width * height



def take_piece(other: list[int], meet: int,
               random_source: random.Random) -> tuple[list[int], list[int]] | None:
    """The part of path ``other`` that a merge through its cell ``meet`` takes (from
    ``meet`` on, towards one of its ends), and the rest it leaves; None when the rest
    would be too short to stay a path.  Why one function: the thinning merges and the
    layout reshaping (steer.py) cut paths the same way, drawing the same random numbers,
    so that a seed makes the same puzzle whichever calls it."""
    if meet == other[0]:
        return other, []
    if meet == other[-1]:
        return other[::-1], []
    at = other.index(meet)
    if random_source.random() < 0.5:
        piece, rest = other[at:], other[:at]
    else:
        piece, rest = other[at::-1], other[at + 1 :]
    return None if len(rest) < 2 else (piece, rest)

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
        taken = take_piece(other, meet, random_source)
        if taken is None:
            continue
        piece, rest = taken
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
    refused: set[tuple[int, int]] | None = None,
) -> tuple[list[list[int]], int]:
    """Join paths whose ends touch while ``prove`` proves the puzzle unique, down to
    ``target`` paths or ``max_proofs`` proofs; the paths and the proofs spent.

    Shorter joins first (a short path joined is the least likely to open a detour), ties
    broken at random.  The joined path must not touch itself.  ``refused`` (updated in
    place) holds the joins already tried and refused, as ``(end, meet)`` cell pairs.
    """
    near = [orthogonal_neighbours(i, width, height) for i in range(width * height)]
    paths = [list(p) for p in paths]
    if refused is None:
        refused = set()
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


CUT_PATIENCE = 60
"""``cut_and_merge`` gives up after this many proofs (a cut with none counts one) without a
new low: at 40x40 the cuts
won one pair per 30 proofs near 0.127 pairs per cell, where a fresh attempt does better."""


def cut_and_merge(
    paths: list[list[int]],
    width: int,
    height: int,
    target: int,
    prove: Proof,
    as_puzzle: AsPuzzle,
    random_source: random.Random,
    max_proofs: int,
) -> tuple[list[list[int]], int]:
    """``merge_proved``, and where its joins run out above ``target``, cut a path where
    both new ends touch another path's end and try those joins, until ``target`` paths or
    ``max_proofs`` proofs; the paths and the proofs spent.  ``paths`` must be proved unique.

    Why: proved joins stop at a local minimum (every join left refused) some 5 % above
    0.12 pairs per cell under ``fill``, and a new attempt from scratch costs a cover, its
    repairs and all its joins again.  A cut never adds a solution (``unique.py``'s
    argument), so it needs no proof; its two new ends open joins that were not there
    (one cut and two joins: one pair fewer).  The cut edge itself is refused, so that the
    first join does not simply undo it; a cut whose joins do not make up for it is undone
    (the paths before it were proved unique), so the count never climbs; after
    ``CUT_PATIENCE`` proofs without a new low the search stops.
    """
    near = [orthogonal_neighbours(i, width, height) for i in range(width * height)]
    refused: set[tuple[int, int]] = set()
    paths, spent = merge_proved(
        paths, width, height, target, prove, as_puzzle, random_source, max_proofs, refused
    )
    best, stale = len(paths), 0
    while len(paths) > target and spent < max_proofs and stale < CUT_PATIENCE:
        end_of: dict[int, int] = {}
        for index, path in enumerate(paths):
            end_of[path[0]] = index
            end_of[path[-1]] = index
        cuts: list[tuple[int, int]] = []
        for index, path in enumerate(paths):
            for pos in range(1, len(path) - 2):
                if all(
                    any(end_of.get(n, index) != index for n in near[cell])
                    for cell in (path[pos], path[pos + 1])
                ):
                    cuts.append((index, pos))
        if not cuts:
            break
        index, pos = cuts[random_source.randrange(len(cuts))]
        path = paths[index]
        u, v = path[pos], path[pos + 1]
        cut = [p for k, p in enumerate(paths) if k != index] + [path[: pos + 1], path[pos + 1 :]]
        refused.update(((u, v), (v, u)))
        joined, more = merge_proved(
            cut, width, height, target, prove, as_puzzle, random_source,
            max_proofs - spent, refused,
        )
        spent += more
        stale += max(1, more)  # a cut whose joins all touch or were refused costs one
        if len(joined) <= len(paths):  # else undo the cut: no pair more than before
            paths = joined
        if len(paths) < best:
            best, stale = len(paths), 0
    return paths, spent


__all__ = ["AsPuzzle", "Proof", "cut_and_merge", "merge_proved", "reshape", "reshape_steps"]
