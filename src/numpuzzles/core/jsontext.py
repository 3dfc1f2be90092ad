"""Reading JSON puzzle files: one JSON array, or JSON Lines (one value per line).

Shared by every family's JSON reader so that they accept the same layouts and fail the
same way: every problem (bad syntax, a number of more than ``MAX_DIGITS`` digits,
``NaN``/``Infinity``, nesting too deep for the parser) is a ``PuzzleFormatError`` with the
line number, never the ``ValueError``/``RecursionError`` that ``json.loads`` raises.
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
    (all on the array's first line), else one value per non-blank line (JSON Lines)."""
    stripped = text.strip()
    if stripped.startswith("["):
        first = len(text) - len(text.lstrip())
        start = text.count("\n", 0, first) + 1
        values = loads(stripped, start)
        return [(start, value) for value in values]
    out = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if raw.strip():
            out.append((number, loads(raw, number)))
    return out
