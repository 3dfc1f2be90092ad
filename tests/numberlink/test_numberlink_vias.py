"""The 2016 contest's vias: a path changes layer only through a via, each via used whole by
one line.  The organisers' public examples and answers, the solver against a brute force
judged by the independent checker, the checker on broken answers, and the file format."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_numberlink_layers import brute as layered_brute

from numpuzzles.cli.main import main
from numpuzzles.core.errors import InvalidPuzzleError
from numpuzzles.core.result import Status
from numpuzzles.numberlink.layers.check import check_layered
from numpuzzles.numberlink.layers.draw import draw_layered
from numpuzzles.numberlink.layers.formats import (
    dump_layered,
    parse_layered,
    parse_layered_answer,
)
from numpuzzles.numberlink.layers.model import Cell3, LayeredPuzzle, LayeredSolution, Via
from numpuzzles.numberlink.layers.solve import solve_layered
from numpuzzles.numberlink.model import Rules

DATA = Path(__file__).resolve().parents[1] / "data" / "numberlink" / "adc"
SAMPLES = [  # the organisers' 2016 format examples: problem, their answer
    ("sample-NL_Q02.txt", "sample-T99_A02.txt"),
    ("sample-NL_Q03.txt", "sample-T99_A03.txt"),
    ("sample-01-NL_Q01.txt", "sample-01-T99_A01.txt"),
]
RULES = (Rules.BLANK, Rules.FILL, Rules.FILL_NOTOUCH)


@pytest.mark.parametrize(("problem", "answer"), SAMPLES)
def test_the_organisers_examples_solve_and_check(
    problem: str, answer: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As a user chains them: the organisers' answer checks, ours is written, read back
    and checked, and the drawing shades every via cell."""
    path = str(DATA / problem)
    assert main(["numberlink", "check", path, str(DATA / answer)]) == 0
    assert "valid" in capsys.readouterr().out
    ours = tmp_path / "answer.txt"
    assert main(["numberlink", "solve", path, "-o", str(ours)]) == 0
    assert main(["numberlink", "check", path, str(ours)]) == 0
    assert "valid" in capsys.readouterr().out
    puzzle = parse_layered((DATA / problem).read_text())
    solution = parse_layered_answer(ours.read_text(), puzzle)
    assert check_layered(puzzle, solution) == []
    cells = sum(len(column) for _name, column in puzzle.vias)
    assert draw_layered(puzzle, solution).count('class="via"') == cells


def test_a_via_over_three_layers_is_passed_whole() -> None:
    """NL_Q03: line 1 runs from layer 1 to layer 3 through via a; the via's middle cell
    is on the line in every solution, joined to nothing in its own layer."""
    puzzle = parse_layered((DATA / "sample-NL_Q03.txt").read_text())
    result = solve_layered(puzzle, limit=3)
    assert result.count == 3
    for solution in result.solutions:
        path = solution.path(1)
        middle = (1, 2, 2)  # layer 2, row 2, col 2
        at = path.index(middle)
        assert {path[at - 1], path[at + 1]} == {(0, 2, 2), (2, 2, 2)}


def brute(puzzle: LayeredPuzzle, rules: Rules) -> set[frozenset[tuple[int, tuple[Cell3, ...]]]]:
    """Every solution: each line's simple paths over all six moves (vias or not), the
    disjoint choices kept, and the independent checker's verdict taken on the whole."""

    def judge(chosen: dict[int, list[Cell3]]) -> bool:
        return not check_layered(puzzle, _solution(puzzle, chosen), rules)

    return layered_brute(puzzle, rules, judge)


def via_board(rng: random.Random, w: int, h: int, d: int, crossing: int,
              flat: int) -> LayeredPuzzle | None:
    """Random ends, ``crossing`` lines between layers and ``flat`` in one, and one via for
    each crossing line over a random span of layers (not always its own: some boards have
    no solution).  None when the cells run out."""
    cells = [0] * (w * h * d)
    free = list(range(w * h * d))
    rng.shuffle(free)
    taken: set[int] = set()
    plane = w * h

    def pick(z: int | None) -> int | None:
        for i in free:
            if i not in taken and (z is None or i // plane == z):
                taken.add(i)
                return i
        return None

    for label, kind in enumerate([True] * crossing + [False] * flat, start=1):
        a = pick(None)
        if a is None:
            return None
        za = a // plane
        others = [z for z in range(d) if z != za] if kind else [za]
        b = pick(rng.choice(others))
        if b is None:
            return None
        cells[a] = cells[b] = label
    vias: list[Via] = []
    for k in range(crossing):
        span = rng.randint(2, d)
        low = rng.randint(0, d - span)
        spots = [p for p in range(plane) if all(
            z * plane + p not in taken for z in range(low, low + span))]
        if not spots:
            return None
        spot = rng.choice(spots)
        column = tuple((z, spot // w, spot % w) for z in range(low, low + span))
        taken.update(z * plane + spot for z in range(low, low + span))
        vias.append((chr(ord("a") + k), column))
    return LayeredPuzzle(w, h, d, tuple(cells), tuple(vias))


SHAPES = [(3, 2, 2, 1, 1), (3, 3, 2, 1, 0), (2, 2, 3, 1, 0), (3, 2, 2, 2, 0), (2, 3, 3, 1, 1)]
SMALL = [(2, 1, 2, 1, 0), (2, 2, 2, 1, 1), (3, 1, 2, 1, 0), (2, 1, 3, 1, 0)]
"""Boards small enough that filling every cell often works (the fill rules' cases)."""


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.value)
def test_solver_matches_brute_force_with_vias(rules: Rules) -> None:
    rng = random.Random(2016)
    boards = solved = 0
    shapes = SHAPES + SMALL
    for w, h, d, crossing, flat in shapes:
        made = tries = 0
        while made < 8:
            tries += 1
            assert tries < 200, "the shape leaves no room for a via"
            puzzle = via_board(rng, w, h, d, crossing, flat)
            if puzzle is None:
                continue
            made += 1
            expected = brute(puzzle, rules)
            result = solve_layered(puzzle, rules=rules, limit=None)
            assert result.complete
            got = {frozenset(s.paths) for s in result.solutions}
            assert len(got) == len(result.solutions)
            assert got == expected, (puzzle, rules)
            one = solve_layered(puzzle, rules=rules, limit=1)
            assert one.status is (Status.SOLVED if expected else Status.UNSOLVABLE)
            for solution in (*result.solutions, *one.solutions):
                assert check_layered(puzzle, solution, rules) == []
            boards += 1
            solved += bool(expected)
    assert boards == 8 * len(shapes)
    assert 3 <= solved < boards  # both outcomes occur, so the comparison means something


def _solution(puzzle: LayeredPuzzle, paths: dict[int, list[Cell3]]) -> LayeredSolution:
    cells = [0] * len(puzzle.cells)
    for label, path in paths.items():
        for cell in path:
            cells[puzzle.index(cell)] = label
    return LayeredSolution(puzzle.width, puzzle.height, puzzle.depth, tuple(cells),
                           tuple((k, tuple(p)) for k, p in sorted(paths.items())))


def test_the_checker_catches_broken_via_rules() -> None:
    """A 3x1 board of two layers: line 1 from the left cell of layer 1 to the right cell
    of layer 2, via a in the middle."""
    puzzle = LayeredPuzzle(3, 1, 2, (1, 0, 0, 0, 0, 1), (("a", ((0, 0, 1), (1, 0, 1))),))
    good = {1: [(0, 0, 0), (0, 0, 1), (1, 0, 1), (1, 0, 2)]}
    assert check_layered(puzzle, _solution(puzzle, good)) == []
    elsewhere = {1: [(0, 0, 0), (1, 0, 0), (1, 0, 1), (1, 0, 2)]}  # steps down off the via
    rules = {v.rule for v in check_layered(puzzle, _solution(puzzle, elsewhere))}
    assert "via" in rules
    messages = [v.message for v in check_layered(puzzle, _solution(puzzle, elsewhere))]
    assert any("no via" in m for m in messages)
    assert any("does not pass through via a" in m for m in messages)
    wide = LayeredPuzzle(3, 2, 2, (1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1),
                         (("a", ((0, 0, 1), (1, 0, 1))),))
    around = {1: [(0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1), (1, 1, 2)]}  # a left alone
    messages = [v.message for v in check_layered(wide, _solution(wide, around))]
    assert any("via a is not used" in m for m in messages), messages


def test_the_checker_catches_a_via_entered_in_its_middle() -> None:
    via = ("a", ((0, 0, 1), (1, 0, 1), (2, 0, 1)))
    puzzle = LayeredPuzzle(3, 1, 3, (1, 0, 0, 0, 0, 0, 0, 0, 1), (via,))
    good = {1: [(0, 0, 0), (0, 0, 1), (1, 0, 1), (2, 0, 1), (2, 0, 2)]}
    assert check_layered(puzzle, _solution(puzzle, good)) == []
    middle = {1: [(0, 0, 0), (1, 0, 0), (1, 0, 1), (2, 0, 1), (2, 0, 2)]}
    messages = [v.message for v in check_layered(puzzle, _solution(puzzle, middle))]
    assert any("middle layer" in m for m in messages), messages
    assert any("does not pass through via a" in m for m in messages), messages


def test_a_line_takes_one_via_at_most() -> None:
    """Line 1 runs from layer 1 to layer 3; via a joins layers 1 and 2, via b layers 2
    and 3.  Through both it reaches its end, but the rule allows a line one via (whose
    end layers are its ends'), so the checker refuses that and no solution exists."""
    vias: tuple[Via, ...] = (("a", ((0, 0, 1), (1, 0, 1))), ("b", ((1, 0, 2), (2, 0, 2))))
    puzzle = LayeredPuzzle(4, 1, 3, (1, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 1), vias)
    twice = {1: [(0, 0, 0), (0, 0, 1), (1, 0, 1), (1, 0, 2), (2, 0, 2), (2, 0, 3)]}
    messages = [v.message for v in check_layered(puzzle, _solution(puzzle, twice))]
    assert any("takes 2 vias" in m for m in messages), messages
    assert solve_layered(puzzle, limit=None).status is Status.UNSOLVABLE


@pytest.mark.parametrize(("text", "needle"), [
    ("SIZE 3X1X2\nLINE_NUM 1\nLINE#1 (0,0,1) (2,0,2)\nVIA#a (1,0,1) (2,0,2)\n",
     "one place on consecutive layers"),
    ("SIZE 3X1X3\nLINE_NUM 1\nLINE#1 (0,0,1) (2,0,3)\nVIA#a (1,0,1) (1,0,3)\n",
     "one place on consecutive layers"),
    ("SIZE 3X1X2\nLINE_NUM 1\nLINE#1 (0,0,1) (2,0,2)\nVIA#a (0,0,1) (0,0,2)\n",
     "line's end or in another via"),
    ("SIZE 3X1X2\nLINE_NUM 1\nLINE#1 (0,0,1) (2,0,1)\nVIA#a (1,0,1) (1,0,2)\n",
     "exactly one via for each such line"),
    ("SIZE 3X1X2\nLINE_NUM 1\nLINE#1 (0,0,1) (2,0,2)\nVIA#a (1,0,1) (1,0,2)\n"
     "VIA#a (0,0,2) (0,0,1)\n", "defined twice"),
    ("SIZE 3X1X2\nLINE_NUM 1\nLINE#1 (0,0,1) (2,0,2)\nVIA#a (1,0,1)\n", "expected 'VIA#"),
    ("SIZE 3X1X2\nLINE_NUM 1\nLINE#1 (0,0,1) (2,0,2)\nVIA#a (1,0,1) (1,0,3)\n",
     "off the board"),
])
def test_bad_vias_get_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                               text: str, needle: str) -> None:
    path = tmp_path / "q.txt"
    path.write_text(text)
    assert main(["numberlink", "solve", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert needle in err and "\n" not in err and "Traceback" not in err


def test_a_via_on_a_plain_board_is_refused() -> None:
    with pytest.raises(InvalidPuzzleError):
        LayeredPuzzle(3, 1, 2, (1, 0, 0, 0, 0, 1), (("a", ((0, 0, 1),)),))


@st.composite
def via_boards(draw: st.DrawFn) -> LayeredPuzzle:
    seed = draw(st.integers(0, 10**6))
    shape = draw(st.sampled_from([(3, 3, 2, 2, 1), (4, 2, 3, 1, 2), (5, 4, 2, 3, 0)]))
    board = None
    rng = random.Random(seed)
    while board is None:
        board = via_board(rng, *shape)
    return board


@given(via_boards(), st.booleans())
@settings(max_examples=60, deadline=None)
def test_boards_with_vias_round_trip(puzzle: LayeredPuzzle, dashes: bool) -> None:
    """The problem file (and a hand-written one with ``-`` between the points, in any
    order of layers) reads back to the same board, vias and all."""
    text = dump_layered(puzzle)
    assert parse_layered(text) == puzzle
    if dashes:
        lines = [line if not line.startswith("VIA#") else
                 line.split(" ", 1)[0] + " " + "-".join(reversed(line.split(" ")[1:]))
                 for line in text.splitlines()]
        assert parse_layered("\n".join(lines)) == puzzle


def test_json_keeps_the_vias(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``convert --to json`` and back: the vias travel, and the board still solves."""
    source = str(DATA / "sample-NL_Q02.txt")
    assert main(["numberlink", "convert", source, "--to", "json"]) == 0
    record = tmp_path / "q.json"
    record.write_text(capsys.readouterr().out)
    assert '"vias"' in record.read_text()
    assert main(["numberlink", "convert", str(record), "--to", "adc"]) == 0
    assert parse_layered(capsys.readouterr().out) == parse_layered(Path(source).read_text())


def _reads_back(puzzle: LayeredPuzzle, cells: tuple[int, ...]) -> bool:
    """The contest's reading of an answer from its numbers alone (each layer apart, as its
    2016 checker does): a line's end and a via's end cell have one neighbour of the same
    number in their layer, a via's middle cell none, every other numbered cell two (three
    or more is a branch: a path that touches itself)."""
    w, h = puzzle.width, puzzle.height
    ends = {cell for pair in puzzle.endpoints().values() for cell in pair}
    via_ends = {cell for _n, column in puzzle.vias for cell in (column[0], column[-1])}
    middles = {cell for _n, column in puzzle.vias for cell in column[1:-1]}
    for index, value in enumerate(cells):
        if not value:
            continue
        z, r, c = puzzle.cell(index)
        same = sum(1 for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                   if 0 <= rr < h and 0 <= cc < w and cells[puzzle.index((z, rr, cc))] == value)
        want = 0 if (z, r, c) in middles else 1 if (z, r, c) in ends | via_ends else 2
        if same != want:
            return False
    return True


def test_one_solution_reads_back_from_its_numbers() -> None:
    """SAT may wind a path round on itself on a board with vias (its shortest-solution
    clauses are off there); the solution shown is tidied so that the answer file, numbers
    only, reads back as the same paths, as the contest's checker reads it."""
    rng = random.Random(7)
    boards = [parse_layered((DATA / name).read_text()) for name, _answer in SAMPLES]
    while len(boards) < 40:
        board = via_board(rng, 5, 4, rng.choice([2, 3]), 2, 2)
        if board is not None:
            boards.append(board)
    solved = 0
    for puzzle in boards:
        result = solve_layered(puzzle, limit=1)
        if not result.solutions:
            continue
        solved += 1
        (solution,) = result.solutions
        assert check_layered(puzzle, solution) == []
        assert _reads_back(puzzle, solution.cells), puzzle
    assert solved >= 10
