"""Core helpers: honest statuses, puzzle IDs, atomic writes, exit codes."""

from __future__ import annotations

from pathlib import Path

import pytest

from numpuzzles import InvalidParameterError, Status
from numpuzzles.cli.common import exit_code_for
from numpuzzles.core.fileio import atomic_write_text
from numpuzzles.core.result import SolveResult, status_for
from numpuzzles.core.seeds import parse_puzzle_id, puzzle_id, rng


def test_status_never_claims_unsolvable_without_proof() -> None:
    assert status_for(0, exhausted=False) is Status.UNKNOWN
    assert status_for(0, exhausted=True) is Status.UNSOLVABLE
    assert status_for(2, exhausted=False) is Status.SOLVED


def test_unique_is_undecided_until_complete() -> None:
    assert SolveResult(Status.SOLVED, (1,), complete=False).unique is None
    assert SolveResult(Status.SOLVED, (1,), complete=True).unique is True
    assert SolveResult(Status.SOLVED, (1, 2), complete=False).unique is False


def test_puzzle_ids_round_trip() -> None:
    ident = puzzle_id("fubuki", "4x4,diagonals", 17)
    assert ident == "fubuki:4x4,diagonals#17"
    assert parse_puzzle_id(ident) == ("fubuki", "4x4,diagonals", 17)
    with pytest.raises(InvalidParameterError):
        parse_puzzle_id("fubuki#x")
    with pytest.raises(InvalidParameterError):
        rng(-1)
    assert rng(5).random() == rng(5).random()


def test_atomic_write_replaces_whole_file(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old")
    atomic_write_text(target, "new text\n")
    assert target.read_text() == "new text\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_exit_codes_combine() -> None:
    assert exit_code_for([]) == 0
    assert exit_code_for([Status.SOLVED, Status.UNSOLVABLE]) == 1
    assert exit_code_for([Status.UNSOLVABLE, Status.UNKNOWN, Status.SOLVED]) == 3
