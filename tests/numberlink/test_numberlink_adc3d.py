"""The contest's 2016+ files (``SIZE WxHxD``, ``LINE#k (x,y,z)``, ``LAYER n`` answers):
read and written, one layer as a plain 2-D board, several through the layered solver, and
the command line on both."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numpuzzles.cli.main import main
from numpuzzles.core.errors import PuzzleFormatError
from numpuzzles.numberlink import formats
from numpuzzles.numberlink.family import NUMBERLINK
from numpuzzles.numberlink.formats import adc
from numpuzzles.numberlink.layers.construct import construct
from numpuzzles.numberlink.layers.formats import (
    dump_layered,
    parse_layered,
    parse_layered_answer,
)
from numpuzzles.numberlink.layers.model import LayeredPuzzle
from numpuzzles.numberlink.model import Puzzle

DATA = Path(__file__).resolve().parents[1] / "data" / "numberlink" / "adc"

STACKED = """SIZE 4X3X2
LINE_NUM 2
LINE#1 (0,0,1)-(3,2,2)
LINE#2 (3,0,1) (0,2,1)
"""


def test_one_layer_is_a_plain_board() -> None:
    text = (DATA / "Q06.2016.txt").read_text()
    (puzzle,) = formats.parse(text)
    assert type(puzzle) is Puzzle and (puzzle.width, puzzle.height) == (36, 36)
    assert len(puzzle.labels) == 15
    # written back in the style it came in, and equal to the same board read from 2015's
    out = formats.dump(puzzle, "adc")
    assert out.startswith("SIZE 36X36X1\n") and "LINE#1 (0,1,1)-(35,1,1)" in out
    assert formats.parse(out) == [puzzle]
    plain = "SIZE 36X36\n" + "".join(
        line.replace(",1)", ")") + "\n" for line in text.splitlines()[1:])
    assert formats.parse(plain) == [puzzle]
    assert formats.dump(formats.parse(plain)[0], "adc").startswith("SIZE 36X36\n")


def test_published_answer_checks(capsys: pytest.CaptureFixture[str]) -> None:
    """The organisers' own answer (``SIZE 36X36`` then ``LAYER 1``) reads and checks."""
    problem, answer = str(DATA / "Q04.2016.txt"), str(DATA / "A04.2016.txt")
    assert main(["numberlink", "check", problem, answer, "--rules", "blank"]) == 0
    assert "valid (36x36, blank)" in capsys.readouterr().out
    # every cell is used in it, so it holds under fill too
    assert main(["numberlink", "check", problem, answer, "--rules", "fill"]) == 0


@pytest.mark.parametrize("name", ["Q04.2016.txt", "Q06.2016.txt", "Q07.2016.txt"])
def test_public_problems_solve_and_check(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    problem, out = str(DATA / name), tmp_path / "a.txt"
    assert main(["numberlink", "solve", problem, "--rules", "blank", "--to", "adc",
                 "-o", str(out)]) == 0
    text = out.read_text()
    assert text.startswith("SIZE 36X36X1\nLAYER 1\n")
    assert main(["numberlink", "check", problem, str(out), "--rules", "blank"]) == 0


def test_stacked_round_trip() -> None:
    puzzle = parse_layered(STACKED)
    assert (puzzle.width, puzzle.height, puzzle.depth) == (4, 3, 2)
    assert puzzle.endpoints() == {1: ((0, 0, 0), (1, 2, 3)), 2: ((0, 0, 3), (0, 2, 0))}
    assert parse_layered(dump_layered(puzzle)) == puzzle


def test_stacked_errors_name_the_line() -> None:
    bad = {
        "SIZE 4X3X2\nLINE_NUM 1\nLINE#1 (0,0,1)-(3,2,3)\n": "off the board",
        "SIZE 4X3X2\nLINE_NUM 1\nLINE#1 (0,0,0)-(3,2,1)\n": "from 1",
        "SIZE 4X3X2\nLINE_NUM 2\nLINE#1 (0,0,1)-(3,2,1)\n": "LINE_NUM says 2",
        "SIZE 4X3X2\nLINE_NUM 1\nLINE#1 (0,0)-(3,2)\n": r"expected 'LINE#k \(x,y,z\)",
        # a via needs a line between layers (the 2016 rule: one via for each)
        "SIZE 4X3X2\nLINE_NUM 1\nLINE#1 (0,0,1)-(3,2,1)\nVIA#a (1,1,1)-(1,1,2)\n": "one via for",
        "SIZE 4X3X99\nLINE_NUM 0\n": "layer count",
    }
    for text, words in bad.items():
        with pytest.raises(PuzzleFormatError, match=words):
            parse_layered(text)


def test_several_layers_are_not_a_plain_puzzle() -> None:
    with pytest.raises(PuzzleFormatError, match="2 layers"):
        formats.parse(STACKED)


def test_answer_reader_errors() -> None:
    puzzle = parse_layered(STACKED)
    with pytest.raises(PuzzleFormatError, match="LAYER"):
        parse_layered_answer("SIZE 4X3X2\n01,00,00,02\n00,00,00,00\n02,00,00,00\n", puzzle)
    with pytest.raises(PuzzleFormatError, match="no rows for layer 2"):
        parse_layered_answer("SIZE 4X3X2\nLAYER 1\n01,00,00,02\n00,00,00,00\n02,00,00,00\n",
                             puzzle)
    with pytest.raises(PuzzleFormatError, match="answer is"):
        parse_layered_answer("SIZE 4X3X1\nLAYER 1\n01,00,00,02\n00,00,00,00\n02,00,00,00\n",
                             puzzle)


@st.composite
def stacked_boards(draw: st.DrawFn) -> LayeredPuzzle:
    w, h, d = draw(st.integers(1, 6)), draw(st.integers(1, 6)), draw(st.integers(2, 4))
    cells = w * h * d
    pairs = draw(st.integers(0, cells // 2))
    spots = draw(st.permutations(range(cells)))[: 2 * pairs]
    values = [0] * cells
    for i, spot in enumerate(spots):
        values[spot] = i // 2 + 1
    return LayeredPuzzle(w, h, d, tuple(values))


@settings(max_examples=150, deadline=None)
@given(stacked_boards(), st.booleans())
def test_any_board_round_trips(puzzle: LayeredPuzzle, dashes: bool) -> None:
    text = dump_layered(puzzle)
    if not dashes:
        text = text.replace(")-(", ") (")
    assert parse_layered(text) == puzzle


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="SIZELNUM_#X0123456789(),- \nAYV", max_size=80))
def test_reader_never_crashes(text: str) -> None:
    for read in (adc.read_stack, adc.read_layers, formats.parse):
        with contextlib.suppress(PuzzleFormatError):
            read(text)


@settings(max_examples=100, deadline=None)
@given(stacked_boards(), st.randoms(use_true_random=False))
def test_any_answer_round_trips(puzzle: LayeredPuzzle, rng: Random) -> None:
    cells = tuple(rng.randint(0, 120) for _ in puzzle.cells)
    text = adc.dump_layers(puzzle.width, puzzle.height, puzzle.depth, cells)
    assert adc.read_layers(text)[:4] == (puzzle.width, puzzle.height, puzzle.depth, cells)


def test_other_formats_are_refused_for_layers(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["numberlink", "convert", STACKED, "--to", "table"]) == 2
    assert capsys.readouterr().err.count("\n") == 1  # one line, no traceback


def test_cli_solves_checks_and_draws_several_layers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle, _ = construct(6, 5, 3, 6, seed=11)
    problem = tmp_path / "q.txt"
    problem.write_text(dump_layered(puzzle))
    answer = tmp_path / "a.txt"
    assert main(["numberlink", "solve", str(problem), "-o", str(answer)]) == 0
    err = capsys.readouterr().err
    assert "(6x5x3, blank): solved" in err
    text = answer.read_text()
    assert text.startswith("SIZE 6X5X3\nLAYER 1\n") and "LAYER 3\n" in text
    assert main(["numberlink", "check", str(problem), str(answer)]) == 0
    assert "valid (6x5x3, blank)" in capsys.readouterr().out
    # a wrong answer: one line's cell moved off its path
    wrong = text.replace("LAYER 1\n0", "LAYER 1\n9", 1) if "LAYER 1\n0" in text else None
    if wrong is not None:
        answer.write_text(wrong)
        assert main(["numberlink", "check", str(problem), str(answer)]) == 2
        assert "numpuzzles: error:" in capsys.readouterr().err
    assert main(["numberlink", "solve", str(problem), "--unique"]) == 0
    assert "not unique" in capsys.readouterr().err
    assert main(["numberlink", "solve", str(problem), "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["puzzle"]["depth"] == 3 and len(record["solution"]["layers"]) == 3
    svg = tmp_path / "d.svg"
    assert main(["numberlink", "draw", str(problem), "--solution", "-o", str(svg)]) == 0
    assert svg.read_text().count('class="layer ') == 3
    assert main(["numberlink", "hint", str(problem)]) == 2
    assert "several layers" in capsys.readouterr().err
    assert main(["numberlink", "convert", str(problem), "--to", "adc"]) == 0
    assert capsys.readouterr().out == dump_layered(puzzle)


def test_family_reads_rules_for_layers() -> None:
    (board,) = NUMBERLINK.parse(STACKED, rules="fill")
    assert board.rules == "fill"
    (board,) = NUMBERLINK.parse(STACKED)
    assert board.rules == "blank"
    assert NUMBERLINK.describe(board) == "4x3x2, blank"


def test_json_records_read_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    problem = tmp_path / "q.txt"
    problem.write_text(STACKED)
    assert main(["numberlink", "solve", str(problem), "--json"]) == 0
    record = tmp_path / "r.json"
    record.write_text(capsys.readouterr().out)
    # the record is a puzzle and a solution to every verb
    assert main(["numberlink", "check", str(record), str(record)]) == 0
    assert main(["numberlink", "check", str(problem), str(record)]) == 0
    assert "valid (4x3x2, blank)" in capsys.readouterr().out
    assert main(["numberlink", "convert", str(record), "--to", "adc"]) == 0
    assert capsys.readouterr().out == STACKED.replace(" (0,2,1)", "-(0,2,1)")


def test_count_lists_every_solution(capsys: pytest.CaptureFixture[str]) -> None:
    tiny = "SIZE 2X1X2\nLINE_NUM 1\nLINE#1 (0,0,1)-(1,0,2)\n"
    assert main(["numberlink", "solve", tiny, "--count"]) == 0
    assert capsys.readouterr().out.strip().endswith("2 solutions")


def test_too_large_a_model_is_undecided() -> None:
    from numpuzzles.numberlink.layers import sat
    from numpuzzles.numberlink.layers.solve import solve_layered

    puzzle = parse_layered(STACKED)
    saved = sat.MAX_LABEL_VARS
    sat.MAX_LABEL_VARS = 3
    try:
        result = solve_layered(puzzle, limit=None)
    finally:
        sat.MAX_LABEL_VARS = saved
    assert result.status.value == "unknown" and not result.complete
