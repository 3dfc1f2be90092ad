"""``generate --id ID`` prints again exactly what ``generate --seed`` printed, in every family.

The ID is announced with each puzzle (a ``# ID:`` comment where the format has comments,
else on standard error), so what a user copies from the output must make the same puzzle.
"""

from __future__ import annotations

import json
import re

import pytest

from numpuzzles.cli.main import main
from numpuzzles.families import family

CASES = [
    ["fubuki", "generate", "--seed", "5", "--size", "4", "--diagonals"],
    ["nummatch", "generate", "--seed", "5", "--rules", "easybrain"],
    ["nummatch", "generate", "--seed", "6", "--difficulty", "hard"],
    ["numberlink", "generate", "6x5", "--seed", "5", "--rules", "fill-notouch"],
    ["arukone", "generate", "6", "--seed", "5", "--pairs", "4"],
]
ID_LINE = re.compile(r"^(?:# )?ID: (\S+)", re.MULTILINE)


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    assert main(args) == 0
    captured = capsys.readouterr()
    return captured.out, captured.err


@pytest.mark.parametrize("args", CASES, ids=lambda a: a[0])
def test_id_regenerates_the_text(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    out, err = _run(args, capsys)
    found = ID_LINE.findall(out + err)
    assert len(found) == 1, out + err
    ident = found[0]
    seed = args[args.index("--seed") + 1]
    assert ident.startswith(f"{args[0]}:") and ident.endswith(f"#{seed}")
    again = _run([args[0], "generate", "--id", ident], capsys)
    assert again == (out, err)
    # and the family's own parser reads the output back as one puzzle
    puzzles = family(args[0]).parse(out)
    assert len(puzzles) == 1


@pytest.mark.parametrize("args", CASES, ids=lambda a: a[0])
def test_id_regenerates_the_record(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    first = json.loads(_run([*args, "--json"], capsys)[0])
    again = json.loads(_run([args[0], "generate", "--id", first["id"], "--json"], capsys)[0])
    # everything but the time taken is the same
    assert {**again, "seconds": None} == {**first, "seconds": None}
    fam = family(args[0])
    (puzzle,) = fam.parse(json.dumps(first["puzzle"]), "json")
    solution = fam.parse_solution(json.dumps(first["solution"]), puzzle, "json")
    assert fam.check(puzzle, solution) == []


@pytest.mark.parametrize(
    "extra", [["--seed", "1"], ["--count", "2"]], ids=["seed", "count"]
)
def test_id_takes_no_other_generation_options(
    extra: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["fubuki", "generate", "--id", "fubuki:3x3#1", *extra]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--id names one puzzle" in err
