"""Core search helpers: union-find against a brute-force partition, grid neighbours against
the definition, deadlines at their two extremes (no wall-clock limits)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from numpuzzles.core.deadline import Deadline
from numpuzzles.core.dsf import DisjointSets
from numpuzzles.core.grid import forward_neighbours, orthogonal_neighbours


def test_disjoint_sets() -> None:
    sets = DisjointSets(5)
    sets.union(0, 1)
    sets.union(3, 4)
    assert sets.find(0) == sets.find(1) != sets.find(3) == sets.find(4)
    sets.union(1, 4)
    assert len({sets.find(i) for i in range(5)}) == 2


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 12), st.data())
def test_disjoint_sets_match_a_naive_partition(size: int, data: st.DataObject) -> None:
    element = st.integers(0, size - 1)
    joins = data.draw(st.lists(st.tuples(element, element), max_size=20))
    sets = DisjointSets(size)
    group = list(range(size))  # naive: relabel a whole group on every join
    for a, b in joins:
        root = sets.union(a, b)
        assert root == sets.find(a) == sets.find(b)
        old, new = group[b], group[a]
        group = [new if g == old else g for g in group]
    for a in range(size):
        for b in range(size):
            assert (sets.find(a) == sets.find(b)) == (group[a] == group[b])


def test_disjoint_sets_copy_is_independent() -> None:
    sets = DisjointSets(4)
    sets.union(0, 1)
    other = sets.copy()
    other.union(2, 3)
    assert sets.find(2) != sets.find(3) and other.find(2) == other.find(3)
    assert other.find(0) == other.find(1)


def _brute_neighbours(index: int, width: int, height: int) -> set[int]:
    r, c = divmod(index, width)
    return {
        rr * width + cc
        for rr in range(height)
        for cc in range(width)
        if abs(rr - r) + abs(cc - c) == 1
    }


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 7), st.integers(1, 7), st.data())
def test_neighbours_match_the_definition(width: int, height: int, data: st.DataObject) -> None:
    index = data.draw(st.integers(0, width * height - 1))
    around = orthogonal_neighbours(index, width, height)
    assert set(around) == _brute_neighbours(index, width, height)
    row, col = divmod(index, width)
    left = [index - 1] if col > 0 else []
    down = [index + width] if row + 1 < height else []
    right = [index + 1] if col + 1 < width else []
    up = [index - width] if row > 0 else []
    assert around == left + down + right + up  # the documented order
    assert forward_neighbours(index, width, height) == right + down


def test_forward_neighbours_list_every_edge_once() -> None:
    width, height = 5, 3
    edges = [(a, b) for a in range(width * height) for b in forward_neighbours(a, width, height)]
    assert len(edges) == len(set(edges)) == (width - 1) * height + width * (height - 1)


def test_deadline_extremes() -> None:
    never = Deadline(None)
    assert not never.expired() and never.remaining() is None
    gone = Deadline(0.0)
    assert gone.expired() and gone.remaining() == 0.0
    far = Deadline(1e9)
    assert not far.expired()
    remaining = far.remaining()
    assert remaining is not None and 0 < remaining <= 1e9
    first = far.elapsed()
    assert 0.0 <= first <= far.elapsed()
