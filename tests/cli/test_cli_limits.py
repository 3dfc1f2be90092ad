"""Every limit ``--help`` documents is the limit that refuses (issue 25).

For each one: the number is read from the help text a user sees, the largest value it
allows passes validation (the family's ``normalise_params``, or click's own check, which
the command line runs before any work), and one past it is refused by the command line
with exit status 2 and one line on standard error.  The largest values are not generated
(a 50x50 board takes half a minute): validation is what the help promises about.

Why read the help and not the constants: the bug was a help text and a check that said
different numbers (``sides up to 200`` against ``at most 2,500 cells``; ``1..30`` a side
against ``at most 72 cells``).
"""

from __future__ import annotations

import re
from typing import Any

import click
import pytest
from click.testing import CliRunner

from numpuzzles.cli.main import cli, main
from numpuzzles.core.errors import InvalidParameterError
from numpuzzles.core.params import Param, normalise
from numpuzzles.families import all_families, family


def _help(*path: str) -> str:
    result = CliRunner().invoke(cli, [*path, "--help"], prog_name="numpuzzles")
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def _number(pattern: str, text: str) -> int:
    match = re.search(pattern, text)
    assert match is not None, (pattern, text)
    return int(match.group(1).replace(",", ""))


def _refused(capsys: pytest.CaptureFixture[str], argv: list[str], *words: str) -> str:
    capsys.readouterr()
    assert main(argv) == 2, argv
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    for word in words:
        assert word in err, (word, err)
    return err


def _accepted(name: str, params: dict[str, Any]) -> None:
    family(name).normalise_params(params)  # raises InvalidParameterError when refused


def test_numberlink_board_limits(capsys: pytest.CaptureFixture[str]) -> None:
    for path in (("numberlink", "generate"), ("batch", "numberlink"), ("book", "numberlink")):
        text = _help(*path)
        side = _number(r"sides up to (\d+)", text)
        cells = _number(r"at most ([\d,]+) cells", text)
        unionfind = _number(r"unionfind method: ([\d,]+) cells", text)
        assert (side, cells, unionfind) == (200, 2_500, 40_000), path
    _accepted("numberlink", {"size": "50x50"})
    _accepted("numberlink", {"size": f"{side}x12"})  # 2,400 cells, one side at its maximum
    _accepted("numberlink", {"size": f"{side}x{side}", "method": "unionfind"})
    with pytest.raises(InvalidParameterError):
        _accepted("numberlink", {"size": "41x61"})  # 2,501 cells
    for argv, shown in (
        (["41x61"], "41x61"),
        (["51"], "51x51"),
        ([f"{side}x{side + 1}", "--method", "unionfind"], f"{side}x{side + 1}"),
        ([f"{side + 1}x1"], f"{side + 1}x1"),
        (["100000"], "100000x100000"),
    ):
        _refused(capsys, ["numberlink", "generate", *argv, "--seed", "1"], shown,
                 f"sides up to {side}", f"at most {cells:,} cells")


def test_numberlink_pairs_and_density(capsys: pytest.CaptureFixture[str]) -> None:
    text = _help("numberlink", "generate")
    pairs = _number(r"--pairs N .*?\[1\.\.(\d+)\]", text)
    density = re.search(r"--density NUMBER .*? at most ([\d.]+)", text)
    assert density is not None and (pairs, density.group(1)) == (1250, "0.5")
    # the most pairs fit only with two-cell paths allowed; the default asks three cells
    _accepted("numberlink", {"size": "50x50", "pairs": pairs, "min_length": 2})
    _refused(capsys, ["numberlink", "generate", "50", "--pairs", str(pairs)], "do not fit")
    _accepted("numberlink", {"size": "10x10", "density": density.group(1), "min_length": 2})
    _refused(capsys, ["numberlink", "generate", "10", "--density", "0.34"], "do not fit")
    _refused(capsys, ["numberlink", "generate", "50", "--pairs", str(pairs + 1)], str(pairs))
    _refused(capsys, ["numberlink", "generate", "10", "--density", "0.51"], "0.5")


def test_numberlink_density_is_a_number_not_seconds() -> None:
    for path in (("numberlink", "generate"), ("book", "numberlink"), ("batch", "numberlink")):
        text = _help(*path)
        assert "--density NUMBER" in text and "--density SECONDS" not in text
        assert ".py" not in text  # no source file for a user to go and read


def test_arukone_limits(capsys: pytest.CaptureFixture[str]) -> None:
    text = _help("arukone", "generate")
    low, high = (int(v) for v in re.findall(r"\bN Board size n .*?\[(\d+)\.\.(\d+)\]", text)[0])
    unique = _number(r"with --unique at most (\d+)", text)
    pairs = _number(r"--pairs N .*?\[1\.\.(\d+)\]", text)
    assert (low, high, unique, pairs) == (4, 200, 50, 20_000)
    _accepted("arukone", {"n": high, "pairs": pairs})
    _accepted("arukone", {"n": unique, "unique": True})
    _accepted("arukone", {"n": low})
    _refused(capsys, ["arukone", "generate", str(high + 1)], str(high))
    _refused(capsys, ["arukone", "generate", str(low - 1)], str(low))
    _refused(capsys, ["arukone", "generate", str(unique + 1), "--unique"], str(unique))
    _refused(capsys, ["arukone", "generate", "10", "--pairs", str(pairs + 1)], str(pairs))


@pytest.mark.parametrize(("rules", "largest", "one_past"),
                         [("original", (9, 8), (5, 15)), ("brief", (8, 9), (3, 25)),
                          ("classic", (12, 10), (11, 11)), ("easybrain", (30, 4), (11, 11))])
def test_number_match_board_limits(capsys: pytest.CaptureFixture[str], rules: str,
                                   largest: tuple[int, int], one_past: tuple[int, int]) -> None:
    text = _help("nummatch", "generate")
    side = _number(r"--width N .*?sides 1 to (\d+)", text)
    fixed = _number(r"at most (\d+) cells under original/brief", text)
    growing = _number(r"and (\d+) under classic/easybrain", text)
    assert (side, fixed, growing) == (30, 72, 120)
    top = fixed if rules in ("original", "brief") else growing
    assert largest[0] * largest[1] == top
    _accepted("nummatch", {"rules": rules, "width": largest[0], "height": largest[1]})
    _accepted("nummatch", {"rules": rules, "width": side, "height": 2})
    width, height = one_past
    assert width * height > top
    _refused(capsys, ["nummatch", "generate", "--rules", rules, "--width", str(width),
                      "--height", str(height)], f"at most {top} cells")
    _refused(capsys, ["nummatch", "generate", "--rules", rules, "--width", str(side + 1),
                      "--height", "2"], str(side))


def test_fubuki_limits(capsys: pytest.CaptureFixture[str]) -> None:
    text = _help("fubuki", "generate")
    low, high = (int(v) for v in re.findall(r"--size N .*?\[(\d+)\.\.(\d+)\]", text)[0])
    givens = _number(r"--givens N .*?\[0\.\.(\d+)\]", text)
    assert (low, high, givens) == (3, 5, 25)
    _accepted("fubuki", {"size": high, "givens": givens})
    _refused(capsys, ["fubuki", "generate", "--size", str(high + 1)], str(high))
    _refused(capsys, ["fubuki", "generate", "--size", str(low - 1)], str(low))
    _refused(capsys, ["fubuki", "generate", "--givens", str(givens + 1)], str(givens))


def test_number_match_solve_limits(capsys: pytest.CaptureFixture[str]) -> None:
    text = _help("nummatch", "solve")
    boards = _number(r"--max-boards N .*?\[1\.\.(\d+)\]", text)
    adds = _number(r"--max-adds N .*?\[0\.\.(\d+)\]", text)
    assert (boards, adds) == (10_000_000, 1000)
    normalise(family("nummatch").solve_params, {"max_boards": boards, "max_adds": adds})
    _refused(capsys, ["nummatch", "solve", "1919/5555", "--max-boards", str(boards + 1)],
             str(boards))
    _refused(capsys, ["nummatch", "solve", "1919/5555", "--max-adds", str(adds + 1)], str(adds))


def _ranges() -> list[tuple[list[str], str, click.IntRange | click.FloatRange]]:
    """Every number option with a maximum, in every command: (path, option, range)."""
    out: list[tuple[list[str], str, click.IntRange | click.FloatRange]] = []
    root = click.Context(cli, info_name="numpuzzles")
    for path in (["fubuki", "generate"], ["numberlink", "generate"], ["numberlink", "solve"],
                 ["batch", "fubuki"], ["book", "fubuki"], ["serve"]):
        command: click.Command = cli
        ctx = root
        for name in path:
            assert isinstance(command, click.Group)
            found = command.get_command(ctx, name)
            assert found is not None
            command, ctx = found, click.Context(found, info_name=name, parent=ctx)
        for param in command.params:
            if isinstance(param.type, click.IntRange | click.FloatRange) and param.type.max:
                out.append((path, param.opts[-1], param.type))
    return out


RANGES = _ranges()


def test_the_click_ranges_are_found() -> None:
    assert {(" ".join(p), o) for p, o, _ in RANGES} >= {
        ("fubuki generate", "--count"), ("batch fubuki", "--count"), ("book fubuki", "--count"),
        ("book fubuki", "--per-page"), ("serve", "--workers"), ("serve", "--port"),
        ("serve", "--timeout"), ("fubuki generate", "--seed"),
    }


@pytest.mark.parametrize(("path", "option", "limits"), RANGES,
                         ids=[f"{' '.join(p)} {o}" for p, o, _ in RANGES])
def test_click_ranges_show_and_refuse_the_same_maximum(
        capsys: pytest.CaptureFixture[str], path: list[str], option: str,
        limits: click.IntRange | click.FloatRange) -> None:
    kind = "INTEGER" if isinstance(limits, click.IntRange) else "FLOAT"
    text = _help(*path)
    match = re.search(rf"{re.escape(option)} {kind} RANGE .*?<=x<=([\d.]+)[;\]]", text)
    assert match is not None, (option, text)
    shown = int(match.group(1)) if kind == "INTEGER" else float(match.group(1))
    assert limits(match.group(1)) == shown  # the largest shown is accepted, as typed
    _refused(capsys, [*path, option, str(shown + 1)], option)


def _bounded() -> list[tuple[str, str, Param]]:
    """Every whole-number parameter with a lower bound that a family's ``generate`` or
    ``solve`` takes from the command line."""
    out = []
    for name, fam in all_families().items():
        for verb, params in (("generate", fam.generate_params), ("solve", fam.solve_params)):
            out += [(name, verb, p) for p in params if p.kind is int and p.low is not None]
    return out


BOUNDED = _bounded()
_INPUTS = {"nummatch": "1919/5555", "numberlink": "tests/data/numberlink/flow-29.txt",
           "arukone": "tests/data/arukone/seed-examples.txt"}


def test_the_bounded_parameters_are_found() -> None:
    assert {(n, v, p.name) for n, v, p in BOUNDED} >= {
        ("numberlink", "solve", "max_states"), ("numberlink", "generate", "min_length"),
        ("nummatch", "solve", "max_adds"), ("fubuki", "generate", "givens"),
        ("arukone", "generate", "n")}


@pytest.mark.parametrize(("name", "verb", "param"), BOUNDED,
                         ids=[f"{n} {v} {p.name}" for n, v, p in BOUNDED])
def test_a_value_below_its_bound_is_refused_by_the_name_the_user_typed(
        capsys: pytest.CaptureFixture[str], name: str, verb: str, param: Param) -> None:
    """The error names ``--max-states`` (or the argument ``N``), not the library's
    ``max_states``: the user never typed that."""
    assert param.low is not None
    low = str(param.low - 1)
    if param.argument:
        argv, shown = [name, verb, low], param.name.upper()
    else:
        shown = "--" + param.name.replace("_", "-")
        argv = [name, verb, *([_INPUTS[name]] if verb == "solve" else []), shown, low]
    err = _refused(capsys, argv, f"{shown} must be at least {param.low}, got {low}")
    assert "_" not in err, err
