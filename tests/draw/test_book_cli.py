"""``numpuzzles book``: Arukone unique unless asked, answers of puzzles with several
solutions marked, books of a batch file's puzzles picked by difficulty and size, bad input
refused in one line, files never half written; pages read back from their SVG text."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conftest import assert_one_line_error, run_cli
from numpuzzles import families
from numpuzzles.cli.main import main

NS = "{http://www.w3.org/2000/svg}"


def page_texts(path: Path) -> list[str]:
    return [t.text or "" for t in ET.fromstring(path.read_text()).iter(f"{NS}text")]


def ids_on(path: Path, family: str) -> list[str]:
    return [t for t in page_texts(path) for t in t.split() if t.startswith(f"{family}:")]


def page_count(data: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data))


def test_same_bytes_for_a_seed(tmp_path: Path) -> None:
    first, second = tmp_path / "a.pdf", tmp_path / "b.pdf"
    for target in (first, second):
        assert main(["book", "numberlink", "6x6", "--count", "3", "--seed", "5",
                     "--per-page", "2", "-o", str(target)]) == 0
    data = first.read_bytes()
    assert data == second.read_bytes()
    assert page_count(data) == 1 + 2 + 1  # title, puzzles 2 a page, the answers
    other = tmp_path / "c.pdf"
    assert main(["book", "numberlink", "6x6", "--count", "3", "--seed", "6",
                 "--per-page", "2", "-o", str(other)]) == 0
    assert other.read_bytes() != data


def test_book_same_bytes_across_processes(tmp_path: Path) -> None:
    """Nothing process-dependent (hash seeds, font subset tags) reaches the file."""
    import os
    import subprocess
    import sys

    import numpuzzles

    source = str(Path(numpuzzles.__file__).resolve().parents[1])
    outputs = []
    for hash_seed in ("1", "2"):
        target = tmp_path / f"book{hash_seed}.pdf"
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": source}
        subprocess.run(
            [sys.executable, "-m", "numpuzzles", "book", "nummatch", "--count", "2",
             "--seed", "9", "-o", str(target)],
            env=env, check=True, capture_output=True,
        )
        outputs.append(target.read_bytes())
    assert outputs[0] == outputs[1]


def test_arukone_books_are_unique_by_default(tmp_path: Path) -> None:
    page = tmp_path / "p.svg"
    assert main(["book", "arukone", "10", "--count", "4", "--seed", "1", "-o", str(page),
                 "--page", "2"]) == 0
    family = families.family("arukone")
    ids = ids_on(page, "arukone")
    assert len(ids) == 4
    for ident in ids:
        result = family.solve(family.regenerate(ident).puzzle, limit=2)
        assert result.complete and len(result.solutions) == 1, ident


def test_answers_of_puzzles_with_several_solutions_say_so(tmp_path: Path) -> None:
    answers = tmp_path / "answers.svg"
    assert main(["book", "arukone", "8", "--count", "4", "--seed", "1", "--any-solutions",
                 "-o", str(answers), "--page", "3"]) == 0
    family = families.family("arukone")
    texts = page_texts(answers)
    assert any(t.startswith("Answers") for t in texts)
    ids = ids_on(answers, "arukone")
    assert len(ids) == 4
    several = 0
    for ident in ids:
        solutions = len(family.solve(family.regenerate(ident).puzzle, limit=2).solutions)
        following = texts[texts.index(next(t for t in texts if ident in t.split())) + 1:][:1]
        marked = following == ["one solution of several"]
        assert marked == (solutions == 2), (ident, solutions, following)
        several += marked
    assert several >= 1  # the checker-beating generator leaves most with several


def write_batch(path: Path, capsys: pytest.CaptureFixture[str], *commands: list[str]) -> list[
        dict[str, object]]:
    records = []
    for command in commands:
        code, out, _ = run_cli(command, capsys)
        assert code == 0
        records += [json.loads(line) for line in out.splitlines() if line.strip()]
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return records


def test_book_from_a_batch_file_by_difficulty_and_size(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    batch = tmp_path / "b.jsonl"
    records = write_batch(
        batch, capsys,
        ["numberlink", "generate", "6x6", "--count", "12", "--seed", "1", "--json"],
        ["numberlink", "generate", "8x8", "--count", "12", "--seed", "1", "--json"])
    grades = [str(r["difficulty"]) for r in records]
    grade = max(set(grades), key=grades.count)
    wanted = [r["id"] for r in records if r["difficulty"] == grade and
              r["params"]["size"] == "8x8"]  # type: ignore[index]
    assert wanted
    page = tmp_path / "p.svg"
    code, _, err = run_cli(["book", "numberlink", "8x8", "--from", str(batch), "--difficulty",
                            grade, "--count", "30", "-o", str(page), "--page", "2"], capsys)
    assert code == 0, err
    shown = ids_on(page, "numberlink")
    assert shown == wanted[: len(shown)] and shown
    texts = " ".join(page_texts(page))
    assert texts.count(f"difficulty: {grade}") == len(shown)
    assert f"{len(wanted)} numberlink puzzles (of 30 asked)" in err


def test_fubuki_book_from_a_batch_file_by_difficulty(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    batch = tmp_path / "f.jsonl"
    records = write_batch(batch, capsys,
                          ["fubuki", "generate", "--count", "20", "--seed", "1", "--json"])
    hard = [r["id"] for r in records if r["difficulty"] == "hard"]
    assert hard
    page = tmp_path / "p.svg"
    assert main(["book", "fubuki", "--from", str(batch), "--difficulty", "hard", "-o",
                 str(page), "--page", "2"]) == 0
    assert ids_on(page, "fubuki") == hard[:6]


def test_a_filter_that_leaves_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                      ) -> None:
    batch = tmp_path / "b.jsonl"
    write_batch(batch, capsys, ["numberlink", "generate", "6x6", "--count", "3", "--json"])
    out = tmp_path / "book.pdf"
    out.write_bytes(b"the user's own file")
    for extra in (["9x9"], ["--difficulty", "expert", "7x7"]):
        code, _, err = run_cli(["book", "numberlink", *extra, "--from", str(batch), "-o",
                                str(out)], capsys)
        assert_one_line_error(code, err)
        assert "no numberlink puzzle matches" in err
    assert out.read_bytes() == b"the user's own file"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.jsonl", "book.pdf"]


def test_arukone_file_without_unique_puzzles(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    batch = tmp_path / "a.jsonl"
    write_batch(batch, capsys, ["arukone", "generate", "8", "--count", "3", "--json"])
    code, _, err = run_cli(["book", "arukone", "--from", str(batch), "-o",
                            str(tmp_path / "a.pdf")], capsys)
    assert_one_line_error(code, err)
    assert "--any-solutions" in err
    assert main(["book", "arukone", "--from", str(batch), "--any-solutions", "-o",
                 str(tmp_path / "a.pdf")]) == 0


@pytest.mark.parametrize("lines", [
    ['{"id": 3'],
    ['{"id": "fubuki:3x3#1", "family": "numberlink", "puzzle": {}}'],
    ['[1, 2]'],
    ['{"family": "fubuki", "puzzle": {"size": 3}}'],
    ['{"id": "numberlink:6x6,fill#1", "family": "numberlink", "params": {"size": "6x6"}}'],
])
def test_bad_batch_files_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                 lines: list[str]) -> None:
    batch = tmp_path / "bad.jsonl"
    batch.write_text("\n".join(lines) + "\n")
    code, _, err = run_cli(["book", "fubuki", "--from", str(batch), "-o",
                            str(tmp_path / "b.pdf")], capsys)
    assert_one_line_error(code, err)
    assert "bad.jsonl" in err


@pytest.mark.parametrize("args", [
    ["book", "fubuki", "--count", "1", "-o", "b.txt"],
    ["book", "fubuki", "--count", "1", "--page", "2", "-o", "b.pdf"],
    ["book", "fubuki", "--count", "1", "--page", "9", "-o", "b.png"],
    ["book", "fubuki", "--from", "missing.jsonl", "-o", "b.pdf"],
    ["book", "fubuki", "--from", "missing.jsonl", "--seed", "3", "-o", "b.pdf"],
])
def test_bad_options_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                             monkeypatch: pytest.MonkeyPatch, args: list[str]) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli(args, capsys)
    assert_one_line_error(code, err)
    assert list(tmp_path.iterdir()) == []


def test_one_page_as_png(tmp_path: Path) -> None:
    target = tmp_path / "page.png"
    assert main(["book", "fubuki", "--count", "2", "--seed", "1", "-o", str(target)]) == 0
    assert target.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_generated_book_filtered_by_difficulty(tmp_path: Path) -> None:
    page = tmp_path / "p.svg"
    assert main(["book", "fubuki", "--difficulty", "hard", "--count", "3", "--seed", "1",
                 "-o", str(page)]) == 0
    family = families.family("fubuki")
    ids = ids_on(page, "fubuki")
    assert len(ids) == 3
    assert all(family.regenerate(i).difficulty == "hard" for i in ids)


def test_help_lists_book_and_density_is_a_fraction(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    assert "book" in capsys.readouterr().out
    assert main(["book", "numberlink", "--help"]) == 0
    out = capsys.readouterr().out
    assert "--density SECONDS" not in out
    assert "--from" in out
