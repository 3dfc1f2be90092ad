"""Grid geometry shared by the families: cells as row-major indices.

The independent checkers keep their own geometry on purpose (a bug here must not hide in
both a solver and its checker).
"""

from __future__ import annotations


def orthogonal_neighbours(index: int, width: int, height: int) -> list[int]:
    """The on-board orthogonal neighbours of cell ``index``, in the order left, down, right, up.

    The order is part of the contract: the BwInf checker model and the union-find original
    expand neighbours in exactly this order, so their emulations depend on it.
    """
    row, col = divmod(index, width)
    out = []
    if col > 0:
        out.append(index - 1)
    if row + 1 < height:
        out.append(index + width)
    if col + 1 < width:
        out.append(index + 1)
    if row > 0:
        out.append(index - width)
    return out


def forward_neighbours(index: int, width: int, height: int) -> list[int]:
    """The on-board right and lower neighbours of cell ``index``, in that order.

    Visiting every cell's forward neighbours lists each grid edge once.  The order is part
    of the contract too: the SAT model emits its clauses and the deduction solver numbers its
    edges in it, and either order changing would change which solution a search meets first.
    """
    out = []
    if (index + 1) % width:
        out.append(index + 1)
    if index + width < width * height:
        out.append(index + width)
    return out
