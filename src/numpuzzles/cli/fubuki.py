"""What Fubuki's commands have of their own: puzzles from options, and prompts.

The verbs themselves (solve, check, generate, convert, hint, draw, analyse) are the shared
ones in ``verbs.py``.  Fubuki adds a puzzle source: ``--rows``/``--cols``/``--given`` (and
``--diagonals``, ``--product``) describe one puzzle on the command line, and on a terminal
with neither files nor options the puzzle is asked for cell by cell, as the original
program did.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from typing import Any

import click

from ..core.errors import InvalidPuzzleError
from ..fubuki.model import Puzzle
from .extras import CliExtras, Named, PuzzleSource

_LIST_OPTIONS = ("--rows", "--cols", "--diagonals")
_NUMBER = re.compile("[0-9]{1,9}")
_NUMBERS = re.compile("[0-9,]{1,200}")
_ANSWER = re.compile("[0-9]{1,12}")


class _ListCommand(click.Command):
    """Lets ``--rows 16 22 7`` take several values by joining them before click parses.

    click options take a fixed number of values; the size of the puzzle is not known until
    ``--size`` is read, so numbers (and ``?``) after a list option are joined with commas.
    """

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        joined: list[str] = []
        i = 0
        while i < len(args):
            arg = args[i]
            joined.append(arg)
            i += 1
            if arg in _LIST_OPTIONS:
                values: list[str] = []
                while i < len(args) and (_NUMBERS.fullmatch(args[i]) or args[i] == "?"):
                    values.append(args[i])
                    i += 1
                if values:
                    joined.append(",".join(values))
        return super().parse_args(ctx, joined)


def _totals(text: str | None, what: str) -> tuple[int | None, ...] | None:
    if text is None:
        return None
    items = [t for t in text.replace(",", " ").split() if t]
    try:
        return tuple(None if t == "?" else int(t) for t in items)
    except ValueError:
        raise click.BadParameter(f"{what} are numbers (or ? for hidden), got {text!r}") from None


def _givens(specs: tuple[str, ...], size: int) -> tuple[int, ...]:
    cells = [0] * (size * size)
    for spec in specs:
        pos_text, sep, value_text = spec.partition("=")
        if not sep or not _NUMBER.fullmatch(pos_text.strip()) or not _NUMBER.fullmatch(
            value_text.strip()
        ):
            raise click.BadParameter(f"expected POS=VALUE, got {spec!r}", param_hint="--given")
        pos, value = int(pos_text), int(value_text)
        if not 1 <= pos <= size * size:
            raise click.BadParameter(
                f"position {pos} is outside 1..{size * size}", param_hint="--given"
            )
        if cells[pos - 1]:
            raise click.BadParameter(f"position {pos} is given twice", param_hint="--given")
        cells[pos - 1] = value
    return tuple(cells)


def _whole(answer: str, low: int, high: int) -> int | None:
    """``answer`` as a whole number in ``low..high``, or None."""
    text = answer.strip()
    if not _ANSWER.fullmatch(text):
        return None
    value = int(text)
    return value if low <= value <= high else None


def _prompt_puzzle(size: int) -> Puzzle:
    """Ask for the given cell and the totals one by one, as the original did.

    Why the answers are read as text and checked here, not by a click type: click answers
    ``abc`` with "Error: 'abc' is not a valid integer range.", which tells a player about
    the program, not what to type; here a wrong answer gets one sentence saying what is
    wanted, and the question again.
    """
    top = size * size

    def ask(text: str, low: int, high: int) -> int:
        while True:
            answer: str = click.prompt(text, type=str, err=True)
            value = _whole(answer, low, high)
            if value is not None:
                return value
            click.echo(f"Please type a whole number from {low:,} to {high:,}.", err=True)

    while True:
        position = ask(f"Position of the given cell (1-{top})", 1, top)
        value = ask(f"Value in that cell (1-{top})", 1, top)
        rows = tuple(ask(f"R{i + 1}", 1, 10**9) for i in range(size))
        cols = tuple(ask(f"C{i + 1}", 1, 10**9) for i in range(size))
        givens = [0] * top
        givens[position - 1] = value
        try:
            return Puzzle(size, rows, cols, tuple(givens))
        except InvalidPuzzleError as exc:
            click.echo(f"Invalid puzzle: {exc}. Please enter it again.", err=True)


def _load(values: dict[str, Any], read: dict[str, Any]) -> Iterator[Named] | None:
    """The puzzle the options describe; prompts when stdin is a terminal and nothing is
    given; None when puzzle files should be read instead."""
    rows_text, cols_text = values["rows_text"], values["cols_text"]
    size: int = values["size"]
    if rows_text is not None or cols_text is not None:
        rows = _totals(rows_text, "row totals")
        cols = _totals(cols_text, "column totals")
        if rows is None or cols is None:
            raise click.UsageError("--rows and --cols go together")
        diag = _totals(values["diagonals_text"], "diagonal totals")
        if diag is not None and len(diag) != 2:
            raise click.BadParameter("takes two totals", param_hint="--diagonals")
        diagonals = None if diag is None else (diag[0], diag[1])
        givens = _givens(values["given_specs"], size)
        return iter([("puzzle", Puzzle(size, rows, cols, givens, diagonals, values["product"]))])
    if values["given_specs"] or values["diagonals_text"] is not None or values["product"]:
        raise click.UsageError("--given, --diagonals and --product need --rows and --cols")
    if values["interactive"] or (sys.stdin.isatty() and not _has_inputs()):
        return iter([("puzzle", _prompt_puzzle(size))])
    return None


def _has_inputs() -> bool:
    ctx = click.get_current_context(silent=True)
    return bool(ctx is not None and ctx.params.get("inputs"))


SOURCE = PuzzleSource(
    options=[
        click.option("--size", type=click.IntRange(3, 5), default=3, show_default=True,
                     help="Grid size n of a puzzle given by options (n×n, digits 1..n²)."),
        click.option("--rows", "rows_text", metavar="R1 R2 ...",
                     help="Row totals, top to bottom (? for hidden)."),
        click.option("--cols", "cols_text", metavar="C1 C2 ...",
                     help="Column totals, left to right (? for hidden)."),
        click.option("--given", "given_specs", multiple=True, metavar="POS=VAL",
                     help="A given cell; POS counts 1..n² row by row. Repeatable."),
        click.option("--diagonals", "diagonals_text", metavar="D1 D2",
                     help="Totals of the main diagonal and the anti-diagonal."),
        click.option("--product", is_flag=True, help="Totals are products, not sums."),
        click.option("--interactive", is_flag=True,
                     help="Prompt for the puzzle even when standard input is not a terminal."),
    ],
    names=("size", "rows_text", "cols_text", "given_specs", "diagonals_text", "product",
           "interactive"),
    load=_load,
)

EXTRAS = CliExtras(source=SOURCE, command_class=_ListCommand)
