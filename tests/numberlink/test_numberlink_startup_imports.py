"""What a fresh ``numpuzzles numberlink solve`` process imports for a board the scan search
settles on its own (issue 12, "no start-up tax"; issue 26: a tiny board without numpy).

Why a test: a one-board process spends most of its time importing, and one module-level
import in the wrong place (the SAT solver, numba, the drawing code, the router) costs every
such process tens of milliseconds to a second without changing any answer, so nothing else
would notice.  Each case runs in a fresh interpreter and compares its modules with those of
a bare interpreter started the same way (so whatever the environment itself loads at
start-up, such as an editable install's import hook, is not counted against the solver).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

BOARD = "6 6\n..1.23\n1.4...\n.....4\n.2.53.\n....5.\n66....\n"
"""``numberlink generate 6x6 --seed 1``: one solution under ``fill-notouch`` and ``fill``."""

NEVER = (
    "numba",
    "llvmlite",
    "pysat",
    "numpuzzles.numberlink.solve.route",
    "numpuzzles.numberlink.count.counter",
    "numpuzzles.draw",
    "numpuzzles.core.batch",
    "pathlib",
    "hashlib",
    "secrets",
    "random",
    "numpuzzles.numberlink.generate",
    *(f"numpuzzles.numberlink.formats.{name}" for name in
      ("adc", "puzzlink", "bwinf", "letters", "numeric")),
)
"""Modules (and their submodules) such a process must not import: the boards here are in
the ``ahle`` format, and a format's module loads only when a text in it is read or
written (``formats.format_module``)."""

TINY_NEVER = (
    *NEVER,
    "numpy",
    "numpuzzles.numberlink.solve.scan",
    "numpuzzles.numberlink.solve.sat",
    "numpuzzles.numberlink.solve.sat_model",
    "numpuzzles.numberlink.count",
    "numpuzzles.core.analysis",
    "importlib.metadata",
    "pkg_resources",
)
"""What a board of at most ``race.TINY_BOARD`` cells must not import either: numpy alone
cost such a process some 75 ms, more than all it does besides (issue 26); it is answered
by the scan search without numpy (``scan_plain.py``: the kernel's Cython build, or plain
Python where it was not built), and SAT is never built."""

FIVE = "5 5\nR.G.Y\n..B.O\n.....\n.G.Y.\n.RBO.\n"
"""Flow Free's ``regular_5x5_01`` (tests/data/numberlink/flow-29.txt): the issue's trivial
board."""

DATA = Path(__file__).resolve().parents[1] / "data" / "numberlink"
LARGER = 22
"""Flow Free's ``jumbo_13x13_26`` in flow-29.txt, 169 cells (more than ``race.TINY_BOARD``):
the compiled scan settles it."""

SCRIPT = """
import json, sys
before = set(sys.modules)
if sys.argv[1:]:
    from numpuzzles.cli.main import main
    code = main(sys.argv[1:])
    assert code == 0, code
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def _imported(*args: str, env: dict[str, str] | None = None) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, *args], capture_output=True, text=True, check=True,
        env=None if env is None else {**os.environ, **env},
    )
    return set(json.loads(done.stdout.splitlines()[-1]))


def _forbidden(modules: set[str], never: tuple[str, ...] = NEVER) -> set[str]:
    return {m for m in modules if any(m == n or m.startswith(n + ".") for n in never)}


@pytest.mark.parametrize(
    "options",
    [(), ("--rules", "fill-notouch", "--unique"), ("--json",)],
    ids=["fill", "notouch-unique", "json"],
)
def test_a_board_the_scan_settles_imports_no_engine_it_does_not_use(
    tmp_path: Path, options: tuple[str, ...]
) -> None:
    board = tmp_path / "board.txt"
    board.write_text(BOARD)
    bare = _imported()
    solved = _imported("numberlink", "solve", str(board), *options)
    assert "numpuzzles.numberlink.solve.scan_plain" in solved  # the case is what it claims
    as_json = "--json" in options  # records import the analysis record's type
    never = tuple(n for n in TINY_NEVER if not (as_json and n == "numpuzzles.core.analysis"))
    assert _forbidden(solved - bare, never) == set()
    if not as_json:  # records (and json's encoder) are for --json only
        assert "numpuzzles.core.records" not in solved


def test_the_issues_trivial_board_imports_neither_numpy_nor_sat(tmp_path: Path) -> None:
    board = tmp_path / "five.txt"
    board.write_text(FIVE)
    bare = _imported()
    solved = _imported("numberlink", "solve", str(board), "--rules", "fill-notouch", "--unique")
    assert "numpuzzles.numberlink.solve.scan_plain" in solved
    assert _forbidden(solved - bare, TINY_NEVER) == set()


def _larger(tmp_path: Path) -> Path:
    from numpuzzles.numberlink import formats

    board = tmp_path / "larger.txt"
    puzzle = formats.parse((DATA / "flow-29.txt").read_text())[LARGER]
    assert puzzle.width * puzzle.height == 169
    board.write_text(formats.dump(puzzle, "ahle"))
    return board


def test_a_larger_board_is_settled_by_the_cython_build_without_numpy(tmp_path: Path) -> None:
    """Issue 26, point 3: the kernel's Cython build (``scan_kernel_c``) needs no numpy, so
    a board it settles within ``race.C_NODES`` imports neither numpy nor numba."""
    board = _larger(tmp_path)
    bare = _imported()
    solved = _imported("numberlink", "solve", str(board), "--rules", "fill-notouch", "--unique")
    assert "numpuzzles.numberlink.solve.scan_kernel_c" in solved
    assert _forbidden(solved - bare, TINY_NEVER) == set()


def test_without_the_cython_build_a_larger_board_loads_numbas_scan(tmp_path: Path) -> None:
    board = _larger(tmp_path)
    off = {"NUMPUZZLES_NO_C": "1"}
    bare = _imported(env=off)
    solved = _imported(
        "numberlink", "solve", str(board), "--rules", "fill-notouch", "--unique", env=off)
    assert "numpuzzles.numberlink.solve.scan" in solved
    assert "numpuzzles.numberlink.solve.scan_kernel_c" not in solved
    assert _forbidden(solved - bare) == set()


def test_the_check_can_fail() -> None:
    """Drawing a board imports the drawing code: the comparison sees such an import."""
    assert _forbidden({"numpuzzles.draw.svg", "numpuzzles.drawing", "numbax"}) == {
        "numpuzzles.draw.svg"
    }
    assert _forbidden({"numpy.linalg", "numpyx"}, TINY_NEVER) == {"numpy.linalg"}
