"""The default Numberlink generator: unique (per an independent brute-force counter on tiny
boards, per the solver and checker on larger ones), reproducible, and its command line."""

from __future__ import annotations

import json

import pytest
from numberlink_oracle import count, valid_solution

from numpuzzles.cli.main import main
from numpuzzles.core.errors import GenerationError, InvalidParameterError
from numpuzzles.numberlink import formats
from numpuzzles.numberlink.check import check
from numpuzzles.numberlink.generate.grade import Grade, grade
from numpuzzles.numberlink.generate.layout import Layout
from numpuzzles.numberlink.generate.unionfind import generate_unionfind
from numpuzzles.numberlink.generate.unique import Params, generate, solver_prover
from numpuzzles.numberlink.model import Puzzle, Rules, Solution
from numpuzzles.numberlink.solve.dispatch import solve
from numpuzzles.numberlink.symmetry import puzzle_form


@pytest.mark.parametrize(("w", "h"), [(4, 4), (5, 3), (3, 5), (4, 5), (2, 6)])
def test_tiny_puzzles_are_unique_per_the_brute_force_counter(w: int, h: int) -> None:
    for seed in range(5):
        item = generate(Params(w, h), seed, prover=solver_prover)
        cells = item.puzzle.cells
        assert 0 not in item.solution.cells and -1 not in cells
        assert count(w, h, cells, "fill") == 1, (w, h, seed)
        assert count(w, h, cells, "fill-notouch") == 1, (w, h, seed)
        paths = dict(item.solution.paths)
        assert valid_solution(w, h, cells, item.solution.cells, paths, "fill-notouch") is None


@pytest.mark.parametrize("seed", range(4))
def test_tiny_blank_puzzles_are_unique_per_the_brute_force_counter(seed: int) -> None:
    item = generate(Params(4, 4, Rules.BLANK), seed, prover=solver_prover)
    assert count(4, 4, item.puzzle.cells, "blank") == 1


def test_deduction_only_generation_is_unique_too() -> None:
    for seed in range(5):
        item = generate(Params(4, 4), seed, prover=None)
        assert count(4, 4, item.puzzle.cells, "fill") == 1
        assert item.difficulty.solved_by_deduction


@pytest.mark.parametrize(("w", "h"), [(10, 10), (12, 7)])
def test_larger_puzzles_are_checked_and_proved_unique(w: int, h: int) -> None:
    for seed in range(3):
        item = generate(Params(w, h), seed, prover=solver_prover)
        assert check(item.puzzle, item.solution, Rules.FILL) == []
        assert check(item.puzzle, item.solution, Rules.FILL_NOTOUCH) == []
        result = solve(item.puzzle, rules=Rules.FILL, limit=2)
        assert result.complete and result.count == 1
        assert result.solutions[0].cells == item.solution.cells


def test_same_seed_same_puzzle_and_id() -> None:
    a = generate(Params(9, 9), 77, prover=solver_prover)
    b = generate(Params(9, 9), 77, prover=solver_prover)
    assert a == b
    assert a.id == "numberlink:9x9,fill#77"
    assert generate(Params(9, 9), 78, prover=solver_prover).puzzle != a.puzzle


def test_pairs_and_difficulty_are_honoured() -> None:
    item = generate(Params(8, 8, pairs=14), 5, prover=solver_prover)
    assert len(item.puzzle.labels) == 14
    assert item.id == "numberlink:8x8,fill,pairs=14#5"
    hard = generate(Params(8, 8, difficulty="hard"), 5, prover=solver_prover)
    assert grade(hard.puzzle).grade is Grade.HARD
    with pytest.raises(InvalidParameterError):
        generate(Params(8, 8, difficulty="impossible"), 5, prover=None)
    notouch = generate(Params(4, 4, rules=Rules.FILL_NOTOUCH), 5, prover=solver_prover)
    assert notouch.id == "numberlink:4x4,fill-notouch#5"
    assert count(4, 4, notouch.puzzle.cells, "fill-notouch") == 1


def test_a_prover_that_never_decides_gives_a_generation_error() -> None:
    def undecided(puzzle: Puzzle, rules: Rules) -> tuple[tuple[Solution, ...], bool]:
        return (), False

    with pytest.raises(GenerationError):
        generate(Params(12, 12), 1, prover=undecided, max_attempts=3)


def test_repair_cuts_where_the_second_solution_differs() -> None:
    # A prover that reports a fake second solution until the puzzle has enough pairs: the
    # generator must cut (more pairs) rather than give up, and every cut keeps the
    # witness a valid solution.
    calls: list[int] = []

    def picky(puzzle: Puzzle, rules: Rules) -> tuple[tuple[Solution, ...], bool]:
        real = solve(puzzle, rules=rules, limit=2)
        calls.append(len(puzzle.labels))
        if len(calls) < 3 and real.count == 1:
            witness = real.solutions[0]
            fake = Solution(witness.width, witness.height, witness.cells, ())
            return (witness, fake), True
        return real.solutions, real.complete or real.count >= 2

    item = generate(Params(6, 6), 3, prover=picky)
    assert calls == sorted(calls) and calls[-1] > calls[0]
    assert count(6, 6, item.puzzle.cells, "fill", limit=2) == 1


def test_difficulty_is_sound_on_unionfind_boards() -> None:
    # whenever the deductions decide everything, the puzzle really has one solution
    for seed in range(25):
        board = generate_unionfind(4, 4, seed)
        verdict = grade(board.puzzle)
        if verdict.solved_by_deduction:
            assert count(4, 4, board.puzzle.cells, "fill") == 1
        else:
            assert verdict.grade is Grade.EXPERT


def test_grades_on_hand_made_boards() -> None:
    dominoes = Puzzle(2, 2, (1, 2, 1, 2))
    assert grade(dominoes).grade is Grade.EASY
    two_ways = Puzzle(3, 3, (1, 0, 0, 0, 0, 0, 0, 0, 1))  # corner to corner: two snakes
    assert count(3, 3, two_ways.cells, "fill") == 2
    assert grade(two_ways).grade is Grade.EXPERT


def test_cli_json_lines(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["numberlink", "generate", "7x5", "--seed", "4", "--count", "3", "--json"]
    assert main(args) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(records) == 3
    keys = {"id", "family", "params", "seed", "puzzle", "solution", "difficulty", "details"}
    forms = set()
    for record in records:
        assert keys <= set(record)
        shown = record["puzzle"]
        assert (shown["width"], shown["height"], shown["rules"]) == (7, 5, "fill")
        assert record["params"]["size"] == "7x5" and record["params"]["rules"] == "fill"
        cells = tuple(v for row in shown["grid"] for v in row)
        puzzle = Puzzle(7, 5, cells)
        forms.add(puzzle_form(puzzle))
        paths = {int(k): [tuple(c) for c in v] for k, v in record["solution"]["paths"].items()}
        grid = tuple(v for row in record["solution"]["grid"] for v in row)
        assert valid_solution(7, 5, cells, grid, paths, "fill") is None
        assert record["difficulty"] in {g.value for g in Grade}
        assert record["details"]["pairs"] == len(puzzle.labels)
        assert grade(puzzle).grade.value == record["difficulty"]
        # a new fill generation asks for no two-cell links (min_length=3, in its ID)
        three = Params(7, 5, layout=Layout(min_length=3))
        again = generate(three, record["seed"], prover=solver_prover)
        assert again.puzzle == puzzle and again.id == record["id"]
    assert len(forms) == 3


@pytest.mark.parametrize("fmt", ["table", "bwinf", "letters", "ahle", "numeric", "puzzlink"])
def test_cli_text_output_reads_back_whole(fmt: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["numberlink", "generate", "6", "--seed", "2", "--to", fmt]) == 0
    captured = capsys.readouterr()
    # The ID travels as a comment where the format has one, else on stderr.
    assert "ID: numberlink:6x6,fill,min_length=3#2  difficulty: " in captured.out + captured.err
    (puzzle,) = formats.parse(captured.out)
    assert puzzle.width == 6 and puzzle.height == 6


def test_cli_unionfind_prints_both_tables(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["numberlink", "generate", "7", "--seed", "5", "--method", "unionfind"]) == 0
    out = capsys.readouterr().out
    # the rules are part of every Numberlink ID now; the old 7x7,unionfind#5 still reads
    assert out.startswith("# ID: numberlink:7x7,fill,unionfind#5  difficulty: ")
    assert "Table to be solved:" in out and "The solution to the above table:" in out
    board = generate_unionfind(7, 7, 5)
    assert formats.parse(out.split("\n", 1)[1], "table") == [board.puzzle]


@pytest.mark.parametrize(
    "args",
    [
        ["numberlink", "generate", "0"],
        ["numberlink", "generate", "3y4"],
        ["numberlink", "generate", "5", "--rules", "notouch"],
        ["numberlink", "generate", "5", "--method", "unionfind", "--pairs", "3"],
        ["numberlink", "generate", "4", "--pairs", "9"],
    ],
)
def test_cli_bad_input_is_one_line_and_exit_2(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
