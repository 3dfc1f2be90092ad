"""Published Survo puzzles (tests/data/survo/, with provenance) solve to their published
solutions, and only to them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from numpuzzles.survo.check import check
from numpuzzles.survo.count import count
from numpuzzles.survo.formats import parse
from numpuzzles.survo.solve import solve

CORPUS = Path(__file__).parent.parent / "data" / "survo" / "published.jsonl"
RECORDS: list[dict[str, Any]] = [json.loads(line) for line in CORPUS.read_text().splitlines()]


def test_the_corpus_covers_at_least_four_shapes() -> None:
    shapes = {(r["puzzle"]["height"], r["puzzle"]["width"]) for r in RECORDS
              if r["solution"] is not None}
    assert len(shapes) >= 4
    assert any(not any(map(any, r["puzzle"].get("givens", []))) for r in RECORDS)  # open ones


@pytest.mark.parametrize("record", RECORDS, ids=[r["name"] for r in RECORDS])
def test_published_puzzle_has_exactly_its_published_solution(record: dict[str, Any]) -> None:
    (puzzle,) = parse(json.dumps(record))
    result = solve(puzzle, limit=2)
    assert result.complete and result.count == 1
    assert check(puzzle, result.solutions[0]) == []
    assert count(puzzle, timeout=30) == (1, True)
    if record["solution"] is not None:
        published = tuple(tuple(row) for row in record["solution"])
        assert result.solutions[0] == published
        assert check(puzzle, published) == []  # the givens read off the page are kept
