"""``draw --analyse``: the common part drawn in, the differing cells shaded, the count said.

The expected answers never come from ``analyse``: the Numberlink boards are listed by a
brute force over ``numberlink_oracle``'s path enumerator (every path of each label in
turn), the Fubuki 3x3 boards by ``fubuki_oracle`` (every permutation of 1..9), and what
the listed solutions agree on is worked out here.  The SVG is read back as XML: shaded
cells are the ``rect``s of class ``differ``, drawn joins the centres a ``tube`` runs
through, pencilled digits the ``text``s of class ``common``.
"""

from __future__ import annotations

import random
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from itertools import pairwise
from pathlib import Path

import pytest

from fubuki.fubuki_oracle import brute_force_3x3
from numberlink.numberlink_oracle import _paths, random_board
from numpuzzles import families
from numpuzzles.cli.main import main
from numpuzzles.core.analysis import Analysis
from numpuzzles.core.family import Ruled
from numpuzzles.core.result import Status
from numpuzzles.draw import render
from numpuzzles.draw.svg import CELL, label_colour
from numpuzzles.fubuki.model import Puzzle as FubukiPuzzle
from numpuzzles.numberlink.draw import chains, draw_analysis
from numpuzzles.numberlink.model import BLOCKED, EMPTY, Rules
from numpuzzles.numberlink.model import Puzzle as LinkPuzzle

NS = "{http://www.w3.org/2000/svg}"
Cell = tuple[int, int]
Join = tuple[Cell, Cell]
Listed = tuple[tuple[int, ...], frozenset[Join]]

# 2 1 . .     two solutions under fill (found by the brute force, not by the package)
# . . . .
# . . 2 .
# . . 1 .
TWO = LinkPuzzle(4, 4, (2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 1, 0))


# --- the independent side ----------------------------------------------------------------


def listing(puzzle: LinkPuzzle, rules: Rules, cap: int = 200) -> list[Listed] | None:
    """Every solution (each cell's label, the joins used); None beyond ``cap``."""
    ends = list(puzzle.endpoints().items())
    free = sum(1 for v in puzzle.cells if v != BLOCKED)
    notouch = rules is Rules.FILL_NOTOUCH
    out: list[Listed] = []
    chosen: list[tuple[int, list[Cell]]] = []

    def place(i: int, used: set[Cell]) -> bool:
        if i == len(ends):
            if rules is Rules.BLANK or len(used) == free:
                cells = [BLOCKED if v == BLOCKED else EMPTY for v in puzzle.cells]
                joins: set[Join] = set()
                for label, path in chosen:
                    for r, c in path:
                        cells[r * puzzle.width + c] = label
                    joins.update((min(a, b), max(a, b)) for a, b in pairwise(path))
                out.append((tuple(cells), frozenset(joins)))
            return len(out) > cap
        label, (a, b) = ends[i]
        for path in _paths(puzzle, a, b, used, notouch):
            chosen.append((label, path))
            stop = place(i + 1, used | set(path))
            chosen.pop()
            if stop:
                return True
        return False

    place(0, set())
    # under blank, solutions differing only by an empty loop are one: they cannot arise
    # here (paths only), so the listing is already a set
    return None if len(out) > cap else out


def agreed(puzzle: LinkPuzzle, found: list[Listed]) -> tuple[set[Cell], dict[Cell, int], set[Join]]:
    """Cells where the listed solutions differ, the settled label of every other cell, and
    the joins every solution uses."""
    differ: set[Cell] = set()
    settled: dict[Cell, int] = {}
    for index, value in enumerate(found[0][0]):
        cell = divmod(index, puzzle.width)
        if any(other[0][index] != value for other in found):
            differ.add(cell)
        else:
            settled[cell] = value
    joins = set(found[0][1])
    for _cells, other in found[1:]:
        joins &= other
    return differ, settled, joins


# --- reading the drawing back ------------------------------------------------------------


def _cell_of(x: float, y: float) -> Cell:
    return round((y - CELL / 2) / CELL), round((x - CELL / 2) / CELL)


def shaded(root: ET.Element) -> set[Cell]:
    cells = set()
    for rect in root.iter(f"{NS}rect"):
        if rect.get("class") == "differ":
            assert rect.get("width") == rect.get("height") == str(CELL)
            x, y = float(rect.get("x", "nan")), float(rect.get("y", "nan"))
            assert x % CELL == 0 and y % CELL == 0
            cells.add((round(y / CELL), round(x / CELL)))
    return cells


def tubes(root: ET.Element) -> list[tuple[list[Cell], str]]:
    """Each tube as the cells it runs through and its colour."""
    out = []
    for path in root.iter(f"{NS}path"):
        if path.get("class") != "tube":
            continue
        numbers = [float(t) for t in path.get("d", "").replace("M", " ").replace("L", " ").split()]
        cells = [_cell_of(x, y) for x, y in zip(numbers[::2], numbers[1::2], strict=True)]
        out.append((cells, path.get("stroke", "")))
    return out


def drawn_joins(root: ET.Element) -> set[Join]:
    joins: set[Join] = set()
    for cells, _colour in tubes(root):
        for a, b in pairwise(cells):
            assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
            join = (min(a, b), max(a, b))
            assert join not in joins  # each join drawn once
            joins.add(join)
    return joins


def dots(root: ET.Element) -> set[Cell]:
    return {
        _cell_of(float(c.get("cx", "nan")), float(c.get("cy", "nan")))
        for c in root.iter(f"{NS}circle") if c.get("class") == "dot"
    }


def texts(root: ET.Element, kind: str) -> dict[Cell, str]:
    return {
        _cell_of(float(t.get("x", "nan")), float(t.get("y", "nan")) - 0.35 * float(
            t.get("font-size", "nan"))): t.text or ""
        for t in root.iter(f"{NS}text") if t.get("class") == kind
    }


def caption(root: ET.Element) -> str:
    return " ".join(t.text or "" for t in root.iter(f"{NS}text") if t.get("class") == "caption")


def hatch_count(root: ET.Element) -> int:
    return sum(1 for line in root.iter(f"{NS}line") if line.get("class") == "hatch")


def analysed(name: str, puzzle: object) -> ET.Element:
    family = families.family(name)
    return ET.fromstring(family.draw_analysis(puzzle, family.analyse(puzzle, timeout=30)))


# --- Numberlink and Arukone --------------------------------------------------------------


def test_numberlink_two_solutions_shaded_exactly_where_they_differ() -> None:
    found = listing(TWO, Rules.FILL)
    assert found is not None and len(found) == 2
    differ, settled, joins = agreed(TWO, found)
    assert differ  # the two solutions give some cell different labels
    root = analysed("numberlink", Ruled(TWO, "fill"))
    assert shaded(root) == differ
    assert hatch_count(root) > 0
    assert drawn_joins(root) == joins
    assert caption(root) == f"2 solutions: {len(differ)} cells differ (shaded)"
    colours = {label: label_colour(i) for i, label in enumerate(TWO.labels)}
    for cells, colour in tubes(root):
        labels = {settled.get(cell) for cell in cells}
        if len(labels) == 1 and None not in labels:
            assert colour == colours[next(iter(labels))]  # type: ignore[index]


@pytest.mark.parametrize(("rules", "wanted"), [(Rules.FILL, 10), (Rules.BLANK, 15),
                                               (Rules.FILL_NOTOUCH, 0)])
def test_numberlink_random_boards_against_the_listing(rules: Rules, wanted: int) -> None:
    """On small random boards with 1..200 solutions: shading, joins and dots exactly as
    the brute force's solutions agree and differ (``wanted`` boards with several; small
    random boards under fill-notouch have one solution or none)."""
    rnd = random.Random(f"draw-analyse-{rules.value}")
    unique = several = 0
    for _attempt in range(2_000):
        if several >= wanted and unique >= 5:
            break
        board = random_board(rnd)
        found = listing(board, rules)
        if not found or (len(found) == 1 and unique >= 5) or (len(found) > 1
                                                              and several >= wanted):
            continue
        unique += len(found) == 1
        several += len(found) > 1
        differ, settled, joins = agreed(board, found)
        root = analysed("numberlink", Ruled(board, rules.value))
        assert shaded(root) == differ, board
        assert drawn_joins(root) == joins, board
        on_joins = {cell for join in joins for cell in join}
        ends = {cell for pair in board.endpoints().values() for cell in pair}
        expected_dots = {
            cell for cell, label in settled.items()
            if label > 0 and cell not in on_joins and cell not in ends
        }
        assert dots(root) == expected_dots, board
        if len(found) == 1:
            assert caption(root).startswith("unique") and hatch_count(root) == 0
        else:
            assert caption(root).startswith(f"{len(found)} solutions"), board
    assert several >= wanted and unique >= 5


def test_unique_numberlink_has_no_shading_and_every_join() -> None:
    family = families.family("numberlink")
    item = family.generate({"size": "5x5"}, 4)
    board = item.puzzle.puzzle
    found = listing(board, Rules(item.puzzle.rules), cap=2)
    assert found is not None and len(found) == 1
    root = analysed("numberlink", item.puzzle)
    assert shaded(root) == set() and hatch_count(root) == 0
    assert drawn_joins(root) == set(found[0][1])
    assert caption(root).startswith("unique")


def test_arukone_draws_its_analysis_too() -> None:
    found = listing(TWO, Rules.BLANK)
    assert found is not None and len(found) > 1
    differ, _settled, joins = agreed(TWO, found)
    root = analysed("arukone", Ruled(TWO, "blank"))
    assert shaded(root) == differ
    assert drawn_joins(root) == joins


def test_chains_draw_every_join_once() -> None:
    """Runs cover each join exactly once, bends inside one run; even a closed ring."""
    ring = [((0, 0), (0, 1)), ((0, 1), (1, 1)), ((1, 0), (1, 1)), ((0, 0), (1, 0))]
    bent = [((0, 0), (0, 1)), ((0, 1), (1, 1)), ((3, 3), (3, 4))]
    for joins in (ring, bent):
        runs = chains(joins)
        drawn = [tuple(sorted(pair)) for run in runs for pair in pairwise(run)]
        assert sorted(drawn) == sorted(tuple(sorted(j)) for j in joins)
    assert len(chains(bent)) == 2 and len(chains(ring)) == 1


def test_numberlink_timed_out_draws_only_what_is_known() -> None:
    """A backbone stopped by the time limit leaves no common grid: nothing shaded (that
    would claim the rest is settled), the ends drawn, and the caption says why."""
    stopped = Analysis(Status.SOLVED, 3, False, timed_out=True)
    root = ET.fromstring(draw_analysis(TWO, stopped))
    assert shaded(root) == set() and tubes(root) == []
    assert len([c for c in root.iter(f"{NS}circle") if c.get("class") == "end"]) == 4
    assert "at least 3 solutions" in caption(root) and "time limit" in caption(root)
    nothing = Analysis(Status.UNKNOWN, 0, False, timed_out=True)
    assert "time limit" in caption(ET.fromstring(draw_analysis(TWO, nothing)))
    # a count stopped short, the backbone settled: shading drawn, "at least" said
    common: list[list[int | None]] = [[2, 1, None, None], [None] * 4, [None, None, 2, None],
                                      [None, None, 1, None]]
    differ = tuple((r, c) for r in range(4) for c in range(4) if common[r][c] is None)
    partial = Analysis(Status.SOLVED, 5, False, common=common, differ=differ, timed_out=True)
    root = ET.fromstring(draw_analysis(TWO, partial))
    assert shaded(root) == set(differ)
    assert caption(root).startswith("at least 5 solutions")
    assert "time limit" in caption(root)


# --- Fubuki ------------------------------------------------------------------------------


def fubuki_board(rnd: random.Random) -> FubukiPuzzle:
    """A 3x3 with the totals of a random filling and 0..3 of its digits given."""
    digits = rnd.sample(range(1, 10), 9)
    rows = tuple(sum(digits[r * 3:r * 3 + 3]) for r in range(3))
    cols = tuple(sum(digits[c::3]) for c in range(3))
    keep = set(rnd.sample(range(9), rnd.randint(0, 3)))
    givens = tuple(d if i in keep else 0 for i, d in enumerate(digits))
    return FubukiPuzzle(3, rows, cols, givens)


def fubuki_expected(puzzle: FubukiPuzzle) -> tuple[set[tuple[int, ...]], set[Cell],
                                                    dict[Cell, str]]:
    """The brute-force solutions, the cells they differ in, and the digits they agree on
    in the cells that are not given."""
    found = brute_force_3x3(puzzle.rows, puzzle.cols, puzzle.givens)
    first = next(iter(found))
    differ = {divmod(i, 3) for i in range(9) if any(f[i] != first[i] for f in found)}
    common = {divmod(i, 3): str(first[i]) for i in range(9)
              if not puzzle.givens[i] and divmod(i, 3) not in differ}
    return found, differ, common


def test_fubuki_several_solutions_shaded_and_common_digits_pencilled() -> None:
    rnd = random.Random("draw-analyse-fubuki")
    checked = several = 0
    while checked < 25:
        puzzle = fubuki_board(rnd)
        found, differ, common = fubuki_expected(puzzle)
        checked += 1
        root = analysed("fubuki", puzzle)
        assert shaded(root) == differ, puzzle
        assert texts(root, "common") == common, puzzle
        given = {divmod(i, 3): str(v) for i, v in enumerate(puzzle.givens) if v}
        assert texts(root, "given") == given
        if len(found) > 1:
            several += 1
            cells = "1 cell differs" if len(differ) == 1 else f"{len(differ)} cells differ"
            assert caption(root) == f"{len(found)} solutions: {cells} (shaded)"
            assert hatch_count(root) > 0
        else:
            assert caption(root).startswith("unique") and hatch_count(root) == 0
    assert several >= 5


def test_fubuki_common_digits_look_unlike_givens_and_solutions() -> None:
    """A pencilled digit must not pass for a clue (bold black) nor for a drawn solution."""
    puzzle = FubukiPuzzle(3, (15, 15, 15), (11, 18, 16), (0, 0, 0, 0, 0, 0, 8, 0, 0))
    found, _differ, common = fubuki_expected(puzzle)
    assert len(found) > 1 and common  # some cells agree, some differ
    first = next(iter(found))
    family = families.family("fubuki")
    solved = ET.fromstring(family.draw(puzzle, tuple(tuple(first[r * 3:r * 3 + 3])
                                                     for r in range(3))))
    looks: dict[str | None, set[tuple[str | None, ...]]] = {}
    for root in (analysed("fubuki", puzzle), solved):
        for text in root.iter(f"{NS}text"):
            looks.setdefault(text.get("class"), set()).add(
                (text.get("font-weight"), text.get("fill")))
    assert looks["common"] and looks["given"] and looks["solution"]
    assert looks["common"].isdisjoint(looks["given"] | looks["solution"])
    assert {weight for weight, _fill in looks["common"]} == {"normal"}


# --- the command line --------------------------------------------------------------------


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.parametrize(("name", "size", "unique"), [
    ("numberlink", ["6x6"], True), ("arukone", ["6"], False), ("fubuki", ["--size", "4"], True)])
def test_generate_then_draw_analyse_png(name: str, size: list[str], unique: bool,
                                        tmp_path: Path) -> None:
    """The chain a setter types, through a real pipe: generate | draw --analyse -o x.png
    (Arukone's generator beats a checker; it does not promise a unique puzzle)."""
    target = tmp_path / "x.png"
    command = [sys.executable, "-m", "numpuzzles"]
    made = subprocess.run([*command, name, "generate", *size, "--seed", "3"],
                          capture_output=True, text=True, check=True)
    drawn = subprocess.run([*command, name, "draw", "--analyse", "-", "-o", str(target)],
                           input=made.stdout, capture_output=True, text=True)
    assert drawn.returncode == 0, drawn.stderr
    assert drawn.stdout == ""
    svg = subprocess.run([*command, name, "draw", "--analyse", "-"], input=made.stdout,
                         capture_output=True, text=True, check=True).stdout
    root = ET.fromstring(svg)
    assert caption(root).startswith("unique") == unique
    assert (shaded(root) == set()) == unique
    expected = tuple(round(float(root.get(k, "0")) * render.PNG_SCALE)
                     for k in ("width", "height"))
    assert png_size(target.read_bytes()) == expected


def test_draw_analyse_pdf_and_svg_files(tmp_path: Path) -> None:
    source = tmp_path / "p.txt"
    source.write_text(families.family("numberlink").dump(Ruled(TWO, "fill"), "numeric"))
    pdf, svg = tmp_path / "x.pdf", tmp_path / "x.svg"
    assert main(["numberlink", "draw", "--analyse", "--rules", "fill", str(source),
                 "-o", str(pdf)]) == 0
    assert pdf.read_bytes().startswith(b"%PDF-")
    assert main(["numberlink", "draw", "--analyse", "--rules", "fill", str(source),
                 "-o", str(svg)]) == 0
    found = listing(TWO, Rules.FILL)
    assert found is not None
    assert shaded(ET.fromstring(svg.read_text())) == agreed(TWO, found)[0]


def test_nummatch_has_no_draw_analyse(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "p.txt"
    source.write_text("1 2 3\n4 5 6\n")
    assert main(["nummatch", "draw", "--analyse", str(source)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "--analyse" in err
    assert not families.family("nummatch").draws_analysis


def test_solution_and_analyse_together_refused(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "p.txt"
    source.write_text(families.family("numberlink").dump(Ruled(TWO, "fill"), "numeric"))
    assert main(["numberlink", "draw", "--analyse", "--solution", str(source)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "not both" in err
