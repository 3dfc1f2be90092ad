"""The jobs the web app runs in its worker pool: generate, solve, check, hint, analyse,
draw, export.

Why a separate module of plain functions: the jobs run in other processes (the pure-Python
solvers hold the GIL, so only processes keep one slow request from stalling the others),
and what crosses a process boundary must be names and JSON-able values.  A job takes the
family's name, the verb and a JSON-able payload, and returns ``(status, body)``: 200 and
a record (``core.records``) or an SVG text, or a 4xx and an error message.  Nothing here
knows a family: everything goes through the registry and the ``Family`` protocol.

Every job runs under an alarm (``work_timeout``; a solve, a hint and an analysis get their
own ``timeout`` first):
a family whose code does not look at its deadline is stopped from outside, between two
Python bytecodes, so no request keeps a worker forever.
"""

from __future__ import annotations

import gc
import json
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from types import FrameType
from typing import Any

from .. import families
from ..core.analysis import Analysis
from ..core.errors import InvalidParameterError, NumpuzzlesError, PuzzleFormatError, one_line
from ..core.family import Family, HintAnswer
from ..core.params import normalise
from ..core.records import (
    analyse_record,
    check_record,
    generated_record,
    hint_record,
    solve_record,
)
from ..core.result import SolveResult, Stats, Status
from ..core.seeds import fresh_seed

Answer = tuple[int, Any]
"""``(HTTP status, body)``: a record, an SVG text, a ``Download``, or ``{"error": message}``."""

DRAWINGS = ("svg", "png", "pdf")
"""What ``export`` draws besides the family's text formats."""


@dataclass(frozen=True)
class Download:
    """A file for the browser to save (``export``): its bytes, type and name."""

    content: bytes
    media_type: str
    filename: str

SOURCE = "puzzle"
"""The records' ``source`` for a puzzle sent in a request (docs/json.md: given as text)."""

SOLVE_GRACE = 2.0
"""Seconds a solver may overrun its own ``timeout`` before the alarm stops it."""


class _WorkTimeout(BaseException):
    """Raised by the alarm.  A BaseException, so that no ``except Exception`` inside a
    family swallows it."""


ALARM_REPEAT = 0.05
"""After the first alarm, it rings again this often until the code stops: code that
swallows one exception (a library's ``except BaseException`` around a compile, say)
cannot outlast the limit."""

FINALIZER_DEPTH = 32
"""How far up from the interrupted frame ``_in_finalizer`` looks for a ``__del__``."""


def _in_finalizer(frame: FrameType | None) -> bool:
    """Whether ``frame`` runs inside an object's ``__del__`` or a garbage-collector callback
    (``gc.callbacks``; itself or a few calls down): code whose exceptions Python drops."""
    callbacks = {code for code in (getattr(c, "__code__", None) for c in gc.callbacks) if code}
    for _ in range(FINALIZER_DEPTH):
        if frame is None:
            return False
        if frame.f_code.co_name == "__del__" or frame.f_code in callbacks:
            return True
        frame = frame.f_back
    return False


def _ring(signum: int, frame: FrameType | None) -> None:
    """The alarm's handler: stop the job, unless it landed in a finalizer or a garbage
    collector's callback.  Why not there: Python drops an exception raised in ``__del__``
    or in a ``gc.callbacks`` function with a printed "Exception ignored" (a library's stream
    closed by the garbage collector did it in the tests, and so did hypothesis's callback
    that times each collection), so the ring would be lost; skipped, the next one
    (``ALARM_REPEAT`` later) lands in the job."""
    if not _in_finalizer(frame):
        raise _WorkTimeout


def _quiet_rings(previous: Callable[[Any], object]) -> Callable[[Any], object]:
    """An ``sys.unraisablehook`` that lets a ring Python dropped pass unreported and hands
    every other unraisable exception to ``previous``.  Why: a ring can land in code whose
    exceptions Python drops that ``_in_finalizer`` cannot name (a weak reference's
    callback, run by the garbage collector: ``WeakKeyDictionary``'s did it in the suite);
    the job goes on, and the next ring (``ALARM_REPEAT`` later) stops it, so the dropped
    one is no error to report."""

    def hook(unraisable: Any) -> object:
        if isinstance(unraisable.exc_value, _WorkTimeout):
            return None
        return previous(unraisable)

    return hook


@contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    """Stop the code inside after ``seconds`` (only in a process's main thread, where
    signals arrive: in the thread mode used by tests there is no alarm).  Alarms nest: an
    inner one hands the outer one back its remaining time when it ends."""
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable:
        yield
        return

    previous = signal.signal(signal.SIGALRM, _ring)
    hook = sys.unraisablehook
    sys.unraisablehook = _quiet_rings(hook)
    outer_delay, outer_interval = signal.setitimer(signal.ITIMER_REAL, seconds, ALARM_REPEAT)
    started = time.monotonic()
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        sys.unraisablehook = hook
        if outer_delay > 0:
            left = outer_delay - (time.monotonic() - started)
            signal.setitimer(signal.ITIMER_REAL, max(left, 0.001), outer_interval)


def error(status: int, message: str) -> Answer:
    """An error answer: ``{"error": message}``."""
    return status, {"error": one_line(message)}


def count_numbers(value: Any) -> int:
    """Numbers in a JSON value (a puzzle's JSON form): the size the web limit measures.
    Iterative, so no nesting depth can overflow the stack."""
    found, stack = 0, [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
        elif isinstance(item, int | float) and not isinstance(item, bool):
            found += 1
    return found


def _check_size(family: Family[Any, Any], puzzle: Any, limits: Mapping[str, Any]) -> None:
    size = count_numbers(family.puzzle_json(puzzle))
    if size > limits["max_cells"]:
        raise InvalidParameterError(
            f"the puzzle holds {size} numbers; this server takes at most {limits['max_cells']}"
        )


def _read_options(family: Family[Any, Any], rules: str | None) -> dict[str, Any]:
    if rules is None:
        return {}
    if not any(p.name == "rules" for p in family.read_params):
        raise InvalidParameterError(f"{family.name} puzzles have no rule sets; send no 'rules'")
    return {"rules": rules}


def _puzzle(family: Family[Any, Any], payload: Mapping[str, Any], limits: Mapping[str, Any]) -> Any:
    """The one puzzle a request sends: text in ``format`` (sniffed when absent), or the
    family's JSON form (already turned into text by the app)."""
    fmt = payload.get("format")
    if fmt is not None and fmt not in family.formats:
        raise InvalidParameterError(
            f"format must be one of {', '.join(family.formats)}, got {fmt!r}"
        )
    found = family.parse(payload["puzzle"], fmt, **_read_options(family, payload.get("rules")))
    if len(found) != 1:
        raise PuzzleFormatError(
            f"the request holds {len(found)} puzzles; send exactly one per request"
        )
    _check_size(family, found[0], limits)
    return found[0]


def _generate(family: Family[Any, Any], payload: Mapping[str, Any],
              limits: Mapping[str, Any]) -> Answer:
    ident = payload.get("id")
    if ident is not None:
        if payload.get("params") or payload.get("seed") is not None:
            raise InvalidParameterError("give an id, or params and a seed, not both")
        item = family.regenerate(ident)
    else:
        seed = payload.get("seed")
        item = family.generate(payload.get("params") or {}, fresh_seed() if seed is None else seed)
    _check_size(family, item.puzzle, limits)
    return 200, generated_record(family, item)


def _solve(family: Family[Any, Any], payload: Mapping[str, Any],
           limits: Mapping[str, Any]) -> Answer:
    puzzle = _puzzle(family, payload, limits)
    given = payload.get("options") or {}
    options = normalise(family.solve_params, {k: v for k, v in given.items() if v is not None})
    limit: int | None = payload.get("limit")
    if payload.get("unique"):
        if limit is not None:
            raise InvalidParameterError("'unique' decides between one and two solutions: "
                                        "send no 'limit' with it")
        wanted: int | None = 2
    else:
        wanted = limit if limit is not None else family.default_limit
    if wanted is None or wanted > limits["max_solutions"]:
        wanted = limits["max_solutions"]
    asked = payload.get("timeout")
    timeout = limits["solve_timeout"] if asked is None else min(asked, limits["solve_timeout"])
    started = time.perf_counter()
    try:
        with _alarm(timeout + SOLVE_GRACE):
            result = family.solve(puzzle, limit=wanted, timeout=timeout, **options)
    except _WorkTimeout:
        # The solver overran its own deadline: what it found is lost, so nothing is decided.
        result = SolveResult(Status.UNKNOWN, timed_out=True,
                             stats=Stats(seconds=time.perf_counter() - started))
    return 200, solve_record(family, puzzle, result, source=SOURCE, list_all=wanted != 1)


def _check(family: Family[Any, Any], payload: Mapping[str, Any],
           limits: Mapping[str, Any]) -> Answer:
    puzzle = _puzzle(family, payload, limits)
    solution = family.parse_solution(payload["solution"], puzzle, payload.get("solution_format"))
    return 200, check_record(family, puzzle, family.check(puzzle, solution), source=SOURCE)


def _hint(family: Family[Any, Any], payload: Mapping[str, Any],
          limits: Mapping[str, Any]) -> Answer:
    puzzle = _puzzle(family, payload, limits)
    timeout = limits["solve_timeout"]
    try:
        with _alarm(timeout + SOLVE_GRACE):
            answer = family.hint(puzzle, timeout=timeout)
    except _WorkTimeout:
        answer = HintAnswer(Status.UNKNOWN, "no hint found within the time limit")
    return 200, hint_record(family, puzzle, answer, source=SOURCE)


def _analyse(family: Family[Any, Any], payload: Mapping[str, Any],
             limits: Mapping[str, Any]) -> Answer:
    puzzle = _puzzle(family, payload, limits)
    asked = payload.get("timeout")
    timeout = limits["solve_timeout"] if asked is None else min(asked, limits["solve_timeout"])
    started = time.perf_counter()
    try:
        with _alarm(timeout + SOLVE_GRACE):
            analysis = family.analyse(puzzle, timeout=timeout)
    except _WorkTimeout:
        # the family overran its own deadline: what it found is lost, nothing is known
        analysis = Analysis(Status.UNKNOWN, 0, False, timed_out=True,
                            seconds=time.perf_counter() - started)
    return 200, analyse_record(family, puzzle, analysis, source=SOURCE)


def _draw(family: Family[Any, Any], payload: Mapping[str, Any],
          limits: Mapping[str, Any]) -> Answer:
    item = family.regenerate(payload["id"])
    _check_size(family, item.puzzle, limits)
    return 200, family.draw(item.puzzle, item.solution if payload.get("solution") else None)


_TEXT_TYPES = {"json": "application/json", "puzzlink": "text/uri-list"}
_DRAWING_TYPES = {"svg": "image/svg+xml", "png": "image/png", "pdf": "application/pdf"}


def _export(family: Family[Any, Any], payload: Mapping[str, Any],
            limits: Mapping[str, Any]) -> Answer:
    """The puzzle in one of the family's text formats, or drawn (SVG, PNG, PDF), as a
    file to save: the page's editor exports what the setter made to every format."""
    puzzle = _puzzle(family, payload, limits)
    to = payload["to"]
    name = f"{family.name}-puzzle"
    if to in DRAWINGS:
        if "draw" not in family.verbs:
            raise InvalidParameterError(f"{family.name} puzzles cannot be drawn")
        from ..draw import render  # only here: the renderers' imports are heavy

        content = render.render(family.draw(puzzle, None), to)
        return 200, Download(content, _DRAWING_TYPES[to], f"{name}.{to}")
    if to not in family.formats:
        known = ", ".join([*family.formats, *DRAWINGS])
        raise InvalidParameterError(f"the format must be one of {known}, got {to!r}")
    text = family.dump(puzzle, to)
    suffix = "json" if to == "json" else "txt"
    return 200, Download(text.encode("utf-8"), _TEXT_TYPES.get(to, "text/plain"),
                         f"{name}-{to}.{suffix}")


_JOBS = {"generate": _generate, "solve": _solve, "check": _check, "hint": _hint,
         "analyse": _analyse, "draw": _draw, "export": _export}


def run_job(verb: str, name: str, payload: Mapping[str, Any], limits: Mapping[str, Any]) -> Answer:
    """Run one job; every failure a request can cause becomes a 4xx answer, never an
    exception (an exception from here would be a bug, and is answered 500)."""
    try:
        with _alarm(limits["work_timeout"]):
            return _JOBS[verb](families.family(name), payload, limits)
    except _WorkTimeout:
        return error(422, f"the {verb} took longer than this server's limit of "
                          f"{limits['work_timeout']:g} s; ask for a smaller puzzle")
    except NumpuzzlesError as exc:
        return error(422, str(exc))
    except (MemoryError, RecursionError) as exc:
        return error(422, f"the input is too large ({type(exc).__name__})")


def payload_text(value: Any) -> str:
    """A puzzle or solution sent as text stays text; a JSON value becomes its JSON text."""
    return value if isinstance(value, str) else json.dumps(value)
