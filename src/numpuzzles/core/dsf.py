"""A disjoint-set forest (union-find) over the integers ``0 .. size - 1``.

Generators and deduction solvers join grid cells into path pieces and ask whether two
cells already lie in one piece; cells are row-major indices, so plain integer lists do.

Path halving alone, no union by size: the callers grow a piece from one end, so linking
the new cell under the piece's representative keeps the trees flat, and a deduction solver
that copies the forest for every trial assumption (``copy``) then copies one list, not two
(measured on the difficulty grader, 14x14 boards: union by size made it some 10% slower).
The representative of a union is the first argument's, so per-set data kept at
representatives stays put.
"""

from __future__ import annotations


class DisjointSets:
    """Union-find over ``size`` elements with path halving."""

    __slots__ = ("_parent",)

    def __init__(self, size: int) -> None:
        self._parent = list(range(size))

    def find(self, item: int) -> int:
        """The representative of ``item``'s set."""
        parent = self._parent
        while parent[item] != item:
            parent[item] = parent[parent[item]]
            item = parent[item]
        return item

    def union(self, a: int, b: int) -> int:
        """Join the sets of ``a`` and ``b``; returns the representative, ``a``'s."""
        return self.link(self.find(a), self.find(b))

    def link(self, ra: int, rb: int) -> int:
        """Join the sets whose representatives (``find``'s answers) are ``ra`` and ``rb``;
        returns ``ra``, the joined set's.  For hot loops that look at both sets before
        joining them, where ``union`` would find both representatives again."""
        self._parent[rb] = ra
        return ra

    def copy(self) -> DisjointSets:
        """An independent copy (a search trying an assumption works on one)."""
        other = DisjointSets.__new__(DisjointSets)
        other._parent = self._parent.copy()
        return other
