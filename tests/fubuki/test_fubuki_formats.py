"""Fubuki text and JSON formats: round trips (property-based) and bad input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numpuzzles import PuzzleFormatError
from numpuzzles.fubuki import Puzzle
from numpuzzles.fubuki.formats import dump, parse, parse_filling


@st.composite
def puzzles(draw: st.DrawFn) -> Puzzle:
    """Valid puzzles: totals of a random filling, random givens, some totals hidden."""
    n = draw(st.sampled_from([3, 4, 5]))
    filling = draw(st.permutations(list(range(1, n * n + 1))))
    product = n == 3 and draw(st.booleans())
    diagonal = not product and draw(st.booleans())

    def op(xs: list[int]) -> int:
        out = 1 if product else 0
        for x in xs:
            out = out * x if product else out + x
        return out

    rows = [op(filling[r * n : (r + 1) * n]) for r in range(n)]
    cols = [op(filling[c::n]) for c in range(n)]
    hide = draw(st.lists(st.booleans(), min_size=2 * n, max_size=2 * n))
    rows_h = tuple(None if h else t for t, h in zip(rows, hide[:n], strict=True))
    cols_h = tuple(None if h else t for t, h in zip(cols, hide[n:], strict=True))
    keep = draw(st.lists(st.booleans(), min_size=n * n, max_size=n * n))
    givens = tuple(v if k else 0 for v, k in zip(filling, keep, strict=True))
    diagonals = None
    if diagonal:
        d1 = sum(filling[i * n + i] for i in range(n))
        d2 = sum(filling[i * n + n - 1 - i] for i in range(n))
        diagonals = (None if draw(st.booleans()) else d1, d2)
    return Puzzle(n, rows_h, cols_h, givens, diagonals, product)


@settings(max_examples=150, deadline=None)
@given(st.lists(puzzles(), min_size=1, max_size=3))
def test_text_round_trip(items: list[Puzzle]) -> None:
    text = "\n".join(dump(p) for p in items)
    assert parse(text) == items


@settings(max_examples=100, deadline=None)
@given(puzzles())
def test_json_round_trip(puzzle: Puzzle) -> None:
    assert parse(dump(puzzle, "json")) == [puzzle]


def test_reads_comments_and_several_blocks() -> None:
    text = "# the original's example\n3 . . 16\n. . . 22\n. . . 7\n11 16 18\n\n\n" \
           ". . . 15\n. . . 15\n. . . 15\n15 15 15\ndiagonals 15 15\n"
    first, second = parse(text)
    assert first.givens[0] == 3 and first.rows == (16, 22, 7) and first.cols == (11, 16, 18)
    assert second.diagonals == (15, 15)


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("3 . . 16\n. . 22\n. . . 7\n11 16 18\n", 2, "needs 3 cells and a total"),
        ("3 . . 16\n. x . 22\n. . . 7\n11 16 18\n", 2, "expected a digit"),
        ("3 . . 16\n. . . 22\n. . . 7\n11 16\n", 4, "expected 3 column totals"),
        ("3 . . 16\n. . . 22\n. . . 7\n11 16 19\n", 1, "cannot add up"),
        ("3 3 . 16\n. . . 22\n. . . 7\n11 16 18\n", 1, "given twice"),
        ("\n\n3 . . 30\n. . . 8\n. . . 7\n11 16 18\n", 3, "cannot be reached"),
        ("3 . . 16\n", 1, "column totals"),
        ("3 . . 16\n. . . 22\n. . . 7\n11 16 18\ndiagonals 15\n", 5, "two totals"),
    ],
)
def test_bad_text_names_the_line(text: str, line: int, words: str) -> None:
    with pytest.raises(PuzzleFormatError) as info:
        parse(text)
    assert info.value.line == line
    assert words in str(info.value)


def test_bad_json() -> None:
    with pytest.raises(PuzzleFormatError):
        parse('{"rows": [16, 22, 7]}')
    with pytest.raises(PuzzleFormatError):
        parse("{not json")


def test_parse_filling() -> None:
    assert parse_filling("3 5 8/7 9 6/1 2 4") == ((3, 5, 8), (7, 9, 6), (1, 2, 4))
    with pytest.raises(PuzzleFormatError):
        parse_filling("3 5 8/7 9/1 2 4")
    with pytest.raises(PuzzleFormatError):
        parse_filling("3 5 a/7 9 6/1 2 4")
