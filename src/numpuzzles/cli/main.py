"""Entry point: the root command, lazy loading of family command groups, error handling.

Every error a user can cause ends here as one line on stderr and exit status 2; a
traceback would mean a bug in this package.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

import click

from .. import __version__
from ..core.errors import NumpuzzlesError
from .common import CONTEXT_SETTINGS, EXIT_USAGE

# family name -> "module:attribute" of its click group, loaded only when used.
FAMILY_COMMANDS: dict[str, tuple[str, str]] = {
    "fubuki": ("numpuzzles.cli.fubuki", "Fubuki: digits 1..n² once each, row and column totals."),
    "numberlink": (
        "numpuzzles.cli.numberlink",
        "Numberlink / Flow Free: connect equal labels with non-crossing paths.",
    ),
    "nummatch": (
        "numpuzzles.cli.nummatch",
        "Number Match: clear the board by removing equal pairs or pairs summing to ten.",
    ),
    "arukone": (
        "numpuzzles.cli.arukone",
        "Arukone (BwInf): Numberlink where cells may stay empty; puzzles that beat the checker.",
    ),
}


class FamilyGroup(click.Group):
    """Root group that imports a family's commands only when that family is named."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(FAMILY_COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        entry = FAMILY_COMMANDS.get(cmd_name)
        if entry is None:
            return None
        module = importlib.import_module(entry[0])
        command: click.Command = module.group
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, FAMILY_COMMANDS[name][1]) for name in self.list_commands(ctx)]
        with formatter.section("Puzzle families"):
            formatter.write_dl(rows)


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
        click.echo(f"numpuzzles: error: {exc}", err=True)
        code = EXIT_USAGE
    except BrokenPipeError:
        code = 0
    except KeyboardInterrupt:
        click.echo("numpuzzles: interrupted", err=True)
        code = 130
    else:
        code = result if isinstance(result, int) else 0
    if argv is None:
        sys.stdout.flush()
        sys.exit(code)
    return code
