"""Reading integers out of puzzle text, the one way every reader does it.

Why not plain ``int()``: it accepts far more than a puzzle file means (``"١٢"``, ``"1_000"``,
``" 7 "``), it raises a bare ``ValueError`` past 4300 digits, and ``str.isdigit()`` (the
usual guard) is true for ``"²"``, which ``int()`` then refuses.  And a number with 40
digits is never a real size or label: it would only overflow a list allocation or a
compiled kernel's 64-bit array later.  So readers accept ASCII digits with an optional
minus sign, at most ``MAX_DIGITS`` of them, and anything else is a ``PuzzleFormatError``.
"""

from __future__ import annotations

import re

from .errors import PuzzleFormatError

MAX_DIGITS = 18
"""The longest number a reader accepts: every value then fits a signed 64-bit integer."""

_INT = re.compile(r"-?[0-9]+")


def ascii_int(token: str, line: int | None = None) -> int | None:
    """The integer ``token`` spells (ASCII digits, optional minus sign), or None.

    A well-formed number longer than ``MAX_DIGITS`` digits is an error, not None, so that
    the message says what is wrong with it.
    """
    if _INT.fullmatch(token) is None:
        return None
    if len(token.lstrip("-")) > MAX_DIGITS:
        message = f"number {token[:12]}... has more than {MAX_DIGITS} digits"
        raise PuzzleFormatError(message, line=line)
    return int(token)


def read_int(token: str, what: str, line: int | None = None, *, minimum: int = 0) -> int:
    """``token`` as an integer of at least ``minimum``; else an error naming ``what``."""
    value = ascii_int(token.strip(), line)
    if value is None:
        raise PuzzleFormatError(f"expected {what} (an integer), got {token.strip()!r}", line=line)
    if value < minimum:
        raise PuzzleFormatError(f"{what} must be at least {minimum}, got {value}", line=line)
    return value
