"""``numpuzzles book FAMILY``: a printable PDF of generated puzzles, solutions at the back.

One sub-command per registered family, built only when named (like the root group), with
that family's generation options (``cli/params.py``), so a book accepts exactly what
``generate`` does.  The puzzles come from ``core.batch.generate_many``: the same seed and
options give the same book, byte for byte.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from .. import families
from ..core.batch import MAX_COUNT, generate_many
from ..core.errors import InvalidParameterError
from ..core.fileio import atomic_write_bytes, check_writable
from ..core.seeds import MAX_SEED, fresh_seed
from . import params as cli_params
from .common import CONTEXT_SETTINGS, EXIT_OK

MAX_BOOK = 1000
"""Most puzzles one book holds (every drawing is kept in memory until the PDF is written)."""


def _book_command(name: str) -> click.Command:
    from ..draw.book import MAX_PER_PAGE, make_book
    from .verbs import _progress

    family = families.family(name)

    def book(**kwargs: Any) -> int:
        given = cli_params.take(family.generate_params, kwargs)
        output: Path = kwargs["output"]
        if output.suffix.lower() != ".pdf":
            raise InvalidParameterError(f"a book is a PDF: give -o FILE.pdf, not {str(output)!r}")
        check_writable(output)
        count: int = kwargs["count"]
        seed = fresh_seed() if kwargs["seed"] is None else kwargs["seed"]
        items = generate_many(family, given, seed, count, distinct=kwargs["distinct"])
        data = make_book(family, _progress(items, count), per_page=kwargs["per_page"])
        atomic_write_bytes(output, data)
        click.echo(f"{output}: {count} {name} puzzle{'s' if count != 1 else ''} from seed "
                   f"{seed}, solutions at the back", err=True)
        return EXIT_OK

    book.__doc__ = f"""A printable PDF of {name} puzzles, solutions at the back.

    Each puzzle is headed by its ID and difficulty; the same --seed and options give the
    same file.  Needs the optional renderers: pip install 'numpuzzles[draw]'.
    """
    decorated = [
        *cli_params.decorators(family.generate_params),
        click.option("--count", type=click.IntRange(1, min(MAX_BOOK, MAX_COUNT)), default=8,
                     show_default=True, help="How many puzzles."),
        click.option("--seed", type=click.IntRange(0, MAX_SEED), default=None,
                     help="Seed of the first puzzle (default: a fresh one, printed)."),
        click.option("--distinct/--no-distinct", default=True, show_default=True,
                     help="Skip puzzles equal to an earlier one up to symmetry."),
        click.option("--per-page", type=click.IntRange(1, MAX_PER_PAGE), default=4,
                     show_default=True, help="Puzzles on each page."),
        click.option("-o", "--output", required=True,
                     type=click.Path(dir_okay=False, path_type=Path),
                     help="The PDF file to write."),
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
    help="Make a printable PDF book of generated puzzles: numpuzzles book FAMILY -o book.pdf",
    context_settings=CONTEXT_SETTINGS,
)
