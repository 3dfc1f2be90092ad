"""``analyse`` for Numberlink and Arukone against a brute-force listing of every solution.

The listing here (``_solutions``) is the test's own: every path of each label in turn,
the path sets kept that satisfy the rule set, so it shares nothing with the SAT model,
the backbone or the counter.  What every listed solution agrees on is what ``analyse``
must call common, under all three rule sets, on thousands of small random boards.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from itertools import pairwise

import pytest
from numberlink_oracle import brute_count, random_board, sparse_board, valid_solution

from numpuzzles.core.deadline import Deadline
from numpuzzles.core.family import Ruled
from numpuzzles.core.result import Status
from numpuzzles.families import family
from numpuzzles.numberlink.analyse import _balanced, _routes, analyse, suggestion_for
from numpuzzles.numberlink.check import check
from numpuzzles.numberlink.model import BLOCKED, EMPTY, Puzzle, Rules
from numpuzzles.numberlink.solve.backbone import backbone
from numpuzzles.numberlink.solve.dispatch import solve
from numpuzzles.numberlink.solve.edits import EditModel
from numpuzzles.numberlink.solve.reach import label_domains

Cell = tuple[int, int]
Listed = tuple[tuple[int, ...], frozenset[tuple[Cell, Cell]]]
"""A listed solution: every cell's label (0 empty, -1 blocked) and the joins it uses."""
CAP = 400
"""Boards with more solutions than this are left out of the listing comparison."""


def _paths(puzzle: Puzzle, start: Cell, goal: Cell, used: set[Cell], notouch: bool
           ) -> Iterator[list[Cell]]:
    """Every simple path start..goal through free unused cells (not touching itself)."""
    w, h = puzzle.width, puzzle.height
    path = [start]

    def grow() -> Iterator[list[Cell]]:
        r, c = path[-1]
        for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if not (0 <= n[0] < h and 0 <= n[1] < w) or n in path or n in used:
                continue
            if n != goal and puzzle.at(*n) != EMPTY:
                continue
            if notouch:
                near = ((n[0] - 1, n[1]), (n[0] + 1, n[1]), (n[0], n[1] - 1), (n[0], n[1] + 1))
                if any(m in path and m != path[-1] for m in near):
                    continue
            path.append(n)
            if n == goal:
                yield list(path)
            else:
                yield from grow()
            path.pop()

    yield from grow()


def _solutions(puzzle: Puzzle, rules: Rules, cap: int) -> list[Listed] | None:
    """Every solution of ``puzzle`` under ``rules``; None when there are more than ``cap``."""
    ends = list(puzzle.endpoints().items())
    free = sum(1 for v in puzzle.cells if v != BLOCKED)
    out: list[Listed] = []
    chosen: list[tuple[int, list[Cell]]] = []

    def place(i: int, used: set[Cell]) -> bool:
        if i == len(ends):
            if rules is Rules.BLANK or len(used) == free:
                cells = [BLOCKED if v == BLOCKED else EMPTY for v in puzzle.cells]
                joins: set[tuple[Cell, Cell]] = set()
                for label, path in chosen:
                    for r, c in path:
                        cells[r * puzzle.width + c] = label
                    joins.update((min(a, b), max(a, b)) for a, b in pairwise(path))
                out.append((tuple(cells), frozenset(joins)))
            return len(out) > cap
        label, (a, b) = ends[i]
        for path in _paths(puzzle, a, b, used, rules is Rules.FILL_NOTOUCH):
            chosen.append((label, path))
            stop = place(i + 1, used | set(path))
            chosen.pop()
            if stop:
                return True
        return False

    place(0, set())
    return None if len(out) > cap else out


def _board(rnd: random.Random, rules: Rules) -> Puzzle:
    """A random board from 2x3 to 5x5: half of them random ends (1 to 5 labels, sometimes
    a blocked cell or two), half the ends of a random Hamiltonian path cut into pieces (so
    solvable under ``fill``, mostly with several solutions; under ``fill-notouch`` pieces
    of 2 or 3 cells, which never touch themselves, so solvable there too)."""
    w, h = rnd.randint(2, 5), rnd.randint(3, 5)
    cells = [EMPTY] * (w * h)
    if rnd.random() < 0.5:
        path = _hamiltonian(w, h, rnd)
        if rules is Rules.FILL_NOTOUCH:
            bounds = [0]
            while bounds[-1] < len(path):
                bounds.append(min(len(path), bounds[-1] + rnd.randint(2, 3)))
            if len(path) - bounds[-2] < 2:
                bounds.pop(-2)
        else:
            pieces = rnd.randint(1, max(1, len(path) // 4))
            cuts = sorted(rnd.sample(range(1, len(path) // 2), pieces - 1)) if pieces > 1 else []
            bounds = [0, *(2 * k for k in cuts), len(path)]
        for label, (a, b) in enumerate(pairwise(bounds), start=1):
            cells[path[a]] = cells[path[b - 1]] = label
        return Puzzle(w, h, tuple(cells))
    order = list(range(w * h))
    rnd.shuffle(order)
    for label in range(1, rnd.randint(1, min(5, w * h // 3)) + 1):
        cells[order.pop()] = cells[order.pop()] = label
    if rnd.random() < 0.25:
        for _ in range(rnd.randint(1, 2)):
            cells[order.pop()] = BLOCKED
    return Puzzle(w, h, tuple(cells))


def _hamiltonian(w: int, h: int, rnd: random.Random) -> list[int]:
    """A random Hamiltonian path of the w x h grid: a snake, then backbite moves."""
    path = [r * w + (c if r % 2 == 0 else w - 1 - c) for r in range(h) for c in range(w)]
    for _ in range(10 * w * h):
        if rnd.random() < 0.5:
            path.reverse()
        r, c = divmod(path[-1], w)
        nr, nc = rnd.choice(((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)))
        if not (0 <= nr < h and 0 <= nc < w):
            continue
        at = path.index(nr * w + nc)
        if at != len(path) - 2:
            path[at + 1 :] = path[at + 1 :][::-1]
    return path


def _expected(puzzle: Puzzle, listed: list[Listed]) -> tuple[dict[int, int], set[tuple[int, int]]]:
    """What every listed solution agrees on: free cells' values and joins (as indices)."""
    w = puzzle.width
    cells = {
        i: listed[0][0][i]
        for i, v in enumerate(puzzle.cells)
        if v == EMPTY and all(s[0][i] == listed[0][0][i] for s in listed)
    }
    joins = set.intersection(*(set(s[1]) for s in listed))
    return cells, {(a[0] * w + a[1], b[0] * w + b[1]) for a, b in joins}


@pytest.mark.parametrize("rules", list(Rules))
@pytest.mark.parametrize("chunk", range(3))
def test_backbone_matches_listing(rules: Rules, chunk: int) -> None:
    """3 x 600 boards under each rule set: the backbone's cells and joins are exactly what
    every listed solution shares, and its solutions are distinct, valid, and listed."""
    rnd = random.Random(2400 + 10 * chunk + list(Rules).index(rules))
    compared = solvable = several = 0
    for _ in range(600):
        puzzle = _board(rnd, rules)
        listed = _solutions(puzzle, rules, CAP)
        if listed is None:
            continue
        compared += 1
        domains = label_domains(puzzle)
        if domains is None:
            assert listed == [], puzzle
            continue
        bone = backbone(puzzle, rules, domains, Deadline(None), list_limit=CAP + 1)
        assert bone.settled
        # the listing on the backbone's solver: every solution, each once
        assert bone.every and len(bone.listed) == len(listed), (puzzle, rules)
        assert len({s.cells + tuple(s.paths) for s in bone.listed}) == len(listed)
        assert bone.listed[: len(bone.solutions)] == bone.solutions
        assert len(bone.solutions) <= len(listed)
        assert len({s.cells + tuple(s.paths) for s in bone.solutions}) == len(bone.solutions)
        for solution in bone.solutions:
            assert check(puzzle, solution, rules) == [], (puzzle, solution)
        if not listed:
            assert bone.solutions == (), puzzle
            continue
        solvable += 1
        several += len(listed) > 1
        cells, joins = _expected(puzzle, listed)
        assert bone.cells == cells, (puzzle, rules)
        assert set(bone.edges) == joins, (puzzle, rules)
    assert compared >= 450
    if rules is Rules.FILL_NOTOUCH:
        # several solutions under fill-notouch were never seen on boards this small (nor
        # on 3,000 random boards up to 9x9): here the test is that the model's touching
        # and cycle-free fill solutions are excluded, and the one left is the backbone
        assert solvable >= 100
    else:
        assert several >= 150  # boards with several solutions are the ones that test it


@pytest.mark.parametrize("rules", list(Rules))
def test_analyse_matches_listing(rules: Rules) -> None:
    """150 boards through ``analyse`` itself: status, exact count, the common grid, its
    joins and the differing cells as the listing gives them; and a suggestion, where one
    is made, is a puzzle of exactly one solution by the listing, a limit-2 solve and the
    checker."""
    rnd = random.Random(77 + list(Rules).index(rules))
    suggested = 0
    for _ in range(150):
        puzzle = _board(rnd, rules)
        listed = _solutions(puzzle, rules, CAP)
        if listed is None:
            continue
        got = analyse(Ruled(puzzle, rules.value), timeout=20)
        assert got.complete and got.count == len(listed), (puzzle, got)
        if not listed:
            assert got.status is Status.UNSOLVABLE and got.common is None
            continue
        assert got.status is Status.SOLVED
        cells, joins = _expected(puzzle, listed)
        w = puzzle.width
        assert got.common is not None
        for i, given in enumerate(puzzle.cells):
            value = got.common[i // w][i % w]
            assert value == (given if given != EMPTY else cells.get(i)), (puzzle, i)
        assert {(a[0] * w + a[1], b[0] * w + b[1]) for a, b in got.common_edges} == joins
        assert got.differ == tuple(
            divmod(i, w) for i, v in enumerate(puzzle.cells) if v == EMPTY and i not in cells
        )
        assert (got.difficulty is not None) == (len(listed) == 1)
        if got.suggestion is not None:
            suggested += 1
            _assert_proved(got.suggestion.puzzle, rules)
            assert got.suggestion.kind in ("move-end", "add-pair", "remove-pair")
            for r, c in got.suggestion.cells:
                assert f"row {r + 1}, column {c + 1}" in got.suggestion.message
    assert suggested >= (0 if rules is Rules.FILL_NOTOUCH else 10)


def _assert_proved(shown: object, rules: Rules) -> None:
    """``shown`` (a puzzle's JSON form) reads back with exactly one solution, by the
    listing and by a limit-2 solve whose solution the checker accepts."""
    numberlink = family("numberlink")
    (board,) = numberlink.parse(json.dumps({"puzzle": shown}), "json")
    assert board.rules == rules.value
    listed = _solutions(board.puzzle, rules, 5)
    assert listed is not None and len(listed) == 1, board
    assert brute_count(board.puzzle, rules, 2) == 1, board  # the shared oracle agrees
    result = solve(board.puzzle, rules=rules, limit=2)
    assert result.complete and result.count == 1
    assert check(board.puzzle, result.solutions[0], rules) == []


def test_unique_puzzle_is_its_solution_and_graded() -> None:
    """A unique board: count 1, every cell common, the grade set, no suggestion."""
    puzzle = Puzzle(3, 3, (1, 0, 1, 2, 0, 2, 3, 0, 3))
    got = analyse(Ruled(puzzle, "fill"), timeout=10)
    assert got.unique and got.difficulty is not None and got.suggestion is None
    assert got.common == [[1, 1, 1], [2, 2, 2], [3, 3, 3]]
    assert got.differ == ()
    assert len(got.common_edges) == 6


def test_blank_loop_does_not_break_an_empty_cell() -> None:
    """Under ``blank`` the 2x2 block off both paths may hold an empty loop in a SAT model;
    the cells stay empty in every solution, so they are common (0), not differing."""
    puzzle = Puzzle(4, 3, (1, 0, 0, 1, 0, 0, 0, 0, 2, 0, 0, 2))
    listed = _solutions(puzzle, Rules.BLANK, CAP)
    assert listed is not None
    got = analyse(Ruled(puzzle, "blank"), timeout=10)
    assert got.count == len(listed)
    cells, _ = _expected(puzzle, listed)
    assert got.common is not None
    assert [got.common[i // 4][i % 4] for i in sorted(cells)] == [cells[i] for i in sorted(cells)]


def test_suggestion_makes_a_known_board_unique() -> None:
    """A board with two solutions under ``blank`` gets a proved change (which one the
    search finds first is its business; that it is proved is the test's)."""
    puzzle = Puzzle(3, 3, (1, 0, 1, 0, 0, 0, 0, 0, 0))
    got = analyse(Ruled(puzzle, "blank"), timeout=10)
    assert got.count > 1 and got.suggestion is not None
    _assert_proved(got.suggestion.puzzle, Rules.BLANK)


def test_arukone_through_its_family() -> None:
    """Arukone analyses through the registry, under ``blank`` by default."""
    arukone = family("arukone")
    assert "analyse" in arukone.verbs
    text = json.dumps({"puzzle": {"width": 3, "height": 3,
                                  "grid": [[1, 0, 1], [0, 0, 0], [2, 0, 2]]}})
    (board,) = arukone.parse(text, "json")
    assert board.rules == "blank"
    got = arukone.analyse(board, timeout=10)
    listed = _solutions(board.puzzle, Rules.BLANK, CAP)
    assert listed is not None and got.count == len(listed) and got.complete
    if got.suggestion is not None:
        _assert_proved(got.suggestion.puzzle, Rules.BLANK)
        assert got.suggestion.puzzle["rules"] == "blank"


def test_a_time_limit_gives_unknown_or_a_lower_bound() -> None:
    """A 7x7 board with one pair and a tiny limit: never a wrong "unsolvable"; an
    incomplete count says so."""
    cells = [0] * 49
    cells[0] = cells[48] = 1
    got = analyse(Ruled(Puzzle(7, 7, tuple(cells)), "blank"), timeout=0.001)
    assert got.status is not Status.UNSOLVABLE
    if not got.complete:
        assert got.timed_out


def test_colour_count_only_rejects_boards_without_fill_solutions() -> None:
    """The suggestion's free filter (``_balanced``): a board it rejects has no solution
    under ``fill`` by the listing; and it does reject some solvable-looking ones."""
    rnd = random.Random(5)
    rejected = 0
    for _ in range(400):
        puzzle = _board(rnd, Rules.FILL)
        if not _balanced(puzzle):
            rejected += 1
            assert _solutions(puzzle, Rules.FILL, 1) == [], puzzle
    assert rejected >= 50


def test_routes_counts_simple_paths_up_to_two() -> None:
    """``_routes`` (the blank filter's routes for a new pair): 0, 1, or 2 for "several"."""
    square = {(0, 0), (0, 1), (1, 0), (1, 1)}
    assert _routes((0, 0), (1, 1), square) == 2
    assert _routes((0, 0), (0, 2), {(0, 0), (0, 1), (0, 2)}) == 1
    assert _routes((0, 0), (0, 2), {(0, 0), (0, 2)}) == 0


def _edits(puzzle: Puzzle, rnd: random.Random) -> list[dict[int, int]]:
    """Up to 8 random changes of the kinds the suggestion makes: an end moved to any free
    cell, a new pair on two free cells, a pair removed."""
    w = puzzle.width
    ends = puzzle.endpoints()
    free = [i for i, v in enumerate(puzzle.cells) if v == EMPTY]
    new = max(puzzle.labels, default=0) + 1
    out: list[dict[int, int]] = []
    for _ in range(8):
        kind = rnd.random()
        if kind < 0.35 and ends and free:
            label = rnd.choice(list(ends))
            (r, c), target = rnd.choice(ends[label]), rnd.choice(free)
            out.append({r * w + c: EMPTY, target: label})
        elif kind < 0.7 and len(free) >= 2:
            a, b = rnd.sample(free, 2)
            out.append({a: new, b: new})
        elif ends:
            label = rnd.choice(list(ends))
            out.append({r * w + c: EMPTY for r, c in ends[label]})
    return out


@pytest.mark.parametrize("rules", list(Rules))
def test_edit_model_counts_every_edit_as_the_oracle(rules: Rules) -> None:
    """``solve.edits``, the one solver that proves suggestions: on 160 small boards (60
    under ``fill``, the slowest to list), up to
    8 edits each asked in a random order on one solver, every answer (0, 1, "2 or more")
    is the shared oracle's, and every solution it gives is valid by the oracle's checker
    and the edited puzzle's own; a conflict budget of 1 only postpones the same answer."""
    rnd = random.Random(4100 + list(Rules).index(rules))
    asked = unique = several = 0
    for trial in range(60 if rules is Rules.FILL else 160):
        puzzle = (random_board if trial % 2 else sparse_board)(rnd)
        edits = _edits(puzzle, rnd)
        if not edits:
            continue
        with EditModel(puzzle, rules, edits, Deadline(None)) as model:
            for edit in rnd.sample(edits, len(edits)):
                cells = list(puzzle.cells)
                for index, value in edit.items():
                    cells[index] = value
                changed = Puzzle(puzzle.width, puzzle.height, tuple(cells))
                expected = min(2, brute_count(changed, rules, 1))
                attempt = model.start(edit)
                if rnd.random() < 0.5:
                    answer = model.count(edit)
                    assert answer is not None
                    count, solutions = answer
                else:
                    rounds = 0
                    while not model.advance(attempt, 1):
                        rounds += 1
                        assert rounds < 10_000
                    assert attempt.count is not None
                    count, solutions = attempt.count, attempt.solutions
                asked += 1
                unique += expected == 1
                several += expected == 2
                assert count == expected, (puzzle, rules, edit)
                assert len(solutions) == min(count, 2)
                assert len(set(solutions)) == len(solutions)
                for solution in solutions:
                    why = valid_solution(
                        changed.width, changed.height, changed.cells, solution.cells,
                        dict(solution.paths), rules.value,
                    )
                    assert why is None, (why, changed, solution)
                    assert check(changed, solution, rules) == []
    # the numbers of this fixed seed, so a weaker test shows
    assert asked >= (450 if rules is Rules.FILL else 1200)
    assert unique >= {Rules.FILL: 35, Rules.FILL_NOTOUCH: 30, Rules.BLANK: 240}[rules]
    assert several >= {Rules.FILL: 20, Rules.FILL_NOTOUCH: 0, Rules.BLANK: 380}[rules], several


NOTOUCH_TWO = Puzzle(4, 4, (0, 0, 0, 1, 0, 2, 3, 0, 0, 2, 1, 0, 0, 0, 0, 3))
"""A ``fill-notouch`` board with two solutions (found by listing every path cover of the
4x4 grid without a touching path: 4 of the 16,458 end sets have two covers, none on 3x3,
3x4 or 3x5, 38 of 339,432 on 4x5): 1 runs round the edge and 3 along the right, or 3 round
the edge and 1 inside; 2 is the same in both."""


def test_fill_notouch_with_two_solutions() -> None:
    """Where 216,000 random boards up to 5x5 had at most one ``fill-notouch`` solution,
    ``NOTOUCH_TWO`` has two: ``analyse`` counts them, gets the common cells right, and
    makes no suggestion, which is right: by the oracle no end moved to a free cell and no
    pair added on two free cells leaves exactly one solution (nor, tried while writing
    this, on eight 5x4 and 4x5 boards made of it and a row or column more, free or with
    dominoes), so ``fill-notouch`` suggestions are tested through ``solve.edits`` itself
    (``test_edit_model_counts_every_edit_as_the_oracle``)."""
    puzzle, rules = NOTOUCH_TWO, Rules.FILL_NOTOUCH
    listed = _solutions(puzzle, rules, CAP)
    assert listed is not None and len(listed) == 2
    assert brute_count(puzzle, rules, 5) == 2
    got = analyse(Ruled(puzzle, rules.value), timeout=20)
    assert got.complete and got.count == 2 and not got.timed_out
    cells, joins = _expected(puzzle, listed)
    w = puzzle.width
    assert got.common is not None
    for i, given in enumerate(puzzle.cells):
        assert got.common[i // w][i % w] == (given if given != EMPTY else cells.get(i))
    assert {(a[0] * w + a[1], b[0] * w + b[1]) for a, b in got.common_edges} == joins
    changes = 0
    free = [i for i, v in enumerate(puzzle.cells) if v == EMPTY]
    for i, value in enumerate(puzzle.cells):
        for t in free if value > 0 else ():
            cells_moved = list(puzzle.cells)
            cells_moved[i], cells_moved[t] = EMPTY, value
            changes += 1
            assert brute_count(Puzzle(4, 4, tuple(cells_moved)), rules, 1) != 1
    for a, b in ((a, b) for k, a in enumerate(free) for b in free[k + 1 :]):
        cells_added = list(puzzle.cells)
        cells_added[a] = cells_added[b] = 4
        changes += 1
        assert brute_count(Puzzle(4, 4, tuple(cells_added)), rules, 1) != 1
    assert changes == 60 + 45
    assert got.suggestion is None


def test_suggestion_search_reports_its_deadline() -> None:
    """An expired deadline gives no suggestion and says it gave up (``timed_out``), never
    a silent "no change works"."""
    puzzle = Puzzle(3, 3, (1, 0, 1, 0, 0, 0, 0, 0, 0))
    found = solve(puzzle, rules=Rules.BLANK, limit=10).solutions
    assert len(found) >= 2
    region = tuple(divmod(i, 3) for i in range(9) if puzzle.cells[i] == EMPTY)
    suggestion, gave_up = suggestion_for(
        Ruled(puzzle, "blank"), found, region, Deadline(0.0)
    )
    assert suggestion is None and gave_up
