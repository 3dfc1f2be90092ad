"""``numpuzzles fubuki ...``: solve, count, generate, check and hint Fubuki puzzles.

A puzzle comes from FILE arguments (the text or JSON format), from ``--rows``/``--cols``/
``--given`` options, or, on a terminal with neither, from prompts as in the original program.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path
from typing import Any

import click

from ..core.errors import InvalidPuzzleError, NumpuzzlesError
from ..core.result import Status
from ..core.seeds import fresh_seed, puzzle_id
from ..fubuki import formats
from ..fubuki.check import check as check_filling
from ..fubuki.draw import draw as draw_puzzle
from ..fubuki.generate import Variant
from ..fubuki.generate import generate as generate_puzzle
from ..fubuki.hint import hint as find_hint
from ..fubuki.model import Filling, Puzzle
from ..fubuki.solve import solve as solve_puzzle
from .common import (
    CONTEXT_SETTINGS,
    EXIT_OK,
    EXIT_UNSOLVABLE,
    Output,
    dumps_json,
    exit_code_for,
    json_option,
    output_option,
    read_text,
    seed_option,
    timeout_option,
)

_LIST_OPTIONS = ("--rows", "--cols", "--diagonals")


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
                while i < len(args) and (args[i].replace(",", "").isdigit() or args[i] == "?"):
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
        if not sep or not pos_text.strip().isdigit() or not value_text.strip().isdigit():
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


def _prompt_puzzle(size: int) -> Puzzle:
    """Ask for the given cell and the totals one by one, as the original did."""
    top = size * size

    def ask(text: str, low: int, high: int) -> int:
        value: int = click.prompt(text, type=click.IntRange(low, high), err=True)
        return value

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


_PUZZLE_OPTION_NAMES = (
    "files", "size", "rows_text", "cols_text", "given_specs", "diagonals_text", "product", "fmt",
    "interactive",
)
"""The parameters ``puzzle_options`` adds, all handed to ``_load``."""


def puzzle_options(func: Any) -> Any:
    """Options that describe the puzzles to work on; the command receives ``puzzles``.

    The wrapped command gets ``puzzles: list[tuple[str, Puzzle]]`` (a name for messages and
    the puzzle) instead of the raw options, so every verb reads puzzles the same way.
    """

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        source = {name: kwargs.pop(name) for name in _PUZZLE_OPTION_NAMES}
        return func(*args, puzzles=_load(**source), **kwargs)

    options = [
        click.argument("files", nargs=-1, type=click.Path(dir_okay=False, allow_dash=True)),
        click.option("--size", type=click.IntRange(3, 5), default=3, show_default=True,
                     help="Grid size n (n×n, digits 1..n²)."),
        click.option("--rows", "rows_text", metavar="R1 R2 ...",
                     help="Row totals, top to bottom (? for hidden)."),
        click.option("--cols", "cols_text", metavar="C1 C2 ...",
                     help="Column totals, left to right (? for hidden)."),
        click.option("--given", "given_specs", multiple=True, metavar="POS=VAL",
                     help="A given cell; POS counts 1..n² row by row. Repeatable."),
        click.option("--diagonals", "diagonals_text", metavar="D1 D2",
                     help="Totals of the main diagonal and the anti-diagonal."),
        click.option("--product", is_flag=True, help="Totals are products, not sums."),
        click.option("--format", "fmt", type=click.Choice(formats.FORMATS), default=None,
                     help="Input file format (default: sniffed)."),
        click.option("--interactive", is_flag=True,
                     help="Prompt for the puzzle even when standard input is not a terminal."),
    ]
    decorated: Any = wrapper
    for option in reversed(options):
        decorated = option(decorated)
    return decorated


def _load(
    files: tuple[str, ...],
    size: int,
    rows_text: str | None,
    cols_text: str | None,
    given_specs: tuple[str, ...],
    diagonals_text: str | None,
    product: bool,
    fmt: str | None,
    interactive: bool,
) -> list[tuple[str, Puzzle]]:
    """The puzzles to work on, each with a name for messages."""
    from_options = rows_text is not None or cols_text is not None
    if files and from_options:
        raise click.UsageError("give puzzle FILEs or --rows/--cols, not both")
    if files:
        loaded = []
        for path in files:
            try:
                puzzles = formats.parse(read_text(path), fmt)
            except NumpuzzlesError as exc:
                raise NumpuzzlesError(f"{path}: {exc}") from None
            loaded += [(f"{path} #{i + 1}", p) for i, p in enumerate(puzzles)]
        return loaded
    if from_options:
        rows = _totals(rows_text, "row totals")
        cols = _totals(cols_text, "column totals")
        if rows is None or cols is None:
            raise click.UsageError("--rows and --cols go together")
        diag = _totals(diagonals_text, "diagonal totals")
        if diag is not None and len(diag) != 2:
            raise click.BadParameter("takes two totals", param_hint="--diagonals")
        diagonals = None if diag is None else (diag[0], diag[1])
        puzzle = Puzzle(size, rows, cols, _givens(given_specs, size), diagonals, product)
        return [("puzzle", puzzle)]
    if interactive or sys.stdin.isatty():
        return [("puzzle", _prompt_puzzle(size))]
    raise click.UsageError("give a puzzle: FILE..., or --rows and --cols (see --help)")


def _sorted(solutions: tuple[Filling, ...]) -> list[Filling]:
    return sorted(solutions)


@click.group(context_settings=CONTEXT_SETTINGS)
def group() -> None:
    """Fubuki: place 1..n² once each so rows and columns add up to their totals.

    Sizes 3×3 (default), 4×4 and 5×5; any number of givens; variants with both diagonal
    totals (--diagonals) or with products (--product).
    """


@group.command(cls=_ListCommand, context_settings=CONTEXT_SETTINGS)
@puzzle_options
@click.option("--count", "count_only", is_flag=True, help="Print only the number of solutions.")
@click.option(
    "--limit", type=click.IntRange(min=1), default=None, help="Stop after this many solutions."
)
@json_option
@timeout_option
def solve(
    puzzles: list[tuple[str, Puzzle]],
    count_only: bool,
    limit: int | None,
    as_json: bool,
    timeout: float | None,
) -> int:
    """Print every solution and their number, like the original program.

    \b
    Example (the original's):
      numpuzzles fubuki solve --rows 16 22 7 --cols 11 16 18 --given 1=3
    Exit status 0 when solved, 1 when there is no solution, 3 when --timeout stopped it.
    """
    statuses = []
    for index, (name, puzzle) in enumerate(puzzles):
        result = solve_puzzle(puzzle, limit=limit, timeout=timeout)
        # A count cut short by --timeout is undecided even when solutions were found.
        statuses.append(Status.UNKNOWN if result.timed_out else result.status)
        solutions = _sorted(result.solutions)
        if as_json:
            obj: dict[str, Any] = {
                "count": result.count,
                "complete": result.complete,
                "status": result.status.value,
                "seconds": round(result.stats.seconds, 6),
            }
            if not count_only:
                obj["solutions"] = [[list(row) for row in sol] for sol in solutions]
            if len(puzzles) > 1:
                obj["puzzle"] = name
            click.echo(dumps_json(obj))
            continue
        if len(puzzles) > 1:
            if index:
                click.echo()
            click.echo(f"== {name}")
        if count_only:
            suffix = "" if result.complete else " (at least; stopped before the end)"
            click.echo(f"{result.count}{suffix}")
            continue
        for sol in solutions:
            click.echo(formats.format_filling(sol))
            click.echo()
        if result.status is Status.UNSOLVABLE:
            click.echo("There is no solution")
        elif result.timed_out:
            click.echo(f"Undecided: stopped by --timeout after {result.count} solution(s)")
        elif not result.complete:
            click.echo(f"Total solution(s) are: at least {result.count} (stopped at --limit)")
        else:
            click.echo(f"Total solution(s) are: {result.count}")
    return exit_code_for(statuses)


_VARIANT_HELP = "Variant: both diagonal totals are printed too."


@group.command(context_settings=CONTEXT_SETTINGS)
@click.option(
    "--size", type=click.IntRange(3, 5), default=3, show_default=True, help="Grid size n."
)
@seed_option
@click.option(
    "--givens",
    type=click.IntRange(min=0),
    default=None,
    help="Exactly this many givens (at least the filling's minimum). "
    "Default: the minimum (3×3) or an irreducible set (4×4, 5×5).",
)
@click.option("--diagonals", is_flag=True, help=_VARIANT_HELP)
@click.option("--product", is_flag=True, help="Variant: totals are products.")
@click.option(
    "--count",
    "how_many",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="How many puzzles (seeds SEED, SEED+1, ...).",
)
@click.option(
    "--solution", "with_solution", is_flag=True, help="Print the solution under each puzzle."
)
@json_option
@output_option
def generate(
    size: int,
    seed: int | None,
    givens: int | None,
    diagonals: bool,
    product: bool,
    how_many: int,
    with_solution: bool,
    as_json: bool,
    output: Path | None,
) -> int:
    """Print puzzles with exactly one solution, in the text format.

    Each puzzle is preceded by its ID (fubuki:SIZE...#SEED); the same --seed prints the
    same puzzle.
    """
    if diagonals and product:
        raise click.UsageError("choose one variant: --diagonals or --product")
    variant = Variant.DIAGONALS if diagonals else Variant.PRODUCT if product else Variant.PLAIN
    first = fresh_seed() if seed is None else seed
    out = Output(output)
    for k in range(how_many):
        current = first + k
        made = generate_puzzle(size, current, givens=givens, variant=variant)
        params = f"{size}x{size}"
        if variant is not Variant.PLAIN:
            params += f",{variant.value}"
        if givens is not None:
            params += f",givens={givens}"
        ident = puzzle_id("fubuki", params, current)
        if as_json:
            out.line(
                dumps_json(
                    {
                        "id": ident,
                        "seed": current,
                        "puzzle": formats.to_json(made.puzzle),
                        "solution": [list(row) for row in made.solution],
                        "givens": made.puzzle.given_count,
                    }
                )
            )
            continue
        if k:
            out.line()
        out.line(f"# {ident}")
        out.line(formats.dump(made.puzzle).rstrip("\n"))
        if with_solution:
            out.line("# solution:")
            for row in made.solution:
                out.line("# " + " ".join(str(v) for v in row))
    out.close()
    return EXIT_OK


@group.command(cls=_ListCommand, context_settings=CONTEXT_SETTINGS)
@puzzle_options
@click.option(
    "--filling",
    "filling_text",
    required=True,
    metavar="GRID",
    help="The proposed filling: rows separated by '/', e.g. '3 5 8/7 9 6/1 2 4'.",
)
@json_option
def check(
    puzzles: list[tuple[str, Puzzle]],
    filling_text: str,
    as_json: bool,
) -> int:
    """Verify a proposed filling; name every violated rule. Exit 1 when it is wrong."""
    bad = False
    for name, puzzle in puzzles:
        filling = formats.parse_filling(filling_text, puzzle.size)
        problems = check_filling(puzzle, filling)
        bad = bad or bool(problems)
        if as_json:
            click.echo(
                dumps_json(
                    {
                        "valid": not problems,
                        "violations": [{"rule": v.rule, "message": v.message} for v in problems],
                    }
                )
            )
        elif problems:
            for problem in problems:
                click.echo(f"{name}: {problem.message}" if len(puzzles) > 1 else problem.message)
        else:
            click.echo(f"{name}: valid" if len(puzzles) > 1 else "valid")
    return EXIT_UNSOLVABLE if bad else EXIT_OK


@group.command(cls=_ListCommand, context_settings=CONTEXT_SETTINGS)
@puzzle_options
@json_option
def hint(
    puzzles: list[tuple[str, Puzzle]],
    as_json: bool,
) -> int:
    """Name a cell whose value the totals force, and why.

    Exit 1 when the puzzle has no solution.
    """
    statuses = []
    for name, puzzle in puzzles:
        found = find_hint(puzzle)
        prefix = f"{name}: " if len(puzzles) > 1 else ""
        if found is not None:
            statuses.append(Status.SOLVED)
            if as_json:
                click.echo(
                    dumps_json(
                        {
                            "position": found.position,
                            "row": found.row,
                            "col": found.col,
                            "value": found.value,
                            "reason": found.reason,
                            "tier": found.tier,
                        }
                    )
                )
            else:
                click.echo(
                    f"{prefix}position {found.position} (row {found.row}, column "
                    f"{found.col}) is {found.value}: {found.reason}"
                )
            continue
        result = solve_puzzle(puzzle, limit=2)
        statuses.append(result.status)
        if result.status is Status.UNSOLVABLE:
            message = "the puzzle has no solution"
        elif 0 not in puzzle.givens:
            message = "the grid is already full"
        else:
            message = "no empty cell is forced: the puzzle has more than one solution"
        if as_json:
            click.echo(dumps_json({"position": None, "reason": message}))
        else:
            click.echo(prefix + message)
    return exit_code_for(statuses)


@group.command(cls=_ListCommand, context_settings=CONTEXT_SETTINGS)
@puzzle_options
@click.option("--solution", "with_solution", is_flag=True,
              help="Draw the solution too (the first one, if there are several).")
@output_option
def draw(
    puzzles: list[tuple[str, Puzzle]],
    with_solution: bool,
    output: Path | None,
) -> int:
    """Draw the puzzle as SVG (one document per puzzle, so give one puzzle with -o)."""
    if output is not None and len(puzzles) > 1:
        raise click.UsageError("-o takes one puzzle; this input holds several")
    out = Output(output)
    statuses = []
    for _name, puzzle in puzzles:
        solution = None
        if with_solution:
            result = solve_puzzle(puzzle, limit=1)
            statuses.append(result.status)
            solution = result.solutions[0] if result.solutions else None
        out.line(draw_puzzle(puzzle, solution).rstrip("\n"))
    out.close()
    return exit_code_for(statuses)
