"""Generating solvable boards, graded by how many tempting moves are traps.

Difficulty measure: the *trap rate*.  Along one random winning line (a uniformly random
safe move at every turn), count at each position the share of legal moves that turn the
board unsolvable (proved by the exact solver), and average those shares.  It says how
likely a player who picks any legal move is to ruin the board at a typical moment.  Unlike
the win rate of random play, which falls towards 0 on every board beyond about 30 digits,
it stays comparable across sizes (medians over 30 random solvable boards each: about 0.13
on 5x4, 0.27 on 6x6, 0.36 on 9x6).

* ``easy``: trap rate below 0.15;
* ``medium``: 0.15 up to 0.30;
* ``hard``: 0.30 or more.

Boards are random digits 1..9 made parity-passing (one digit of each odd value class is
moved into another odd class), then kept only when the exact solver clears them and the
trap rate falls in the asked band.  All randomness comes from the seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..core.errors import GenerationError, InvalidParameterError
from ..core.result import Status
from ..core.seeds import rng
from .board import Board, Pair
from .check import check
from .rules import ORIGINAL, Rules, get_rules, value_class
from .solve import solve_fixed as solve
from .take import legal_pairs, take

DIFFICULTIES = {"easy": (0.0, 0.15), "medium": (0.15, 0.30), "hard": (0.30, 1.01)}
_CLASS_DIGITS = {1: (1, 9), 2: (2, 8), 3: (3, 7), 4: (4, 6), 5: (5,)}


@dataclass(frozen=True)
class Generated:
    """A generated board with its proof of solvability and its difficulty measure."""

    board: Board
    rules: str
    solution: tuple[Pair, ...]
    trap_rate: float
    difficulty: str
    attempts: int


def trap_rate(board: Board, rules: Rules | str, rnd: random.Random) -> float:
    """Mean share of legal moves that make the board unsolvable, along a random winning
    line (fixed-grid presets; ``board`` must be solvable)."""
    rules = get_rules(rules)
    shares: list[float] = []
    while not board.cleared:
        legal = legal_pairs(board, rules)
        safe = []
        for pair in legal:
            after = take(board, pair, rules)
            if after is not None and solve(after, rules).status is Status.SOLVED:
                safe.append(pair)
        if not safe:
            raise GenerationError("trap_rate needs a solvable board")
        shares.append(1 - len(safe) / len(legal))
        nxt = take(board, rnd.choice(safe), rules)
        assert nxt is not None
        board = nxt
    return sum(shares) / len(shares) if shares else 0.0


def _parity_fixed(cells: list[int], rnd: random.Random) -> None:
    counts = {k: [i for i, v in enumerate(cells) if value_class(v) == k] for k in _CLASS_DIGITS}
    odd = [k for k, idx in counts.items() if len(idx) % 2]
    for a, b in zip(odd[::2], odd[1::2], strict=True):
        cells[rnd.choice(counts[a])] = rnd.choice(_CLASS_DIGITS[b])


def grade(rate: float) -> str:
    """The difficulty band of a trap rate."""
    for name, (low, high) in DIFFICULTIES.items():
        if low <= rate < high:
            return name
    return "hard"


def generate(
    width: int = 5,
    height: int = 4,
    *,
    rules: Rules | str = ORIGINAL,
    seed: int = 0,
    difficulty: str | None = None,
    max_attempts: int = 5000,
) -> Generated:
    """A solvable ``width`` x ``height`` board (of ``difficulty`` when given)."""
    rules = get_rules(rules)
    if not rules.fixed:
        raise InvalidParameterError(f"generation supports the fixed-grid presets, not {rules.name}")
    if width < 1 or height < 1 or width * height > 120:
        raise InvalidParameterError("width and height must be at least 1 and at most 120 cells")
    if (width * height) % 2:
        raise InvalidParameterError(f"{width}x{height} has an odd number of cells: never clearable")
    if difficulty is not None and difficulty not in DIFFICULTIES:
        raise InvalidParameterError(f"difficulty must be one of {', '.join(DIFFICULTIES)}")
    rnd = rng(seed)
    for attempt in range(1, max_attempts + 1):
        cells = [rnd.randint(1, 9) for _ in range(width * height)]
        _parity_fixed(cells, rnd)
        board = Board(width, height, tuple(cells))
        result = solve(board, rules, timeout=5.0)
        if result.status is not Status.SOLVED:
            continue
        rate = trap_rate(board, rules, rnd)
        band = grade(rate)
        if difficulty is not None and band != difficulty:
            continue
        solution = result.solutions[0]
        if check(board, solution, rules.name):  # never hand out a board we cannot prove
            continue
        return Generated(board, rules.name, solution, rate, band, attempt)
    raise GenerationError(
        f"no {difficulty or 'solvable'} {width}x{height} board in {max_attempts} attempts"
    )
