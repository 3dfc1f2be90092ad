"""A small SVG builder for square-cell grids, built with the standard library's XML tools.

Families describe what goes in each cell (text, shading), along the cells (Numberlink's
tubes, Number Match's numbered moves) and around the grid (totals, caption lines); this
module owns the geometry and the markup, so every family draws the same way.

Why presentation attributes and no ``<style>``: PNG and PDF converters (resvg, fpdf2)
honour ``font-family``/``font-size``/``font-weight``/``fill`` attributes but not all of
CSS (the ``font:`` shorthand in particular), so every text carries its own attributes.
Texts are placed on their baseline (``y`` = centre + 0.35 em) instead of through
``dominant-baseline``, which fpdf2 ignores.  The font is the DejaVu Sans shipped in
``draw/fonts`` (see ``draw/render.py``), so a PNG or PDF looks the same on every machine.
"""

from __future__ import annotations

import colorsys
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass, field

CELL = 40
"""Cell size in SVG user units."""
FONT_FAMILY = "DejaVu Sans"
"""The family name of the shipped font; converters are given the font file itself."""
SVG_NS = "http://www.w3.org/2000/svg"
CAPTION_SIZE = 13
CAPTION_LINE = 18


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


@dataclass(frozen=True)
class _Text:
    row: float
    col: float
    value: str
    kind: str
    colour: str | None
    size: float | None


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
    _fills: list[tuple[int, int, str]] = field(default_factory=list)
    _tubes: list[tuple[tuple[tuple[int, int], ...], str, str]] = field(default_factory=list)
    _discs: list[tuple[int, int, str]] = field(default_factory=list)
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

    def fill(self, row: int, col: int, colour: str) -> None:
        """Shade cell ``(row, col)``."""
        self._fills.append((row, col, colour))

    def tube(self, cells: Sequence[tuple[int, int]], colour: str, label: str = "") -> None:
        """A thick rounded line through the centres of ``cells``, in order."""
        self._tubes.append((tuple(cells), colour, label))

    def disc(self, row: int, col: int, colour: str) -> None:
        """A filled circle in cell ``(row, col)`` (a path's end)."""
        self._discs.append((row, col, colour))

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
        return grid + (len(self._captions) * CAPTION_LINE + 8 if self._captions else 0)

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
        for row, col, colour in self._fills:
            _add(svg, "rect", x=col * CELL, y=row * CELL, width=CELL, height=CELL, fill=colour)
        self._grid(svg)
        for cells, colour, label in self._tubes:
            path = "M " + " L ".join(f"{_num(_c(c))} {_num(_c(r))}" for r, c in cells)
            node = _add(svg, "path", d=path, fill="none", stroke=colour,
                        stroke_width=CELL * 0.36, stroke_linecap="round",
                        stroke_linejoin="round", cls="tube")
            if label:
                node.set("data-label", label)
        for row, col, colour in self._discs:
            _add(svg, "circle", cx=_c(col), cy=_c(row), r=CELL * 0.4, fill=colour,
                 stroke="#000000", stroke_width=1, cls="end")
        for text in self._texts:
            self._text(svg, _c(text.col), _c(text.row), text.value, text.kind, text.colour,
                       text.size)
        top = (self.rows + (1 if self.margin_bottom else 0)) * CELL + 8
        for index, line in enumerate(self._captions):
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
