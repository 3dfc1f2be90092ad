"""The ``fill-notouch`` scan search against brute force, SAT, published answers and itself.

The scan search prunes with rules argued in ``numberlink/solve/scan.py``; a wrong rule would make
it miss solutions (or call a solvable board impossible), so it is compared with the
brute-force enumerator on thousands of small boards, with the SAT model on larger ones,
with the answers a published solver gave on the ahle corpora, and its compiled kernel with
the plain-Python one node for node.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from numberlink_oracle import brute_count, random_board

from numpuzzles.core import jit
from numpuzzles.core.errors import InvalidParameterError
from numpuzzles.core.result import Status
from numpuzzles.numberlink import formats
from numpuzzles.numberlink.check import check
from numpuzzles.numberlink.generate.cover import as_puzzle, random_cover
from numpuzzles.numberlink.model import EMPTY, Puzzle, Rules
from numpuzzles.numberlink.solve import scan, scan_kernel
from numpuzzles.numberlink.solve.dispatch import solve
from numpuzzles.numberlink.solve.scan import scan_solve

DATA = Path(__file__).resolve().parents[1] / "data" / "numberlink"
NOTOUCH = Rules.FILL_NOTOUCH
CAP = 12


def dense_board(rnd: random.Random) -> Puzzle:
    """A small board crowded with labels (more of them solvable than ``random_board``'s)."""
    w, h = rnd.randint(2, 5), rnd.randint(2, 5)
    cells = [EMPTY] * (w * h)
    free = list(range(w * h))
    rnd.shuffle(free)
    for label in range(1, rnd.randint(1, w * h // 2) + 1):
        cells[free.pop()] = label
        cells[free.pop()] = label
    return Puzzle(w, h, tuple(cells))


def covered_board(
    rnd: random.Random, low: int, high: int, spoil: bool = False, per_path: int = 6
) -> Puzzle:
    """The ends of a random cover of a board by paths (about ``per_path`` cells each):
    solvable under ``fill``.

    ``spoil``: two times in three, one label's ends are erased (its cells must then be
    covered by the others), which makes many boards impossible.
    """
    w, h = rnd.randint(low, high), rnd.randint(low, high)
    paths = random_cover(w, h, max(2, w * h // per_path), rnd)
    puzzle = as_puzzle(w, h, paths)[0]
    if spoil and rnd.random() < 2 / 3:
        gone = rnd.choice(puzzle.labels)
        kept = sorted({v for v in puzzle.cells if v > 0} - {gone})
        renumber = {old: new for new, old in enumerate(kept, start=1)}
        cells = tuple(renumber.get(v, EMPTY) if v > 0 else v for v in puzzle.cells)
        puzzle = Puzzle(w, h, cells)
    return puzzle


@pytest.mark.parametrize("chunk", range(4))
def test_scan_matches_brute_force(chunk: int) -> None:
    """2,400 small boards: the plain kernel's count (up to CAP + 1) equals brute force."""
    rnd = random.Random(500 + chunk)
    solvable = 0
    for number in range(600):
        puzzle = random_board(rnd) if number % 2 else dense_board(rnd)
        expected = brute_count(puzzle, NOTOUCH, CAP)
        outcome = scan_solve(puzzle, limit=CAP + 1, compiled=False)
        assert outcome.finished
        for solution in outcome.solutions:
            assert check(puzzle, solution, NOTOUCH) == [], (puzzle, solution)
        assert len(set(outcome.solutions)) == len(outcome.solutions)
        assert len(outcome.solutions) == expected, (puzzle, expected)
        assert outcome.complete == (expected <= CAP), puzzle
        solvable += expected > 0
    assert solvable > 30  # about one board in ten is solvable under these rules


def _compiled_kernels() -> list[object]:
    """The JIT-compiled kernel, and the ahead-of-time and Cython builds where this checkout
    has them (the Cython build here on numpy's arrays, as ``ScanSearch`` runs it)."""
    kernels: list[object] = [pytest.param("jit", id="jit")]
    reason = "no ahead-of-time build here (pip install builds it; python -m numpuzzles.core.jit)"
    kernels.append(
        pytest.param(
            "aot",
            id="aot",
            marks=pytest.mark.skipif(jit.aot_function(scan_kernel.search) is None, reason=reason),
        )
    )
    kernels.append(pytest.param("cython", id="cython"))  # built wherever the package is
    return kernels


@pytest.mark.parametrize("which", _compiled_kernels())
def test_compiled_kernel_matches_plain_kernel(which: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Same solutions in the same order and the same number of nodes, board after board (the
    tables ``prepare`` makes and the paths ``trace`` follows compiled too)."""
    def build(function: Callable[..., int]) -> Callable[..., int]:
        found = (
            jit.aot_function(function) if which == "aot"
            else jit.c_function(function) if which == "cython"
            else jit.jit_function(function, True)
        )
        assert found is not None and found is not function
        return found

    compiled = build(scan_kernel.search)
    helpers = (build(scan_kernel.prepare), build(scan_kernel.trace))
    monkeypatch.setattr(
        scan,
        "search_function",
        lambda compiled_=True: compiled if compiled_ else scan_kernel.search,
    )
    monkeypatch.setattr(
        scan,
        "helper_functions",
        lambda compiled_=True: helpers if compiled_ else (scan_kernel.prepare, scan_kernel.trace),
    )
    rnd = random.Random(77)
    boards = [dense_board(rnd) for _ in range(150)]
    boards += [covered_board(rnd, 5, 9) for _ in range(30)]
    boards += formats.parse((DATA / "ahle-inputs2.txt").read_text())
    for puzzle in boards:
        plain = scan_solve(puzzle, limit=3, compiled=False)
        fast = scan_solve(puzzle, limit=3, compiled=True)
        assert (fast.finished, fast.complete, fast.nodes) == (
            plain.finished,
            plain.complete,
            plain.nodes,
        )
        assert fast.solutions == plain.solutions


def test_scan_agrees_with_sat_on_larger_boards() -> None:
    """Boards of 5x5 to 10x10 covered by random paths: status, count up to 3, certainty.

    Long paths (every other board) make a few boards ambiguous under these rules."""
    rnd = random.Random(2026)
    outcomes = set()
    for number in range(120):
        puzzle = covered_board(rnd, 5, 10, spoil=number % 2 == 0, per_path=6 + 6 * (number % 2))
        by_sat = solve(puzzle, rules=NOTOUCH, limit=3, engine="sat")
        by_scan = solve(puzzle, rules=NOTOUCH, limit=3, engine="scan")
        assert by_scan.status is by_sat.status, puzzle
        assert by_scan.count == by_sat.count and by_scan.complete == by_sat.complete, puzzle
        assert set(by_scan.solutions) == set(by_sat.solutions) or by_sat.count == 3
        for solution in by_scan.solutions:
            assert check(puzzle, solution, NOTOUCH) == []
        outcomes.add((by_scan.status, min(by_scan.count, 2)))
    # unsolvable, unique and ambiguous boards all occurred
    assert outcomes == {(Status.UNSOLVABLE, 0), (Status.SOLVED, 1), (Status.SOLVED, 2)}


@pytest.mark.parametrize(
    ("name", "solved", "impossible"),
    [("ahle-inputs2.txt", 2, 1), ("ahle-inputs3.txt", 20, 0), ("ahle-inputs5.txt", 12, 8)],
)
def test_scan_agrees_with_the_published_solver(name: str, solved: int, impossible: int) -> None:
    """The Go backtracker's answers in the corpus README (same rules, other code)."""
    tally = {Status.SOLVED: 0, Status.UNSOLVABLE: 0, Status.UNKNOWN: 0}
    for puzzle in formats.parse((DATA / name).read_text()):
        result = solve(puzzle, rules=NOTOUCH, engine="scan", timeout=60)
        tally[result.status] += 1
        for solution in result.solutions:
            assert check(puzzle, solution, NOTOUCH) == []
    assert (tally[Status.SOLVED], tally[Status.UNSOLVABLE]) == (solved, impossible)


def test_search_resumes_across_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Stopping every few nodes and going on gives exactly the uninterrupted search."""
    rnd = random.Random(5)
    boards = [covered_board(rnd, 5, 8) for _ in range(20)]
    whole = [scan_solve(p, limit=2, compiled=False) for p in boards]
    monkeypatch.setattr(scan, "CHUNK_NODES", 3)
    for puzzle, expected in zip(boards, whole, strict=True):
        pieces = scan_solve(puzzle, limit=2, compiled=False)
        assert (pieces.solutions, pieces.complete, pieces.nodes) == (
            expected.solutions,
            expected.complete,
            expected.nodes,
        )


def test_node_budget_gives_unknown_never_unsolvable() -> None:
    puzzle = formats.parse((DATA / "ahle-inputs9.txt").read_text())[0]
    outcome = scan_solve(puzzle, max_nodes=50)
    assert not outcome.finished and not outcome.complete and outcome.nodes <= 50
    result = solve(puzzle, rules=NOTOUCH, engine="scan", timeout=1e-6)
    assert result.status is Status.UNKNOWN and not result.complete and result.timed_out


def test_engine_choice_is_checked() -> None:
    puzzle = Puzzle(2, 1, (1, 1))
    with pytest.raises(InvalidParameterError, match="engine"):
        solve(puzzle, engine="magic")
    with pytest.raises(InvalidParameterError, match="fill-notouch"):
        solve(puzzle, rules=Rules.FILL, engine="scan")
    assert solve(puzzle, rules=NOTOUCH, engine="scan").status is Status.SOLVED
    # room for a billion solutions is not reserved: the scan refuses, auto falls back to SAT
    with pytest.raises(InvalidParameterError, match="smaller limit"):
        solve(puzzle, rules=NOTOUCH, engine="scan", limit=10**9)
    huge = solve(puzzle, rules=NOTOUCH, limit=10**9)
    assert huge.status is Status.SOLVED and huge.complete and huge.count == 1


@pytest.mark.parametrize("rules", [Rules.FILL, Rules.BLANK])
def test_one_solution_under_fill_and_blank(rules: Rules) -> None:
    """With limit 1 the scan may supply a fill-notouch solution, valid under these rules
    too; when it finds none, SAT must still find the touching ones (brute force decides)."""
    rnd = random.Random(31 if rules is Rules.FILL else 32)
    touching_only = 0
    for number in range(600):
        puzzle = random_board(rnd) if number % 2 else dense_board(rnd)
        expected = brute_count(puzzle, rules, 0)
        result = solve(puzzle, rules=rules, limit=1)
        assert result.status is (Status.SOLVED if expected else Status.UNSOLVABLE), puzzle
        for solution in result.solutions:
            assert check(puzzle, solution, rules) == [], (puzzle, solution)
        touching_only += bool(expected) and brute_count(puzzle, NOTOUCH, 0) == 0
    assert touching_only >= 5  # boards whose every solution touches itself occurred


def test_fill_board_answered_by_the_scan() -> None:
    """A 40x20 Flow board under plain fill: SAT alone needs far longer (measured: no answer
    within 30 s); the scan's fill-notouch solution is a fill solution."""
    puzzle = formats.parse((DATA / "ahle-inputs9.txt").read_text())[0]
    result = solve(puzzle, rules=Rules.FILL, timeout=60)
    assert result.status is Status.SOLVED
    assert check(puzzle, result.solutions[0], Rules.FILL) == []
    assert result.stats.conflicts == 0 and result.stats.nodes > 0  # the scan's answer


def test_sat_wins_the_race_where_the_scan_is_slow() -> None:
    """ahle-inputs7 (51x8) is impossible under fill-notouch (the Go solver agrees): the scan
    alone does not finish within millions of nodes, SAT proves it at once, and the race
    returns that proof and stops the scan."""
    puzzle = formats.parse((DATA / "ahle-inputs7.txt").read_text())[0]
    assert not scan_solve(puzzle, max_nodes=1_000_000).finished
    result = solve(puzzle, rules=NOTOUCH, timeout=60)
    assert result.status is Status.UNSOLVABLE and result.complete
    assert result.stats.nodes < 100  # SAT counts its calls there; the scan, its nodes


def test_plain_tries_stop_once_their_budget_is_spent(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a compiled kernel at hand (neither numba's nor the Cython build), small
    boards try plain Python first, until those tries have cost ``PLAIN_BUDGET_SECONDS``;
    then boards go to numba's kernel."""
    from numpuzzles.core.deadline import Deadline
    from numpuzzles.numberlink.solve import race

    monkeypatch.setenv("NUMPUZZLES_NO_C", "1")

    puzzle = formats.parse("6 6\n..1.23\n1.4...\n.....4\n.2.53.\n....5.\n66....\n")[0]
    monkeypatch.setattr(race.jit, "ready", lambda function: False)
    monkeypatch.setattr(race, "_plain_spent", 0.0)
    quick = race._quick_scan(puzzle, 2, Deadline(None))
    assert quick is not None and quick.finished and len(quick.solutions) == 1
    assert race._plain_spent > 0
    monkeypatch.setattr(race, "_plain_spent", race.PLAIN_BUDGET_SECONDS)
    assert race._quick_scan(puzzle, 2, Deadline(None)) is None
    answer = solve(puzzle, rules=NOTOUCH, limit=2)
    assert answer.status is Status.SOLVED and answer.complete and len(answer.solutions) == 1
    assert answer.solutions[0] == quick.solutions[0]


def test_the_cython_build_searches_without_the_gil() -> None:
    """``ScanSearch`` runs the Cython build's ``search_free``, which lets other threads run
    while it searches (the race's SAT model building), so a race loads no numba version.

    A 50x50 board's search runs for 10 million nodes in a thread while this thread notes
    the clock in a loop: holding the GIL, the call would leave one gap in the notes as long
    as the call itself."""
    import itertools
    import threading
    import time

    assert scan.search_function() is jit.c_function(scan_kernel.search_free)
    (board, *_) = formats.parse((DATA / "ahle-inputs10.txt").read_text())
    search = scan.ScanSearch(board, 2)
    assert search.kernels == ()  # nothing for a race to load
    took: list[float] = []
    done = threading.Event()

    def run() -> None:
        start = time.perf_counter()
        search._chunk(10_000_000)
        took.append(time.perf_counter() - start)
        done.set()

    notes = [time.perf_counter()]
    worker = threading.Thread(target=run)
    worker.start()
    while not done.is_set():
        notes.append(time.perf_counter())
    worker.join()
    assert search.nodes >= 10_000_000 or search.finished
    longest = max(b - a for a, b in itertools.pairwise(notes))
    assert longest < took[0] / 2, (longest, took[0])
