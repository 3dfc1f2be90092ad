"""The Numberlink SAT model: an incremental SAT encoding with lazy cycle cuts.

Why SAT: it is sound under every rule set, proves "no solution" and "unique" by
exhausting the model, and keeps learnt clauses between the calls that count solutions.

The model (see ``_Model``):
- one Boolean per grid edge between two usable cells ("the path steps across here");
- one Boolean per (free cell, label) pair, for labels whose ends both reach the cell
  (each label is confined to the part of the board connected to both its ends, see
  ``label_domains``);
- an end has exactly one path edge; under ``fill`` a free cell has exactly two and some
  label, under ``blank`` zero or two;
- a path edge makes its two cells agree on every label, so a path carries one label from
  end to end and never joins two different labels;
- ``fill-notouch``: two touching cells of the same label must be joined by a path edge,
  and (implied, but stated on the edges because it prunes far earlier: measured 30 s+ ->
  0.5 s on 40x20 boards) no three edges of a 2x2 square are used together;
- ``fill`` and ``blank``: no 2x2 square uses all four edges (a loop, wrong or empty).

Cycles that touch no end satisfy the local constraints.  Under the ``fill`` rules they are
wrong, and each one found in a model is cut by a clause (some edge must leave the cycle's
cells, since those cells must lie on paths between ends outside it) and the model solved
again (``sat_solve``).  Under ``blank`` they are simply dropped: the cells are empty.  A
solution is blocked by forbidding its path edges together, which also blocks every model
that adds only empty loops to it, so under ``blank`` solutions differing by an empty loop
count once.

Under ``fill-notouch`` the model starts without one-hot label variables (see
``LAZY_ROUNDS``): each free cell carries its label's number in binary instead
(``_Model._label_bits``), so no path joins two labels, and a model whose path touches itself
is cut like a cycle.  Speed (measured on ahle-inputs9, 101 boards of 40x20): most of the
time is Python building ~20k clauses per board and the first SAT call; the bits cut the SAT
calls per board from ~12 to ~1, and one timer per ``solve`` (``Alarm``) replaces a thread
per call.

Glucose 4 is used because the time limit interrupts it cleanly (CaDiCaL in python-sat
ignores interrupts).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from functools import cached_property
from itertools import combinations
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported where a solver is made: a board the scan settles never needs it
    from pysat.solvers import Solver

from ..core.deadline import Deadline
from ..core.errors import InvalidParameterError
from ..core.grid import forward_neighbours
from ..core.result import SolveResult, Stats, status_for
from .model import BLOCKED, EMPTY, Cell, Puzzle, Rules, Solution

SAT_ENGINE = "glucose4"
LAZY_ROUNDS = 200
"""Under ``fill-notouch`` the model starts without one-hot label variables and learns, from
each wrong model, a clause against it (paths touching themselves, cycles; paths joining two
labels only when ``LABEL_BITS`` is too small to give every label its own code): measured on
ahle-inputs9/10, 1-2 rounds a board, several times faster than the full model.  After this
many rounds the full model with labels takes over."""
LAZY_RULES = frozenset({Rules.FILL_NOTOUCH})
"""The rule sets whose model starts without one-hot labels (see ``LAZY_ROUNDS``).  Tried for
``fill`` and ``blank`` too: no better on ahle-inputs9/4 (both time out there either way)."""
LABEL_BITS = 8
"""At most this many bits per cell in the lazy model (see ``_Model._label_bits``)."""


class Reach:
    """Which cells each label's path may use: the parts of the free cells (connected through
    free cells) that touch both of its ends.

    Why split from ``domains``: every board needs the cheap part (one flood fill: does some
    label have its ends cut off, which proves the board unsolvable; how many (cell, label)
    pairs would SAT's model have), but only a board that reaches SAT needs the cell sets,
    which cost more than the whole scan search on a small board.
    """

    def __init__(self, puzzle: Puzzle, compiled: bool | None = None) -> None:
        """``compiled``: number the parts with the compiled kernel (``scan_kernel.parts``);
        None: when the scan's compiled kernel is at hand without numba's start-up."""
        w = puzzle.width
        self.width = w
        self.pw = pw = w + 2
        if compiled is None:
            compiled = _scan_kernel_ready()
        # padded; in ``part`` a negative value is a cell in no part, else the cell's part
        part, sizes = (_compiled_parts if compiled else _plain_parts)(puzzle)
        self.part = part
        self.ends = puzzle.endpoints()
        self._domains: dict[int, set[int]] | None = None
        self.shared: dict[int, set[int]] = {}
        self.cut_off = False
        self.variables = 0
        """The (cell, label) pairs of ``domains``, counted without building it."""
        for label, (a, b) in self.ends.items():
            start, goal = (a[0] + 1) * pw + a[1] + 1, (b[0] + 1) * pw + b[1] + 1
            near = (start - 1, start + pw, start + 1, start - pw)
            near_start = {part[n] for n in near if part[n] >= 0}
            near_goal = {part[n] for n in (goal - 1, goal + pw, goal + 1, goal - pw)}
            shared = near_start & near_goal
            if not shared and goal not in near:
                self.cut_off = True
                return
            self.shared[label] = shared
            self.variables += 2 + sum(sizes[i] for i in shared)

    def domains(self) -> dict[int, set[int]]:
        """For each label, the cells (row-major indices) its path may use: its ends and the
        parts touching both.  Only for a board whose ends are not ``cut_off``."""
        if self.cut_off:
            raise ValueError("a label's ends are cut off: no domains")
        if self._domains is None:
            w, pw, part = self.width, self.pw, self.part
            members: dict[int, list[int]] = {}
            for p, number in enumerate(part):
                if number >= 0:
                    members.setdefault(number, []).append((p // pw - 1) * w + p % pw - 1)
            self._domains = {
                label: {a[0] * w + a[1], b[0] * w + b[1]}.union(
                    *(members[i] for i in self.shared[label])
                )
                for label, (a, b) in self.ends.items()
            }
        return self._domains


def _scan_kernel_ready() -> bool:
    """Whether the scan's compiled kernel is at hand without numba's start-up."""
    from ..core import jit
    from . import scan_kernel

    return jit.ready(scan_kernel.search)


def _plain_parts(puzzle: Puzzle) -> tuple[list[int], list[int]]:
    """``Reach``'s parts in Python: the padded board's part of each cell, and part sizes."""
    w, h, cells = puzzle.width, puzzle.height, puzzle.cells
    pw = w + 2
    # -2 not free (or off the board), -1 free and not yet in a part, else a part
    part = [-2] * (pw * (h + 2))
    for r in range(h):
        base = (r + 1) * pw + 1
        part[base : base + w] = [-1 if v == EMPTY else -2 for v in cells[r * w : r * w + w]]
    sizes: list[int] = []
    for first in [p for p, v in enumerate(part) if v == -1]:
        if part[first] != -1:
            continue
        number = len(sizes)
        part[first] = number
        stack = [first]
        count = 1
        while stack:
            p = stack.pop()
            for n in (p - 1, p + pw, p + 1, p - pw):
                if part[n] == -1:
                    part[n] = number
                    stack.append(n)
                    count += 1
        sizes.append(count)
    return part, sizes


def _compiled_parts(puzzle: Puzzle) -> tuple[list[int], list[int]]:
    """``_plain_parts`` by the compiled kernel ``scan_kernel.parts``."""
    import numpy as np

    from ..core import jit
    from . import scan_kernel

    w, h = puzzle.width, puzzle.height
    grid = np.full((h + 2, w + 2), scan_kernel.BORDER, dtype=np.int64)
    grid[1:-1, 1:-1] = np.array(puzzle.cells, dtype=np.int64).reshape(h, w)
    lab = grid.reshape(-1)
    part = np.empty(lab.shape[0], dtype=np.int64)
    sizes = np.empty(lab.shape[0], dtype=np.int64)
    stack = np.empty(lab.shape[0], dtype=np.int64)
    count = jit.kernel(scan_kernel.parts)(lab, w + 2, part, sizes, stack)
    found: tuple[list[int], list[int]] = (part.tolist(), sizes[:count].tolist())
    return found


def label_domains(puzzle: Puzzle) -> dict[int, set[int]] | None:
    """For each label, the cells its path may use; None when some label's ends are cut off.

    A path's inner cells are free cells in one connected part of the free cells, and that
    part touches both of its ends: a label may use only the parts touching both its ends
    (see ``Reach``).
    """
    reach = Reach(puzzle)
    return None if reach.cut_off else reach.domains()


class _Model:
    """The SAT encoding of one puzzle under one rule set (see the module docstring)."""

    def __init__(
        self,
        puzzle: Puzzle,
        rules: Rules,
        domains: dict[int, set[int]],
        labels: bool = True,
        shortest: bool = False,
    ) -> None:
        self.puzzle = puzzle
        self.rules = rules
        self.with_labels = labels
        w, h, cells = puzzle.width, puzzle.height, puzzle.cells
        self.nvars = 0
        self.clauses: list[list[int]] = []
        # cell -> labels allowed there (only the full model needs the lists)
        size = w * h
        usable = [False] * size
        for region in domains.values():
            for index in region:
                usable[index] = True
        self.usable = usable
        self.usable_cells = used = [i for i in range(size) if usable[i]]
        allowed: dict[int, list[int]] = {}
        if labels:
            for label, region in domains.items():
                for index in region:
                    allowed.setdefault(index, []).append(label)
        self.allowed = allowed
        # label variables (ends are constants: their label is true, others false)
        self.xvar: dict[tuple[int, int], int] = {}
        self.cell_vars: dict[int, dict[int, int]] = {}
        # edge variables, numbered row-major: right[i] joins i and i + 1, down[i] joins i and
        # i + w (0: no such edge).  Two adjacent free cells lie in one connected part, so
        # they allow the same labels; an end shares only its own label with a neighbour.
        self.right = right = [0] * size
        self.down = down = [0] * size
        self.edges: dict[tuple[int, int], int] = {}
        self.edge_keys: list[tuple[int, int]] = []  # variable v is edge_keys[v - 1]
        for index in range(size):
            if not usable[index]:
                continue
            here = cells[index]
            for n, table in ((index + 1, right), (index + w, down)):
                if (table is right and index % w == w - 1) or n >= size or not usable[n]:
                    continue
                there = cells[n]
                if here > 0 and there > 0:
                    if here != there:
                        continue
                elif here > 0:
                    if n not in domains[here]:
                        continue
                elif there > 0 and index not in domains[there]:
                    continue
                var = self._new()
                table[index] = var
                self.edges[index, n] = var
                self.edge_keys.append((index, n))
        incident: dict[int, list[int]] = {}
        for index in used:
            found = []
            for var in (right[index], down[index]):
                if var:
                    found.append(var)
            if index % w and right[index - 1]:
                found.append(right[index - 1])
            if index >= w and down[index - w]:
                found.append(down[index - w])
            incident[index] = found
        self.incident = incident
        # label variables after the edges, so edge variables are numbered alike with and
        # without labels (blocking clauses carry over when the lazy model is replaced)
        for index, found in allowed.items():
            if cells[index] == EMPTY and labels:
                own = self.cell_vars[index] = {}
                for label in found:
                    own[label] = self.xvar[index, label] = self._new()
        if rules is not Rules.BLANK:
            for index, value in enumerate(cells):
                if value == EMPTY and not usable[index]:
                    self.clauses.append([])  # a free cell no label can reach
        self._degrees()
        if labels:
            self._labels()
        else:
            self._label_bits(sorted(domains))
        if rules is Rules.FILL_NOTOUCH or (shortest and rules is Rules.BLANK and labels):
            # under blank a shortest solution never touches itself either (see route.py)
            if labels:
                self._notouch()
            self._no_u_turns()
        else:
            self._no_small_loops()
        self._prepare_decoding()

    def _new(self) -> int:
        self.nvars += 1
        return self.nvars

    def _degrees(self) -> None:
        add = self.clauses.append
        extend = self.clauses.extend
        fill = self.rules is not Rules.BLANK
        given = self.puzzle.cells
        xvar = self.xvar
        for index, edges in self.incident.items():
            n = len(edges)
            negated = [-e for e in edges]
            if given[index] > 0:
                add(edges)  # at least one (empty list: unsatisfiable)
                extend(map(list, combinations(negated, 2)))
                continue
            extend(map(list, combinations(negated, 3)))  # at most two
            if fill:
                if n < 2:
                    add([])
                else:  # at least two: every n-1 of them hold one
                    extend(map(list, combinations(edges, n - 1)))
                if self.with_labels:
                    add([xvar[index, label] for label in self.allowed[index]])
            else:
                # zero or two: an edge needs a second one
                for i in range(n):
                    add([negated[i], *edges[:i], *edges[i + 1 :]])

    def _labels(self) -> None:
        """A path edge makes its two cells agree on every label."""
        clauses = self.clauses
        cells, xv = self.puzzle.cells, self.cell_vars
        for (a, b), edge in self.edges.items():
            ka, kb = cells[a], cells[b]
            if ka > 0 and kb > 0:
                continue  # two ends of one label (edges between different labels do not exist)
            if ka > 0 or kb > 0:
                end_label, free = (ka, b) if ka > 0 else (kb, a)
                for label, var in xv[free].items():
                    clauses.append([-edge, var] if label == end_label else [-edge, -var])
                continue
            va, vb = xv[a], xv[b]
            for label, x in va.items():
                y = vb.get(label)
                if y is None:
                    clauses.append([-edge, -x])
                else:
                    clauses.append([-edge, -x, y])
                    clauses.append([-edge, -y, x])
            for label, y in vb.items():
                if label not in va:
                    clauses.append([-edge, -y])
        if self.rules is Rules.BLANK:
            # a cell off every path carries no label (removes useless freedom)
            for (index, _label), var in self.xvar.items():
                clauses.append([-var, *self.incident[index]])

    def _label_bits(self, labels: list[int]) -> None:
        """The lazy model's labels: each free cell holds a label's number in binary.

        A path edge makes its two cells' bits equal, and an end fixes its neighbour's bits, so
        no path can join two different labels.  Measured on ahle-inputs9: about three in four
        lazy cuts were such joins, each costing a SAT call; the bits cost ~2 log2(labels)
        binary-ish clauses per edge, far fewer than one variable per (cell, label) pair.
        """
        clauses = self.clauses
        given = self.puzzle.cells
        width = max(1, min(LABEL_BITS, (len(labels) - 1).bit_length()))
        code = {label: number % (1 << width) for number, label in enumerate(labels)}
        # bit k of cell i is variable base + i * width + k (unused cells' bits stay free)
        base = self.nvars + 1
        self.nvars += len(given) * width
        inner: list[tuple[int, int, int]] = []  # (edge, first bit of a, first bit of b)
        for (a, b), edge in self.edges.items():
            ka, kb = given[a], given[b]
            if ka > 0 and kb > 0:
                continue
            if ka > 0 or kb > 0:
                label, free = (ka, b) if ka > 0 else (kb, a)
                number = code[label]
                first = base + free * width
                clauses.extend(
                    [-edge, first + k if number >> k & 1 else -first - k] for k in range(width)
                )
                continue
            inner.append((edge, base + a * width, base + b * width))
        for k in range(width):
            clauses.extend([-e, -x - k, y + k] for e, x, y in inner)
            clauses.extend([-e, x + k, -y - k] for e, x, y in inner)
        if self.rules is Rules.FILL_NOTOUCH and len(labels) <= 1 << width:
            self._touch_bits(code, base, width)

    def _touch_bits(self, code: dict[int, int], base: int, width: int) -> None:
        """``fill-notouch`` on the bits: a cell beside an end but not joined to it differs.

        Valid only when every label has its own code.  Every cell lies on a path and a label
        has one path, so a cell touching an end of its own label must be joined to it; two
        touching ends of one label are joined.  One clause per end edge.  The same rule for
        two free cells needs an extra variable per bit and edge: measured 1.5-2x slower on
        ahle-inputs4/9/10, so it is left to the lazy touch cuts.
        """
        clauses = self.clauses
        given = self.puzzle.cells
        for (a, b), edge in self.edges.items():
            ka, kb = given[a], given[b]
            if ka > 0 and kb > 0:
                if ka == kb:
                    clauses.append([edge])
                continue
            if ka > 0 or kb > 0:
                label, free = (ka, b) if ka > 0 else (kb, a)
                number = code[label]
                first = base + free * width
                clauses.append(
                    [edge, *(-first - k if number >> k & 1 else first + k for k in range(width))]
                )

    def _notouch(self) -> None:
        """Two touching cells of one label must be joined by a path edge."""
        clauses = self.clauses
        w, h = self.puzzle.width, self.puzzle.height
        cells, xv = self.puzzle.cells, self.cell_vars
        for a in self.usable_cells:
            for b in forward_neighbours(a, w, h):
                if not self.usable[b]:
                    continue
                edge = self.edges.get((a, b))
                base = [] if edge is None else [edge]
                ka, kb = cells[a], cells[b]
                if ka > 0 and kb > 0:
                    if ka == kb:
                        clauses.append(base)
                elif ka > 0 or kb > 0:
                    end_label, free = (ka, b) if ka > 0 else (kb, a)
                    var = xv[free].get(end_label)
                    if var is not None:
                        clauses.append([*base, -var])
                else:
                    vb = xv[b]
                    for label, x in xv[a].items():
                        y = vb.get(label)
                        if y is not None:
                            clauses.append([*base, -x, -y])

    def _squares(self) -> Iterator[list[int]]:
        """The edge variables present around each 2x2 square (top, left, right, bottom)."""
        w, h = self.puzzle.width, self.puzzle.height
        right, down = self.right, self.down
        for r in range(h - 1):
            for a in range(r * w, r * w + w - 1):
                square = [right[a], down[a], down[a + 1], right[a + w]]
                if 0 in square:
                    square = [v for v in square if v]
                if len(square) >= 3:
                    yield square

    def _no_u_turns(self) -> None:
        """Under ``fill-notouch`` no three edges of a 2x2 square are all used.

        Three such edges make a U: its two tips are neighbours on one path but not path
        neighbours, which is a touch (or, with the fourth edge, a cycle).  Stated on the
        edges alone this prunes far earlier than through the label variables.
        """
        extend = self.clauses.extend
        for square in self._squares():
            extend(map(list, combinations([-v for v in square], 3)))

    def _no_small_loops(self) -> None:
        """No 2x2 square uses all four of its edges.

        Such a loop never holds an end, so it is wrong under ``fill`` and, under ``blank``,
        an empty loop that decodes to the same solution as the model without it.
        """
        add = self.clauses.append
        for square in self._squares():
            if len(square) == 4:
                add([-v for v in square])

    def _prepare_decoding(self) -> None:
        """Flat arrays for ``decode``: it runs once per SAT model, so it avoids dicts."""
        w = self.puzzle.width
        self.n_edges = len(self.edge_keys)
        self.edge_a = [-1] + [a for a, _b in self.edge_keys]  # indexed by variable
        self.edge_b = [-1] + [b for _a, b in self.edge_keys]
        self.ends = [
            (label, first[0] * w + first[1])
            for label, (first, _second) in self.puzzle.endpoints().items()
        ]

    @cached_property
    def pairs(self) -> list[tuple[int, int]]:
        """Every two orthogonally adjacent usable cells (built on first use: touch checks)."""
        w, h, usable = self.puzzle.width, self.puzzle.height, self.usable
        return [(a, b) for a in self.usable_cells for b in forward_neighbours(a, w, h) if usable[b]]

    @cached_property
    def around(self) -> list[list[tuple[int, int]]]:
        """For each cell, its (edge variable, neighbour) pairs (built on first cycle cut)."""
        around: list[list[tuple[int, int]]] = [[] for _ in self.puzzle.cells]
        for (a, b), var in self.edges.items():
            around[a].append((var, b))
            around[b].append((var, a))
        return around

    def decode(self, values: list[int]) -> tuple[Solution | None, list[int], list[list[int]]]:
        """The solution in a SAT model, its path edge literals, and the cuts it calls for.

        A cut is a clause every solution satisfies and this model breaks: a path joining two
        different labels (possible only without label variables) may not be used whole; a
        path touching itself under ``fill-notouch`` may not keep the stretch between the two
        touching cells; a cycle under the ``fill`` rules must be left by some edge.  No cuts
        means the solution is valid (it is built only then: None otherwise).
        """
        puzzle = self.puzzle
        w, given = puzzle.width, puzzle.cells
        size = len(given)
        first = [-1] * size
        second = [-1] * size
        first_edge = [0] * size
        second_edge = [0] * size
        edge_a, edge_b = self.edge_a, self.edge_b
        for var in values[: self.n_edges]:
            if var > 0:
                a, b = edge_a[var], edge_b[var]
                if first[a] < 0:
                    first[a], first_edge[a] = b, var
                else:
                    second[a], second_edge[a] = b, var
                if first[b] < 0:
                    first[b], first_edge[b] = a, var
                else:
                    second[b], second_edge[b] = a, var
        path_of = [-1] * size
        position = [0] * size
        orders: list[list[int]] = []
        all_steps: list[list[int]] = []
        good: list[bool] = []
        cuts: list[list[int]] = []
        for label, at in self.ends:
            if path_of[at] >= 0:
                continue  # reached from another label's end: already cut
            number = len(orders)
            previous = -1
            order = [at]
            steps: list[int] = []
            path_of[at] = number
            while previous < 0 or given[at] <= 0:
                if first[at] >= 0 and first[at] != previous:
                    previous, at, var = at, first[at], first_edge[at]
                elif second[at] >= 0 and second[at] != previous:
                    previous, at, var = at, second[at], second_edge[at]
                else:
                    break
                position[at] = len(order)
                path_of[at] = number
                order.append(at)
                steps.append(var)
            orders.append(order)
            all_steps.append(steps)
            fine = given[order[-1]] == label
            good.append(fine)
            if not fine:
                cuts.append([-v for v in steps])
        if self.rules is Rules.FILL_NOTOUCH and not self.with_labels:
            for a, b in self.pairs:
                number = path_of[a]
                if number >= 0 and number == path_of[b] and good[number]:
                    i, j = position[a], position[b]
                    if i - j > 1 or j - i > 1:
                        low, high = (i, j) if i < j else (j, i)
                        cuts.append([-v for v in all_steps[number][low:high]])
        if self.rules is not Rules.BLANK:
            for start in range(size):
                if first[start] < 0 or path_of[start] >= 0:
                    continue
                loop = [start]
                path_of[start] = len(orders)  # marks the cycle's cells as seen
                stack = [start]
                while stack:
                    at = stack.pop()
                    for n in (first[at], second[at]):
                        if n >= 0 and path_of[n] < 0:
                            path_of[n] = path_of[start]
                            loop.append(n)
                            stack.append(n)
                cuts.append(self.cycle_cut(loop))
        used_edges = [v for steps in all_steps for v in steps]
        if cuts:
            return None, used_edges, cuts
        cells = [BLOCKED if v == BLOCKED else EMPTY for v in given]
        paths: list[tuple[int, tuple[Cell, ...]]] = []
        for (label, _start), order in zip(self.ends, orders, strict=True):
            for index in order:
                cells[index] = label
            paths.append((label, tuple(divmod(i, w) for i in order)))
        solution = Solution(puzzle.width, puzzle.height, tuple(cells), tuple(paths))
        return solution, used_edges, cuts

    def cycle_cut(self, loop: list[int]) -> list[int]:
        """Some edge must leave ``loop``'s cells (valid under the fill rules)."""
        inside = set(loop)
        around = self.around
        return [var for a in loop for var, b in around[a] if b not in inside]


def sat_result(
    deadline: Deadline,
    found: list[Solution],
    exhausted: bool,
    timed_out: bool,
    conflicts: int = 0,
    calls: int = 0,
) -> SolveResult[Solution]:
    """A result with SAT's effort (``calls`` as nodes), timed from ``deadline``'s start."""
    return SolveResult(
        status_for(len(found), exhausted),
        tuple(found),
        complete=exhausted,
        timed_out=timed_out,
        stats=Stats(deadline.elapsed(), calls, conflicts),
    )


def sat_solve(
    puzzle: Puzzle,
    rules: Rules,
    domains: dict[int, set[int]],
    limit: int | None,
    deadline: Deadline,
    alarm: Alarm,
    *,
    shortest: bool = False,
) -> SolveResult[Solution]:
    """The SAT model's answer (see the module docstring), interrupted by ``alarm``; stops
    unfinished at ``deadline``.  ``domains``: ``label_domains(puzzle)``.

    ``shortest`` (``blank``, ``limit`` 1 only): add clauses that hold in every shortest
    solution (no path touches itself; ``route.py`` argues why one always exists), which
    leave the solver less freedom; wrong for counting and uniqueness, where every
    solution counts."""
    if shortest and (rules is not Rules.BLANK or limit != 1):
        raise InvalidParameterError("shortest solutions answer only 'one blank solution'")

    def result(
        found: list[Solution], exhausted: bool, timed_out: bool, conflicts: int = 0, calls: int = 0
    ) -> SolveResult[Solution]:
        return sat_result(deadline, found, exhausted, timed_out, conflicts, calls)

    lazy = rules in LAZY_RULES
    model = _Model(puzzle, rules, domains, labels=not lazy, shortest=shortest)
    if deadline.expired() or alarm.fired:
        alarm.cancel()
        return result([], False, True)
    found: list[Solution] = []
    blocks: list[list[int]] = []
    calls = rounds = 0
    from pysat.solvers import Solver

    solver = Solver(name=SAT_ENGINE)
    alarm.watch(solver)
    try:
        solver.append_formula(model.clauses, no_return=True)
        while True:
            if deadline.expired():
                return result(found, False, True, _conflicts(solver), calls)
            calls += 1
            answer = alarm.run(solver)
            if answer is None:
                return result(found, False, True, _conflicts(solver), calls)
            if not answer:
                return result(found, True, False, _conflicts(solver), calls)
            solution, used, cuts = model.decode(solver.get_model())
            if cuts:
                rounds += 1
                if lazy and rounds > LAZY_ROUNDS:
                    # too many cuts: switch to the model with label variables
                    lazy = False
                    alarm.watch(None)
                    solver.delete()
                    model = _Model(puzzle, rules, domains)
                    solver = Solver(name=SAT_ENGINE)
                    alarm.watch(solver)
                    solver.append_formula(model.clauses, no_return=True)
                    solver.append_formula(blocks, no_return=True)
                    continue
                solver.append_formula(cuts, no_return=True)
                continue
            assert solution is not None  # no cuts: a valid solution
            found.append(solution)
            if limit is not None and len(found) >= limit:
                return result(found, False, False, _conflicts(solver), calls)
            blocks.append([-v for v in used])
            solver.add_clause(blocks[-1])
    finally:
        alarm.cancel()
        solver.delete()


def _conflicts(solver: Solver) -> int:
    stats = solver.accum_stats() or {}
    return int(stats.get("conflicts", 0))


class Alarm:
    """One timer for a whole ``solve`` call that interrupts whichever SAT engine is current.

    Why not a timer per SAT call: starting a thread costs about a millisecond on a busy
    machine, and a puzzle takes ten or more calls.  An interrupt that arrives between calls
    stays pending in Glucose, so the next call returns at once (measured), and the loop
    checks the clock before each call anyway.

    The timer fires at ``deadline`` (never without a limit).  ``always``: run every SAT call
    interruptibly even without a timer (another thread may call ``fire``); an interruptible
    call also lets other threads run meanwhile.
    """

    def __init__(self, deadline: Deadline, always: bool = False) -> None:
        self.fired = False
        self._always = always
        self._lock = threading.Lock()
        self._solver: Solver | None = None
        seconds = deadline.remaining()
        self._timer = None if seconds is None else threading.Timer(seconds, self.fire)
        if self._timer is not None:
            self._timer.daemon = True
            self._timer.start()

    def fire(self) -> None:
        """Interrupt the current SAT engine now, and any later one at once."""
        with self._lock:
            self.fired = True
            if self._solver is not None:
                self._solver.interrupt()

    def watch(self, solver: Solver | None) -> None:
        """Interrupt ``solver`` when the time is up (at once if it already is)."""
        with self._lock:
            self._solver = solver
            if self.fired and solver is not None:
                solver.interrupt()

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self.watch(None)

    def run(self, solver: Solver) -> bool | None:
        """One SAT call; None when the time ran out first."""
        if self._timer is None and not self._always:
            return bool(solver.solve())
        answer = solver.solve_limited(expect_interrupt=True)
        return None if answer is None else bool(answer)
