"""Three neighbouring paths laid out again inside their own and the empty cells
(``solve/group_detour.py``), against the brute-force oracle and on janko.at's 528.

What it promises: whatever it returns is a ``blank`` solution other than the one given,
differing from it only in the labels of a group of three whose paths touch, laid inside
that group's cells and the empty ones; and, given time enough, it finds one whenever one
exists.  The oracle lists every solution of small boards, so both halves are checked on
each: a solution it returns must be one the oracle lists (and pass the checker), and when
it returns none, no listed solution may be such a reroute of the first.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from numberlink_oracle import reroutes_agree, sparse_board

from numpuzzles.core.deadline import Deadline
from numpuzzles.numberlink.check import check
from numpuzzles.numberlink.model import EMPTY, Cell, Puzzle, Rules
from numpuzzles.numberlink.solve import group_detour as module
from numpuzzles.numberlink.solve.dispatch import solve
from numpuzzles.numberlink.solve.group_detour import group_detour

JANKO = Path(__file__).resolve().parents[2] / "bench" / "data" / "janko-arukone.txt"

Paths = dict[int, list[Cell]]


def _near(a: list[Cell], b: list[Cell]) -> bool:
    around = {(r + dr, c + dc) for r, c in a for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))}
    return bool(around & set(b))


def _connected_triples(first: Paths) -> list[set[int]]:
    """Every set of three labels of ``first`` whose paths are connected by touching."""
    labels = sorted(first)
    out = []
    for i, a in enumerate(labels):
        for j in range(i + 1, len(labels)):
            for b3 in labels[j + 1:]:
                trio = (a, labels[j], b3)
                links = [(x, y) for x in trio for y in trio if x < y and _near(first[x], first[y])]
                if len(links) >= 2:  # three nodes are connected by two links or three
                    out.append(set(trio))
    return out


def _group_reroute(puzzle: Puzzle, first: Paths, other: Paths) -> bool:
    """Whether ``other`` differs from ``first`` only in labels of a connected triple,
    their paths inside that triple's cells and the cells ``first`` leaves empty."""
    used = {cell for path in first.values() for cell in path}
    empty = {divmod(i, puzzle.width) for i, v in enumerate(puzzle.cells)
             if v == EMPTY} - used
    changed = {label for label in first if first[label] != other[label]}
    for trio in _connected_triples(first):
        if changed and changed <= trio:
            region = {cell for label in trio for cell in first[label]} | empty
            if all(set(other[label]) <= region for label in changed):
                return True
    return False


def test_group_detour_against_brute_force(monkeypatch: pytest.MonkeyPatch) -> None:
    """2,000 small boards (some 420 solvable): the layout it gives is a listed solution,
    and it gives one exactly when the list holds such a reroute of the first solution."""
    monkeypatch.setattr(module, "GROUP_SECONDS", 1e9)  # every group, however slow the run
    rnd = random.Random(43)
    boards = (sparse_board(rnd, sides=(3, 5), labels=(3, 5)) for _ in range(2000))
    checked, found = reroutes_agree(
        boards, lambda puzzle, start: group_detour(puzzle, start, Deadline(None)),
        _group_reroute)
    assert checked > 350 and found > 200 and checked - found > 50, (checked, found)


def _janko(ident: str) -> Puzzle:
    """One puzzle of the janko.at collection the benchmarks read (its format: a ``# ID``
    line, ``H W``, then H rows of W tokens, ``-`` an empty cell)."""
    blocks = JANKO.read_text().split("\n\n")
    (block,) = [b for b in blocks if f"# {ident} " in b]
    rows = [line.split() for line in block.splitlines() if line and not line.startswith("#")]
    height, width = (int(v) for v in rows[0])
    cells = tuple(0 if t == "-" else int(t) for row in rows[1:] for t in row)
    return Puzzle(width, height, cells)


def test_janko_528_has_a_second_solution_three_paths_away() -> None:
    """janko.at's 528 (20x20): its solution fills the board, and three of its paths can be
    laid out again leaving cells empty, which SAT on the whole board took 46-52 s to show."""
    puzzle = _janko("528_20x20")
    first = solve(puzzle, rules=Rules.FILL_NOTOUCH, limit=1).solutions[0]
    assert check(puzzle, first, Rules.BLANK) == []
    second = group_detour(puzzle, first, Deadline(None))
    assert second is not None
    assert check(puzzle, second, Rules.BLANK) == []
    before, after = dict(first.paths), dict(second.paths)
    changed = [label for label in before if set(before[label]) != set(after[label])]
    assert 2 <= len(changed) <= 3
    assert EMPTY in [v for g, v in zip(puzzle.cells, second.cells, strict=True) if g == EMPTY]
