"""The largest boards Numberlink and Arukone generate: one place for each number.

Why a module of its own: the family adapters check a request against these before any
work (and the command line's ``--help`` prints them from the same names), while the
generators check them again where they start; both import them from here, so the number
a user is shown is the number that refuses, and reading a puzzle never imports a
generator to learn a limit.
"""

from __future__ import annotations

import math

MAX_SIDE = 200
"""Largest width or height ``numberlink generate`` accepts: the union-find method's
200x200 (``UNIONFIND_MAX_CELLS``)."""

MAX_CELLS = 2_500
"""The largest board the unique generator (``generate/unique.py``) makes: 2,500 cells,
e.g. 50x50.

Measured with the solver's proof (``solver_prover``, rules ``fill``, one core of a shared
2-core machine): 30x30 in 2.4 s, 40x40 in 8 s, 50x50 in 22-30 s (seeds 1-3), 60x60 in
46 s, while 70x70 and 100x100 did not finish in 7 minutes (the repairs and the proofs grow
much faster than the area).  Larger requests are refused at once instead of running on or
ending in ``MemoryError`` (``generate 100000`` used to).
"""

UNIONFIND_MAX_CELLS = MAX_SIDE * MAX_SIDE
"""The largest board ``generate_unionfind`` grows: 40,000 cells, e.g. 200x200.

The growth rescans the board for a free start before every path, so its time grows with
the square of the area; measured (seed 1, one core of a shared 2-core machine): 50x50 in
0.4 s, 100x100 in 7 s, 200x200 in 92 s, 300x300 not within 5 minutes.
"""

MAX_PAIRS = MAX_CELLS // 2
"""The most pairs a requested count can name: half the largest unique board (a pair needs
two cells; the union-find method takes no count)."""

MAX_DENSITY = 0.5
"""The most pairs per cell a requested density can name (a pair needs two cells)."""

ARUKONE_MIN_SIZE = 4
ARUKONE_MAX_SIZE = 200
"""The largest n ``arukone generate`` accepts (n x n boards).

Each attempt draws paths and runs the three checker models, whose cost grows with n², and
more attempts are needed as n grows.  Measured (default models, seeds 1-3, one core of a
shared 2-core machine): n = 100 in 1.9 s, n = 200 in 3-9 s (2-9 attempts), n = 300 in
6-82 s (2-31 attempts), n = 400 in 128 s, n = 500 in 307 s; n = 5000 never ended.
"""

ARUKONE_UNIQUE_MAX_SIZE = math.isqrt(MAX_CELLS)
"""With ``--unique`` the board comes from the unique generator, so it falls under
``MAX_CELLS``: n is at most 50 there (n = 50 took 13.5 s)."""


def size_limits() -> str:
    """The Numberlink board limits in words, for ``--help`` and for the refusals alike."""
    side = math.isqrt(MAX_CELLS)
    return (f"sides up to {MAX_SIDE}, at most {MAX_CELLS:,} cells (e.g. {side}x{side}); "
            f"the unionfind method: {UNIONFIND_MAX_CELLS:,} cells (e.g. {MAX_SIDE}x{MAX_SIDE})")

SYMMETRIES = ("none", "rot2", "rot4", "mirror")
"""The symmetries a generated layout may have (``generate/layout.py``)."""

FILL_MIN_LENGTH = 3
"""Numberlink's ``min_length`` when none is asked, under ``fill`` (the unique method): no
two-cell links, which read as filler.  IDs written before it existed mean 2 (no rule)."""
