"""What a family's own command-line module may add to the verbs written once in verbs.py.

A family with nothing of its own needs no module.  One that has something (Fubuki's
``--rows``/``--cols`` and prompts, Number Match's ``play`` and ``--randfill``, Arukone's
checker models) puts an ``EXTRAS = CliExtras(...)`` in ``numpuzzles/cli/<family>.py``; the
verbs find it by that name, so no list of families is kept here.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import click

Named = tuple[str, Any]
"""A puzzle with a name for messages (``file #2``, ``randfill 7``)."""


@dataclass(frozen=True)
class PuzzleSource:
    """Options that make puzzles without a file.

    ``load`` receives the options' values (by parameter name) and the read options; it
    returns None when none of its options were given, so files are read instead.
    """

    options: Sequence[Callable[[Any], Any]]
    names: tuple[str, ...]
    load: Callable[[dict[str, Any], dict[str, Any]], Iterator[Named] | None]


@dataclass(frozen=True)
class CliExtras:
    """A family's own additions: a puzzle source, whole commands, a command class."""

    source: PuzzleSource | None = None
    commands: Sequence[click.Command] = ()
    command_class: type[click.Command] = click.Command
    hidden_check: Callable[..., int] | None = None
    """Called by ``check`` when it gets one input and no solution (Arukone's old ``check``,
    which ran the checker models, kept as a warning alias)."""
    undecided_words: Callable[[Any, Any, dict[str, Any]], str | None] | None = None
    """``solve``'s words for an ``unknown`` answer that no time limit stopped, given the
    puzzle, the result and the solve options (None: the shared words).  Number Match's
    ``classic`` says there which bound it searched to the end: a proof of its own."""


def extras_for(name: str) -> CliExtras:
    """The family's ``EXTRAS`` from ``numpuzzles.cli.<name>``, or none."""
    module_name = f"numpuzzles.cli.{name}"
    if importlib.util.find_spec(module_name) is None:
        return CliExtras()
    found: CliExtras = getattr(importlib.import_module(module_name), "EXTRAS", CliExtras())
    return found
