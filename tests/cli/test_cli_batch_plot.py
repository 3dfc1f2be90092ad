"""``batch stats --plot`` without matplotlib fails at once (issue 25).

Why: it used to print the whole report and only then fail, so a script saw both a report
and exit 2; a missing extra is now one line naming the install command that works from
the checkout, before anything is printed.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from numpuzzles.cli.main import main


@pytest.fixture
def batch_file(tmp_path: Path) -> Path:
    path = tmp_path / "nl.jsonl"
    assert main(["batch", "numberlink", "--count", "2", "--size", "5x5", "--workers", "1",
                 "-o", str(path)]) == 0
    return path


def test_plot_without_matplotlib_is_one_line_before_any_report(
        batch_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if it were not installed
    png = tmp_path / "plot.png"
    assert main(["batch", "stats", str(batch_file), "--plot", str(png)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and "matplotlib" in err and "pip install -e '.[plot]'" in err
    assert not png.exists()


def test_stats_without_plot_still_reports(batch_file: Path,
                                          monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    assert main(["batch", "stats", str(batch_file)]) == 0
    assert "puzzles: 2" in capsys.readouterr().out


def test_plot_into_a_missing_directory_is_refused_first(
        batch_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    capsys.readouterr()
    assert main(["batch", "stats", str(batch_file), "--plot",
                 str(tmp_path / "missing" / "plot.png")]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
