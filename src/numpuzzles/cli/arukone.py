"""What Arukone's commands have of their own: the BwInf checker models (``adversary``).

The shared verbs (solve, check, generate, convert) live in ``verbs.py``; ``arukone generate``
prints the original's format (``SEED: s``, n, pairs, rows) by default.  ``adversary`` runs
the three models of the competition's greedy checker and names the pairs each one fails.
``check`` verifies a solution, as in every family; given one file and no solution it still
runs the checker models, with a warning, because that is what it did before.
"""

from __future__ import annotations

import click

from ..core.errors import PuzzleFormatError
from ..core.family import Ruled
from ..core.records import dumps_json
from ..numberlink.arukone.checkers import CheckerModel, CheckerRun, run_checker
from ..numberlink.arukone.family import ARUKONE
from ..numberlink.model import Puzzle, Rules
from .common import CONTEXT_SETTINGS, EXIT_OK, json_option
from .extras import CliExtras
from .inputs import read_argument


def _read_puzzles(path: str) -> list[Puzzle]:
    """The puzzles in ``path`` (the original's format, many per file, or any other)."""
    _, text = read_argument(path)
    try:
        return [board.puzzle for board in ARUKONE.parse(text)]
    except PuzzleFormatError as exc:
        raise PuzzleFormatError(f"{path}: {exc}") from None


def _describe(run: CheckerRun) -> str:
    if run.solved:
        return f"model {run.model.value}: solves it"
    names = ", ".join(str(k) for k in run.failed)
    noun = "pair" if len(run.failed) == 1 else "pairs"
    return f"model {run.model.value}: fails on {noun} {names}"


def run_adversary(file: str, as_json: bool) -> int:
    """Run checker models A, B and C on each puzzle of ``file`` and print the report."""
    for index, puzzle in enumerate(_read_puzzles(file), start=1):
        runs = [run_checker(puzzle, model) for model in CheckerModel]
        if as_json:
            click.echo(
                dumps_json(
                    {
                        "family": ARUKONE.name,
                        "source": f"{file} #{index}",
                        "puzzle": ARUKONE.puzzle_json(Ruled(puzzle, Rules.BLANK.value)),
                        "details": {
                            "models": {
                                r.model.value: {
                                    "solved": r.solved,
                                    "failed": list(r.failed),
                                    "order": list(r.order),
                                }
                                for r in runs
                            },
                        },
                    }
                )
            )
        else:
            head = f"puzzle {index} ({puzzle.width}x{puzzle.height}, {len(puzzle.labels)} pairs)"
            click.echo(f"{head}: " + "; ".join(_describe(r) for r in runs))
    return EXIT_OK


@click.command(context_settings=CONTEXT_SETTINGS)
@click.argument("file", type=str)
@json_option
def adversary(file: str, as_json: bool) -> int:
    """Run checker models A, B and C on each puzzle of FILE and name the pairs each fails.

    Exit status 0 whether or not a model fails: the answer is the printed report.
    """
    return run_adversary(file, as_json)


def _old_check(file: str, as_json: bool) -> int:
    click.echo(
        "numpuzzles: warning: 'arukone check FILE' now verifies a solution "
        "('arukone check PUZZLE SOLUTION'); running the checker models as "
        "'arukone adversary FILE' does",
        err=True,
    )
    return run_adversary(file, as_json)


EXTRAS = CliExtras(commands=(adversary,), hidden_check=_old_check)
