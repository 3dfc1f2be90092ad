"""The solver by line partitions (``survo/line_solve.py``) and the solver's use of it,
against the permutation brute force of ``survo_oracle`` and the independent checker."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from survo_oracle import fillings

from numpuzzles.core.deadline import Deadline
from numpuzzles.core.errors import InvalidPuzzleError
from numpuzzles.survo import lines
from numpuzzles.survo import solve as solve_module
from numpuzzles.survo.check import check
from numpuzzles.survo.generate import generate
from numpuzzles.survo.line_solve import OutOfTime, line_solutions
from numpuzzles.survo.model import Puzzle, open_puzzle
from numpuzzles.survo.solve import as_filling, solve

SHAPES = [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (4, 2)]


def _table(height: int, width: int, rand: random.Random) -> list[int]:
    values = list(range(1, height * width + 1))
    rand.shuffle(values)
    return values


def _puzzle(height: int, width: int, seed: int, share: float, shift: int = 0) -> Puzzle | None:
    """A random filling's sums (the first two of each kind moved by ``shift``, their total
    kept) with a random share of its cells given; None when such sums are refused."""
    rand = random.Random(seed)
    values = _table(height, width, rand)
    base = open_puzzle(as_filling(values, width))
    givens = tuple(v if rand.random() < share else 0 for v in values)
    rows = (base.rows[0] + shift, base.rows[1] - shift, *base.rows[2:])
    cols = (base.cols[0] + shift, base.cols[1] - shift, *base.cols[2:])
    try:
        return Puzzle(height, width, rows, cols, givens)
    except InvalidPuzzleError:
        return None


def _forbidden(values: tuple[int, ...], forbid: dict[int, int]) -> bool:
    return any(forbid.get(cell, 0) >> v & 1 for cell, v in enumerate(values))


@settings(max_examples=80, deadline=None)
@given(shape=st.sampled_from(SHAPES), seed=st.integers(0, 10**6), share=st.floats(0.0, 0.5),
       shift=st.integers(-2, 2), forbid_seed=st.integers(0, 10**6))
def test_every_solution_and_no_other_as_brute_force_finds(
        shape: tuple[int, int], seed: int, share: float, shift: int, forbid_seed: int) -> None:
    """The full list equals the brute force's set of tables, with givens, with sums that
    no filling makes, and with empty cells barred from some numbers (``forbid``)."""
    height, width = shape
    p = _puzzle(height, width, seed, share, shift)
    if p is None:
        return
    rand = random.Random(forbid_seed)
    forbid = {cell: rand.getrandbits(height * width + 1) & ~1
              for cell in range(height * width) if not p.givens[cell] and rand.random() < 0.2}
    listed, complete = line_solutions(p, limit=None, deadline=Deadline(None), forbid=forbid)
    assert complete
    want = {f for f in fillings(height, width, p.rows, p.cols, p.givens)
            if not _forbidden(f, forbid)}
    assert len(listed) == len(want)  # nothing listed twice
    assert {tuple(v) for v in listed} == want


@pytest.mark.parametrize("seed", range(8))
def test_layouts_laid_out_without_the_counter_are_the_same(
        monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """With tables too small for the counter's layouts (3×4 and 4×3 splits overflow
    them), those splits are laid out in plain Python alone: the list is still exactly the
    search's (``solve.py``'s own depth-first search, no code shared)."""
    height, width = [(3, 4), (4, 3)][seed % 2]
    p = _puzzle(height, width, seed // 2, 0.2 if seed < 4 else 0.0)
    assert p is not None
    alone = solve_module._search(p, None, Deadline(None), None, None, True)
    monkeypatch.setattr(lines, "MOST_STATES", 1)
    monkeypatch.setattr(lines, "FIRST_STATES", 1)
    listed, complete = line_solutions(p, limit=None, deadline=Deadline(None))
    assert complete and alone.complete
    assert sorted(as_filling(v, width) for v in listed) == sorted(alone.solutions)


def test_the_limit_stops_the_list_and_says_it_is_not_complete() -> None:
    """A central 3×3 (the magic square's sums) has many solutions: asked for two, two come,
    each checked, and the list is not called complete."""
    p = open_puzzle(as_filling([8, 1, 6, 3, 5, 7, 4, 9, 2], 3))
    listed, complete = line_solutions(p, limit=2, deadline=Deadline(None))
    assert len(listed) == 2 and not complete
    assert len({tuple(v) for v in listed}) == 2
    assert all(check(p, as_filling(v, 3)) == [] for v in listed)


def test_a_passed_deadline_is_out_of_time_not_an_answer() -> None:
    """A central open 5×5 has tens of thousands of splits; with no time it must stop with
    ``OutOfTime``, and ``solve`` must then not call the puzzle unsolvable."""
    p = open_puzzle(as_filling(_table(5, 5, random.Random(7)), 5))
    with pytest.raises(OutOfTime):
        line_solutions(p, limit=None, deadline=Deadline(0.0))
    result = solve(p, limit=None, timeout=0.05)
    assert not result.complete
    assert result.status != "unsolvable"


@pytest.mark.parametrize(("height", "width"), [(5, 5), (6, 6), (4, 9)])
def test_walked_open_tables_are_solved_and_proved_unique(height: int, width: int) -> None:
    """The generator's open tables of 25 cells and more, which the cell-by-cell search
    leaves undecided for minutes: ``solve`` now finds the one solution (the generator's,
    and the checker's) and proves there is no other."""
    made = generate(height, width, 1, givens=0)
    result = solve(made.puzzle, limit=2, timeout=60)
    assert result.complete
    assert result.count == 1
    assert result.solutions[0] == made.solution
    assert check(made.puzzle, result.solutions[0]) == []


@pytest.mark.parametrize("seed", range(6))
def test_the_solver_by_lines_lists_what_the_search_lists(seed: int) -> None:
    """Past brute force (3×4 to 4×4 with givens, and one hidden sum of each kind, which
    ``solve`` works out): the solver's line-partition step and its search alone list
    the same tables."""
    rand = random.Random(seed)
    height, width = rand.choice([(3, 4), (4, 3), (4, 4)])
    values = _table(height, width, rand)
    base = open_puzzle(as_filling(values, width))
    givens = tuple(v if rand.random() < 0.25 else 0 for v in values)
    p = Puzzle(height, width, (None, *base.rows[1:]), (*base.cols[:-1], None), givens)
    alone = solve_module._search(p, None, Deadline(None), None, None, True)
    by_lines = solve_module._by_lines(p, None, Deadline(None), None, 0)
    assert by_lines is not None
    assert alone.complete and by_lines.complete
    assert sorted(by_lines.solutions) == sorted(alone.solutions)
