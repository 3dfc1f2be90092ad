"""What one verb writes, every other verb reads: for every family, format and verb, through
the real command line (issue 25, point 1).

The chains: ``generate -o`` then ``solve -o`` then ``check`` (standard output and ``-o``
hold the solution alone; the summary line goes to standard error); ``generate --json``
records, whose seeds have 19 digits, read by ``solve``, ``check``, ``convert``, ``hint``
and ``draw``; ``batch`` files read by the same verbs, record by record; ``convert`` to
every format and back.  The verdicts come from ``check``, the independent checker, and
from the generator's own solution, never from the output of the step under test alone.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import assert_one_line_error, run_cli
from numpuzzles.core.errors import PuzzleFormatError
from numpuzzles.core.records import dumps_json
from numpuzzles.families import NAMES, family
from numpuzzles.numberlink import formats as nl_formats
from numpuzzles.numberlink.model import Puzzle as NlPuzzle

SMALL: dict[str, list[str]] = {
    "fubuki": ["--size", "3"],
    "nummatch": [],
    "numberlink": ["5x5"],
    "arukone": ["5"],
    "survo": ["3x4"],
}
"""Generation options of a small puzzle of each family, so a chain runs in milliseconds."""

BATCH: dict[str, list[str]] = {
    "fubuki": ["--size", "3"],
    "nummatch": [],
    "numberlink": ["--size", "5x5"],
    "arukone": ["--n", "5"],
    "survo": ["--shape", "3x4"],
}

SEED = str(2**63 - 25)
"""A seed of 19 digits, as every batch seed nearly is: more than a puzzle number may hold."""

UNIQUE = {"fubuki", "numberlink", "survo"}
"""Families whose generator proves its puzzle unique: there, the solver must find the very
solution the generator built."""

CHAINS = [(name, fmt) for name in NAMES for fmt in family(name).formats]
"""Every family with every format it reads and writes.  (A puzz.link URL holds no
solution: ``solve --to puzzlink`` writes the letters grid, which ``check`` reads too.)"""


def _cli(args: list[Any], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code, out, err = run_cli([str(a) for a in args], capsys)
    return int(code), str(out), str(err)


def _generated(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A generated puzzle's ``--json`` record in a file of its own."""
    path = tmp_path / f"{name}.jsonl"
    code, out, _ = _cli([name, "generate", *SMALL[name], "--seed", SEED, "--json", "-o", path],
                        capsys)
    assert code == 0 and out == ""
    return path


def _records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


@pytest.mark.parametrize(("name", "fmt"), CHAINS)
def test_generate_solve_check_in_every_format(
    name: str, fmt: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle, answer = tmp_path / f"p.{fmt}", tmp_path / f"s.{fmt}"
    code, out, _ = _cli([name, "generate", *SMALL[name], "--seed", SEED, "--to", fmt,
                         "-o", puzzle], capsys)
    assert code == 0 and out == ""
    code, out, err = _cli([name, "solve", puzzle, "--to", fmt, "-o", answer], capsys)
    assert code == 0
    assert out == "", "with -o nothing is left for standard output"
    assert err.startswith(f"{puzzle} (") and err.count("\n") == 1, err  # the summary line
    code, out, err = _cli([name, "check", puzzle, answer], capsys)
    assert code == 0 and out.startswith(f"{puzzle}: valid ("), out + err
    # standard output without -o holds exactly what -o wrote, so a pipe works as well
    code, piped, _ = _cli([name, "solve", puzzle, "--to", fmt], capsys)
    assert code == 0 and piped == answer.read_text()


@pytest.mark.parametrize(("name", "fmt"), CHAINS)
def test_generate_several_reads_back_as_several(
    name: str, fmt: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = [name, "generate", *SMALL[name], "--seed", SEED, "--count", "2"]
    code, out, _ = _cli([*args, "--json"], capsys)
    expected = [json.loads(line)["puzzle"] for line in out.splitlines()]
    assert code == 0 and len(expected) == 2
    path = tmp_path / f"g.{fmt}"
    code, _, err = _cli([*args, "--to", fmt, "-o", path], capsys)
    if fmt == "adc":  # one puzzle a file: refused before anything is written
        assert_one_line_error(code, err)
        assert not path.exists()
        return
    assert code == 0, err
    code, out, err = _cli([name, "convert", path, "--to", "json"], capsys)
    assert code == 0 and [json.loads(line) for line in out.splitlines()] == expected, err
    # a file of several puzzles: solve -o, then check pairs each answer with its puzzle
    answer = tmp_path / f"s.{fmt}"
    code, out, err = _cli([name, "solve", path, "--to", fmt, "-o", answer], capsys)
    assert code == 0 and out == "", err
    code, out, err = _cli([name, "check", path, answer], capsys)
    assert code == 0, out + err
    assert out.splitlines() == [f"{path} #{i}: valid ({line.split('(', 1)[1]}"
                                for i, line in enumerate(out.splitlines(), 1)]
    # the answers swapped: each is then held to the other puzzle, and refused
    first, second = answer.read_text().split("\n# solutions of ")
    swapped = tmp_path / f"swapped.{fmt}"
    swapped.write_text("# solutions of " + second.rstrip("\n") + "\n\n" + first)
    code, out, err = _cli([name, "check", path, swapped], capsys)
    assert code in (1, 2) and "valid (" not in out.replace("invalid (", ""), out + err


@pytest.mark.parametrize(("name", "fmt"), CHAINS)
def test_generate_with_its_solution_still_reads_back_as_the_puzzle(
    name: str, fmt: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (made,) = _records(_generated(name, tmp_path, capsys))
    path, answer = tmp_path / f"g.{fmt}", tmp_path / "answer.txt"
    code, _, said = _cli([name, "generate", *SMALL[name], "--seed", SEED, "--to", fmt,
                          "--solution", "-o", path], capsys)
    assert code == 0, said
    code, out, err = _cli([name, "convert", path, "--to", "json"], capsys)
    assert code == 0 and json.loads(out) == made["puzzle"], err
    # the solution was given, and it is this puzzle's: in comment lines, in the table
    # format's second table, or (formats without comments) on standard error after the ID
    text = path.read_text()
    if "# solution:" in text:
        tail = text.split("# solution:\n", 1)[1]
        answer.write_text("".join(line[2:] + "\n" for line in tail.splitlines()))
    elif fmt in family(name).comment_formats:
        answer.write_text(text)
    else:
        assert said.startswith("ID: ")
        answer.write_text(said.split("\n", 1)[1])
    code, out, err = _cli([name, "check", path, answer], capsys)
    assert code == 0 and ": valid (" in out, out + err


@pytest.mark.parametrize("name", NAMES)
def test_solve_in_the_default_format_is_read_by_check(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The user's chain: ``generate -o p; solve p -o s; check p s`` with no format named."""
    puzzle, answer = tmp_path / "p.txt", tmp_path / "s.txt"
    assert _cli([name, "generate", *SMALL[name], "--seed", SEED, "-o", puzzle], capsys)[0] == 0
    assert _cli([name, "solve", puzzle, "-o", answer], capsys)[:2] == (0, "")
    code, out, err = _cli([name, "check", puzzle, answer], capsys)
    assert code == 0 and ": valid (" in out, out + err
    # the checker is not vacuous: another puzzle's solution does not pass for this one
    other, wrong = tmp_path / "q.txt", tmp_path / "w.txt"
    assert _cli([name, "generate", *SMALL[name], "--seed", "7", "-o", other], capsys)[0] == 0
    assert _cli([name, "solve", other, "-o", wrong], capsys)[0] == 0
    assert _cli([name, "check", puzzle, wrong], capsys)[0] in (1, 2)


@pytest.mark.parametrize("name", NAMES)
def test_generate_json_record_is_a_puzzle_for_every_verb(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _generated(name, tmp_path, capsys)
    (made,) = _records(path)
    assert made["seed"] == int(SEED) and len(SEED) == 19
    # solve: the very puzzle, solved
    code, out, err = _cli([name, "solve", path, "--json"], capsys)
    assert code == 0, err
    (solved,) = [json.loads(line) for line in out.splitlines()]
    assert solved["puzzle"] == made["puzzle"] and solved["status"] == "solved"
    if name == "numberlink":  # the same cells; a path may be walked from either end
        assert solved["solution"]["grid"] == made["solution"]["grid"]
    elif name in UNIQUE:
        assert solved["solution"] == made["solution"]
    # check: the record also holds the generator's solution, which must pass
    code, out, err = _cli([name, "check", path, path], capsys)
    assert code == 0 and out.startswith(f"{path}: valid ("), out + err
    # convert: the same puzzle back
    code, out, err = _cli([name, "convert", path, "--to", "json"], capsys)
    assert code == 0 and json.loads(out) == made["puzzle"], err
    # hint and draw read it too
    code, out, err = _cli([name, "hint", path], capsys)
    assert code == 0 and out.startswith(f"{path}: "), err
    code, out, err = _cli([name, "draw", path], capsys)
    assert code == 0 and out.count("<svg") == 1, err


@pytest.mark.parametrize("name", NAMES)
def test_a_batch_file_is_read_record_by_record(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    batch = tmp_path / "b.jsonl"
    code, _, err = _cli(["batch", name, *BATCH[name], "--count", "3", "--workers", "1",
                         "-o", batch], capsys)
    assert code == 0, err
    made = _records(batch)
    assert len(made) == 3
    assert max(r["seed"] for r in made) >= 10**18  # the seeds the reader used to refuse
    # solve answers every record, in order, whatever its seed
    answers = tmp_path / "s.jsonl"
    code, out, err = _cli([name, "solve", batch, "--json", "-o", answers], capsys)
    assert code == 0 and out == "", err
    solved = _records(answers)
    assert [s["puzzle"] for s in solved] == [m["puzzle"] for m in made]
    assert [s["source"] for s in solved] == [f"{batch} #{i}" for i in (1, 2, 3)]
    # check pairs puzzle i with answer line i
    code, out, err = _cli([name, "check", batch, answers], capsys)
    assert code == 0, out + err
    assert [line.split(": ")[1][:5] for line in out.splitlines()] == ["valid"] * 3
    # and the text answers: one puzzle's, checked against its record
    single = tmp_path / "one.jsonl"
    single.write_text(batch.read_text().splitlines()[1] + "\n")
    text = tmp_path / "one.txt"
    assert _cli([name, "solve", single, "-o", text], capsys)[:2] == (0, "")
    assert _cli([name, "check", single, text], capsys)[0] == 0
    # hint, draw and convert take every record
    code, out, _ = _cli([name, "hint", batch], capsys)
    assert code == 0 and len(out.splitlines()) == 3
    code, out, _ = _cli([name, "draw", batch], capsys)
    assert code == 0 and out.count("<svg") == 3
    code, out, _ = _cli([name, "convert", batch, "--to", "json"], capsys)
    assert code == 0 and [json.loads(line) for line in out.splitlines()] == [
        m["puzzle"] for m in made]


def test_check_refuses_answers_that_do_not_pair_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    batch = tmp_path / "b.jsonl"
    assert _cli(["batch", "fubuki", "--count", "3", "--workers", "1", "-o", batch], capsys)[0] == 0
    answers = tmp_path / "s.jsonl"
    assert _cli(["fubuki", "solve", batch, "--json", "-o", answers], capsys)[0] == 0
    two = tmp_path / "two.jsonl"
    two.write_text("".join(answers.read_text().splitlines(keepends=True)[:2]))
    code, _, err = _cli(["fubuki", "check", batch, two], capsys)
    assert_one_line_error(code, err)
    assert "3 puzzles and 2 JSON solution lines" in err


@pytest.mark.parametrize(("name", "fmt"), CHAINS)
def test_convert_to_every_format_and_back(
    name: str, fmt: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _generated(name, tmp_path, capsys)
    (made,) = _records(path)
    there, back = tmp_path / f"there.{fmt}", tmp_path / "back.json"
    assert _cli([name, "convert", path, "--to", fmt, "-o", there], capsys)[:2] == (0, "")
    assert _cli([name, "convert", there, "--to", "json", "-o", back], capsys)[:2] == (0, "")
    assert json.loads(back.read_text()) == made["puzzle"]
    # and the text itself comes back: converting the way back once more changes nothing
    code, again, _ = _cli([name, "convert", back, "--to", fmt], capsys)
    assert code == 0 and again == there.read_text()


@pytest.mark.parametrize(("name", "fmt"), CHAINS)
def test_convert_a_batch_to_every_format_and_back(
    name: str, fmt: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    batch = tmp_path / "b.jsonl"
    assert _cli(["batch", name, *BATCH[name], "--count", "2", "--workers", "1", "-o", batch],
                capsys)[0] == 0
    there = tmp_path / f"there.{fmt}"
    code, _, err = _cli([name, "convert", batch, "--to", fmt, "-o", there], capsys)
    if fmt == "adc":  # the format holds one puzzle a file, and says so
        assert_one_line_error(code, err)
        assert not there.exists()
        return
    assert code == 0, err
    code, out, _ = _cli([name, "convert", there, "--to", "json"], capsys)
    assert code == 0
    assert [json.loads(line) for line in out.splitlines()] == [r["puzzle"] for r in
                                                              _records(batch)]


@pytest.mark.parametrize("verb", ["solve", "convert", "draw"])
def test_output_never_replaces_an_input(
    verb: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle = tmp_path / "p.txt"
    assert _cli(["fubuki", "generate", "--seed", "3", "-o", puzzle], capsys)[0] == 0
    before = puzzle.read_text()
    extra = ["--to", "json"] if verb == "convert" else []
    code, _, err = _cli(["fubuki", verb, puzzle, *extra, "-o", tmp_path / "." / "p.txt"], capsys)
    assert_one_line_error(code, err)
    assert puzzle.read_text() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.txt"]  # no temporary left


# --- the readers' invariants ------------------------------------------------------------

_MADE: dict[str, Any] = {}


def _made(name: str) -> Any:
    """One generated puzzle of the family (made once: hypothesis calls this many times)."""
    if name not in _MADE:
        fam = family(name)
        params: dict[str, dict[str, Any]] = {
            "fubuki": {"size": 3}, "nummatch": {}, "numberlink": {"size": "5x5"},
            "arukone": {"n": 5}, "survo": {"shape": "3x4"}}
        _MADE[name] = fam.generate(params[name], 1)
    return _MADE[name]


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1), count=st.integers(0, 10**60))
def test_any_record_reads_back_as_its_puzzle(name: str, seed: int, count: int) -> None:
    """A record's seed (up to 2**63-1) and count (unbounded) are not puzzle numbers: the
    record is its puzzle whatever they are, as one line, in JSON Lines and in an array."""
    fam, item = family(name), _made(name)
    record = {"id": f"{name}:x#{seed}", "family": name, "seed": seed, "count": count,
              "puzzle": fam.puzzle_json(item.puzzle),
              "solution": fam.solution_json(item.puzzle, item.solution)}
    line = dumps_json(record)
    assert fam.parse(line) == [item.puzzle]
    assert fam.parse(line + "\n" + line + "\n") == [item.puzzle] * 2
    assert fam.parse("[" + line + "]") == [item.puzzle]
    assert fam.check(item.puzzle, fam.parse_solution(line, item.puzzle)) == []


@pytest.mark.parametrize("name", NAMES)
@given(digits=st.integers(19, 200))
@settings(max_examples=20, deadline=None)
def test_a_long_number_inside_the_puzzle_is_still_refused(name: str, digits: int) -> None:
    """The bound still holds where a reader takes numbers: the puzzle itself."""
    fam, item = family(name), _made(name)
    shape = fam.puzzle_json(item.puzzle)
    key = "size" if name == "fubuki" else "width"
    shape[key] = int("9" * digits)
    with pytest.raises(PuzzleFormatError, match="more than 18 digits"):
        fam.parse(dumps_json({"seed": 1, "puzzle": shape}))
    with pytest.raises(PuzzleFormatError, match="more than 18 digits"):
        fam.parse(dumps_json(shape))


@st.composite
def _unnamed_puzzles(draw: st.DrawFn) -> NlPuzzle:
    """Puzzles as this package makes them: labels 1..k, no names, no blocked cells."""
    side = draw(st.integers(2, 7))
    cells = side * side
    pairs = draw(st.integers(1, min(cells // 2, 14)))
    order = draw(st.permutations(range(cells)))
    grid = [0] * cells
    for label in range(1, pairs + 1):
        grid[order[2 * label - 2]] = grid[order[2 * label - 1]] = label
    return NlPuzzle(side, side, tuple(grid))


@pytest.mark.parametrize("fmt", nl_formats.FORMATS)
@settings(max_examples=60, deadline=None)
@given(puzzle=_unnamed_puzzles())
def test_numberlink_formats_give_back_the_puzzle_itself(fmt: str, puzzle: NlPuzzle) -> None:
    """Every format, the character ones too, reads back the labels it was written with
    (not renumbered in order of appearance), so converting on keeps the numbers."""
    assert nl_formats.parse(nl_formats.dump(puzzle, fmt), fmt) == [puzzle]
    assert nl_formats.parse(nl_formats.dump(puzzle, fmt)) == [puzzle]  # sniffed
