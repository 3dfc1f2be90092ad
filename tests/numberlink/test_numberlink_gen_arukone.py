"""Arukone generator: beats the checker models, solvable (witness and brute force), formats."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numberlink_oracle import count, valid_solution

from numpuzzles.cli.main import main
from numpuzzles.core.errors import GenerationError, InvalidParameterError, PuzzleFormatError
from numpuzzles.numberlink import formats
from numpuzzles.numberlink.arukone.checkers import CheckerModel, run_checker
from numpuzzles.numberlink.arukone.generate import generate_arukone
from numpuzzles.numberlink.check import check
from numpuzzles.numberlink.formats import bwinf
from numpuzzles.numberlink.generate.unique import solver_prover
from numpuzzles.numberlink.model import Puzzle, Rules, Solution
from numpuzzles.numberlink.solve.dispatch import solve
from numpuzzles.numberlink.symmetry import puzzle_form

DATA = Path(__file__).resolve().parents[1] / "data" / "arukone"
SEED_EXAMPLES = DATA / "seed-examples.txt"


def _assert_valid(puzzle: Puzzle, solution: Solution) -> None:
    reason = valid_solution(
        puzzle.width, puzzle.height, puzzle.cells, solution.cells, dict(solution.paths), "blank"
    )
    assert reason is None, reason


@pytest.mark.parametrize("n", [4, 5, 6, 7, 8, 10, 12])
def test_generated_puzzles_keep_every_promise(n: int) -> None:
    for seed in range(5):
        item = generate_arukone(n, seed)
        puzzle = item.puzzle
        assert (puzzle.width, puzzle.height) == (n, n)
        assert len(puzzle.labels) >= math.ceil(n / 2)
        for model in CheckerModel:
            assert not run_checker(puzzle, model).solved, (n, seed, model)
        _assert_valid(puzzle, item.solution)


@pytest.mark.parametrize("seed", range(8))
def test_small_puzzles_are_solvable_per_the_brute_force_counter(seed: int) -> None:
    puzzle = generate_arukone(4, seed).puzzle
    assert count(4, 4, puzzle.cells, "blank", limit=1) == 1


def test_same_seed_same_puzzle() -> None:
    assert generate_arukone(9, 123) == generate_arukone(9, 123)
    assert generate_arukone(9, 123).puzzle != generate_arukone(9, 124).puzzle


def test_pairs_option_is_exact_and_checked() -> None:
    assert len(generate_arukone(10, 3, pairs=9).puzzle.labels) == 9
    with pytest.raises(InvalidParameterError):
        generate_arukone(10, 3, pairs=4)
    with pytest.raises(InvalidParameterError):
        generate_arukone(3, 3)


@pytest.mark.parametrize("seed", range(4))
def test_unique_puzzles_are_unique_per_the_brute_force_counter(seed: int) -> None:
    item = generate_arukone(4, seed, prover=solver_prover)
    assert item.unique is True
    assert count(4, 4, item.puzzle.cells, "blank") == 1
    assert not run_checker(item.puzzle, CheckerModel.A).solved
    _assert_valid(item.puzzle, item.solution)


@pytest.mark.parametrize("n", [6, 10])
def test_unique_puzzles_beat_the_checker_and_are_proved_unique(n: int) -> None:
    for seed in range(3):
        item = generate_arukone(n, seed, prover=solver_prover)
        assert len(item.puzzle.labels) >= math.ceil(n / 2)
        for model in CheckerModel:
            assert not run_checker(item.puzzle, model).solved
        _assert_valid(item.puzzle, item.solution)
        result = solve(item.puzzle, rules=Rules.BLANK, limit=2)
        assert result.complete and result.count == 1
    assert generate_arukone(n, 5, prover=solver_prover) == generate_arukone(
        n, 5, prover=solver_prover
    )


def test_unique_mode_reports_a_solver_that_gives_up() -> None:
    def undecided(puzzle: Puzzle, rules: Rules) -> tuple[tuple[Solution, ...], bool]:
        return (), False

    with pytest.raises(GenerationError):
        generate_arukone(6, 1, prover=undecided)


def test_output_is_the_originals_format_and_reads_back() -> None:
    item = generate_arukone(6, 42)
    text = bwinf.dump(item.puzzle, seed=item.seed)
    lines = text.splitlines()
    assert lines[0] == "SEED: 42"
    assert lines[1] == "6"
    assert lines[2] == str(len(item.puzzle.labels))
    assert all(len(line.split()) == 6 for line in lines[3:]) and len(lines) == 9
    assert formats.parse(text, "bwinf") == [item.puzzle]
    assert formats.parse(text) == [item.puzzle]
    assert formats.dump(item.puzzle, "bwinf") == text.split("\n", 1)[1]


def test_reads_the_originals_five_puzzles() -> None:
    puzzles = formats.parse(SEED_EXAMPLES.read_text(), "bwinf")
    assert [len(p.labels) for p in puzzles] == [3, 8, 8, 8, 8]


@pytest.mark.parametrize(
    "text",
    ["5\n2\n0 0\n", "x\n", "3\n1\n1 0 0\n0 0 0\n0 0 1\n2 2\n", "2\n2\n1 1\n0 0\n", ""],
)
def test_malformed_input_is_a_format_error(text: str) -> None:
    with pytest.raises(PuzzleFormatError):
        formats.parse(text, "bwinf")


@given(st.integers(0, 2**40))
@settings(max_examples=60, deadline=None)
def test_round_trip_of_random_puzzles(seed: int) -> None:
    item = generate_arukone(4 + seed % 5, seed)
    assert formats.parse(bwinf.dump(item.puzzle, seed=seed), "bwinf") == [item.puzzle]


def test_cli_generate_count_prints_distinct_puzzles(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arukone", "generate", "5", "--seed", "9", "--count", "6"]) == 0
    text = capsys.readouterr().out
    blocks = text.strip().split("\n\n")
    assert len(blocks) == 6
    puzzles = [formats.parse(b, "bwinf")[0] for b in blocks]
    assert len({puzzle_form(p) for p in puzzles}) == 6
    for block, puzzle in zip(blocks, puzzles, strict=True):
        seed = int(block.splitlines()[0].removeprefix("SEED: "))
        assert generate_arukone(5, seed).puzzle == puzzle


def test_cli_adversary_names_the_failed_pairs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arukone", "adversary", str(SEED_EXAMPLES)]) == 0
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert captured.err == ""
    assert len(lines) == 5
    assert lines[0].startswith("puzzle 1 (5x5, 3 pairs): model A: solves it")
    assert "model A: fails on pair 4;" in lines[1]
    assert "model A: fails on pair 1;" in lines[2]
    assert "model A: fails on pairs 7, 5;" in lines[4]
    # the reported pairs are the ones the checker model really fails on
    puzzles = bwinf.parse(SEED_EXAMPLES.read_text())
    assert "model B: fails on pairs 2, 4, 7;" in lines[1]
    assert run_checker(puzzles[1], CheckerModel.B).failed == (2, 4, 7)


def test_cli_adversary_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arukone", "adversary", str(SEED_EXAMPLES), "--json"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    puzzles = bwinf.parse(SEED_EXAMPLES.read_text())
    assert [r["source"] for r in records] == [f"{SEED_EXAMPLES} #{i}" for i in range(1, 6)]
    for record, puzzle in zip(records, puzzles, strict=True):
        assert record["family"] == "arukone" and record["puzzle"]["rules"] == "blank"
        assert record["puzzle"]["grid"] == [list(row) for row in puzzle.rows()]
        for model in CheckerModel:
            run = run_checker(puzzle, model)
            shown = record["details"]["models"][model.value]
            assert (shown["solved"], shown["failed"]) == (run.solved, list(run.failed))
    assert records[0]["details"]["models"]["A"]["solved"] is True


def test_cli_check_with_one_file_still_runs_the_models(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The old ``arukone check FILE`` keeps working, with a one-line warning on stderr."""
    assert main(["arukone", "adversary", str(SEED_EXAMPLES)]) == 0
    report = capsys.readouterr().out
    assert main(["arukone", "check", str(SEED_EXAMPLES)]) == 0
    captured = capsys.readouterr()
    assert captured.out == report
    assert captured.err.count("\n") == 1 and "warning" in captured.err
    assert "arukone adversary FILE" in captured.err


def test_cli_check_verifies_a_solution(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "p.txt"
    file.write_text("SEED: 1\n4\n2\n1 0 0 0\n0 2 0 0\n0 0 0 1\n0 0 0 2\n")
    good = "4\n2\n1 1 1 1\n0 2 2 1\n0 0 2 1\n0 0 2 2\n"
    assert main(["arukone", "check", str(file), good]) == 0
    assert capsys.readouterr().out.strip() == f"{file}: valid (4x4, blank)"
    # the same grid leaves cells empty, which 'fill' forbids
    assert main(["arukone", "check", str(file), "--solution", good, "--rules", "fill"]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"{file}: invalid (4x4, fill): ")
    assert "rule 'fill' fills all" in out
    # a grid whose label cells form no path is no solution at all: one-line error, exit 2
    broken = "4\n2\n1 1 1 1\n0 2 0 1\n0 0 2 1\n0 0 2 2\n"
    assert main(["arukone", "check", str(file), "--solution", broken]) == 2
    assert "do not form one path" in capsys.readouterr().err


def test_cli_solve_and_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "p.txt"
    file.write_text("SEED: 1\n4\n2\n1 0 0 0\n0 2 0 0\n0 0 0 1\n0 0 0 2\n")
    assert main(["arukone", "solve", str(file)]) == 0
    captured = capsys.readouterr()
    assert captured.err.startswith(f"{file} (4x4, blank): solved (")  # the summary line
    out = captured.out.splitlines()  # the solved grid alone, in the original's format
    assert out[0:2] == ["4", "2"]
    grid = [[int(v) for v in row.split()] for row in out[2:6]]
    solution = formats.parse_solution("\n".join(out[0:6]), bwinf.parse(file.read_text())[0])
    assert check(bwinf.parse(file.read_text())[0], solution, Rules.BLANK) == []
    assert grid[0][0] == 1 and grid[3][3] == 2 and len(out) == 6
    file.write_text("4\n2\n1 2 0 0\n2 1 0 0\n0 0 0 0\n0 0 0 0\n")
    assert main(["arukone", "solve", str(file)]) == 1
    assert capsys.readouterr().err.startswith(f"{file} (4x4, blank): no solution (")
    file.write_text("4\n3\n1 0 0 0\n")
    assert main(["arukone", "check", str(file)]) == 2
    assert main(["arukone", "generate", "3"]) == 2
    assert main(["arukone", "generate", "8", "--pairs", "2"]) == 2
    assert main(["arukone", "check", str(tmp_path / "missing.txt")]) == 2
    err = capsys.readouterr().err
    # one line each; the two 'check FILE' calls also print the alias's warning first
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    errors = [line for line in lines if "warning" not in line]
    assert len(errors) == 4 and all("error" in line for line in errors)
    assert len(lines) == 6


def test_cli_json_lines(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arukone", "generate", "6", "--seed", "3", "--count", "2", "--json"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["id"] for r in records] == ["arukone:6#3", "arukone:6#4"]
    for record in records:
        grid = record["puzzle"]["grid"]
        puzzle = Puzzle(6, 6, tuple(v for row in grid for v in row))
        assert generate_arukone(6, record["seed"]).puzzle == puzzle
        assert record["puzzle"]["rules"] == "blank" and record["details"]["unique"] is None
        assert record["details"]["pairs"] == len(puzzle.labels)
        fails = record["details"]["checker_fails"]
        assert all(fails[m.value] == list(run_checker(puzzle, m).failed) for m in CheckerModel)
        assert all(fails[m] for m in "ABC")
        paths = {int(k): [tuple(c) for c in v] for k, v in record["solution"]["paths"].items()}
        grid = tuple(v for row in record["solution"]["grid"] for v in row)
        assert valid_solution(6, 6, puzzle.cells, grid, paths, "blank") is None


def test_cli_reads_back_files_of_several_puzzles(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What ``generate --count`` (and the original) writes is one file of several puzzles,
    which solve, check, convert and adversary must all read."""
    path = tmp_path / "three.txt"
    assert main(["arukone", "generate", "5", "--seed", "9", "--count", "3", "-o", str(path)]) == 0
    capsys.readouterr()
    puzzles = bwinf.parse(path.read_text())
    assert len(puzzles) == 3
    assert main(["arukone", "solve", str(path), "--json"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["source"] for r in records] == [f"{path} #{i}" for i in (1, 2, 3)]
    for record, puzzle in zip(records, puzzles, strict=True):
        assert record["puzzle"]["grid"] == [list(row) for row in puzzle.rows()]
        solution = formats.parse_solution(json.dumps(record), puzzle, "json")
        assert check(puzzle, solution, Rules.BLANK) == []
    # convert keeps all three in the original's format, and they read back the same
    assert main(["arukone", "convert", str(path), "--to", "bwinf"]) == 0
    assert bwinf.parse(capsys.readouterr().out) == puzzles
    assert main(["arukone", "adversary", str(path)]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 3
    # a single puzzle with a blocked cell (-1) still reads through the general reader
    single = tmp_path / "blocked.txt"
    single.write_text("4\n2\n1 0 0 2\n0 -1 0 0\n0 0 0 0\n1 0 0 2\n")
    assert main(["arukone", "solve", str(single)]) == 0
    assert capsys.readouterr().err.startswith(f"{single} (4x4, blank): solved (")
