"""Bad input to any verb of any family: one line on standard error, exit 2, no traceback,
nothing half-written; sizes beyond the documented maxima are refused before any work."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from conftest import assert_one_line_error, run_cli
from numpuzzles.cli.main import main
from numpuzzles.families import NAMES, family

VERBS = ("solve", "check", "convert")


@pytest.fixture
def junk(tmp_path: Path) -> dict[str, str]:
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00\x81garbage")
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    words = tmp_path / "words.txt"
    words.write_text("this is not a puzzle at all\n" * 3)
    huge = tmp_path / "huge.txt"
    huge.write_text("99999999999999999999 99999999999999999999\n")
    return {
        "missing": str(tmp_path / "missing.txt"),
        "directory": str(tmp_path),
        "binary": str(binary),
        "empty": str(empty),
        "words": str(words),
        "huge": str(huge),
    }


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("verb", VERBS)
@pytest.mark.parametrize("kind", ["missing", "directory", "binary", "empty", "words", "huge"])
def test_unreadable_puzzles(
    name: str, verb: str, kind: str, junk: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    args = [name, verb, junk[kind]]
    if verb == "check":
        args.append(junk[kind])
    if verb == "convert":
        args += ["--to", "json"]
    code, _, err = run_cli(args, capsys)
    assert_one_line_error(code, err)


@pytest.mark.parametrize(
    "args",
    [
        ["numberlink", "generate", "100000"],
        ["numberlink", "generate", "99999999999999999999x3"],
        ["numberlink", "generate", "10", "--pairs", "-3"],
        ["arukone", "generate", "5000"],
        ["arukone", "generate", "3"],
        ["fubuki", "generate", "--size", "9"],
        ["fubuki", "generate", "--givens", "99999999999999999999999"],
        ["nummatch", "generate", "--width", "1000"],
        ["nummatch", "generate", "--width", "abc"],
        ["fubuki", "generate", "--id", "garbage"],
        ["fubuki", "generate", "--id", "numberlink:10x10,fill#1"],
        ["numberlink", "generate", "--id", "numberlink:10x10,colour=red#1"],
        ["fubuki", "generate", "--count", "0"],
        ["sudoku", "solve"],
        ["numberlink", "solve", "https://puzz.link/p?numlin/99999999999999999999/3/a"],
        ["nummatch", "solve", "12a34/5678"],
        ["nummatch", "check", "18866/62725/32795/34448", "1,2,3"],
        ["fubuki", "check", "--rows", "16", "22", "7", "--cols", "11", "16", "18",
         "--solution", "1 2/3"],
    ],
)
def test_refused_up_front(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(args, capsys)
    assert_one_line_error(code, err)


@pytest.mark.parametrize("name", NAMES)
def test_output_into_a_missing_or_unusable_directory(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    regular = tmp_path / "file.txt"
    regular.write_text("keep me\n")
    for target in (tmp_path / "no" / "such" / "dir" / "out.txt", regular / "out.txt"):
        code, _, err = run_cli([name, "generate", "--seed", "1", "-o", str(target)], capsys)
        assert_one_line_error(code, err)
        assert not target.exists()
    assert regular.read_text() == "keep me\n"


def test_output_file_gets_normal_permissions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "puzzles.txt"
    old = os.umask(0o022)
    try:
        assert main(["fubuki", "generate", "--seed", "1", "-o", str(target)]) == 0
    finally:
        os.umask(old)
    mode = stat.S_IMODE(target.stat().st_mode)
    assert mode == 0o644, oct(mode)
    assert family("fubuki").parse(target.read_text())


def test_a_bug_is_one_line_and_exit_70(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import numpuzzles.core.batch as batch  # ``generate`` imports it when it is built

    def broken(*args: object, **kwargs: object) -> None:
        raise ValueError("boom\nsecond line")

    monkeypatch.setattr(batch, "generate_many", broken)
    monkeypatch.delenv("NUMPUZZLES_DEBUG")
    code, _, err = run_cli(["fubuki", "generate", "--seed", "1"], capsys)
    assert code == 70
    assert err.strip().count("\n") == 0 and "internal error: ValueError: boom second" in err
