"""What Number Match's commands have of their own: ``count``, ``play``, ``--randfill``.

The shared verbs (solve, check, generate, convert, hint) live in ``verbs.py``.  Moves are
printed as ``x1,y1,x2,y2`` with x = column and y = row, 0-based, as the original assignment
wrote them (the library works in ``(row, col)``; ``Pair.xy`` converts).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any, TextIO

import click

from ..core.errors import InvalidParameterError
from ..core.family import Ruled
from ..core.records import dumps_json
from ..core.seeds import fresh_seed
from ..nummatch.board import Board
from ..nummatch.count import (
    DEFAULT_MAX_DIGITS,
    count_matchings,
    count_reading_sequences,
    count_sequences,
)
from ..nummatch.family import FAMILY
from ..nummatch.play import Game
from ..nummatch.randfill import randfill
from ..nummatch.rules import PRESETS, get_rules
from ..nummatch.seqsolve import never_clears
from .common import (
    CONTEXT_SETTINGS,
    EXIT_OK,
    EXIT_UNKNOWN,
    EXIT_UNSOLVABLE,
    json_option,
    seed_option,
)
from .extras import CliExtras, Named, PuzzleSource
from .inputs import read_argument

RANDFILL_MAX_SEEDS = 10_000_000

rules_option = click.option(
    "--rules",
    type=click.Choice(list(PRESETS)),
    default="original",
    show_default=True,
    help="Rule preset (connections): original, brief, classic, easybrain.",
)


def _board_arg(text: str, rules: str) -> Board:
    """BOARD: a file, '-', or the rows themselves (``18866/62725/32795/34448``)."""
    _, content = read_argument(text)
    (game,) = FAMILY.parse(content, rules=rules)[:1]
    board: Board = game.puzzle
    return board


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
    if high - low >= RANDFILL_MAX_SEEDS:
        raise InvalidParameterError(f"--randfill range is limited to {RANDFILL_MAX_SEEDS:,} seeds")
    return range(low, high + 1)


def _randfill(values: dict[str, Any], read: dict[str, Any]) -> Iterator[Named] | None:
    """The original's ``randfill(SEED)`` boards, made one at a time (a long range streams)."""
    if values["seeds"] is None:
        return None
    seeds = _seed_range(values["seeds"])
    rules = get_rules(read.get("rules") or "original").name
    return ((f"randfill {seed}", Ruled(randfill(seed), rules)) for seed in seeds)


RANDFILL = PuzzleSource(
    options=[
        click.option("--randfill", "seeds", metavar="SEED[..SEED2]",
                     help="Use the original's randfill(SEED) boards (5x4) instead of PUZZLE."),
    ],
    names=("seeds",),
    load=_randfill,
)


@click.command(context_settings=CONTEXT_SETTINGS)
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
    record: dict[str, Any] = {"family": FAMILY.name, "puzzle": FAMILY.puzzle_json(
        Ruled(puzzle, rules))}
    if not get_rules(rules).fixed:
        adds, lists = count_reading_sequences(puzzle, rules, max_digits=max_digits)
        endless = adds is None and never_clears(puzzle, rules)
        decided = adds is not None or get_rules(rules).max_adds is not None or endless
        if as_json:
            record.update(count=lists if adds is not None else 0, complete=decided,
                          details={"matchings": None, "fewest_adds": adds, "sequences": lists})
            click.echo(dumps_json(record))
        elif endless:
            click.echo("no clearing with any number of additions (the game never ends): "
                       "0 move lists")
        elif adds is None:
            click.echo("no clearing within the additions searched: 0 move lists")
        else:
            click.echo(f"fewest additions: {adds}")
            click.echo(f"ordered move lists with {adds} additions (an addition is a move): {lists}")
        if adds is None:
            return EXIT_UNSOLVABLE if decided else EXIT_UNKNOWN
        return EXIT_OK
    matchings = count_matchings(puzzle, rules)
    sequences = (
        count_sequences(puzzle, rules, max_digits=max_digits)
        if puzzle.remaining <= max_digits
        else None
    )
    if as_json:
        record.update(count=matchings, complete=True,
                      details={"matchings": matchings, "sequences": sequences})
        click.echo(dumps_json(record))
    else:
        click.echo(f"clearing matchings (distinct sets of pairs): {matchings}")
        if sequences is None:
            click.echo(f"ordered move sequences: not counted (more than {max_digits} digits)")
        else:
            click.echo(f"ordered move sequences (move orders): {sequences}")
    return EXIT_OK if matchings else EXIT_UNSOLVABLE


CLASSIC_START = "123456789/111213141/516171819"
"""The classic Take Ten start: the digits of 1..19, leaving out the 0 of 10."""


@click.command(context_settings=CONTEXT_SETTINGS)
@click.argument("board", required=False)
@rules_option
@seed_option
@click.option("--hint-timeout", type=click.FloatRange(min=0, min_open=True), default=5.0,
              show_default=True,
              help="Seconds a hint (h) may think before it says the solver ran out of time.")
def play(board: str | None, rules: str, seed: int | None, hint_timeout: float) -> int:
    """Play in the terminal: type two cells like 'b1 c1', u = undo, h = hint, q = quit
    (a = add numbers under classic and easybrain).

    Without BOARD: a generated 5x4 board (original, brief) or the classic 1..19 start.
    """
    if board is not None:
        puzzle = _board_arg(board, rules)
    elif get_rules(rules).fixed:
        if seed is None:
            seed = fresh_seed()
        made = FAMILY.generate({"rules": rules}, seed)
        puzzle = made.puzzle.puzzle
        click.echo(f"# {made.id}")
    else:
        puzzle = _board_arg(CLASSIC_START, rules)
    game = Game(puzzle, rules, hint_timeout=hint_timeout)
    click.echo(game.render())
    click.echo(game.help)
    stdin: TextIO = sys.stdin
    while not game.finished:
        click.echo("> ", nl=False)
        line = stdin.readline()
        if not line:
            click.echo()
            break
        click.echo(game.process(line))
    return EXIT_OK


def _undecided_words(game: Ruled[Board], result: Any, options: dict[str, Any]) -> str | None:
    """What an ``unknown`` answer of the reading-order presets proved: the bounds it
    searched to the end (``seqsolve``; ``SolveResult.refuted``).  With no time limit in
    the way every bound up to ``--max-adds`` was, so no clearing with that many additions
    exists, while the rules allow more; a time limit may still have left a proof of fewer,
    which is said before the limit (the 27-digit nawglan-27r under the paper rule: no
    clearing with up to 2 additions, 3 undecided)."""
    rules = get_rules(game.rules)
    if rules.fixed or options.get("algorithm") == "seed-bfs":
        return None
    bound = result.refuted
    if bound is None:
        return None
    plural = "" if bound == 1 else "s"
    proved = ("no clearing without an addition" if bound == 0
              else f"no clearing with up to {bound} addition{plural}") + " (searched to the end)"
    if result.timed_out:
        return f"{proved}; a limit stopped the search for {bound + 1}"
    more = "more" if rules.max_adds is None else str(rules.max_adds)
    return f"{proved}; {rules.name} allows {more} (--max-adds)"


EXTRAS = CliExtras(source=RANDFILL, commands=(count, play), undecided_words=_undecided_words)
