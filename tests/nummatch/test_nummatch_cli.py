"""The nummatch commands through the real entry point: output, JSON and exit codes."""

from __future__ import annotations

import json

import pytest

from numpuzzles.cli.main import main
from numpuzzles.nummatch.board import Pair, parse_board
from numpuzzles.nummatch.check import check
from numpuzzles.nummatch.randfill import randfill


def _pairs(lines: list[str]) -> list[Pair]:
    return [Pair.from_xy(*(int(v) for v in line.split(","))) for line in lines]


def test_solve_prints_a_legal_move_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["nummatch", "solve", "--randfill", "3648"]) == 0
    lines = capsys.readouterr().out.split()
    assert len(lines) == 10
    assert check(randfill(3648), _pairs(lines)) == []


def test_solve_board_argument_and_unsolvable(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["nummatch", "solve", "18866/62725/32795/34448"]) == 1
    assert capsys.readouterr().out.strip() == "unsolvable"


def test_quiet_prints_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["nummatch", "solve", "--quiet", "--randfill", "924"]) == 0
    assert main(["nummatch", "solve", "--quiet", "--randfill", "666"]) == 1
    assert capsys.readouterr().out == ""


def test_seed_range_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["nummatch", "solve", "--randfill", "3646..3648", "--json"]) == 1
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["seed"] for r in rows] == [3646, 3647, 3648]
    assert [r["status"] for r in rows] == ["unsolvable", "unsolvable", "solved"]
    last = rows[-1]
    assert last["board"] == "71716/56635/32998/43364" and last["rules"] == "original"
    assert set(last) >= {"moves", "nodes", "seconds"}
    assert check(randfill(3648), [Pair.from_xy(*m) for m in last["moves"]]) == []


def test_seed_bfs_cap_gives_exit_3(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["nummatch", "solve", "55555/55555", "--algorithm", "seed-bfs", "--max-boards", "5"]
    assert main(args) == 3
    assert "unknown" in capsys.readouterr().out
    assert main(["nummatch", "solve", "55555/55555", "--algorithm", "seed-bfs"]) == 0


def test_brief_rules_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["nummatch", "solve", "100/000/009", "--rules", "brief"]) == 1
    assert main(["nummatch", "solve", "100/000/009", "--rules", "original"]) == 0
    assert capsys.readouterr().out.split()[-1] == "0,0,2,2"


@pytest.mark.parametrize(
    "args",
    [
        ["nummatch", "solve", "12x45/12345"],
        ["nummatch", "solve", "123/12"],
        ["nummatch", "solve"],
        ["nummatch", "solve", "123", "--randfill", "3"],
        ["nummatch", "solve", "--randfill", "9..3"],
        ["nummatch", "solve", "--randfill", "abc"],
        ["nummatch", "solve", "12/34", "--rules", "nonsense"],
        ["nummatch", "generate", "--width", "3", "--height", "3"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "error" in err and "Traceback" not in err


def test_hint(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["nummatch", "hint", "1919/5555"]) == 0
    move = _pairs(capsys.readouterr().out.split())
    board = parse_board("1919/5555")
    assert len(move) == 1
    assert main(["nummatch", "hint", "18866/62725/32795/34448"]) == 1
    assert capsys.readouterr().out.strip() == "no move keeps it solvable"
    # the hinted move leaves a solvable board: the rest of a solution must exist
    from numpuzzles.nummatch.solve import solve
    from numpuzzles.nummatch.take import take

    after = take(board, move[0])
    assert after is not None and solve(after).solutions


def test_count_says_which_count_is_which(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["nummatch", "count", "1919/5555"]) == 0
    out = capsys.readouterr().out
    assert "clearing matchings (distinct sets of pairs): 4" in out
    assert "ordered move sequences (move orders): 54" in out


def test_generate_json_is_solvable_and_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["nummatch", "generate", "--seed", "7", "--difficulty", "medium", "--json"]
    assert main(args) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out) == first
    board = parse_board(first["board"])
    assert (board.width, board.height) == (5, 4)
    assert first["difficulty"] == "medium" and 0.15 <= first["trap_rate"] < 0.30
    assert check(board, [Pair.from_xy(*m) for m in first["moves"]]) == []


def test_easybrain_solve_json_with_adds(capsys: pytest.CaptureFixture[str]) -> None:
    start = "123456789/111213141/516171819"
    assert main(["nummatch", "solve", start, "--rules", "easybrain", "--json"]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["status"] == "solved" and row["adds"] == 1
    assert "add" in row["moves"]
    moves = [m if m == "add" else Pair.from_xy(*m) for m in row["moves"]]
    assert check(parse_board(start), moves, "easybrain") == []


def test_classic_bound_below_limit_is_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    # 3 digits cannot be cleared without an addition; with the bound at 0 that is no proof
    args = ["nummatch", "solve", "123", "--rules", "classic", "--max-adds", "0"]
    assert main(args) == 3
    assert capsys.readouterr().out.startswith("unknown")
    assert main(["nummatch", "solve", "1/9/5", "--rules", "classic"]) == 0
    lines = capsys.readouterr().out.split()
    assert "add" in lines
    moves = [x if x == "add" else Pair.from_xy(*(int(v) for v in x.split(","))) for x in lines]
    assert check(parse_board("1/9/5"), moves, "classic") == []
