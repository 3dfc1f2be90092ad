"""The JSON fields Fubuki and Survo share (``core/sumtext.py``): what they accept comes back
unchanged, anything else is one format error naming the field, never another exception."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from numpuzzles.core.errors import PuzzleFormatError
from numpuzzles.core.sumtext import json_givens, json_int, json_sums, json_table, parse_tables

SUMS = st.lists(st.one_of(st.none(), st.integers(-(10**6), 10**6)), max_size=8)
JUNK = st.one_of(
    st.booleans(), st.floats(allow_nan=False), st.text(max_size=3), st.dictionaries(
        st.text(max_size=2), st.integers(), max_size=2
    )
)


@given(SUMS)
def test_sums_come_back_as_written(values: list[int | None]) -> None:
    assert json_sums(values, "rows", 1) == tuple(values)


@given(SUMS, JUNK, st.integers(0, 8), st.sampled_from(["sum", "total"]))
def test_a_sum_of_another_type_names_the_field_and_the_noun(
    values: list[Any], junk: Any, at: int, noun: str
) -> None:
    values = list(values)
    values.insert(min(at, len(values)), junk)
    with pytest.raises(PuzzleFormatError, match=f"a {noun} in 'cols'"):
        json_sums(values, "cols", 3, noun)


@given(JUNK)
def test_sums_that_are_no_list_are_refused(junk: Any) -> None:
    if isinstance(junk, list):
        return
    with pytest.raises(PuzzleFormatError, match="'rows' must be a list of totals"):
        json_sums(junk, "rows", 1, "total")


def test_true_is_not_an_integer() -> None:
    assert json_int(7, "x", 1) == 7
    with pytest.raises(PuzzleFormatError, match="must be an integer"):
        json_int(True, "'size'", 1)


def test_a_table_needs_an_object_with_rows_and_cols() -> None:
    assert json_table({"rows": [1], "cols": [2]}, 1) == ([1], [2])
    with pytest.raises(PuzzleFormatError, match="is an object"):
        json_table([1, 2], 1)
    with pytest.raises(PuzzleFormatError, match="lacks the field 'cols'"):
        json_table({"rows": [1]}, 1)


def test_givens_are_rows() -> None:
    assert json_givens([[1, 0], [0, 2]], 1) == [[1, 0], [0, 2]]
    for bad in ([1, 2], "12", [[1], 2]):
        with pytest.raises(PuzzleFormatError, match="a list of rows"):
            json_givens(bad, 1)


def test_parse_tables_sends_each_form_to_its_reader() -> None:
    """JSON (an object, a list, a wrapped puzzle) to the object reader with its line, text
    blocks to the block reader; an unknown format and an empty text are refused."""
    def from_json(obj: Any, number: int) -> str:
        return f"json {obj['rows']} at {number}"

    def from_block(block: list[tuple[int, str]]) -> str:
        return f"text {block[0][1]} at {block[0][0]}"

    text = '{"rows": [1]}\n{"puzzle": {"rows": [2]}}\n'
    assert parse_tables(text, None, from_json, from_block, ("text", "json")) == [
        "json [1] at 1", "json [2] at 2"
    ]
    blocks = "# a comment\n1 2 3\n\n4 5 6\n"
    assert parse_tables(blocks, None, from_json, from_block, ("text", "json")) == [
        "text 1 2 3 at 2", "text 4 5 6 at 4"
    ]
    with pytest.raises(PuzzleFormatError, match="unknown format 'xml'; known: text, json"):
        parse_tables(blocks, "xml", from_json, from_block, ("text", "json"))
    with pytest.raises(PuzzleFormatError, match="no puzzle found"):
        parse_tables("# only a comment\n", None, from_json, from_block, ("text", "json"))
