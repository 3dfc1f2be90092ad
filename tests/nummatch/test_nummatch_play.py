"""The terminal game, driven through Game.process and through the command line."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from nummatch_oracle import connected

from numpuzzles.cli.main import cli
from numpuzzles.core.errors import InvalidParameterError
from numpuzzles.nummatch.board import Pair, parse_board
from numpuzzles.nummatch.play import Game
from numpuzzles.nummatch.randfill import randfill
from numpuzzles.nummatch.rules import PRESETS
from numpuzzles.nummatch.solve import solve
from numpuzzles.nummatch.take import take

CLASSIC_START = "123456789/111213141/516171819"  # Take Ten's 1..19, restated here


def test_take_undo_and_bad_moves() -> None:
    game = Game(randfill(6))
    assert "1 . . 6 6" in game.process("b1 c1")  # the two 8s of the original's first take
    assert "cannot take" in game.process("a1 d3")  # 1 and 9, not on one line
    assert "cannot take" in game.process("d1 c2")  # 6 and 7
    assert "1 8 8 6 6" in game.process("u")
    assert "1 . . 6 6" in game.process("1 0 2 0")  # the original's x1 y1 x2 y2
    assert "not understood" in game.process("hello")
    assert game.process("u") and game.process("u") == "nothing to undo"


def test_a_game_played_to_the_end_by_hints() -> None:
    game = Game(parse_board("1919/5555"))
    for _ in range(4):
        reply = game.process("h")
        assert reply.startswith("try "), reply
        out = game.process(reply.removeprefix("try "))
    assert out.endswith("cleared: you win!")
    assert game.finished and game.process("b1 c1") == "the game is over"


def test_hint_on_a_dead_board() -> None:
    assert "no move keeps" in Game(randfill(6)).process("h")


def test_additions_in_easybrain_and_their_limit() -> None:
    game = Game(parse_board("123"), "easybrain")
    assert "additions left: 5" in game.render()
    assert game.process("h") == "add numbers (a)"  # three digits: only an addition helps
    for left in range(4, -1, -1):
        assert f"additions left: {left}" in game.process("a")
    assert game.process("a").startswith("no additions left")
    assert "additions left: 1" in game.process("u")


def test_additions_are_refused_on_a_fixed_grid() -> None:
    reply = Game(parse_board("12/34")).process("a")
    assert "never add" in reply and "original" in reply


def test_play_command_reads_keyboard_lines() -> None:
    runner = CliRunner()
    result = runner.invoke(
        cli, ["nummatch", "play", "1919/5555"], input="a1 b1\nc1 d1\na2 b2\nc2 d2\n"
    )
    assert result.exit_code == 0, result.output
    assert "cleared: you win!" in result.output
    quit_early = runner.invoke(cli, ["nummatch", "play", "1919/5555"], input="q\n")
    assert quit_early.exit_code == 0 and "bye" in quit_early.output


def test_play_refuses_boards_wider_than_the_alphabet() -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["nummatch", "play", "5" * 28], input="q\n")
    assert result.exit_code != 0
    assert isinstance(result.exception, InvalidParameterError)


def _play(args: list[str], lines: list[str]) -> str:
    result = CliRunner().invoke(cli, ["nummatch", "play", *args], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.output


def _help_lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if "commands:" in line]


@pytest.mark.parametrize("rules", sorted(PRESETS))
def test_the_help_offers_adding_only_where_the_rules_add(rules: str) -> None:
    output = _play(["--rules", rules, "1919/5555"], ["?", "q"])
    helps = _help_lines(output)
    assert len(helps) == 2  # printed at the start and for "?"
    adds = PRESETS[rules].max_adds != 0
    assert all(("a = add numbers" in line) == adds for line in helps), helps
    assert all("u = undo" in line and "q = quit" in line for line in helps)


def test_adding_under_the_original_rules_says_they_never_add() -> None:
    output = _play(["1919/5555"], ["a", "q"])
    reply = output.split("> ")[1]
    assert "original rules never add numbers" in reply
    assert "additions left" not in reply


@pytest.mark.parametrize(("move", "named"), [
    ("a9 b9", "a9"), ("b1 e1", "e1"), ("4 0 0 0", "x=4,y=0"), ("0 0 0 2", "x=0,y=2")])
def test_an_off_board_cell_is_named(move: str, named: str) -> None:
    output = _play(["1919/5555"], [move, "q"])  # 4 columns a..d, rows 1..2
    reply = next(line for line in output.splitlines() if "cannot take" in line)
    assert f"{named} is off the board" in reply
    assert "columns run a to d, rows 1 to 2" in reply
    assert "summing" not in reply and "not connected" not in reply


def test_refusals_say_which_condition_failed() -> None:
    output = _play([str(randfill(6))], ["d1 c2", "a1 d3", "a1 a1", "b1 c1", "b1 c1", "q"])
    replies = [line for line in output.splitlines() if "cannot take" in line]
    assert "6 and 7 are neither equal nor sum to ten" in replies[0]
    assert "a1 and d3 are not connected" in replies[1] and "45° diagonal" in replies[1]
    assert "one cell twice" in replies[2]
    assert "b1 is already cleared" in replies[3]  # b1 c1 was taken between them
    assert len(replies) == 4


@pytest.mark.parametrize("rules", ["classic", "easybrain"])
def test_the_first_hint_on_the_1_to_19_start_is_a_pair_that_keeps_it_clearable(
        rules: str) -> None:
    # a generous hint time: the hint takes seconds on a busy machine, and this test is about
    # the hint's move, not its speed
    output = _play(["--rules", rules, "--hint-timeout", "120"], ["h", "q"])
    reply = next(line.removeprefix("> ") for line in output.splitlines() if "try " in line)
    match = re.fullmatch(r"try ([a-z])(\d+) ([a-z])(\d+)", reply)
    assert match, reply
    (c1, r1), (c2, r2) = ((ord(match[1]) - 97, int(match[2]) - 1),
                          (ord(match[3]) - 97, int(match[4]) - 1))
    flat = [int(v) for v in CLASSIC_START.replace("/", "")]
    a, b = sorted((r1 * 9 + c1, r2 * 9 + c2))
    assert flat[a] == flat[b] or flat[a] + flat[b] == 10
    assert connected(flat, 9, a, b, rules == "easybrain")  # legal, by the oracle
    after = take(parse_board(CLASSIC_START), Pair((r1, c1), (r2, c2)), rules)
    assert after is not None
    cleared = solve(after, rules, timeout=30)
    assert cleared.status.value == "solved"  # and the board can still be cleared


def test_hints_alone_clear_the_classic_start() -> None:
    game = Game(parse_board(CLASSIC_START), "classic", hint_timeout=120)  # a busy machine
    replies = []
    for _ in range(60):
        reply = game.process("h")
        replies.append(reply)
        game.process(reply.removeprefix("try ") if reply.startswith("try ") else "a")
        if game.finished:
            break
    assert game.finished and game.board.cleared
    assert replies[0].startswith("try ")
