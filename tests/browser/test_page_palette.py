"""One palette everywhere (issue 23, point 5): the page paints each label with the colour
the drawings give it (``draw.svg.label_colour`` of its place among the labels), and prints
its number in the ink chosen for contrast."""

from __future__ import annotations

from typing import Any

from numpuzzles.draw.svg import ink_on, label_colour

from .helpers import generate


def _rgb(colour: str) -> str:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


def test_the_page_paints_labels_as_the_drawings_do(page: Any) -> None:
    record = generate(page, "numberlink", {"size": "10x10"}, 1)
    labels = sorted({v for row in record["puzzle"]["grid"] for v in row if v > 0})
    dots = page.eval_on_selector_all(
        ".cell.end span",
        "ds => ds.map(d => [d.textContent, getComputedStyle(d).backgroundColor,"
        " getComputedStyle(d).color])")
    assert len(dots) == 2 * len(labels)
    for text, background, ink in dots:
        index = labels.index(int(text))
        assert background == _rgb(label_colour(index)), text
        assert ink == _rgb(ink_on(label_colour(index))), text
