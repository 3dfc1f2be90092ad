"""The nummatch commands through the real entry point: output, JSON and exit codes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from numpuzzles.cli.main import main
from numpuzzles.nummatch.board import Pair, parse_board
from numpuzzles.nummatch.check import check
from numpuzzles.nummatch.randfill import randfill
from words_reader import read_cell


def _pairs(lines: list[str]) -> list[Pair]:
    return [Pair.from_xy(*(int(v) for v in line.split(","))) for line in lines]


HEADER = re.compile(r"^(?P<name>.+) \((?P<desc>[^)]*)\): (?P<summary>.+) \(\d+\.\d{3} s\)$")
COUNT = re.compile(r"^(?P<name>.+) \((?P<desc>[^)]*)\): (?P<summary>.+)$")


def _solve_text(captured: pytest.CaptureResult[str]) -> tuple[str, str, str, list[str]]:
    """Name, description and summary of the summary line, and the moves printed.

    The summary line, with its time, goes to standard error, the moves alone to standard
    output; with --count the count is the answer, so it is standard output's line.
    """
    headers = [m for line in captured.err.splitlines() if (m := HEADER.match(line))]
    if headers:
        match, moves = headers[-1], captured.out.strip().splitlines()
    else:
        line, *moves = captured.out.strip().splitlines()
        match = COUNT.match(line)
        assert match is not None, line
    return match["name"], match["desc"], match["summary"], moves


def test_solve_prints_a_legal_move_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["nummatch", "solve", "--randfill", "3648"]) == 0
    name, desc, summary, lines = _solve_text(capsys.readouterr())
    assert (name, desc, summary) == ("randfill 3648", "5x4, original", "solved")
    assert len(lines) == 10
    assert check(randfill(3648), _pairs(lines)) == []


def test_solve_board_argument_and_unsolvable(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["nummatch", "solve", "18866/62725/32795/34448"]) == 1
    assert _solve_text(capsys.readouterr()) == ("puzzle", "5x4, original", "no solution", [])


def test_quiet_prints_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["nummatch", "solve", "--quiet", "--randfill", "924"]) == 0
    assert main(["nummatch", "solve", "--quiet", "--randfill", "666"]) == 1
    assert capsys.readouterr().out == ""


def test_seed_range_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["nummatch", "solve", "--randfill", "3646..3648", "--json"]) == 1
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["source"] for r in rows] == ["randfill 3646", "randfill 3647", "randfill 3648"]
    assert [r["status"] for r in rows] == ["unsolvable", "unsolvable", "solved"]
    assert [r["solution"] for r in rows[:2]] == [None, None]
    assert all(r["complete"] for r in rows[:2])
    last = rows[-1]
    assert last["puzzle"] == {
        "width": 5, "height": 4, "rules": "original",
        "grid": [[7, 1, 7, 1, 6], [5, 6, 6, 3, 5], [3, 2, 9, 9, 8], [4, 3, 3, 6, 4]],
    }
    assert set(last) >= {"solution", "details", "seconds", "count"}
    assert set(last["details"]) == {"nodes", "conflicts", "timed_out"}
    assert not {"board", "moves", "rules", "seed"} & set(last)
    assert check(randfill(3648), [Pair.from_xy(*m) for m in last["solution"]]) == []


def test_seed_bfs_cap_gives_exit_3(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["nummatch", "solve", "55555/55555", "--algorithm", "seed-bfs", "--max-boards", "5"]
    assert main(args) == 3
    _, _, summary, moves = _solve_text(capsys.readouterr())
    assert summary == "undecided: a limit stopped the search" and moves == []
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
    name, _, text = capsys.readouterr().out.strip().partition(": ")
    assert name == "puzzle"
    # the pair in a player's words: both digits, both cells, and why they match
    said = re.fullmatch(r"take the (\d) in (row \d+, column \d+) and the (\d) in "
                        r"(row \d+, column \d+) \((equal|they add up to ten)\)", text)
    assert said is not None, text
    board = parse_board("1919/5555")
    move = [Pair(read_cell(said.group(2)), read_cell(said.group(4)))]
    digits = (int(said.group(1)), int(said.group(3)))
    assert digits == (board.value(move[0].a), board.value(move[0].b))
    assert said.group(5) == ("equal" if digits[0] == digits[1] else "they add up to ten")
    assert main(["nummatch", "hint", "1919/5555", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["status"] == "solved" and record["hint"]["move"] == list(move[0].xy())
    assert main(["nummatch", "hint", "18866/62725/32795/34448"]) == 1
    assert capsys.readouterr().out.strip() == "puzzle: no move keeps it solvable"
    # the hinted move leaves a solvable board: the rest of a solution must exist
    from numpuzzles.nummatch.solve import solve
    from numpuzzles.nummatch.take import take

    after = take(board, move[0])
    assert after is not None and solve(after).solutions


def test_analyse_names_first_moves_in_cells_the_json_moves_are(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The text's first moves (``r2c5-r3c5``, for a setter) are the JSON's ``x1,y1,x2,y2``
    moves, pair for pair, and each is a legal pair of the board."""
    board = "79393/44136/33996/98387"
    assert main(["nummatch", "analyse", board, "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    moves = record["details"]["good_first_moves"]
    assert main(["nummatch", "analyse", board]) == 0
    (line,) = [x for x in capsys.readouterr().out.splitlines()
               if x.startswith("good first moves: ")]
    said = [re.fullmatch(r"r(\d+)c(\d+)-r(\d+)c(\d+)", t) for t in line.split()[3:]]
    read = [[int(m.group(2)) - 1, int(m.group(1)) - 1, int(m.group(4)) - 1, int(m.group(3)) - 1]
            for m in said if m is not None]
    assert len(read) == len(said) and read == moves and moves
    grid = parse_board(board)
    for x1, y1, x2, y2 in moves:
        a, b = grid.value((y1, x1)), grid.value((y2, x2))
        assert a == b or a + b == 10


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
    again = json.loads(capsys.readouterr().out)
    # everything but the time taken is reproducible
    assert {**again, "seconds": None} == {**first, "seconds": None}
    assert first["id"] == "nummatch:original,width=5,height=4,difficulty=medium#7"
    assert first["seed"] == 7 and first["params"]["difficulty"] == "medium"
    grid = first["puzzle"]["grid"]
    board = parse_board("/".join("".join(map(str, row)) for row in grid))
    assert (board.width, board.height) == (5, 4) and first["puzzle"]["rules"] == "original"
    assert first["difficulty"] == "medium" and 0.15 <= first["details"]["trap_rate"] < 0.30
    assert check(board, [Pair.from_xy(*m) for m in first["solution"]]) == []


def test_easybrain_solve_json_with_adds(capsys: pytest.CaptureFixture[str]) -> None:
    start = "123456789/111213141/516171819"
    assert main(["nummatch", "solve", start, "--rules", "easybrain", "--json"]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["status"] == "solved" and row["solution"].count("add") == 1
    assert row["puzzle"]["rules"] == "easybrain"
    moves = [m if m == "add" else Pair.from_xy(*m) for m in row["solution"]]
    assert check(parse_board(start), moves, "easybrain") == []


def test_a_game_that_never_ends_is_decided_by_solve_and_count(
        capsys: pytest.CaptureFixture[str]) -> None:
    # Tom Nick's "infinite" position (tests/data/nummatch/take-ten.txt): after the two 5s no
    # pair ever appears again, and the paper rule adds numbers only when none is left
    board = "023000000/000000040/000100000/000400000/000100000/005050071/81"
    assert main(["nummatch", "solve", board, "--rules", "classic"]) == 1
    _, _, summary, moves = _solve_text(capsys.readouterr())
    assert (summary, moves) == ("no solution", [])
    assert main(["nummatch", "count", board, "--rules", "classic"]) == 1
    out = capsys.readouterr().out
    assert out == ("no clearing with any number of additions (the game never ends): "
                   "0 move lists\n")
    assert main(["nummatch", "count", board, "--rules", "classic", "--json"]) == 1
    record = json.loads(capsys.readouterr().out)
    assert record["count"] == 0 and record["complete"] is True


def test_classic_bound_below_limit_is_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    # 3 digits cannot be cleared without an addition; with the bound at 0 that is no proof
    # that the board never clears, but the bound itself was searched to the end: it says so
    args = ["nummatch", "solve", "123", "--rules", "classic", "--max-adds", "0"]
    assert main(args) == 3
    _, desc, summary, moves = _solve_text(capsys.readouterr())
    assert (desc, moves) == ("3x1, classic", [])
    assert summary == ("undecided: no clearing without an addition (searched to the end); "
                       "classic allows more (--max-adds)")
    args = ["nummatch", "solve", "123", "--rules", "easybrain", "--max-adds", "0"]
    assert main(args) == 3
    _, _, summary, _ = _solve_text(capsys.readouterr())
    assert summary == ("undecided: no clearing without an addition (searched to the end); "
                       "easybrain allows 5 (--max-adds)")
    # nawglan-11r of the corpus needs 3 additions under the paper rule
    args = ["nummatch", "solve", "172845361/94", "--rules", "classic", "--max-adds", "1"]
    assert main(args) == 3
    _, _, summary, _ = _solve_text(capsys.readouterr())
    assert summary.startswith("undecided: no clearing with up to 1 addition (searched")
    assert main(["nummatch", "solve", "1/9/5", "--rules", "classic"]) == 0
    _, _, summary, lines = _solve_text(capsys.readouterr())
    assert summary == "solved"
    assert "add" in lines
    moves = [x if x == "add" else Pair.from_xy(*(int(v) for v in x.split(","))) for x in lines]
    assert check(parse_board("1/9/5"), moves, "classic") == []


def test_check_valid_and_invalid_move_lists(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = "71716/56635/32998/43364"  # randfill(3648)
    assert main(["nummatch", "solve", board]) == 0
    _, _, _, moves = _solve_text(capsys.readouterr())
    assert check(randfill(3648), _pairs(moves)) == []
    listed = tmp_path / "moves.txt"
    listed.write_text("\n".join(moves) + "\n")
    assert main(["nummatch", "check", board, str(listed)]) == 0
    assert capsys.readouterr().out.strip() == "puzzle: valid (5x4, original)"
    # moves separated by spaces, and the board from --randfill
    assert main(["nummatch", "check", "--randfill", "3648", "--solution", " ".join(moves)]) == 0
    assert capsys.readouterr().out.strip() == "randfill 3648: valid (5x4, original)"
    # a list that stops early leaves digits: invalid, exit 1, as the checker says
    assert main(["nummatch", "check", board, " ".join(moves[:3])]) == 1
    out = capsys.readouterr().out
    assert out.strip() == "puzzle: invalid (5x4, original): 14 digits remain after the last move"
    assert check(randfill(3648), _pairs(moves[:3])) != []
    # a pair that is neither equal nor sums to ten
    assert main(["nummatch", "check", board, "0,0,1,0", "--json"]) == 1
    record = json.loads(capsys.readouterr().out)
    assert record["valid"] is False and record["puzzle"]["grid"][0] == [7, 1, 7, 1, 6]
    # the move as the file writes it (x1,y1,x2,y2), then its cells in people's words
    assert record["violations"][0]["message"].startswith(
        "move 1 (0,0,1,0: row 1, column 1 and row 1, column 2): 7 and 1 are")
    # the moves in reverse order break the connection rule
    assert main(["nummatch", "check", board, " ".join(reversed(moves))]) == 1
    assert "not connected" in capsys.readouterr().out


def test_check_reads_a_solve_record_and_additions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["nummatch", "solve", "1/9/5", "--rules", "classic", "--json"]) == 0
    answer = tmp_path / "answer.json"
    answer.write_text(capsys.readouterr().out)
    assert "add" in json.loads(answer.read_text())["solution"]
    assert main(["nummatch", "check", "1/9/5", str(answer), "--rules", "classic"]) == 0
    assert capsys.readouterr().out.strip() == "puzzle: valid (1x3, classic)"
    # without the addition the three digits cannot be cleared
    assert main(["nummatch", "check", "1/9/5", "0,0,0,1", "--rules", "classic"]) == 1
    assert "invalid (1x3, classic)" in capsys.readouterr().out


@pytest.mark.parametrize("solution", ["0,0,1", "0,0,1,x", "take 0 0"])
def test_check_bad_move_text_is_one_line_exit_2(
    solution: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["nummatch", "check", "71716/56635/32998/43364", solution]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "x1,y1,x2,y2 or add" in err


def test_convert_round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = tmp_path / "boards.txt"
    text.write_text("71716\n56635\n32998\n43364\n\n123456789\n12\n")
    target = tmp_path / "boards.json"
    args = ["nummatch", "convert", str(text), "--rules", "easybrain", "--to", "json"]
    assert main([*args, "-o", str(target)]) == 0
    assert capsys.readouterr().out == ""
    records = [json.loads(line) for line in target.read_text().splitlines()]
    assert [r["rules"] for r in records] == ["easybrain", "easybrain"]
    assert records[1]["grid"] == [[1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2]]
    assert main(["nummatch", "convert", str(target), "--to", "text"]) == 0
    assert capsys.readouterr().out == text.read_text()
    # the JSON keeps the rules: solving it needs no --rules
    assert main(["nummatch", "solve", str(target), "--json"]) == 0
    solved = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["puzzle"]["rules"] for r in solved] == ["easybrain", "easybrain"]


def test_unique_and_count_are_undecided_not_blamed_on_a_limit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The solver proves one clearing; it never says how many there are.  So --unique and
    --count leave the question open (exit 3) and say why, without blaming a time limit or
    a --limit nobody set ('nummatch count' is the command that counts)."""
    board = "71716/56635/32998/43364"
    assert main(["nummatch", "solve", board, "--unique"]) == 3
    _, _, summary, moves = _solve_text(capsys.readouterr())
    assert summary == "solved; uniqueness undecided (this solver looks for one solution only)"
    assert check(randfill(3648), _pairs(moves)) == []
    assert main(["nummatch", "solve", board, "--count"]) == 3
    _, _, summary, moves = _solve_text(capsys.readouterr())
    assert summary == "at least 1 solution (undecided: this solver looks for one solution only)"
    assert moves == []
    assert main(["nummatch", "solve", board, "--limit", "3"]) == 0
    _, _, summary, moves = _solve_text(capsys.readouterr())
    assert "--limit" not in summary and "time limit" not in summary and len(moves) == 10
    # a proof of no solution answers both questions
    assert main(["nummatch", "solve", "18866/62725/32795/34448", "--unique"]) == 1
    assert _solve_text(capsys.readouterr())[2] == "no solution"
