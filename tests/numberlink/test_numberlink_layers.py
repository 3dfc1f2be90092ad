"""Layered boards: the SAT solver over the cell graph against a brute-force enumerator,
the independent checker on right and wrong answers, and the side-by-side drawing."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest

from numpuzzles.core.result import Status
from numpuzzles.numberlink.layers.check import check_layered
from numpuzzles.numberlink.layers.draw import draw_layered
from numpuzzles.numberlink.layers.model import Cell3, LayeredPuzzle, LayeredSolution
from numpuzzles.numberlink.layers.solve import solve_layered
from numpuzzles.numberlink.model import Rules

RULES = (Rules.BLANK, Rules.FILL, Rules.FILL_NOTOUCH)


def _near(cell: Cell3, w: int, h: int, d: int) -> Iterator[Cell3]:
    z, r, c = cell
    for n in ((z, r - 1, c), (z, r + 1, c), (z, r, c - 1), (z, r, c + 1), (z - 1, r, c),
              (z + 1, r, c)):
        if 0 <= n[0] < d and 0 <= n[1] < h and 0 <= n[2] < w:
            yield n


Judge = Callable[[dict[int, list[Cell3]]], bool]


def brute(puzzle: LayeredPuzzle, rules: Rules,
          judge: Judge | None = None) -> set[frozenset[tuple[int, tuple[Cell3, ...]]]]:
    """Every solution, as a set of (label, path) pairs: each label's simple paths tried in
    turn, then the rules checked on the whole (written apart from the solver), or
    ``judge``'s verdict on the whole instead (the via tests hand the checker's)."""
    w, h, d = puzzle.width, puzzle.height, puzzle.depth
    ends = puzzle.endpoints()
    labels = sorted(ends)
    every = {(z, r, c) for z in range(d) for r in range(h) for c in range(w)}
    given = {cell: label for label, pair in ends.items() for cell in pair}
    found: set[frozenset[tuple[int, tuple[Cell3, ...]]]] = set()

    def paths(start: Cell3, goal: Cell3, blocked: set[Cell3]) -> Iterator[list[Cell3]]:
        path = [start]

        def walk(at: Cell3) -> Iterator[list[Cell3]]:
            for n in _near(at, w, h, d):
                if n == goal:
                    yield [*path, n]
                elif n not in blocked and n not in path and n not in given:
                    path.append(n)
                    yield from walk(n)
                    path.pop()

        yield from walk(start)

    def ok(chosen: dict[int, list[Cell3]]) -> bool:
        used = {cell for p in chosen.values() for cell in p}
        if rules is not Rules.BLANK and used != every:
            return False
        if rules is Rules.FILL_NOTOUCH:
            for p in chosen.values():
                at = {cell: i for i, cell in enumerate(p)}
                for i, cell in enumerate(p):
                    for n in _near(cell, w, h, d):
                        if n in at and abs(at[n] - i) != 1:
                            return False
        return True

    def place(k: int, chosen: dict[int, list[Cell3]], used: set[Cell3]) -> None:
        if k == len(labels):
            if (judge or ok)(chosen):
                found.add(frozenset((lab, tuple(p)) for lab, p in chosen.items()))
            return
        label = labels[k]
        a, b = ends[label]
        for p in paths(a, b, used):
            chosen[label] = p
            place(k + 1, chosen, used | set(p))
            del chosen[label]

    place(0, {}, set())
    return found


def random_board(rng: random.Random, w: int, h: int, d: int, pairs: int) -> LayeredPuzzle:
    cells = [0] * (w * h * d)
    spots = rng.sample(range(len(cells)), 2 * pairs)
    for i, spot in enumerate(spots):
        cells[spot] = i // 2 + 1
    return LayeredPuzzle(w, h, d, tuple(cells))


def _key(solution: LayeredSolution) -> frozenset[tuple[int, tuple[Cell3, ...]]]:
    return frozenset(solution.paths)


SIZES = [(3, 3, 2, 2), (4, 3, 2, 2), (2, 2, 3, 2), (3, 2, 2, 3), (3, 3, 2, 3)]


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.value)
def test_solver_matches_brute_force(rules: Rules) -> None:
    rng = random.Random(2017)
    boards = 0
    # under blank the listing of every path set is the slow part: fewer boards, and not
    # the 3x3x2 with three pairs (the test's time, not its reach: every shape but that)
    sizes = SIZES[:-1] if rules is Rules.BLANK else SIZES
    each = 6 if rules is Rules.BLANK else 12
    for w, h, d, pairs in sizes:
        for _ in range(each):
            puzzle = random_board(rng, w, h, d, pairs)
            expected = brute(puzzle, rules)
            result = solve_layered(puzzle, rules=rules, limit=None)
            assert result.complete
            got = {_key(s) for s in result.solutions}
            assert len(got) == len(result.solutions)  # no solution listed twice
            assert got == expected, (puzzle, rules)
            for solution in result.solutions:
                assert check_layered(puzzle, solution, rules) == []
            two = solve_layered(puzzle, rules=rules, limit=2)
            assert two.count == min(2, len(expected))
            if expected:
                assert two.unique is (len(expected) == 1)
            else:
                assert two.status is Status.UNSOLVABLE
            boards += 1
    assert boards == each * len(sizes)


def test_some_random_boards_have_solutions() -> None:
    """The cross-check above means something only if both outcomes occur."""
    rng = random.Random(2017)
    kinds = set()
    for w, h, d, pairs in SIZES:
        for _ in range(12):
            kinds.add(bool(brute(random_board(rng, w, h, d, pairs), Rules.FILL)))
    assert kinds == {True, False}


def _two_layer() -> LayeredPuzzle:
    # 3x1x2: line 1 from layer 1's left cell to layer 2's left cell, line 2 along layer 2
    return LayeredPuzzle(3, 1, 2, (1, 0, 2, 1, 0, 2))


def test_a_path_changes_layer() -> None:
    puzzle = LayeredPuzzle(2, 1, 2, (1, 0, 0, 1))
    result = solve_layered(puzzle, rules=Rules.BLANK, limit=None)
    assert result.status is Status.SOLVED and result.count == 2
    routes = {s.path(1) for s in result.solutions}
    assert ((0, 0, 0), (0, 0, 1), (1, 0, 1)) in routes
    assert ((0, 0, 0), (1, 0, 0), (1, 0, 1)) in routes


def test_unsolvable_is_proved() -> None:
    # the two lines must cross in a 1x3x1 strip... stacked: line 1 top to bottom, 2 across
    puzzle = LayeredPuzzle(3, 1, 3, (0, 1, 0, 2, 0, 2, 0, 1, 0))
    result = solve_layered(puzzle, rules=Rules.BLANK, limit=2)
    assert result.status is Status.UNSOLVABLE and result.complete


def test_checker_catches_wrong_answers() -> None:
    puzzle = LayeredPuzzle(2, 1, 2, (1, 0, 0, 1))
    good = LayeredSolution(2, 1, 2, (1, 1, 0, 1), ((1, ((0, 0, 0), (0, 0, 1), (1, 0, 1))),))
    assert check_layered(puzzle, good, Rules.BLANK) == []
    assert [v.rule for v in check_layered(puzzle, good, Rules.FILL)] == ["fill"]
    jump = LayeredSolution(2, 1, 2, (1, 0, 0, 1), ((1, ((0, 0, 0), (1, 0, 1))),))
    assert "steps" in {v.rule for v in check_layered(puzzle, jump, Rules.BLANK)}
    stray = LayeredSolution(2, 1, 2, (1, 1, 1, 1), good.paths)
    assert "labels" in {v.rule for v in check_layered(puzzle, stray, Rules.BLANK)}
    size = LayeredSolution(2, 1, 1, (1, 1), ())
    assert [v.rule for v in check_layered(puzzle, size)] == ["size"]


def test_checker_notouch_between_layers() -> None:
    # 2x2x2: line 1 runs a U through layer 1 and back up; its ends touch across layers
    puzzle = LayeredPuzzle(2, 1, 2, (1, 0, 1, 0))
    path = ((0, 0, 0), (0, 0, 1), (1, 0, 1), (1, 0, 0))
    solution = LayeredSolution(2, 1, 2, (1, 1, 1, 1), ((1, path),))
    assert check_layered(puzzle, solution, Rules.FILL) == []
    assert [v.rule for v in check_layered(puzzle, solution, Rules.FILL_NOTOUCH)] == ["no-touch"]
    assert solve_layered(puzzle, rules=Rules.FILL_NOTOUCH, limit=None).count == 0
    assert solve_layered(puzzle, rules=Rules.FILL, limit=None).count == 1


def test_draw_shows_each_layer() -> None:
    puzzle = _two_layer()
    result = solve_layered(puzzle, rules=Rules.BLANK)
    svg = draw_layered(puzzle, result.solutions[0])
    assert svg.startswith("<svg") and svg.count('class="layer ') == 2
    assert "layer 1" in svg and "layer 2" in svg
    assert 'class="dot"' in svg  # where line 1 changes layer
    assert draw_layered(puzzle).count('class="tube"') == 0


def test_sat_alone_matches_brute_force_on_existence() -> None:
    """The SAT engine's own answer to "one blank solution" (its shortest-only model), with
    the router out of the way, against the enumerator."""
    from numpuzzles.core.deadline import Deadline
    from numpuzzles.numberlink.layers.graph import stacked_graph
    from numpuzzles.numberlink.layers.sat import solve_graph

    rng = random.Random(7)
    for w, h, d, pairs in SIZES:
        for _ in range(10):
            puzzle = random_board(rng, w, h, d, pairs)
            answer = solve_graph(stacked_graph(puzzle), Rules.BLANK, 1, Deadline(None))
            assert bool(answer.solutions) == bool(brute(puzzle, Rules.BLANK))
            assert answer.solutions or answer.exhausted


def test_router_and_detour_give_checked_solutions() -> None:
    from numpuzzles.core.deadline import Deadline
    from numpuzzles.numberlink.layers.construct import construct
    from numpuzzles.numberlink.layers.graph import stacked_graph
    from numpuzzles.numberlink.layers.route import detour, route
    from numpuzzles.numberlink.layers.solve import _solution

    for seed in range(5):
        puzzle, made = construct(10, 8, 3, 12, seed)
        assert check_layered(puzzle, made, Rules.BLANK) == []
        graph = stacked_graph(puzzle)
        first = route(graph, Deadline(None))
        assert first is not None
        assert check_layered(puzzle, _solution(puzzle, first), Rules.BLANK) == []
        second = detour(graph, first)
        assert second is not None and second != first
        assert check_layered(puzzle, _solution(puzzle, second), Rules.BLANK) == []


def test_construct_is_seeded() -> None:
    from numpuzzles.numberlink.layers.construct import construct

    assert construct(6, 5, 2, 4, 3) == construct(6, 5, 2, 4, 3)
    assert construct(6, 5, 2, 4, 3) != construct(6, 5, 2, 4, 4)
