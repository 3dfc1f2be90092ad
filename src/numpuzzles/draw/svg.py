"""A small SVG builder for square-cell grids, built with the standard library's XML tools.

Families describe what goes in each cell (text, shading), along the cells (Numberlink's
tubes, Number Match's numbered moves) and around the grid (totals, caption lines); this
module owns the geometry and the markup, so every family draws the same way.  It also
words the caption of a drawn analysis (``analysis_caption``), so that ``draw --analyse``
says the same thing under every family's picture.

Why the differing cells of an analysis are hatched as well as tinted: a tint alone turns
into a grey close to white on a greyscale printer, and into nothing at all for some
readers; diagonal lines survive both.  The hatch is drawn as plain ``<line>`` elements
(not an SVG ``<pattern>``) because fpdf2 does not draw patterns.

Why presentation attributes and no ``<style>``: PNG and PDF converters (resvg, fpdf2)
honour ``font-family``/``font-size``/``font-weight``/``fill`` attributes but not all of
CSS (the ``font:`` shorthand in particular), so every text carries its own attributes.
Texts are placed on their baseline (``y`` = centre + 0.35 em) instead of through
``dominant-baseline``, which fpdf2 ignores.  The font is the DejaVu Sans shipped in
``draw/fonts`` (see ``draw/render.py``), so a PNG or PDF looks the same on every machine.
"""

from __future__ import annotations

import colorsys
import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..core.analysis import Analysis
from ..core.result import Status

CELL = 40
"""Cell size in SVG user units."""
FONT_FAMILY = "DejaVu Sans"
"""The family name of the shipped font; converters are given the font file itself."""
SVG_NS = "http://www.w3.org/2000/svg"
CAPTION_SIZE = 13
CAPTION_LINE = 18
CAPTION_ADVANCE = 0.55
"""A generous average advance of DejaVu Sans in ems (its lowercase runs near 0.5): captions
wrap by it, so a caption is never cut off at the picture's edge."""
HATCH_STEP = 8
"""Spacing of hatch lines in user units; divides ``CELL``, so neighbours' hatches meet."""
DIFFER_TINT = "#fbe7b0"
"""The tint of a cell where an analysis found that solutions differ."""
DIFFER_HATCH = "#8c7a4a"
"""Its hatch lines: dark enough to stay visible in greyscale print."""


@dataclass(frozen=True)
class TextStyle:
    """How one kind of text looks: size in user units, weight and colour."""

    size: float
    weight: str
    colour: str


STYLES: dict[str, TextStyle] = {
    "given": TextStyle(20, "bold", "#000000"),
    "solution": TextStyle(20, "normal", "#1f5fbf"),
    "total": TextStyle(16, "normal", "#555555"),
    "label": TextStyle(18, "bold", "#000000"),
    "common": TextStyle(18, "normal", "#4f79b0"),
    "caption": TextStyle(CAPTION_SIZE, "normal", "#000000"),
}
"""The kinds of text; each ``<text>`` also carries its kind as its ``class``."""


def label_colour(index: int) -> str:
    """A colour for the ``index``-th label (0-based), distinct for hundreds of labels.

    Hues step by the golden angle, so neighbours in the sequence are far apart on the
    colour wheel and no two of the first few hundred share a hue; the lightness cycles
    through three levels (and the saturation through two) so that labels whose hues
    come close still differ in brightness.
    """
    hue = (index * 137.50776405) % 360.0 / 360.0
    lightness = (0.45, 0.62, 0.34)[index % 3]
    saturation = (0.85, 0.6)[(index // 3) % 2]
    red, green, blue = colorsys.hls_to_rgb(hue, lightness, saturation)
    return "#{:02x}{:02x}{:02x}".format(*(round(v * 255) for v in (red, green, blue)))


def _relative_luminance(colour: str) -> float:
    """WCAG 2's relative luminance of ``#rrggbb`` (sRGB channels linearised)."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    red, green, blue = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
                        for c in channels)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(first: str, second: str) -> float:
    """WCAG 2's contrast ratio of two ``#rrggbb`` colours, 1 to 21."""
    light, dark = sorted((_relative_luminance(first), _relative_luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def ink_on(colour: str) -> str:
    """Black or white, whichever contrasts more with ``colour`` (``#rrggbb``): for every
    ``label_colour`` that is at least WCAG AA's 4.5:1, so labels read on their discs."""
    return max(("#000000", "#ffffff"), key=lambda ink: contrast(ink, colour))


def _solutions(count: int, complete: bool) -> str:
    plural = "" if count == 1 else "s"
    return f"{count} solution{plural}" if complete else f"at least {count} solution{plural}"


def analysis_caption(analysis: Analysis) -> str:
    """The caption under a drawn analysis: how many solutions, how many cells differ
    (they are the shaded ones), and what a time limit left unknown; a unique puzzle's
    grade where the family grades it.

    Why it is said in words and not only drawn: an unshaded picture means "unique" only
    if the reader knows the analysis finished; a time limit that stopped the backbone
    leaves nothing shaded, and the caption must say that this is not "unique".
    """
    if analysis.status is Status.UNSOLVABLE:
        return "no solution"
    if analysis.status is Status.UNKNOWN:
        return "undecided: the time limit stopped the analysis before any solution was found"
    if analysis.unique:
        grade = "" if analysis.difficulty is None else f" (difficulty: {analysis.difficulty})"
        return f"unique{grade}"
    count = _solutions(analysis.count, analysis.complete)
    if not analysis.complete:
        count += " (the count was stopped by the time limit)"
    if analysis.common is None:
        return f"{count}; the time limit stopped the analysis before the common part was known"
    differ = len(analysis.differ)
    if differ == 0:
        return f"{count}: every cell agrees; they differ only in how the paths run"
    cells = "1 cell differs" if differ == 1 else f"{differ} cells differ"
    return f"{count}: {cells} (shaded)"


@dataclass(frozen=True)
class _Text:
    row: float
    col: float
    value: str
    kind: str
    colour: str | None
    size: float | None


@dataclass(frozen=True)
class _Fill:
    row: int
    col: int
    colour: str
    hatch: str | None
    kind: str


@dataclass
class GridPicture:
    """A ``rows × cols`` grid plus an optional margin row/column for totals.

    ``holes`` are cells outside the board (a short last row): they get no outline.
    ``margin_top`` adds a margin row above the grid (row -1), for a total that belongs
    where a line starts (Fubuki's anti-diagonal, top right).
    """

    rows: int
    cols: int
    margin_right: bool = False
    margin_bottom: bool = False
    margin_top: bool = False
    holes: frozenset[tuple[int, int]] = frozenset()
    _texts: list[_Text] = field(default_factory=list)
    _fills: list[_Fill] = field(default_factory=list)
    _tubes: list[tuple[tuple[tuple[int, int], ...], str, str]] = field(default_factory=list)
    _discs: list[tuple[int, int, str]] = field(default_factory=list)
    _dots: list[tuple[int, int, str]] = field(default_factory=list)
    _captions: list[str] = field(default_factory=list)

    def text(
        self,
        row: float,
        col: float,
        value: str,
        style: str = "given",
        *,
        colour: str | None = None,
        size: float | None = None,
    ) -> None:
        """Write ``value`` centred in cell ``(row, col)``; a margin cell is row/col = size.

        ``style`` is a key of ``STYLES``; ``colour`` and ``size`` override its own.
        """
        if style not in STYLES:
            raise ValueError(f"unknown text style {style!r}")
        self._texts.append(_Text(row, col, value, style, colour, size))

    def fill(
        self, row: int, col: int, colour: str, *, hatch: str | None = None, kind: str = ""
    ) -> None:
        """Shade cell ``(row, col)``; with ``hatch``, diagonal lines of that colour over
        the shade (see the module docstring).  ``kind`` becomes the rect's ``class``, so a
        reader of the SVG (a test) can tell one shading from another."""
        self._fills.append(_Fill(row, col, colour, hatch, kind))

    def tube(self, cells: Sequence[tuple[int, int]], colour: str, label: str = "") -> None:
        """A thick rounded line through the centres of ``cells``, in order."""
        self._tubes.append((tuple(cells), colour, label))

    def disc(self, row: int, col: int, colour: str) -> None:
        """A filled circle in cell ``(row, col)`` (a path's end)."""
        self._discs.append((row, col, colour))

    def dot(self, row: int, col: int, colour: str) -> None:
        """A circle as wide as a tube in cell ``(row, col)``: a cell known to be on a
        path whose joins are not known."""
        self._dots.append((row, col, colour))

    def caption(self, line: str) -> None:
        """A line of text under the grid."""
        self._captions.append(line)

    @property
    def width(self) -> int:
        """Width of the document in user units."""
        return (self.cols + (1 if self.margin_right else 0)) * CELL + 2

    @property
    def height(self) -> int:
        """Height of the document in user units."""
        grid = (self.rows + (1 if self.margin_bottom else 0) + (1 if self.margin_top else 0)
                ) * CELL + 2
        lines = self._caption_lines()
        return grid + (len(lines) * CAPTION_LINE + 8 if lines else 0)

    def _caption_lines(self) -> list[str]:
        """The captions, each wrapped at spaces to the picture's width: a caption wider
        than a small grid would otherwise be cut off at the picture's edge."""
        chars = max(12, int((self.width - 4) / (CAPTION_ADVANCE * CAPTION_SIZE)))
        out: list[str] = []
        for line in self._captions:
            out += textwrap.wrap(line, chars, break_long_words=False) or [""]
        return out

    def to_svg(self) -> str:
        """The picture as an SVG document."""
        return ET.tostring(self.to_element(), encoding="unicode") + "\n"

    def to_element(self) -> ET.Element:
        """The picture as an ``<svg>`` element tree."""
        width, height = self.width, self.height
        top = -1 - (CELL if self.margin_top else 0)  # row -1 lies above y = 0
        svg = ET.Element(
            "svg",
            {
                "xmlns": SVG_NS,
                "width": str(width),
                "height": str(height),
                "viewBox": f"-1 {top} {width} {height}",
            },
        )
        _add(svg, "rect", x=-1, y=top, width=width, height=height, fill="#ffffff")
        for shade in self._fills:
            rect = _add(svg, "rect", x=shade.col * CELL, y=shade.row * CELL, width=CELL,
                        height=CELL, fill=shade.colour)
            if shade.kind:
                rect.set("class", shade.kind)
        for shade in self._fills:
            if shade.hatch is not None:
                _hatch(svg, shade.col * CELL, shade.row * CELL, shade.hatch)
        self._grid(svg)
        for cells, colour, label in self._tubes:
            path = "M " + " L ".join(f"{_num(_c(c))} {_num(_c(r))}" for r, c in cells)
            node = _add(svg, "path", d=path, fill="none", stroke=colour,
                        stroke_width=CELL * 0.36, stroke_linecap="round",
                        stroke_linejoin="round", cls="tube")
            if label:
                node.set("data-label", label)
        for row, col, colour in self._dots:
            _add(svg, "circle", cx=_c(col), cy=_c(row), r=CELL * 0.18, fill=colour, cls="dot")
        for row, col, colour in self._discs:
            _add(svg, "circle", cx=_c(col), cy=_c(row), r=CELL * 0.4, fill=colour,
                 stroke="#000000", stroke_width=1, cls="end")
        for text in self._texts:
            self._text(svg, _c(text.col), _c(text.row), text.value, text.kind, text.colour,
                       text.size)
        top = (self.rows + (1 if self.margin_bottom else 0)) * CELL + 8
        for index, line in enumerate(self._caption_lines()):
            y = top + index * CAPTION_LINE + CAPTION_LINE / 2
            self._text(svg, 2, y, line, "caption", None, None, anchor="start")
        return svg

    def _grid(self, svg: ET.Element) -> None:
        if self.holes:
            for r in range(self.rows):
                for c in range(self.cols):
                    if (r, c) not in self.holes:
                        _add(svg, "rect", x=c * CELL, y=r * CELL, width=CELL, height=CELL,
                             fill="none", stroke="#000000", stroke_width=1)
            return
        for r in range(self.rows + 1):
            edge = r in (0, self.rows)
            _add(svg, "line", x1=0, y1=r * CELL, x2=self.cols * CELL, y2=r * CELL,
                 stroke="#000000", stroke_width=2 if edge else 1)
        for c in range(self.cols + 1):
            edge = c in (0, self.cols)
            _add(svg, "line", x1=c * CELL, y1=0, x2=c * CELL, y2=self.rows * CELL,
                 stroke="#000000", stroke_width=2 if edge else 1)

    @staticmethod
    def _text(
        svg: ET.Element,
        x: float,
        y: float,
        value: str,
        kind: str,
        colour: str | None,
        size: float | None,
        anchor: str = "middle",
    ) -> None:
        style = STYLES[kind]
        font_size = size if size is not None else style.size
        node = _add(svg, "text", x=_num(x), y=_num(y + 0.35 * font_size), cls=kind,
                    font_family=FONT_FAMILY, font_size=_num(font_size),
                    font_weight=style.weight, fill=colour or style.colour,
                    text_anchor=anchor)
        node.text = value


def _hatch(svg: ET.Element, x: float, y: float, colour: str) -> None:
    """Lines rising to the right across the cell whose top left is ``(x, y)``: the lines
    ``x + y = const`` clipped to the cell, by hand, since fpdf2 draws no clip paths."""
    for k in range(HATCH_STEP, 2 * CELL, HATCH_STEP):
        if k <= CELL:
            x1, y1, x2, y2 = x, y + k, x + k, y
        else:
            x1, y1, x2, y2 = x + k - CELL, y + CELL, x + CELL, y + k - CELL
        _add(svg, "line", x1=x1, y1=y1, x2=x2, y2=y2, stroke=colour, stroke_width=1,
             cls="hatch")


def _c(index: float) -> float:
    """The centre of row or column ``index`` in user units."""
    return index * CELL + CELL / 2


def _num(value: float) -> str:
    """A coordinate without a trailing ``.0``, rounded to hundredths."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text if text != "-0" else "0"


def _add(parent: ET.Element, tag: str, **attrs: object) -> ET.Element:
    """A child element; ``cls`` becomes ``class`` and underscores become hyphens."""
    names = {"cls": "class"}
    return ET.SubElement(
        parent,
        tag,
        {
            names.get(k, k.replace("_", "-")): _num(v) if isinstance(v, float) else str(v)
            for k, v in attrs.items()
        },
    )
