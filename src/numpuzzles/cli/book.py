"""``numpuzzles book FAMILY``: a printable PDF book, title page and rules first, answers at
the back; puzzles generated (the family's ``generate`` options) or read from a batch file.

One sub-command per registered family, built only when named (like the root group), with
that family's generation options (``cli/params.py``), so a book accepts exactly what
``generate`` does.  Generated puzzles come from ``core.batch.generate_many``: the same seed
and options give the same book, byte for byte.  With ``--from FILE.jsonl`` (the JSON Lines
that ``generate --json`` and ``batch`` write) those options filter the file's records
instead: a record is kept when its parameters and difficulty match every option given.

Why a family that can make puzzles with several solutions (Arukone's ``unique``) defaults
to unique ones here: a book prints one answer, which must then be *the* answer; asked
for any puzzles (``--any-solutions``), the answers of those with several say so.
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Iterator, Mapping
from pathlib import Path
from typing import Any

import click

from .. import families
from ..core.batch import MAX_COUNT, generate_many
from ..core.errors import GenerationError, InvalidParameterError, NumpuzzlesError
from ..core.family import Family, Generated
from ..core.fileio import atomic_write_bytes, check_writable
from ..core.jsontext import bounded, loads
from ..core.seeds import MAX_SEED, fresh_seed
from . import params as cli_params
from .common import CONTEXT_SETTINGS, EXIT_OK

MAX_BOOK = 1000
"""Most puzzles one book holds (every drawing is kept in memory until the PDF is written)."""
DEFAULT_COUNT = 8
"""Puzzles in a generated book unless told; a book ``--from`` a file takes all that match."""
SEEDS_PER_MATCH = 200
"""With a difficulty filter on generation: seeds tried per puzzle asked before giving up."""
OUTPUTS = (".pdf", ".png", ".svg")


def _has(family: Family[Any, Any], name: str) -> bool:
    return any(p.name == name for p in family.generate_params)


def _filtered(family: Family[Any, Any], items: Iterator[Generated[Any, Any]],
              difficulty: str | None, count: int) -> Iterator[Generated[Any, Any]]:
    """The first ``count`` generated puzzles of ``difficulty`` (None: any)."""
    if difficulty is None:
        yield from items
        return
    made = 0
    for tried, item in enumerate(items, start=1):
        if item.difficulty == difficulty:
            made += 1
            yield item
            if made == count:
                return
        elif tried >= SEEDS_PER_MATCH * count:
            raise GenerationError(
                f"only {made} {family.name} puzzles of difficulty {difficulty!r} in "
                f"{tried} seeds: ask for another difficulty or fewer puzzles")


def _mapping(record: dict[str, Any], key: str) -> dict[str, Any]:
    """``record[key]`` when it is an object, else an empty one."""
    value = record.get(key)
    return value if isinstance(value, dict) else {}


def _record_item(family: Family[Any, Any], record: Any, where: str) -> Generated[Any, Any]:
    """A batch record as a ``Generated``: its own puzzle and solution (the solution solved
    again when missing or wrong), else the puzzle its ``id`` names, made again."""
    if not isinstance(record, dict):
        raise InvalidParameterError(f"{where}: not a generate --json record")
    if record.get("family", family.name) != family.name:
        raise InvalidParameterError(
            f"{where}: a {record.get('family')} record, not a {family.name} one")
    ident = record.get("id")
    if not isinstance(ident, str):
        raise InvalidParameterError(f"{where}: the record has no puzzle id")
    if not isinstance(record.get("puzzle"), dict | list):
        return family.regenerate(ident)
    puzzle = family.parse(json.dumps(record["puzzle"]), "json")[0]
    solution = None
    if record.get("solution") is not None:
        try:
            solution = family.parse_solution(json.dumps(record["solution"]), puzzle)
        except NumpuzzlesError:
            solution = None
        if solution is not None and family.check(puzzle, solution):
            solution = None
    if solution is None:
        found = family.solve(puzzle, limit=1, timeout=30)
        if not found.solutions:
            raise InvalidParameterError(f"{where}: no solution found for the record's puzzle")
        solution = found.solutions[0]
    params = _mapping(record, "params")
    details = _mapping(record, "details")
    difficulty = record.get("difficulty")
    seed = record.get("seed")
    return Generated(ident, family.name, seed if isinstance(seed, int) else 0, params, puzzle,
                     solution, difficulty if isinstance(difficulty, str) else None, details)


def _matches(record: Any, wanted: Mapping[str, Any], difficulty: str | None,
             unique: bool) -> bool:
    if not isinstance(record, dict):
        return True  # refused with its line by ``_record_item``
    params = _mapping(record, "params")
    details = _mapping(record, "details")
    if difficulty is not None and record.get("difficulty") != difficulty:
        return False
    if unique and details.get("unique") is not True:
        return False
    return all(params.get(key) == value for key, value in wanted.items())


def _from_file(family: Family[Any, Any], path: Path, given: dict[str, Any],
               difficulty: str | None, unique: bool, count: int | None,
               distinct: bool) -> list[Generated[Any, Any]]:
    """The records of ``path`` that match every filter, at most ``count`` (None:
    ``MAX_BOOK``), each puzzle once up to symmetry with ``distinct``."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InvalidParameterError(f"cannot read {str(path)!r}: {exc}") from None
    wanted = {key: value for key, value in family.normalise_params(given).items()
              if key in given}
    limit = MAX_BOOK if count is None else count
    items: list[Generated[Any, Any]] = []
    seen: set[Hashable] = set()
    read = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        read += 1
        where = f"{path} line {number}"
        try:
            record = bounded(loads(raw, number), number)
        except NumpuzzlesError as exc:
            raise InvalidParameterError(f"{path} {exc}") from None
        if isinstance(record, dict) and record.get("family", family.name) != family.name:
            raise InvalidParameterError(
                f"{where}: a {record.get('family')} record, not a {family.name} one")
        if not _matches(record, wanted, difficulty, unique):
            continue
        try:
            item = _record_item(family, record, where)
        except NumpuzzlesError as exc:
            message = str(exc)
            raise InvalidParameterError(
                message if message.startswith(str(path)) else f"{where}: {message}") from None
        if distinct:
            key = family.distinct_key(item.puzzle)
            if key in seen:
                continue
            seen.add(key)
        items.append(item)
        if len(items) == limit:
            break
    if not items:
        filters = [f"{k} {v}" for k, v in wanted.items()]
        filters += [f"difficulty {difficulty}"] if difficulty else []
        what = f" matches {', '.join(filters)}" if filters else ""
        if unique:
            what += (" and is" if what else " is") + " proved unique (--any-solutions: all)"
        what = what or " is there"
        raise InvalidParameterError(f"{path}: no {family.name} puzzle{what} "
                                    f"({read} record{'s' if read != 1 else ''} read)")
    return items


def _book_command(name: str) -> click.Command:
    from ..draw.book import book_pdf, entries_of, page_png, page_svg, plan_book
    from ..draw.booklayout import MAX_PER_PAGE
    from .verbs import _progress

    family = families.family(name)
    has_unique = _has(family, "unique")
    has_difficulty = _has(family, "difficulty")
    own = [p for p in family.generate_params if not (has_unique and p.name == "unique")]

    def book(**kwargs: Any) -> int:
        given = cli_params.take(own, kwargs)
        unique: bool = kwargs.pop("book_unique", False)
        if has_unique:
            given["unique"] = unique
        difficulty: str | None = (given.get("difficulty") if has_difficulty
                                  else kwargs.pop("book_difficulty", None))
        output: Path = kwargs["output"]
        if output.suffix.lower() not in OUTPUTS:
            raise InvalidParameterError(
                f"a book is a PDF: give -o FILE.pdf (or FILE.png, FILE.svg for one page with "
                f"--page), not {str(output)!r}")
        if kwargs["page"] is not None and output.suffix.lower() == ".pdf":
            raise click.UsageError("--page draws one page: give -o FILE.png or FILE.svg")
        check_writable(output)
        count: int | None = kwargs["count"]
        source: Path | None = kwargs["source"]
        if source is not None:
            if kwargs["seed"] is not None:
                raise click.UsageError("--from reads puzzles and --seed makes them: give one")
            filters = {k: v for k, v in given.items() if k not in ("unique", "difficulty")}
            items = _from_file(family, source, filters, difficulty,
                               unique and has_unique, count, kwargs["distinct"])
            origin = f"from {source}"
            entries = entries_of(family, items)
        else:
            asked = DEFAULT_COUNT if count is None else count
            seed = fresh_seed() if kwargs["seed"] is None else kwargs["seed"]
            wanted = None if has_difficulty else difficulty
            made = generate_many(family, given, seed, MAX_COUNT if wanted else asked,
                                 distinct=kwargs["distinct"])
            stream = _filtered(family, made, wanted, asked)
            entries = entries_of(family, _progress(stream, asked, family.name))
            origin = f"from seed {seed}"
        planned = plan_book(family, entries, per_page=kwargs["per_page"])
        suffix = output.suffix.lower()
        page: int = 2 if kwargs["page"] is None else kwargs["page"]
        if suffix != ".pdf" and page > len(planned.pages):
            raise InvalidParameterError(
                f"--page {page}: the book has pages 1 to {len(planned.pages)}")
        if suffix == ".pdf":
            data = book_pdf(planned)
        elif suffix == ".png":
            data = page_png(planned, page - 1)
        else:
            data = page_svg(planned, page - 1).encode("utf-8")
        atomic_write_bytes(output, data)
        shown = len(entries)
        short = f" (of {count} asked)" if count is not None and shown < count else ""
        what = (f"page {page} of {len(planned.pages)}" if suffix != ".pdf"
                else f"{len(planned.pages)} pages")
        click.echo(f"{output}: {what}, {shown} {name} puzzle{'s' if shown != 1 else ''}"
                   f"{short} {origin}, {planned.puzzles_per_page} a page, answers at the back",
                   err=True)
        return EXIT_OK

    book.__doc__ = f"""A printable PDF of {name} puzzles: title page and rules, the puzzles
    (each with its number, difficulty and ID), the answers at the back.

    Puzzles are generated (the same --seed and options give the same file), or read from
    a batch file with --from FILE.jsonl, where the generation options (size, difficulty,
    ...) pick the records to print.  -o FILE.png or FILE.svg draws one page (--page) to
    look at.  Needs the optional renderers: pip install -e '.[draw]' in the
    numpuzzles checkout.
    """
    decorated = [*cli_params.decorators(own)]
    if has_unique:
        decorated.append(click.option(
            "--unique/--any-solutions", "book_unique", default=True, show_default=True,
            help="Only puzzles proved to have one solution; --any-solutions: any, their "
                 "answers marked 'one solution of several' where they have more."))
    if not has_difficulty:
        decorated.append(click.option(
            "--difficulty", "book_difficulty", default=None, metavar="GRADE",
            help="Only puzzles of this difficulty (easy, medium, hard, expert), as the "
                 "captions print it."))
    decorated += [
        click.option("--from", "source", default=None,
                     type=click.Path(dir_okay=False, path_type=Path),
                     help="Print the puzzles of this batch file (JSON Lines of generate "
                          "--json records) that match the options given, instead of "
                          "generating."),
        click.option("--count", type=click.IntRange(1, min(MAX_BOOK, MAX_COUNT)), default=None,
                     help=f"How many puzzles [default: {DEFAULT_COUNT}; with --from: all that "
                          "match]."),
        click.option("--seed", type=click.IntRange(0, MAX_SEED), default=None,
                     help="Seed of the first puzzle (default: a fresh one, printed)."),
        click.option("--distinct/--no-distinct", default=True, show_default=True,
                     help="Skip puzzles equal to an earlier one up to symmetry."),
        click.option("--per-page", type=click.IntRange(1, MAX_PER_PAGE), default=None,
                     help="Puzzles on each page [default: by the boards' size, cells of at "
                          "least 7 mm where the page allows]."),
        click.option("--page", type=click.IntRange(1), default=None,
                     help="With -o FILE.png or FILE.svg: the page drawn [default: 2, the "
                          "first puzzles; 1 is the title page]."),
        click.option("-o", "--output", required=True,
                     type=click.Path(dir_okay=False, path_type=Path),
                     help="The PDF file to write (or one page's PNG or SVG)."),
    ]
    return click.command(name, context_settings=CONTEXT_SETTINGS)(
        cli_params.apply(book, decorated)
    )


class BookGroup(click.Group):
    """``numpuzzles book``: one sub-command per family, built when named."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(families.NAMES)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in families.NAMES:
            return None
        return _book_command(cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, families.title(name)) for name in self.list_commands(ctx)]
        with formatter.section("Puzzle families"):
            formatter.write_dl(rows)


book_group = BookGroup(
    name="book",
    help="Make a printable PDF book of puzzles, rules first and answers at the back: "
         "numpuzzles book FAMILY -o book.pdf",
    context_settings=CONTEXT_SETTINGS,
)
