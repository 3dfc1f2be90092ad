"""Every registered family honours the protocol: generate, dump/parse, solve, check agree."""

from __future__ import annotations

import pytest

from numpuzzles import Status
from numpuzzles.families import FAMILIES, family


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_protocol_round_trip(name: str) -> None:
    fam = family(name)
    puzzle = fam.generate({}, 3)
    assert fam.generate({}, 3) == puzzle
    for fmt in fam.formats:
        assert fam.parse(fam.dump(puzzle, fmt), fmt) == [puzzle]
    result = fam.solve(puzzle, limit=2)
    assert result.status is Status.SOLVED
    assert result.solutions
    for solution in result.solutions:
        assert fam.check(puzzle, solution) == []


def test_unknown_family_is_named() -> None:
    with pytest.raises(KeyError, match="known: fubuki"):
        family("sudoku")
