"""Number Match solution drawings read back from the SVG: every pair's two cells ringed in
one colour with the step's number, no step number on a digit, under every rule set.

The geometry is read from the SVG elements themselves (translations summed down the tree),
and a digit's box from its text's font size and the font's proportions, so these tests
know nothing of how the drawing module lays things out.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

import pytest

from numpuzzles import families
from numpuzzles.core.family import Ruled
from numpuzzles.nummatch.board import Board, Pair
from numpuzzles.nummatch.rules import PRESETS
from numpuzzles.nummatch.sequence import ADD, Move

NS = "{http://www.w3.org/2000/svg}"
CELL = 40.0  # documented in draw/svg.py; the tests restate it
DIGIT_WIDTH = 0.70  # DejaVu Sans Bold digits are 0.696 em wide
DIGIT_TOP = 0.73  # and 0.729 em high above the baseline


@dataclass
class Box:
    left: float
    top: float
    right: float
    bottom: float

    def overlaps(self, other: Box) -> bool:
        return (self.left < other.right and other.left < self.right
                and self.top < other.bottom and other.top < self.bottom)


@dataclass
class Board_:
    """One ``<g class="phase">``: the origin of its grid, its digits, rings and tags."""

    origin: tuple[float, float] = (0.0, 0.0)
    digits: list[tuple[float, float, str, Box]] = field(default_factory=list)
    rings: list[tuple[float, float, float, float, str, int]] = field(default_factory=list)
    tags: list[tuple[Box, str, int]] = field(default_factory=list)
    numbers: list[tuple[Box, str]] = field(default_factory=list)
    headings: list[str] = field(default_factory=list)


def _translate(node: ET.Element) -> tuple[float, float]:
    match = re.fullmatch(r"\s*translate\(\s*([-\d.]+)[\s,]+([-\d.]+)\s*\)\s*",
                         node.get("transform", "translate(0 0)"))
    assert match, node.get("transform")
    return float(match.group(1)), float(match.group(2))


def _text_box(node: ET.Element, dx: float, dy: float) -> Box:
    size = float(node.get("font-size", "0"))
    x, y = float(node.get("x", "0")) + dx, float(node.get("y", "0")) + dy
    width = DIGIT_WIDTH * size * len(node.text or "")
    anchor = node.get("text-anchor", "start")
    left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
    return Box(left, y - DIGIT_TOP * size, left + width, y)


def read(svg: str) -> tuple[list[Board_], list[str]]:
    """The boards of a drawing, in document order, and its caption lines."""
    root = ET.fromstring(svg)
    boards: list[Board_] = []
    captions: list[str] = []

    def walk(node: ET.Element, dx: float, dy: float, board: Board_ | None) -> None:
        for child in node:
            tag = child.tag.removeprefix(NS)
            if tag == "g":
                tx, ty = _translate(child)
                inner = board
                if child.get("class") == "phase":
                    inner = Board_()
                    boards.append(inner)
                walk(child, dx + tx, dy + ty, inner)
            elif tag == "text":
                cls = child.get("class")
                if cls == "caption":
                    captions.append(child.text or "")
                    continue
                assert board is not None, cls
                box = _text_box(child, dx, dy)
                if cls == "given":
                    board.digits.append((float(child.get("x", "0")) + dx,
                                         float(child.get("y", "0")) + dy, child.text or "", box))
                    board.origin = (dx, dy)
                elif cls == "step":
                    board.numbers.append((box, child.text or ""))
                elif cls == "heading":
                    board.headings.append(child.text or "")
            elif tag == "circle" and child.get("class") == "ring":
                assert board is not None
                board.rings.append((float(child.get("cx", "0")) + dx,
                                    float(child.get("cy", "0")) + dy,
                                    float(child.get("r", "0")),
                                    float(child.get("stroke-width", "0")),
                                    child.get("stroke", ""), int(child.get("data-step", "0"))))
            elif tag == "rect" and child.get("class") == "step-tag":
                assert board is not None
                x, y = float(child.get("x", "0")) + dx, float(child.get("y", "0")) + dy
                box = Box(x, y, x + float(child.get("width", "0")),
                          y + float(child.get("height", "0")))
                board.tags.append((box, child.get("fill", ""), int(child.get("data-step", "0"))))

    walk(root, 0.0, 0.0, None)
    return boards, captions


def _cell_of(board: Board_, x: float, y: float) -> tuple[int, int]:
    """The (row, col) of a point, from the board's grid origin."""
    ox, oy = board.origin
    return int((y - oy) // CELL), int((x - ox) // CELL)


def _digit_at(board: Board_, cell: tuple[int, int]) -> int:
    found = [int(v) for x, y, v, _ in board.digits if _cell_of(board, x, y) == cell]
    assert len(found) == 1, (cell, found)
    return found[0]


def _puzzle(rules: str, seed: int) -> tuple[Ruled[Board], tuple[Move, ...]]:
    family = families.family("nummatch")
    made = family.generate({"rules": rules}, seed)
    return made.puzzle, tuple(made.solution)


CASES = [(rules, seed) for rules in PRESETS for seed in (1, 2, 3)]


@pytest.mark.parametrize(("rules", "seed"), CASES)
def test_every_move_marks_its_two_cells_with_its_step(rules: str, seed: int) -> None:
    puzzle, moves = _puzzle(rules, seed)
    boards, captions = read(families.family("nummatch").draw(puzzle, moves))
    assert captions == []  # every move drawn
    assert boards
    if PRESETS[rules].fixed:
        assert len(boards) == 1  # cells never move: one answer grid
    headings = " ".join(h for b in boards for h in b.headings)
    for step, move in enumerate(moves, start=1):
        if not isinstance(move, Pair):
            assert f"{step}. add numbers" in headings
            continue
        holders = [b for b in boards if any(s == step for *_, s in b.rings)]
        assert len(holders) == 1, (step, len(holders))  # the pair is on one board
        board = holders[0]
        rings = [r for r in board.rings if r[-1] == step]
        assert len(rings) == 2
        assert rings[0][4] == rings[1][4]  # one colour for the pair
        ringed = {_cell_of(board, x, y) for x, y, *_ in rings}
        assert ringed == {move.a, move.b}  # where the move says, on the board it is made on
        for x, y, *_ in rings:  # each ring is centred in its cell
            row, col = _cell_of(board, x, y)
            ox, oy = board.origin
            assert (x - ox, y - oy) == (col * CELL + CELL / 2, row * CELL + CELL / 2)
        a, b = _digit_at(board, move.a), _digit_at(board, move.b)
        assert a == b or a + b == 10  # the two digits under the rings match
        tags = [t for t in board.tags if t[2] == step]
        assert {_cell_of(board, t[0].left, t[0].top) for t in tags} == {move.a, move.b}
        assert all(t[1] == rings[0][4] for t in tags)
        numbers = [n for n in board.numbers if n[1] == str(step)]
        assert len(numbers) == 2
        for box, _ in numbers:  # the number sits inside a tag of its step
            assert any(t[0].left <= box.left + 0.5 and box.right <= t[0].right + 0.5
                       for t in tags)
    ringed_steps = sorted(s for b in boards for *_, s in b.rings)
    pairs = [n for n, m in enumerate(moves, start=1) if isinstance(m, Pair)]
    assert ringed_steps == sorted(pairs * 2)  # nothing else is ringed


@pytest.mark.parametrize(("rules", "seed"), CASES)
def test_no_mark_covers_a_digit(rules: str, seed: int) -> None:
    puzzle, moves = _puzzle(rules, seed)
    boards, _ = read(families.family("nummatch").draw(puzzle, moves))
    for board in boards:
        assert board.tags and board.numbers
        for _, _, value, digit in board.digits:
            for box, _, step in board.tags:
                assert not box.overlaps(digit), (step, value)
            for box, text in board.numbers:
                assert not box.overlaps(digit), (text, value)
        for x, y, radius, width, _, step in board.rings:
            # the ring's inner edge passes outside every corner of the digit it surrounds
            mine = [d for dx, dy, _, d in board.digits if abs(dx - x) < 1 and
                    _cell_of(board, dx, dy) == _cell_of(board, x, y)]
            assert len(mine) == 1, step
            box = mine[0]
            corner = max(abs(c - x) for c in (box.left, box.right)) ** 2 + max(
                abs(c - y) for c in (box.top, box.bottom)) ** 2
            assert (radius - width / 2) ** 2 > corner, step


def test_reading_order_rules_start_a_new_board_after_an_addition_and_an_emptied_row() -> None:
    # classic, 3 wide: "1 9 5", then add: "1 9 5 / 1 9 5"; 1+9 twice, then 5 and 5
    board = Board(3, 1, (1, 9, 5))
    moves: tuple[Move, ...] = (ADD, Pair((0, 0), (0, 1)), Pair((1, 0), (1, 1)),
                               Pair((0, 2), (1, 2)))
    family = families.family("nummatch")
    boards, captions = read(family.draw(Ruled(board, "classic"), moves))
    assert captions == []
    assert len(boards) == 1  # the addition makes the one board all three pairs are on
    assert "1. add numbers" in " ".join(boards[0].headings)  # the addition is named
    assert len(boards[0].digits) == 6
    # a pair that empties a row: the next pair is on a new, shorter board
    board = Board(2, 2, (1, 9, 5, 5))
    moves = (Pair((0, 0), (0, 1)), Pair((0, 0), (0, 1)))
    boards, captions = read(family.draw(Ruled(board, "classic"), moves))
    assert captions == [] and len(boards) == 2
    assert len(boards[0].digits) == 4 and len(boards[1].digits) == 2
    assert any("emptied a row" in h for h in boards[1].headings)
    assert {_cell_of(boards[1], x, y) for x, y, *_ in boards[1].rings} == {(0, 0), (0, 1)}


def test_a_move_that_cannot_be_made_is_listed_not_drawn() -> None:
    board = Board(2, 1, (1, 9))
    boards, captions = read(families.family("nummatch").draw(
        Ruled(board, "original"), (Pair((0, 0), (0, 5)),)))
    assert [b.rings for b in boards] == [[]]
    assert any("1. 5,0,0,0" in c or "1. 0,0,5,0" in c for c in captions)
