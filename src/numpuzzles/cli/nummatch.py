"""Number Match commands: solve, hint, count, generate, play.

Moves are printed as ``x1,y1,x2,y2`` with x = column and y = row, 0-based, as the original
assignment wrote them (the library works in ``(row, col)``; ``Pair.xy`` converts).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, TextIO

import click

from ..core.errors import InvalidParameterError
from ..core.result import SolveResult, Status
from ..core.seeds import fresh_seed
from ..nummatch.board import Board, Pair, parse_board
from ..nummatch.count import (
    DEFAULT_MAX_DIGITS,
    count_matchings,
    count_reading_sequences,
    count_sequences,
)
from ..nummatch.generate import DIFFICULTIES, generate
from ..nummatch.hint import hint as find_hint
from ..nummatch.play import HELP, Game
from ..nummatch.randfill import randfill
from ..nummatch.rules import PRESETS, get_rules
from ..nummatch.seedbfs import DEFAULT_MAX_BOARDS, seed_bfs
from ..nummatch.sequence import Move
from ..nummatch.solve import solve as exact_solve
from .common import (
    CONTEXT_SETTINGS,
    EXIT_OK,
    EXIT_UNKNOWN,
    EXIT_UNSOLVABLE,
    dumps_json,
    exit_code_for,
    json_option,
    read_text,
    seed_option,
    timeout_option,
)

Moves = tuple[Move, ...]

rules_option = click.option(
    "--rules",
    type=click.Choice(list(PRESETS)),
    default="original",
    show_default=True,
    help="Rule preset (connections): original, brief, classic, easybrain.",
)


@click.group(context_settings=CONTEXT_SETTINGS)
def group() -> None:
    """Number Match: clear the board by taking pairs that are equal or sum to ten.

    BOARD is rows of digits separated by '/' or newlines, 0 = cleared (or '-' to read
    standard input).  Moves are written x1,y1,x2,y2 with x = column, y = row, from 0.
    """


def _board_arg(text: str, rules: str) -> Board:
    if text == "-":
        text = read_text("-")
    return parse_board(text, allow_short_last_row=not get_rules(rules).fixed)


def _seed_range(text: str) -> range:
    first, sep, last = text.partition("..")
    try:
        low = int(first)
        high = int(last) if sep else low
    except ValueError:
        raise InvalidParameterError(f"--randfill takes SEED or SEED..SEED2, got {text!r}") from None
    if not 0 <= low <= high < 2**32:
        raise InvalidParameterError(
            f"--randfill seeds must satisfy 0 <= SEED <= SEED2 < 2**32: {text!r}"
        )
    if high - low >= 10_000_000:
        raise InvalidParameterError("--randfill range is limited to 10,000,000 seeds")
    return range(low, high + 1)


def _xy(moves: Moves) -> list[list[int] | str]:
    """Pairs as ``[x1, y1, x2, y2]`` (x = column, y = row); an addition as ``"add"``."""
    return [list(m.xy()) if isinstance(m, Pair) else "add" for m in moves]


@group.command(context_settings=CONTEXT_SETTINGS)
@click.argument("board", required=False)
@click.option(
    "--randfill",
    "seeds",
    metavar="SEED[..SEED2]",
    help="Use the original's randfill(SEED) boards (5x4).",
)
@rules_option
@click.option(
    "--quiet", "-q", is_flag=True, help="Print nothing; answer through the exit status only."
)
@json_option
@click.option(
    "--algorithm",
    type=click.Choice(["exact", "seed-bfs"]),
    default="exact",
    show_default=True,
    help="exact: the matching-view search; seed-bfs: the original's capped breadth-first search.",
)
@click.option(
    "--max-boards",
    type=click.IntRange(min=1),
    default=DEFAULT_MAX_BOARDS,
    show_default=True,
    help="seed-bfs only: size of the list of boards (the original used 100,000).",
)
@click.option(
    "--max-adds",
    type=click.IntRange(min=0),
    default=None,
    help="classic/easybrain: search at most this many additions (classic default 10; "
    "a bound below the rules' own limit answers 'unknown', never 'unsolvable').",
)
@timeout_option
def solve(
    board: str | None,
    seeds: str | None,
    rules: str,
    quiet: bool,
    as_json: bool,
    algorithm: str,
    max_boards: int,
    max_adds: int | None,
    timeout: float | None,
) -> int:
    """Can BOARD be cleared?  Prints the moves; exit 0 solvable, 1 proved not, 3 undecided."""
    if (board is None) == (seeds is None):
        raise click.UsageError("give either BOARD or --randfill SEED[..SEED2]")
    seed_list: Sequence[int | None] = [None]
    given = None
    if seeds is not None:
        seed_list = _seed_range(seeds)
    else:
        assert board is not None
        given = _board_arg(board, rules)
    many = len(seed_list) > 1
    statuses = []
    for seed in seed_list:  # boards are made one at a time: a long seed range streams
        puzzle = randfill(seed) if seed is not None else given
        assert puzzle is not None
        result: SolveResult[Moves]
        if algorithm == "seed-bfs":
            bfs = seed_bfs(puzzle, rules, max_boards=max_boards, timeout=timeout)
            result = SolveResult(bfs.status, bfs.solutions, bfs.complete, bfs.timed_out, bfs.stats)
        else:
            result = exact_solve(puzzle, rules, timeout=timeout, max_adds=max_adds)
        statuses.append(result.status)
        if quiet:
            continue
        moves = result.solutions[0] if result.solutions else ()
        if as_json:
            obj: dict[str, Any] = {}
            if seed is not None:
                obj["seed"] = seed
            obj.update(
                board=str(puzzle),
                rules=rules,
                algorithm=algorithm,
                status=result.status.value,
                moves=_xy(moves) if result.status is Status.SOLVED else None,
                adds=sum(1 for m in moves if not isinstance(m, Pair)),
                nodes=result.stats.nodes,
                seconds=round(result.stats.seconds, 6),
            )
            click.echo(dumps_json(obj))
        elif many:
            tail = " " + " ".join(str(m) for m in moves) if result.status is Status.SOLVED else ""
            click.echo(f"{seed} {puzzle} {result.status.value}{tail}")
        elif result.status is Status.SOLVED:
            for m in moves:
                click.echo(str(m))
        elif result.status is Status.UNSOLVABLE:
            click.echo("unsolvable")
        else:
            click.echo("unknown (a limit stopped the search)")
    return exit_code_for(statuses)


@group.command(context_settings=CONTEXT_SETTINGS)
@click.argument("board")
@rules_option
@json_option
@timeout_option
def hint(board: str, rules: str, as_json: bool, timeout: float | None) -> int:
    """A move that keeps BOARD solvable (exit 1 when no move does)."""
    puzzle = _board_arg(board, rules)
    answer = find_hint(puzzle, rules, timeout=timeout)
    if as_json:
        click.echo(
            dumps_json(
                {
                    "board": str(puzzle),
                    "rules": rules,
                    "status": answer.status.value,
                    "move": _xy((answer.move,))[0] if answer.move else None,
                    "adds": answer.adds,
                }
            )
        )
    elif puzzle.cleared:
        click.echo("the board is already cleared")
    elif answer.move is not None:
        if isinstance(answer.move, Pair):
            click.echo(str(answer.move))
        else:
            click.echo(f"add (starts a clearing with the fewest additions: {answer.adds})")
    elif answer.status is Status.UNSOLVABLE:
        revive = "" if get_rules(rules).fixed else ", and no addition revives it"
        click.echo(f"no move keeps it solvable{revive}")
    else:
        click.echo("unknown (a limit stopped the search)")
    if answer.status is Status.UNSOLVABLE:
        return EXIT_UNSOLVABLE
    return EXIT_UNKNOWN if answer.status is Status.UNKNOWN else EXIT_OK


@group.command(context_settings=CONTEXT_SETTINGS)
@click.argument("board")
@rules_option
@json_option
@click.option(
    "--max-digits",
    type=click.IntRange(min=0),
    default=DEFAULT_MAX_DIGITS,
    show_default=True,
    help="Count ordered move sequences only for boards with at most this many digits.",
)
def count(board: str, rules: str, as_json: bool, max_digits: int) -> int:
    """Count clearing matchings (sets of pairs) and, for small boards, ordered move lists.

    Under classic/easybrain only ordered move lists with the fewest additions are counted
    (an addition is one move of the list); matchings have no meaning there.
    """
    puzzle = _board_arg(board, rules)
    if not get_rules(rules).fixed:
        adds, lists = count_reading_sequences(puzzle, rules, max_digits=max_digits)
        if as_json:
            click.echo(
                dumps_json(
                    {
                        "board": str(puzzle),
                        "rules": rules,
                        "matchings": None,
                        "fewest_adds": adds,
                        "sequences": lists,
                    }
                )
            )
        elif adds is None:
            click.echo("no clearing within the additions searched: 0 move lists")
        else:
            click.echo(f"fewest additions: {adds}")
            click.echo(f"ordered move lists with {adds} additions (an addition is a move): {lists}")
        if adds is None:
            return EXIT_UNSOLVABLE if get_rules(rules).max_adds is not None else EXIT_UNKNOWN
        return EXIT_OK
    matchings = count_matchings(puzzle, rules)
    sequences = (
        count_sequences(puzzle, rules, max_digits=max_digits)
        if puzzle.remaining <= max_digits
        else None
    )
    if as_json:
        click.echo(
            dumps_json(
                {
                    "board": str(puzzle),
                    "rules": rules,
                    "matchings": matchings,
                    "sequences": sequences,
                }
            )
        )
    else:
        click.echo(f"clearing matchings (distinct sets of pairs): {matchings}")
        if sequences is None:
            click.echo(f"ordered move sequences: not counted (more than {max_digits} digits)")
        else:
            click.echo(f"ordered move sequences (move orders): {sequences}")
    return EXIT_OK if matchings else EXIT_UNSOLVABLE


@group.command("generate", context_settings=CONTEXT_SETTINGS)
@click.option(
    "--width",
    type=click.IntRange(1, 30),
    default=None,
    help="Columns [default: 5 on fixed grids, 9 under classic/easybrain].",
)
@click.option(
    "--height",
    type=click.IntRange(1, 30),
    default=None,
    help="Rows [default: 4 on fixed grids, 3 under classic/easybrain].",
)
@rules_option
@seed_option
@click.option(
    "--difficulty",
    type=click.Choice(list(DIFFICULTIES)),
    default=None,
    help="Fixed grids: trap rate band, easy < 0.15 <= medium < 0.30 <= hard.  "
    "classic/easybrain: fewest additions, easy 0, medium 1, hard 2+ "
    "(see nummatch/generate.py).",
)
@json_option
def generate_cmd(
    width: int | None,
    height: int | None,
    rules: str,
    seed: int | None,
    difficulty: str | None,
    as_json: bool,
) -> int:
    """A solvable board (proved by the solver), graded by its trap rate or fewest additions."""
    if seed is None:
        seed = fresh_seed()
    fixed = get_rules(rules).fixed
    if width is None:
        width = 5 if fixed else 9
    if height is None:
        height = 4 if fixed else 3
    made = generate(width, height, rules=rules, seed=seed, difficulty=difficulty)
    if as_json:
        obj: dict[str, Any] = {
            "board": str(made.board),
            "rules": made.rules,
            "seed": seed,
            "difficulty": made.difficulty,
        }
        if made.trap_rate is not None:
            obj["trap_rate"] = round(made.trap_rate, 4)
            obj["moves"] = _xy(made.solution)
        else:
            obj["adds"] = made.adds
            obj["moves"] = _xy(made.moves)
        click.echo(dumps_json(obj))
    else:
        click.echo(str(made.board))
        measure = (
            f"trap rate {made.trap_rate:.3f}"
            if made.trap_rate is not None
            else f"fewest additions {made.adds}"
        )
        click.echo(f"# seed {seed}, rules {made.rules}, {made.difficulty} ({measure})")
    return EXIT_OK


CLASSIC_START = "123456789/111213141/516171819"
"""The classic Take Ten start: the digits of 1..19, leaving out the 0 of 10."""


@group.command(context_settings=CONTEXT_SETTINGS)
@click.argument("board", required=False)
@rules_option
@seed_option
def play(board: str | None, rules: str, seed: int | None) -> int:
    """Play in the terminal: type two cells like 'b1 c1', u = undo, h = hint, a = add, q = quit.

    Without BOARD: a generated 5x4 board (original, brief) or the classic 1..19 start.
    """
    if board is not None:
        puzzle = _board_arg(board, rules)
    elif get_rules(rules).fixed:
        if seed is None:
            seed = fresh_seed()
        puzzle = generate(5, 4, rules=rules, seed=seed).board
        click.echo(f"# seed {seed}")
    else:
        puzzle = parse_board(CLASSIC_START)
    game = Game(puzzle, rules)
    click.echo(game.render())
    click.echo(HELP)
    stdin: TextIO = sys.stdin
    while not game.finished:
        click.echo("> ", nl=False)
        line = stdin.readline()
        if not line:
            click.echo()
            break
        click.echo(game.process(line))
    return EXIT_OK
