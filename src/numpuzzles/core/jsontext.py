"""JSON input as people hand it over: one value, an array of values, or JSON Lines.

Every family reads its puzzles (and solutions) from the records the command line writes,
so an object with a ``puzzle`` (or ``solution``) member stands for that member.
"""

from __future__ import annotations

import json
from typing import Any

from .errors import PuzzleFormatError

MAX_DEPTH = 64
"""Deeper nesting than this is no puzzle; refusing it keeps the reader out of recursion
limits on hostile input."""


def _loads(text: str, line: int) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise PuzzleFormatError(f"invalid JSON: {exc.msg}", line=line + exc.lineno - 1) from None
    except (RecursionError, ValueError) as exc:  # int too long, nesting too deep
        raise PuzzleFormatError(f"invalid JSON: {exc}", line=line) from None


def json_values(text: str) -> list[tuple[int, Any]]:
    """The JSON values in ``text`` with their 1-based line numbers: an array's items, one
    whole value, or JSON Lines."""
    stripped = text.strip()
    if not stripped:
        raise PuzzleFormatError("empty input: no JSON value found")
    if stripped.startswith("["):
        value = _loads(stripped, 1)
        if not isinstance(value, list):
            raise PuzzleFormatError("expected a JSON array", line=1)
        return [(1, item) for item in value]
    lines = [(n, raw) for n, raw in enumerate(text.splitlines(), start=1) if raw.strip()]
    if len(lines) > 1 and not all(raw.lstrip().startswith("{") for _, raw in lines):
        return [(lines[0][0], _loads(stripped, lines[0][0]))]  # one value over several lines
    return [(n, _loads(raw, n)) for n, raw in lines]


def member(value: Any, key: str) -> Any:
    """``value[key]`` when ``value`` is a record holding that member as an object or list,
    else ``value`` itself: a ``--json`` record stands for its puzzle or solution."""
    if isinstance(value, dict) and isinstance(value.get(key), dict | list):
        return value[key]
    return value


def first_json_value(text: str) -> Any:
    """The whole text as one JSON value, else its first line's (a JSON Lines file): the
    form a solution is handed over in."""
    stripped = text.strip()
    try:
        return json.loads(stripped)
    except (json.JSONDecodeError, RecursionError, ValueError):
        pass
    number, first = next(((n, raw) for n, raw in enumerate(text.splitlines(), 1) if raw.strip()),
                         (1, stripped))
    return _loads(first, number)
