"""Sparse Arukone boards other people made (tests/data/numberlink/sparse/, provenance in
tests/data/README.md): ``unique_blank`` decides uniqueness under ``blank`` on each, every
solution it shows passes the independent checker, and the verdicts are the recorded ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from numpuzzles.core.result import Status
from numpuzzles.numberlink.check import check
from numpuzzles.numberlink.formats import bwinf
from numpuzzles.numberlink.model import Puzzle, Rules
from numpuzzles.numberlink.solve.unique_blank import unique_blank

SPARSE = Path(__file__).resolve().parent.parent / "data" / "numberlink" / "sparse"

SEVERAL = {
    *(("arechste-bank-10x10", i) for i in range(1, 8)),
    ("baeni-board1", 0),
    ("baeni-board2", 0),
    ("baeni-board3", 0),
    ("rvdp-puzzels", 0),
    ("rvdp-puzzels", 3),
}
"""The (file, index) pairs with more than one solution; every other puzzle has one."""


FILES = (
    "arechste-bank-10x10.txt",
    "baeni-board1.txt",
    "baeni-board2.txt",
    "baeni-board3.txt",
    "rvdp-puzzels.txt",
    "schiffflieger-boards.txt",
)


def _corpus() -> list[tuple[str, int, Puzzle]]:
    found = []
    for name in FILES:
        path = SPARSE / name
        for i, puzzle in enumerate(bwinf.parse(path.read_text(encoding="utf-8"))):
            found.append((path.stem, i, puzzle))
    return found


CORPUS = _corpus()


def test_the_corpus_is_all_there() -> None:
    assert sorted(p.name for p in SPARSE.glob("*.txt")) == sorted(FILES)
    assert len(CORPUS) == 8 + 3 + 13 + 4


@pytest.mark.parametrize(
    ("name", "index", "puzzle"), CORPUS, ids=[f"{n}-{i}" for n, i, _ in CORPUS]
)
def test_uniqueness_under_blank_is_decided(name: str, index: int, puzzle: Puzzle) -> None:
    result = unique_blank(puzzle, timeout=60)
    assert result.status is Status.SOLVED
    for solution in result.solutions:
        assert check(puzzle, solution, Rules.BLANK) == []
    if (name, index) in SEVERAL:
        assert len(result.solutions) == 2
        assert result.solutions[0] != result.solutions[1]
    else:
        assert len(result.solutions) == 1 and result.complete
