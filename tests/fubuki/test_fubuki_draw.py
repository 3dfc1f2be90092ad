"""Fubuki SVG drawing: well-formed XML holding every given, total and solution digit."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from click.testing import CliRunner

from numpuzzles.cli.main import cli
from numpuzzles.fubuki import Puzzle
from numpuzzles.fubuki.draw import draw

NS = "{http://www.w3.org/2000/svg}"


def texts(svg: str) -> list[tuple[str, str]]:
    root = ET.fromstring(svg)
    return [(t.get("class") or "", t.text or "") for t in root.iter(f"{NS}text")]


def test_puzzle_only_and_with_solution() -> None:
    puzzle = Puzzle(3, (16, 22, 7), (11, None, 18), (3, 0, 0, 0, 0, 0, 0, 0, 0))
    plain = texts(draw(puzzle))
    assert ("given", "3") in plain
    assert sorted(v for c, v in plain if c == "total") == sorted(["16", "22", "7", "11", "?", "18"])
    assert not [v for c, v in plain if c == "solution"]
    solved = texts(draw(puzzle, ((3, 5, 8), (7, 9, 6), (1, 2, 4))))
    assert sorted(v for c, v in solved if c == "solution") == sorted("58796124")


def test_cli_draw_writes_svg_file(tmp_path: Path) -> None:
    target = tmp_path / "p.svg"
    args = ["fubuki", "draw", "--rows", "16", "22", "7", "--cols", "11", "16", "18",
            "--given", "1=3", "--solution", "-o", str(target)]
    result = CliRunner().invoke(cli, args, standalone_mode=False, catch_exceptions=False)
    assert result.return_value == 0
    found = texts(target.read_text())
    assert len([v for c, v in found if c == "solution"]) == 8
