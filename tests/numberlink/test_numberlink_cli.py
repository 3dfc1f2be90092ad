"""The numberlink command line: solve, check, convert, exit codes, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from numpuzzles.cli.main import main
from numpuzzles.numberlink import formats
from numpuzzles.numberlink.check import check
from numpuzzles.numberlink.model import Rules

DATA = Path(__file__).resolve().parents[1] / "data" / "numberlink"
SEED = str(DATA / "seed-union-find-7x7.txt")


def test_solve_unique_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["numberlink", "solve", SEED, "--unique", "--rules", "fill-notouch"]) == 0
    out, err = capsys.readouterr()
    # the summary line goes to standard error; standard output holds the solution alone
    assert err.startswith(f"{SEED} (7x7, fill-notouch): unique (")
    assert out.startswith("Table to be solved:")
    assert "The solution to the above table:" in out


def test_solve_json_lines_one_per_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    oracle = str(DATA / "counting-oracle.txt")
    code = main(
        ["numberlink", "solve", oracle, "--rules", "blank", "--count", "--limit", "5", "--json"]
    )
    assert code == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["source"] for r in records] == [f"{oracle} #{i}" for i in range(1, 7)]
    puzzles = formats.parse((DATA / "counting-oracle.txt").read_text())
    assert records[0]["count"] == 1 and records[0]["complete"] is True
    assert records[5]["count"] == 4 and records[5]["complete"] is True
    assert records[4]["count"] == 5 and records[4]["complete"] is False
    for record, puzzle in zip(records, puzzles, strict=True):
        assert record["puzzle"]["rules"] == "blank" and record["status"] == "solved"
        assert "rules" not in record and "index" not in record
        solution = formats.parse_solution(json.dumps(record), puzzle, "json")
        assert check(puzzle, solution, Rules.BLANK) == []
        first, last = puzzle.endpoints()[1]
        assert record["solutions"][0]["paths"]["1"][0] == list(first)
        assert record["solutions"][0]["paths"]["1"][-1] == list(last)


def test_unsolvable_exit_1_and_unknown_exit_3(tmp_path: Path) -> None:
    walled = tmp_path / "walled.txt"
    walled.write_text("3 1\n1 -1 1\n")
    assert main(["numberlink", "solve", str(walled)]) == 1
    hard = tmp_path / "hard.txt"
    # a 50x50 board: several seconds of search for either engine, far past the limit
    puzzle = formats.parse((DATA / "ahle-inputs10.txt").read_text())[1]
    hard.write_text(formats.dump(puzzle, "ahle"))
    args = ["numberlink", "solve", str(hard), "--rules", "fill-notouch", "--timeout", "0.001"]
    assert main(args) == 3


def test_check_valid_and_invalid(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["numberlink", "check", SEED, SEED, "--rules", "fill-notouch"]) == 0
    assert capsys.readouterr().out.strip() == f"{SEED}: valid (7x7, fill-notouch)"
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("1.\n1.\n")
    solution = tmp_path / "s.txt"
    solution.write_text("1.\n1.\n")
    assert main(["numberlink", "check", str(puzzle), str(solution), "--rules", "blank"]) == 0
    assert capsys.readouterr().out.strip() == f"{puzzle}: valid (2x2, blank)"
    assert main(["numberlink", "check", str(puzzle), str(solution)]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"{puzzle}: invalid (2x2, fill): ")
    assert "rule 'fill' fills all" in out
    assert main(["numberlink", "check", str(puzzle), "--solution", str(solution), "--json"]) == 1
    record = json.loads(capsys.readouterr().out)
    assert record["valid"] is False and record["puzzle"]["rules"] == "fill"
    assert {v["rule"] for v in record["violations"]} == {"fill"}


def test_convert_round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = str(DATA / "ahle-inputs2.txt")
    target = tmp_path / "out.json"
    assert main(["numberlink", "convert", source, "--to", "json", "-o", str(target)]) == 0
    original = formats.parse((DATA / "ahle-inputs2.txt").read_text())
    assert formats.parse(target.read_text()) == original
    assert main(["numberlink", "convert", source, "--to", "letters"]) == 0
    assert len(formats.parse(capsys.readouterr().out)) == 3


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["solve", "RAGGED"], "line 3: row has 1 cells"),
        (["solve", "/no/such/file"], "no such file"),
        (["solve", SEED, "--rules", "nope"], "Invalid value"),
        (["solve", SEED, "--unique", "--count"], "no --count or --limit with it"),
        (["convert", SEED, "--to", "ahle"], "cannot express blocked cells"),
        (["convert", str(DATA / "ahle-inputs2.txt"), "--to", "adc"], "one puzzle per file"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    ragged = tmp_path / "ragged.txt"
    ragged.write_text("2 2\n1.\n1\n")
    argv = ["numberlink", *(str(ragged) if a == "RAGGED" else a for a in args)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err
    assert len(err.strip().splitlines()) == 1


def test_arukone_url_defaults_to_blank(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = tmp_path / "aru.txt"
    url.write_text("https://puzz.link/p?arukone/e/3/2/1g1\n")
    assert main(["numberlink", "solve", str(url)]) == 0
    assert capsys.readouterr().err.startswith(f"{url} (3x2, blank): solved (")
    assert main(["numberlink", "solve", str(url), "--rules", "fill"]) == 1


def test_check_reads_solve_json_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["numberlink", "solve", SEED, "--json", "--rules", "blank"]) == 0
    answer = tmp_path / "answer.json"
    answer.write_text(capsys.readouterr().out)
    assert main(["numberlink", "check", SEED, str(answer), "--rules", "fill-notouch"]) == 0
    assert capsys.readouterr().out.strip() == f"{SEED}: valid (7x7, fill-notouch)"


def test_engines_give_the_same_answers(capsys: pytest.CaptureFixture[str]) -> None:
    """ahle-inputs2 holds two unique boards and an impossible one (fill-notouch)."""
    source = str(DATA / "ahle-inputs2.txt")
    answers = []
    for engine in ("auto", "sat", "scan"):
        args = ["numberlink", "solve", source, "--rules", "fill-notouch", "--unique"]
        assert main([*args, "--engine", engine, "--json"]) == 1
        records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        answers.append([(r["status"], r["count"], r["unique"]) for r in records])
    assert answers[0] == answers[1] == answers[2]
    assert [a[0] for a in answers[0]] == ["solved", "solved", "unsolvable"]


def test_scan_engine_needs_fill_notouch(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["numberlink", "solve", SEED, "--engine", "scan"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "fill-notouch" in err
