"""The record schema itself: real records fit it, and it refuses what it should."""

from __future__ import annotations

import copy
from typing import Any

import jsonschema
import pytest

from conftest import validate_record
from numpuzzles.core.records import generated_record, solve_record
from numpuzzles.families import NAMES, family

SMALL: dict[str, dict[str, Any]] = {
    "fubuki": {"size": 3},
    "nummatch": {"width": 4, "height": 2},
    "numberlink": {"size": "5x5"},
    "arukone": {"n": 5},
    "survo": {"shape": "3x4"},
}


@pytest.mark.parametrize("name", NAMES)
def test_generated_and_solved_records_fit(name: str) -> None:
    fam = family(name)
    item = fam.generate(SMALL[name], 1)
    record = generated_record(fam, item)
    validate_record(record)
    assert set(record) >= {"id", "family", "params", "puzzle", "solution", "difficulty"}
    result = fam.solve(item.puzzle, limit=2)
    solved = solve_record(fam, item.puzzle, result, source="x", list_all=True)
    validate_record(solved)
    assert solved["puzzle"] == record["puzzle"]  # `puzzle` is always the puzzle itself


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (lambda r: r.update(family="sudoku"), "unknown family"),
        (lambda r: r.update(status="gave up"), "status outside the three"),
        (lambda r: r.update(puzzle=3), "puzzle not an object"),
        (lambda r: r.update(extra=1), "a key outside the shape"),
        (lambda r: r["puzzle"].update(size=9), "fubuki size"),
        (lambda r: r.update(solution=[[1, 2], "x"]), "fubuki filling"),
    ],
)
def test_schema_refuses_bad_records(change: Any, why: str) -> None:
    fam = family("fubuki")
    item = fam.generate({}, 2)
    record = copy.deepcopy(generated_record(fam, item))
    record["status"] = "solved"
    validate_record(record)
    change(record)
    with pytest.raises(jsonschema.ValidationError):
        validate_record(record)
