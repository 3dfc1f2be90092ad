"""Survo through the registry and the command line: IDs, round trips, analyse, bad input."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from conftest import assert_one_line_error, run_cli
from numpuzzles.core.result import Status
from numpuzzles.survo.family import FAMILY, symmetries
from numpuzzles.survo.model import Puzzle, open_puzzle
from numpuzzles.survo.solve import as_filling
from words_reader import read_cell

FAM = FAMILY



def test_ids_regenerate_the_same_puzzle() -> None:
    made = FAM.generate({"shape": "3x4"}, 9)
    assert made.id == "survo:3x4#9"
    assert FAM.regenerate(made.id).puzzle == made.puzzle
    assert made.details["md_runs"] >= 1 and made.difficulty is not None


def test_solve_all_gives_the_exact_total_beside_a_few_solutions() -> None:
    (p,) = FAM.parse(". . . 15\n. . . 15\n. . . 15\n15 15 15\n")
    result = FAM.solve(p, limit=None)
    assert result.complete and result.count == len(FAM.solve(p, limit=1000).solutions)
    (big,) = FAM.parse(". . . . 38\n. . . . 30\n. . . . 34\n. . . . 34\n37 27 32 40\n")
    many = FAM.solve(big, limit=None, timeout=20)
    assert many.complete and many.total is not None and many.total > len(many.solutions)
    assert all(FAM.check(big, s) == [] for s in many.solutions)


def test_symmetric_images_keep_the_solution_count() -> None:
    (p,) = FAM.parse(". 6 . . 30\n8 . . . 18\n. . 3 . 30\n27 16 10 25\n")
    images = symmetries(p)
    assert len(images) == 4
    assert all(FAM.solve(q, limit=2).count == 1 for q in images)
    assert len({FAM.distinct_key(q) for q in images}) == 1


def test_analyse_counts_and_proves_its_suggestion() -> None:
    suggested = 0
    for seed in range(6):
        values = list(range(1, 13))
        random.Random(seed).shuffle(values)
        p = open_puzzle(as_filling(values, 4))
        analysis = FAM.analyse(p, timeout=20)
        assert analysis.status is Status.SOLVED and analysis.complete
        assert analysis.count == FAM.solve(p, limit=None).count
        assert analysis.common is not None
        if analysis.count == 1:
            continue
        assert analysis.differ
        assert "<svg" in FAM.draw_analysis(p, analysis)
        if analysis.suggestion is not None:
            suggested += 1
            (fixed,) = FAM.parse(json.dumps(dict(analysis.suggestion.puzzle)))
            assert FAM.solve(fixed, limit=2).count == 1
    assert suggested


def test_cli_round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = tmp_path / "p.txt"
    code, _, _ = run_cli(["survo", "generate", "3x4", "--seed", "2", "-o", str(puzzle)], capsys)
    assert code == 0
    code, out, _ = run_cli(["survo", "solve", str(puzzle), "--json"], capsys)
    assert code == 0 and '"unique": true' in out
    answer = tmp_path / "a.json"
    answer.write_text(out)
    code, out, _ = run_cli(["survo", "check", str(puzzle), str(answer)], capsys)
    assert code == 0 and "valid" in out
    code, out, _ = run_cli(["survo", "hint", str(puzzle)], capsys)
    # the hinted cell in people's words, holding the solution's number there
    found = re.fullmatch(r".*: (row \d+, column \d+) is (\d+): .+\n", out)
    assert code == 0 and found is not None, out
    r, c = read_cell(found.group(1))
    assert json.loads(answer.read_text())["solution"][r][c] == int(found.group(2))
    code, _, _ = run_cli(["survo", "draw", str(puzzle), "-o", str(tmp_path / "p.svg")], capsys)
    assert code == 0 and (tmp_path / "p.svg").read_text().startswith("<")


@pytest.mark.parametrize("args", [
    ["survo", "generate", "1x5"],
    ["survo", "generate", "7x6"],
    ["survo", "generate", "3by4"],
    ["survo", "generate", "3x4", "--givens", "99"],
])
def test_bad_input_is_one_line_and_exit_2(args: list[str],
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(args, capsys)
    assert code == 2
    assert_one_line_error(code, err)


def test_help_says_which_shapes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["survo", "generate", "--help"], capsys)
    assert code == 0 and "m·n ≤ 36" in out
    assert "m·n ≤ 36" in FAM.title


def test_puzzle_keeps_shape_in_json() -> None:
    p = Puzzle(2, 3, (6, 15), (5, 7, 9), (1, 0, 0, 0, 0, 0))
    assert FAM.parse(FAM.dump(p, "json")) == [p]
    assert FAM.puzzle_json(p)["width"] == 3


def test_the_shape_rule_is_in_the_help_texts() -> None:
    """What ``--help`` prints for ``generate``'s shape, and the family's title."""
    assert "m·n ≤ 36" in FAM.title
    assert "m·n ≤ 36" in FAM.generate_params[0].help
