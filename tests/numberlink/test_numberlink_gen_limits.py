"""Generators refuse sizes beyond their documented maxima at once, in one sentence.

Each maximum is checked on both sides: one past it is an ``InvalidParameterError`` naming
the maximum; the maximum itself passes validation (shown with ``max_attempts=0``, which
ends in ``GenerationError`` without generating anything).
"""

from __future__ import annotations

import pytest

from numpuzzles.cli.main import main
from numpuzzles.core.errors import GenerationError, InvalidParameterError
from numpuzzles.numberlink.arukone import generate as arukone
from numpuzzles.numberlink.generate import unionfind
from numpuzzles.numberlink.generate import unique as nl_generate
from numpuzzles.numberlink.generate.unique import Params, solver_prover
from numpuzzles.nummatch import generate as nm_generate
from numpuzzles.nummatch import limits as nm_limits


def test_numberlink_generate_refuses_boards_over_max_cells() -> None:
    assert nl_generate.MAX_CELLS == 2_500
    for width, height in ((100_000, 100_000), (51, 50), (2_501, 1), (10**20, 1)):
        with pytest.raises(InvalidParameterError, match="at most 2,500 cells"):
            nl_generate.generate(Params(width, height), 1, prover=None)
    with pytest.raises(GenerationError):
        nl_generate.generate(Params(50, 50), 1, prover=None, max_attempts=0)


def test_unionfind_refuses_boards_over_max_cells() -> None:
    assert unionfind.MAX_CELLS == 40_000
    for width, height in ((100_000, 100_000), (201, 200), (40_001, 1)):
        with pytest.raises(InvalidParameterError, match="at most 40,000 cells"):
            unionfind.generate_unionfind(width, height, 1)
    for width, height in ((0, 5), (-3, 4), (1, 1)):
        with pytest.raises(InvalidParameterError):
            unionfind.generate_unionfind(width, height, 1)


def test_arukone_refuses_n_over_max_size() -> None:
    top = arukone.MAX_SIZE
    for n in (5000, top + 1, 10**20):
        with pytest.raises(InvalidParameterError, match=f"from 4 to {top}"):
            arukone.generate_arukone(n, 1)
    with pytest.raises(GenerationError):
        arukone.generate_arukone(top, 1, max_attempts=0)
    with pytest.raises(InvalidParameterError, match="at most 2,500 cells"):
        arukone.generate_arukone(51, 1, prover=solver_prover)


@pytest.mark.parametrize(
    ("rules", "top", "largest"),
    [("original", 72, (9, 8)), ("brief", 72, (8, 9)), ("classic", 120, (30, 4))],
)
def test_nummatch_generate_refuses_sizes_outside_its_range(
    rules: str, top: int, largest: tuple[int, int]
) -> None:
    assert (nm_limits.MAX_SIDE, nm_limits.max_cells(rules)) == (30, top)
    too_many = (top // 10 + 1, 10)
    words = f"1 to 30 cells wide and high with at most {top} cells"
    for width, height in ((31, 2), (2, 31), too_many, (0, 4), (4, -1), (100_000, 100_000)):
        with pytest.raises(InvalidParameterError, match=words):
            nm_generate.generate(width, height, rules=rules, seed=1)
    with pytest.raises(GenerationError):
        nm_generate.generate(*largest, rules=rules, seed=1, max_attempts=0)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["numberlink", "generate", "100000"], "sides up to 200"),
        (["numberlink", "generate", "60"], "at most 2,500 cells"),
        (["numberlink", "generate", "300", "--method", "unionfind"], "sides up to 200"),
        (["arukone", "generate", "5000"], "at most 200"),
        (["nummatch", "generate", "--width", "12", "--height", "10"], "at most 72 cells"),
    ],
)
def test_cli_reports_the_maximum_in_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    assert main([*argv, "--seed", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0]
