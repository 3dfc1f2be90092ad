"""``numpuzzles book``: a PDF with the right number of pages, the same bytes for a seed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from numpuzzles import families
from numpuzzles.cli.main import main
from numpuzzles.core.batch import generate_many
from numpuzzles.draw.book import make_book, pages_for


def page_count(data: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data))


@pytest.mark.parametrize(("count", "per_page"), [(1, 4), (3, 2), (5, 4)])
def test_pages_puzzles_then_solutions(count: int, per_page: int) -> None:
    family = families.family("fubuki")
    data = make_book(family, generate_many(family, {}, 11, count), per_page=per_page)
    assert data.startswith(b"%PDF-")
    assert page_count(data) == pages_for(count, per_page) == 2 * -(-count // per_page)


def test_cli_book_same_bytes_for_a_seed(tmp_path: Path) -> None:
    first, second = tmp_path / "a.pdf", tmp_path / "b.pdf"
    for target in (first, second):
        code = main(["book", "numberlink", "6x6", "--count", "3", "--seed", "5",
                     "--per-page", "2", "-o", str(target)])
        assert code == 0
    data = first.read_bytes()
    assert data == second.read_bytes()
    assert page_count(data) == 4
    other = tmp_path / "c.pdf"
    assert main(["book", "numberlink", "6x6", "--count", "3", "--seed", "6",
                 "--per-page", "2", "-o", str(other)]) == 0
    assert other.read_bytes() != data


def test_cli_book_needs_a_pdf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["book", "fubuki", "--count", "1", "-o", str(tmp_path / "b.png")]) == 2
    assert "FILE.pdf" in capsys.readouterr().err


def test_root_help_lists_book(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "book" in out and "numberlink" in out


def test_book_same_bytes_across_processes(tmp_path: Path) -> None:
    """Nothing process-dependent (hash seeds, font subset tags) reaches the file."""
    import os
    import subprocess
    import sys

    import numpuzzles

    source = str(Path(numpuzzles.__file__).resolve().parents[1])
    outputs = []
    for hash_seed in ("1", "2"):
        target = tmp_path / f"book{hash_seed}.pdf"
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": source}
        subprocess.run(
            [sys.executable, "-m", "numpuzzles", "book", "nummatch", "--count", "2",
             "--seed", "9", "-o", str(target)],
            env=env, check=True, capture_output=True,
        )
        outputs.append(target.read_bytes())
    assert outputs[0] == outputs[1]
