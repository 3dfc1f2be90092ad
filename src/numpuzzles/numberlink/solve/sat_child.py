"""A SAT call in a child process: CaDiCaL beside Glucose, on another core, stopped at once.

Why a second solver: on the sparse ``blank`` boards other people publish (ADC problems,
janko.at's Arukone) the two solvers python-sat offers fail on different boards.  Measured
on the shortest model (``Model(shortest=True)``), one call each: ADC Q17 (30x30) Glucose 4
not within 60 s, CaDiCaL 1.9.5 2.7 s with its defaults and 0.08 s with its ``--sat``
settings (``CHILD_OPTIONS``); ADC Q15 Glucose 2.7 s, CaDiCaL 1.5 s with ``--sat`` and not
within 20 s with its defaults.  One solver's settings are a bet on the board, so the race
keeps Glucose and adds CaDiCaL.

Why a child process: python-sat cannot interrupt CaDiCaL (its ``interrupt`` is not
implemented) and CaDiCaL holds the GIL for a whole call, so in this process the router's
thread could not even read the clock.  Cut into conflict-limited calls it loses its way
(measured: Q17 took 1,305 conflicts in one call, and was not solved in 431 calls of
1,000).  A process runs on its own core without the GIL and is killed the moment another
engine wins or the deadline passes.

The settings and clauses travel to the child as one ``marshal`` blob on its standard
input (measured on Q17's 147,946 clauses: 3.1 MB, written in 9 ms, read in 58 ms) and the
model comes back the same way.  The child is ``python -m
numpuzzles.numberlink.solve.sat_child SOLVER`` (``main``); a child with a trivial formula
takes about 0.06 s in all (Python and python-sat), which is why only a board the router
did not settle within its head start gets one.
"""

from __future__ import annotations

import marshal
import subprocess
import sys
import threading
from collections.abc import Callable
from typing import Literal

CHILD_SOLVER = "cadical195"
CHILD_OPTIONS = {"stabilizeonly": 1, "elimreleff": 10, "subsumereleff": 60}
"""CaDiCaL's own ``--sat`` configuration (its options for satisfiable formulas), which the
race's question usually is.  Measured on the shortest model, one call each: Q17 0.08 s
(2.7 s with CaDiCaL's defaults), janko 455 0.98 s (5.4 s), ADC Q15 1.48 s (not within 20 s);
janko 430 34.7 s (12-14 s with the defaults)."""


class ChildSat:
    """One SAT call on ``clauses`` in a child process, started at once; ``options``: the
    solver's settings (``configure``; None: ``CHILD_OPTIONS`` for CaDiCaL, else none).

    ``on_answer`` is called (from a waiting thread) when the child answers, so a race can
    stop its other engines.  ``answer``: None while unknown (or stopped), False for
    unsatisfiable, else the model (a list of literals, as python-sat's ``get_model``).
    """

    def __init__(
        self,
        clauses: list[list[int]],
        on_answer: Callable[[], None],
        solver: str = CHILD_SOLVER,
        options: dict[str, int] | None = None,
    ) -> None:
        self.answer: list[int] | Literal[False] | None = None
        self.failed = False
        """True when the child ended without an answer (other than by ``stop``)."""
        self._stopped = False
        self._lock = threading.Lock()
        self._process = subprocess.Popen(
            [sys.executable, "-m", __name__, solver],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        if options is None:
            options = CHILD_OPTIONS if solver == CHILD_SOLVER else {}
        self._blob = marshal.dumps((options, clauses))
        self._on_answer = on_answer
        self._thread = threading.Thread(target=self._wait, name="numberlink-sat-child", daemon=True)
        self._thread.start()

    def _wait(self) -> None:
        try:
            out, _ = self._process.communicate(self._blob)
        except (OSError, ValueError):  # stopped while the clauses were being written
            out = b""
        with self._lock:
            if self._stopped:
                return
            try:
                answer = marshal.loads(out) if out and self._process.returncode == 0 else None
            except (EOFError, ValueError, TypeError):
                answer = None
            if answer is None:
                self.failed = True
                return
            self.answer = answer
        self._on_answer()

    def stop(self) -> None:
        """Kill the child (if it is still working) and wait for the waiting thread."""
        with self._lock:
            self._stopped = self.answer is None
        if self._process.poll() is None:
            self._process.kill()
        self._thread.join()


def main() -> None:
    """The child: options and clauses in (``marshal``), one SAT call, the model or False
    out."""
    from pysat.solvers import Solver

    options, clauses = marshal.load(sys.stdin.buffer)
    with Solver(name=sys.argv[1]) as solver:
        if options:
            solver.configure(options)  # before any clause, as CaDiCaL requires
        solver.append_formula(clauses)
        found = solver.solve()
        answer: list[int] | Literal[False] = list(solver.get_model() or []) if found else False
    sys.stdout.buffer.write(marshal.dumps(answer))
    sys.stdout.buffer.flush()


if __name__ == "__main__":
    main()
