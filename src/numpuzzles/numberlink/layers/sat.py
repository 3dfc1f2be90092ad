"""Numberlink as SAT over any graph of cells (``graph.CellGraph``), solved with lazy cuts.

The model, stated on the graph alone (no squares, no rows):
- one Boolean per edge between two cells a path may join ("the path steps across");
- one Boolean per (free cell, label) for the labels whose two ends both reach the cell
  through free cells (``domains``: a label never leaves that region);
- an end has exactly one path edge; a free cell has at most two, and under ``fill`` and
  ``fill-notouch`` exactly two and some label, under ``blank`` zero or two (cells may stay
  empty) and a label only when it has an edge;
- a path edge makes its two cells agree on every label, so a path carries one label from
  end to end and never joins two labels;
- ``fill-notouch``: two neighbouring cells of one label must be joined by a path edge.

A model may hold closed loops that touch no end.  Under the fill rules they are wrong: a
loop's cells must lie on paths between ends outside it, so some edge leaving the loop is
used, and that clause cuts the model (then the solver runs again).  Under ``blank`` a loop
is simply not part of the solution.  A solution is blocked by forbidding its path edges
together, which also blocks the same paths with loops added, so each solution counts once.

Why one-hot labels and no binary codes (the 2-D engine's lazy model): the contest's boards
have at most a few dozen lines a layer region, and the one-hot clauses stay small; this
engine has no measured reason yet for the 2-D engine's refinements.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise

from ...core.deadline import Deadline
from ..model import Rules
from ..solve.sat import SAT_ENGINE, Alarm
from .graph import CellGraph

MAX_LABEL_VARS = 250_000
"""The most (cell, label) variables a model may have: the clauses grow with them, and a
36x36x8 board of 160 lines (1.6 million) took over 20 GB before it was stopped; past this
the engine answers "undecided" at once (measured: 12x12x3 of 20 lines, 7,840, builds in
0.07 s)."""


@dataclass(frozen=True)
class GraphAnswer:
    """The paths found (each a vertex list, first end to second, by label), and whether
    the search exhausted the model or stopped at the deadline."""

    solutions: tuple[dict[int, tuple[int, ...]], ...]
    exhausted: bool
    timed_out: bool
    calls: int
    conflicts: int


def domains(graph: CellGraph) -> dict[int, set[int]]:
    """For each label, the free cells reachable from both its ends through free cells."""
    out: dict[int, set[int]] = {}
    for label, (a, b) in graph.ends().items():
        out[label] = _reach(graph, a) & _reach(graph, b)
        if b not in _reach_ends(graph, a):
            out[label] = set()
    return out


def _reach(graph: CellGraph, start: int) -> set[int]:
    seen: set[int] = set()
    queue = deque([start])
    values = graph.values
    while queue:
        at = queue.popleft()
        for n in graph.neighbours[at]:
            if values[n] == 0 and n not in seen:
                seen.add(n)
                queue.append(n)
    return seen


def _reach_ends(graph: CellGraph, start: int) -> set[int]:
    """The ends a path from ``start`` could reach through free cells."""
    free = _reach(graph, start) | {start}
    return {n for v in free for n in graph.neighbours[v] if graph.values[n] > 0}


class GraphModel:
    """The clauses of the module docstring for one graph under one rule set."""

    def __init__(self, graph: CellGraph, rules: Rules, shortest: bool = False) -> None:
        self.graph = graph
        self.rules = rules
        self.nvars = 0
        self.clauses: list[list[int]] = []
        values = graph.values
        self.domains = reach = domains(graph)
        allowed: dict[int, list[int]] = {}
        for label, region in reach.items():
            for v in region:
                allowed.setdefault(v, []).append(label)
        self.allowed = allowed
        self.ends = graph.ends()
        for label, (a, b) in self.ends.items():
            if b not in graph.neighbours[a] and not reach[label]:
                self.clauses.append([])  # the two ends cannot meet
        if rules is not Rules.BLANK and any(
            values[v] == 0 and v not in allowed for v in range(graph.size)
        ):
            self.clauses.append([])  # a free cell no label can reach
        self.edge_of: dict[tuple[int, int], int] = {}
        self.edge_cells: list[tuple[int, int]] = [(-1, -1)]
        for a, b in graph.edges():
            if self._joinable(a, b):
                self.edge_of[a, b] = self._new()
                self.edge_cells.append((a, b))
        self.n_edges = len(self.edge_cells) - 1
        self.incident: list[list[int]] = [[] for _ in range(graph.size)]
        for (a, b), var in self.edge_of.items():
            self.incident[a].append(var)
            self.incident[b].append(var)
        self.label_var: dict[tuple[int, int], int] = {}
        for v, labels in sorted(allowed.items()):
            for label in labels:
                self.label_var[v, label] = self._new()
        self._degrees()
        self._agree()
        self._vias()
        if rules is Rules.FILL_NOTOUCH or shortest:
            self._notouch()
        if shortest:
            self._no_u_turns()

    def _new(self) -> int:
        self.nvars += 1
        return self.nvars

    def _joinable(self, a: int, b: int) -> bool:
        ka, kb = self.graph.values[a], self.graph.values[b]
        if ka > 0 and kb > 0:
            return ka == kb
        if ka > 0:
            return b in self.domains[ka]
        if kb > 0:
            return a in self.domains[kb]
        return a in self.allowed and b in self.allowed

    def _degrees(self) -> None:
        add, extend = self.clauses.append, self.clauses.extend
        fill = self.rules is not Rules.BLANK
        for v in range(self.graph.size):
            edges = self.incident[v]
            negated = [-e for e in edges]
            if self.graph.values[v] > 0:
                add(list(edges))  # at least one (none: unsatisfiable)
                extend(map(list, combinations(negated, 2)))
                continue
            if v not in self.allowed:
                extend([[-e] for e in edges])
                continue
            extend(map(list, combinations(negated, 3)))  # at most two
            labels = [self.label_var[v, k] for k in self.allowed[v]]
            if fill:
                if len(edges) < 2:
                    add([])
                else:
                    extend(map(list, combinations(edges, len(edges) - 1)))
                add(labels)
            else:
                for i, e in enumerate(edges):  # an edge needs a second one
                    add([-e, *edges[:i], *edges[i + 1 :]])
                for x in labels:  # a label needs an edge
                    add([-x, *edges])

    def _vias(self) -> None:
        """The graph's forced edges (a via's steps) are used, and their cells carry a
        label, so that no loop without ends can take a via (``decode`` cuts one that
        still does)."""
        add = self.clauses.append
        for a, b in self.graph.forced:
            edge = self.edge_of.get((a, b))
            add([] if edge is None else [edge])
        for v in sorted({v for edge in self.graph.forced for v in edge}):
            if self.graph.values[v] == 0:
                add([self.label_var[v, k] for k in self.allowed.get(v, ())])

    def _lit(self, v: int, label: int) -> int | bool:
        """Cell ``v`` has ``label``: a variable, or a constant for ends and cells out of
        the label's region."""
        given = self.graph.values[v]
        if given > 0:
            return given == label
        return self.label_var.get((v, label), False)

    def _agree(self) -> None:
        add = self.clauses.append
        for (a, b), edge in self.edge_of.items():
            labels = set(self.allowed.get(a, ())) | set(self.allowed.get(b, ()))
            for k in (self.graph.values[a], self.graph.values[b]):
                if k > 0:
                    labels.add(k)
            for label in sorted(labels):
                x, y = self._lit(a, label), self._lit(b, label)
                for p, q in ((x, y), (y, x)):  # edge and p imply q
                    if p is False or q is True:
                        continue
                    clause = [-edge]
                    if p is not True:
                        clause.append(-int(p))
                    if q is not False:
                        clause.append(int(q))
                    add(clause)

    def _notouch(self) -> None:
        add = self.clauses.append
        for a, b in self.graph.edges():
            edge = self.edge_of.get((a, b))
            common = set(self._labels_at(a)) & set(self._labels_at(b))
            for label in sorted(common):
                clause = [] if edge is None else [edge]
                for lit in (self._lit(a, label), self._lit(b, label)):
                    if lit is not True:
                        clause.append(-int(lit))
                add(clause)

    def _no_u_turns(self) -> None:
        """No three edges of a 4-cycle of the graph are used together (``shortest``)."""
        extend = self.clauses.extend
        neighbours = self.graph.neighbours
        for a in range(self.graph.size):
            for b, d in combinations(neighbours[a], 2):
                for c in set(neighbours[b]) & set(neighbours[d]):
                    if c <= a or c == a:
                        continue
                    if min(b, c, d) < a:
                        continue  # each 4-cycle once, from its lowest vertex
                    ring = [self.edge_of.get((min(x, y), max(x, y)))
                            for x, y in ((a, b), (b, c), (c, d), (d, a))]
                    present = [e for e in ring if e is not None]
                    if len(present) >= 3:
                        extend([[-e for e in three] for three in combinations(present, 3)])

    def _labels_at(self, v: int) -> Sequence[int]:
        given = self.graph.values[v]
        return (given,) if given > 0 else self.allowed.get(v, ())

    def decode(self, model: list[int]) -> tuple[dict[int, tuple[int, ...]] | None, list[int],
                                                 list[list[int]]]:
        """The paths in a SAT model, their edge variables, and the cuts it calls for (the
        loops under the fill rules); the paths are None when there are cuts."""
        links: dict[int, list[tuple[int, int]]] = {}
        for var in model[: self.n_edges]:
            if var > 0:
                a, b = self.edge_cells[var]
                links.setdefault(a, []).append((b, var))
                links.setdefault(b, []).append((a, var))
        paths: dict[int, tuple[int, ...]] = {}
        used: list[int] = []
        seen: set[int] = set()
        for label, (start, _end) in self.ends.items():
            order, previous, at = [start], -1, start
            seen.add(start)
            while True:
                ahead = [(n, var) for n, var in links.get(at, ()) if n != previous]
                if not ahead or (at != start and self.graph.values[at] > 0):
                    break
                n, var = ahead[0]
                previous, at = at, n
                order.append(at)
                used.append(var)
                seen.add(at)
            paths[label] = tuple(order)
        cuts: list[list[int]] = []
        on_vias = {v for edge in self.graph.forced for v in edge}
        if self.rules is not Rules.BLANK or on_vias - seen:
            for v in links:
                if v in seen:
                    continue
                loop, stack = {v}, [v]
                while stack:
                    at = stack.pop()
                    for n, _var in links[at]:
                        if n not in loop:
                            loop.add(n)
                            stack.append(n)
                seen |= loop
                if self.rules is not Rules.BLANK:
                    cuts.append([var for a in loop for n, var in self._around(a)
                                 if n not in loop])
                elif loop & on_vias:
                    # under ``blank`` a loop is no part of a solution, but a via must be:
                    # no solution holds this loop (paths are simple and disjoint)
                    cuts.append([-var for a in loop for n, var in links[a] if a < n])
        return (None if cuts else paths), used, cuts

    def _around(self, v: int) -> list[tuple[int, int]]:
        out = []
        for n in self.graph.neighbours[v]:
            var = self.edge_of.get((min(v, n), max(v, n)))
            if var is not None:
                out.append((n, var))
        return out


def solve_graph(
    graph: CellGraph,
    rules: Rules,
    limit: int | None,
    deadline: Deadline,
    known: Sequence[dict[int, tuple[int, ...]]] = (),
) -> GraphAnswer:
    """Up to ``limit`` solutions (None: all) of the model on ``graph``, stopping unfinished
    at ``deadline``.

    One solution under ``blank`` is looked for among the shortest ones only (``shortest``
    in ``GraphModel``): replacing a stretch of a path by a shortcut between two of its
    cells that touch leaves a solution, so a shortest solution never touches itself and
    never runs three sides of a 4-cycle, and those clauses prune the search a great deal.
    That is wrong for counting and uniqueness, where every solution counts, so ``limit``
    other than 1 uses the full model.  ``known``: solutions found already (by the router),
    counted and blocked before the first call."""
    from pysat.solvers import Solver

    if sum(len(region) for region in domains(graph).values()) > MAX_LABEL_VARS:
        return GraphAnswer(tuple(known), False, False, 0, 0)  # too large a model: unknown
    # shortcuts may drop a via's cells, so with vias the shortest restriction is unsound
    shortest = rules is Rules.BLANK and limit == 1 and not graph.forced
    model = GraphModel(graph, rules, shortest=shortest)
    found: list[dict[int, tuple[int, ...]]] = list(known)
    calls = 0
    alarm = Alarm(deadline)
    solver = Solver(name=SAT_ENGINE)
    alarm.watch(solver)

    def answer(exhausted: bool, timed_out: bool) -> GraphAnswer:
        stats = solver.accum_stats() or {}
        return GraphAnswer(tuple(found), exhausted, timed_out, calls,
                           int(stats.get("conflicts", 0)))

    try:
        solver.append_formula(model.clauses, no_return=True)
        for seen in known:
            solver.add_clause([-model.edge_of[min(a, b), max(a, b)] for order in seen.values()
                               for a, b in pairwise(order)])
        if limit is not None and len(found) >= limit:
            return answer(False, False)
        while True:
            if deadline.expired():
                return answer(False, True)
            calls += 1
            result = alarm.run(solver)
            if result is None:
                return answer(False, True)
            if not result:
                return answer(True, False)
            paths, used, cuts = model.decode(solver.get_model())
            if cuts:
                solver.append_formula(cuts, no_return=True)
                continue
            assert paths is not None
            found.append(paths)
            if limit is not None and len(found) >= limit:
                return answer(False, False)
            solver.add_clause([-v for v in used])
    finally:
        alarm.cancel()
        solver.delete()
