"""The scan search without numpy (``scan_plain.py``: plain Python, or the kernel's Cython
build) against the numba one over numpy arrays.

Why: a board's whole answer, its uniqueness proof included, now comes from this search when
a process starts (the Cython build for ``race.C_NODES`` nodes; without it plain Python on
boards up to ``race.TINY_BOARD``), so it must be ``scan.ScanSearch`` node for node: the same
solutions, the same proof of completeness, the same node count, also when run in pieces.
The array-based search is itself compared with brute force and SAT in
``test_numberlink_scan.py``.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from numpuzzles.core.deadline import Deadline
from numpuzzles.core.result import Status
from numpuzzles.numberlink import formats
from numpuzzles.numberlink.check import check
from numpuzzles.numberlink.generate.cover import as_puzzle, random_cover
from numpuzzles.numberlink.model import BLOCKED, Puzzle, Rules
from numpuzzles.numberlink.solve import race
from numpuzzles.numberlink.solve.dispatch import solve
from numpuzzles.numberlink.solve.scan import ScanSearch
from numpuzzles.numberlink.solve.scan_plain import PlainScanSearch, plain_scan_solve

DATA = Path(__file__).resolve().parents[1] / "data" / "numberlink"


def _boards() -> list[Puzzle]:
    boards = [
        p
        for p in formats.parse((DATA / "flow-29.txt").read_text())
        + formats.parse((DATA / "counting-oracle.txt").read_text())
        if p.width * p.height <= 200
    ]
    rnd = random.Random(26)
    for _ in range(40):
        w, h = rnd.randint(3, 9), rnd.randint(3, 9)
        paths = random_cover(w, h, max(2, w * h // 6), rnd)
        puzzle = as_puzzle(w, h, paths)[0]
        cells = list(puzzle.cells)
        if rnd.random() < 0.3:  # a blocked cell, or a spoilt label: unsolvable boards too
            free = [i for i, v in enumerate(cells) if v == 0]
            if free:
                cells[rnd.choice(free)] = BLOCKED
        boards.append(Puzzle(w, h, tuple(cells)))
    return boards


BUILT = (
    "the Cython build of scan_kernel is missing or stale: `pip install -e .` builds it, and "
    "so does `python -m numpuzzles.core.jit` in a checkout"
)


def _search(puzzle: Puzzle, limit: int, compiled: bool) -> PlainScanSearch:
    search = PlainScanSearch(puzzle, limit, compiled)
    assert search.compiled == compiled, BUILT
    return search


@pytest.mark.parametrize("compiled", [False, True], ids=["plain", "cython"])
@pytest.mark.parametrize("limit", [1, 2, 3])
def test_the_plain_search_is_the_array_search_node_for_node(limit: int, compiled: bool) -> None:
    for puzzle in _boards():
        plain = _search(puzzle, limit, compiled)
        plain.run()
        arrays = ScanSearch(puzzle, limit)
        arrays.run()
        a, b = plain.outcome(), arrays.outcome()
        assert (a.solutions, a.complete, a.finished, a.nodes) == (
            b.solutions, b.complete, b.finished, b.nodes
        ), (puzzle, limit)
        for solution in a.solutions:
            assert check(puzzle, solution, Rules.FILL_NOTOUCH) == []


@pytest.mark.parametrize("compiled", [False, True], ids=["plain", "cython"])
def test_the_plain_search_resumes_where_it_stopped(compiled: bool) -> None:
    puzzle = formats.parse((DATA / "flow-29.txt").read_text())[22]  # jumbo 13x13
    whole = plain_scan_solve(puzzle, limit=2, compiled=compiled)
    pieces = _search(puzzle, 2, compiled)
    steps = 0
    while not pieces.run(max_nodes=50):
        steps += 1
    assert steps > 1
    found = pieces.outcome()
    assert (found.solutions, found.complete, found.nodes) == (
        whole.solutions, whole.complete, whole.nodes
    )


def test_tiny_boards_try_the_plain_search_first_until_its_budget_is_spent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without the Cython build, and even with numba's kernel at hand, a tiny board first
    gets the plain search (no numpy); once the tries have cost ``TINY_BUDGET_SECONDS``,
    numba's kernel."""
    puzzle = formats.parse((DATA / "flow-29.txt").read_text())[0]  # 5x5
    monkeypatch.setenv("NUMPUZZLES_NO_C", "1")
    monkeypatch.setattr(race.jit, "ready", lambda function: True)
    monkeypatch.setattr(race, "_plain_spent", 0.0)
    assert race.plain_first(puzzle)
    quick = race._quick_scan(puzzle, 2, Deadline(None))
    assert quick is not None and quick.finished and quick.complete
    assert len(quick.solutions) == 1 and race._plain_spent > 0
    monkeypatch.setattr(race, "_plain_spent", race.TINY_BUDGET_SECONDS)
    assert not race.plain_first(puzzle)
    assert race._quick_scan(puzzle, 2, Deadline(None)) is None
    answer = solve(puzzle, rules=Rules.FILL_NOTOUCH, limit=2)
    assert answer.status is Status.SOLVED and answer.unique is True
    assert list(answer.solutions) == quick.solutions


@pytest.mark.parametrize("compiled", [False, True], ids=["plain", "cython"])
def test_the_grades_measure_does_not_depend_on_which_search_ran(
    monkeypatch: pytest.MonkeyPatch, compiled: bool
) -> None:
    """``scan_effort`` caps the quick try (plain, or the Cython build) at its own node cap,
    so a board that search would finish past the cap is unfinished there, as under the
    numba kernel."""
    if not compiled:
        monkeypatch.setenv("NUMPUZZLES_NO_C", "1")
    puzzle = formats.parse((DATA / "flow-29.txt").read_text())[8]  # 10x10
    full = plain_scan_solve(puzzle, limit=2)
    assert full.finished and full.nodes > 20
    cap = full.nodes // 2
    monkeypatch.setattr(race, "_plain_spent", 0.0)
    capped = race.scan_effort(puzzle, 2, cap)
    monkeypatch.setenv("NUMPUZZLES_NO_C", "1")
    monkeypatch.setattr(race, "_plain_spent", 1e9)  # no quick try: the numba kernel
    by_numba = race.scan_effort(puzzle, 2, cap)
    assert (capped.finished, capped.nodes) == (by_numba.finished, by_numba.nodes)
    assert not capped.finished


def test_with_the_cython_build_any_board_gets_its_nodes_first() -> None:
    """A board of more cells than ``race.SMALL_BOARD`` is settled by the quick try when it
    needs at most ``race.C_NODES`` nodes, with the numba search's answer; one that needs
    more than the try may spend gets no quick answer (None), never a partial one."""
    puzzle = formats.parse((DATA / "ahle-inputs4.txt").read_text())[4]  # 36x20
    assert puzzle.width * puzzle.height > race.SMALL_BOARD
    assert PlainScanSearch(puzzle, 2, True).compiled, BUILT
    quick = race._quick_scan(puzzle, 2, Deadline(None))
    arrays = ScanSearch(puzzle, 2)
    arrays.run()
    assert quick is not None and quick.finished and quick.complete
    assert (quick.solutions, quick.nodes) == (arrays.outcome().solutions, arrays.nodes)
    assert race._quick_scan(puzzle, 2, Deadline(None), cap=arrays.nodes // 2) is None


@pytest.mark.parametrize("compiled", [False, True], ids=["plain", "cython"])
def test_numba_goes_on_where_the_search_without_numpy_stopped(compiled: bool) -> None:
    """``ScanSearch.adopt``: a quick try stopped part way, then numba's kernel on views of
    its buffers, ends exactly as one numba search from the start (solutions, proof, nodes):
    no node searched twice, none skipped."""
    for puzzle in _boards()[::3]:
        whole = ScanSearch(puzzle, 2)
        whole.run()
        quick = _search(puzzle, 2, compiled)
        quick.run(max_nodes=max(1, whole.nodes // 3))
        went_on = ScanSearch.adopt(quick)
        went_on.run()
        a, b = went_on.outcome(), whole.outcome()
        assert (a.solutions, a.complete, a.finished, a.nodes) == (
            b.solutions, b.complete, b.finished, b.nodes
        ), puzzle


def _reach_counted(monkeypatch: pytest.MonkeyPatch) -> list[Puzzle]:
    """Patch ``dispatch``'s ``Reach`` to note each board it is built for."""
    from numpuzzles.numberlink.solve import dispatch
    from numpuzzles.numberlink.solve.reach import Reach

    built: list[Puzzle] = []

    def counted(puzzle: Puzzle, compiled: bool | None = None) -> Reach:
        built.append(puzzle)
        return Reach(puzzle, compiled)

    monkeypatch.setattr(dispatch, "Reach", counted)
    return built


def test_a_board_the_quick_try_settles_builds_no_reach(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under ``fill-notouch`` the scan is exact, ends cut off included, so ``solve`` asks
    for ``Reach`` (which costs a small board about what its search does) only when the quick
    try leaves the board open; the answers are SAT's, unsolvable boards included."""
    from numpuzzles.numberlink.solve.reach import Reach

    cut = Puzzle(3, 3, (1, 2, 0, 2, 0, 0, 0, 0, 1))  # 1's top end has no free neighbour
    assert Reach(cut).cut_off  # the case is what it claims
    boards = [cut, Puzzle(3, 1, (1, -1, 1)), *_boards()[::4]]
    by_sat = [solve(p, rules=Rules.FILL_NOTOUCH, limit=2, engine="sat") for p in boards]
    assert {a.status for a in by_sat} == {Status.SOLVED, Status.UNSOLVABLE}
    monkeypatch.setattr(race, "_plain_spent", 0.0)
    built = _reach_counted(monkeypatch)
    for puzzle, expected in zip(boards, by_sat, strict=True):
        answer = solve(puzzle, rules=Rules.FILL_NOTOUCH, limit=2)
        assert (answer.status, answer.unique, answer.complete) == (
            expected.status, expected.unique, expected.complete), puzzle
        assert sorted(answer.solutions, key=repr) == sorted(expected.solutions, key=repr)
    if race.jit.c_function(race.scan_kernel.search) is not None:  # else tiny boards only
        assert built == []
    assert [p for p in built if p.width * p.height <= race.TINY_BOARD] == []


def test_a_board_the_quick_try_leaves_open_goes_on_from_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the quick try cut to a few nodes, ``solve`` builds ``Reach`` and numba goes on
    from the node the try reached: the answer and its node count are one search's."""
    puzzle = formats.parse((DATA / "flow-29.txt").read_text())[22]  # jumbo 13x13
    assert PlainScanSearch(puzzle, 2, True).compiled, BUILT
    whole = ScanSearch(puzzle, 2)
    whole.run()
    assert whole.nodes > 100
    monkeypatch.setattr(race, "C_NODES", whole.nodes // 3)
    built = _reach_counted(monkeypatch)
    tries: list[PlainScanSearch | None] = []
    quick_search = race.quick_search

    def counted(*args: object, **kwargs: object) -> PlainScanSearch | None:
        tries.append(quick_search(*args, **kwargs))  # type: ignore[arg-type]
        return tries[-1]

    from numpuzzles.numberlink.solve import dispatch

    monkeypatch.setattr(race, "quick_search", counted)
    monkeypatch.setattr(dispatch, "quick_search", counted)
    answer = solve(puzzle, rules=Rules.FILL_NOTOUCH, limit=2)
    assert built == [puzzle]
    assert len(tries) == 1 and tries[0] is not None and not tries[0].finished
    assert answer.status is Status.SOLVED and answer.unique is True
    assert list(answer.solutions) == whole.outcome().solutions
    assert answer.stats.nodes == whole.nodes
