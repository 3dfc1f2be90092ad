"""The line-partition counter (``survo/lines.py``) against brute force, the solver's
listing and the other counters."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from survo_oracle import brute_count, fillings

from numpuzzles.core.deadline import Deadline
from numpuzzles.core.errors import InvalidPuzzleError
from numpuzzles.survo import lines
from numpuzzles.survo.count import _Counter, count
from numpuzzles.survo.meet import OutOfTime, TooLarge, count_open
from numpuzzles.survo.model import Puzzle, open_puzzle
from numpuzzles.survo.solve import as_filling, solve


def _lines(puzzle: Puzzle, seconds: float | None = None) -> int:
    return lines.LineCount(puzzle).run(Deadline(seconds))


def _table(height: int, width: int, rand: random.Random) -> list[int]:
    values = list(range(1, height * width + 1))
    rand.shuffle(values)
    return values


@settings(max_examples=60, deadline=None)
@given(shape=st.sampled_from([(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (4, 2)]),
       seed=st.integers(0, 10**6), share=st.floats(0.0, 0.6))
def test_counts_equal_brute_force_with_and_without_givens(
        shape: tuple[int, int], seed: int, share: float) -> None:
    """Open tables and tables with givens (a random share of the cells of a random
    filling), against the permutation brute force of ``survo_oracle``."""
    height, width = shape
    rand = random.Random(seed)
    values = _table(height, width, rand)
    givens = tuple(v if rand.random() < share else 0 for v in values)
    p = open_puzzle(as_filling(values, width)).with_givens(givens)
    assert _lines(p) == brute_count(height, width, p.rows, p.cols, givens)


@settings(max_examples=30, deadline=None)
@given(shape=st.sampled_from([(2, 3), (3, 3), (2, 4)]), seed=st.integers(0, 10**6),
       shift=st.integers(-3, 3))
def test_sums_that_no_filling_makes_count_what_brute_force_finds(
        shape: tuple[int, int], seed: int, shift: int) -> None:
    """Sums moved off a filling's (their totals kept, as a puzzle must): often no
    solution, and the counter must say 0, not fail."""
    height, width = shape
    values = _table(height, width, random.Random(seed))
    p = open_puzzle(as_filling(values, width))
    rows = (p.rows[0] + shift, p.rows[1] - shift, *p.rows[2:])
    cols = (p.cols[0] + shift, p.cols[1] - shift, *p.cols[2:])
    try:
        q = Puzzle(height, width, rows, cols, p.givens)
    except InvalidPuzzleError:
        return  # a sum out of reach is refused before any counting

    assert _lines(q) == brute_count(height, width, rows, cols)


@pytest.mark.parametrize("seed", range(6))
def test_3x4_and_4x4_with_givens_agree_with_the_solver_listing(seed: int) -> None:
    """Past brute force: the solver lists every solution (its own search, no code shared
    with this counter)."""
    rand = random.Random(seed)
    height, width = rand.choice([(3, 4), (4, 3), (4, 4)])
    values = _table(height, width, rand)
    givens = tuple(v if rand.random() < 0.3 else 0 for v in values)
    p = open_puzzle(as_filling(values, width)).with_givens(givens)
    listed = solve(p)
    assert listed.complete
    assert _lines(p) == listed.count


def _near_sorted_5x5(swaps: int, seed: int) -> Puzzle:
    rand = random.Random(seed)
    values = list(range(1, 26))
    for _ in range(swaps):
        i, j = rand.sample(range(25), 2)
        values[i], values[j] = values[j], values[i]
    return open_puzzle(as_filling(values, 5))


def test_the_sorted_5x5_is_unique_by_the_extremes() -> None:
    """Rows 15, 40, 65, 90, 115 and columns 55..75: row 1 must be 1..5 (the least five),
    row 5 21..25, row 2 then 6..10 and row 4 16..20; column 1 (55) must take each row's
    least, column 5 each row's largest, and so on: one solution, by hand."""
    p = open_puzzle(as_filling(list(range(1, 26)), 5))
    assert _lines(p) == 1
    assert count(p, timeout=60) == (1, True)


@pytest.mark.parametrize("seed", [2, 4, 11])
def test_near_sorted_5x5_with_few_solutions_agree_with_the_solver_listing(seed: int) -> None:
    """Open 5×5 tables a swap from the sorted one, with few enough solutions (5, 75 and
    35) for the solver to list them all."""
    p = _near_sorted_5x5(1, seed)
    listed = solve(p, limit=200, timeout=60)
    assert listed.complete
    assert _lines(p, 60) == listed.count
    for table in listed.solutions:  # and the listing is right: each meets every sum
        assert tuple(sum(row) for row in table) == p.rows


def test_an_open_5x5_with_many_solutions_agrees_with_the_memoised_search() -> None:
    """Too many solutions to list: the reference is the memoised search (labelled rows,
    column by column, no code shared with this counter), given the time it needs."""
    p = _near_sorted_5x5(1, 8)
    want = _Counter(p, Deadline(None)).total()
    assert want > 1000
    assert _lines(p, 120) == want


def test_the_plain_python_kernel_counts_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without numba the kernel runs as the Python it is written in (``core/jit.py``)."""
    rand = random.Random(4)
    values = _table(3, 3, rand)
    p = open_puzzle(as_filling(values, 3)).with_givens(
        tuple(v if i == 4 else 0 for i, v in enumerate(values)))
    monkeypatch.setenv("NUMPUZZLES_NO_JIT", "1")
    assert _lines(p) == sum(1 for _ in fillings(3, 3, p.rows, p.cols, p.givens))


def test_a_deadline_stops_it_and_the_next_turn_goes_on() -> None:
    p = _near_sorted_5x5(2, 7)
    counting = lines.LineCount(p)
    turns = 0
    while True:
        turns += 1
        try:
            got = counting.run(Deadline(0.0))
            break
        except OutOfTime:
            continue
    assert turns > 1
    assert got == _lines(p, 120)


def test_layouts_past_the_state_limit_say_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """A table whose layouts outgrow ``MOST_STATES`` on both sides is refused
    (``TooLarge``, an undecided count), on every later turn too; ``count`` still answers
    exactly.  The table is a central 3×3 (the magic square's sums, 15 everywhere)."""
    monkeypatch.setattr(lines, "MOST_STATES", 1)
    p = open_puzzle(as_filling([8, 1, 6, 3, 5, 7, 4, 9, 2], 3))
    counting = lines.LineCount(p)
    for _ in range(2):
        with pytest.raises(TooLarge):
            counting.run(Deadline(None))
    assert count(p) == (brute_count(3, 3, p.rows, p.cols), True)


def test_a_hidden_sum_is_refused() -> None:
    p = Puzzle(3, 3, (None, 15, 15), (6, 15, 24), (0,) * 9)
    with pytest.raises(ValueError, match="every sum"):
        lines.LineCount(p)


@pytest.mark.parametrize(("height", "width", "seed"), [(4, 4, 1), (4, 4, 2), (3, 6, 1),
                                                       (6, 3, 2), (2, 10, 3)])
def test_open_tables_past_brute_force_agree_with_the_meeting(
        height: int, width: int, seed: int) -> None:
    """Central open tables (thousands to hundreds of thousands of solutions): the meeting
    in the middle with anonymous rows (``meet.py``) is the other algorithm."""
    values = _table(height, width, random.Random(seed))
    p = open_puzzle(as_filling(values, width))
    rows = tuple(s or 0 for s in p.rows)
    cols = tuple(s or 0 for s in p.cols)
    met = count_open(height, width, rows, cols, Deadline(None))
    assert met > 0
    assert _lines(p) == met


def test_a_side_past_the_state_limit_gives_way_to_the_other(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A 2×4 table's rows (4 numbers each) can hold C(4,2)^2 = 36 sets at a level, its
    columns (2 each) C(2,1)^4 = 16: with a limit of 20 (tables that start at 2 and grow)
    a side whose layouts fill the tables gives way to the other, and the count is still
    the brute force's, whichever side was tried first."""
    monkeypatch.setattr(lines, "MOST_STATES", 20)
    monkeypatch.setattr(lines, "FIRST_STATES", 2)
    for seed in range(6):
        values = _table(2, 4, random.Random(seed))
        p = open_puzzle(as_filling(values, 4))
        assert _lines(p) == brute_count(2, 4, p.rows, p.cols)
