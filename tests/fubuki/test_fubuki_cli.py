"""The ``numpuzzles fubuki`` command line: output, exit codes, prompts and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from numpuzzles.cli.main import cli, main

EXAMPLE = ["--rows", "16", "22", "7", "--cols", "11", "16", "18", "--given", "1=3"]


def run(args: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    runner = CliRunner()
    result = runner.invoke(cli, args, input=stdin, standalone_mode=False, catch_exceptions=False)
    code = result.return_value if isinstance(result.return_value, int) else result.exit_code
    return code, result.stdout, result.stderr


def test_original_example_output() -> None:
    code, out, _ = run(["fubuki", "solve", *EXAMPLE])
    assert code == 0
    blocks = out.strip().split("\n\n")
    assert blocks[-1] == "Total solution(s) are: 4"
    grids = {tuple(tuple(int(v) for v in line.split()) for line in b.splitlines())
             for b in blocks[:-1]}
    assert grids == {
        ((3, 5, 8), (7, 9, 6), (1, 2, 4)),
        ((3, 8, 5), (7, 6, 9), (1, 2, 4)),
        ((3, 5, 8), (6, 7, 9), (2, 4, 1)),
        ((3, 8, 5), (6, 7, 9), (2, 1, 4)),
    }


def test_json_count_and_limit() -> None:
    code, out, _ = run(["fubuki", "solve", *EXAMPLE, "--json"])
    obj = json.loads(out)
    assert code == 0 and obj["count"] == 4 and obj["complete"] is True
    assert [[3, 5, 8], [7, 9, 6], [1, 2, 4]] in obj["solutions"]
    code, out, _ = run(["fubuki", "solve", *EXAMPLE, "--count"])
    assert (code, out.strip()) == (0, "4")
    code, out, _ = run(["fubuki", "solve", *EXAMPLE, "--limit", "1", "--json"])
    obj = json.loads(out)
    assert obj["count"] == 1 and obj["complete"] is False


def test_no_solution_exits_1() -> None:
    code, out, _ = run(["fubuki", "solve", "--rows", "12", "15", "18", "--cols", "12", "15",
                        "18", "--given", "1=9"])
    assert code == 1
    assert out.strip() == "There is no solution"


def test_timeout_exits_3() -> None:
    code, out, _ = run(["fubuki", "solve", "--size", "5", "--rows", "65", "65", "65", "65", "65",
                        "--cols", "65", "65", "65", "65", "65", "--timeout", "0.05", "--count"])
    assert code == 3
    assert "at least" in out


def test_files_and_stdin(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text("3 . . 16\n. . . 22\n. . . 7\n11 16 18\n\n3 5 . 16\n. . . 22\n. . . 7\n"
                    "11 16 18\n")
    code, out, _ = run(["fubuki", "solve", str(path), "--json"])
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [o["count"] for o in lines] == [4, 2]
    code, out, _ = run(["fubuki", "solve", "-", "--count"], stdin=path.read_text())
    assert code == 0 and "4" in out


def test_prompts_like_the_original_and_asks_again() -> None:
    answers = "\n".join(["1", "3", "16", "22", "seven", "7", "11", "16", "18"]) + "\n"
    code, out, err = run(["fubuki", "solve", "--interactive"], stdin=answers)
    assert code == 0
    assert "Total solution(s) are: 4" in out
    assert "R1" in err and "C3" in err


def test_generate_is_reproducible_and_solvable(tmp_path: Path) -> None:
    code, first, _ = run(["fubuki", "generate", "--seed", "9", "--size", "4"])
    _, again, _ = run(["fubuki", "generate", "--seed", "9", "--size", "4"])
    assert code == 0 and first == again
    assert first.startswith("# fubuki:4x4#9")
    path = tmp_path / "g.txt"
    path.write_text(first)
    code, out, _ = run(["fubuki", "solve", str(path), "--count"])
    assert (code, out.strip()) == (0, "1")
    code, out, _ = run(["fubuki", "generate", "--seed", "2", "--count", "3", "--json"])
    objs = [json.loads(line) for line in out.splitlines()]
    assert [o["seed"] for o in objs] == [2, 3, 4]


def test_generate_writes_output_file(tmp_path: Path) -> None:
    path = tmp_path / "out.txt"
    code, out, _ = run(["fubuki", "generate", "--seed", "1", "-o", str(path)])
    assert code == 0 and out == ""
    assert path.read_text().startswith("# fubuki:3x3#1")


def test_check_names_violated_totals() -> None:
    code, out, _ = run(["fubuki", "check", *EXAMPLE, "--filling", "3 5 8/7 9 6/1 2 4"])
    assert (code, out.strip()) == (0, "valid")
    code, out, _ = run(["fubuki", "check", *EXAMPLE, "--filling", "3 5 8/7 9 6/1 4 2"])
    assert code == 1
    assert "column 2 total is 18, should be 16" in out
    assert "column 3 total is 16, should be 18" in out


def test_hint() -> None:
    code, out, _ = run(["fubuki", "hint", "--rows", "16", "22", "7", "--cols", "11", "16", "18",
                        "--given", "1=3", "--given", "2=5"])
    assert code == 0
    assert out.startswith("position 3 (row 1, column 3) is 8")


@pytest.mark.parametrize(
    "args",
    [
        ["fubuki", "solve", "--rows", "16", "22", "7", "--cols", "11", "16", "19"],
        ["fubuki", "solve", *EXAMPLE, "--given", "1=4"],
        ["fubuki", "solve", *EXAMPLE, "--given", "10=4"],
        ["fubuki", "solve", *EXAMPLE, "--given", "2=x"],
        ["fubuki", "solve", "--rows", "16", "22", "--cols", "11", "16", "18"],
        ["fubuki", "solve", "/nonexistent/file.txt"],
        ["fubuki", "solve", "--size", "7"],
        ["fubuki", "solve"],
        ["fubuki", "generate", "--givens", "99"],
        ["fubuki", "check", *EXAMPLE, "--filling", "1 2/3 4"],
        ["fubuki", "nosuchverb"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin.isatty", lambda: False, raising=False)
    code = main(args)
    captured = capsys.readouterr()
    assert code == 2
    assert len(captured.err.strip().splitlines()) == 1
    assert "error" in captured.err
    assert "Traceback" not in captured.err
