"""The addition policy (issue 27, point 2): ``any`` or ``stuck``, ``classic`` as the paper
game is played (``stuck``), the fewest matches proved, and the policy carried by names,
JSON and IDs.

The fewest additions and the fewest matches are checked against a brute force written
here from the rules' prose (every pair, and an addition wherever the policy allows it),
and every clearing against the independent checker, which refuses an addition while a
pair is left under ``stuck``.
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path

import pytest
from nummatch_oracle import connected

from numpuzzles.cli.main import main
from numpuzzles.core.errors import InvalidParameterError
from numpuzzles.core.family import Ruled
from numpuzzles.core.result import Status
from numpuzzles.nummatch.board import Board, parse_board
from numpuzzles.nummatch.check import check
from numpuzzles.nummatch.family import FAMILY
from numpuzzles.nummatch.rules import get_rules, named
from numpuzzles.nummatch.seqsolve import count_adds, fewest_matches
from numpuzzles.nummatch.sequence import ADD, to_board

DATA = Path(__file__).parents[1] / "data" / "nummatch"


def test_names_carry_the_policy() -> None:
    assert get_rules("classic").add_policy == "stuck"
    assert get_rules("easybrain").add_policy == "any"
    assert get_rules("classic+any").add_policy == "any"
    assert get_rules("classic+stuck").name == "classic"  # the preset's own: its plain name
    assert get_rules("easybrain+stuck").name == "easybrain+stuck"
    assert get_rules("original+stuck").name == "original"  # nothing is ever added there
    assert named("classic", "any") == "classic+any" and named("classic+any", None) == "classic+any"
    with pytest.raises(InvalidParameterError):
        get_rules("classic+sometimes")


def _clearings(board: Board, diagonals: bool, stuck: bool, most_adds: int | None):  # type: ignore[no-untyped-def]
    """``within(flat, budget, adds_left)``: whether ``flat`` clears with at most ``budget``
    more pairs taken (the brute force: every pair; an addition wherever allowed)."""
    w = board.width

    def rows(flat: tuple[int, ...]) -> tuple[int, ...]:
        kept = [flat[k:k + w] for k in range(0, len(flat), w)]
        return tuple(v for row in kept if any(row) for v in row)

    @cache
    def within(flat: tuple[int, ...], budget: int, adds_left: int | None) -> bool:
        cells = rows(flat)
        digits = sum(1 for v in cells if v)
        if not digits:
            return True
        if 2 * budget < digits:
            return False
        live = [i for i, v in enumerate(cells) if v]
        moved = False
        for x, a in enumerate(live):
            for b in live[x + 1:]:
                va, vb = cells[a], cells[b]
                if (va == vb or va + vb == 10) and connected(list(cells), w, a, b, diagonals):
                    moved = True
                    nxt = list(cells)
                    nxt[a] = nxt[b] = 0
                    if within(tuple(nxt), budget - 1, adds_left):
                        return True
        if (stuck and moved) or adds_left == 0:
            return False
        more = None if adds_left is None else adds_left - 1
        return within(cells + tuple(v for v in cells if v), budget, more)

    return within


@pytest.mark.parametrize("rules", ["classic", "classic+any", "easybrain", "easybrain+stuck"])
def test_fewest_matches_agree_with_brute_force(rules: str) -> None:
    chosen = get_rules(rules)
    diagonals, stuck = rules.startswith("easybrain"), chosen.add_policy == "stuck"
    rnd = random.Random(sum(map(ord, rules)))
    with_adds = 0
    for _ in range(250):
        width = rnd.choice([2, 3, 4])
        digits = rnd.choice([[1, 9, 5, 2], [1, 9, 2, 3, 4], list(range(1, 10))])
        board = to_board(tuple(rnd.choice(digits) for _ in range(rnd.randint(2, 7))), width)
        found, proved = fewest_matches(board, chosen, most=12)
        within = _clearings(board, diagonals, stuck, chosen.max_adds)
        expected = next((m for m in range(13) if within(board.cells, m, chosen.max_adds)), None)
        if expected is None and found.status is Status.UNSOLVABLE:
            # proved never to clear (endless.py, the paper rule only): none with 3 additions
            assert stuck and chosen.max_adds is None, str(board)
            assert not within(board.cells, 100, 3), str(board)
            continue
        if expected is None:
            assert found.status is Status.UNKNOWN and proved == 12, str(board)
            continue
        assert found.status is Status.SOLVED, str(board)
        moves = found.solutions[0]
        assert len(moves) - count_adds(moves) == expected, str(board)
        assert proved == expected - 1
        assert check(board, moves, rules) == []
        with_adds += count_adds(moves) > 0
    assert with_adds >= 20


def test_the_checker_refuses_an_addition_while_a_pair_is_left() -> None:
    board = parse_board("19/55")
    early = [ADD]
    assert check(board, early, "classic")[0].rule == "add-early"
    assert check(board, early, "classic+any")[0].rule == "not-cleared"  # legal, not done
    stuck = parse_board("12")  # no pair: the addition is the one move, under either policy
    moves = FAMILY.solve(Ruled(stuck, "classic")).solutions[0]
    assert moves[0] == ADD and check(stuck, moves, "classic") == []


def test_the_classic_start_under_the_paper_rule() -> None:
    """The 1..19 start: 34 matches at the fewest with two additions under the paper rule
    (33 proved not enough), as the published depth-first search found; 25 matches with
    one addition when numbers may be added at any time."""
    board = FAMILY.parse((DATA / "take-ten.txt").read_text(), rules="classic")[0].puzzle
    assert str(board) == "123456789/111213141/516171819"
    paper, proved = fewest_matches(board, get_rules("classic"), timeout=600)
    moves = paper.solutions[0]
    assert (len(moves) - count_adds(moves), count_adds(moves), proved) == (34, 2, 33)
    assert check(board, moves, "classic") == []
    anytime, proved = fewest_matches(board, get_rules("classic+any"), timeout=600)
    moves = anytime.solutions[0]
    assert (len(moves) - count_adds(moves), count_adds(moves), proved) == (25, 1, 24)
    assert check(board, moves, "classic+any") == []


def test_json_and_ids_carry_the_policy(capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = FAMILY.parse("19/55", rules="classic", adds="any")[0]
    assert puzzle.rules == "classic+any"
    shown = FAMILY.puzzle_json(puzzle)
    assert (shown["rules"], shown["adds"]) == ("classic", "any")
    assert FAMILY.parse(json.dumps(shown))[0] == puzzle
    assert FAMILY.parse(json.dumps({**shown, "adds": None}))[0].rules == "classic"
    assert "adds" not in FAMILY.puzzle_json(FAMILY.parse("19/55")[0])  # original adds none
    # an ID made before the policy existed meant "any" and names the same puzzle still
    old = FAMILY.regenerate("nummatch:classic,width=9,height=3#3")
    assert old.puzzle.rules == "classic+any"
    assert FAMILY.regenerate("nummatch:classic,width=9,height=3,adds=any#3").puzzle == old.puzzle
    new = FAMILY.generate({"rules": "classic"}, 3)
    assert "adds=stuck" in new.id and new.puzzle.rules == "classic"
    assert check(new.puzzle.puzzle, new.solution, "classic") == []
    assert FAMILY.regenerate(new.id).puzzle == new.puzzle


def test_cli_fewest_matches(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["nummatch", "solve", "1/9/1/9/5/5", "--rules", "classic", "--fewest", "matches",
            "--json"]
    assert main(args) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["puzzle"]["adds"] == "stuck" and len(record["solution"]) == 3
    assert main(["nummatch", "solve", "19/55", "--adds", "sometimes"]) == 2
    assert "sometimes" in capsys.readouterr().err


def test_the_terminal_game_adds_only_when_stuck() -> None:
    from numpuzzles.nummatch.play import Game

    game = Game(parse_board("19/55"), "classic")
    assert "only when no pair is left" in game.process("a") and game.adds == 0
    stuck = Game(parse_board("12"), "classic")
    stuck.process("a")
    assert stuck.adds == 1
    anytime = Game(parse_board("19/55"), "classic+any")
    anytime.process("a")
    assert anytime.adds == 1


@pytest.mark.parametrize("rules", ["classic", "classic+any"])
def test_a_stopped_search_keeps_only_proved_bounds(rules: str) -> None:
    """A node limit stops the fewest-additions search mid-way; what the answer still says
    it refuted (``SolveResult.refuted``: no clearing with that many additions or fewer)
    must hold in the brute force, and an answer that found a clearing claims nothing."""
    from numpuzzles.nummatch.seqsolve import solve_sequence

    chosen = get_rules(rules)
    stuck = chosen.add_policy == "stuck"
    rnd = random.Random(27 + len(rules))
    kept = 0
    for _ in range(60):
        width = rnd.choice([2, 3, 4])
        digits = rnd.choice([[1, 9, 5, 2], [1, 9, 2, 3, 4], list(range(1, 10))])
        board = to_board(tuple(rnd.choice(digits) for _ in range(rnd.randint(3, 7))), width)
        within = _clearings(board, False, stuck, chosen.max_adds)
        for nodes in (1, 3, 10, 30, 100):
            result = solve_sequence(board, chosen, max_nodes=nodes, max_adds=3)
            if result.status is Status.SOLVED:
                assert result.refuted is None
                continue
            if result.refuted is None:
                continue
            kept += 1
            assert 0 <= result.refuted <= 3
            assert not within(board.cells, 100, result.refuted), (str(board), result.refuted)
            if result.timed_out:  # the next bound was not searched to the end
                assert result.refuted < 3
    assert kept >= 20


def test_the_words_for_a_stopped_search() -> None:
    """What ``solve`` prints for each kind of undecided answer under ``classic``."""
    from numpuzzles.cli.nummatch import _undecided_words
    from numpuzzles.core.result import SolveResult

    game = FAMILY.parse("123456789/111213141/516171819", rules="classic")[0]
    stopped = SolveResult(Status.UNKNOWN, timed_out=True, refuted=2)
    assert _undecided_words(game, stopped, {}) == (
        "no clearing with up to 2 additions (searched to the end); "
        "a limit stopped the search for 3")
    first = SolveResult(Status.UNKNOWN, timed_out=True, refuted=0)
    assert _undecided_words(game, first, {}) == (
        "no clearing without an addition (searched to the end); "
        "a limit stopped the search for 1")
    assert _undecided_words(game, SolveResult(Status.UNKNOWN, timed_out=True), {}) is None
