"""Generated puzzles are unique, made from the seed alone, with the fewest givens where
proved; the grades (MD and our tiers) behave as documented."""

from __future__ import annotations

import itertools

import pytest
from survo_oracle import brute_count

from numpuzzles.survo.check import check
from numpuzzles.survo.count import count
from numpuzzles.survo.generate import generate
from numpuzzles.survo.grade import grade
from numpuzzles.survo.hint import hint
from numpuzzles.survo.model import Puzzle, open_puzzle
from numpuzzles.survo.mutation import MutationDifficulty, mutation_difficulty
from numpuzzles.survo.solve import as_filling, solve


@pytest.mark.parametrize(("height", "width"), [(2, 3), (3, 3), (2, 5), (3, 4), (4, 4), (2, 10)])
@pytest.mark.parametrize("seed", range(2))
def test_generated_puzzles_are_unique_and_repeatable(height: int, width: int, seed: int) -> None:
    made = generate(height, width, seed)
    assert check(made.puzzle, made.solution) == []
    result = solve(made.puzzle, limit=2)
    assert result.complete and result.solutions == (made.solution,)
    assert generate(height, width, seed).puzzle == made.puzzle


@pytest.mark.parametrize("seed", range(4))
def test_fewest_givens_are_fewest_by_brute_force(seed: int) -> None:
    """On 3×3, every set of one given fewer leaves several solutions (brute force)."""
    made = generate(3, 3, seed)
    assert made.minimum
    p = made.puzzle
    flat = [v for row in made.solution for v in row]
    k = p.given_count
    if k == 0:
        assert brute_count(3, 3, p.rows, p.cols) == 1
        return
    for cells in itertools.combinations(range(9), k - 1):
        givens = [flat[i] if i in cells else 0 for i in range(9)]
        assert brute_count(3, 3, p.rows, p.cols, givens) > 1


def test_open_where_the_sums_alone_are_unique() -> None:
    opened = [generate(2, 3, seed).puzzle for seed in range(10)]
    for p in opened:
        assert (p.given_count == 0) == (brute_count(2, 3, p.rows, p.cols) == 1)
    assert any(p.is_open for p in opened)


def test_asking_for_more_givens_tops_up() -> None:
    made = generate(3, 4, 3, givens=6)
    assert made.puzzle.given_count == 6
    assert solve(made.puzzle, limit=2).count == 1


def test_mutation_difficulty_is_seeded_and_zero_when_nothing_is_missing() -> None:
    made = generate(3, 3, 1)
    first = mutation_difficulty(made.puzzle, runs=20, seed=4)
    assert first == mutation_difficulty(made.puzzle, runs=20, seed=4)
    assert first.runs == 20 and first.complete
    full = made.puzzle.with_givens(tuple(v for row in made.solution for v in row))
    assert mutation_difficulty(full, runs=5).md == 0.0


@pytest.mark.parametrize(("md", "stars"), [(0, 1), (30, 1), (31, 2), (150, 2), (600, 3),
                                           (1500, 4), (1501, 5)])
def test_the_published_star_scale(md: float, stars: int) -> None:
    assert MutationDifficulty(md, 1, True).stars == stars


def test_hints_agree_with_the_solution_and_the_ladder_grades() -> None:
    p = Puzzle(3, 4, (30, 18, 30), (27, 16, 10, 25), (0, 6, 0, 0, 8, 0, 0, 0, 0, 0, 3, 0))
    solution = solve(p, limit=2).solutions[0]
    found = hint(p)
    assert found is not None
    assert solution[found.row - 1][found.col - 1] == found.value
    graded = grade(p)
    assert graded is not None and graded.grade in ("easy", "medium", "hard", "expert")
    one_left = p.with_givens((*tuple(v for row in solution for v in row)[:11], 0))
    last = hint(one_left)
    assert last is not None and last.tier == 1 and last.value == solution[2][3]


def test_a_hint_in_a_puzzle_with_several_solutions_holds_in_all_of_them() -> None:
    hinted = 0
    for values in itertools.islice(itertools.permutations(range(1, 10)), 0, 40000, 997):
        p = open_puzzle(as_filling(values, 3))
        solutions = solve(p).solutions
        if len(solutions) < 2:
            continue
        found = hint(p)
        if found is not None:
            hinted += 1
            assert {s[found.row - 1][found.col - 1] for s in solutions} == {found.value}
    assert hinted


@pytest.mark.parametrize(("height", "width"), [(3, 4), (4, 4), (2, 8), (3, 5), (4, 3)])
@pytest.mark.parametrize("seed", range(2))
def test_open_puzzles_past_ten_cells_are_walked_to_and_unique(height: int, width: int,
                                                               seed: int) -> None:
    """From 11 cells up ``givens=0`` walks from the sorted table (random fillings whose
    sums are unique are too rare there): the puzzle is open, its filling solves it, the
    exhaustive solver finds no other, and the seed makes it again."""
    made = generate(height, width, seed, givens=0)
    assert made.puzzle.is_open and made.minimum
    assert {(made.puzzle.height, made.puzzle.width)} <= {(height, width), (width, height)}
    assert check(made.puzzle, made.solution) == []
    result = solve(made.puzzle, limit=2)
    assert result.complete and result.solutions == (made.solution,)
    assert generate(height, width, seed, givens=0) == made


def test_the_walk_leaves_the_sorted_table() -> None:
    """The walk keeps some of its swaps: a 4×4 puzzle is not just the sorted table with its
    rows and columns shuffled (whose rows would each hold four consecutive numbers, or
    numbers four apart when turned)."""
    moved = 0
    for seed in range(4):
        made = generate(4, 4, seed, givens=0)
        rows = [sorted(row) for row in made.solution]
        cols = [sorted(col) for col in zip(*made.solution, strict=True)]
        runs = [line for line in rows + cols if line == list(range(line[0], line[0] + 4))]
        moved += len(runs) < 4
    assert moved


@pytest.mark.parametrize(("height", "width"), [(5, 5), (6, 6), (4, 9), (3, 12), (2, 18)])
def test_open_puzzles_of_the_largest_shapes_count_one(height: int, width: int) -> None:
    """Up to 36 cells: the exact counter (all of its counters, in turns) finds one
    solution, the filling."""
    made = generate(height, width, 1, givens=0)
    assert made.puzzle.is_open
    assert check(made.puzzle, made.solution) == []
    assert count(made.puzzle) == (1, True)


@pytest.mark.parametrize(("height", "width"), [(2, 2), (2, 3), (2, 4), (3, 3), (2, 5)])
def test_the_sorted_table_is_unique(height: int, width: int) -> None:
    """The walk's start (argued in ``generate``'s docstring), by brute force."""
    p = open_puzzle(as_filling(list(range(1, height * width + 1)), width))
    assert brute_count(height, width, p.rows, p.cols) == 1


def test_an_open_3x3_is_still_made_with_no_givens() -> None:
    made = generate(3, 3, 1, givens=0)
    assert made.puzzle.is_open
    assert brute_count(3, 3, made.puzzle.rows, made.puzzle.cols) == 1


def test_a_walked_open_5x5_is_graded_with_or_without_its_solution() -> None:
    """The grade's search step proves the one solution by the exact counter where the
    solver alone cannot (a near-sorted open 5×5): the grade is reached, and is the same
    whether the generator's solution is handed over or found."""
    made = generate(5, 5, 1, givens=0)
    with_solution = grade(made.puzzle, made.solution)
    assert with_solution is not None
    assert grade(made.puzzle) == with_solution
    found = hint(made.puzzle, known=made.solution)
    assert found is not None
    assert made.solution[found.row - 1][found.col - 1] == found.value
