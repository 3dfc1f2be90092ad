"""Which cells each label's path may use: ``Reach``, the analysis every engine starts from.

Why its own module: the scan, the router and SAT all ask it first (a label whose ends are
cut off proves the board unsolvable before any search; the number of (cell, label) pairs
decides whether SAT's model is affordable), so it belongs to none of them.
"""

from __future__ import annotations

from array import array

from ..model import EMPTY, Puzzle


class Reach:
    """Which cells each label's path may use: the parts of the free cells (connected through
    free cells) that touch both of its ends.

    Why split from ``domains``: every board needs the cheap part (one flood fill: does some
    label have its ends cut off, which proves the board unsolvable; how many (cell, label)
    pairs would SAT's model have), but only a board that reaches SAT needs the cell sets,
    which cost more than the whole scan search on a small board.
    """

    def __init__(self, puzzle: Puzzle, compiled: bool | None = None) -> None:
        """``compiled``: number the parts with a compiled kernel (``scan_kernel.parts``: its
        Cython build where there is one, which needs no numpy, else numba's); None: when
        one is at hand without numba's start-up."""
        w = puzzle.width
        self.width = w
        self.pw = pw = w + 2
        # padded; in ``part`` a negative value is a cell in no part, else the cell's part
        part, sizes = _parts(puzzle, compiled)
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


def _parts(puzzle: Puzzle, compiled: bool | None) -> tuple[list[int], list[int]]:
    """The padded board's part of each cell and the parts' sizes, by the Cython build of
    ``scan_kernel.parts`` where it exists (no numpy), else by numba's build where
    ``compiled`` asks for it (or, when None, it is ready), else in Python."""
    if compiled is False:
        return _plain_parts(puzzle)
    from ...core import jit
    from . import scan_kernel

    in_c = jit.c_function(scan_kernel.parts)
    if in_c is not None:
        from .scan_plain import padded_board

        lab = padded_board(puzzle)
        part, sizes, stack = (array("q", bytes(8 * len(lab))) for _ in range(3))
        count = in_c(lab, puzzle.width + 2, part, sizes, stack)
        return part.tolist(), sizes[:count].tolist()
    if compiled or _scan_kernel_ready():
        return _compiled_parts(puzzle)
    return _plain_parts(puzzle)


def _scan_kernel_ready() -> bool:
    """Whether the scan's compiled kernel is at hand without numba's start-up."""
    from ...core import jit
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

    from ...core import jit
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
