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

For the reading-order presets (``classic``, ``easybrain``) the measure is the *fewest
additions* the exact solver needs (proved minimal): ``easy`` 0, ``medium`` 1, ``hard`` 2 or
more.  A start is ``width * height`` random digits 1..9 (9 wide and 3 high by default, the
size of the classic 1..19 start); ``easy`` starts are made parity-passing first, since
with no addition every value class needs an even count.  Starts the solver cannot decide
within 20,000 nodes are skipped, never guessed (a node limit, not a time limit, so the
same seed gives the same start on any machine).  Measured (seeds 1 and 2): ``hard`` classic
starts came after 4-5 attempts on 4x3 and 19 on 5x3, but none in 300 attempts on 9x3
(classic) or 5000 (easybrain), so asking for ``hard`` there ends in a clear
``GenerationError``.

Fixed-grid boards are random digits 1..9 made parity-passing (one digit of each odd value
class is moved into another odd class), then kept only when the exact solver clears them and the
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
from .limits import check_size
from .rules import ORIGINAL, Rules, get_rules, value_class
from .sequence import Move
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
    trap_rate: float | None
    """The difficulty measure of the fixed-grid presets (None for classic/easybrain)."""
    difficulty: str
    attempts: int
    moves: tuple[Move, ...] = ()
    """The full move list, additions included (classic/easybrain; empty for fixed grids)."""
    adds: int | None = None
    """The fewest additions, the difficulty measure of classic/easybrain (None: fixed grid)."""


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
    max_attempts: int | None = None,
) -> Generated:
    """A solvable ``width`` x ``height`` board (of ``difficulty`` when given).

    Sizes run from 1 to ``limits.MAX_SIDE`` each, with at most ``limits.MAX_FIXED_CELLS``
    cells on the fixed grids and ``limits.MAX_CELLS`` under classic/easybrain; anything else is
    an ``InvalidParameterError`` before any work is done.

    ``max_attempts`` random boards are tried (default 5000 on fixed grids, 200 under
    classic/easybrain, where each attempt may cost the solver up to 20,000 nodes).
    """
    rules = get_rules(rules)
    check_size(width, height, rules)
    if difficulty is not None and difficulty not in DIFFICULTIES:
        raise InvalidParameterError(f"difficulty must be one of {', '.join(DIFFICULTIES)}")
    if not rules.fixed:
        attempts = READING_MAX_ATTEMPTS if max_attempts is None else max_attempts
        return _generate_reading(width, height, rules, seed, difficulty, attempts)
    if max_attempts is None:
        max_attempts = 5000
    if (width * height) % 2:
        raise InvalidParameterError(f"{width}x{height} has an odd number of cells: never clearable")
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


ADD_BANDS = {"easy": (0, 0), "medium": (1, 1), "hard": (2, 99)}
"""Fewest additions per difficulty under the reading-order presets."""
_READING_MAX_NODES = 20_000
READING_MAX_ATTEMPTS = 200


def _generate_reading(
    width: int, height: int, rules: Rules, seed: int, difficulty: str | None, max_attempts: int
) -> Generated:
    """A random start of ``width * height`` digits for ``classic``/``easybrain`` whose fewest
    additions fall in the band of ``difficulty`` (any solvable start when None)."""
    low, high = ADD_BANDS[difficulty] if difficulty is not None else (0, 99)
    if low == 0 and high == 0 and (width * height) % 2:
        raise InvalidParameterError(
            f"{width}x{height} has an odd number of cells: easy (no additions) is impossible"
        )
    from .seqsolve import count_adds, solve_sequence
    from .sequence import to_board

    rnd = rng(seed)
    for attempt in range(1, max_attempts + 1):
        cells = [rnd.randint(1, 9) for _ in range(width * height)]
        if high == 0:
            _parity_fixed(cells, rnd)
        board = to_board(tuple(cells), width)
        result = solve_sequence(board, rules, max_nodes=_READING_MAX_NODES, max_adds=high)
        if result.status is not Status.SOLVED:
            continue
        moves = result.solutions[0]
        adds = count_adds(moves)
        if not low <= adds <= high:
            continue
        if check(board, moves, rules.name):  # never hand out a board we cannot prove
            continue
        band = next(name for name, (a, b) in ADD_BANDS.items() if a <= adds <= b)
        pairs = tuple(m for m in moves if isinstance(m, Pair))
        return Generated(board, rules.name, pairs, None, band, attempt, moves, adds)
    raise GenerationError(
        f"no {difficulty or 'solvable'} {width}x{height} {rules.name} start in "
        f"{max_attempts} attempts"
    )
