"""Fubuki's totals where the page prints them: a row's at its right, a column's below it,
the main diagonal's (↘) at the bottom right where it ends, the anti-diagonal's (↙) at the
top right where it starts, above the column of row totals."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from numpuzzles import families
from numpuzzles.fubuki import Puzzle

NS = "{http://www.w3.org/2000/svg}"
GRID = 3 * 40  # three cells of 40 units: the grid spans 0..120 on both axes


def totals(svg: str) -> dict[str, tuple[float, float]]:
    root = ET.fromstring(svg)
    return {t.text or "": (float(t.get("x", "nan")), float(t.get("y", "nan")))
            for t in root.iter(f"{NS}text") if t.get("class") == "total"}


def view_box(svg: str) -> tuple[float, float, float, float]:
    left, top, width, height = (float(v) for v in ET.fromstring(svg).get("viewBox", "").split())
    return left, top, width, height


def test_diagonal_totals_where_their_diagonals_start_and_end() -> None:
    # 2 6 7 / 1 9 5 / 8 3 4: main diagonal 2+9+4 = 15, anti-diagonal 7+9+8 = 24.
    puzzle = Puzzle(3, (15, 15, 15), (11, 18, 16), (0,) * 9, diagonals=(15, 24))
    svg = families.family("fubuki").draw(puzzle)
    found = totals(svg)
    anti_x, anti_y = found["↙24"]
    main_x, main_y = found["↘15"]
    assert anti_x > GRID and main_x > GRID  # both in the margin right of the grid
    assert anti_y < 0 < GRID < main_y  # ↙ above the grid's top edge, ↘ below its bottom
    row_x = [x for text, (x, y) in found.items() if 0 < y < GRID]
    assert row_x and all(abs(x - anti_x) < 1 for x in row_x)  # above the row totals
    left, top, width, height = view_box(svg)
    assert top < anti_y - 16 and main_y < top + height  # the picture holds both
    assert left < 0 < GRID < anti_x < left + width


def test_plain_fubuki_has_no_row_above() -> None:
    puzzle = Puzzle(3, (16, 22, 7), (11, None, 18), (3, 0, 0, 0, 0, 0, 0, 0, 0))
    svg = families.family("fubuki").draw(puzzle)
    assert all(y > 0 for _, y in totals(svg).values())
    assert view_box(svg)[1] == -1


def test_long_product_totals_set_smaller_than_short_ones() -> None:
    puzzle = Puzzle(3, (336, 90, 12), (162, 16, 140), (0,) * 9, product=True)
    root = ET.fromstring(families.family("fubuki").draw(puzzle))
    sizes = {t.text: float(t.get("font-size", "0")) for t in root.iter(f"{NS}text")}
    assert sizes["×336"] < sizes["×90"] <= 16
