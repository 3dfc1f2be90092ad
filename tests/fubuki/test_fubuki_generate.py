"""Generated Fubuki puzzles: unique by an independent counter, minimal or irreducible."""

from __future__ import annotations

import itertools

import pytest
from fubuki_oracle import brute_force_3x3, count_by_rows

from numpuzzles import InvalidParameterError
from numpuzzles.fubuki import Puzzle, check
from numpuzzles.fubuki.generate import Variant, generate


def _flat(puzzle: Puzzle) -> list[int]:
    return list(puzzle.givens)


@pytest.mark.parametrize("seed", range(40))
def test_3x3_unique_with_exact_minimum_givens(seed: int) -> None:
    made = generate(3, seed)
    p = made.puzzle
    assert check(p, made.solution) == []
    solutions = brute_force_3x3(p.rows, p.cols, p.givens)
    assert solutions == {tuple(v for row in made.solution for v in row)}
    # No smaller set of givens from this filling is unique.
    filling = [v for row in made.solution for v in row]
    k = p.given_count
    assert 0 <= k <= 3
    if k == 0:
        return
    for cells in itertools.combinations(range(9), k - 1):
        givens = [filling[i] if i in cells else 0 for i in range(9)]
        assert len(brute_force_3x3(p.rows, p.cols, givens)) > 1


def test_same_seed_same_puzzle_and_seeds_differ() -> None:
    assert generate(4, 11) == generate(4, 11)
    assert generate(3, 1).puzzle != generate(3, 2).puzzle


@pytest.mark.parametrize("seed", range(6))
def test_4x4_unique_and_irreducible(seed: int) -> None:
    made = generate(4, seed)
    p = made.puzzle
    assert check(p, made.solution) == []
    rows = [t for t in p.rows if t is not None]
    cols = [t for t in p.cols if t is not None]
    assert count_by_rows(4, rows, cols, p.givens) == 1
    for index in (i for i, v in enumerate(p.givens) if v):
        fewer = list(p.givens)
        fewer[index] = 0
        assert count_by_rows(4, rows, cols, fewer) == 2


@pytest.mark.parametrize("seed", [1])
def test_5x5_unique(seed: int) -> None:
    made = generate(5, seed)
    p = made.puzzle
    assert check(p, made.solution) == []
    assert count_by_rows(5, list(p.rows), list(p.cols), p.givens) == 1  # type: ignore[arg-type]


def test_givens_option_adds_givens_and_stays_unique() -> None:
    made = generate(3, 3, givens=5)
    p = made.puzzle
    assert p.given_count == 5
    assert len(brute_force_3x3(p.rows, p.cols, p.givens)) == 1
    with pytest.raises(InvalidParameterError):
        generate(3, 3, givens=10)


@pytest.mark.parametrize(
    ("variant", "seed"),
    [(Variant.DIAGONALS, s) for s in range(10)] + [(Variant.PRODUCT, s) for s in range(3)],
)
def test_variants_unique_and_hide_totals(variant: Variant, seed: int) -> None:
    made = generate(3, seed, variant=variant)
    p = made.puzzle
    assert check(p, made.solution) == []
    product = variant is Variant.PRODUCT
    assert p.product == product
    solutions = brute_force_3x3(p.rows, p.cols, p.givens, p.diagonals, product)
    assert solutions == {tuple(v for row in made.solution for v in row)}
    # Hiding stops only when it would break uniqueness: showing no more totals is needed,
    # so every shown row/column total is essential.
    for r, t in enumerate(p.rows):
        if t is None:
            continue
        rows = list(p.rows)
        rows[r] = None
        assert len(brute_force_3x3(rows, p.cols, p.givens, p.diagonals, product)) > 1


def test_diagonals_often_need_no_givens() -> None:
    counts = [generate(3, s, variant=Variant.DIAGONALS).puzzle.given_count for s in range(20)]
    assert counts.count(0) >= 10
