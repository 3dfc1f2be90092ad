"""The one seed loop: consecutive seeds, IDs that regenerate, the distinct filter."""

from __future__ import annotations

import itertools

import pytest

from numpuzzles import GenerationError, InvalidParameterError, Status
from numpuzzles.core.batch import generate_many
from numpuzzles.families import family
from numpuzzles.fubuki.family import symmetries


def test_seeds_step_and_ids_regenerate() -> None:
    fam = family("fubuki")
    items = list(generate_many(fam, {"size": 3}, 10, 4, distinct=False))
    assert [i.seed for i in items] == [10, 11, 12, 13]
    for item in items:
        assert fam.regenerate(item.id).puzzle == item.puzzle


def test_distinct_filter_skips_symmetric_repeats() -> None:
    fam = family("numberlink")
    # 2x2 boards have very few puzzles: the filter must skip repeats and then give up
    items = []
    with pytest.raises(GenerationError, match="different puzzles"):
        for item in generate_many(fam, {"size": "2x2", "min_length": 2}, 0, 50,
                                  max_repeats=30):
            items.append(item)
    keys = [fam.distinct_key(i.puzzle) for i in items]
    assert len(keys) == len(set(keys)) >= 1
    seeds = [i.seed for i in items]
    assert seeds == sorted(seeds)


def test_bad_counts_and_seeds_are_refused() -> None:
    fam = family("fubuki")
    with pytest.raises(InvalidParameterError):
        next(generate_many(fam, {}, 0, 0))
    with pytest.raises(InvalidParameterError):
        next(generate_many(fam, {}, -1, 1))
    with pytest.raises(InvalidParameterError, match="unknown parameter"):
        next(generate_many(fam, {"sise": 3}, 0, 1))


@pytest.mark.parametrize("seed", range(6))
def test_fubuki_symmetries_keep_the_solutions(seed: int) -> None:
    """Each of the 8 images of a puzzle has as many solutions, and the same distinct key."""
    fam = family("fubuki")
    variant = ("plain", "diagonals", "product")[seed % 3]
    puzzle = fam.generate({"size": 3, "variant": variant}, seed).puzzle
    bare = puzzle.with_givens((0,) * 9)  # many solutions: a stronger test of the mapping
    base = fam.solve(bare, limit=None)
    images = symmetries(bare)
    assert len(set(images)) >= 1 and images[0] == bare
    for image in images:
        result = fam.solve(image, limit=None)
        assert result.status is base.status is Status.SOLVED
        assert result.count == base.count
        assert fam.distinct_key(image) == fam.distinct_key(bare)
    for a, b in itertools.combinations(images, 2):
        if a != b:
            assert fam.solve(a, limit=None).solutions != fam.solve(b, limit=None).solutions
