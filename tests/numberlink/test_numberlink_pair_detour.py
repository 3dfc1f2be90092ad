"""Two neighbouring paths rerouted inside their own cells (``solve/pair_detour.py``),
against the brute-force oracle.

What it promises: whatever it returns is a ``blank`` solution other than the one given,
differing from it in two neighbouring paths laid inside those two paths' cells; and, given
steps enough, it finds one whenever one exists.  The oracle lists every solution of small
boards, so both halves are checked on each: a solution it returns must be one the oracle
lists (and pass the checker), and when it returns none, no listed solution may be such a
two-path reroute of the first.
"""

from __future__ import annotations

import random
from pathlib import Path

from numberlink_oracle import random_board, reroutes_agree, sparse_board

from numpuzzles.core.deadline import Deadline
from numpuzzles.numberlink.check import check
from numpuzzles.numberlink.formats import parse, parse_solution
from numpuzzles.numberlink.model import Cell, Puzzle, Rules
from numpuzzles.numberlink.solve.pair_detour import pair_detour
from numpuzzles.numberlink.solve.unique_blank import unique_blank

ADC = Path(__file__).resolve().parents[1] / "data" / "numberlink" / "adc"


def _touch(puzzle: Puzzle, a: list[Cell], b: list[Cell]) -> bool:
    near = {(r + dr, c + dc) for r, c in a for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))}
    return bool(near & set(b))


def _pair_reroute(
    puzzle: Puzzle, first: dict[int, list[Cell]], other: dict[int, list[Cell]]
) -> bool:
    """Whether ``other`` differs from ``first`` in at most two paths of neighbouring labels,
    laid inside the cells those two take in ``first``."""
    changed = [label for label in first if first[label] != other[label]]
    if not changed or len(changed) > 2:
        return False
    if len(changed) == 1:  # one path moved inside its own and a neighbour's cells
        label = changed[0]
        return any(
            _touch(puzzle, first[label], first[friend])
            and set(other[label]) <= set(first[label]) | set(first[friend])
            for friend in first
            if friend != label
        )
    a, b = changed
    region = set(first[a]) | set(first[b])
    return _touch(puzzle, first[a], first[b]) and set(other[a]) | set(other[b]) <= region


def test_pair_detour_against_brute_force() -> None:
    """800 small boards (some 360 solvable): the reroute it gives is a listed solution,
    and it gives one exactly when the list holds such a reroute of the first solution."""
    rnd = random.Random(41)
    boards = ((sparse_board if k % 2 else random_board)(rnd) for k in range(800))
    checked, found = reroutes_agree(
        boards, lambda puzzle, start: pair_detour(puzzle, start, Deadline(None), steps=10**6),
        _pair_reroute)
    assert checked > 300 and found > 50, (checked, found)


def test_adc_q10_is_shown_not_unique() -> None:
    """The organisers' answer to ADC 2015 Q10 fills the board; two of its paths trade
    cells, so the board is not unique (SAT found no second solution in 10 s)."""
    puzzle = parse((ADC / "Q10.2016.txt").read_text())[0]
    answer = parse_solution((ADC / "A10.2016.txt").read_text(), puzzle)
    second = pair_detour(puzzle, answer, Deadline(None))
    assert second is not None and second != answer
    assert check(puzzle, second, Rules.BLANK) == []
    result = unique_blank(puzzle, timeout=30)
    assert result.unique is False
    assert all(check(puzzle, s, Rules.BLANK) == [] for s in result.solutions)


def test_unique_boards_keep_their_answer() -> None:
    """ADC Q05 and Q19 are unique (proved by SAT): no pair of their answers' paths trades."""
    for name in ("05", "19"):
        puzzle = parse((ADC / f"Q{name}.2016.txt").read_text())[0]
        answer = parse_solution((ADC / f"A{name}.2016.txt").read_text(), puzzle)
        assert pair_detour(puzzle, answer, Deadline(None)) is None
