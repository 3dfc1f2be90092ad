"""Numberlink difficulty grades (issue 13): under every rule set the grade orders the scan
search's measured effort to prove the puzzle unique, ``--difficulty`` gives puzzles of
that grade, and under ``fill`` the deduction solver's verdict is kept alongside."""

from __future__ import annotations

import pytest
from numberlink_oracle import count

from numpuzzles.families import family
from numpuzzles.numberlink.generate.grade import (
    FILL_RATIOS,
    Grade,
    deduction_grade,
    fill_grade,
    grade,
    typical_fill_nodes,
)
from numpuzzles.numberlink.generate.unique import Params, generate, solver_prover
from numpuzzles.numberlink.model import Puzzle, Rules
from numpuzzles.numberlink.solve.dispatch import solve

ORDER = list(Grade)


def _nodes(puzzle: Puzzle) -> int:
    """The measured effort: the scan search proving the puzzle unique (as the bench)."""
    proof = solve(puzzle, rules=Rules.FILL_NOTOUCH, limit=2, engine="scan")
    assert proof.complete and proof.count == 1
    return proof.stats.nodes


@pytest.mark.parametrize(("size", "rules"), [(10, Rules.FILL), (9, Rules.BLANK)])
def test_fill_grades_are_monotone_in_the_measured_effort(size: int, rules: Rules) -> None:
    # a sample of default puzzles of one size: a harder grade never took fewer nodes
    measured = []
    for seed in range(12):
        item = generate(Params(size, size, rules), seed, prover=solver_prover)
        nodes = _nodes(item.puzzle)
        assert item.difficulty.by_search and item.difficulty.score == nodes
        measured.append((ORDER.index(item.difficulty.grade), nodes))
    for rank_a, nodes_a in measured:
        for rank_b, nodes_b in measured:
            if rank_a < rank_b:
                assert nodes_a < nodes_b, measured
    assert len({rank for rank, _ in measured}) >= 2, measured  # the grades tell them apart


def test_fill_grade_thresholds_are_ordered() -> None:
    puzzle = generate(Params(10, 10), 1, prover=solver_prover).puzzle
    typical = typical_fill_nodes(puzzle)
    levels = [fill_grade(round(typical * r), puzzle) for r in (0.1, 0.9, 1.2, 2.0, 50.0)]
    assert levels == sorted(levels, key=ORDER.index)
    assert levels[0] is Grade.EASY and levels[-1] is Grade.EXPERT
    # the crowded boards (blank's, and fill's above 25x25) need fewer nodes than thinned
    assert typical_fill_nodes(puzzle, Rules.BLANK) < typical


def test_the_deduction_verdict_is_kept() -> None:
    item = generate(Params(10, 10), 3, prover=solver_prover)
    deduced = deduction_grade(item.puzzle)
    assert item.difficulty.deduction is deduced.grade
    assert item.difficulty.trials == deduced.trials
    assert item.difficulty.solved_by_deduction == (deduced.grade is not Grade.EXPERT)
    assert grade(item.puzzle, search=False) == deduced
    # min_length 2: the library's Params above ask for no layout (fill's default is 3)
    made = family("numberlink").generate({"size": "10x10", "min_length": 2}, 3)
    assert made.details["deduction_grade"] == deduced.grade.value
    assert made.details["deduction_trials"] == deduced.trials
    assert made.difficulty == item.difficulty.grade.value


def test_puzzles_the_search_cannot_measure_get_the_deduction_grade() -> None:
    # corner to corner on 3x3: two fill solutions, and none that never touches itself
    two_ways = Puzzle(3, 3, (1, 0, 0, 0, 0, 0, 0, 0, 1))
    assert count(3, 3, two_ways.cells, "fill") == 2
    assert count(3, 3, two_ways.cells, "fill-notouch") == 0
    verdict = grade(two_ways)
    assert verdict.grade is Grade.EXPERT and not verdict.by_search
    assert not verdict.solved_by_deduction


@pytest.mark.parametrize("wanted", [Grade.EASY, Grade.EXPERT])
def test_asked_grades_are_given_and_measured(wanted: Grade) -> None:
    item = generate(Params(10, 10, difficulty=wanted.value), 2, prover=solver_prover)
    assert item.difficulty.grade is wanted
    ratio = _nodes(item.puzzle) / typical_fill_nodes(item.puzzle)
    if wanted is Grade.EXPERT:
        assert ratio >= FILL_RATIOS[-1][0]
    else:
        assert ratio < FILL_RATIOS[0][0]
    assert solve(item.puzzle, rules=Rules.FILL, limit=2).count == 1


def test_notouch_expert_generation_is_expert() -> None:
    params = Params(15, 15, Rules.FILL_NOTOUCH, difficulty="expert")
    item = generate(params, 1, prover=solver_prover)
    assert grade(item.puzzle, Rules.FILL_NOTOUCH).grade is Grade.EXPERT
    assert item.difficulty.score == _nodes(item.puzzle)
