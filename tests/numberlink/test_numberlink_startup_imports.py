"""What a fresh ``numpuzzles numberlink solve`` process imports for a board the scan search
settles on its own (issue 12, "no start-up tax").

Why a test: a one-board process spends most of its time importing, and one module-level
import in the wrong place (the SAT solver, numba, the drawing code, the router) costs every
such process tens of milliseconds to a second without changing any answer, so nothing else
would notice.  Each case runs in a fresh interpreter and compares its modules with those of
a bare interpreter started the same way (so whatever the environment itself loads at
start-up, such as an editable install's import hook, is not counted against the solver).
"""

from __future__ import annotations

import json
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
)
"""Modules (and their submodules) such a process must not import."""

SCRIPT = """
import json, sys
before = set(sys.modules)
if sys.argv[1:]:
    from numpuzzles.cli.main import main
    code = main(sys.argv[1:])
    assert code == 0, code
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def _imported(*args: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, *args], capture_output=True, text=True, check=True
    )
    return set(json.loads(done.stdout.splitlines()[-1]))


def _forbidden(modules: set[str]) -> set[str]:
    return {m for m in modules if any(m == n or m.startswith(n + ".") for n in NEVER)}


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
    assert "numpuzzles.numberlink.solve.scan" in solved  # the case is what it claims to be
    assert _forbidden(solved - bare) == set()


def test_the_check_can_fail() -> None:
    """Drawing a board imports the drawing code: the comparison sees such an import."""
    assert _forbidden({"numpuzzles.draw.svg", "numpuzzles.drawing", "numbax"}) == {
        "numpuzzles.draw.svg"
    }
