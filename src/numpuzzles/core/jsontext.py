"""Reading JSON puzzle files: one JSON array, one value, or JSON Lines (one value a line).

Shared by every family's JSON reader so that they accept the same layouts and fail the
same way: every problem (bad syntax, a number of more than ``MAX_DIGITS`` digits,
``NaN``/``Infinity``, nesting too deep for the parser) is a ``PuzzleFormatError`` with the
line number, never the ``ValueError``/``RecursionError`` that ``json.loads`` raises.
Every family also reads back the records the command line writes, so an object with a
``puzzle`` (or ``solution``) member stands for that member (``member``).
"""

from __future__ import annotations

import json
from typing import Any

from .errors import PuzzleFormatError
from .intparse import ascii_int


def _int(token: str) -> int:
    value = ascii_int(token)
    assert value is not None  # the JSON grammar only hands over well-formed integers
    return value


def _constant(token: str) -> Any:
    raise PuzzleFormatError(f"{token} is not a number a puzzle can hold")


def loads(text: str, line: int) -> Any:
    """One JSON value; errors carry ``line`` (plus the parser's line within ``text``)."""
    try:
        return json.loads(text, parse_int=_int, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise PuzzleFormatError(f"invalid JSON: {exc.msg}", line=line + exc.lineno - 1) from None
    except PuzzleFormatError as exc:
        raise PuzzleFormatError(str(exc), line=line) from None
    except RecursionError:
        raise PuzzleFormatError("JSON nested too deeply", line=line) from None


def json_values(text: str) -> list[tuple[int, Any]]:
    """The values in ``text`` with their 1-based line numbers: a top-level array's items
    (all on the array's first line), one value spread over several lines, else one value
    per non-blank line (JSON Lines)."""
    stripped = text.strip()
    if not stripped:
        raise PuzzleFormatError("empty input: no JSON value found")
    if stripped.startswith("["):
        first = len(text) - len(text.lstrip())
        start = text.count("\n", 0, first) + 1
        values = loads(stripped, start)
        if not isinstance(values, list):
            raise PuzzleFormatError("expected a JSON array", line=start)
        return [(start, value) for value in values]
    lines = [(n, raw) for n, raw in enumerate(text.splitlines(), start=1) if raw.strip()]
    if len(lines) > 1 and not all(raw.lstrip().startswith("{") for _, raw in lines):
        return [(lines[0][0], loads(stripped, lines[0][0]))]  # one pretty-printed value
    return [(number, loads(raw, number)) for number, raw in lines]


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
    if not stripped:
        raise PuzzleFormatError("empty input: no JSON value found")
    try:
        return loads(stripped, 1)
    except PuzzleFormatError:
        number, first = next((n, raw) for n, raw in enumerate(text.splitlines(), 1) if raw.strip())
        return loads(first, number)
