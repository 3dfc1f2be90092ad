"""PNG and PDF from the SVG drawings, with the font shipped in ``draw/fonts``.

Why these converters: ``resvg-py`` is one self-contained wheel (resvg compiled in, no
system library) and is given the shipped DejaVu Sans files with system fonts skipped, so a
PNG is the same on every machine.  ``fpdf2`` is pure Python and writes vector PDF from
SVG paths; it does not lay out SVG ``<text>`` with our font, so texts are first turned into
glyph outlines (``outline_text``, with fontTools, which fpdf2 itself depends on).  Both are
optional (``pip install -e '.[draw]'`` in the checkout): without them the SVG still works and asking
for PNG or PDF raises ``MissingDependencyError`` with the command that installs them.
"""

from __future__ import annotations

import datetime as dt
import io
import xml.etree.ElementTree as ET
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from ..core.errors import MissingDependencyError, install_hint
from .svg import SVG_NS

PNG_SCALE = 2.0
"""PNG pixels per SVG user unit."""
FIXED_DATE = dt.datetime(2000, 1, 1, tzinfo=dt.UTC)
"""The creation date written into every PDF, so the same drawing gives the same bytes."""
FORMATS = ("svg", "png", "pdf")
_INSTALL = install_hint("draw")


def font_file(bold: bool = False) -> Path:
    """The shipped DejaVu Sans (regular or bold) as a file path."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return Path(str(resources.files("numpuzzles.draw") / "fonts" / name))


def format_for(path: str | Path) -> str:
    """``svg``, ``png`` or ``pdf`` from a file name's suffix; other suffixes are refused."""
    from ..core.errors import InvalidParameterError

    suffix = Path(path).suffix.lower().lstrip(".")
    if suffix not in FORMATS:
        raise InvalidParameterError(
            f"cannot tell the drawing format from {str(path)!r}: use a .svg, .png or .pdf file"
        )
    return suffix


def _need(module: str, package: str) -> Any:
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        raise MissingDependencyError(
            f"{package} is needed for this output and is not installed: {_INSTALL}"
        ) from None


def to_png(svg: str, scale: float = PNG_SCALE) -> bytes:
    """The SVG rendered to PNG bytes at ``scale`` pixels per user unit."""
    resvg = _need("resvg_py", "resvg-py")
    data = resvg.svg_to_bytes(
        svg_string=svg,
        zoom=scale,
        skip_system_fonts=True,
        font_files=[str(font_file()), str(font_file(bold=True))],
        font_family="DejaVu Sans",
        sans_serif_family="DejaVu Sans",
        background="white",
    )
    return bytes(data)


@cache
def _font(bold: bool) -> Any:
    ttlib = _need("fontTools.ttLib", "fonttools")
    return ttlib.TTFont(str(font_file(bold)), lazy=True)


def _glyph_path(value: str, x: float, y: float, size: float, bold: bool, anchor: str) -> str:
    """SVG path data of ``value`` set at baseline ``(x, y)`` in the shipped font."""
    from fontTools.pens.svgPathPen import SVGPathPen
    from fontTools.pens.transformPen import TransformPen

    font = _font(bold)
    cmap = font.getBestCmap()
    glyphs = font.getGlyphSet()
    metrics = font["hmtx"]
    scale = size / font["head"].unitsPerEm
    names = [cmap.get(ord(ch), ".notdef") for ch in value]
    advance = sum(metrics[name][0] for name in names) * scale
    cursor = x - advance / 2 if anchor == "middle" else x - advance if anchor == "end" else x
    pen = SVGPathPen(glyphs, ntos=lambda v: f"{v:.2f}".rstrip("0").rstrip("."))
    for name in names:
        glyphs[name].draw(TransformPen(pen, (scale, 0, 0, -scale, cursor, y)))
        cursor += metrics[name][0] * scale
    return str(pen.getCommands())


def outline_text(svg: str) -> str:
    """The SVG with every ``<text>`` replaced by a ``<path>`` of its glyph outlines."""
    _need("fontTools", "fonttools")
    ET.register_namespace("", SVG_NS)
    root = ET.fromstring(svg)
    for parent in list(root.iter()):
        for index, child in enumerate(list(parent)):
            if child.tag != f"{{{SVG_NS}}}text":
                continue
            path = ET.Element(f"{{{SVG_NS}}}path", {
                "d": _glyph_path(
                    child.text or "",
                    float(child.get("x", "0")),
                    float(child.get("y", "0")),
                    float(child.get("font-size", "16")),
                    child.get("font-weight") == "bold",
                    child.get("text-anchor", "start"),
                ) or "M 0 0",
                "fill": child.get("fill", "#000000"),
            })
            if child.get("class"):
                path.set("class", str(child.get("class")))
            parent.remove(child)
            parent.insert(index, path)
    return ET.tostring(root, encoding="unicode")


def new_pdf() -> Any:
    """An A4 ``fpdf.FPDF`` with the shipped font and a fixed creation date."""
    fpdf = _need("fpdf", "fpdf2")
    pdf = fpdf.FPDF(unit="mm", format="A4")
    pdf.set_creation_date(FIXED_DATE)
    pdf.set_producer("numpuzzles")
    pdf.add_font("DejaVu", "", str(font_file()))
    pdf.add_font("DejaVu", "B", str(font_file(bold=True)))
    pdf.set_auto_page_break(False)
    return pdf


def place_svg(pdf: Any, svg: str, x: float, y: float, width: float, height: float) -> None:
    """Draw ``svg`` (texts outlined) as large as fits in the box at ``(x, y)``, keeping its
    proportions, centred across and at the top of the box."""
    root = ET.fromstring(svg)
    svg_w, svg_h = float(root.get("width", "1")), float(root.get("height", "1"))
    scale = min(width / svg_w, height / svg_h)
    data = io.BytesIO(outline_text(svg).encode("utf-8"))
    pdf.image(data, x=x + (width - svg_w * scale) / 2, y=y, w=svg_w * scale, h=svg_h * scale)


def to_pdf(svg: str) -> bytes:
    """The SVG as a one-page vector PDF, the page sized to the drawing (1 unit = 0.5 mm)."""
    fpdf = _need("fpdf", "fpdf2")
    root = ET.fromstring(svg)
    width = float(root.get("width", "400")) * 0.5 + 20
    height = float(root.get("height", "400")) * 0.5 + 20
    pdf = fpdf.FPDF(unit="mm", format=(width, height))
    pdf.set_creation_date(FIXED_DATE)
    pdf.set_producer("numpuzzles")
    pdf.set_auto_page_break(False)
    pdf.add_page()
    place_svg(pdf, svg, 10, 10, width - 20, height - 20)
    return bytes(pdf.output())


def render(svg: str, fmt: str) -> bytes:
    """The drawing as bytes of ``fmt`` (``svg``, ``png`` or ``pdf``)."""
    if fmt == "png":
        return to_png(svg)
    if fmt == "pdf":
        return to_pdf(svg)
    return svg.encode("utf-8")
