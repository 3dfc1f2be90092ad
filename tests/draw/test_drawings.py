"""Drawings of every family: SVG structure, PNG and PDF output, and the draw verb."""

from __future__ import annotations

import struct
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from numpuzzles import families
from numpuzzles.cli.main import main
from numpuzzles.core.errors import MissingDependencyError
from numpuzzles.core.family import Ruled
from numpuzzles.draw import render
from numpuzzles.draw.svg import FONT_FAMILY, ink_on, label_colour
from numpuzzles.fubuki import Puzzle as FubukiPuzzle
from numpuzzles.numberlink.draw import BLOCKED_SHADE
from numpuzzles.numberlink.model import Puzzle as NumberlinkPuzzle
from numpuzzles.nummatch.board import Board, Pair
from numpuzzles.nummatch.draw import CLEARED
from numpuzzles.nummatch.sequence import ADD

NS = "{http://www.w3.org/2000/svg}"

# 1 . 2      X is blocked, so 1 goes round it through the middle column
# X . .      and 2 runs down the right-hand one.
# 1 . 2
LINK = NumberlinkPuzzle(3, 3, (1, 0, 2, -1, 0, 0, 1, 0, 2))


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    assert root.find(f"{NS}style") is None  # attributes only: converters ignore CSS
    for text in root.iter(f"{NS}text"):
        assert text.get("font-family") == FONT_FAMILY
        assert text.get("font-size") and text.get("font-weight")
        assert "font:" not in (text.get("style") or "")
    return root


def texts(root: ET.Element, kind: str | None = None) -> list[str]:
    return [t.text or "" for t in root.iter(f"{NS}text") if kind in (None, t.get("class"))]


def link_solution() -> object:
    family = families.family("numberlink")
    result = family.solve(Ruled(LINK, "blank"), limit=1)
    assert result.solutions
    return result.solutions[0]


def test_colours_distinct_for_hundreds_of_labels() -> None:
    colours = [label_colour(i) for i in range(300)]
    assert len(set(colours)) == 300
    assert all(len(c) == 7 and c.startswith("#") for c in colours)


def _wcag_contrast(a: str, b: str) -> float:
    """WCAG 2.x contrast ratio, written here from the standard's formulas."""

    def luminance(colour: str) -> float:
        rgb = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_label_text_reads_on_every_label_colour() -> None:
    """Issue 23: label text contrast at least 4.5:1 (WCAG AA) on the first 400 colours."""
    worst = min(_wcag_contrast(ink_on(label_colour(i)), label_colour(i)) for i in range(400))
    assert worst >= 4.5
    assert _wcag_contrast("#000000", "#ffffff") == 21.0


def test_numberlink_puzzle_shows_numbered_ends_and_blocked_cells() -> None:
    family = families.family("numberlink")
    root = parse(family.draw(Ruled(LINK, "blank")))
    assert sorted(texts(root, "label")) == ["1", "1", "2", "2"]
    assert not [p for p in root.iter(f"{NS}path") if p.get("class") == "tube"]
    shaded = [r for r in root.iter(f"{NS}rect") if r.get("fill") == BLOCKED_SHADE]
    assert [(r.get("x"), r.get("y")) for r in shaded] == [("0", "40")]


def test_numberlink_solution_has_one_coloured_tube_per_label() -> None:
    family = families.family("numberlink")
    root = parse(family.draw(Ruled(LINK, "blank"), link_solution()))
    tubes = [p for p in root.iter(f"{NS}path") if p.get("class") == "tube"]
    assert sorted(p.get("data-label") or "" for p in tubes) == ["1", "2"]
    assert len({p.get("stroke") for p in tubes}) == 2
    assert all(p.get("stroke-linecap") == "round" for p in tubes)
    assert sorted(texts(root, "label")) == ["1", "1", "2", "2"]  # labels printed too


def test_numberlink_hundreds_of_labels_distinct_tubes() -> None:
    # 300 labels side by side: each pair of ends on one row of width 2.
    cells = tuple(v for label in range(1, 301) for v in (label, label))
    puzzle = NumberlinkPuzzle(2, 300, cells)
    family = families.family("numberlink")
    result = family.solve(Ruled(puzzle, "fill"), limit=1)
    root = parse(family.draw(Ruled(puzzle, "fill"), result.solutions[0]))
    tubes = [p for p in root.iter(f"{NS}path") if p.get("class") == "tube"]
    assert len(tubes) == 300
    assert len({p.get("stroke") for p in tubes}) == 300


def test_fubuki_totals_outside_and_givens_bold() -> None:
    family = families.family("fubuki")
    puzzle = FubukiPuzzle(3, (16, 22, 7), (11, None, 18), (3, 0, 0, 0, 0, 0, 0, 0, 0))
    root = parse(family.draw(puzzle))
    givens = [t for t in root.iter(f"{NS}text") if t.get("class") == "given"]
    assert [t.text for t in givens] == ["3"]
    assert givens[0].get("font-weight") == "bold"
    totals = [t for t in root.iter(f"{NS}text") if t.get("class") == "total"]
    assert len(totals) == 6
    grid = 3 * 40
    assert all(float(t.get("x", 0)) > grid or float(t.get("y", 0)) > grid for t in totals)


def test_nummatch_cleared_cells_grey_and_moves_numbered() -> None:
    family = families.family("nummatch")
    board = Board(3, 2, (1, 9, 0, 5, 5, 0))
    root = parse(family.draw(Ruled(board, "original")))
    assert sorted(texts(root, "given")) == ["1", "5", "5", "9"]
    grey = [r for r in root.iter(f"{NS}rect") if r.get("fill") == CLEARED]
    assert len(grey) == 2
    moves = (Pair((0, 0), (0, 1)), Pair((1, 0), (1, 1)))
    root = parse(family.draw(Ruled(board, "original"), moves))
    rings = [e.get("data-step", "") for e in root.iter(f"{NS}circle")
             if e.get("class") == "ring"]
    assert sorted(rings) == ["1", "1", "2", "2"]  # both cells of each pair, see test_nummatch_draw
    assert sorted(texts(root, "step")) == ["1", "1", "2", "2"]


def test_nummatch_additions_named_over_the_new_board() -> None:
    family = families.family("nummatch")
    board = Board(3, 2, (1, 2, 3, 4, 5))
    root = parse(family.draw(Ruled(board, "classic")))
    # the short last row leaves one cell outside the board: no outline there
    outlines = [r for r in root.iter(f"{NS}rect") if r.get("fill") == "none"]
    assert len(outlines) == 5
    root = parse(family.draw(Ruled(Board(3, 1, (1, 9, 5)), "classic"),
                             (ADD, Pair((0, 0), (0, 1)))))
    assert "1. add numbers" in " ".join(texts(root, "heading"))
    assert sorted(texts(root, "given")) == sorted("195195")  # the board after adding


@pytest.mark.parametrize("name", sorted(families.NAMES))
def test_every_family_draws_a_generated_puzzle(name: str) -> None:
    family = families.family(name)
    assert "draw" in family.verbs
    params = {"arukone": {"n": 5}, "numberlink": {"size": "5x5"}}.get(name, {})
    item = family.generate(params, 3)
    plain = parse(family.draw(item.puzzle))
    solved = parse(family.draw(item.puzzle, item.solution))
    assert texts(plain) and len(ET.tostring(solved)) > len(ET.tostring(plain))


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_png_signature_and_size() -> None:
    svg = families.family("numberlink").draw(Ruled(LINK, "blank"), link_solution())
    root = ET.fromstring(svg)
    expected = tuple(round(float(root.get(k, "0")) * render.PNG_SCALE)
                     for k in ("width", "height"))
    assert png_size(render.to_png(svg)) == expected


def test_pdf_is_vector_and_deterministic() -> None:
    svg = families.family("numberlink").draw(Ruled(LINK, "blank"), link_solution())
    first, second = render.to_pdf(svg), render.to_pdf(svg)
    assert first.startswith(b"%PDF-")
    assert first == second
    outlined = ET.fromstring(render.outline_text(svg))
    assert outlined.find(f".//{NS}text") is None
    glyphs = [p for p in outlined.iter(f"{NS}path") if p.get("class") == "label"]
    assert len(glyphs) == 4 and all(p.get("d", "").startswith("M") for p in glyphs)


def puzzle_file(tmp_path: Path) -> Path:
    path = tmp_path / "p.txt"
    path.write_text(families.family("numberlink").dump(Ruled(LINK, "blank"), "numeric"))
    return path


@pytest.mark.parametrize("suffix", ["svg", "png", "pdf"])
def test_cli_draw_format_from_suffix(tmp_path: Path, suffix: str) -> None:
    target = tmp_path / f"out.{suffix}"
    code = main(["numberlink", "draw", str(puzzle_file(tmp_path)), "--rules", "blank",
                 "--solution", "-o", str(target)])
    assert code == 0
    data = target.read_bytes()
    if suffix == "png":
        png_size(data)
    elif suffix == "pdf":
        assert data.startswith(b"%PDF-")
    else:
        parse(data.decode())


def test_cli_draw_svg_to_stdout(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["numberlink", "draw", str(puzzle_file(tmp_path)), "--rules", "blank"]) == 0
    parse(capsys.readouterr().out)


def test_cli_draw_unknown_suffix_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["numberlink", "draw", str(puzzle_file(tmp_path)), "-o",
                 str(tmp_path / "out.gif")])
    assert code == 2
    assert ".svg, .png or .pdf" in capsys.readouterr().err
    assert not (tmp_path / "out.gif").exists()


def test_missing_renderer_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "resvg_py", None)  # import now raises ImportError
    with pytest.raises(MissingDependencyError):
        render.to_png("<svg xmlns='http://www.w3.org/2000/svg' width='2' height='2'/>")
    code = main(["numberlink", "draw", str(puzzle_file(tmp_path)), "-o",
                 str(tmp_path / "out.png")])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and "pip install -e '.[draw]'" in err
