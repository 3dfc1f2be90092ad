"""A SAT call in a child process: CaDiCaL beside Glucose, on another core, stopped at once.

Why a child process: the sparse ``blank`` boards other people publish (ADC problems,
janko.at's Arukone) split the two solvers python-sat offers.  Measured on the shortest
model (``Model(shortest=True)``), one call each: the ADC's Q17 (30x30) CaDiCaL 1.9.5 in
2.7 s, Glucose 4 not within 60 s; janko.at 455 (15x15) Glucose 3.9 s, CaDiCaL 5.4 s.  Neither
wins everywhere, so the race runs both.  But CaDiCaL cannot be run in this process:
python-sat cannot interrupt it (its ``interrupt`` is not implemented) and it holds the GIL
for a whole call, so the router's thread could not even read the clock.  Cut into
conflict-limited calls it loses its way (measured: Q17 took 1,305 conflicts in one call,
and was not solved in 430 calls of 1,000).  A process runs on its own core without the
GIL and is stopped by a signal the moment another engine wins or the deadline passes.

The clauses travel to the child as one ``marshal`` blob on its standard input (a list of
lists of ints: milliseconds for 150,000 clauses) and the model comes back the same way.
The child is ``python -m numpuzzles.numberlink.solve.sat_child SOLVER`` (``main``); starting
it costs some 0.1 s (Python and python-sat), which is why only a board the router did not
settle within its head start gets one.
"""

from __future__ import annotations

import marshal
import subprocess
import sys
import threading
from collections.abc import Callable
from typing import Literal

CHILD_SOLVER = "cadical195"


class ChildSat:
    """One SAT call on ``clauses`` in a child process, started at once.

    ``on_answer`` is called (from a waiting thread) when the child answers, so a race can
    stop its other engines.  ``answer``: None while unknown (or stopped), False for
    unsatisfiable, else the model (a list of literals, as python-sat's ``get_model``).
    """

    def __init__(
        self,
        clauses: list[list[int]],
        on_answer: Callable[[], None],
        solver: str = CHILD_SOLVER,
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
        self._blob = marshal.dumps(clauses)
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
    """The child: clauses in (``marshal``), one SAT call, the model or False out."""
    from pysat.solvers import Solver

    clauses = marshal.load(sys.stdin.buffer)
    with Solver(name=sys.argv[1], bootstrap_with=clauses) as solver:
        found = solver.solve()
        answer: list[int] | Literal[False] = list(solver.get_model() or []) if found else False
    sys.stdout.buffer.write(marshal.dumps(answer))
    sys.stdout.buffer.flush()


if __name__ == "__main__":
    main()
