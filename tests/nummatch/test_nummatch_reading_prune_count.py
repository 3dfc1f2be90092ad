"""Reading-order presets: the deadlock pruning is sound, counting and generation are right.

Everything is checked against a brute force written here from the rules' prose (every
move order, every addition point), sharing no code with the solver.
"""

from __future__ import annotations

import json
import random
from functools import cache

import pytest
from nummatch_oracle import connected

from numpuzzles.cli.main import main
from numpuzzles.core.errors import GenerationError, InvalidParameterError
from numpuzzles.core.result import Status
from numpuzzles.nummatch import deadlock, seqsolve
from numpuzzles.nummatch.board import Board, Pair, parse_board
from numpuzzles.nummatch.check import check
from numpuzzles.nummatch.count import count_reading_sequences
from numpuzzles.nummatch.deadlock import odd_inside_forced_pair, pairs_deadlocked
from numpuzzles.nummatch.generate import generate
from numpuzzles.nummatch.rules import get_rules
from numpuzzles.nummatch.seqsolve import solve_sequence
from numpuzzles.nummatch.sequence import ADD, to_board


def _rows(flat: tuple[int, ...], w: int) -> list[list[int]]:
    rows = [list(flat[k : k + w]) for k in range(0, len(flat), w)]
    return [r for r in rows if any(r)]


def _moves(flat: tuple[int, ...], w: int, diagonals: bool) -> list[tuple[int, ...]]:
    """Every board one pair-taking move away (empty rows removed)."""
    cells = [v for r in _rows(flat, w) for v in r]
    out = []
    live = [i for i, v in enumerate(cells) if v]
    for x, a in enumerate(live):
        for b in live[x + 1 :]:
            va, vb = cells[a], cells[b]
            if (va == vb or va + vb == 10) and connected(cells, w, a, b, diagonals):
                nxt = list(cells)
                nxt[a] = nxt[b] = 0
                out.append(tuple(v for r in _rows(tuple(nxt), w) for v in r))
    return out


def _brute(w: int, diagonals: bool, stuck: bool = False) -> tuple:  # type: ignore[type-arg]
    """Whether a board clears, and how many move lists clear it, with ``adds_left``
    additions: every pair and, where the policy lets (``stuck``: only with no pair left),
    an addition."""
    @cache
    def clearable(flat: tuple[int, ...], adds_left: int) -> bool:
        if not any(flat):
            return True
        after = _moves(flat, w, diagonals)
        if any(clearable(n, adds_left) for n in after):
            return True
        if stuck and after:
            return False
        return adds_left > 0 and clearable(flat + tuple(v for v in flat if v), adds_left - 1)

    @cache
    def lists(flat: tuple[int, ...], adds_left: int) -> int:
        if not any(flat):
            return 1
        after = _moves(flat, w, diagonals)
        total = sum(lists(n, adds_left) for n in after)
        if adds_left and not (stuck and after):
            total += lists(flat + tuple(v for v in flat if v), adds_left - 1)
        return total

    return clearable, lists


def _random_flat(rnd: random.Random, zeros: bool) -> tuple[int, tuple[int, ...]]:
    width = rnd.choice([2, 3, 4, 5])
    n = rnd.randint(2, 12 if zeros else 10)
    digits = rnd.choice([[1, 9, 5, 2, 8], [1, 9, 2, 3, 4], list(range(1, 10))])
    pool = [*digits, 0, 0] if zeros else digits
    flat = tuple(rnd.choice(pool) for _ in range(n))
    return width, tuple(v for r in _rows(flat, width) for v in r)


@pytest.mark.parametrize("small_class", [2, 4, 6])
@pytest.mark.parametrize("diagonals", [False, True])
def test_deadlock_proofs_are_sound(
    small_class: int, diagonals: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whenever the pruning says "dead", no move order clears the board without additions;
    and the pruning does fire (it is not vacuous)."""
    monkeypatch.setattr(deadlock, "SMALL_CLASS", small_class)
    rnd = random.Random(11 + small_class + diagonals)
    fired = [0, 0]
    for _ in range(4000):
        width, flat = _random_flat(rnd, zeros=True)
        if not flat:
            continue
        proofs = (
            pairs_deadlocked(flat, width, diagonals),
            odd_inside_forced_pair(flat, width, diagonals),
        )
        for k, proof in enumerate(proofs):
            fired[k] += proof
        if any(proofs):
            clearable, _ = _brute(width, diagonals)
            assert not clearable(flat, 0), (flat, width, proofs)
    assert min(fired) >= 5, fired


def test_hand_made_deadlock() -> None:
    # the 1s and the 2s are the only ones of their classes and cross in reading order;
    # no column or diagonal can ever join them
    assert pairs_deadlocked((1, 2, 0, 1, 0, 2), 9, True)
    assert not pairs_deadlocked((1, 2, 2, 1), 9, True)  # nested, not crossing
    # same pairs one above the other: the column joins each pair, no deadlock
    assert not pairs_deadlocked((1, 2, 2, 1), 2, False)


def test_diagonals_after_row_removal_are_modelled() -> None:
    # 1 at (0,0) and 9 at (2,1) meet on a diagonal once row 1 empties (the 2 leaves with
    # the 8 down its column, which also empties the last row): no deadlock, and clearable
    board = (1, 0, 0, 2, 0, 0, 0, 9, 0, 8, 0, 0)
    assert not pairs_deadlocked(board, 3, True)
    assert _brute(3, True)[0](board, 0)
    # 5s (0,3)-(3,1) need row 1 or row 2 gone and the diagonal's cell in the other row
    # clear; the 6s and 7s wait for each other and for the 5s: dead, which only the
    # per-way diagonal masks see (the brute force agrees)
    dead = tuple(int(ch) for ch in "0005000000000000200670000000506020007")
    assert pairs_deadlocked(dead, 9, True)
    assert not _brute(9, True)[0](dead, 0)


@pytest.mark.parametrize("rules", ["classic", "classic+any", "easybrain"])
def test_solver_with_pruning_agrees_with_brute_force(rules: str) -> None:
    diagonals = rules == "easybrain"
    stuck = rules == "classic"
    rnd = random.Random(21 if diagonals else 22 + stuck)
    outcomes = {0: 0, 1: 0, None: 0}
    for _ in range(400):
        width, flat = _random_flat(rnd, zeros=False)
        board = to_board(flat, width)
        clearable, _ = _brute(width, diagonals, stuck)
        expected = next((k for k in (0, 1) if clearable(flat, k)), None)
        result = solve_sequence(board, get_rules(rules), max_adds=1)
        outcomes[expected] += 1
        if expected is None and result.status is Status.UNSOLVABLE:
            # proved never to clear (endless.py, the paper rule only): none with 3 either
            assert stuck and not clearable(flat, 3), str(board)
        elif expected is None:
            assert result.status is Status.UNKNOWN
        else:
            assert result.status is Status.SOLVED, str(board)
            assert result.solutions[0].count(ADD) == expected
            assert check(board, result.solutions[0], rules) == []
    assert min(outcomes.values()) >= 5, outcomes


@pytest.mark.parametrize("rules", ["classic", "classic+any", "easybrain"])
def test_move_list_count_agrees_with_brute_force(rules: str) -> None:
    diagonals = rules == "easybrain"
    stuck = rules == "classic"
    rnd = random.Random(31 if diagonals else 32 + stuck)
    nonzero = 0
    for _ in range(150):
        width, flat = _random_flat(rnd, zeros=False)
        flat = flat[:7]
        board = to_board(flat, width)
        _, lists = _brute(width, diagonals, stuck)
        fewest, counted = count_reading_sequences(board, rules, max_adds=1)
        expected = next(((k, lists(flat, k)) for k in (0, 1) if lists(flat, k)), (None, 0))
        assert (fewest, counted) == expected, str(board)
        nonzero += counted > 0
    assert nonzero >= 30


def test_count_small_known_cases_and_limits() -> None:
    # 1 9 / 5 5: take the 5s (row removed) then 1-9, or 1-9 then the 5s
    assert count_reading_sequences(parse_board("19/55"), "classic") == (0, 2)
    with pytest.raises(InvalidParameterError):
        count_reading_sequences(parse_board("123456789/111213141/516171819"), "classic")
    with pytest.raises(InvalidParameterError):
        count_reading_sequences(parse_board("19/55"), "original")


def test_classic_start_needs_one_addition_and_zero_is_proved_impossible() -> None:
    """At any time, one addition; as the paper rule has it (``classic``), two."""
    board = parse_board("123456789/111213141/516171819")
    assert solve_sequence(board, get_rules("classic+any"), max_adds=0).status is Status.UNKNOWN
    result = solve_sequence(board, get_rules("classic+any"))
    assert result.status is Status.SOLVED and result.solutions[0].count(ADD) == 1
    assert check(board, result.solutions[0], "classic+any") == []
    paper = solve_sequence(board, get_rules("classic"))
    assert paper.status is Status.SOLVED and paper.solutions[0].count(ADD) == 2
    assert check(board, paper.solutions[0], "classic") == []
    # 27 digits: some value class is odd, so no clearing without an addition exists
    counts = [0] * 6
    for v in board.cells:
        counts[min(v, 10 - v)] += 1
    assert any(c % 2 for c in counts[1:])


@pytest.mark.parametrize(
    ("rules", "width", "height", "difficulty", "adds"),
    [
        ("easybrain", 9, 4, "easy", 0),
        ("easybrain", 9, 3, "medium", 1),
        ("classic", 5, 2, "hard", 2),
        ("easybrain", 4, 2, "hard", 2),
        ("easybrain", 9, 3, None, None),
    ],
)
def test_generated_starts_replay_and_match_their_band(
    rules: str, width: int, height: int, difficulty: str | None, adds: int | None
) -> None:
    made = generate(width, height, rules=rules, seed=3, difficulty=difficulty)
    assert len(made.board.cells) == width * height
    assert check(made.board, made.moves, rules) == []
    assert made.adds == made.moves.count(ADD)
    if adds is not None:
        assert made.adds is not None and made.adds >= adds
        assert made.adds == adds or difficulty == "hard"
    # fewer additions really are impossible (brute force on the small one)
    if width * height <= 10:
        clearable, _ = _brute(width, rules == "easybrain", get_rules(rules).add_policy == "stuck")
        flat = made.board.cells
        assert made.adds is not None
        assert not any(clearable(flat, k) for k in range(made.adds))
    again = generate(width, height, rules=rules, seed=3, difficulty=difficulty)
    assert again.board == made.board
    assert all(isinstance(p, Pair) for p in made.solution)


def test_generate_rejects_impossible_requests() -> None:
    with pytest.raises(InvalidParameterError):
        generate(9, 3, rules="easybrain", difficulty="easy")  # 27 digits: odd
    with pytest.raises(GenerationError):
        generate(2, 1, rules="easybrain", difficulty="hard", max_attempts=5)


def test_cli_count_and_generate_for_reading_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["nummatch", "count", "19/55", "--rules", "classic", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    details = out["details"]
    assert details["sequences"] == 2 and details["fewest_adds"] == 0
    assert details["matchings"] is None and out["count"] == 2 and out["complete"] is True
    assert out["puzzle"]["rules"] == "classic"
    assert main(["nummatch", "count", "123456789/111213141/516171819", "--rules", "classic"]) == 2
    assert "limited to" in capsys.readouterr().err
    args = ["nummatch", "generate", "--rules", "easybrain", "--seed", "5", "--json"]
    assert main(args) == 0
    made = json.loads(capsys.readouterr().out)
    rows = "/".join("".join(map(str, row)) for row in made["puzzle"]["grid"])
    board = parse_board(rows, allow_short_last_row=True)
    assert isinstance(board, Board) and len(board.cells) == 27
    assert made["puzzle"]["rules"] == "easybrain"
    moves = [ADD if m == "add" else Pair.from_xy(*m) for m in made["solution"]]
    assert made["details"]["adds"] == moves.count(ADD)
    assert check(board, moves, "easybrain") == []


@pytest.mark.parametrize("diagonals", [True, False])
def test_pruned_search_agrees_with_unpruned_on_larger_boards(
    diagonals: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Parity-passing boards of 14-18 digits, no additions: the search decides the same
    with and without the deadlock proofs (bigger than the brute force above can reach)."""
    rnd = random.Random(8 + diagonals)
    boards = []
    while len(boards) < 150:
        pool = rnd.choice([list(range(1, 10)), [1, 9, 2, 3, 4, 5], [1, 2, 3, 7, 4, 6, 5]])
        cells = tuple(rnd.choice(pool) for _ in range(rnd.choice([14, 16, 18])))
        counts = [0] * 6
        for v in cells:
            counts[min(v, 10 - v)] += 1
        if all(c % 2 == 0 for c in counts):
            boards.append((rnd.choice([4, 5, 9]), cells))
    rules = get_rules("easybrain" if diagonals else "classic")
    pruned = [solve_sequence(to_board(c, w), rules, max_adds=0).status for w, c in boards]
    monkeypatch.setattr(seqsolve, "pairs_deadlocked", lambda *args: False)
    monkeypatch.setattr(seqsolve, "odd_inside_forced_pair", lambda *args: False)
    plain = [solve_sequence(to_board(c, w), rules, max_adds=0).status for w, c in boards]
    assert pruned == plain
    assert pruned.count(Status.SOLVED) >= 5
