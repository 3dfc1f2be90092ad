"""Text and JSON read back what was written; bad text is a format error, never a crash."""

from __future__ import annotations

import contextlib
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numpuzzles.core.errors import PuzzleFormatError
from numpuzzles.survo.formats import dump, parse, parse_filling, to_json
from numpuzzles.survo.model import Puzzle, open_puzzle
from numpuzzles.survo.solve import as_filling

SHAPES = [(h, w) for h in range(2, 7) for w in range(2, 19) if h * w <= 36]


@st.composite
def puzzles(draw: st.DrawFn) -> Puzzle:
    height, width = draw(st.sampled_from(SHAPES))
    seed = draw(st.integers(0, 10**6))
    rand = random.Random(seed)
    values = list(range(1, height * width + 1))
    rand.shuffle(values)
    base = open_puzzle(as_filling(values, width))
    keep = draw(st.lists(st.booleans(), min_size=height * width, max_size=height * width))
    hide_rows = draw(st.lists(st.booleans(), min_size=height, max_size=height))
    hide_cols = draw(st.lists(st.booleans(), min_size=width, max_size=width))
    return Puzzle(height, width,
                  tuple(None if h else s for s, h in zip(base.rows, hide_rows, strict=True)),
                  tuple(None if h else s for s, h in zip(base.cols, hide_cols, strict=True)),
                  tuple(v if k else 0 for v, k in zip(values, keep, strict=True)))


@given(puzzles())
@settings(max_examples=150, deadline=None)
def test_text_and_json_round_trip(puzzle: Puzzle) -> None:
    assert parse(dump(puzzle)) == [puzzle]
    assert parse(dump(puzzle, "json")) == [puzzle]
    assert parse(json.dumps({"puzzle": to_json(puzzle)})) == [puzzle]
    assert parse(dump(puzzle) + "\n# a comment\n\n" + dump(puzzle)) == [puzzle, puzzle]


@given(st.text(max_size=200))
@settings(max_examples=300, deadline=None)
def test_any_text_is_a_puzzle_or_a_format_error(text: str) -> None:
    with contextlib.suppress(PuzzleFormatError):
        parse(text)


@given(st.text(alphabet=" .?0123456789\n#x-", max_size=120))
@settings(max_examples=300, deadline=None)
def test_near_miss_text_is_a_puzzle_or_a_format_error(text: str) -> None:
    with contextlib.suppress(PuzzleFormatError):
        parse(text, "text")


def test_the_wikipedia_example_reads() -> None:
    (p,) = parse(". 6 . . 30\n8 . . . 18\n. . 3 . 30\n27 16 10 25\n")
    assert (p.height, p.width, p.rows, p.cols) == (3, 4, (30, 18, 30), (27, 16, 10, 25))
    assert p.givens[1] == 6 and p.given_count == 3


@pytest.mark.parametrize(("text", "match"), [
    (". . 5\n1 2 3\n", "a Survo table is m×n"),
    (". . . 6\n. . . 15\n5 7 9 1\n", "needs 4 cells"),
    (". . x 6\n. . . 15\n5 7 9\n", "expected a number"),
    ('{"rows": [6, 15], "cols": [5, 7, 9], "givens": [[0]]}', "2 rows of 3"),
    ('{"rows": [6, 15]}', "lacks the field 'cols'"),
])
def test_bad_text_says_why(text: str, match: str) -> None:
    with pytest.raises(PuzzleFormatError, match=match):
        parse(text)


def test_fillings_read_in_their_shape() -> None:
    assert parse_filling("1 2 3/4 5 6", 2, 3) == ((1, 2, 3), (4, 5, 6))
    with pytest.raises(PuzzleFormatError):
        parse_filling("1 2/3 4", 2, 3)
