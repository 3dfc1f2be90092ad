"""Arukone commands: generate puzzles that beat the BwInf checker, check them, solve them.

Arukone is Numberlink where cells may stay empty (rule set ``blank``).  ``generate``
prints the BwInf original's format (``SEED: s``, n, pairs, rows); ``check`` runs the three
models of the competition's greedy checker and names the pairs each one fails.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ..core.errors import InvalidParameterError, PuzzleFormatError
from ..core.seeds import MAX_SEED, fresh_seed, puzzle_id
from ..numberlink import formats
from ..numberlink.adversary import CheckerModel, CheckerRun, run_checker
from ..numberlink.arukone import ALL_MODELS, generate_arukone
from ..numberlink.formats.jsonfmt import solution_json
from ..numberlink.generate import Prover
from ..numberlink.model import Puzzle, Rules, Solution
from ..numberlink.solve import solve
from ..numberlink.symmetry import DistinctFilter
from .common import (
    CONTEXT_SETTINGS,
    EXIT_OK,
    Output,
    dumps_json,
    exit_code_for,
    json_option,
    output_option,
    read_text,
    seed_option,
    timeout_option,
)

UNIQUE_TIMEOUT = 10.0
"""Seconds the solver gets per uniqueness proof in ``generate --unique`` by default."""


@click.group(context_settings=CONTEXT_SETTINGS)
def group() -> None:
    """Arukone (BwInf): Numberlink where cells may stay empty; puzzles that beat the checker."""


@group.command(context_settings=CONTEXT_SETTINGS)
@click.argument("n", type=click.IntRange(min=1))
@seed_option
@click.option(
    "--pairs", type=click.IntRange(min=1), default=None, help="Number of pairs (at least n/2)."
)
@click.option("--unique", is_flag=True, help="Prove a unique solution under 'blank'.")
@click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=None,
    help=f"With --unique: seconds per uniqueness proof (default {UNIQUE_TIMEOUT:g}); "
    "a proof that runs out is an error (exit 2).",
)
@click.option(
    "--count", type=click.IntRange(min=1), default=1, show_default=True, help="Puzzles to print."
)
@json_option
@output_option
def generate(
    n: int,
    seed: int | None,
    pairs: int | None,
    unique: bool,
    timeout: float | None,
    count: int,
    as_json: bool,
    output: Path | None,
) -> int:
    """Print N x N puzzles that checker models A, B and C all fail.

    Each puzzle is printed as the original did (SEED, n, pairs, rows); the printed seed
    regenerates it.  Puzzles of one run differ up to rotation, reflection and relabelling.
    """
    prover = _uniqueness_prover(timeout or UNIQUE_TIMEOUT) if unique else None
    params = f"{n}" + (f",pairs={pairs}" if pairs is not None else "") + (",unique" * unique)
    base = fresh_seed() if seed is None else seed
    distinct = DistinctFilter()
    out = Output(output)
    printed = 0
    current = base
    while printed < count:
        if current > MAX_SEED:
            raise InvalidParameterError("ran out of seeds")
        item = generate_arukone(n, current, pairs=pairs, prover=prover)
        current += 1
        if not distinct.admit(item.puzzle):
            continue
        if as_json:
            runs = {m.value: list(run_checker(item.puzzle, m).failed) for m in ALL_MODELS}
            out.line(
                dumps_json(
                    {
                        "id": puzzle_id("arukone", params, item.seed),
                        "seed": item.seed,
                        "width": n,
                        "height": n,
                        "rules": "blank",
                        "pairs": len(item.puzzle.labels),
                        "puzzle": item.puzzle.rows(),
                        "solution": solution_json(item.solution),
                        "unique": item.unique,
                        "checker_fails": runs,
                    }
                )
            )
        else:
            if printed:
                out.line()
            out.line(formats.bwinf.dump(item.puzzle, seed=item.seed).rstrip("\n"))
        printed += 1
    out.close()
    return EXIT_OK


def _read_puzzles(path: str) -> list[Puzzle]:
    """The puzzles in ``path``: the original's format (many per file), else any format."""
    text = read_text(path)
    try:
        return formats.parse(text, "bwinf")
    except PuzzleFormatError:
        pass
    try:
        return formats.parse(text)
    except PuzzleFormatError as exc:
        raise PuzzleFormatError(f"{path}: {exc}") from None


def _describe(run: CheckerRun) -> str:
    if run.solved:
        return f"model {run.model.value}: solves it"
    names = ", ".join(str(k) for k in run.failed)
    noun = "pair" if len(run.failed) == 1 else "pairs"
    return f"model {run.model.value}: fails on {noun} {names}"


@group.command(context_settings=CONTEXT_SETTINGS)
@click.argument("file", type=str)
@json_option
def check(file: str, as_json: bool) -> int:
    """Run checker models A, B and C on each puzzle of FILE and name the pairs each fails.

    Exit status 0 whether or not a model fails: the answer is the printed report.
    """
    for index, puzzle in enumerate(_read_puzzles(file), start=1):
        runs = [run_checker(puzzle, model) for model in CheckerModel]
        if as_json:
            click.echo(
                dumps_json(
                    {
                        "puzzle": index,
                        "width": puzzle.width,
                        "height": puzzle.height,
                        "pairs": len(puzzle.labels),
                        "models": {
                            r.model.value: {
                                "solved": r.solved,
                                "failed": list(r.failed),
                                "order": list(r.order),
                            }
                            for r in runs
                        },
                    }
                )
            )
        else:
            head = f"puzzle {index} ({puzzle.width}x{puzzle.height}, {len(puzzle.labels)} pairs)"
            click.echo(f"{head}: " + "; ".join(_describe(r) for r in runs))
    return EXIT_OK


def _uniqueness_prover(timeout: float | None) -> Prover:
    """The solver with ``limit=2``, as the generator's uniqueness proof."""

    def prove(puzzle: Puzzle, rules: Rules) -> tuple[tuple[Solution, ...], bool]:
        result = solve(puzzle, rules=rules, limit=2, timeout=timeout)
        return result.solutions, result.complete or len(result.solutions) >= 2

    return prove


@group.command(name="solve", context_settings=CONTEXT_SETTINGS)
@click.argument("file", type=str)
@click.option("--unique", is_flag=True, help="Also decide whether the solution is unique.")
@timeout_option
@json_option
def solve_command(file: str, unique: bool, timeout: float | None, as_json: bool) -> int:
    """Solve each puzzle of FILE under 'blank' (cells may stay empty).

    Prints the solved grid in the original's format (each cell its path's label).  Exit
    status 0 solved, 1 no solution (proved), 3 undecided within --timeout.
    """
    statuses = []
    for index, puzzle in enumerate(_read_puzzles(file), start=1):
        result = solve(puzzle, rules=Rules.BLANK, limit=2 if unique else 1, timeout=timeout)
        statuses.append(result.status)
        if as_json:
            record: dict[str, Any] = {
                "puzzle": index,
                "status": result.status.value,
                "rules": Rules.BLANK.value,
                "seconds": round(result.stats.seconds, 6),
                "solutions": [solution_json(s) for s in result.solutions[:1]],
            }
            if unique:
                record["unique"] = result.unique
            click.echo(dumps_json(record))
            continue
        if index > 1:
            click.echo()
        click.echo(f"puzzle {index}: {result.status.value}")
        if unique:
            verdict = {True: "unique", False: "not unique", None: "undecided"}[result.unique]
            click.echo(f"uniqueness: {verdict}")
        if result.solutions:
            solved = result.solutions[0]
            for row in solved.rows():
                click.echo(" ".join(str(v) for v in row))
    return exit_code_for(statuses)
