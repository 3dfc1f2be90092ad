"""Typed errors raised by library code.

Library code never prints or exits; it raises one of these and the command line turns it
into one line on stderr and exit status 2 (the web app into an ``{"error": ...}`` answer),
each flattened by ``one_line``.
"""

from __future__ import annotations


class NumpuzzlesError(Exception):
    """Base class of every error this package raises on purpose."""


class PuzzleFormatError(NumpuzzlesError, ValueError):
    """Text that cannot be read as a puzzle; carries the 1-based line number when known."""

    def __init__(self, message: str, line: int | None = None) -> None:
        self.line = line
        super().__init__(f"line {line}: {message}" if line is not None else message)


class InvalidPuzzleError(NumpuzzlesError, ValueError):
    """A puzzle that parses but breaks its family's rules (duplicate givens, bad totals...)."""


class InvalidParameterError(NumpuzzlesError, ValueError):
    """A parameter (size, rule set, number of givens...) outside what a family supports."""


class GenerationError(NumpuzzlesError):
    """A generator could not produce what was asked within its attempts."""


class OutputFileError(NumpuzzlesError):
    """A file the caller asked to write cannot be written (missing directory, no permission,
    disk full); the message names the file and the reason in one sentence."""


class MissingDependencyError(NumpuzzlesError):
    """An optional package a requested output needs is not installed (the message says
    which and how to install it)."""


def install_hint(extra: str) -> str:
    """The command that installs an optional extra.

    Why one function: numpuzzles is installed from its checkout and is on no package
    registry, so ``pip install 'numpuzzles[web]'`` fails; every message names the command
    that works, written once here.
    """
    return f"pip install -e '.[{extra}]' in the numpuzzles checkout"


def one_line(text: str, limit: int = 500) -> str:
    """An error message as one line of bounded length, whatever the input put into it: the
    form the command line prints on standard error and the web app answers with."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."
