"""The limits one web server runs under, in one frozen value.

Why they are settings and not constants: the tests run a server with tiny limits (a body
of a few hundred bytes, a solver time limit of a hundredth of a second) to reach every
refusal quickly, and ``numpuzzles serve`` passes ``--workers``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class WebSettings:
    """What one server accepts and how much work it does for one request.

    ``max_body_bytes``: larger request bodies get 413 before they are read whole.
    ``max_cells``: puzzles with more numbers than this (counted in the family's JSON form,
    so a 100x100 grid is 10,000) are refused, for solve, check, hint and generate alike.
    ``solve_timeout``: seconds a solver may run for one request, a solve, a hint or an
    analysis (a request may ask for less); when it runs out the answer is status
    ``unknown``.
    ``work_timeout``: seconds any one job (a generation, a drawing, a check) may take in a
    worker before it is stopped and refused; the backstop behind ``solve_timeout``.
    ``max_solutions``: most solutions one solve request lists.
    ``workers``: processes in the pool that solves and generates (0: threads in this
    process, for tests and debugging only: a pure-Python solver there holds the GIL).
    ``max_queue``: jobs waiting or running at once; beyond it the answer is 503 at once.
    ``generate_cache``: answers of ``generate`` by ID kept in the app process (``cache.py``;
    0: none), so a replayed pack level or daily puzzle is answered at once.
    """

    max_body_bytes: int = 256 * 1024
    max_cells: int = 10_000
    solve_timeout: float = 10.0
    work_timeout: float = 30.0
    max_solutions: int = 100
    workers: int = 2
    max_queue: int = 1000
    max_id_chars: int = 300
    generate_cache: int = 256
