"""``numpuzzles numberlink generate``: unique Numberlink puzzles, or the union-find original's.

The Numberlink command group adds the ``generate`` command defined here.  Every puzzle is
printed after a line ``ID: <id>  difficulty: <grade>``; the ID (``family:params#seed``)
regenerates the puzzle with the same seed.  With ``--json`` each puzzle is one line.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import click

from ..core.errors import InvalidParameterError
from ..core.seeds import MAX_SEED, fresh_seed, puzzle_id
from ..numberlink import formats
from ..numberlink.difficulty import GRADES, grade
from ..numberlink.formats.jsonfmt import solution_json
from ..numberlink.generate import GeneratedPuzzle, Params, solver_prover
from ..numberlink.generate import generate as generate_puzzle
from ..numberlink.model import Puzzle, Rules, Solution
from ..numberlink.symmetry import DistinctFilter
from ..numberlink.unionfind import UnionFindBoard, dump_tables, generate_unionfind
from .common import CONTEXT_SETTINGS, EXIT_OK, Output, dumps_json, json_option, output_option

_SIZE = re.compile(r"^\s*(\d+)\s*(?:[xX]\s*(\d+))?\s*$")
METHODS = ("unique", "unionfind")



_COMMENT_FORMATS = ("table", "ahle", "numeric", "puzzlink")
"""Formats whose readers skip ``#`` lines, so the ID line can travel with the puzzle."""

def parse_size(text: str) -> tuple[int, int]:
    """``W`` or ``WxH`` as (width, height); W alone means a square board."""
    match = _SIZE.match(text)
    if match is None:
        raise InvalidParameterError(f"size must be W or WxH (e.g. 10 or 12x8), got {text!r}")
    width = int(match.group(1))
    height = int(match.group(2)) if match.group(2) else width
    if width < 1 or height < 1 or width * height < 2:
        raise InvalidParameterError(f"board {width}x{height} is too small")
    return width, height


def _record(
    ident: str,
    seed: int,
    rules: Rules,
    puzzle: Puzzle,
    solution: Solution,
    difficulty: str,
    score: int,
) -> dict[str, Any]:
    return {
        "id": ident,
        "seed": seed,
        "width": puzzle.width,
        "height": puzzle.height,
        "rules": rules.value,
        "puzzle": puzzle.rows(),
        "solution": solution_json(solution),
        "difficulty": difficulty,
        "difficulty_score": score,
    }


@click.command(context_settings=CONTEXT_SETTINGS)
@click.argument("size")
@click.option(
    "--seed",
    type=click.IntRange(0, MAX_SEED),
    default=None,
    help="Seed of the first puzzle (the next ones use seed+1, ...). Default: fresh.",
)
@click.option(
    "--rules",
    type=click.Choice([r.value for r in Rules]),
    default="fill",
    show_default=True,
    help="Rule set the puzzle is unique under ('fill' implies 'fill-notouch').",
)
@click.option(
    "--pairs",
    type=click.IntRange(min=1),
    default=None,
    help="Exact number of pairs (default: about one per ten cells, plus repairs).",
)
@click.option(
    "--difficulty",
    type=click.Choice(list(GRADES)),
    default=None,
    help="Only puzzles of this grade (see numberlink/difficulty.py).",
)
@click.option(
    "--method",
    type=click.Choice(METHODS),
    default="unique",
    show_default=True,
    help="'unique': proved unique, every cell used; 'unionfind': the original.",
)
@click.option(
    "--to",
    "to_format",
    type=click.Choice(list(formats.FORMATS)),
    default=None,
    help="Output format (default: the table printout).",
)
@click.option(
    "--solution",
    "with_solution",
    is_flag=True,
    help="Print the solution too, where the format holds one (always for unionfind).",
)
@click.option(
    "--count",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Number of puzzles; all differ up to rotation, reflection and relabelling.",
)
@json_option
@output_option
def generate(
    size: str,
    seed: int | None,
    rules: str,
    pairs: int | None,
    difficulty: str | None,
    method: str,
    to_format: str | None,
    with_solution: bool,
    count: int,
    as_json: bool,
    output: Path | None,
) -> int:
    """Generate SIZE (W or WxH) Numberlink puzzles.

    The default method proves every puzzle unique with the solver before printing it.
    """
    width, height = parse_size(size)
    rule_set = Rules(rules)
    if method == "unionfind" and (pairs is not None or difficulty is not None or rules != "fill"):
        raise InvalidParameterError("--method unionfind takes no --pairs, --difficulty or --rules")
    params = Params(width, height, rule_set, pairs, difficulty)
    out = Output(output)
    current = fresh_seed() if seed is None else seed
    distinct = DistinctFilter()
    printed = 0
    while printed < count:
        if current > MAX_SEED:
            raise InvalidParameterError("ran out of seeds")
        item: GeneratedPuzzle | UnionFindBoard
        if method == "unionfind":
            item = generate_unionfind(width, height, current)
            ident = puzzle_id("numberlink", f"{width}x{height},unionfind", current)
            graded = grade(item.puzzle)
            grade_name, score = graded.grade.value, graded.score
        else:
            item = generate_puzzle(params, current, prover=solver_prover)
            ident = item.id
            grade_name, score = item.difficulty.grade.value, item.difficulty.score
        used_seed = current
        current += 1
        if not distinct.admit(item.puzzle):
            continue
        if as_json:
            out.line(
                dumps_json(
                    _record(
                        ident, used_seed, rule_set, item.puzzle, item.solution, grade_name, score
                    )
                )
            )
        else:
            if printed:
                out.line()
            header = f"ID: {ident}  difficulty: {grade_name}"
            if (to_format or "table") in _COMMENT_FORMATS:
                out.line(f"# {header}")
            else:
                # This format has no comment syntax: keep the output readable back.
                click.echo(header, err=True)
            if isinstance(item, UnionFindBoard) and to_format in (None, "table"):
                text = dump_tables(item)
            else:
                shown = item.solution if with_solution or isinstance(item, UnionFindBoard) else None
                text = formats.dump(item.puzzle, to_format or "table", shown)
            out.line(text.rstrip("\n"))
        printed += 1
    out.close()
    return EXIT_OK
