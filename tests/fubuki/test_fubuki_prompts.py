"""The Fubuki prompts answer a wrong entry with one sentence saying what to type, and ask
again (through click's CliRunner, with the answers as standard input)."""

from __future__ import annotations

from click.testing import CliRunner

from numpuzzles.cli.main import cli

# the example of the original: 3 in the first cell, rows 16 22 7, columns 11 16 18
GOOD = ["1", "3", "16", "22", "7", "11", "16", "18"]


def _solve(answers: list[str]) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["fubuki", "solve", "--interactive"],
                                input="\n".join(answers) + "\n")
    return result.exit_code, result.output


def test_letters_are_answered_with_what_to_type() -> None:
    code, output = _solve(["abc", *GOOD])
    assert code == 0, output
    assert "Please type a whole number from 1 to 9." in output
    assert "valid integer" not in output and "Error" not in output
    assert output.count("Position of the given cell (1-9)") == 2  # asked again


def test_out_of_range_and_odd_answers_name_the_range() -> None:
    code, output = _solve(["1", "10", "-3", "3.5", "3", "0", "16", "22", "7", "11", "16", "18"])
    assert code == 0, output
    assert output.count("Please type a whole number from 1 to 9.") == 3  # 10, -3, 3.5
    assert "Please type a whole number from 1 to 1,000,000,000." in output  # R1 = 0
    assert "not in the range" not in output


def test_spaces_around_a_number_are_fine() -> None:
    code, output = _solve([f" {a} " for a in GOOD])
    assert code == 0 and "Please type" not in output
