"""`solve --unique` must name cells that really differ, also when only the routes differ."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from numpuzzles.cli.main import main
from numpuzzles.numberlink import formats
from numpuzzles.numberlink.model import Rules
from numpuzzles.numberlink.solve.dispatch import solve
from words_reader import read_cells


def test_same_labels_different_routes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = "4 4\n1..1\n....\n....\n2..2\n"
    path = tmp_path / "p.txt"
    path.write_text(text)
    assert main(["numberlink", "solve", str(path), "--unique"]) == 0
    summary = capsys.readouterr().err  # the summary line; the solutions are on stdout
    assert "not unique" in summary
    listed = re.search(r"differ at (.*?)(?: and \d+ more cells)? \(", summary)
    assert listed is not None, summary
    named = read_cells(listed.group(1))
    assert named, "the report must name at least one cell"
    (puzzle,) = formats.parse(text)
    first, second = solve(puzzle, rules=Rules.FILL, limit=2).solutions[:2]
    routes = [
        {frozenset(pair) for _, cells in s.paths for pair in itertools.pairwise(cells)}
        for s in (first, second)
    ]
    # Every named cell touches a link that one solution uses and the other does not.
    changed = routes[0] ^ routes[1]
    assert all(any(cell in link for link in changed) for cell in named)
