"""A long solve says it is at work, on a terminal only (a pipeline reads answers, not news).

The notice's delay is made 0 here; which stream is a terminal is what
``verbs._on_terminal`` says, replaced as a terminal would answer."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from numpuzzles.cli import verbs
from numpuzzles.cli.main import main

BOARD = "123456789/111213141/516171819"


def _notice(capsys: pytest.CaptureFixture[str], timeout: float | None) -> str:
    """What standard error shows while a solve is at work (polled: the notice comes from
    a timer thread)."""
    seen = ""
    with verbs._still_working("board.txt", timeout):
        for _ in range(200):
            seen += capsys.readouterr().err
            if "still searching" in seen:
                break
            time.sleep(0.05)
    return seen + capsys.readouterr().err


def test_a_person_at_a_terminal_is_told(monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(verbs, "NOTICE_AFTER", 0.0)
    monkeypatch.setattr(verbs, "_on_terminal", lambda: True)
    assert _notice(capsys, 20.0).strip() == (
        "board.txt: still searching (it gives up at 20 s, --timeout; Ctrl-C stops it now)")
    assert _notice(capsys, None).strip() == (
        "board.txt: still searching (no time limit: --timeout sets one; Ctrl-C stops it now)")


def test_a_quick_answer_and_a_pipeline_are_not(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(verbs, "_on_terminal", lambda: True)  # a terminal, the usual delay
    assert main(["nummatch", "solve", "1919/5555"]) == 0
    assert "still searching" not in capsys.readouterr().err
    monkeypatch.setattr(verbs, "NOTICE_AFTER", 0.0)
    monkeypatch.setattr(verbs, "_on_terminal", lambda: False)
    assert main(["nummatch", "solve", BOARD, "--rules", "classic", "--timeout", "20"]) == 0
    assert "still searching" not in capsys.readouterr().err


def test_one_long_generation_is_told_too(monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """``generate`` of one puzzle (several get a progress bar): no --timeout to mention."""
    monkeypatch.setattr(verbs, "NOTICE_AFTER", 0.0)
    monkeypatch.setattr(verbs, "_on_terminal", lambda: True)
    seen = ""

    def slowly() -> Iterator[None]:
        nonlocal seen
        for _ in range(200):
            seen += capsys.readouterr().err
            if "still generating" in seen:
                break
            time.sleep(0.05)
        yield None

    for _ in verbs._progress(slowly(), 1, "numberlink"):  # type: ignore[arg-type]
        pass
    assert seen.strip() == "numberlink: still generating (Ctrl-C stops it now)"
