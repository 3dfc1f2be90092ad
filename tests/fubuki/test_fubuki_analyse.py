"""``analyse`` for Fubuki against brute force: the count, the common grid, the suggestion.

The expected answers come from ``fubuki_oracle`` (every 3x3 filling, filed under its
totals; the row-by-row counter for 4x4), never from the package: the common grid is the
cells on which every brute-force solution agrees, and a suggestion is re-counted by brute
force on the changed puzzle (exactly one) and its solution put to the independent checker.
Where brute force shows that some single given leaves one solution, the analysis must
find one.
"""

from __future__ import annotations

import functools
import json
import math
import random
import time
from collections import Counter
from collections.abc import Mapping
from typing import Any

import numpy as np
import pytest

from fubuki.fubuki_oracle import all_fillings_3x3, brute_force_3x3, count_by_rows
from numpuzzles.core.result import Status
from numpuzzles.fubuki.analyse import analyse
from numpuzzles.fubuki.check import check
from numpuzzles.fubuki.formats import parse
from numpuzzles.fubuki.model import Puzzle

Flat = tuple[int, ...]


def _random_puzzle(rnd: random.Random, *, hide: float = 0.0, diagonals: bool = False,
                   product: bool = False, n: int = 3, givens: int | None = None) -> Puzzle:
    """A puzzle made from a random filling (so it has a solution): some givens, some
    totals hidden."""
    digits = list(range(1, n * n + 1))
    rnd.shuffle(digits)
    op = math.prod if product else sum
    rows = [op(digits[r * n:(r + 1) * n]) for r in range(n)]
    cols = [op(digits[c::n]) for c in range(n)]
    hidden_rows = [None if rnd.random() < hide else t for t in rows]
    hidden_cols = [None if rnd.random() < hide else t for t in cols]
    diag = None
    if diagonals:
        d1 = sum(digits[i * n + i] for i in range(n))
        d2 = sum(digits[i * n + n - 1 - i] for i in range(n))
        diag = (None if rnd.random() < hide else d1, None if rnd.random() < hide else d2)
    k = rnd.randint(0, 3) if givens is None else givens
    shown = set(rnd.sample(range(n * n), k))
    given = tuple(d if i in shown else 0 for i, d in enumerate(digits))
    return Puzzle(n, tuple(hidden_rows), tuple(hidden_cols), given, diag, product)


def from_json(value: Mapping[str, Any]) -> Puzzle:
    """A suggestion's puzzle read back as a client would: through the JSON reader."""
    (puzzle,) = parse(json.dumps(dict(value)), "json")
    return puzzle


@functools.cache
def _table() -> dict[str, Any]:
    """Every 3x3 filling (the oracle's 9!) with its line sums and products, as arrays, so
    that one puzzle's brute force is a few vectorised comparisons."""
    every = np.array(all_fillings_3x3(), dtype=np.int64)
    grid = every.reshape(-1, 3, 3)
    lines = {
        "rows": [grid[:, r, :] for r in range(3)],
        "cols": [grid[:, :, c] for c in range(3)],
        "diagonals": [grid[:, [0, 1, 2], [0, 1, 2]], grid[:, [0, 1, 2], [2, 1, 0]]],
    }
    table: dict[str, Any] = {"every": every}
    for name, cells in lines.items():
        table[name, False] = [c.sum(axis=1) for c in cells]
        table[name, True] = [c.prod(axis=1) for c in cells]
    return table


def _brute(puzzle: Puzzle) -> set[Flat]:
    """Every filling that meets the puzzle's totals and givens, by brute force: the
    oracle's table where every row and column total is shown (a lookup), else a scan of
    all 9! fillings."""
    shown = None not in (*puzzle.rows, *puzzle.cols)
    if shown and not (puzzle.product and puzzle.diagonals is not None):
        return brute_force_3x3(puzzle.rows, puzzle.cols, puzzle.givens, puzzle.diagonals,
                               puzzle.product)
    table = _table()
    every = table["every"]
    keep = np.ones(len(every), dtype=bool)
    totals = {"rows": puzzle.rows, "cols": puzzle.cols, "diagonals": puzzle.diagonals or ()}
    for name, wanted in totals.items():
        for index, total in enumerate(wanted):
            if total is not None:
                keep &= table[name, puzzle.product][index] == total
    for cell, given in enumerate(puzzle.givens):
        if given:
            keep &= every[:, cell] == given
    return {tuple(int(v) for v in row) for row in every[keep]}


def _common(solutions: set[Flat]) -> list[int | None]:
    cells = zip(*solutions, strict=True)
    return [column[0] if len(set(column)) == 1 else None for column in cells]


def _assert_matches_brute_force(puzzle: Puzzle) -> None:
    solutions = _brute(puzzle)
    analysis = analyse(puzzle)
    if not solutions:
        assert analysis.status is Status.UNSOLVABLE
        assert analysis.count == 0 and analysis.complete
        return
    assert analysis.status is Status.SOLVED
    assert analysis.complete and analysis.count == len(solutions), puzzle
    want = _common(solutions)
    assert analysis.common is not None
    got = [v for row in analysis.common for v in row]
    assert got == want, puzzle
    assert list(analysis.differ) == [divmod(i, 3) for i, v in enumerate(want) if v is None]
    if len(solutions) == 1:
        assert analysis.unique and analysis.suggestion is None
        assert analysis.difficulty in ("easy", "medium", "hard", "expert")
        return
    assert analysis.difficulty is None
    # which single givens leave exactly one solution, by brute force
    fixes = set()
    for i in range(9):
        if want[i] is None:
            seen = Counter(s[i] for s in solutions)
            fixes |= {(i, digit) for digit, times in seen.items() if times == 1}
    if not fixes:
        assert analysis.suggestion is None, puzzle
        return
    suggestion = analysis.suggestion
    assert suggestion is not None, puzzle
    assert suggestion.kind == "add-given"
    changed = from_json(dict(suggestion.puzzle))
    added = [i for i in range(9) if changed.givens[i] != puzzle.givens[i]]
    assert len(added) == 1 and puzzle.givens[added[0]] == 0
    cell = added[0]
    assert suggestion.cells == (divmod(cell, 3),)
    assert (cell, changed.givens[cell]) in fixes
    assert (changed.rows, changed.cols, changed.diagonals, changed.product) == (
        puzzle.rows, puzzle.cols, puzzle.diagonals, puzzle.product)
    row, col = divmod(cell, 3)
    assert suggestion.message == f"Give {changed.givens[cell]} in row {row + 1}, column {col + 1}"
    (only,) = _brute(changed)
    assert check(changed, [list(only[r * 3:(r + 1) * 3]) for r in range(3)]) == []


def test_common_matches_brute_force_on_many_3x3_puzzles() -> None:
    rnd = random.Random(2024)
    several = 0
    for _ in range(1500):
        puzzle = _random_puzzle(rnd)
        several += len(_brute(puzzle)) > 1
        _assert_matches_brute_force(puzzle)
    assert several > 300  # the loop really tried puzzles with several solutions


@pytest.mark.parametrize("kind", ["hidden", "diagonals", "product"])
def test_common_matches_brute_force_in_the_variants(kind: str) -> None:
    rnd = random.Random(7 + len(kind))
    several = 0
    for _ in range({"hidden": 200, "diagonals": 300, "product": 400}[kind]):
        puzzle = _random_puzzle(
            rnd, hide=0.4 if kind != "product" else 0.2, diagonals=kind == "diagonals",
            product=kind == "product")
        several += len(_brute(puzzle)) > 1
        _assert_matches_brute_force(puzzle)
    assert several > 100


def test_unsolvable_puzzles_are_proved_so() -> None:
    # totals of one filling, a given that no filling with these totals has there
    rnd = random.Random(5)
    proved = 0
    for _ in range(200):
        base = _random_puzzle(rnd, givens=0)
        solutions = _brute(base)
        for digit in range(1, 10):
            if all(s[0] != digit for s in solutions):
                try:
                    puzzle = base.with_givens((digit, *base.givens[1:]))
                except ValueError:
                    continue
                _assert_matches_brute_force(puzzle)
                proved += 1
                break
    assert proved > 50


def test_4x4_counts_and_common_against_the_row_counter() -> None:
    rnd = random.Random(44)
    for _ in range(25):
        puzzle = _random_puzzle(rnd, n=4, givens=rnd.randint(5, 8))
        analysis = analyse(puzzle)
        want = count_by_rows(4, puzzle.rows, puzzle.cols, puzzle.givens, limit=10**6)
        assert analysis.complete and analysis.count == want
        assert analysis.common is not None
        flat = [v for row in analysis.common for v in row]
        for cell, value in enumerate(flat):
            if value is None:
                continue
            # a settled cell: no solution has another digit there (the counter says 0)
            for digit in range(1, 17):
                if digit == value or digit in puzzle.givens:
                    continue
                givens = list(puzzle.givens)
                if givens[cell]:
                    break
                givens[cell] = digit
                assert count_by_rows(4, puzzle.rows, puzzle.cols, givens, limit=1) == 0
        if analysis.suggestion is not None:
            changed = from_json(dict(analysis.suggestion.puzzle))
            assert count_by_rows(4, changed.rows, changed.cols, changed.givens, limit=2) == 1


def test_a_time_limit_says_at_least() -> None:
    empty = Puzzle(5, (65, 65, 65, 65, 65), (65, 65, 65, 65, 65), (0,) * 25)
    started = time.perf_counter()
    analysis = analyse(empty, timeout=0.5)
    assert time.perf_counter() - started < 3
    assert analysis.status is Status.SOLVED and not analysis.complete and analysis.count >= 1
    assert analysis.timed_out
    assert analysis.difficulty is None
