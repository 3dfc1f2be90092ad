"""The verbs every family shares, written once over the ``Family`` protocol.

``build_group(name)`` makes ``numpuzzles FAMILY``: ``solve``, ``check``, ``generate``,
``convert``, and ``hint``, ``draw`` and ``analyse`` where the family has them, plus whatever the
family's own module adds (``cli/extras.py``).  Shared options: ``--json`` (one record per
puzzle, ``core/records.py``), ``--seed``, ``--timeout``, ``--format``/``--to``, ``-o``.
Standard output (or ``-o``) holds only what a verb makes, in a form the verbs read back
(so ``solve -o s`` feeds ``check p s``, and ``--json`` records and batch files are
puzzles to every verb); lines about the run (``solve``'s summary and time) go to
standard error.  Exit status: 0 success, 1 no solution (proved) or an invalid solution,
2 bad input, 3 undecided within the limits.
"""

from __future__ import annotations

import itertools
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import click

from .. import families
from ..core.errors import InvalidParameterError
from ..core.family import Family, Generated
from ..core.fileio import atomic_write_bytes, check_writable
from ..core.result import SolveResult, Status
from ..core.seeds import MAX_SEED, fresh_seed, parse_puzzle_id
from . import params as cli_params
from .common import (
    CONTEXT_SETTINGS,
    EXIT_OK,
    EXIT_UNKNOWN,
    EXIT_UNSOLVABLE,
    Output,
    exit_code_for,
    json_option,
    output_option,
    timeout_option,
)
from .extras import CliExtras, Named, extras_for
from .inputs import load, read_argument, refuse_output_over_input

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
        refuse_output_over_input(kwargs.get("output"), inputs)
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


NOTICE_AFTER = 3.0
"""Seconds a solve runs before ``_still_working`` says so on a terminal."""


def _on_terminal() -> bool:
    """Whether standard error is a terminal (a person is watching, not a pipeline)."""
    return sys.stderr.isatty()


@contextmanager
def _still_working(name: str, timeout: float | None, doing: str = "searching",
                   bounded: bool = True) -> Iterator[None]:
    """One line on standard error, on a terminal only, when a solve (or a generation)
    runs past ``NOTICE_AFTER``: a search cannot tell how far it has come, but a person
    should know that it is at work and how to stop or bound it.  ``bounded``: the
    command has a ``--timeout`` to mention."""
    if not _on_terminal():
        yield
        return
    bound = ("" if not bounded else f"it gives up at {timeout:g} s, --timeout; " if timeout
             else "no time limit: --timeout sets one; ")
    timer = threading.Timer(NOTICE_AFTER, lambda: click.echo(
        f"{name}: still {doing} ({bound}Ctrl-C stops it now)", err=True))
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()


def _summary(
    family: Fam, puzzle: Any, result: SolveResult[Any], mode: str, wanted: int | None,
    undecided: str | None = None,
) -> str:
    """One line saying what the solver established (``undecided``: the family's own words
    for an ``unknown`` answer, see ``CliExtras.undecided_words``)."""
    if result.status is Status.UNSOLVABLE:
        return "no solution"
    if result.status is Status.UNKNOWN:
        said = undecided or "; ".join(result.established) or "a limit stopped the search"
        return f"undecided: {said}"
    if mode == "unique":
        if result.unique is True:
            return "unique"
        if result.unique is False:
            if len(result.solutions) >= 2:
                how = family.explain_difference(puzzle, result.solutions[0], result.solutions[1])
                return f"not unique: {how}"
            return f"not unique: {result.count} solutions"
        why = _why_incomplete(result, wanted) or _ONE_ONLY
        return f"solved; uniqueness undecided ({'; '.join((*result.established, why))})"
    if mode == "one":
        return "solved"
    plural = "s" if result.count != 1 else ""
    if result.complete:
        return f"{result.count} solution{plural}"
    cause = _why_incomplete(result, wanted)
    if cause == "time limit":
        why = "; ".join(("stopped by the time limit", *result.established))
        return f"at least {result.count} solution{plural} (undecided: {why})"
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
        written = False
        source, several = _peek_several(source)
        for name, puzzle in source:
            with _still_working(name, kwargs["timeout"]):
                result = family.solve(puzzle, limit=wanted, timeout=kwargs["timeout"],
                                      **options)
            # A count or a uniqueness proof cut short by the time limit is undecided.
            # So is one this solver cannot settle (Number Match's looks for one solution only).
            undecided = _undecided(result, mode, wanted)
            statuses.append(Status.UNKNOWN if undecided else result.status)
            if quiet:
                continue
            if as_json:
                from ..core.records import dumps_json, solve_record  # here: only --json

                record = solve_record(family, puzzle, result, source=name,
                                      list_all=mode != "one")
                out.line(dumps_json(record))
                continue
            words = None
            if result.status is Status.UNKNOWN and extras.undecided_words is not None:
                words = extras.undecided_words(puzzle, result, options)
            summary = f"{name} ({family.describe(puzzle)}): " + _summary(
                family, puzzle, result, mode, wanted, words)
            seconds = f"{result.stats.seconds:.3f} s"
            if mode == "count":  # the count is the answer: it goes where answers go
                out.line(summary)
                click.echo(f"{name}: {seconds}", err=True)
                continue
            # the header is about the run, not the answer: standard output (or -o) keeps
            # only solutions, in the text ``check`` reads back
            click.echo(f"{summary} ({seconds})", err=True)
            if several:  # which puzzle the next solutions answer: check pairs them by it
                if written:
                    out.line()
                out.line(f"{SOLUTIONS_MARK}{name}")
                written = False
            for solution in result.solutions:
                if written:  # a blank line between solutions, as between puzzles
                    out.line()
                out.line(family.dump_solution(puzzle, solution, to).rstrip("\n"))
                written = True
        out.close()
        return exit_code_for(statuses)

    solve.__doc__ = f"""Solve every puzzle given ('-' reads standard input).

    A PUZZLE is a file, '-' or the puzzle's own text (a --json record or a batch file
    too: every puzzle in it is solved).  By default {default} solution(s) are looked for;
    --unique decides uniqueness, --count counts them.  Standard output (or -o) holds the
    solutions only, in the form 'check' reads (for several puzzles, each puzzle's after a
    '# solutions of NAME' line, so that 'check' pairs them); the line saying what was
    found, and the time, goes to standard error (with --count, the count is the output).
    Exit status: 0 solved, 1 some puzzle proved unsolvable, 3 some undecided within
    --timeout.
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


SOLUTIONS_MARK = "# solutions of "
"""The line ``solve`` writes before each puzzle's solutions when it solves several (a
file of puzzles, a batch file), so that ``check`` pairs the answers with their puzzles in
any text format: the line is taken out before the family's parser sees the text."""


def _peek_several(source: Iterable[tuple[str, Any]]) -> tuple[Iterator[tuple[str, Any]], bool]:
    """The puzzles again, and whether there are at least two (looked ahead lazily, so a
    long batch file is still solved as it is read)."""
    it = iter(source)
    head = list(itertools.islice(it, 2))
    return itertools.chain(head, it), len(head) > 1


def _marked_sections(text: str) -> list[str] | None:
    """The text between ``SOLUTIONS_MARK`` lines, one section a puzzle; None when the
    text has no such line."""
    sections: list[list[str]] = []
    for line in text.splitlines():
        if line.startswith(SOLUTIONS_MARK):
            sections.append([])
        elif sections:
            sections[-1].append(line)
        elif line.strip():  # solutions before the first mark belong to no puzzle
            return None
    if not sections:
        return None
    return ["\n".join(lines).strip("\n") + "\n" for lines in sections]


def _solution_texts(text: str, puzzles: int) -> list[str]:
    """The solution text for each of ``puzzles`` puzzles, in order.

    Why: ``solve --json`` of a file with several puzzles (a batch file) writes one record a
    line, and checking that file against its answers should pair them up, puzzle i with
    line i, rather than hold every puzzle to the first answer.  So JSON Lines of as many
    objects as there are puzzles are split; any other text is one solution for every
    puzzle (as a single puzzle has always been checked); JSON Lines of another length are
    refused, since no pairing of them is right.
    """
    marked = _marked_sections(text)
    if marked is not None:
        if len(marked) != puzzles:
            raise InvalidParameterError(
                f"{puzzles} puzzle(s) and solutions for {len(marked)}: check a file against "
                "what 'solve' wrote for that same file")
        return marked
    lines = [line for line in text.splitlines() if line.strip()]
    if puzzles < 2 or len(lines) < 2 or not all(line.lstrip().startswith("{") for line in lines):
        return [text] * puzzles
    if len(lines) != puzzles:
        raise InvalidParameterError(
            f"{puzzles} puzzles and {len(lines)} JSON solution lines: give one line a puzzle "
            "(or a single solution for them all)")
    return lines


def _check_command(family: Fam, extras: CliExtras) -> click.Command:
    puzzles = _Puzzles(family, extras)

    def check(**kwargs: Any) -> int:
        from ..core.records import check_record, dumps_json

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
        found = list(source)
        _, solution_text = read_argument(solution_arg)
        texts = _solution_texts(solution_text, len(found))
        bad = False
        out = Output(None)
        for (name, puzzle), text in zip(found, texts, strict=True):
            solution = family.parse_solution(text, puzzle, kwargs["fmt_solution"])
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
    family's text form (what 'solve -o' writes) or as JSON (a 'solve --json' record
    works).  Several puzzles (a file of them, a batch file) take what 'solve' wrote for
    that file, in any format (each puzzle's solutions follow a '# solutions of NAME'
    line), or as many JSON lines, one each, in order, or one solution for them all.
    Names every broken rule.  Exit status: 0 valid, 1 invalid.
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


def _progress(items: Iterator[Generated[Any, Any]], count: int,
              name: str = "") -> Iterator[Generated[Any, Any]]:
    """A progress bar on a terminal (standard error) for runs of several puzzles; for one,
    a notice when it takes long (``_still_working``)."""
    if count < 2:
        with _still_working(name, None, "generating", bounded=False):
            yield from items
        return
    if not sys.stderr.isatty():
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
        from ..core.records import dumps_json, generated_record

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
        for index, item in enumerate(_progress(items, count, family.name)):
            if as_json:
                out.line(dumps_json(generated_record(family, item)))
                continue
            if index:
                out.line()
            elif count > 1:  # a format of one puzzle a file (adc) refuses several, as in
                try:  # convert, and before a line is out
                    family.dump_all([item.puzzle, item.puzzle], to)
                except InvalidParameterError as exc:
                    raise InvalidParameterError(f"--count {count}: {exc}") from None
            grade = f"  difficulty: {item.difficulty}" if item.difficulty else ""
            header = f"ID: {item.id}{grade}"
            commented = fmt in family.comment_formats
            if commented:
                out.line(f"# {header}")
            else:  # this format has no comments: keep the output readable back
                click.echo(header, err=True)
            with_solution = kwargs["with_solution"]
            text = family.dump_generated(item, to, with_solution and commented)
            out.line(text.rstrip("\n"))
            if with_solution and not commented:  # as the ID: where it cannot spoil the puzzle
                solution = family.dump_solution(item.puzzle, item.solution, to)
                click.echo(solution.rstrip("\n"), err=True)
        out.close()
        return EXIT_OK

    generate.__doc__ = f"""Generate puzzles; each carries the ID that makes it again.

    Every puzzle is preceded by its ID ({family.name}:PARAMS#SEED) where the format has
    comment lines (else the ID, and a --solution, go to standard error), so the output
    reads back as the puzzles; '--id ID' prints that puzzle again, and the same --seed
    prints the same puzzles.
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
                     help="Print the solution too: as comment lines where the format has "
                     "them, else on standard error, so the output still reads back as the "
                     "puzzle (--json records hold it too)."),
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
        from ..core.records import dumps_json, hint_record

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
        analysed = kwargs.pop("analysed", False)
        if analysed and kwargs["with_solution"]:
            raise click.UsageError("give --solution or --analyse, not both")
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
        statuses: list[Status] = []
        for _name, puzzle in found:
            if analysed:
                analysis = family.analyse(puzzle, timeout=kwargs["timeout"])
                # as analyse's own exit status: a count of none is an answer, drawn
                if analysis.status is Status.UNKNOWN:
                    statuses.append(analysis.status)
                svg = family.draw_analysis(puzzle, analysis)
            else:
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
    need the optional renderers: pip install -e '.[draw]' in the checkout.
    """
    decorated = [
        *puzzles.decorators(),
        click.option("--solution", "with_solution", is_flag=True,
                     help="Draw the solution too (the first one, if there are several)."),
    ]
    if family.draws_analysis:
        draw.__doc__ += """
    --analyse draws what 'analyse' finds instead: the part every solution shares drawn
    in, the cells where solutions differ shaded, and a caption with the count (what is
    known when --timeout stops it, said so in the caption; exit status 3 when nothing is).
    """
        decorated.append(click.option(
            "--analyse", "analysed", is_flag=True,
            help="Draw the analysis: what every solution shares, the differing cells "
                 "shaded, the count in a caption."))
    decorated += [timeout_option, output_option]
    return _command(draw, decorated, extras.command_class)


def _analyse_command(family: Fam, extras: CliExtras) -> click.Command:
    puzzles = _Puzzles(family, extras)

    def analyse(**kwargs: Any) -> int:
        from ..core.records import analyse_record, dumps_json
        from .analysis import analysis_lines

        source, _ = puzzles.take(kwargs)
        out = Output(kwargs["output"])
        undecided = False
        for name, puzzle in source:
            analysis = family.analyse(puzzle, timeout=kwargs["timeout"])
            undecided = undecided or analysis.status is Status.UNKNOWN
            if kwargs["as_json"]:
                out.line(dumps_json(analyse_record(family, puzzle, analysis, source=name)))
            else:
                for line in analysis_lines(name, family.describe(puzzle), analysis):
                    out.line(line)
            # the time is about the run, not the answer: standard error, as solve's
            click.echo(f"{name}: analysed in {analysis.seconds:.3f} s", err=True)
        out.close()
        return EXIT_UNKNOWN if undecided else EXIT_OK

    analyse.__doc__ = """Analyse a puzzle for its setter: count, common grid, a fix.

    Says whether the puzzle has no, one or several solutions (exactly, or at least, when
    --timeout stops the count), the value every solution gives each cell ('?' where they
    differ), the grade of a unique puzzle, and for several solutions one change proved to
    leave exactly one.  --json writes one record a puzzle (docs/json.md).  The time goes
    to standard error.  Exit status: 0 analysed (whatever the count), 3 when --timeout
    stopped it before anything was known.
    """
    decorated = [*puzzles.decorators(), timeout_option, json_option, output_option]
    return _command(analyse, decorated, extras.command_class)


_VERBS: dict[str, Callable[[Fam, CliExtras], click.Command]] = {
    "solve": _solve_command,
    "check": _check_command,
    "generate": _generate_command,
    "convert": _convert_command,
    "hint": _hint_command,
    "draw": _draw_command,
    "analyse": _analyse_command,
}
_OPTIONAL = frozenset({"hint", "draw", "analyse"})


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
