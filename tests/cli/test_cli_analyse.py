"""``numpuzzles FAMILY analyse``: the lines for a person, the --json record, exit codes.

The expected counts and common grids come from the tests' brute force
(``fubuki_oracle``), not from the package; every --json record is also checked against
the record schema (``conftest.py``).
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from conftest import assert_one_line_error, run_cli
from fubuki.fubuki_oracle import brute_force_3x3
from numpuzzles import families
from numpuzzles.core.analysis import Analysis
from numpuzzles.core.result import Status

SEVERAL = " .  .  .  12\n .  .  .  23\n .  .  .  10\n11 17 17\n"
UNIQUE = " .  .  .  12\n .  .  6  23\n .  .  .  10\n11 17 17\n"
ROWS, COLS = (12, 23, 10), (11, 17, 17)


def _oracle(givens: list[int]) -> tuple[int, list[int | None]]:
    solutions = brute_force_3x3(ROWS, COLS, givens)
    common = [col[0] if len(set(col)) == 1 else None for col in zip(*solutions, strict=True)]
    return len(solutions), common


def test_fubuki_text_shows_count_common_grid_and_suggestion(
        capsys: pytest.CaptureFixture[str]) -> None:
    count, common = _oracle([0] * 9)
    assert count > 1  # the example must have several solutions
    code, out, err = run_cli(["fubuki", "analyse", SEVERAL], capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "puzzle (3x3): not unique"
    assert lines[1] == f"count: exactly {count} solutions"
    assert lines[2] == "common:"
    grid = ["  " + " ".join("?" if v is None else str(v) for v in common[r * 3:(r + 1) * 3])
            for r in range(3)]
    assert lines[3:6] == grid
    differ = [f"r{i // 3 + 1}c{i % 3 + 1}" for i, v in enumerate(common) if v is None]
    assert lines[6] == f"differ: {len(differ)} cells: " + " ".join(differ)
    (suggestion,) = [line for line in lines if line.startswith("suggestion: ")]
    words = suggestion.split()  # suggestion: Give D in row R, column C
    digit, row, col = int(words[2]), int(words[5].rstrip(",")), int(words[7])
    givens = [0] * 9
    givens[(row - 1) * 3 + col - 1] = digit
    assert _oracle(givens)[0] == 1
    assert "analysed in" in err and "analysed" not in out


def test_fubuki_json_record(capsys: pytest.CaptureFixture[str]) -> None:
    count, common = _oracle([0] * 9)
    code, out, _ = run_cli(["fubuki", "analyse", SEVERAL, "--json"], capsys)
    assert code == 0
    record = json.loads(out)
    assert record["family"] == "fubuki" and record["source"] == "puzzle"
    assert (record["status"], record["count"], record["complete"], record["unique"]) == (
        "solved", count, True, False)
    assert [v for row in record["details"]["common"] for v in row] == common
    assert record["details"]["differ"] == [list(divmod(i, 3)) for i, v in enumerate(common)
                                           if v is None]
    assert record["details"]["common_edges"] == []
    assert record["difficulty"] is None
    suggestion = record["suggestion"]
    assert suggestion["kind"] == "add-given"
    (cell,) = suggestion["cells"]
    flat = [v for row in suggestion["puzzle"]["givens"] for v in row]
    assert flat[cell[0] * 3 + cell[1]] != 0 and sum(1 for v in flat if v) == 1
    assert _oracle(flat)[0] == 1
    # the suggestion's puzzle is a puzzle every verb reads back
    code, out, _ = run_cli(["fubuki", "solve", "--count", json.dumps(suggestion["puzzle"])],
                           capsys)
    assert code == 0 and "1 solution" in out


def test_fubuki_unique_is_graded(capsys: pytest.CaptureFixture[str]) -> None:
    count, common = _oracle([0, 0, 0, 0, 0, 6, 0, 0, 0])
    assert count == 1
    code, out, _ = run_cli(["fubuki", "analyse", UNIQUE], capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "puzzle (3x3): unique"
    assert lines[1] == "count: exactly 1 solution"
    assert lines[3:6] == ["  " + " ".join(str(v) for v in common[r * 3:(r + 1) * 3])
                          for r in range(3)]
    assert lines[6].startswith("difficulty: ")
    assert not any(line.startswith(("differ", "suggestion")) for line in lines)


def test_no_solution_is_analysed_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    # 3 in the corner: the totals still reach, but brute force finds no filling with it
    assert _oracle([3, 0, 0, 0, 0, 0, 0, 0, 0])[0] == 0
    text = " 3  .  .  12\n .  .  .  23\n .  .  .  10\n11 17 17\n"
    code, out, _ = run_cli(["fubuki", "analyse", text], capsys)
    assert code == 0
    assert out.splitlines() == ["puzzle (3x3): no solution", "count: exactly 0 solutions"]


def test_nothing_known_within_the_limit_exits_3(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    family = families.family("fubuki")

    def stopped(puzzle: object, *, timeout: float | None = None) -> Analysis:
        assert timeout == 0.25
        return Analysis(Status.UNKNOWN, 0, False, timed_out=True)

    monkeypatch.setattr(family, "analyse", stopped)
    code, out, _ = run_cli(["fubuki", "analyse", SEVERAL, "--timeout", "0.25"], capsys)
    assert code == 3
    assert out.splitlines() == ["puzzle (3x3): undecided: a limit stopped the search"]
    code, out, _ = run_cli(["fubuki", "analyse", SEVERAL, "--timeout", "0.25", "--json"], capsys)
    assert code == 3 and json.loads(out)["status"] == "unknown"


def test_a_time_limit_gives_at_least(capsys: pytest.CaptureFixture[str]) -> None:
    empty = "\n".join([" ".join(["."] * 5) + " 65"] * 5) + "\n" + " ".join(["65"] * 5) + "\n"
    code, out, _ = run_cli(["fubuki", "analyse", empty, "--timeout", "0.3"], capsys)
    assert code == 0
    assert out.splitlines()[1].startswith("count: at least ")


@pytest.mark.parametrize("args", [["not a puzzle"], ["--timeout", "0", SEVERAL], []])
def test_bad_input_is_one_line_and_exit_2(
        args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(["fubuki", "analyse", *args], capsys)
    assert_one_line_error(code, err, says_error=False)


def test_nummatch_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    # 1 9 / 5 5: every pair is legal at once under the original rules, so both first
    # moves keep the board clearable (by hand: 1+9 and 5+5, either first)
    code, out, _ = run_cli(["nummatch", "analyse", "19/55"], capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "puzzle (2x2, original): clearable, with no addition"
    assert "clearable: yes" in lines and "fewest additions: 0" in lines
    code, out, _ = run_cli(["nummatch", "analyse", "19/55", "--json"], capsys)
    record = json.loads(out)
    assert (record["status"], record["count"], record["complete"]) == ("solved", 1, True)
    assert record["details"]["common"] is None and record["details"]["differ"] == []
    # 1-9 (row 0), 5-5 (row 1); 1-5, 9-5 and the diagonals do not match
    assert sorted(record["details"]["good_first_moves"]) == [[0, 0, 1, 0], [0, 1, 1, 1]]
    assert record["details"]["first_moves"] == 2
    assert record["suggestion"] is None


def test_nummatch_proved_stuck_and_the_rules_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["nummatch", "analyse", "12/34"], capsys)
    assert code == 0 and out.splitlines()[0].endswith("cannot be cleared (proved)")
    code, out, _ = run_cli(["nummatch", "analyse", "--rules", "classic", "19/55"], capsys)
    assert code == 0
    assert out.splitlines()[0] == "puzzle (2x2, classic): clearable, with no addition"
    counts = Counter(line.split(":")[0] for line in out.splitlines())
    assert counts["fewest additions"] == 1
