"""The verbs every family shares, written once over the ``Family`` protocol.

``build_group(name)`` makes ``numpuzzles FAMILY``: ``solve``, ``check``, ``generate``,
``convert``, and ``hint`` and ``draw`` where the family has them, plus whatever the
family's own module adds (``cli/extras.py``).  Shared options: ``--json`` (one record per
puzzle, ``core/records.py``), ``--seed``, ``--timeout``, ``--format``/``--to``, ``-o``.
Exit status: 0 success, 1 no solution (proved) or an invalid solution, 2 bad input,
3 undecided within the limits.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import click

from .. import families
from ..core.errors import InvalidParameterError
from ..core.family import Family, Generated
from ..core.fileio import atomic_write_bytes, check_writable
from ..core.records import (
    check_record,
    dumps_json,
    generated_record,
    hint_record,
    solve_record,
)
from ..core.result import SolveResult, Status
from ..core.seeds import MAX_SEED, fresh_seed, parse_puzzle_id
from . import params as cli_params
from .common import (
    CONTEXT_SETTINGS,
    EXIT_OK,
    EXIT_UNSOLVABLE,
    Output,
    exit_code_for,
    json_option,
    output_option,
    timeout_option,
)
from .extras import CliExtras, Named, extras_for
from .inputs import load, read_argument

if TYPE_CHECKING:
    from pathlib import Path

Fam = Family[Any, Any]


def _inputs_argument(func: Any) -> Any:
    return click.argument("inputs", nargs=-1, metavar="[PUZZLE]...")(func)


def _format_option(family: Fam) -> Callable[[Any], Any]:
    return click.option(
        "--format", "fmt", type=click.Choice(list(family.formats)), default=None,
        help="Input format (default: sniffed).",
    )


def _to_option(family: Fam, help_text: str, required: bool = False) -> Callable[[Any], Any]:
    return click.option(
        "--to", "to", type=click.Choice(list(family.formats)), default=None, required=required,
        help=help_text,
    )


class _Puzzles:
    """The puzzle-reading part every verb shares: inputs, --format, read options, and the
    family's own puzzle source."""

    def __init__(self, family: Fam, extras: CliExtras) -> None:
        self.family = family
        self.extras = extras

    def decorators(self) -> list[Callable[[Any], Any]]:
        out = [_inputs_argument, _format_option(self.family)]
        out += cli_params.decorators(self.family.read_params, arguments=False)
        if self.extras.source is not None:
            out += list(self.extras.source.options)
        return out

    def take(self, kwargs: dict[str, Any]) -> tuple[Iterator[Named], dict[str, Any]]:
        """The puzzles (lazily) and the read options, popped from ``kwargs``."""
        inputs: tuple[str, ...] = kwargs.pop("inputs")
        fmt: str | None = kwargs.pop("fmt")
        read = cli_params.take(self.family.read_params, kwargs)
        source = self.extras.source
        if source is not None:
            values = {name: kwargs.pop(name) for name in source.names}
            made = source.load(values, read)
            if made is not None:
                if inputs:
                    raise click.UsageError("give puzzle files or the puzzle options, not both")
                return made, read
        if not inputs:
            raise click.UsageError("give a puzzle: a FILE, '-' for standard input, or its text")
        return load(self.family, inputs, fmt, read), read


_ONE_ONLY = "this solver looks for one solution only"


def _why_incomplete(result: SolveResult[Any], wanted: int | None) -> str | None:
    """Why a search that found solutions stopped before it proved there are no more: the
    time limit, the --limit, or (None) the solver itself, which looks for one solution only
    (Number Match's); the summary must not blame a limit nobody set."""
    if result.timed_out:
        return "time limit"
    if wanted is not None and result.count >= wanted:
        return "--limit"
    return None


def _undecided(result: SolveResult[Any], mode: str, wanted: int | None) -> bool:
    """Whether the question asked (how many? unique?) was left open: exit status 3."""
    if mode == "one":
        return False
    if result.timed_out:
        return True
    if mode == "unique":
        return result.status is Status.SOLVED and result.unique is None
    if mode == "count":
        return not result.complete and _why_incomplete(result, wanted) is None
    return False


def _command(
    func: Callable[..., int],
    decorated: list[Callable[[Any], Any]],
    cls: type[click.Command] = click.Command,
) -> click.Command:
    """The click command named after ``func``, with ``decorated`` options in order."""
    return click.command(func.__name__, cls=cls, context_settings=CONTEXT_SETTINGS)(
        cli_params.apply(func, decorated)
    )


def _summary(
    family: Fam, puzzle: Any, result: SolveResult[Any], mode: str, wanted: int | None
) -> str:
    """One line saying what the solver established."""
    if result.status is Status.UNSOLVABLE:
        return "no solution"
    if result.status is Status.UNKNOWN:
        return "undecided: a limit stopped the search"
    if mode == "unique":
        if result.unique is True:
            return "unique"
        if result.unique is False:
            if len(result.solutions) >= 2:
                how = family.explain_difference(puzzle, result.solutions[0], result.solutions[1])
                return f"not unique: {how}"
            return f"not unique: {result.count} solutions"
        why = _why_incomplete(result, wanted) or _ONE_ONLY
        return f"solved; uniqueness undecided ({why})"
    if mode == "one":
        return "solved"
    plural = "s" if result.count != 1 else ""
    if result.complete:
        return f"{result.count} solution{plural}"
    cause = _why_incomplete(result, wanted)
    if cause == "time limit":
        return f"at least {result.count} solution{plural} (undecided: stopped by the time limit)"
    if cause == "--limit":
        return f"at least {result.count} solution{plural} (stopped at --limit)"
    return f"at least {result.count} solution{plural} (undecided: {_ONE_ONLY})"


def _solve_command(family: Fam, extras: CliExtras) -> click.Command:
    puzzles = _Puzzles(family, extras)
    default = "all" if family.default_limit is None else str(family.default_limit)

    def solve(**kwargs: Any) -> int:
        source, _ = puzzles.take(kwargs)
        options = cli_params.take(family.solve_params, kwargs)
        unique, count, limit = kwargs["unique"], kwargs["count_all"], kwargs["limit"]
        quiet, as_json, to = kwargs["quiet"], kwargs["as_json"], kwargs["to"]
        if unique and (count or limit is not None):
            raise click.UsageError("--unique decides between one and two solutions: no --count "
                                   "or --limit with it")
        mode = "unique" if unique else "count" if count else "one"
        wanted: int | None
        if unique:
            wanted = 2
        elif count:
            wanted = limit
        else:
            wanted = limit if limit is not None else family.default_limit
            if wanted != 1:
                mode = "list"
        out = Output(kwargs["output"])
        statuses = []
        for index, (name, puzzle) in enumerate(source):
            result = family.solve(puzzle, limit=wanted, timeout=kwargs["timeout"], **options)
            # A count or a uniqueness proof cut short by the time limit is undecided.
            # So is one this solver cannot settle (Number Match's looks for one solution only).
            undecided = _undecided(result, mode, wanted)
            statuses.append(Status.UNKNOWN if undecided else result.status)
            if quiet:
                continue
            if as_json:
                record = solve_record(family, puzzle, result, source=name,
                                      list_all=mode != "one")
                out.line(dumps_json(record))
                continue
            if index:
                out.line()
            summary = _summary(family, puzzle, result, mode, wanted)
            out.line(f"{name} ({family.describe(puzzle)}): {summary} "
                     f"({result.stats.seconds:.3f} s)")
            shown = () if mode == "count" else result.solutions
            for number, solution in enumerate(shown):
                if number:
                    out.line()
                out.line(family.dump_solution(puzzle, solution, to).rstrip("\n"))
        out.close()
        return exit_code_for(statuses)

    solve.__doc__ = f"""Solve every puzzle given ('-' reads standard input).

    A PUZZLE is a file, '-' or the puzzle's own text.  By default {default} solution(s)
    are looked for; --unique decides uniqueness, --count counts them.  Exit status: 0
    solved, 1 some puzzle proved unsolvable, 3 some undecided within --timeout.
    """
    decorated = [
        *puzzles.decorators(),
        click.option("--unique", is_flag=True, help="Decide whether the solution is unique."),
        click.option("--count", "count_all", is_flag=True,
                     help="Count the solutions (exactly, or up to --limit); print the count."),
        click.option("--limit", type=click.IntRange(min=1), default=None,
                     help=f"Look for at most this many solutions [default: {default}]."),
        *cli_params.decorators(family.solve_params),
        timeout_option,
        _to_option(family, "Format of printed solutions (default: the family's own)."),
        click.option("--quiet", "-q", is_flag=True,
                     help="Print nothing; answer through the exit status only."),
        json_option,
        output_option,
    ]
    return _command(solve, decorated, extras.command_class)


def _check_command(family: Fam, extras: CliExtras) -> click.Command:
    puzzles = _Puzzles(family, extras)

    def check(**kwargs: Any) -> int:
        inputs: tuple[str, ...] = kwargs["inputs"]
        solution_arg: str | None = kwargs.pop("solution")
        if solution_arg is None:
            from_options = extras.source is not None and any(
                kwargs.get(n) not in (None, (), False) for n in extras.source.names
            )
            if len(inputs) == 1 and not from_options and extras.hidden_check is not None:
                return extras.hidden_check(inputs[0], kwargs["as_json"])
            if not inputs or (len(inputs) < 2 and not from_options):
                raise click.UsageError("give the PUZZLE and the SOLUTION (or --solution)")
            solution_arg = inputs[-1]
            kwargs["inputs"] = inputs[:-1]
        source, _ = puzzles.take(kwargs)
        _, solution_text = read_argument(solution_arg)
        bad = False
        out = Output(None)
        for name, puzzle in source:
            solution = family.parse_solution(solution_text, puzzle, kwargs["fmt_solution"])
            violations = family.check(puzzle, solution)
            bad = bad or bool(violations)
            if kwargs["as_json"]:
                out.line(dumps_json(check_record(family, puzzle, violations, source=name)))
            elif not violations:
                out.line(f"{name}: valid ({family.describe(puzzle)})")
            else:
                first = violations[0]
                out.line(f"{name}: invalid ({family.describe(puzzle)}): {first.message}")
                for violation in violations[1:]:
                    out.line(f"  also: {violation.message}")
        return EXIT_UNSOLVABLE if bad else EXIT_OK

    check.__doc__ = """Verify a proposed SOLUTION of PUZZLE from the rules alone.

    The last argument (or --solution) is the solution: a file, '-' or its text, in the
    family's text form or as JSON (a 'solve --json' record works).  Names every broken
    rule.  Exit status: 0 valid, 1 invalid.
    """
    decorated = [
        *puzzles.decorators(),
        click.option("--solution", default=None, metavar="SOLUTION",
                     help="The solution (file, '-' or text), when not the last argument."),
        click.option("--solution-format", "fmt_solution", type=click.Choice(list(family.formats)),
                     default=None, help="Format of the solution (default: sniffed)."),
        json_option,
    ]
    return _command(check, decorated, extras.command_class)


def _progress(items: Iterator[Generated[Any, Any]], count: int) -> Iterator[Generated[Any, Any]]:
    """A progress bar on a terminal (standard error) for runs of several puzzles."""
    if count < 2 or not sys.stderr.isatty():
        yield from items
        return
    with click.progressbar(length=count, label="generating", file=sys.stderr,
                           show_eta=True, show_pos=True) as bar:
        for item in items:
            yield item
            bar.update(1)


def _generate_command(family: Fam, extras: CliExtras) -> click.Command:
    from ..core.batch import MAX_COUNT, generate_many  # here: only generating needs it

    def generate(**kwargs: Any) -> int:
        given = cli_params.take(family.generate_params, kwargs)
        ident: str | None = kwargs["ident"]
        to, as_json, count = kwargs["to"], kwargs["as_json"], kwargs["count"]
        if ident is not None:
            if given or kwargs["seed"] is not None or count != 1:
                raise click.UsageError("--id names one puzzle: no other generation options")
            name, _, _ = parse_puzzle_id(ident)
            if name != family.name:
                raise InvalidParameterError(f"{ident!r} is a {name} ID, not a {family.name} one")
            items: Iterator[Generated[Any, Any]] = iter([family.regenerate(ident)])
        else:
            seed = fresh_seed() if kwargs["seed"] is None else kwargs["seed"]
            items = generate_many(family, given, seed, count, distinct=kwargs["distinct"])
        out = Output(kwargs["output"])
        fmt = to or family.formats[0]
        for index, item in enumerate(_progress(items, count)):
            if as_json:
                out.line(dumps_json(generated_record(family, item)))
                continue
            if index:
                out.line()
            grade = f"  difficulty: {item.difficulty}" if item.difficulty else ""
            header = f"ID: {item.id}{grade}"
            if fmt in family.comment_formats:
                out.line(f"# {header}")
            else:  # this format has no comments: keep the output readable back
                click.echo(header, err=True)
            text = family.dump_generated(item, to, kwargs["with_solution"])
            out.line(text.rstrip("\n"))
        out.close()
        return EXIT_OK

    generate.__doc__ = f"""Generate puzzles; each carries the ID that makes it again.

    Every puzzle is preceded by its ID ({family.name}:PARAMS#SEED) where the format has
    comment lines (else the ID goes to standard error); '--id ID' prints that puzzle
    again, and the same --seed prints the same puzzles.
    """
    decorated = [
        *cli_params.decorators(family.generate_params),
        click.option("--seed", type=click.IntRange(0, MAX_SEED), default=None,
                     help="Seed of the first puzzle (the next ones use SEED+1, ...). "
                     "Default: a fresh one, printed in the ID."),
        click.option("--count", type=click.IntRange(1, MAX_COUNT), default=1, show_default=True,
                     help="How many puzzles."),
        click.option("--distinct/--no-distinct", default=True, show_default=True,
                     help="Skip puzzles equal to an earlier one up to symmetry."),
        click.option("--id", "ident", default=None, metavar="ID",
                     help=f"Make the puzzle this ID names again ({family.name}:PARAMS#SEED)."),
        _to_option(family, f"Output format [default: {family.formats[0]}]."),
        click.option("--solution", "with_solution", is_flag=True,
                     help="Print the solution too."),
        json_option,
        output_option,
    ]
    return _command(generate, decorated)


def _convert_command(family: Fam, extras: CliExtras) -> click.Command:
    puzzles = _Puzzles(family, extras)

    def convert(**kwargs: Any) -> int:
        source, _ = puzzles.take(kwargs)
        found = [puzzle for _, puzzle in source]
        text = family.dump_all(found, kwargs["to"])
        out = Output(kwargs["output"])
        out.line(text.rstrip("\n"))
        out.close()
        return EXIT_OK

    convert.__doc__ = "Rewrite every puzzle given in another format (--to)."
    decorated = [
        *puzzles.decorators(),
        _to_option(family, "Output format.", required=True),
        output_option,
    ]
    return _command(convert, decorated, extras.command_class)


def _hint_command(family: Fam, extras: CliExtras) -> click.Command:
    puzzles = _Puzzles(family, extras)

    def hint(**kwargs: Any) -> int:
        source, _ = puzzles.take(kwargs)
        statuses = []
        for name, puzzle in source:
            answer = family.hint(puzzle, timeout=kwargs["timeout"])
            statuses.append(answer.status)
            if kwargs["as_json"]:
                click.echo(dumps_json(hint_record(family, puzzle, answer, source=name)))
            else:
                click.echo(f"{name}: {answer.message}")
        return exit_code_for(statuses)

    hint.__doc__ = """One step towards the solution, and why.

    Exit status 1 when the puzzle has no solution, 3 when --timeout stopped the search.
    """
    decorated = [*puzzles.decorators(), timeout_option, json_option]
    return _command(hint, decorated, extras.command_class)


def _draw_command(family: Fam, extras: CliExtras) -> click.Command:
    puzzles = _Puzzles(family, extras)

    def draw(**kwargs: Any) -> int:
        source, _ = puzzles.take(kwargs)
        found = list(source)
        output: Path | None = kwargs["output"]
        if output is not None and len(found) > 1:
            raise click.UsageError("-o takes one puzzle; this input holds several")
        from ..draw import render  # here: drawing's imports cost every other verb ~20 ms

        fmt = "svg" if output is None else render.format_for(output)
        if output is not None:
            check_writable(output)
        out = Output(None if fmt != "svg" else output)
        statuses = []
        for _name, puzzle in found:
            solution = None
            if kwargs["with_solution"]:
                result = family.solve(puzzle, limit=1, timeout=kwargs["timeout"])
                statuses.append(result.status)
                solution = result.solutions[0] if result.solutions else None
            svg = family.draw(puzzle, solution)
            if fmt == "svg":
                out.line(svg.rstrip("\n"))
            elif output is not None:
                atomic_write_bytes(output, render.render(svg, fmt))
        out.close()
        return exit_code_for(statuses)

    draw.__doc__ = """Draw the puzzle as SVG, PNG or PDF (the format from the -o suffix).

    Without -o the SVG goes to standard output (one document per puzzle).  PNG and PDF
    need the optional renderers: pip install 'numpuzzles[draw]'.
    """
    decorated = [
        *puzzles.decorators(),
        click.option("--solution", "with_solution", is_flag=True,
                     help="Draw the solution too (the first one, if there are several)."),
        timeout_option,
        output_option,
    ]
    return _command(draw, decorated, extras.command_class)


_VERBS: dict[str, Callable[[Fam, CliExtras], click.Command]] = {
    "solve": _solve_command,
    "check": _check_command,
    "generate": _generate_command,
    "convert": _convert_command,
    "hint": _hint_command,
    "draw": _draw_command,
}
_OPTIONAL = frozenset({"hint", "draw"})


class _VerbGroup(click.Group):
    """A family's group whose shared verbs are made when named: a process that solves
    never builds (or imports what builds) ``generate``, ``draw`` and the rest."""

    def __init__(self, family: Fam, extras: CliExtras, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.family = family
        self.extras = extras
        self.verbs = [
            verb for verb in _VERBS if verb not in _OPTIONAL or verb in family.verbs
        ]

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.verbs, *self.commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in self.verbs:
            self.add_command(_VERBS[cmd_name](self.family, self.extras))
        return self.commands.get(cmd_name)


def build_group(name: str) -> click.Group:
    """``numpuzzles NAME``: the shared verbs over the family, plus its own commands."""
    family = families.family(name)
    extras = extras_for(name)
    group = _VerbGroup(
        family, extras, name=name, help=family.title, context_settings=CONTEXT_SETTINGS
    )
    for command in extras.commands:
        group.add_command(command)
    return group
