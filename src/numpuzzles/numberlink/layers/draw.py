"""A layered board as SVG: its layers side by side, left to right from layer 1.

Each layer is drawn as any Numberlink board is (``draw.svg.GridPicture``): the stretches
of a path inside the layer as tubes, the ends as numbered discs; where a path changes
layer, the cell gets a dot of the path's colour in both layers, so the two halves of a
path can be followed across.  Each layer is captioned with its number (from 1, as in the
contest's files).  A via (the 2016 rule) is a shaded cell in each of its layers, with its
letter while no path covers it, and the caption names the vias on the layer.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ...draw.svg import SVG_NS, GridPicture, ink_on, label_colour
from .model import Cell3, LayeredPuzzle, LayeredSolution

GAP = 24
"""Space between two layers' pictures, in SVG user units."""
VIA_SHADE = "#dde3ea"
"""The shade of a via's cells (``fill`` of kind ``via``)."""


def _runs(path: tuple[Cell3, ...]) -> list[tuple[int, list[tuple[int, int]]]]:
    """The path cut where it changes layer: (layer, cells in that layer) in order."""
    out: list[tuple[int, list[tuple[int, int]]]] = []
    for z, r, c in path:
        if not out or out[-1][0] != z:
            out.append((z, []))
        out[-1][1].append((r, c))
    return out


def draw_layered(puzzle: LayeredPuzzle, solution: LayeredSolution | None = None) -> str:
    """The board (and, given, its solution) as one SVG document."""
    pictures = [GridPicture(puzzle.height, puzzle.width) for _ in range(puzzle.depth)]
    colours = {label: label_colour(i) for i, label in enumerate(puzzle.labels)}
    on_layer: list[list[str]] = [[] for _ in range(puzzle.depth)]
    for name, column in puzzle.vias:
        for z, r, c in column:
            pictures[z].fill(r, c, VIA_SHADE, kind="via")
            if solution is None:
                pictures[z].text(r, c, name, "total")
            on_layer[z].append(name)
    if solution is not None:
        for label, path in solution.paths:
            colour = colours.get(label, "#888888")
            runs = _runs(path)
            for index, (z, cells) in enumerate(runs):
                if len(cells) > 1:
                    pictures[z].tube(cells, colour, str(label))
                if index > 0:
                    pictures[z].dot(*cells[0], colour)
                if index < len(runs) - 1:
                    pictures[z].dot(*cells[-1], colour)
    for label, ends in puzzle.endpoints().items():
        colour = colours[label]
        for z, r, c in ends:
            if solution is not None:
                pictures[z].disc(r, c, colour)
                pictures[z].text(r, c, str(label), "label", colour=ink_on(colour))
            else:
                pictures[z].text(r, c, str(label), "label")
    for z, picture in enumerate(pictures):
        names = on_layer[z]
        picture.caption(f"layer {z + 1}" + (f", vias {', '.join(names)}" if names else ""))
    width = sum(p.width for p in pictures) + GAP * (len(pictures) - 1)
    height = max(p.height for p in pictures)
    svg = ET.Element("svg", {"xmlns": SVG_NS, "width": str(width), "height": str(height),
                             "viewBox": f"0 0 {width} {height}"})
    ET.SubElement(svg, "rect", {"x": "0", "y": "0", "width": str(width),
                                "height": str(height), "fill": "#ffffff"})
    x = 0
    for z, picture in enumerate(pictures):
        element = picture.to_element()
        element.attrib.pop("xmlns", None)
        element.set("x", str(x))
        element.set("y", "0")
        element.set("class", f"layer layer-{z + 1}")
        svg.append(element)
        x += picture.width + GAP
    return ET.tostring(svg, encoding="unicode") + "\n"
