"""Atomic writes: the user's umask for new files, the old mode for replaced ones, package
errors (one sentence) for directories that are missing or cannot be written, and never a
temporary file left behind."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from numpuzzles.cli.main import main
from numpuzzles.core.errors import NumpuzzlesError, OutputFileError
from numpuzzles.core.fileio import atomic_write_text


@pytest.fixture
def umask() -> Iterator[None]:
    """Restore the process umask after a test that sets it."""
    old = os.umask(0o022)
    yield
    os.umask(old)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize("mask", [0o022, 0o077, 0o002, 0o000])
def test_new_file_gets_0666_less_the_umask(tmp_path: Path, umask: None, mask: int) -> None:
    os.umask(mask)
    target = tmp_path / "new.txt"
    atomic_write_text(target, "text\n")
    assert target.read_text() == "text\n"
    assert _mode(target) == 0o666 & ~mask


def test_replaced_file_keeps_its_mode_and_no_temp_file_stays(
    tmp_path: Path, umask: None
) -> None:
    os.umask(0o022)
    target = tmp_path / "out.txt"
    target.write_text("old")
    target.chmod(0o640)
    atomic_write_text(target, "new\n")
    assert target.read_text() == "new\n"
    assert _mode(target) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def test_missing_directory_is_a_package_error(tmp_path: Path) -> None:
    target = tmp_path / "no" / "such" / "out.txt"
    with pytest.raises(OutputFileError) as info:
        atomic_write_text(target, "x")
    assert isinstance(info.value, NumpuzzlesError)
    message = str(info.value)
    assert "does not exist" in message and str(target) in message and "\n" not in message


def test_a_file_in_place_of_the_directory_is_a_package_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file.txt"
    blocker.write_text("keep")
    with pytest.raises(OutputFileError, match="not a directory"):
        atomic_write_text(blocker / "out.txt", "x")
    assert blocker.read_text() == "keep"


def test_a_directory_as_target_is_refused_and_cleaned_up(tmp_path: Path) -> None:
    (tmp_path / "dir").mkdir()
    with pytest.raises(OutputFileError, match="is a directory"):
        atomic_write_text(tmp_path / "dir", "x")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dir"]


def test_unwritable_directory_is_a_package_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # what creating a file in a read-only directory raises (simulated: root may write there)
    def denied(*args: object) -> int:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "open", denied)
    with pytest.raises(OutputFileError, match="permission denied"):
        atomic_write_text(tmp_path / "out.txt", "x")
    assert list(tmp_path.iterdir()) == []


def test_failed_write_keeps_the_old_file_and_leaves_no_temp_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old")

    def full_disk(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(OutputFileError, match="No space left"):
        atomic_write_text(target, "new")
    assert target.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def test_cli_output_into_a_missing_directory_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "p.txt"
    source.write_text("3 1\n1 0 1\n")
    target = tmp_path / "missing" / "out.json"
    assert main(["numberlink", "convert", str(source), "--to", "json", "-o", str(target)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "does not exist" in err[0]
