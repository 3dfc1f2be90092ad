"""Numberlink commands: solve, check, convert (generate comes from the generator module).

Thin on purpose: parse arguments, call ``numpuzzles.numberlink``, print.  Many puzzles in a
file are answered one by one, in one process; the exit status sums them up (undecided beats
unsolvable beats solved).
"""

from __future__ import annotations

import itertools
import time
from pathlib import Path
from typing import Any

import click

from ..core.deadline import Deadline
from ..core.errors import InvalidParameterError, NumpuzzlesError
from ..core.result import SolveResult, Stats, Status
from ..numberlink import formats
from ..numberlink.check import check as check_solution
from ..numberlink.count import count as count_solutions
from ..numberlink.formats.jsonfmt import solution_json
from ..numberlink.model import Puzzle, Rules, Solution
from ..numberlink.solve import solve as solve_puzzle
from .common import (
    CONTEXT_SETTINGS,
    EXIT_OK,
    EXIT_UNSOLVABLE,
    Output,
    dumps_json,
    exit_code_for,
    format_option,
    json_option,
    output_option,
    read_text,
    timeout_option,
)

SINGLE_PUZZLE_FORMATS = ("bwinf", "adc")
"""Formats that hold one puzzle per file."""


def rules_option(func: Any) -> Any:
    """``--rules``: the rule set (Numberlink's default is ``fill``)."""
    return click.option(
        "--rules",
        type=click.Choice([r.value for r in Rules]),
        default=None,
        help="fill (default): every cell on a path; fill-notouch: and no path beside "
        "itself; blank: cells may stay empty (default for puzz.link arukone URLs flagged 'e').",
    )(func)


def _rules_for(rules: str | None, input_format: str, text: str) -> Rules:
    """The rule set asked for, else the input's own (arukone URLs), else ``fill``."""
    if rules is not None:
        return Rules(rules)
    if input_format == "puzzlink":
        lines = [line for line in text.splitlines() if line.strip()]
        if lines and all(formats.puzzlink.url_allows_empty(line) for line in lines):
            return Rules.BLANK
    return Rules.FILL


def _read(path: str, fmt: str | None) -> tuple[str, list[Puzzle], str]:
    """The format, the puzzles and the text of ``path``; errors name the file."""
    text = read_text(path)
    try:
        name = formats.sniff(text) if fmt is None else fmt
        return name, formats.parse(text, name), text
    except NumpuzzlesError as exc:
        raise type(exc)(f"{path}: {exc}") from None


def _solution_format(input_format: str, to: str | None) -> str:
    if to is not None:
        return to
    return "letters" if input_format == "puzzlink" else input_format


def _links(solution: Solution) -> dict[tuple[int, int], set[tuple[int, int]]]:
    """Each path cell's neighbours along its path."""
    links: dict[tuple[int, int], set[tuple[int, int]]] = {}
    for _label, cells in solution.paths:
        for a, b in itertools.pairwise(cells):
            links.setdefault(a, set()).add(b)
            links.setdefault(b, set()).add(a)
    return links


def _differences(a: Solution, b: Solution) -> list[tuple[int, int]]:
    """Cells whose label or path links differ: under ``fill`` two solutions can give every
    cell the same label and still route a path differently, so labels alone can miss it."""
    links_a, links_b = _links(a), _links(b)
    return [
        divmod(i, a.width)
        for i, (x, y) in enumerate(zip(a.cells, b.cells, strict=True))
        if x != y or links_a.get(divmod(i, a.width)) != links_b.get(divmod(i, a.width))
    ]


def _answer(
    puzzle: Puzzle,
    rules: Rules,
    limit: int | None,
    count_all: bool,
    timeout: float | None,
    engine: str = "auto",
) -> tuple[SolveResult[Solution], int]:
    """The solve result and the solution count.

    Counting all solutions under ``blank`` or ``fill`` uses the frontier counter, which
    never lists them (counts like 10^19 are fine); the SAT solver then supplies one
    solution to show.  Everything else enumerates with the SAT solver.
    """
    if count_all and rules is not Rules.FILL_NOTOUCH:
        started = time.perf_counter()
        deadline = Deadline(timeout)
        exact = count_solutions(puzzle, rules, deadline)
        if exact is not None:
            shown = solve_puzzle(puzzle, rules=rules, limit=1, timeout=deadline.remaining())
            status = Status.SOLVED if exact else Status.UNSOLVABLE
            stats = Stats(time.perf_counter() - started, shown.stats.nodes, shown.stats.conflicts)
            return SolveResult(status, shown.solutions, complete=True, stats=stats), exact
        timeout = deadline.remaining()
    result = solve_puzzle(puzzle, rules=rules, limit=limit, timeout=timeout, engine=engine)
    return result, result.count


def _summary(result: SolveResult[Solution], number: int, unique: bool, count: bool) -> str:
    if unique and result.status is Status.SOLVED:
        if result.unique is True:
            return "unique"
        if result.unique is False:
            cells = _differences(result.solutions[0], result.solutions[1])
            shown = ", ".join(f"({r},{c})" for r, c in cells[:8])
            more = f" and {len(cells) - 8} more" if len(cells) > 8 else ""
            same_labels = result.solutions[0].cells == result.solutions[1].cells
            how = " (same labels, different routes; --json shows the paths)" if same_labels else ""
            return f"not unique: the first two solutions differ at {shown}{more}{how}"
        return "solved; uniqueness undecided (time limit)"
    if count and result.status is not Status.UNKNOWN:
        exact = "" if result.complete else "at least "
        return f"{exact}{number} solution{'s' if number != 1 else ''}"
    return result.status.value


@click.group(context_settings=CONTEXT_SETTINGS)
def group() -> None:
    """Numberlink / Flow Free: connect equal labels with non-crossing paths."""


@group.command(context_settings=CONTEXT_SETTINGS)
@click.argument("files", nargs=-1, required=True)
@rules_option
@click.option("--unique", is_flag=True, help="Decide whether the solution is unique.")
@click.option("--count", "count", is_flag=True, help="Count solutions (exactly, up to --limit).")
@click.option(
    "--limit",
    type=click.IntRange(min=1),
    default=None,
    help="With --count: stop after this many solutions. Default: count them all.",
)
@timeout_option
@click.option(
    "--engine",
    type=click.Choice(["auto", "sat", "scan"]),
    default="auto",
    show_default=True,
    help="Search engine, all exact: 'auto' races the compiled scan search against SAT "
    "under fill-notouch (and under fill or blank when one solution is asked for); 'scan' "
    "(fill-notouch only) or 'sat' runs one alone.",
)
@json_option
@click.option(
    "--to",
    type=click.Choice(list(formats.FORMATS)),
    default=None,
    help="Format of printed solutions. Default: the input's (letters for puzz.link).",
)
@format_option(formats.FORMATS, "Input format; sniffed when not given.")
@output_option
def solve(
    files: tuple[str, ...],
    rules: str | None,
    unique: bool,
    count: bool,
    limit: int | None,
    timeout: float | None,
    engine: str,
    as_json: bool,
    to: str | None,
    fmt: str | None,
    output: Path | None,
) -> int:
    """Solve every puzzle in FILES ('-' reads standard input).

    Exit status: 0 all solved, 1 some puzzle proved unsolvable, 3 some undecided in time.
    """
    if unique and count:
        raise InvalidParameterError("use --unique or --count, not both")
    if limit is not None and not count:
        raise InvalidParameterError("--limit goes with --count")
    wanted: int | None = 2 if unique else (limit if count else 1)
    statuses: list[Status] = []
    out = Output(output)
    for path in files:
        input_format, puzzles, text = _read(path, fmt)
        target = _solution_format(input_format, to)
        rule_set = _rules_for(rules, input_format, text)
        for index, puzzle in enumerate(puzzles, start=1):
            result, number = _answer(
                puzzle, rule_set, wanted, count and limit is None, timeout, engine
            )
            statuses.append(result.status)
            if as_json:
                record: dict[str, Any] = {
                    "file": path,
                    "index": index,
                    "status": result.status.value,
                    "rules": rule_set.value,
                    "seconds": round(result.stats.seconds, 6),
                }
                if unique or count:
                    record["count"] = number
                    record["complete"] = result.complete
                if unique:
                    record["unique"] = result.unique
                record["solutions"] = [solution_json(s) for s in result.solutions]
                out.line(dumps_json(record))
                continue
            where = f"{path} #{index}" if len(puzzles) > 1 else path
            out.line(
                f"{where}: {puzzle.width}x{puzzle.height}, {rule_set.value}: "
                f"{_summary(result, number, unique, count)} ({result.stats.seconds:.3f} s)"
            )
            shown = result.solutions[:2] if unique else result.solutions[:1]
            for number_shown, solution in enumerate(shown):
                if number_shown:
                    out.line()
                out.line(formats.dump(puzzle, target, solution).rstrip("\n"))
    out.close()
    return exit_code_for(statuses)


@group.command(context_settings=CONTEXT_SETTINGS)
@click.argument("puzzle_file", metavar="PUZZLE")
@click.argument("solution_file", metavar="SOLUTION")
@rules_option
@format_option(formats.FORMATS, "Format of both files; sniffed when not given.")
@json_option
def check(
    puzzle_file: str, solution_file: str, rules: str | None, fmt: str | None, as_json: bool
) -> int:
    """Check SOLUTION against PUZZLE from the rules alone; names the first broken rule.

    SOLUTION may be a solved grid in any format (a table printout, an ADC answer, letters,
    numbers) or a 'solve --json' line.  Exit status: 0 valid, 1 invalid.
    """
    input_format, puzzles, text = _read(puzzle_file, fmt)
    puzzle = puzzles[0]
    rule_set = _rules_for(rules, input_format, text)
    solution = formats.parse_solution(read_text(solution_file), puzzle, fmt)
    violations = check_solution(puzzle, solution, rule_set)
    if as_json:
        click.echo(
            dumps_json(
                {
                    "valid": not violations,
                    "rules": rule_set.value,
                    "violations": [{"rule": v.rule, "message": v.message} for v in violations],
                }
            )
        )
    elif not violations:
        click.echo(f"valid under {rule_set.value}")
    else:
        first = violations[0]
        click.echo(f"invalid under {rule_set.value}: {first.rule}: {first.message}")
        for violation in violations[1:]:
            click.echo(f"  also {violation.rule}: {violation.message}")
    return EXIT_OK if not violations else EXIT_UNSOLVABLE


@group.command(context_settings=CONTEXT_SETTINGS)
@click.argument("file")
@click.option(
    "--to", type=click.Choice(list(formats.FORMATS)), required=True, help="Output format."
)
@format_option(formats.FORMATS, "Input format; sniffed when not given.")
@output_option
def convert(file: str, to: str, fmt: str | None, output: Path | None) -> int:
    """Rewrite every puzzle in FILE in another format."""
    _, puzzles, _ = _read(file, fmt)
    if to in SINGLE_PUZZLE_FORMATS and len(puzzles) > 1:
        raise InvalidParameterError(
            f"the {to} format holds one puzzle per file; the input has {len(puzzles)}"
        )
    out = Output(output)
    separator = "\n" if to in ("table", "letters") else ""
    texts = [formats.dump(puzzle, to) for puzzle in puzzles]
    for chunk in separator.join(texts).rstrip("\n").split("\n"):
        out.line(chunk)
    out.close()
    return EXIT_OK


from .numberlink_generate import generate as _generate  # noqa: E402  (owned by the generator module)

group.add_command(_generate)
