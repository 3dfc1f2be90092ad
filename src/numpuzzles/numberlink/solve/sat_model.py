"""The Numberlink SAT encoding: the clauses ``sat.py`` hands the solver, and how a model
of them reads back as paths (or as the cycles and touching paths to cut).

Why its own module: the encoding is most of the SAT engine's code and is read for what
it states; the solve loop around it (lazy cuts, blocking solutions, the alarm) is
``sat.py``'s.

The model:
- one Boolean per grid edge between two usable cells ("the path steps across here");
- one Boolean per (free cell, label) pair, for labels whose ends both reach the cell
  (each label is confined to the part of the board connected to both its ends, see
  ``reach.label_domains``);
- an end has exactly one path edge; under ``fill`` a free cell has exactly two and some
  label, under ``blank`` zero or two;
- a path edge makes its two cells agree on every label, so a path carries one label from
  end to end and never joins two different labels;
- ``fill-notouch``: two touching cells of the same label must be joined by a path edge,
  and (implied, but stated on the edges because it prunes far earlier: measured 30 s+ ->
  0.5 s on 40x20 boards) no three edges of a 2x2 square are used together;
- ``fill`` and ``blank``: no 2x2 square uses all four edges (a loop, wrong or empty).

"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from itertools import combinations

from ...core.grid import forward_neighbours
from ..model import BLOCKED, EMPTY, Cell, Puzzle, Rules, Solution

LABEL_BITS = 8
"""At most this many bits per cell in the lazy model (see ``_Model._label_bits``)."""


class Model:
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
