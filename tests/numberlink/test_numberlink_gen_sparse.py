"""Sparse Numberlink puzzles (issue 13): few pairs, proved unique under ``fill-notouch``
per the independent brute-force counter on small boards and SAT on larger ones; the
reshaping moves keep a valid cover; a target out of reach is one line saying how close."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numberlink_oracle import count, valid_solution

from conftest import assert_one_line_error, run_cli
from numpuzzles.core.errors import GenerationError, InvalidParameterError
from numpuzzles.numberlink.check import check
from numpuzzles.numberlink.generate.cover import as_puzzle, random_cover
from numpuzzles.numberlink.generate.sparse import cut_and_merge, merge_proved, reshape
from numpuzzles.numberlink.generate.unique import Params, generate, solver_prover
from numpuzzles.numberlink.model import Puzzle, Rules
from numpuzzles.numberlink.solve.dispatch import solve

NOTOUCH = Rules.FILL_NOTOUCH


@pytest.mark.parametrize(("w", "h", "pairs"), [(4, 4, 2), (5, 5, 3), (5, 4, 2), (6, 4, 3)])
def test_small_sparse_puzzles_are_unique_per_the_brute_force_counter(
    w: int, h: int, pairs: int
) -> None:
    for seed in range(4):
        item = generate(Params(w, h, NOTOUCH, pairs=pairs), seed, prover=solver_prover)
        cells = item.puzzle.cells
        assert len(item.puzzle.labels) == pairs
        assert count(w, h, cells, "fill-notouch", limit=2) == 1, (w, h, seed)
        paths = dict(item.solution.paths)
        assert valid_solution(w, h, cells, item.solution.cells, paths, "fill-notouch") is None


@pytest.mark.parametrize("seed", range(3))
def test_published_density_is_proved_unique_by_sat_and_checked(seed: int) -> None:
    item = generate(Params(10, 10, NOTOUCH, pairs=8), seed, prover=solver_prover)
    assert len(item.puzzle.labels) == 8
    assert check(item.puzzle, item.solution, NOTOUCH) == []
    by_sat = solve(item.puzzle, rules=NOTOUCH, limit=2, engine="sat")
    assert by_sat.complete and by_sat.count == 1
    assert by_sat.solutions[0].cells == item.solution.cells


def test_the_default_is_reproducible_and_checked() -> None:
    a = generate(Params(12, 12, NOTOUCH), 4, prover=solver_prover)
    b = generate(Params(12, 12, NOTOUCH), 4, prover=solver_prover)
    assert a == b  # (its density is measured in bench/density_bench.py, not here)
    assert check(a.puzzle, a.solution, NOTOUCH) == []


def test_density_asks_for_pairs_per_cell() -> None:
    item = generate(Params(10, 10, NOTOUCH, density=0.07), 2, prover=solver_prover)
    assert len(item.puzzle.labels) == 7
    assert item.id == "numberlink:10x10,fill-notouch,density=0.07#2"
    with pytest.raises(InvalidParameterError):
        generate(Params(10, 10, NOTOUCH, pairs=7, density=0.07), 2, prover=solver_prover)
    with pytest.raises(InvalidParameterError):
        generate(Params(10, 10, NOTOUCH, density=0.9), 2, prover=solver_prover)


def test_a_target_out_of_reach_says_how_close_it_came() -> None:
    # one path cannot fill a 4x4 board without running beside itself
    with pytest.raises(GenerationError) as caught:
        generate(Params(4, 4, NOTOUCH, pairs=1), 1, prover=solver_prover, max_attempts=3)
    message = str(caught.value)
    assert "\n" not in message and "closest" in message and "1 asked" in message


def test_cli_reaches_published_density_or_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    ask = ["numberlink", "generate", "--rules", "fill-notouch", "--seed", "1"]
    code, out, err = run_cli([*ask, "10", "--pairs", "8"], capsys)
    assert code == 0, err
    code, out, err = run_cli([*ask, "4", "--pairs", "1"], capsys)
    assert_one_line_error(code, err)
    assert out == ""


def _is_notouch_cover(paths: list[list[int]], w: int, h: int) -> bool:
    puzzle, solution = as_puzzle(w, h, paths)
    return check(puzzle, solution, NOTOUCH) == []


@settings(max_examples=40, deadline=None)
@given(
    st.integers(2, 9), st.integers(2, 9), st.integers(1, 30), st.integers(0, 10_000)
)
def test_reshaping_keeps_a_cover_that_never_touches_itself(
    w: int, h: int, target: int, seed: int
) -> None:
    source = random.Random(seed)
    paths = random_cover(w, h, max(1, w * h // 4), source)
    assert _is_notouch_cover(paths, w, h)
    before = len(paths)
    shaped = reshape(paths, w, h, target, source, 500)
    assert _is_notouch_cover(shaped, w, h)
    assert sorted(c for p in shaped for c in p) == list(range(w * h))
    assert len(shaped) <= before and all(len(p) >= 2 for p in shaped)


def test_merges_are_kept_only_when_proved_unique() -> None:
    w = h = 6
    source = random.Random(3)
    # dominoes: unique (a path between touching ends is those two cells), many joins open
    paths = [[r * w + c, r * w + c + 1] for r in range(h) for c in range(0, w, 2)]
    seen: list[int] = []

    def refuse_all(puzzle: Puzzle) -> bool:
        seen.append(len(puzzle.labels))
        return False  # undecided: never a proof

    kept, proofs = merge_proved(
        paths, w, h, 1, refuse_all, lambda p: as_puzzle(w, h, p), source, 100
    )
    assert kept == paths and proofs == len(seen) > 0

    def brute(puzzle: Puzzle) -> bool:
        return count(w, h, puzzle.cells, "fill-notouch", limit=2) == 1

    merged, _ = merge_proved(paths, w, h, 1, brute, lambda p: as_puzzle(w, h, p), source, 100)
    assert _is_notouch_cover(merged, w, h) and len(merged) < len(paths)
    final = as_puzzle(w, h, merged)[0]
    assert count(w, h, final.cells, "fill-notouch", limit=2) == 1


@pytest.mark.parametrize(("w", "h", "pairs"), [(4, 4, 3), (5, 4, 2), (5, 5, 3), (6, 5, 3)])
def test_fill_merges_stay_unique_per_the_brute_force_counter(w: int, h: int, pairs: int) -> None:
    # an asked count thins small boards too (reshaped, cut, merged by deductions)
    for seed in range(4):
        item = generate(Params(w, h, pairs=pairs), seed, prover=solver_prover)
        assert len(item.puzzle.labels) == pairs
        assert count(w, h, item.puzzle.cells, "fill", limit=2) == 1, (w, h, seed)



def test_notouch_deductions_are_sound_per_the_brute_force_counter() -> None:
    # touching means joined: whatever the deductions decide holds in the only solution
    from numpuzzles.numberlink.generate.deduce import Board as _Board
    from numpuzzles.numberlink.generate.deduce import lookahead as _lookahead
    from numpuzzles.numberlink.generate.deduce import tier_one as _tier_one
    from numpuzzles.numberlink.generate.unionfind import generate_unionfind

    decided = 0
    for seed in range(40):
        puzzle = generate_unionfind(4, 4, seed).puzzle
        board = _Board(puzzle, notouch=True)
        consistent = _tier_one(board) and _lookahead(board)[1]
        solutions = count(4, 4, puzzle.cells, "fill-notouch", limit=2)
        if not consistent:
            assert solutions == 0, seed
        elif board.undecided() == 0:
            decided += 1
            assert solutions == 1, seed
    assert decided > 0


def test_notouch_grades_follow_the_search_effort() -> None:
    from numpuzzles.numberlink.generate.grade import Grade, grade, notouch_grade

    item = generate(Params(10, 10, NOTOUCH), 1, prover=solver_prover)
    levels = [notouch_grade(nodes, item.puzzle) for nodes in (10, 300, 600, 1_000, 10**6)]
    assert levels == sorted(levels, key=list(Grade).index)
    assert levels[0] is Grade.EASY and levels[-1] is Grade.EXPERT
    verdict = grade(item.puzzle, NOTOUCH)
    assert verdict.score == solve(item.puzzle, rules=NOTOUCH, limit=2, engine="scan").stats.nodes
    assert not verdict.solved_by_deduction and verdict.grade is item.difficulty.grade


def test_density_travels_in_the_id_through_the_family() -> None:
    from numpuzzles.families import family

    numberlink = family("numberlink")
    made = numberlink.generate({"size": "10x10", "rules": "fill-notouch", "density": 0.05}, 3)
    assert made.id == "numberlink:10x10,fill-notouch,density=0.05#3"
    assert made.details["pairs"] == 5
    again = numberlink.regenerate(made.id)
    assert again.puzzle == made.puzzle and again.solution == made.solution


def test_cut_and_merge_keeps_fill_uniqueness_per_the_brute_force_counter() -> None:
    w, h = 6, 5
    source = random.Random(5)
    # dominoes: unique under fill too (every cell is some pair's end)
    paths = [[r * w + c, r * w + c + 1] for r in range(h) for c in range(0, w, 2)]
    asked: list[int] = []

    def brute(puzzle: Puzzle) -> bool:
        asked.append(len(puzzle.labels))
        return count(w, h, puzzle.cells, "fill", limit=2) == 1

    merged, proofs = cut_and_merge(
        paths, w, h, 1, brute, lambda p: as_puzzle(w, h, p), source, 200
    )
    assert proofs == len(asked) and len(merged) < len(paths)
    assert sorted(c for p in merged for c in p) == list(range(w * h))
    puzzle, solution = as_puzzle(w, h, merged)
    assert count(w, h, puzzle.cells, "fill", limit=2) == 1
    assert check(puzzle, solution, Rules.FILL) == []


@pytest.mark.parametrize("seed", range(3))
def test_an_asked_fill_count_is_proved_unique_by_sat_and_checked(seed: int) -> None:
    # an exact count under fill goes through cut_and_merge; SAT alone re-proves it
    item = generate(Params(12, 12, pairs=17), seed, prover=solver_prover)
    assert len(item.puzzle.labels) == 17
    assert check(item.puzzle, item.solution, Rules.FILL) == []
    by_sat = solve(item.puzzle, rules=Rules.FILL, limit=2, engine="sat")
    assert by_sat.complete and by_sat.count == 1
    assert by_sat.solutions[0].cells == item.solution.cells
