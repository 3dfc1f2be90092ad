"""The ``numpuzzles fubuki`` command line: output, exit codes, prompts and bad input."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from numpuzzles.cli.main import cli, main

EXAMPLE = ["--rows", "16", "22", "7", "--cols", "11", "16", "18", "--given", "1=3"]


HEADER = re.compile(r"^(?P<name>.+) \((?P<desc>[^)]*)\): (?P<summary>.+) \(\d+\.\d{3} s\)$")
COUNT = re.compile(r"^(?P<name>.+) \((?P<desc>[^)]*)\): (?P<summary>.+)$")


def parse_solve(out: str, err: str) -> tuple[str, str, set[tuple[tuple[int, ...], ...]]]:
    """The summary line's name and summary, and the solution grids on standard output.

    The summary line, with its time, is standard error's last such line; with --count the
    count is the answer, so it is standard output's line and no grids follow it.
    """
    headers = [m for line in err.splitlines() if (m := HEADER.match(line))]
    if headers:
        match, body = headers[-1], out
    else:
        line, _, body = out.strip().partition("\n")
        match = COUNT.match(line)
        assert match is not None, line
    blocks = [b for b in body.split("\n\n") if b.strip()]
    grids = [tuple(tuple(int(v) for v in line.split()) for line in b.splitlines())
             for b in blocks]
    assert len(grids) == len(set(grids)), "a solution is printed twice"
    return match["name"], match["summary"], set(grids)


def run(args: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    runner = CliRunner()
    result = runner.invoke(cli, args, input=stdin, standalone_mode=False, catch_exceptions=False)
    code = result.return_value if isinstance(result.return_value, int) else result.exit_code
    return code, result.stdout, result.stderr


def test_original_example_output() -> None:
    code, out, err = run(["fubuki", "solve", *EXAMPLE])
    assert code == 0
    name, summary, grids = parse_solve(out, err)
    assert (name, summary) == ("puzzle", "4 solutions")
    assert err.startswith("puzzle (3x3): 4 solutions (")
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
    assert obj["unique"] is False and obj["status"] == "solved"
    assert len(obj["solutions"]) == 4 and obj["solution"] == obj["solutions"][0]
    assert obj["puzzle"]["rows"] == [16, 22, 7] and obj["puzzle"]["cols"] == [11, 16, 18]
    code, out, err = run(["fubuki", "solve", *EXAMPLE, "--count"])
    assert code == 0
    assert parse_solve(out, err) == ("puzzle", "4 solutions", set())
    code, out, _ = run(["fubuki", "solve", *EXAMPLE, "--limit", "1", "--json"])
    obj = json.loads(out)
    assert obj["count"] == 1 and obj["complete"] is False and obj["unique"] is None
    code, out, err = run(["fubuki", "solve", *EXAMPLE, "--limit", "2"])
    _, summary, grids = parse_solve(out, err)
    assert code == 0 and summary == "at least 2 solutions (stopped at --limit)"
    assert len(grids) == 2
    code, out, err = run(["fubuki", "solve", *EXAMPLE, "--unique"])
    _, summary, grids = parse_solve(out, err)
    assert code == 0 and summary.startswith("not unique: the first two solutions differ")


def test_no_solution_exits_1() -> None:
    code, out, err = run(["fubuki", "solve", "--rows", "12", "15", "18", "--cols", "12", "15",
                          "18", "--given", "1=9"])
    assert code == 1
    assert parse_solve(out, err) == ("puzzle", "no solution", set())


def test_timeout_exits_3() -> None:
    code, out, err = run(["fubuki", "solve", "--size", "5", "--rows", "65", "65", "65", "65",
                          "65", "--cols", "65", "65", "65", "65", "65", "--timeout", "0.05",
                          "--count"])
    assert code == 3
    _, summary, grids = parse_solve(out, err)
    assert summary.startswith("at least ") and "time limit" in summary and not grids


def test_files_and_stdin(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text("3 . . 16\n. . . 22\n. . . 7\n11 16 18\n\n3 5 . 16\n. . . 22\n. . . 7\n"
                    "11 16 18\n")
    code, out, _ = run(["fubuki", "solve", str(path), "--json"])
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [o["count"] for o in lines] == [4, 2]
    assert [o["source"] for o in lines] == [f"{path} #1", f"{path} #2"]
    code, out, _ = run(["fubuki", "solve", "-", "--count"], stdin=path.read_text())
    counts = out.strip().splitlines()  # the counts are the answers: one line a puzzle
    assert code == 0 and [parse_solve(line, "") for line in counts] == [
        ("stdin #1", "4 solutions", set()), ("stdin #2", "2 solutions", set())]


def test_prompts_like_the_original_and_asks_again() -> None:
    answers = "\n".join(["1", "3", "16", "22", "seven", "7", "11", "16", "18"]) + "\n"
    code, out, err = run(["fubuki", "solve", "--interactive"], stdin=answers)
    assert code == 0
    _, summary, grids = parse_solve(out, err)
    assert summary == "4 solutions" and len(grids) == 4
    assert "R1" in err and "C3" in err


def test_generate_is_reproducible_and_solvable(tmp_path: Path) -> None:
    code, first, _ = run(["fubuki", "generate", "--seed", "9", "--size", "4"])
    _, again, _ = run(["fubuki", "generate", "--seed", "9", "--size", "4"])
    assert code == 0 and first == again
    assert first.startswith("# ID: fubuki:4x4#9  difficulty: ")
    path = tmp_path / "g.txt"
    path.write_text(first)
    code, out, err = run(["fubuki", "solve", str(path), "--count"])
    assert code == 0 and parse_solve(out, err) == (str(path), "1 solution", set())
    code, out, _ = run(["fubuki", "generate", "--seed", "2", "--count", "3", "--json"])
    objs = [json.loads(line) for line in out.splitlines()]
    assert [o["seed"] for o in objs] == [2, 3, 4]


def test_generate_writes_output_file(tmp_path: Path) -> None:
    path = tmp_path / "out.txt"
    code, out, _ = run(["fubuki", "generate", "--seed", "1", "-o", str(path)])
    assert code == 0 and out == ""
    assert path.read_text().startswith("# ID: fubuki:3x3#1  difficulty: ")


def test_check_names_violated_totals() -> None:
    code, out, _ = run(["fubuki", "check", *EXAMPLE, "--solution", "3 5 8/7 9 6/1 2 4"])
    assert (code, out.strip()) == (0, "puzzle: valid (3x3)")
    code, out, _ = run(["fubuki", "check", *EXAMPLE, "3 5 8/7 9 6/1 2 4"])
    assert (code, out.strip()) == (0, "puzzle: valid (3x3)")
    code, out, _ = run(["fubuki", "check", *EXAMPLE, "--solution", "3 5 8/7 9 6/1 4 2"])
    assert code == 1
    assert out.startswith("puzzle: invalid (3x3): ")
    assert "column 2 total is 18, should be 16" in out
    assert "column 3 total is 16, should be 18" in out
    code, out, _ = run(["fubuki", "check", *EXAMPLE, "--solution", "3 5 8/7 9 6/1 4 2",
                        "--json"])
    obj = json.loads(out)
    assert code == 1 and obj["valid"] is False
    assert [v["message"] for v in obj["violations"]] == [
        "column 2 total is 18, should be 16", "column 3 total is 16, should be 18"]


def test_hint() -> None:
    code, out, _ = run(["fubuki", "hint", "--rows", "16", "22", "7", "--cols", "11", "16", "18",
                        "--given", "1=3", "--given", "2=5"])
    assert code == 0
    assert out.startswith("puzzle: row 1, column 3 is 8: ")
    code, out, _ = run(["fubuki", "hint", "--rows", "16", "22", "7", "--cols", "11", "16", "18",
                        "--given", "1=3", "--given", "2=5", "--json"])
    obj = json.loads(out)
    assert code == 0 and obj["status"] == "solved"
    assert (obj["hint"]["position"], obj["hint"]["value"]) == (3, 8)
    assert obj["hint"]["message"].startswith("row 1, column 3 is 8: ")


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
        ["fubuki", "check", *EXAMPLE, "--solution", "1 2/3 4"],
        ["fubuki", "check", *EXAMPLE, "--filling", "3 5 8/7 9 6/1 2 4"],
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


def test_convert_round_trip(tmp_path: Path) -> None:
    text = tmp_path / "p.txt"
    text.write_text(" 3  .  .  16\n .  .  .  22\n .  .  .  7\n11 16 18\n\n"
                    " 3  5  .  16\n .  .  .  22\n .  .  .  7\n11 16 18\n")
    target = tmp_path / "p.json"
    code, out, _ = run(["fubuki", "convert", str(text), "--to", "json", "-o", str(target)])
    assert (code, out) == (0, "")
    objs = [json.loads(line) for line in target.read_text().splitlines()]
    assert [o["givens"][0] for o in objs] == [[3, 0, 0], [3, 5, 0]]
    assert all(o["rows"] == [16, 22, 7] and o["cols"] == [11, 16, 18] for o in objs)
    code, out, _ = run(["fubuki", "convert", str(target), "--to", "text"])
    assert (code, out) == (0, text.read_text())
    # the puzzle read back is the same puzzle: same solution counts
    code, out, _ = run(["fubuki", "solve", str(target), "--json"])
    assert code == 0 and [json.loads(line)["count"] for line in out.splitlines()] == [4, 2]
    # a puzzle given by options converts too
    code, out, _ = run(["fubuki", "convert", *EXAMPLE, "--to", "json"])
    assert code == 0 and json.loads(out) == objs[0]


def test_convert_keeps_variants() -> None:
    code, first, _ = run(["fubuki", "generate", "--seed", "3", "--size", "4", "--product"])
    assert code == 0
    code, as_json, _ = run(["fubuki", "convert", "-", "--to", "json"], stdin=first)
    obj = json.loads(as_json)
    assert code == 0 and obj["product"] is True and obj["size"] == 4
    code, back, _ = run(["fubuki", "convert", "-", "--to", "text"], stdin=as_json)
    code2, again, _ = run(["fubuki", "convert", "-", "--to", "json"], stdin=back)
    assert (code, code2) == (0, 0) and json.loads(again) == obj
