"""``unique_blank`` (one solution, a detour test, SAT among solutions that never touch
themselves) against the brute-force oracle: its yes/no to "unique under blank" must be
exact on every board, and every solution it shows must pass the independent checker."""

from __future__ import annotations

import random
import threading
import time
from collections import deque
from itertools import pairwise

import pytest
from numberlink_oracle import _paths, brute_count, random_board, sparse_board
from pysat.solvers import Solver

from numpuzzles.core.deadline import Deadline
from numpuzzles.core.result import Status
from numpuzzles.numberlink.check import check
from numpuzzles.numberlink.model import Puzzle, Rules, Solution
from numpuzzles.numberlink.solve.corner_flips import Toward, corner_flip_clauses
from numpuzzles.numberlink.solve.reach import Reach
from numpuzzles.numberlink.solve.sat_model import Model
from numpuzzles.numberlink.solve.unique_blank import (
    _Sat,
    _second,
    detour,
    unique_blank,
)
from numpuzzles.numberlink.solve.within import straight_lines, within_clauses

BLANK = Rules.BLANK


def _agrees(puzzle: Puzzle) -> None:
    expected = brute_count(puzzle, BLANK, 2)
    result = unique_blank(puzzle, timeout=60)
    assert not result.timed_out
    for solution in result.solutions:
        assert check(puzzle, solution, BLANK) == [], (puzzle, solution)
    if len(result.solutions) == 2:
        assert result.solutions[0] != result.solutions[1]
    if expected == 0:
        assert result.status is Status.UNSOLVABLE, puzzle
    elif expected == 1:
        assert result.status is Status.SOLVED and result.complete, puzzle
        assert len(result.solutions) == 1
    else:
        assert len(result.solutions) == 2, puzzle


@pytest.mark.parametrize("chunk", range(4))
def test_sparse_boards_agree_with_oracle(chunk: int) -> None:
    rnd = random.Random(2600 + chunk)
    for _ in range(150):
        _agrees(sparse_board(rnd))


@pytest.mark.parametrize("chunk", range(2))
def test_random_boards_agree_with_oracle(chunk: int) -> None:
    rnd = random.Random(2700 + chunk)
    for _ in range(150):
        _agrees(random_board(rnd))


def test_detour_makes_a_second_solution() -> None:
    # a straight line with room beside it: the step can bulge into the empty row
    puzzle = Puzzle(3, 2, (1, 0, 1, 0, 0, 0))
    first = unique_blank(puzzle, timeout=10)
    assert first.status is Status.SOLVED and len(first.solutions) == 2
    one = first.solutions[0]
    other = detour(puzzle, one)
    assert other is not None and other != one
    assert check(puzzle, other, BLANK) == []


def test_unique_and_unsolvable() -> None:
    assert unique_blank(Puzzle(2, 1, (1, 1)), timeout=10).complete
    crossed = Puzzle(2, 2, (1, 2, 2, 1))
    assert unique_blank(crossed, timeout=10).status is Status.UNSOLVABLE


def _roomy_board(rnd: random.Random) -> Puzzle:
    """A board of up to 6x6 with 1-3 pairs (under ``CROWDED``'s share of ends), sometimes
    blocked cells: the restricted SAT model and the reroute test decide these."""
    w, h = rnd.randint(3, 6), rnd.randint(3, 6)
    cells = [0] * (w * h)
    order = list(range(w * h))
    rnd.shuffle(order)
    for label in range(1, rnd.randint(1, max(1, w * h // 12)) + 1):
        cells[order.pop()] = label
        cells[order.pop()] = label
    for _ in range(rnd.randint(0, w * h // 4)):
        cells[order.pop()] = -1
    return Puzzle(w, h, tuple(cells))


@pytest.mark.parametrize("chunk", range(3))
def test_roomy_boards_agree_with_oracle(chunk: int) -> None:
    rnd = random.Random(2800 + chunk)
    for _ in range(200):
        _agrees(_roomy_board(rnd))


def _all_solutions(puzzle: Puzzle, cap: int) -> list[list[list[tuple[int, int]]]]:
    """Every ``blank`` solution as its list of paths (the oracle's path enumerator), at most
    ``cap`` of them."""
    ends = list(puzzle.endpoints().items())
    found: list[list[list[tuple[int, int]]]] = []

    def place(i: int, used: set[tuple[int, int]], paths: list[list[tuple[int, int]]]) -> None:
        if len(found) >= cap:
            return
        if i == len(ends):
            found.append(list(paths))
            return
        _label, (a, b) = ends[i]
        for path in _paths(puzzle, a, b, used, False):
            place(i + 1, used | set(path), [*paths, list(path)])

    place(0, set(), [])
    return found


def _shortest_within(puzzle: Puzzle, paths: list[list[tuple[int, int]]]) -> bool:
    """Is every path a shortest path through its own cells and the cells no path uses?"""
    taken = {cell for path in paths for cell in path}
    for path in paths:
        allowed = set(path) | {
            (r, c)
            for r in range(puzzle.height)
            for c in range(puzzle.width)
            if puzzle.at(r, c) == 0 and (r, c) not in taken
        }
        start, goal = path[0], path[-1]
        far = {start: 0}
        queue = deque([start])
        while queue:
            r, c = queue.popleft()
            for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if n in allowed and n not in far:
                    far[n] = far[(r, c)] + 1
                    queue.append(n)
        if far[goal] != len(path) - 1:
            return False
    return True


@pytest.mark.parametrize("chunk", range(2))
def test_the_restricted_model_keeps_every_locally_shortest_solution(chunk: int) -> None:
    """The soundness the module docstring argues, checked directly: every solution whose
    paths are shortest through their own and the empty cells satisfies the restricted
    model (no-touch and ``within_clauses``), and only those are ever cut off."""
    rnd = random.Random(2900 + chunk)
    checked = 0
    for _ in range(120):
        puzzle = _roomy_board(rnd) if rnd.random() < 0.5 else sparse_board(rnd)
        reach = Reach(puzzle)
        if reach.cut_off:
            continue
        model = Model(puzzle, BLANK, reach.domains(), labels=True, shortest=True)
        solver = Solver(name="glucose4", bootstrap_with=model.clauses)
        solver.append_formula(within_clauses(model, puzzle))
        w = puzzle.width
        for paths in _all_solutions(puzzle, 60):
            if not _shortest_within(puzzle, paths):
                continue
            on = {
                model.edges[min(a, b), max(a, b)]
                for path in paths
                for a, b in zip(
                    [r * w + c for r, c in path], [r * w + c for r, c in path[1:]], strict=False
                )
            }
            assumptions = [v if v in on else -v for v in model.edges.values()]
            assert solver.solve(assumptions=assumptions), (puzzle, paths)
            checked += 1
        solver.delete()
    assert checked > 100


def _as_solution(puzzle: Puzzle, paths: list[list[tuple[int, int]]]) -> Solution:
    w = puzzle.width
    cells = [v if v < 0 else 0 for v in puzzle.cells]
    labelled = []
    for path in paths:
        label = puzzle.at(*path[0])
        for r, c in path:
            cells[r * w + c] = label
        labelled.append((label, tuple(path)))
    return Solution(w, puzzle.height, tuple(cells), tuple(sorted(labelled)))


@pytest.mark.parametrize("chunk", range(2))
def test_a_second_solution_is_found_from_any_first_one(chunk: int) -> None:
    """The theorem itself, from every first solution ``S`` (not only the router's shortest
    ones): when a board has several solutions, either ``S`` has a reroute or the restricted
    SAT model, with ``S`` blocked, still has a solution, and it is another real one.  (On
    boards this small the reroute has always been there: measured, none of some 2,000
    first solutions needed SAT, so SAT's side of it is what the docstring's proof and
    ``test_the_restricted_model_keeps_every_locally_shortest_solution`` cover.)"""
    rnd = random.Random(3000 + chunk)
    tried = 0
    for _ in range(70):
        puzzle = sparse_board(rnd) if rnd.random() < 0.5 else _roomy_board(rnd)
        solutions = _all_solutions(puzzle, 40)
        if len(solutions) < 2:
            continue
        reach = Reach(puzzle)
        for paths in solutions:
            first = _as_solution(puzzle, paths)
            assert check(puzzle, first, BLANK) == []
            other = detour(puzzle, first)
            if other is None:
                sat = _Sat(puzzle, reach, Deadline(60))
                try:
                    sat.block(first)
                    other, _ = sat.next()
                finally:
                    sat.close()
            tried += 1
            assert other is not None and other != first, (puzzle, paths)
            assert check(puzzle, other, BLANK) == []
    assert tried > 200


def _sat_stalls_when_limited(monkeypatch: pytest.MonkeyPatch, *, always: bool) -> None:
    """SAT's first, limited search in ``_second`` ends without an answer (as on a board it
    cannot settle quickly), so the counter starts; with ``always`` its search beside the
    counter answers nothing either: it waits for the counter's thread to end (or to stop
    it), so only the counter can answer."""
    real = _Sat.next

    def stalled(self: _Sat, conflicts: int | None = None) -> tuple[Solution | None, bool]:
        if conflicts is not None:
            return None, False
        if not always:
            return real(self, conflicts)
        while not self.alarm.fired and any(
            t.name == "numberlink-unique-count" for t in threading.enumerate()
        ):
            time.sleep(0.002)
        return None, False

    monkeypatch.setattr(_Sat, "next", stalled)


@pytest.mark.parametrize("chunk", range(2))
def test_sat_raced_by_the_counter_agrees_with_oracle(
    monkeypatch: pytest.MonkeyPatch, chunk: int
) -> None:
    """SAT's quick first search stalled, so the counter races SAT's search on every board:
    whichever answers, the yes/no is exact and a second solution is shown when there is
    one (SAT goes on after a count of several)."""
    _sat_stalls_when_limited(monkeypatch, always=False)
    rnd = random.Random(2900 + chunk)
    for _ in range(60):
        _agrees(_roomy_board(rnd))


def test_a_count_of_several_says_not_unique_without_a_second(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With SAT never answering, ``_second`` answers by the count alone: "none" (a count
    of 1, which stops SAT) exactly for the unique boards, else the exact count (the
    oracle's) and no second solution."""
    _sat_stalls_when_limited(monkeypatch, always=True)
    rnd = random.Random(2950)
    several = 0
    for _ in range(80):
        puzzle = _roomy_board(rnd)
        expected = brute_count(puzzle, BLANK, 10**6)
        if expected == 0:
            continue
        deadline = Deadline(60)
        sat = _Sat(puzzle, Reach(puzzle), deadline)
        try:
            second, none, total = _second(puzzle, sat, deadline)
        finally:
            sat.close()
        assert second is None
        assert none == (expected == 1) and total == expected, puzzle
        several += expected > 1
    assert several >= 5


def test_an_undecided_answer_says_what_full_solutions_show(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A first solution that fills the board, the blank search for a second one stopped
    (made to stop here): the answer still says that no other solution fills every cell
    without a path beside itself, which the fill-notouch scan settled; the command line
    and the JSON record say it too.  Where the blank search ends, nothing extra is said."""
    from numpuzzles.cli.main import main
    from numpuzzles.numberlink import formats
    from numpuzzles.numberlink.solve import unique_blank as module

    monkeypatch.setattr(module, "CROWDED", 1.0)  # so small a board: not to SAT's full model
    (puzzle,) = formats.parse("3 2\n1.1\n2.2\n", "ahle")
    settled = module.unique_blank(puzzle, 10)
    assert settled.unique is True and settled.established == ()
    monkeypatch.setattr(module, "_second",
                        lambda puzzle, sat, deadline, twin=None, local=None: (None, False, None))
    stopped = module.unique_blank(puzzle, 10)
    assert stopped.unique is None
    assert stopped.established == (
        "no other solution fills every cell without a path running beside itself",)
    assert main(["numberlink", "solve", "--rules", "blank", "--unique", "--format", "ahle",
                 "3 2\n1.1\n2.2\n"]) == 3
    err = capsys.readouterr().err
    assert "uniqueness undecided (no other solution fills every cell without a path running " \
        "beside itself; " in err
    assert main(["numberlink", "solve", "--rules", "blank", "--unique", "--format", "ahle",
                 "--json", "3 2\n1.1\n2.2\n"]) == 3
    assert "fills every cell" in capsys.readouterr().out


def _full_board(rnd: random.Random) -> tuple[Puzzle, Solution]:
    """A small board made from a random cover of it by paths, and that cover."""
    from numpuzzles.numberlink.generate.cover import as_puzzle, random_cover

    w, h = rnd.randint(3, 5), rnd.randint(3, 5)
    return as_puzzle(w, h, random_cover(w, h, rnd.randint(2, max(2, w * h // 5)), rnd))


@pytest.mark.parametrize("chunk", range(2))
def test_a_full_first_solution_leaves_sat_only_the_empty_cells(
    monkeypatch: pytest.MonkeyPatch, chunk: int
) -> None:
    """The module docstring's "A first solution that fills the board", by brute force: on
    boards whose solution ``S`` fills them, with no chord and no other full solution
    without one, there is a second ``blank`` solution exactly when some solution leaves a
    cell empty, and every such solution leaves as many cells of each colour empty; SAT's
    restricted model asked to leave a cell of each colour empty finds a solution exactly
    then (a real one, not ``S``); and ``unique_blank``, which now asks SAT that, agrees
    with the oracle."""
    from numpuzzles.numberlink.solve import unique_blank as module

    monkeypatch.setattr(module, "CROWDED", 1.0)  # small boards: not to SAT's full model
    asked: list[Puzzle] = []
    leave = _Sat.leave_cells_empty

    def counted(self: _Sat, puzzle: Puzzle) -> None:
        asked.append(puzzle)
        leave(self, puzzle)

    monkeypatch.setattr(_Sat, "leave_cells_empty", counted)
    rnd = random.Random(3100 + chunk)
    tried = several = 0
    for _ in range(400):
        puzzle, cover = _full_board(rnd)
        if detour(puzzle, cover) is not None or brute_count(puzzle, Rules.FILL_NOTOUCH, 2) != 1:
            continue  # a chord, or another full solution without one: not this case
        solutions = _all_solutions(puzzle, 3000)
        if len(solutions) >= 3000:
            continue
        w = puzzle.width
        emptied = []
        for paths in solutions:
            used = {cell for path in paths for cell in path}
            empty = [(r, c) for r in range(puzzle.height) for c in range(w)
                     if (r, c) not in used]
            if empty:
                emptied.append(empty)
        assert (len(solutions) > 1) == bool(emptied), puzzle
        for empty in emptied:
            black = sum((r + c) % 2 for r, c in empty)
            assert 2 * black == len(empty), (puzzle, empty)
        sat = _Sat(puzzle, Reach(puzzle), Deadline(60))
        try:
            leave(sat, puzzle)
            other, none = sat.next()
        finally:
            sat.close()
        assert none == (len(solutions) == 1) and (other is None) == none, puzzle
        if other is not None:
            assert check(puzzle, other, BLANK) == [] and other != cover
            assert sum(1 for v in other.cells if v == 0) >= 2
        _agrees(puzzle)
        tried += 1
        several += len(solutions) > 1
    assert tried >= 30 and several >= 5 and 0 < len(set(asked)) <= tried, (tried, several)


def _steps(paths: list[list[tuple[int, int]]], w: int) -> frozenset[tuple[int, int]]:
    """A solution's path steps as (cell, later cell) index pairs: the model's edge keys."""
    found: set[tuple[int, int]] = set()
    for path in paths:
        order = [r * w + c for r, c in path]
        found.update((min(a, b), max(a, b)) for a, b in pairwise(order))
    return frozenset(found)


@pytest.mark.parametrize(("chunk", "toward"), [(0, "down"), (1, "down"), (2, "right")])
def test_the_canonical_second_solution_keeps_the_corner_flip_clauses(
    chunk: int, toward: Toward
) -> None:
    """The module docstring's argument for ``corner_flip_clauses``, by brute force: from
    every first solution ``S`` without a reroute, the other solution of least length and,
    among those, least potential (the sum of its used cells' row-major indices, or
    column-major ones for ``toward="right"``) satisfies every corner-flip clause, so SAT
    with them still finds a second solution whenever there is one
    (``test_a_full_first_solution_leaves_sat_only_the_empty_cells`` runs SAT with them too).
    The clauses are not idle: some other solutions of these boards break them."""
    rnd = random.Random(3200 + chunk)
    canonical = broken = 0
    for _ in range(800):
        # boards made from covers: on random sparse boards every first solution has a
        # reroute (measured: none of some 2,000 needed SAT), so SAT's case is a full one
        puzzle = _full_board(rnd)[0]
        solutions = _all_solutions(puzzle, 400)
        if len(solutions) < 2 or len(solutions) >= 400:
            continue
        reach = Reach(puzzle)
        model = Model(puzzle, BLANK, reach.domains(), labels=True, shortest=True)
        clauses = corner_flip_clauses(model, puzzle, toward)
        w, h = puzzle.width, puzzle.height
        steps = [_steps(paths, w) for paths in solutions]
        keeps = []  # whether each solution satisfies every clause
        for on in steps:
            values = {v for key, v in model.edges.items() if key in on}
            keeps.append(all(any(lit in values if lit > 0 else -lit not in values
                                 for lit in clause) for clause in clauses))
        used = [[r * w + c if toward == "down" else c * h + r for path in paths for r, c in path]
                for paths in solutions]
        rank = [(len(cells), sum(cells)) for cells in used]  # (length, potential)
        broken += keeps.count(False)
        for i, paths in enumerate(solutions):
            if detour(puzzle, _as_solution(puzzle, paths)) is not None:
                continue
            others = [j for j in range(len(solutions)) if steps[j] != steps[i]]
            best = min(others, key=rank.__getitem__)
            assert keeps[best], (puzzle, paths, solutions[best])
            canonical += 1
    assert canonical >= 20 and broken >= 20, (canonical, broken)


def _long_board(rnd: random.Random) -> Puzzle:
    """A board (5-7 by 3-4) whose pair 1 sits at both ends of a row and whose pair 2 sits
    above and below one cell of that row, so pair 1's path must leave the row around pair
    2's (``straight_lines``' case), with sometimes a third pair and a few blocked cells."""
    w, h = rnd.randint(5, 7), rnd.randint(3, 4)
    r, j = rnd.randint(1, h - 2), rnd.randint(1, w - 2)
    cells = [0] * (w * h)
    cells[r * w] = cells[r * w + w - 1] = 1
    cells[(r - 1) * w + j] = cells[(r + 1) * w + j] = 2
    order = [i for i in range(w * h) if cells[i] == 0 and i // w != r]
    rnd.shuffle(order)
    if rnd.random() < 0.5:
        cells[order.pop()] = cells[order.pop()] = 3
    for _ in range(rnd.randint(0, 2)):
        cells[order.pop()] = -1
    return Puzzle(w, h, tuple(cells))


@pytest.mark.parametrize("chunk", range(2))
def test_straight_line_clauses_hold_in_every_locally_shortest_solution(chunk: int) -> None:
    """``straight_lines`` (two cells of one label four or more apart in a line, with only
    free cells between: one of those is used) on every locally shortest solution of low,
    wide boards, where paths run along rows; counted where the clause holds only by a cell
    between being used, so a clause that named too few cells would fail here."""
    rnd = random.Random(3300 + chunk)
    bitten = checked = 0
    for _ in range(120):
        puzzle = _long_board(rnd)
        reach = Reach(puzzle)
        if reach.cut_off:
            continue
        model = Model(puzzle, BLANK, reach.domains(), labels=True, shortest=True)
        labels_at: dict[int, list[int]] = {}
        for cell, label in model.xvar:
            labels_at.setdefault(cell, []).append(label)
        for cell, value in enumerate(puzzle.cells):
            if value > 0:
                labels_at[cell] = [value]
        clauses = straight_lines(model, puzzle, labels_at)
        w = puzzle.width
        for paths in _all_solutions(puzzle, 200):
            if not _shortest_within(puzzle, paths):
                continue
            on = {model.edges[key] for key in _steps(paths, w)}
            on.update(model.xvar[r * w + c, puzzle.at(*path[0])]
                      for path in paths for r, c in path
                      if (r * w + c, puzzle.at(*path[0])) in model.xvar)
            for clause in clauses:
                true = [lit for lit in clause if (lit in on) == (lit > 0)]
                assert true, (puzzle, paths, clause)
                bitten += all(lit > 0 for lit in true)  # only "a cell between is used"
            checked += 1
    assert checked > 50 and bitten > 50, (checked, bitten)


def test_the_twin_sat_alone_agrees_with_oracle(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the first SAT made to find nothing until stopped and no counter beside it,
    only ``_second``'s twin (the corner-flip clauses of the column order) can answer: the
    yes/no stays exact and a second solution is shown when there is one, on boards whose
    first solution fills them (SAT asked for empty cells) and on roomy ones (the first
    blocked)."""
    from numpuzzles.numberlink.solve import unique_blank as module

    monkeypatch.setattr(module, "CROWDED", 1.0)
    monkeypatch.setattr(module, "COUNT_MAX_CELLS", 0)
    monkeypatch.setattr(module, "TWIN_CELLS", 0)  # small boards: the twin all the same
    real = _Sat.next
    twins: list[str] = []

    def first_stalls(self: _Sat, conflicts: int | None = None) -> tuple[Solution | None, bool]:
        if self.toward == "right":
            twins.append(self.toward)
            return real(self, conflicts)
        if conflicts is not None:
            return None, False
        while not self.alarm.fired and not self.deadline.expired():
            time.sleep(0.002)
        return None, False

    monkeypatch.setattr(_Sat, "next", first_stalls)
    rnd = random.Random(3400)
    for _ in range(40):
        _agrees(_full_board(rnd)[0])
        _agrees(_roomy_board(rnd))
    assert len(twins) >= 20
