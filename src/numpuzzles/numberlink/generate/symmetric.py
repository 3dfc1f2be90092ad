"""Puzzles whose clue layout is symmetric (``layout.symmetry``): rot2, rot4 or mirror.

Why a generator of its own: a random cover's ends are never symmetric, and the repairs
of ``repair.py`` cut one path at a time.  Here every step is done to a whole *orbit* (an
edge together with its images under the symmetry), so the cover stays symmetric as a set
of paths and therefore so does the set of its ends:

1. **cover**: a random cover (``cover.random_cover``) of a fundamental domain (half the
   board, or a quarter for rot4), copied onto the rest by the symmetry; an odd middle row
   (rot2) or column (mirror) is one straight path mapped onto itself;
2. **mix**: orbit joins (each end joined to a touching end, with all its images) without
   proof, so paths cross the domain's seam, down to about the target count;
3. **repair**: while the deductions (``fill``) leave edges open, or the prover finds a
   second solution, cut the witness's orbit at an edge the other solutions may not use
   (an open edge, or one the second solution does not use).  Cutting several edges only
   removes solutions (``unique.py``'s argument), so the count falls and the loop ends;
4. **thin**: orbit joins kept only while the puzzle stays proved unique, down to
   ``unique.FILL_DENSITY``'s count (the joins' budget is small: each costs a proof).

The other layout rules are kept by the cuts (``layout.cut_filter``) and the joins and
checked at the end; an attempt that breaks one is dropped.  Paths are lists of flat
indices ``row * width + col``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from collections.abc import Set as AbstractSet
from functools import partial
from itertools import pairwise

from ...core.grid import orthogonal_neighbours
from ..model import Puzzle, Rules, Solution
from .cover import as_puzzle, random_cover
from .deduce import analyse
from .layout import Layout, ends_score, on_border, score, symmetry_maps
from .repair import Prover
from .steer import STEER_STEPS_PER_CELL, laid_out, steer, unique

Edge = tuple[int, int]
SYMMETRIC_FILL_DENSITY = 0.13
"""Symmetric ``fill`` puzzles are thinned by proved orbit joins down to this many pairs per
cell (a join removes a whole orbit of pairs, so the steps are coarser than
``unique.FILL_DENSITY``'s)."""
JOIN_PROOFS = 40
"""At most this many proved orbit joins are tried per attempt."""
REPAIR_ROUNDS = 400
"""An attempt whose repairs have not ended after this many orbit cuts is dropped."""


def _key(a: int, b: int) -> Edge:
    return (a, b) if a < b else (b, a)


def _edges(paths: Iterable[list[int]]) -> set[Edge]:
    return {_key(a, b) for p in paths for a, b in pairwise(p)}


def _paths(edges: set[Edge], cells: int) -> list[list[int]] | None:
    """The paths an edge set makes, or None where a cell is alone, has three edges or
    lies on a cycle."""
    adjacent: list[list[int]] = [[] for _ in range(cells)]
    for a, b in edges:
        adjacent[a].append(b)
        adjacent[b].append(a)
    if any(len(n) == 0 or len(n) > 2 for n in adjacent):
        return None
    seen = [False] * cells
    out: list[list[int]] = []
    for start in range(cells):
        if seen[start] or len(adjacent[start]) != 1:
            continue
        path = [start]
        seen[start] = True
        previous, cell = -1, start
        while True:
            step = [n for n in adjacent[cell] if n != previous]
            if not step:
                break
            previous, cell = cell, step[0]
            path.append(cell)
            seen[cell] = True
        out.append(path)
    if not all(seen):
        return None  # the cells left over lie on cycles
    return out


def _touch_free(paths: list[list[int]], width: int, height: int) -> bool:
    """No path beside itself except along its own edges (the covers' invariant)."""
    for path in paths:
        where = {c: i for i, c in enumerate(path)}
        for i, cell in enumerate(path):
            for n in orthogonal_neighbours(cell, width, height):
                j = where.get(n)
                if j is not None and abs(i - j) != 1:
                    return False
    return True


def _orbit(maps: list[Callable[[int], int]], a: int, b: int) -> set[Edge]:
    return {_key(a, b), *(_key(g(a), g(b)) for g in maps)}


def domain_cover(
    symmetry: str, width: int, height: int, target: int, random_source: random.Random
) -> list[list[int]]:
    """A symmetric cover: a random cover of a fundamental domain and its images."""
    maps = symmetry_maps(symmetry, width, height)
    fixed: list[list[int]] = []
    if symmetry == "rot4":
        dw, dh, place = width // 2, height // 2, (0, 0)
    elif symmetry == "mirror":
        dw, dh, place = width // 2, height, (0, 0)
        if width % 2:
            fixed.append([r * width + width // 2 for r in range(height)])
    elif height % 2 == 0:
        dw, dh, place = width, height // 2, (0, 0)
    elif width % 2 == 0:
        dw, dh, place = width // 2, height, (0, 0)
    else:
        dw, dh, place = width, height // 2, (0, 0)
        fixed.append([(height // 2) * width + c for c in range(width)])
    orbit_size = len(maps) + 1
    sub = random_cover(dw, dh, max(1, target // orbit_size), random_source)
    out = list(fixed)
    for path in sub:
        cells = [(place[0] + i // dw) * width + place[1] + i % dw for i in path]
        out.append(cells)
        out.extend([g(c) for c in cells] for g in maps)
    return out


def _end_pairs(paths: list[list[int]], width: int, height: int) -> list[Edge]:
    """Adjacent ends of different paths: the joins that could be made."""
    end_of: dict[int, int] = {}
    for i, p in enumerate(paths):
        end_of[p[0]] = i
        end_of[p[-1]] = i
    out = []
    for cell, i in end_of.items():
        for n in orthogonal_neighbours(cell, width, height):
            if n > cell and end_of.get(n, i) != i:
                out.append((cell, n))
    return out


def _join(
    paths: list[list[int]], edge: Edge, maps: list[Callable[[int], int]], width: int, height: int
) -> list[list[int]] | None:
    """The paths with ``edge``'s orbit joined, or None where that is not a cover of paths
    that never touch themselves."""
    joined = _paths(_edges(paths) | _orbit(maps, *edge), width * height)
    if joined is None or not _touch_free(joined, width, height):
        return None
    return joined


def _cut(
    paths: list[list[int]],
    edge: Edge,
    maps: list[Callable[[int], int]],
    layout: Layout,
    width: int,
    height: int,
) -> list[list[int]] | None:
    """The paths with ``edge``'s orbit cut, or None where a piece would be shorter than
    ``min_length`` (or two cells) or a new end would lie on the border under
    ``no_border_ends`` (the rules ``layout.cut_filter`` keeps for one cut)."""
    edges = _edges(paths)
    orbit = _orbit(maps, *edge)
    if not orbit <= edges:
        return None
    cut = _paths(edges - orbit, width * height)
    if cut is None:
        return None
    k = max(2, layout.min_length)
    if any(len(p) < k for p in cut):
        return None
    if layout.no_border_ends and any(on_border(c, width, height) for e in orbit for c in e):
        return None
    return cut


def _within(edges: AbstractSet[Edge], inside: bool, a: int, b: int) -> bool:
    return (_key(a, b) in edges) is inside


def _balanced(paths: list[list[int]], allowed: Callable[[int, int], bool]) -> list[Edge]:
    """Witness edges ``allowed`` says may go, the most balanced cuts first."""
    options: list[tuple[int, Edge]] = []
    for path in paths:
        for pos in range(1, len(path) - 2):
            if allowed(path[pos], path[pos + 1]):
                options.append((-min(pos + 1, len(path) - pos - 1), _key(path[pos], path[pos + 1])))
    options.sort()
    return [edge for _, edge in options]


def _second_edges(solution: Solution, solutions: tuple[Solution, ...]) -> set[Edge] | None:
    w = solution.width

    def edges(s: Solution) -> set[Edge]:
        return {_key(a[0] * w + a[1], b[0] * w + b[1])
                for _, p in s.paths for a, b in pairwise(p)}

    mine = edges(solution)
    for other in solutions:
        theirs = edges(other)
        if theirs != mine:
            return theirs
    return None


def _repair(
    paths: list[list[int]],
    rules: Rules,
    layout: Layout,
    maps: list[Callable[[int], int]],
    prover: Prover | None,
    width: int,
    height: int,
) -> tuple[list[list[int]], int] | None:
    """Orbit cuts until the puzzle is proved unique (see the module docstring)."""
    repairs = 0
    for _ in range(REPAIR_ROUNDS):
        puzzle, solution = as_puzzle(width, height, paths)
        if rules is Rules.FILL:
            facts = analyse(puzzle)
            if not facts.consistent:
                return None
            if facts.open:
                candidates = _balanced(paths, partial(_within, frozenset(facts.open), True))
            elif prover is None:
                return paths, repairs
            else:
                candidates = []
        else:
            candidates = []
        if not candidates:
            if prover is None:
                return None
            solutions, decided = prover(puzzle, rules)
            if not decided:
                return None
            if len(solutions) == 1:
                return paths, repairs
            theirs = _second_edges(solution, solutions)
            if theirs is None:
                return None
            candidates = _balanced(paths, partial(_within, frozenset(theirs), False))
        for edge in candidates:
            cut = _cut(paths, edge, maps, layout, width, height)
            if cut is not None:
                paths = cut
                repairs += 1
                break
        else:
            return None
    return None


def orbit_move(
    maps: list[Callable[[int], int]],
    width: int,
    height: int,
    paths: list[list[int]],
    random_source: random.Random,
    start: int | None = None,
) -> list[list[int]] | None:
    """``steer``'s move done to a whole orbit: a path's end ``e`` steps into a neighbour
    ``x`` of another path (joined where ``x`` is an end, else that path loses its edge
    from ``x`` to one side), with every image of those two edges alike (``e`` is
    ``start``, or a random end when None); None where the
    result is not a cover of paths, each of two cells or more, never touching itself."""
    if start is None:
        path = paths[random_source.randrange(len(paths))]
        end = path[-1] if random_source.random() < 0.5 else path[0]
    else:
        path = next(p for p in paths if start in (p[0], p[-1]))
        end = start
    members = set(path)
    options = [x for x in orthogonal_neighbours(end, width, height) if x not in members]
    if not options:
        return None
    meet = options[random_source.randrange(len(options))]
    edges = _edges(paths)
    beside = [n for n in orthogonal_neighbours(meet, width, height) if _key(meet, n) in edges]
    added = _orbit(maps, end, meet)
    removed: set[Edge] = set()
    if len(beside) == 2:
        removed = _orbit(maps, meet, beside[random_source.randrange(2)])
    if added & removed:
        return None
    moved = _paths((edges - removed) | added, width * height)
    if moved is None or not _touch_free(moved, width, height):
        return None
    return moved


def symmetric_attempt(
    width: int,
    height: int,
    rules: Rules,
    layout: Layout,
    wanted: int | None,
    target: int,
    random_source: random.Random,
    prover: Prover | None,
) -> tuple[Puzzle, Solution, int] | None:
    """One attempt at a ``width`` x ``height`` puzzle under ``rules`` whose ends keep
    ``layout`` (its symmetry first), with ``wanted`` pairs where not None, its unique
    solution and the number of orbit cuts; None when the attempt fails."""
    w, h = width, height
    maps = symmetry_maps(layout.symmetry, w, h)
    move = partial(orbit_move, maps, w, h)
    paths = domain_cover(layout.symmetry, w, h, target, random_source)
    for _ in range(4 * w * h):  # mix: unproved orbit joins down to about the target
        if len(paths) <= target:
            break
        options = _end_pairs(paths, w, h)
        if not options:
            break
        joined = _join(paths, options[random_source.randrange(len(options))], maps, w, h)
        if joined is not None:
            paths = joined
    paths = steer(paths, move, partial(score, layout, w, h), random_source,
                  STEER_STEPS_PER_CELL * w * h, min_paths=max(2, target // 2))
    repaired = _repair(paths, rules, layout, maps, prover, w, h)
    if repaired is None:
        return None
    paths, repairs = repaired
    goal = max(2, round(SYMMETRIC_FILL_DENSITY * w * h))
    if wanted is not None:
        goal = wanted
    elif layout.no_adjacent_ends:
        goal = 1  # joins are made where ends touch: join on while the proofs allow
    refused: set[Edge] = set()
    proofs = 0
    before = ends_score(layout, as_puzzle(w, h, paths)[0])
    while len(paths) > goal and proofs < JOIN_PROOFS:
        options = [e for e in _end_pairs(paths, w, h) if e not in refused]
        if not options:
            break
        edge = options[random_source.randrange(len(options))]
        refused |= _orbit(maps, *edge)
        joined = _join(paths, edge, maps, w, h)
        if joined is None:
            continue
        trial = as_puzzle(w, h, joined)[0]
        if ends_score(layout, trial) > before:
            continue
        proofs += 1
        if unique(rules, prover, trial):
            paths = joined
    puzzle, solution = as_puzzle(w, h, paths)
    return laid_out(layout, rules, puzzle, solution, repairs, random_source, prover, move)



__all__ = ["domain_cover", "symmetric_attempt"]
