"""The first frontier counter, in plain Python over tuples: a reference for ``counter.py``.

``counter.py`` runs the same dynamic programme over packed integers in a compiled kernel,
about fifty times faster; this version stays as a second, independent implementation the
tests compare it with, and as the "old counter" column of ``bench/count_bench.py``.

Enumerating solutions one by one (what the SAT solver's ``limit=None`` does) cannot reach
counts like 2·10^10.  This module sweeps the board cell by cell in row-major order and keeps,
for every way the already-decided cells can cross the frontier, how many partial solutions
lead to it.  A crossing edge carries a token: a label (the piece is attached to one of that
label's ends) or an anonymous piece whose two open ends are both on the frontier (tokens
``-1, -2, ...``, renumbered in order along the frontier so equal states meet).

Rule sets: ``blank`` and ``fill``.  Closed loops are never formed, so under ``blank`` a
solution is counted once however many empty loops could be added to it, as the solver
counts.  ``fill-notouch`` needs more state and is not supported here.
"""

from __future__ import annotations

from ...core.deadline import Deadline
from ...core.errors import InvalidParameterError
from ..model import BLOCKED, Puzzle, Rules
from .views import transposed

State = tuple[int, ...]


def _normal(state: list[int]) -> State:
    """Renumber anonymous pieces -1, -2, ... in order of first appearance."""
    names: dict[int, int] = {}
    out = []
    for token in state:
        if token < 0:
            if token not in names:
                names[token] = -len(names) - 1
            out.append(names[token])
        else:
            out.append(token)
    return tuple(out)


def _join(state: list[int], a: int, b: int) -> bool:
    """Join the pieces carrying tokens ``a`` and ``b`` (already removed from ``state``).

    Returns False when the join is illegal (two different labels, or a closed loop).
    """
    if a > 0 and b > 0:
        return a == b
    if a < 0 and b < 0:
        if a == b:
            return False  # would close a loop
        for i, token in enumerate(state):
            if token == b:
                state[i] = a
        return True
    label, piece = (a, b) if a > 0 else (b, a)
    for i, token in enumerate(state):
        if token == piece:
            state[i] = label
    return True


MAX_STATES = 1_000_000
"""Frontier states kept at once before giving up (memory, not correctness)."""


def reference_count(
    puzzle: Puzzle,
    rules: Rules = Rules.BLANK,
    deadline: Deadline | None = None,
    max_states: int = MAX_STATES,
) -> int | None:
    """The exact number of solutions under ``rules`` (``blank`` or ``fill``).

    None when the deadline passed or the frontier grew beyond ``max_states`` (a limit,
    not an answer).  The sweep runs along the longer side so the frontier is the shorter.
    """
    if rules is Rules.FILL_NOTOUCH:
        raise InvalidParameterError("the frontier counter handles 'blank' and 'fill' only")
    if puzzle.width > puzzle.height:
        puzzle = transposed(puzzle)
    w, h, cells = puzzle.width, puzzle.height, puzzle.cells
    fill = rules is Rules.FILL
    fresh = -(w + 2)  # a token no normalised state uses
    # state: w down-tokens followed by the right-token of the previous cell
    states: dict[State, int] = {(0,) * (w + 1): 1}
    for index in range(w * h):
        if deadline is not None and deadline.expired():
            return None
        r, c = divmod(index, w)
        value = cells[index]
        can_right = c < w - 1 and cells[index + 1] != BLOCKED
        can_down = r < h - 1 and cells[index + w] != BLOCKED
        nxt: dict[State, int] = {}
        for state, ways in states.items():
            up, left = state[c], state[w]
            base = list(state)
            base[c] = 0
            base[w] = 0
            results: list[list[int]] = []
            if value == BLOCKED:
                if up == 0 and left == 0:
                    results.append(base)
            elif value > 0:
                incoming = [t for t in (up, left) if t != 0]
                if len(incoming) == 2:
                    continue
                if len(incoming) == 1:
                    s = list(base)
                    if _join(s, incoming[0], value):
                        results.append(s)
                else:
                    if can_right:
                        s = list(base)
                        s[w] = value
                        results.append(s)
                    if can_down:
                        s = list(base)
                        s[c] = value
                        results.append(s)
            else:
                if up != 0 and left != 0:
                    s = list(base)
                    if _join(s, up, left):
                        results.append(s)
                elif up != 0 or left != 0:
                    token = up or left
                    if can_right:
                        s = list(base)
                        s[w] = token
                        results.append(s)
                    if can_down:
                        s = list(base)
                        s[c] = token
                        results.append(s)
                else:
                    if not fill:
                        results.append(base)
                    if can_right and can_down:
                        s = list(base)
                        s[c] = s[w] = fresh
                        results.append(s)
            for s in results:
                key = _normal(s)
                nxt[key] = nxt.get(key, 0) + ways
        states = nxt
        if len(states) > max_states:
            return None
    return states.get((0,) * (w + 1), 0)
