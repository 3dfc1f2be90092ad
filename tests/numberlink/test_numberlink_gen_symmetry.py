"""The canonical form identifies boards equal up to rotation, reflection and relabelling."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from numpuzzles.numberlink.symmetry import canonical_form, relabel


@st.composite
def boards(draw: st.DrawFn) -> tuple[int, int, list[int]]:
    w = draw(st.integers(1, 6))
    h = draw(st.integers(1, 6))
    cells = draw(st.lists(st.integers(-1, 4), min_size=w * h, max_size=w * h))
    return w, h, cells


def _rotate(w: int, h: int, cells: list[int]) -> tuple[int, int, list[int]]:
    """Quarter turn clockwise, written independently of the module."""
    rows = [cells[r * w : (r + 1) * w] for r in range(h)]
    turned = [list(col)[::-1] for col in zip(*rows, strict=True)]
    return h, w, [v for row in turned for v in row]


def _mirror(w: int, h: int, cells: list[int]) -> tuple[int, int, list[int]]:
    return w, h, [cells[r * w + (w - 1 - c)] for r in range(h) for c in range(w)]


@given(boards(), st.integers(0, 3), st.booleans(), st.permutations([1, 2, 3, 4]))
@settings(max_examples=150, deadline=None)
def test_invariant_under_the_eight_symmetries_and_relabelling(
    board: tuple[int, int, list[int]], turns: int, mirror: bool, names: list[int]
) -> None:
    w, h, cells = board
    x = (w, h, cells)
    for _ in range(turns):
        x = _rotate(*x)
    if mirror:
        x = _mirror(*x)
    w2, h2, c2 = x
    renamed = [names[v - 1] if v > 0 else v for v in c2]
    assert canonical_form(w2, h2, renamed) == canonical_form(w, h, cells)


def test_different_boards_stay_different() -> None:
    a = canonical_form(3, 1, [1, 0, 1])
    b = canonical_form(3, 1, [1, 1, 0])
    assert a != b
    assert canonical_form(2, 2, [1, 2, 2, 1]) != canonical_form(2, 2, [1, 1, 2, 2])


def test_relabel_orders_by_first_appearance() -> None:
    assert relabel([0, 5, -1, 2, 5, 2]) == (0, 1, -1, 2, 1, 2)
