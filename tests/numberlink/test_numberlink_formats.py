"""Every Numberlink format: round trips (property-based), sniffing, corpora, bad input."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numpuzzles.core.errors import PuzzleFormatError
from numpuzzles.numberlink import formats
from numpuzzles.numberlink.check import check
from numpuzzles.numberlink.formats import puzzlink
from numpuzzles.numberlink.model import BLOCKED, EMPTY, Puzzle, Rules

DATA = Path(__file__).resolve().parents[1] / "data" / "numberlink"
SEED_TABLE = DATA / "seed-union-find-7x7.txt"


@st.composite
def puzzles(
    draw: st.DrawFn,
    *,
    blocked: bool = True,
    max_label: int = 300,
    square: bool = False,
    min_side: int = 1,
) -> Puzzle:
    """A random valid puzzle: distinct positive labels, two ends each, maybe blocked cells."""
    width = draw(st.integers(min_side, 7))
    height = width if square else draw(st.integers(min_side, 7))
    size = width * height
    order = draw(st.permutations(range(size)))
    pairs = draw(st.integers(0, size // 2))
    labels = draw(st.lists(st.integers(1, max_label), min_size=pairs, max_size=pairs, unique=True))
    cells = [EMPTY] * size
    at = 0
    for label in labels:
        cells[order[at]] = cells[order[at + 1]] = label
        at += 2
    if blocked:
        for index in order[at:]:
            if draw(st.booleans()) and draw(st.booleans()):
                cells[index] = BLOCKED
    return Puzzle(width, height, tuple(cells))


def names_grid(puzzle: Puzzle) -> list[str]:
    """The board as label names, so letter formats (renumbered labels) compare equal."""
    return [
        "." if v == EMPTY else "#" if v == BLOCKED else puzzle.label_name(v) for v in puzzle.cells
    ]


@pytest.mark.parametrize("fmt", ["table", "numeric", "json"])
@settings(max_examples=80, deadline=None)
@given(puzzle=puzzles())
def test_round_trip_numeric_formats(fmt: str, puzzle: Puzzle) -> None:
    assert formats.parse(formats.dump(puzzle, fmt), fmt) == [puzzle]


@settings(max_examples=80, deadline=None)
@given(puzzle=puzzles(square=True))
def test_round_trip_bwinf(puzzle: Puzzle) -> None:
    assert formats.parse(formats.dump(puzzle, "bwinf"), "bwinf") == [puzzle]


@pytest.mark.parametrize("fmt", ["adc", "puzzlink"])
@settings(max_examples=80, deadline=None)
@given(puzzle=puzzles(blocked=False, max_label=4095))
def test_round_trip_blockless_formats(fmt: str, puzzle: Puzzle) -> None:
    assert formats.parse(formats.dump(puzzle, fmt), fmt) == [puzzle]


@pytest.mark.parametrize("fmt", ["letters", "ahle"])
@settings(max_examples=80, deadline=None)
@given(puzzle=puzzles(blocked=False, max_label=60))
def test_round_trip_letter_formats(fmt: str, puzzle: Puzzle) -> None:
    (back,) = formats.parse(formats.dump(puzzle, fmt), fmt)
    assert (back.width, back.height) == (puzzle.width, puzzle.height)
    # labels are renumbered in order of appearance; the written characters survive
    assert formats.dump(back, fmt) == formats.dump(puzzle, fmt)
    assert formats.parse(formats.dump(back, fmt), fmt) == [back]


@pytest.mark.parametrize("fmt", ["table", "numeric", "json", "adc", "puzzlink", "ahle"])
@settings(max_examples=60, deadline=None)
@given(puzzle=puzzles(blocked=False, max_label=60, min_side=2))
def test_sniffing_finds_the_format(fmt: str, puzzle: Puzzle) -> None:
    text = formats.dump(puzzle, fmt)
    assert formats.sniff(text) == fmt
    assert names_grid(formats.parse(text)[0]) == names_grid(puzzle) or fmt == "ahle"


def test_many_puzzles_per_file_are_read_in_order() -> None:
    a = Puzzle(3, 1, (1, 0, 1))
    b = Puzzle(2, 2, (2, 0, 0, 2))
    for fmt in ("numeric", "json"):
        text = formats.dump(a, fmt) + formats.dump(b, fmt)
        assert formats.parse(text) == [a, b]


def test_seed_table_puzzle_and_solution() -> None:
    text = SEED_TABLE.read_text()
    (puzzle,) = formats.parse(text)
    assert formats.sniff(text) == "table"
    assert (puzzle.width, puzzle.height) == (7, 7)
    assert puzzle.at(0, 6) == 4 and puzzle.at(3, 4) == BLOCKED and puzzle.at(2, 2) == 2
    solution = formats.parse_solution(text, puzzle)
    assert solution.rows()[0] == [4] * 7
    assert solution.path(2) == ((2, 2), (2, 3))
    for rules in Rules:
        assert check(puzzle, solution, rules) == []
    # written back as a printout with both tables, it reads the same
    again = formats.dump(puzzle, "table", solution)
    assert formats.parse(again) == [puzzle]
    assert formats.parse_solution(again, puzzle) == solution


@pytest.mark.parametrize("fmt", ["table", "numeric", "json", "bwinf", "letters"])
def test_solution_round_trip(fmt: str) -> None:
    text = SEED_TABLE.read_text()
    (puzzle,) = formats.parse(text)
    solution = formats.parse_solution(text, puzzle)
    assert formats.parse_solution(formats.dump(puzzle, fmt, solution), puzzle, fmt) == solution


def test_adc_problem_and_answer() -> None:
    problem = "SIZE 4X3\nLINE_NUM 2\nLINE#1 (0,0)-(3,0)\nLINE#2 (0,1)-(3,2)\n"
    (puzzle,) = formats.parse(problem)
    assert puzzle.at(0, 0) == 1 and puzzle.at(0, 3) == 1 and puzzle.at(2, 3) == 2
    answer = "SIZE 4X3\n01,01,01,01\n02,02,02,00\n00,00,02,02\n"
    solution = formats.parse_solution(answer, puzzle)
    assert check(puzzle, solution, Rules.BLANK) == []
    assert check(puzzle, solution, Rules.FILL)[0].rule == "fill"
    assert formats.dump(puzzle, "adc", solution) == answer


def test_puzzlink_example_round_trips() -> None:
    url = "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"
    (puzzle,) = formats.parse(url)
    assert puzzle.rows()[0] == [1, 0, 0, 0, 0]
    assert formats.dump(puzzle, "puzzlink").strip() == url
    (aru,) = formats.parse("https://puzz.link/p?arukone/e/5/5/1j2h3m1h2j3")
    assert aru == puzzle
    assert puzzlink.url_allows_empty("https://puzz.link/p?arukone/e/5/5/1j2h3m1h2j3")
    assert not puzzlink.url_allows_empty(url)


def test_bwinf_with_seed_line() -> None:
    text = "SEED: 42\n3\n1\n1 0 0\n0 0 0\n0 0 1\n"
    assert formats.parse(text) == [Puzzle(3, 3, (1, 0, 0, 0, 0, 0, 0, 0, 1))]


@pytest.mark.parametrize(
    ("name", "count"),
    [
        ("ahle-inputs2.txt", 3),
        ("ahle-inputs4.txt", 11),
        ("ahle-inputs9.txt", 101),
        ("ahle-inputs10.txt", 11),
        ("counting-oracle.txt", 6),
    ],
)
def test_corpora_parse(name: str, count: int) -> None:
    assert len(formats.parse((DATA / name).read_text())) == count


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("2 2\n1.\n1\n", 3, "row has 1 cells"),  # ragged row (ahle)
        ("2 2\n1 0\n0 1 0\n", 3, "row has 3 cells"),  # ragged row (numeric)
        ("ab\na\n", 2, "row has 1 cells"),  # ragged row (letters)
        ("|   || 1 |\n| 1 |\n", 2, "row has 1 cells"),  # ragged row (table)
        ("3 1\n1..\n", 2, "has 1 end"),  # a label with one end
        ("# c\n3 2\n1.1\n..1\n", 4, "has 3 ends"),  # a label with three ends
        ("2 1\n1 x\n", 2, "unknown cell"),  # unknown character (numeric)
        ("|   || ? |\n", 1, "unknown cell"),  # unknown character (table)
        ("2\n1\n1 0\n0 q\n", 4, "unknown cell"),  # unknown character (bwinf)
        ("SIZE 3X3\nLINE_NUM 1\nLINE#1 (0,0)-(9,0)\n", 3, "off the board"),
        ("https://puzz.link/p?numlin/2/2/1!1\n", 1, "unknown character"),
        ('{"grid": [[1, 0], [1]]}\n', 1, "row has 1 cells"),
    ],
)
def test_malformed_input_names_the_line(text: str, line: int, words: str) -> None:
    with pytest.raises(PuzzleFormatError) as info:
        formats.parse(text)
    assert info.value.line == line
    assert words in str(info.value)
    assert str(info.value).startswith(f"line {line}: ")


@settings(max_examples=150, deadline=None)
@given(puzzle=puzzles())
def test_endpoints_are_each_labels_two_ends_in_reading_order(puzzle: Puzzle) -> None:
    """``Puzzle.endpoints`` against a reading of every cell, blocked cells included: each
    label once, in ascending order, its two ends in row-major order."""
    expected: dict[int, list[tuple[int, int]]] = {}
    for r in range(puzzle.height):
        for c in range(puzzle.width):
            value = puzzle.cells[r * puzzle.width + c]
            if value > 0:
                expected.setdefault(value, []).append((r, c))
    ends = puzzle.endpoints()
    assert list(ends) == sorted(expected)
    assert {label: list(pair) for label, pair in ends.items()} == expected
