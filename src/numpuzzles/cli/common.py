"""Options, exit codes and output helpers shared by every family's commands.

A record is printed with ``core.records.dumps_json``, the one JSON line batches write too.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ..core.fileio import atomic_write_text, check_writable, reading
from ..core.result import Status

if TYPE_CHECKING:  # imported when -o is given: pathlib costs a solving process ~10 ms
    from pathlib import Path

F = TypeVar("F", bound=Callable[..., Any])

EXIT_OK = 0
EXIT_UNSOLVABLE = 1
EXIT_USAGE = 2
EXIT_UNKNOWN = 3

CONTEXT_SETTINGS: dict[str, Any] = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


def exit_code_for(statuses: Iterable[Status]) -> int:
    """One exit code for many answers: undecided beats unsolvable beats solved."""
    codes = {EXIT_OK}
    for status in statuses:
        if status is Status.UNKNOWN:
            codes.add(EXIT_UNKNOWN)
        elif status is Status.UNSOLVABLE:
            codes.add(EXIT_UNSOLVABLE)
    if EXIT_UNKNOWN in codes:
        return EXIT_UNKNOWN
    return max(codes)


def json_option(func: F) -> F:
    """``--json``: JSON Lines, one object per puzzle."""
    return click.option(
        "--json", "as_json", is_flag=True, help="Print JSON Lines: one object per puzzle."
    )(func)


def seed_option(func: F) -> F:
    """``--seed``: the integer all randomness comes from."""
    return click.option(
        "--seed",
        type=click.IntRange(0, 2**63 - 1),
        default=None,
        help="Random seed; the same seed gives the same output. Default: a fresh one, printed.",
    )(func)


def timeout_option(func: F) -> F:
    """``--timeout``: seconds per puzzle before answering 'unknown'."""
    return click.option(
        "--timeout",
        type=click.FloatRange(min=0, min_open=True),
        default=None,
        help="Give up on a puzzle after this many seconds and report it undecided (exit 3).",
    )(func)


def format_option(choices: Iterable[str], help_text: str) -> Callable[[F], F]:
    """``--format``: the input format, sniffed when not given."""

    def decorate(func: F) -> F:
        return click.option(
            "--format",
            "fmt",
            type=click.Choice(list(choices)),
            default=None,
            help=help_text,
        )(func)

    return decorate


def _as_path(ctx: click.Context, param: click.Parameter, value: str | None) -> Path | None:
    """``--output``'s value as a ``Path`` (pathlib imported only when one is given)."""
    if value is None:
        return None
    from pathlib import Path

    return Path(value)


def output_option(func: F) -> F:
    """``-o/--output``: write to a file (atomically) instead of standard output."""
    return click.option(
        "-o",
        "--output",
        type=click.Path(dir_okay=False, writable=True),
        default=None,
        callback=_as_path,
        help="Write to this file instead of standard output (written whole, then renamed).",
    )(func)


def read_text(path: str) -> str:
    """The text of ``path``, or of standard input for ``-``; errors become library errors."""
    if path == "-":
        return sys.stdin.read()
    with reading(path), open(path, encoding="utf-8") as handle:
        return handle.read()


class Output:
    """Collects a command's standard output, or writes it to ``--output`` atomically at the end."""

    def __init__(self, path: Path | None) -> None:
        self._path = path
        self._chunks: list[str] = []
        if path is not None:
            check_writable(path)

    def line(self, text: str = "") -> None:
        """Print one line (or buffer it for the output file)."""
        if self._path is None:
            click.echo(text)
        else:
            self._chunks.append(text + "\n")

    def close(self) -> None:
        """Write the buffered text to the output file, if there is one."""
        if self._path is not None:
            atomic_write_text(self._path, "".join(self._chunks))
