"""``numpuzzles batch``: the family's options, the summary line, resume, stats, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import assert_one_line_error, run_cli, validate_record
from numpuzzles.cli.main import main
from numpuzzles.families import family


def test_batch_writes_checked_records_and_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "nl.jsonl"
    args = ["batch", "numberlink", "--count", "8", "--size", "6x6", "--workers", "2",
            "--seed", "3", "-o", str(out)]
    code, stdout, err = run_cli(args, capsys)
    assert code == 0, err
    assert stdout == ""
    assert len(err.strip().splitlines()) == 1  # no terminal: one summary line
    assert "8 of 8 puzzles" in err
    fam = family("numberlink")
    lines = out.read_text().splitlines()
    assert len(lines) == 8
    for line in lines:
        record = json.loads(line)
        validate_record(record)
        assert record["params"]["size"] == "6x6"
        (puzzle,) = fam.parse(json.dumps(record["puzzle"]), "json")
        solution = fam.parse_solution(json.dumps(record["solution"]), puzzle)
        assert fam.check(puzzle, solution) == []
    code, _, err = run_cli(args, capsys)
    assert code == 0
    assert "0 made" in err and "8 were already there" in err
    assert out.read_text().splitlines() == lines


def test_stats_and_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "nl.jsonl"
    assert main(["batch", "numberlink", "--count", "6", "--size", "5x5", "--workers", "1",
                 "-o", str(out)]) == 0
    with out.open("a") as handle:  # a second copy of a puzzle, and a torn line
        handle.write(out.read_text().splitlines()[0] + "\n" + '{"id": "numb')
    capsys.readouterr()
    png = tmp_path / "hist.png"
    code, stdout, err = run_cli(["batch", "stats", str(out), "--plot", str(png)], capsys)
    assert code == 0, err
    assert "puzzles: 7" in stdout
    assert "duplicates up to symmetry and relabelling: 1" in stdout
    assert "torn last line" in stdout
    assert "clue density (pairs per cell)" in stdout
    assert "generation ms: p50" in stdout
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    "args",
    [
        ["batch", "nosuch", "--count", "3", "-o", "{out}"],
        ["batch", "fubuki", "--count", "0", "-o", "{out}"],
        ["batch", "fubuki", "--count", "3", "--size", "99", "-o", "{out}"],
        ["batch", "fubuki", "--count", "3", "--workers", "0", "-o", "{out}"],
        ["batch", "fubuki", "--count", "3"],
        ["batch", "fubuki", "--count", "3", "-o", "{missing}"],
        ["batch", "fubuki", "--count", "3", "-o", "{junk}"],
        ["batch", "stats", "{junk}"],
        ["batch", "stats", "{missing}"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    junk = tmp_path / "junk.jsonl"
    junk.write_text("not json\n")
    paths = {"out": str(tmp_path / "out.jsonl"), "junk": str(junk),
             "missing": str(tmp_path / "no" / "such.jsonl")}
    code, _, err = run_cli([a.format(**paths) for a in args], capsys)
    assert_one_line_error(code, err, says_error=False)
    assert junk.read_text() == "not json\n"
    assert not (tmp_path / "out.jsonl").exists() or (tmp_path / "out.jsonl").read_text() == ""


def test_help_lists_the_families_and_stats(capsys: pytest.CaptureFixture[str]) -> None:
    code, stdout, _ = run_cli(["batch", "--help"], capsys)
    assert code == 0
    for name in ("fubuki", "numberlink", "stats"):
        assert name in stdout
    code, stdout, _ = run_cli(["batch", "numberlink", "--help"], capsys)
    assert "--size" in stdout and "--scheduler" in stdout


def test_stats_json_is_one_object_of_the_documented_shape(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "nl.jsonl"
    assert main(["batch", "numberlink", "--count", "6", "--size", "5x5", "--workers", "1",
                 "-o", str(out)]) == 0
    records = [json.loads(line) for line in out.read_text().splitlines()]
    with out.open("a") as handle:  # a second copy of a puzzle, and a torn line
        handle.write(json.dumps(records[0]) + "\n" + '{"id": "numb')
    capsys.readouterr()
    code, stdout, err = run_cli(["batch", "stats", "--json", str(out)], capsys)
    assert code == 0, err
    assert len(stdout.strip().splitlines()) == 1
    summary = json.loads(stdout)
    assert set(summary) == {"puzzles", "torn", "families", "sizes", "difficulty",
                            "generation_ms", "duplicates", "repeated_ids", "clue_density"}
    records.append(records[0])
    assert summary["puzzles"] == len(records) == 7
    assert summary["torn"] == 1
    assert summary["families"] == {"numberlink": 7}
    assert summary["sizes"] == {"numberlink 5x5": 7}
    grades: dict[str, int] = {}
    for record in records:
        grades[record["difficulty"]] = grades.get(record["difficulty"], 0) + 1
    assert summary["difficulty"] == grades
    assert summary["duplicates"] == 1 and summary["repeated_ids"] == 1
    times = summary["generation_ms"]
    assert set(times) == {"p50", "p90", "p99", "max", "mean"}
    assert times["max"] == pytest.approx(1000 * max(r["seconds"] for r in records), abs=1e-3)
    assert min(r["seconds"] for r in records) * 1000 <= times["p50"] <= times["p90"] \
        <= times["p99"] <= times["max"]
    pairs = [len({v for row in r["puzzle"]["grid"] for v in row if v > 0}) / 25 for r in records]
    density = summary["clue_density"]
    assert density["min"] == pytest.approx(min(pairs))
    assert density["max"] == pytest.approx(max(pairs))
    assert min(pairs) <= density["median"] <= max(pairs)


def test_stats_json_of_a_fubuki_file_has_no_density(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "fb.jsonl"
    assert main(["batch", "fubuki", "--count", "3", "--size", "3", "--workers", "1",
                 "-o", str(out)]) == 0
    capsys.readouterr()
    code, stdout, _ = run_cli(["batch", "stats", "--json", str(out)], capsys)
    summary = json.loads(stdout)
    assert code == 0 and summary["puzzles"] == 3 and summary["clue_density"] is None
    assert summary["torn"] == 0 and summary["duplicates"] == 0


def test_the_terminal_bar_counts_this_runs_puzzles(capsys: pytest.CaptureFixture[str]) -> None:
    from numpuzzles.batch.loops import Progress
    from numpuzzles.cli.batch import _Bar

    bar = _Bar()
    state = Progress(total=10, done=4, resumed=4)
    bar(state)  # the engine's first report: 4 lines found in the file
    state.done = 7
    bar(state)
    inner = bar._bar
    assert (inner.length, inner.pos) == (6, 3)
    assert "4 already in the file" in inner.label
    assert bar._rate(None) is not None and bar._rate(None).endswith("/s")
    bar.close()
    finished = _Bar()
    finished(Progress(total=5, done=5, resumed=5))  # nothing to do: no bar at all
    assert finished._bar is None
    finished.close()
