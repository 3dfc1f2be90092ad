"""Reading JSON puzzle files: one JSON array, one value, or JSON Lines (one value a line).

Shared by every family's JSON reader so that they accept the same layouts and fail the
same way: every problem (bad syntax, a number of more than ``MAX_DIGITS`` digits,
``NaN``/``Infinity``, nesting too deep for the parser) is a ``PuzzleFormatError`` with the
line number, never the ``ValueError``/``RecursionError`` that ``json.loads`` raises.
Every family also reads back the records the command line writes, so an object with a
``puzzle`` (or ``solution``) member stands for that member (``member``).

Why the digit bound applies to a record's puzzle and solution only: a record also carries
what no reader takes as a puzzle number (its ``seed``, up to 2**63-1 and so 19 digits for
most batch lines; a ``count`` of solutions, which has no bound at all), and refusing those
would make the tools' own output unreadable to themselves.  Every number a reader does take
(the whole value, or a record's ``puzzle``, ``solution`` and ``solutions``) is still held to
``MAX_DIGITS``; the rest only to Python's own limit for reading an integer.
"""

from __future__ import annotations

import json
from typing import Any

from .errors import PuzzleFormatError
from .intparse import MAX_DIGITS

MAX_ANY_DIGITS = 4300
"""The longest integer a JSON text may hold anywhere: Python's own default limit for
``int(str)``, past which it raises a bare ``ValueError`` (and the time grows quadratically)."""

READ_MEMBERS = ("puzzle", "solution", "solutions")
"""The members of a record that readers take numbers from (see the module docstring)."""


def _reader(longs: list[str]) -> Any:
    """The ``parse_int`` hook: every integer up to ``MAX_ANY_DIGITS`` digits, noting in
    ``longs`` those past ``MAX_DIGITS`` (so that a text without any, nearly every text, is
    not walked again by ``bounded``)."""

    def read(token: str) -> int:
        digits = len(token) - token.startswith("-")
        if digits > MAX_DIGITS:
            longs.append(token)
        try:
            if digits > MAX_ANY_DIGITS:
                raise ValueError(token)
            return int(token)  # the JSON grammar only hands over well-formed integers
        except ValueError:  # past Python's limit, which PYTHONINTMAXSTRDIGITS may lower
            raise PuzzleFormatError(f"number {token[:12]}... has too many digits") from None

    return read


def is_record(value: Any) -> bool:
    """Whether ``value`` is a record the tools wrote (an object whose ``puzzle`` member is
    an object or a list) rather than a puzzle or a solution itself."""
    if not isinstance(value, dict):
        return False
    inner: Any = value.get("puzzle")
    return isinstance(inner, dict | list)


_LIMIT = 10**MAX_DIGITS
"""The smallest magnitude with more than ``MAX_DIGITS`` digits."""


def bounded(value: Any, line: int) -> Any:
    """``value`` itself, once every integer a reader may take from it has at most
    ``MAX_DIGITS`` digits (all of it; of a record, its ``READ_MEMBERS``); else the
    ``PuzzleFormatError`` that ``intparse`` raises for such a number, with ``line``."""
    record = is_record(value)
    stack = [value[key] for key in READ_MEMBERS if key in value] if record else [value]
    while stack:  # a loop, not recursion: the parser nests deeper than Python recurses
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, int) and not isinstance(item, bool) and abs(item) >= _LIMIT:
            shown = str(item)[:12]
            message = f"number {shown}... has more than {MAX_DIGITS} digits"
            raise PuzzleFormatError(message, line=line)
    return value


def _constant(token: str) -> Any:
    raise PuzzleFormatError(f"{token} is not a number a puzzle can hold")


def loads(text: str, line: int) -> Any:
    """One JSON value, ``bounded`` (a top-level array item by item, so that an array of
    records is bounded as records); errors carry ``line`` (plus the parser's line within
    ``text``)."""
    longs: list[str] = []
    try:
        value = json.loads(text, parse_int=_reader(longs), parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise PuzzleFormatError(f"invalid JSON: {exc.msg}", line=line + exc.lineno - 1) from None
    except PuzzleFormatError as exc:
        raise PuzzleFormatError(str(exc), line=line) from None
    except RecursionError:
        raise PuzzleFormatError("JSON nested too deeply", line=line) from None
    if longs:
        for item in value if isinstance(value, list) else [value]:
            bounded(item, line)
    return value


def json_values(text: str) -> list[tuple[int, Any]]:
    """The values in ``text`` with their 1-based line numbers: a top-level array's items
    (all on the array's first line), one value spread over several lines, else one value
    per non-blank line (JSON Lines), each ``bounded``."""
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
    form a solution is handed over in, ``bounded``."""
    stripped = text.strip()
    if not stripped:
        raise PuzzleFormatError("empty input: no JSON value found")
    try:
        return loads(stripped, 1)
    except PuzzleFormatError:
        number, first = next((n, raw) for n, raw in enumerate(text.splitlines(), 1) if raw.strip())
        return loads(first, number)
