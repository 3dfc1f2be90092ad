"""A small SVG builder for square-cell grids, built with the standard library's XML tools.

Families describe what goes in each cell (text, shading) and around the grid (totals);
this module owns the geometry and the markup, so every family draws the same way.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

CELL = 40
"""Cell size in SVG user units."""


@dataclass
class GridPicture:
    """A ``rows × cols`` grid plus an optional margin row/column for totals."""

    rows: int
    cols: int
    margin_right: bool = False
    margin_bottom: bool = False
    _texts: list[tuple[float, float, str, str]] = field(default_factory=list)
    _fills: list[tuple[int, int, str]] = field(default_factory=list)

    def text(self, row: float, col: float, value: str, style: str = "given") -> None:
        """Write ``value`` centred in cell ``(row, col)``; a margin cell is row/col = size."""
        self._texts.append((row, col, value, style))

    def fill(self, row: int, col: int, colour: str) -> None:
        """Shade cell ``(row, col)``."""
        self._fills.append((row, col, colour))

    def to_svg(self) -> str:
        """The picture as an SVG document."""
        width = (self.cols + (1 if self.margin_right else 0)) * CELL + 2
        height = (self.rows + (1 if self.margin_bottom else 0)) * CELL + 2
        svg = ET.Element(
            "svg",
            {
                "xmlns": "http://www.w3.org/2000/svg",
                "width": str(width),
                "height": str(height),
                "viewBox": f"-1 -1 {width} {height}",
            },
        )
        style = ET.SubElement(svg, "style")
        style.text = (
            "text{font-family:sans-serif;text-anchor:middle;dominant-baseline:central}"
            ".given{font-size:20px;font-weight:bold;fill:#000}"
            ".solution{font-size:20px;fill:#1f5fbf}"
            ".total{font-size:16px;fill:#555}"
        )
        for row, col, colour in self._fills:
            _add(svg, "rect", x=col * CELL, y=row * CELL, width=CELL, height=CELL, fill=colour)
        for r in range(self.rows + 1):
            edge = r in (0, self.rows)
            _add(
                svg,
                "line",
                x1=0,
                y1=r * CELL,
                x2=self.cols * CELL,
                y2=r * CELL,
                stroke="#000",
                stroke_width=2 if edge else 1,
            )
        for c in range(self.cols + 1):
            edge = c in (0, self.cols)
            _add(
                svg,
                "line",
                x1=c * CELL,
                y1=0,
                x2=c * CELL,
                y2=self.rows * CELL,
                stroke="#000",
                stroke_width=2 if edge else 1,
            )
        for at_row, at_col, value, css in self._texts:
            x, y = at_col * CELL + CELL / 2, at_row * CELL + CELL / 2
            node = _add(svg, "text", x=x, y=y, cls=css)
            node.text = value
        return ET.tostring(svg, encoding="unicode") + "\n"


def _add(parent: ET.Element, tag: str, **attrs: object) -> ET.Element:
    """A child element; ``cls`` becomes ``class`` and underscores become hyphens."""
    names = {"cls": "class"}
    return ET.SubElement(
        parent, tag, {names.get(k, k.replace("_", "-")): str(v) for k, v in attrs.items()}
    )
