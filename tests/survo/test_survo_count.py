"""The counters against brute force, and against each other where brute force is too slow."""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import TypeVar

import pytest
from survo_oracle import brute_count

from numpuzzles.core.deadline import Deadline
from numpuzzles.survo import meet
from numpuzzles.survo.count import _Counter, count
from numpuzzles.survo.meet import count_open
from numpuzzles.survo.model import Puzzle, open_puzzle
from numpuzzles.survo.solve import as_filling, solve

T = TypeVar("T")


def _random_open(height: int, width: int, seed: int) -> Puzzle:
    rand = random.Random(seed)
    values = list(range(1, height * width + 1))
    rand.shuffle(values)
    return open_puzzle(as_filling(values, width))


SMALL = [(2, 3), (3, 2), (2, 4), (3, 3), (2, 5), (3, 4), (4, 3)]


@pytest.mark.parametrize(("height", "width"), SMALL)
@pytest.mark.parametrize("seed", range(4))
def test_open_counts_equal_brute_force(height: int, width: int, seed: int) -> None:
    p = _random_open(height, width, seed)
    want = brute_count(height, width, p.rows, p.cols)
    assert count(p) == (want, True)
    assert _Counter(p, Deadline(None)).total() == want
    assert solve(p).count == want


@pytest.mark.parametrize("seed", range(24))
def test_givens_and_hidden_sums_equal_brute_force(seed: int) -> None:
    rand = random.Random(seed)
    height, width = rand.choice([(3, 3), (2, 5), (3, 4)])
    p = _random_open(height, width, seed + 100)
    sol = solve(p, limit=1).solutions[0]
    flat = [v for row in sol for v in row]
    givens = tuple(v if rand.random() < 0.2 else 0 for v in flat)
    rows = tuple(None if rand.random() < 0.3 else s for s in p.rows)
    cols = tuple(None if rand.random() < 0.3 else s for s in p.cols)
    q = Puzzle(height, width, rows, cols, givens)
    want = brute_count(height, width, rows, cols, givens)
    assert count(q) == (want, True)
    assert solve(q).count == want


@pytest.mark.parametrize("hidden", [(0,), (0, 1), (1, 2)])
def test_rows_alike_but_for_a_hidden_sum_are_counted(hidden: tuple[int, ...]) -> None:
    """Rows with the same givens left, one sum hidden and one printed, once crashed the
    counter's row sorting (None against a number); the page's setter met it."""
    p = _random_open(3, 3, 7)  # 3x3: the brute force of a 3x4 with hidden sums took minutes
    rows = tuple(None if r in hidden else s for r, s in enumerate(p.rows))
    q = Puzzle(3, 3, rows, p.cols, (0,) * 9)
    q2 = Puzzle(3, 3, rows, tuple(None if c == 0 else s for c, s in enumerate(p.cols)),
                (0,) * 9)
    for puzzle in (q, q2):
        want = brute_count(3, 3, puzzle.rows, puzzle.cols, puzzle.givens)
        assert count(puzzle) == (want, True)
        assert _Counter(puzzle, Deadline(None)).total() == want


def test_published_3x3_open_counts_one() -> None:
    """survo.fi's first 3×3 (sums 8 17 20 / 8 15 22): unique, by brute force too."""
    p = Puzzle(3, 3, (8, 17, 20), (8, 15, 22), (0,) * 9)
    assert brute_count(3, 3, p.rows, p.cols) == 1
    assert count(p) == (1, True)


@pytest.mark.parametrize("seed", [2, 4, 5])
def test_open_4x4_counts_agree_between_two_counters(seed: int) -> None:
    """Meeting in the middle with anonymous rows and the memoised search with labelled
    rows are different algorithms: equal counts on open 4×4s are the cross-check."""
    p = _random_open(4, 4, seed)
    met = count_open(4, 4, tuple(s or 0 for s in p.rows), tuple(s or 0 for s in p.cols),
                     Deadline(None))
    assert met == _Counter(p, Deadline(None)).total()
    assert met >= 1
    assert count(p.transposed()) == (met, True)


def test_a_4x4_count_within_seconds() -> None:
    p = _random_open(4, 4, 11)
    total, exact = count(p, timeout=10)
    assert exact and total >= 1


def test_timeout_is_reported_not_guessed() -> None:
    p = _random_open(5, 5, 1)
    assert count(p, timeout=0.05) == (0, False)


def _run(steps: Generator[None, None, T]) -> T:
    """Run a resumable computation of ``meet`` to its end."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result


@pytest.mark.parametrize(("height", "width"), [(3, 3), (2, 5), (3, 4), (4, 3), (4, 4), (3, 5)])
@pytest.mark.parametrize("seed", range(3))
def test_compiled_meeting_equals_the_plain_one(height: int, width: int, seed: int) -> None:
    """The compiled sweeps and their grouped, bit-set-pruned meeting against the plain
    dictionaries of the same idea, both orientations, and its overflow fallback (the
    compiled tables met in Python's integers)."""
    p = _random_open(height, width, seed + 20)
    rows, cols = tuple(s or 0 for s in p.rows), tuple(s or 0 for s in p.cols)
    plain = _run(meet._count_python(height, width, rows, cols))
    assert _run(meet._count_compiled(height, width, rows, cols)) == plain
    assert _run(meet._count_compiled(width, height, cols, rows)) == plain
    top, split = height * width, width // 2
    halves = [_run(meet._sweep_compiled(list(cols[:split]), list(cols[split:]), height, top,
                                        rows)),
              _run(meet._sweep_compiled(list(cols[split:][::-1]), list(cols[:split]), height,
                                        top, rows))]
    shift, bits = top + 1, max(rows).bit_length()
    states = [meet._states(half, shift, bits, height) for half in halves]
    assert meet._meet(states[0], states[1], rows, top) == plain
    if height * width <= 12:
        assert plain == brute_count(height, width, p.rows, p.cols)


def test_compiled_meeting_with_equal_row_sums_and_repeated_collections() -> None:
    """Rows with equal sums and halves whose rows collected equal amounts: the distinct
    orderings, not every ordering, are counted (brute force decides)."""
    p = Puzzle(3, 4, (26, 26, 26), (15, 15, 24, 24), (0,) * 12)
    want = brute_count(3, 4, p.rows, p.cols)
    assert want > 0
    assert count_open(3, 4, (26, 26, 26), (15, 15, 24, 24), Deadline(None)) == want
    assert _run(meet._count_compiled(3, 4, (26, 26, 26), (15, 15, 24, 24))) == want


def test_open_count_resumes_where_its_deadline_stopped_it() -> None:
    """An ``OpenCount`` run in slices far too short for it ends with the count of one
    uninterrupted run: nothing is lost or counted twice across the turns."""
    p = _random_open(4, 4, 3)
    rows, cols = tuple(s or 0 for s in p.rows), tuple(s or 0 for s in p.cols)
    whole = count_open(4, 4, rows, cols, Deadline(None))
    sliced = meet.OpenCount(4, 4, rows, cols)
    turns = 0
    while True:
        turns += 1
        try:
            assert sliced.run(Deadline(0.0)) == whole
            break
        except meet.OutOfTime:
            continue
    assert turns > 1
    assert sliced.run(Deadline(0.0)) == whole  # a finished count answers at once


def test_a_4x5_open_count_agrees_in_both_orientations() -> None:
    """Too large for brute force: the 4×5 and its 5×4 turn sweep different columns
    (four rows against five, three columns a side against two) to one count."""
    p = _random_open(4, 5, 5)
    rows, cols = tuple(s or 0 for s in p.rows), tuple(s or 0 for s in p.cols)
    turned = _run(meet._count_compiled(5, 4, cols, rows))
    assert turned > 0
    assert _run(meet._count_compiled(4, 5, rows, cols)) == turned
    assert count(p) == (turned, True)


def test_the_kernels_as_plain_python_count_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without numba the kernels run as the Python they are written in (``core/jit.py``):
    same count."""
    p = _random_open(3, 4, 7)
    rows, cols = tuple(s or 0 for s in p.rows), tuple(s or 0 for s in p.cols)
    compiled = _run(meet._count_compiled(3, 4, rows, cols))
    monkeypatch.setenv("NUMPUZZLES_NO_JIT", "1")
    assert _run(meet._count_compiled(3, 4, rows, cols)) == compiled
    assert compiled == brute_count(3, 4, p.rows, p.cols)


@pytest.mark.parametrize("compiled", [True, False])
def test_a_meeting_past_its_state_limit_says_so_and_the_search_still_counts(
        monkeypatch: pytest.MonkeyPatch, compiled: bool) -> None:
    """Halves that outgrow ``MOST_STATES`` raise ``TooLarge`` (an undecided count, not a
    full memory), on that turn and every later one; ``count`` then leaves the table to its
    memoised search, which still gives the exact count."""
    monkeypatch.setattr(meet, "MOST_STATES", 8)
    monkeypatch.setattr(meet, "_FIRST_CAPACITY", 16)
    monkeypatch.setattr(meet, "_compiled_fits", lambda *_: compiled)
    p = _random_open(3, 4, 2)
    rows, cols = tuple(s or 0 for s in p.rows), tuple(s or 0 for s in p.cols)
    counting = meet.OpenCount(3, 4, rows, cols)
    with pytest.raises(meet.TooLarge):
        counting.run(Deadline(None))
    with pytest.raises(meet.TooLarge):
        counting.run(Deadline(None))
    assert count(p, timeout=60) == (brute_count(3, 4, p.rows, p.cols), True)
