"""The original's ``randfill(seed)``: glibc ``srand(seed)`` then ``rand() % 9 + 1`` per cell.

The original assignment's boards come from glibc's ``rand()``, which is the TYPE_3 additive
feedback generator (``random_r`` with a 31-word state).  It is reproduced here exactly, in
pure Python, so the original's seeds name the same boards on every platform:

* ``srand(seed)`` stores ``seed`` (0 becomes 1) as a signed 32-bit word, fills 30 more words
  with ``16807 * word mod (2**31 - 1)`` (Schrage's method, C truncating division, negative
  results wrapped by adding ``2**31 - 1``), then discards 310 outputs;
* each output adds the words 31 and 3 places back modulo ``2**32`` and returns the sum
  shifted right by one bit (so outputs lie in ``0 .. 2**31 - 1``).
"""

from __future__ import annotations

from ..core.errors import InvalidParameterError
from .board import Board

_MOD31 = 2147483647
_MASK32 = 0xFFFFFFFF


def _c_div(a: int, b: int) -> int:
    """C's truncating integer division (Python's ``//`` floors)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


class GlibcRand:
    """glibc's ``rand()`` after ``srand(seed)``; ``next()`` returns what ``rand()`` would."""

    __slots__ = ("_r",)

    def __init__(self, seed: int) -> None:
        if not 0 <= seed <= _MASK32:
            raise InvalidParameterError(f"seed must be an unsigned 32-bit integer, got {seed}")
        word = seed if seed < 2**31 else seed - 2**32  # srand stores it in an int32_t
        if word == 0:
            word = 1
        r = [word]
        for _ in range(1, 31):
            hi = _c_div(word, 127773)
            lo = word - hi * 127773
            word = 16807 * lo - 2836 * hi
            if word < 0:
                word += _MOD31
            r.append(word)
        r = [v & _MASK32 for v in r]
        for i in range(31, 34):
            r.append(r[i - 31])
        self._r = r
        for _ in range(310):
            self._step()

    def _step(self) -> int:
        r = self._r
        value = (r[-31] + r[-3]) & _MASK32
        r.append(value)
        if len(r) > 64:
            del r[:-34]
        return value

    def next(self) -> int:
        """The next ``rand()`` value, in ``0 .. 2**31 - 1``."""
        return self._step() >> 1


def randfill(seed: int, width: int = 5, height: int = 4) -> Board:
    """The original's board for ``seed``: ``rand() % 9 + 1`` per cell, row by row.

    >>> str(randfill(6))
    '18866/62725/32795/34448'
    """
    gen = GlibcRand(seed)
    cells = tuple(gen.next() % 9 + 1 for _ in range(width * height))
    return Board(width, height, cells)
