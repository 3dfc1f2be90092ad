"""Entry point: the root command, lazy loading of family command groups, error handling.

Every error a user can cause ends here as one line on stderr and exit status 2; a
traceback would mean a bug in this package.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any

import click

from .. import __version__, families
from ..core.errors import NumpuzzlesError, one_line
from .common import CONTEXT_SETTINGS, EXIT_USAGE
from .helptext import ListingGroup, write_commands, write_rule_sets

EXIT_INTERNAL = 70
"""A bug (EX_SOFTWARE): never an answer about a puzzle."""


ROOT_COMMANDS = {
    "batch": ("numpuzzles.cli.batch", "batch"),
    "book": ("numpuzzles.cli.book", "book_group"),
    "serve": ("numpuzzles.cli.serve", "serve_command"),
}
"""Commands over all families: module and name, imported only when named (the batch
engine alone costs a one-puzzle process some 60 ms of imports)."""


class FamilyCommands(ListingGroup):
    """``numpuzzles FAMILY``: the group ``verbs.build_group`` makes, with its help written
    here, where help is: whole command summaries, then the family's rule sets and their
    rules (from ``how_to_play``), so a user learns what ``--rules classic`` means."""

    def __init__(self, inner: click.Group) -> None:
        super().__init__(name=inner.name, help=inner.help,
                         context_settings=inner.context_settings)
        self.inner = inner

    def list_commands(self, ctx: click.Context) -> list[str]:
        return self.inner.list_commands(ctx)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return self.inner.get_command(ctx, cmd_name)

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        write_rule_sets(formatter, families.family(self.name or ""))
        super().format_epilog(ctx, formatter)


class FamilyGroup(click.Group):
    """Root group: one sub-group per registered family, built only when that family is named
    (so ``numpuzzles fubuki ...`` never loads the Numberlink engines)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*sorted(families.NAMES), *sorted(ROOT_COMMANDS)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in ROOT_COMMANDS:
            module, name = ROOT_COMMANDS[cmd_name]
            command: click.Command = getattr(importlib.import_module(module), name)
            return command
        if cmd_name not in families.NAMES:
            return None
        from .verbs import build_group

        return FamilyCommands(build_group(cmd_name))

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, families.title(name)) for name in sorted(families.NAMES)]
        with formatter.section("Puzzle families"):
            formatter.write_dl(rows)
        others = [(name, self.get_command(ctx, name)) for name in sorted(ROOT_COMMANDS)]
        write_commands(formatter, "Other commands", [(n, c) for n, c in others if c is not None])


@click.group(cls=FamilyGroup, context_settings=CONTEXT_SETTINGS)
@click.version_option(__version__, prog_name="numpuzzles")
def cli() -> None:
    """Solve, generate, check and draw number-grid logic puzzles.

    Usage: numpuzzles FAMILY VERB [ARGS]. Exit status: 0 success, 1 no solution (proved),
    2 bad input or usage, 3 undecided within the limits.
    """


def _command_path(exc: click.ClickException) -> str:
    ctx: Any = getattr(exc, "ctx", None)
    return ctx.command_path if ctx is not None else "numpuzzles"


def main(argv: list[str] | None = None) -> int:
    """Run the command line and return (and exit with) its status."""
    # numpy starts a BLAS thread pool when imported; nothing in this package uses BLAS, and
    # starting one thread instead of one a core saves a fresh process some CPU (measured
    # under load: 0.22 s against 0.24 s CPU for a 10x10 board).  A value the user set wins.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    try:
        result = cli.main(args=argv, prog_name="numpuzzles", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("numpuzzles: aborted", err=True)
        code = 130
    except click.exceptions.NoArgsIsHelpError as exc:
        click.echo(exc.format_message())
        code = 0
    except click.ClickException as exc:
        hint = " (see --help)" if isinstance(exc, click.UsageError) else ""
        click.echo(f"{_command_path(exc)}: error: {exc.format_message()}{hint}", err=True)
        code = EXIT_USAGE
    except NumpuzzlesError as exc:
        click.echo(f"numpuzzles: error: {one_line(str(exc))}", err=True)
        code = EXIT_USAGE
    except BrokenPipeError:
        code = 0
    except KeyboardInterrupt:
        click.echo("numpuzzles: interrupted", err=True)
        code = 130
    except (MemoryError, RecursionError) as exc:
        click.echo(f"numpuzzles: error: the input is too large ({type(exc).__name__})", err=True)
        code = EXIT_USAGE
    except Exception as exc:  # a bug: one line for the user, the traceback on request
        if os.environ.get("NUMPUZZLES_DEBUG"):
            raise
        click.echo(
            f"numpuzzles: internal error: {type(exc).__name__}: {one_line(str(exc))} (a bug; "
            "please report it "
            "with the command; NUMPUZZLES_DEBUG=1 shows the traceback)",
            err=True,
        )
        code = EXIT_INTERNAL
    else:
        code = result if isinstance(result, int) else 0
    if argv is None:
        sys.stdout.flush()
        sys.exit(code)
    return code
