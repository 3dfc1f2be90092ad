"""Whether matches alone clear a ``classic`` board: an exact SAT model over rounds.

Why this module exists: with no addition left, the depth-first search of ``seqsolve.py``
decides a board by trying orders of matches, and on boards of 80 digits or more that can
take millions of nodes.  Such boards are what the paper rule (``stuck``) leads to: each
addition there comes on a board with no pair, and doubles it.  For nawglan-27r (a
27-digit paper start) the search refuted two additions in seconds but was still at the
third after 20 minutes: every board it reached with no addition left was 80 to 128
digits long, and 151 of them were undecided after 20,000 nodes each.

**Monotone play.** Without diagonals (``classic``), clearing cells never breaks a
connection: reading order and columns skip cleared cells, and removing an empty row moves
the rows below up by a whole row, so columns stay columns.  So once no addition is left a
board clears exactly when there is a *matching* (every digit paired with one of its value
class) and an order in which each pair is taken when its two digits see each other: all
digits between them in reading order, or all digits between them in their column, already
taken.  A pair that can be taken stays takeable, so the pairs can be taken in *rounds*:
round ``r`` takes every pair whose blockers went in rounds before ``r``.  With ``n``
digits there are at most ``n / 2`` rounds (each takes at least one pair).

**The model.** ``y[d][r]``: digit ``d`` is gone by the end of round ``r`` (monotone in
``r``, false before round 1, true at round ``R = n / 2``); ``x[a, b]``: ``a`` and ``b``
are a pair of the matching (exactly one pair per digit); a pair's digits go in the same
round; and a pair taken in round ``r`` had, at the end of round ``r - 1``, every digit
between its two in reading order gone, or (when they share a column, chosen by a mode
variable) every digit between them in the column.  "Every digit of a stretch gone" is a
node of a segment tree over the digits (of the reading order, and of each column), so a
pair and round need some 2 log n clauses rather than one per digit between.

A model is a clearing: its pairs, in the order of their rounds, are legal one after the
other (checked in the tests by the independent checker).  No model, with ``R = n / 2``
rounds, is a proof that no clearing exists: any clearing, taken one pair a round, is a
model.  The solver first looks for a clearing within ``QUICK_ROUNDS`` rounds (the same
clauses, with every digit assumed gone by then), a cheap call; only its failure needs the
full model.  The model refutes better than it finds: four copies of nawglan-27r's start
(108 digits) clear, but in no fewer than 17 rounds, and Glucose found no clearing within
300,000 conflicts; the search's random restarts find one in seconds.  That is why
``seqsolve`` spends nodes of its own on a board first.

Measured (2026-12-05, CaDiCaL 1.9.5 through PySAT, the 151 boards of nawglan-27r above,
in turn): every one refuted, 80 digits in about 1-2 s, 96 in 5-20 s, 108 in 20-61 s, 116
to 128 in 0.7 to 4 minutes, 81 minutes in all with other work beside it (with the 205
the search refuted, no clearing with three additions exists).  Glucose 4 (used here, as it can
be interrupted) took 1.4, 5.5 and 17.6 s on an 80-, a 96- and a 108-digit one, MiniSat
0.7, 5.9 and 26.2 s; adding "a pair is taken as soon as it can be" (which makes the
rounds unique) made the proofs slower, and pairing by SAT with each cycle of blocked
pairs added as a clause once met took 19,000 and 32,000 rounds of the solver (51 and
483 s) on an 80- and an 88-digit board.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from ..core.deadline import Deadline
from ..core.result import Status
from .rules import VALUE_CLASS, parity_ok

if TYPE_CHECKING:
    from pysat.solvers import Solver

SOLVER = "glucose4"
"""Glucose, as it can be interrupted at a deadline (PySAT's CaDiCaL cannot)."""
QUICK_ROUNDS = 8
"""Rounds of the first, cheap call that looks only for a clearing (see the docstring)."""

Moves = tuple[tuple[int, int], ...]


class _Model:
    """The clauses for one board (see the module docstring), built once."""

    def __init__(self, cells: tuple[int, ...], width: int, rounds: int) -> None:
        self.pos = [i for i, v in enumerate(cells) if v]
        self.rounds = rounds
        self.top = 0
        self.clauses: list[list[int]] = []
        n = len(self.pos)
        # y[d][r] for r = 1..rounds (index 0 unused: nothing is gone before round 1)
        self.y = [[0] + [self._new() for _ in range(rounds)] for _ in range(n)]
        for d in range(n):
            for r in range(1, rounds):
                self.clauses.append([-self.y[d][r], self.y[d][r + 1]])
            self.clauses.append([self.y[d][rounds]])
        by_column: dict[int, list[int]] = {}
        for d, p in enumerate(self.pos):
            by_column.setdefault(p % width, []).append(d)
        column_rank = {d: k for ids in by_column.values() for k, d in enumerate(ids)}
        reading = self._stretches(list(range(n)))
        columns = {c: self._stretches(ids) for c, ids in by_column.items()}
        self.pairs: dict[tuple[int, int], int] = {}
        partners: list[list[int]] = [[] for _ in range(n)]
        values = [cells[p] for p in self.pos]
        for a in range(n):
            for b in range(a + 1, n):
                if VALUE_CLASS[values[a]] != VALUE_CLASS[values[b]]:
                    continue
                x = self._new()
                self.pairs[a, b] = x
                partners[a].append(x)
                partners[b].append(x)
                same_column = (self.pos[b] - self.pos[a]) % width == 0
                mode = self._new() if same_column else 0  # true: taken down the column
                for r in range(1, rounds + 1):
                    ya, yb = self.y[a][r], self.y[b][r]
                    self.clauses += [[-x, -ya, yb], [-x, ya, -yb]]
                    base = [-x, -ya] + ([mode] if mode else [])
                    self._before(base, reading, a + 1, b, r)
                    if mode:
                        self._before([-x, -mode, -ya], columns[self.pos[a] % width],
                                     column_rank[a] + 1, column_rank[b], r)
        for d in range(n):
            self.clauses.append(list(partners[d]))  # at least one pair
            ps = partners[d]
            for i in range(len(ps)):  # at most one
                for j in range(i + 1, len(ps)):
                    self.clauses.append([-ps[i], -ps[j]])

    def _new(self) -> int:
        self.top += 1
        return self.top

    def _before(self, base: list[int], cover: Callable[[int, int, int], list[int]],
                lo: int, hi: int, r: int) -> None:
        """``base`` or every digit of the stretch ``lo..hi-1`` gone by round ``r - 1``."""
        if lo >= hi:
            return
        if r == 1:
            self.clauses.append(base)
            return
        for node in cover(lo, hi, r - 1):
            self.clauses.append([*base, node])

    def _stretches(self, ids: list[int]) -> Callable[[int, int, int], list[int]]:
        """A segment tree over the digits ``ids`` (in order): ``cover(lo, hi, r)`` gives
        literals that, all true, say every digit of ``ids[lo:hi]`` is gone by round
        ``r``; each node is made (with its two clauses) the first time it is used."""
        nodes: dict[tuple[int, int, int], int] = {}
        size = len(ids)

        def node(lo: int, hi: int, r: int) -> int:
            if hi - lo == 1:
                return self.y[ids[lo]][r]
            key = (lo, hi, r)
            if key not in nodes:
                var = nodes[key] = self._new()
                mid = (lo + hi) // 2
                self.clauses += [[-var, node(lo, mid, r)], [-var, node(mid, hi, r)]]
            return nodes[key]

        def cover(lo: int, hi: int, r: int) -> list[int]:
            out: list[int] = []
            stack = [(0, size)]
            while stack:
                a, b = stack.pop()
                if lo <= a and b <= hi:
                    out.append(node(a, b, r))
                    continue
                mid = (a + b) // 2
                if lo < mid:
                    stack.append((a, mid))
                if hi > mid:
                    stack.append((mid, b))
            return out

        return cover

    def moves(self, model: list[int]) -> Moves:
        """The pairs of a model, as cell indices, in the order of their rounds."""
        true = {lit for lit in model if lit > 0}

        def gone(d: int) -> int:
            return next(r for r in range(1, self.rounds + 1) if self.y[d][r] in true)

        chosen = sorted((ab for ab, x in self.pairs.items() if x in true),
                        key=lambda ab: gone(ab[0]))
        return tuple((self.pos[a], self.pos[b]) for a, b in chosen)


class Verdict(NamedTuple):
    """What ``clear_by_matches`` found, and what it cost (for the caller's accounts)."""

    status: Status
    moves: Moves
    conflicts: int = 0
    clauses: int = 0


def clear_by_matches(cells: tuple[int, ...], width: int, deadline: Deadline | None = None,
                     conflicts: int | None = None) -> Verdict:
    """Whether matches alone clear ``cells`` under ``classic`` (no diagonals), exactly.

    ``SOLVED`` with the pairs as indices into ``cells``, in an order in which each is legal
    on ``cells`` with the pairs before it cleared (rows left empty may be removed at any
    time: that changes no connection); ``UNSOLVABLE`` when no order of matches clears it
    (a proof); ``UNKNOWN`` when ``deadline`` passed or the solver met ``conflicts``
    conflicts first (a count, so that a caller's limits do not depend on the machine).
    """
    return LastPhase().decide(cells, width, deadline, conflicts)


class LastPhase:
    """``clear_by_matches`` that keeps the solver of the last board a limit stopped, and
    goes on from where it stopped (its learnt clauses too) when asked about that board
    again.

    Why: the search gives the model a budget of conflicts from its restart's slice, and
    slices double; without this each longer slice would start the proof again (and build
    the model again).  One board is kept, the last: the search comes back to the board its
    slice ended on."""

    def __init__(self) -> None:
        self._cells: tuple[int, ...] | None = None
        self._model: _Model | None = None
        self._solver: Solver | None = None
        self._stage = 0
        self._used = 0

    def close(self) -> None:
        """Free the solver kept (if any)."""
        if self._solver is not None:
            self._solver.delete()
        self._cells = self._model = self._solver = None

    def decide(self, cells: tuple[int, ...], width: int, deadline: Deadline | None = None,
               conflicts: int | None = None) -> Verdict:
        """As ``clear_by_matches``; ``Verdict.conflicts`` and ``clauses`` count this
        call's work only (no clauses when it went on with a kept model)."""
        n = sum(1 for v in cells if v)
        if n == 0:
            return Verdict(Status.SOLVED, ())
        if not parity_ok(cells):  # each match takes two digits of one value class
            return Verdict(Status.UNSOLVABLE, ())
        if conflicts is not None and conflicts <= 0:
            return Verdict(Status.UNKNOWN, ())
        built = 0
        if cells != self._cells or self._model is None or self._solver is None:
            from pysat.solvers import Solver  # here: the search needs it only on big boards

            self.close()
            self._model = _Model(cells, width, n // 2)
            self._solver = Solver(name=SOLVER, bootstrap_with=self._model.clauses)
            self._cells, self._stage, self._used = cells, 0, 0
            built = len(self._model.clauses)
        model, solver = self._model, self._solver
        start = self._used
        quick = min(QUICK_ROUNDS, model.rounds)
        stages: tuple[list[int], ...] = ([row[quick] for row in model.y], [])
        while self._stage < len(stages):
            left = None if conflicts is None else conflicts - (self._used - start)
            answer = None if left is not None and left <= 0 else _limited(
                solver, stages[self._stage], deadline, left)
            self._used = int((solver.accum_stats() or {}).get("conflicts", 0))
            spent = self._used - start
            if answer is None:
                return Verdict(Status.UNKNOWN, (), spent, built)
            if answer:
                moves = model.moves(solver.get_model() or [])
                self.close()
                return Verdict(Status.SOLVED, moves, spent, built)
            self._stage += 1
        self.close()
        return Verdict(Status.UNSOLVABLE, (), self._used - start, built)


def _limited(solver: Solver, assumptions: list[int], deadline: Deadline | None,
             conflicts: int | None) -> bool | None:
    """One SAT call, interrupted at ``deadline`` or after ``conflicts``: None when it was."""
    seconds = None if deadline is None else deadline.remaining()
    if seconds is None and conflicts is None:
        return bool(solver.solve(assumptions=assumptions))
    if seconds is not None and seconds <= 0:
        return None
    solver.conf_budget(-1 if conflicts is None else conflicts)
    timer = None
    if seconds is not None:
        timer = threading.Timer(seconds, solver.interrupt)
        timer.daemon = True
        timer.start()
    try:
        answer = solver.solve_limited(assumptions=assumptions, expect_interrupt=True)
    finally:
        if timer is not None:
            timer.cancel()
    solver.clear_interrupt()
    return None if answer is None else bool(answer)
