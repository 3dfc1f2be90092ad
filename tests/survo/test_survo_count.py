"""The counters against brute force, and against each other where brute force is too slow."""

from __future__ import annotations

import random

import pytest
from survo_oracle import brute_count

from numpuzzles.core.deadline import Deadline
from numpuzzles.survo.count import _Counter, count
from numpuzzles.survo.meet import count_open
from numpuzzles.survo.model import Puzzle, open_puzzle
from numpuzzles.survo.solve import as_filling, solve


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


@pytest.mark.parametrize("seed", range(6))
def test_givens_and_hidden_sums_equal_brute_force(seed: int) -> None:
    rand = random.Random(seed)
    height, width = rand.choice([(3, 3), (2, 5), (3, 4)])
    p = _random_open(height, width, seed + 100)
    filling = list(range(1, height * width + 1))
    sol = solve(p, limit=1).solutions[0]
    flat = [v for row in sol for v in row]
    givens = tuple(v if rand.random() < 0.2 else 0 for v in flat)
    rows = tuple(None if rand.random() < 0.3 else s for s in p.rows)
    cols = tuple(None if rand.random() < 0.3 else s for s in p.cols)
    q = Puzzle(height, width, rows, cols, givens)
    want = brute_count(height, width, rows, cols, givens)
    assert count(q) == (want, True)
    assert solve(q).count == want
    assert filling  # the shape's numbers


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
