"""Reading the puzzles a command works on: files, standard input, or the puzzle itself.

An argument is a file when one exists at that path, ``-`` for standard input, and
otherwise the puzzle's own text (``18866/62725/32795/34448``, a puzz.link URL); an argument
that is neither is reported as a missing file.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

from ..core.errors import NumpuzzlesError, OutputFileError, PuzzleFormatError
from ..core.family import Family
from .common import read_text
from .extras import Named

MAX_INLINE = 100_000
"""Longer arguments are never taken for a puzzle's text."""


def _has_suffix(arg: str) -> bool:
    """Whether the file name ``arg`` has a suffix, by ``pathlib.PurePath.suffix``'s rule (a
    dot inside the last name, neither first nor last), without importing pathlib."""
    name = os.path.basename(os.path.normpath(arg)) if arg else ""
    dot = name.rfind(".")
    return 0 < dot < len(name) - 1


def _looks_inline(arg: str) -> bool:
    return "\n" in arg or not _has_suffix(arg) or "://" in arg or "?" in arg


def read_argument(arg: str) -> tuple[str, str]:
    """``(name, text)`` of one argument (see the module docstring)."""
    if arg == "-":
        return "stdin", read_text("-")
    exists = os.path.exists(arg)  # False too for a name too long or with a NUL byte
    if exists or len(arg) > MAX_INLINE or not _looks_inline(arg):
        return arg, read_text(arg)
    return "puzzle", arg


def refuse_output_over_input(output: str | os.PathLike[str] | None, args: tuple[str, ...]) -> None:
    """Raise ``OutputFileError`` when ``-o`` names one of the input files.

    Why: ``solve p.txt -o p.txt`` would replace the puzzle the user wrote with its
    solution (the write is atomic, so it would succeed), and nothing a user wrote is
    overwritten by a command that only reads it.  Checked before any work.
    """
    if output is None or not os.path.exists(output):
        return
    for arg in args:
        if arg == "-" or not os.path.exists(arg):
            continue
        try:
            same = os.path.samefile(arg, output)
        except OSError:  # unreadable either way: the read or the write says so later
            continue
        if same:
            raise OutputFileError(
                f"-o {os.fspath(output)} is also an input: write the output to another file")


def load(
    family: Family[Any, Any], args: tuple[str, ...], fmt: str | None, read: dict[str, Any]
) -> Iterator[Named]:
    """Every puzzle in ``args``, each with a name for messages, in order."""
    for arg in args:
        name, text = read_argument(arg)
        try:
            puzzles = family.parse(text, fmt, **read)
        except NumpuzzlesError as exc:
            if name == "puzzle" and isinstance(exc, PuzzleFormatError):
                raise NumpuzzlesError(
                    f"{arg}: no such file, and not a {family.name} puzzle either ({exc})"
                ) from None
            raise type(exc)(f"{name}: {exc}") from None
        if len(puzzles) == 1:
            yield name, puzzles[0]
        else:
            for index, puzzle in enumerate(puzzles, start=1):
                yield f"{name} #{index}", puzzle
