"""The terminal game, driven through Game.process and through the command line."""

from __future__ import annotations

from click.testing import CliRunner

from numpuzzles.cli.main import cli
from numpuzzles.core.errors import InvalidParameterError
from numpuzzles.nummatch.board import parse_board
from numpuzzles.nummatch.play import Game
from numpuzzles.nummatch.randfill import randfill


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
    assert Game(parse_board("12/34")).process("a").startswith("no additions left")


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
