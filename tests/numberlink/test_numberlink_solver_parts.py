"""The solver's speed-ups, each tested on its own: the one-timer alarm and the label bits.

The alarm replaces a timer per SAT call; it must stop a running call and also one that
starts after the time ran out.  The lazy model's label bits may be truncated (codes shared
by several labels): answers must stay exact, the lazy cuts catching what the bits miss.
"""

from __future__ import annotations

import random

import pytest
from pysat.examples.genhard import PHP
from pysat.solvers import Solver
from test_numberlink_bruteforce import CAP, brute_count, random_board

from numpuzzles.core.deadline import Deadline
from numpuzzles.core.result import Status
from numpuzzles.numberlink.check import check
from numpuzzles.numberlink.model import Puzzle, Rules
from numpuzzles.numberlink.solve import reach as reach_module
from numpuzzles.numberlink.solve import sat, sat_model
from numpuzzles.numberlink.solve.dispatch import solve


def _hard_solver() -> Solver:
    """A pigeonhole formula: unsatisfiable and far beyond a fraction of a second."""
    return Solver(name=sat.SAT_ENGINE, bootstrap_with=PHP(11).clauses)


def test_alarm_interrupts_a_running_sat_call() -> None:
    solver = _hard_solver()
    alarm = sat.Alarm(Deadline(0.05))
    try:
        alarm.watch(solver)
        assert alarm.run(solver) is None
        assert alarm.fired
    finally:
        alarm.cancel()
        solver.delete()


def test_alarm_that_already_fired_stops_a_solver_watched_later() -> None:
    alarm = sat.Alarm(Deadline(0.0))
    while not alarm.fired:  # the timer thread fires almost at once
        pass
    solver = _hard_solver()
    try:
        alarm.watch(solver)
        assert alarm.run(solver) is None
    finally:
        alarm.cancel()
        solver.delete()


def test_no_alarm_means_a_plain_call() -> None:
    solver = Solver(name=sat.SAT_ENGINE, bootstrap_with=[[1, 2], [-1], [-2, 3]])
    alarm = sat.Alarm(Deadline(None))
    try:
        assert alarm.run(solver) is True
        assert alarm.run(solver) is True and not alarm.fired
    finally:
        alarm.cancel()
        solver.delete()


@pytest.mark.parametrize("bits", [1, 2])
def test_truncated_label_bits_keep_answers_exact(
    bits: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With 1 or 2 bits, up to 4 labels share codes: 1,500 boards against the brute force."""
    monkeypatch.setattr(sat_model, "LABEL_BITS", bits)
    rnd = random.Random(90 + bits)
    solvable = 0
    for _ in range(1500):
        puzzle = random_board(rnd)
        expected = brute_count(puzzle, Rules.FILL_NOTOUCH, CAP)
        result = solve(puzzle, rules=Rules.FILL_NOTOUCH, limit=CAP + 1)
        for solution in result.solutions:
            assert check(puzzle, solution, Rules.FILL_NOTOUCH) == [], (puzzle, solution)
        assert min(result.count, CAP + 1) == expected, (puzzle, expected, result.count)
        solvable += expected > 0
        if expected == 0:
            assert result.status is Status.UNSOLVABLE and result.complete
    assert solvable > 100


def _ends_reached(model: sat_model.Model, values: list[int]) -> dict[int, int]:
    """For each label, the given value at the far end of the path leaving its first end."""
    puzzle, adjacent = model.puzzle, {}
    for (a, b), var in model.edges.items():
        if values[var - 1] > 0:
            adjacent.setdefault(a, []).append(b)
            adjacent.setdefault(b, []).append(a)
    reached = {}
    for label, (first, _second) in puzzle.endpoints().items():
        previous, at = -1, first[0] * puzzle.width + first[1]
        while True:
            step = [n for n in adjacent.get(at, []) if n != previous]
            if not step or (previous >= 0 and puzzle.cells[at] > 0):
                break
            previous, at = at, step[0]
        reached[label] = puzzle.cells[at]
    return reached


@pytest.mark.parametrize("seed", range(3))
def test_label_bits_forbid_paths_joining_two_labels(seed: int) -> None:
    """Every model of the lazy formula (all of them, enumerated) joins each end to its own
    label: the bits alone exclude joins, before any cut."""
    rnd = random.Random(seed)
    while True:  # a solvable 4x4 board with three labels
        cells = [0] * 16
        for i, spot in enumerate(rnd.sample(range(16), 6)):
            cells[spot] = i // 2 + 1
        puzzle = Puzzle(4, 4, tuple(cells))
        domains = reach_module.label_domains(puzzle)
        if domains is not None and solve(puzzle, rules=Rules.FILL_NOTOUCH).status is Status.SOLVED:
            break
    model = sat_model.Model(puzzle, Rules.FILL_NOTOUCH, domains, labels=False)
    edge_vars = list(model.edges.values())
    models = 0
    with Solver(name=sat.SAT_ENGINE, bootstrap_with=model.clauses) as solver:
        while solver.solve():
            values = solver.get_model()
            reached = _ends_reached(model, values)
            assert all(reached[label] == label for label in reached), (puzzle, reached)
            solver.add_clause([-v if values[v - 1] > 0 else v for v in edge_vars])
            models += 1
    assert 1 <= models < 10_000


def _domains_by_walking(puzzle: Puzzle) -> dict[int, set[int]] | None:
    """The label domains by their definition, cell by cell: a label may use its ends and
    every free cell from which a walk through free cells reaches a neighbour of each end."""
    w, h = puzzle.width, puzzle.height

    def neighbours(index: int) -> list[int]:
        r, c = divmod(index, w)
        near = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
        return [y * w + x for y, x in near if 0 <= y < h and 0 <= x < w]

    def walk(start: int) -> set[int]:
        seen = {start}
        todo = [start]
        while todo:
            for n in neighbours(todo.pop()):
                if puzzle.cells[n] == 0 and n not in seen:
                    seen.add(n)
                    todo.append(n)
        return seen

    domains = {}
    for label, (a, b) in puzzle.endpoints().items():
        start, goal = a[0] * w + a[1], b[0] * w + b[1]
        free = [i for i in range(w * h) if puzzle.cells[i] == 0]
        usable = {
            i
            for i in free
            if any(n in walk(i) for n in neighbours(start))
            and any(n in walk(i) for n in neighbours(goal))
        }
        if not usable and goal not in neighbours(start):
            return None
        domains[label] = usable | {start, goal}
    return domains


@pytest.mark.parametrize(
    ("compiled", "switches"),
    [(False, {}), (True, {}), (True, {"NUMPUZZLES_NO_C": "1"})],
    ids=["plain", "cython", "numba"],
)
@pytest.mark.parametrize("seed", range(2))
def test_label_domains_match_their_definition(
    seed: int, compiled: bool, switches: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``Reach`` (a flood fill on a padded board, in Python or by the compiled
    ``scan_kernel.parts``: its Cython build where there is one, else numba's; domains built
    only on demand) against the definition walked cell by cell, on small random boards,
    blocked cells included."""
    from numberlink_oracle import random_board, sparse_board

    for name, value in switches.items():
        monkeypatch.setenv(name, value)

    rnd = random.Random(900 + seed)
    cut = 0
    for number in range(400):
        puzzle = random_board(rnd) if number % 2 else sparse_board(rnd)
        expected = _domains_by_walking(puzzle)
        reach = reach_module.Reach(puzzle, compiled=compiled)
        assert reach.cut_off == (expected is None), puzzle
        assert reach.cut_off or reach.domains() == expected, puzzle
        assert reach_module.label_domains(puzzle) == expected, puzzle
        if expected is None:
            cut += 1
            with pytest.raises(ValueError):
                reach.domains()
            continue
        assert reach.variables == sum(len(cells) for cells in expected.values())
    assert 10 < cut < 300
