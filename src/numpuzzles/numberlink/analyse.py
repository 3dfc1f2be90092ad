"""``analyse``: a Numberlink (or Arukone) puzzle as its setter needs to see it (issue 24).

What it answers (``core.analysis.Analysis``): whether the puzzle is solvable, how many
solutions it has (exact from the counter, ``count.solutions``, when that finishes in
time; else "at least" the distinct solutions seen), what every solution agrees on (each
cell's label, 0 for a cell every ``blank`` solution leaves empty, and the joins every
solution uses) from the SAT backbone (``solve.backbone``: never by listing solutions),
the grade of a unique puzzle (``generate.grade``), and for a puzzle with several
solutions one change, proved to leave exactly one.  The exact count, for up to
``LIST_ALL`` solutions, is a listing on the backbone's own solver once it settled.

Why the suggestion looks where the solutions differ: a change far from that region
cannot tell the solutions apart.  The kinds are the changes a setter makes: moving one
end of a label whose paths cross that region to a cell of it nearby, adding a pair on two
of its cells, removing a pair.  Under ``fill`` they are tried in that order (the fewest
clues touched first).  Under ``blank`` the solutions seen also say, without a solve, which
changes keep a solution (a new pair on cells one solution leaves empty and joins through
empty cells; an end moved onto a solution's own path) and which keep two (useless, so
skipped): the changes that keep exactly one go first, additions before moves.

How a candidate is proved: all of them are put into one SAT model (``solve.edits``), each
chosen by assumptions, so a candidate costs one or two calls on a solver that keeps what
it learnt, not a model of its own (which cost ten times the calls: 5-40 ms a candidate on
10x10 to 15x15 boards, measured with cProfile).  Calls run under a conflict budget
(``FIRST_BUDGET``), the candidates left over tried again with ten times more, so one hard
candidate cannot hold up the easy ones behind it; the time limit (``SUGGEST_SECONDS``
without one) ends the search, and the analysis then says it timed out.  The solution of
the change that is returned is also checked by the independent checker (``check``).
Why one model for all the candidates: models of 20, 40, 80, ... candidates in turn build
faster (at 25x25 the first 0.10 s in place of 0.15 s under ``fill``, 0.15 s in place of
0.34-0.42 s under ``blank``) but learn apart, and the 25x25 ``fill`` case with 90
solutions went from 3-5 s to its 10 s limit (measured, then dropped).
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from ..core.analysis import Analysis, Cell, Edge, Suggestion
from ..core.deadline import Deadline
from ..core.family import Ruled
from ..core.result import Status
from ..core.words import cell_words
from .formats import jsonfmt
from .model import BLOCKED, EMPTY, Puzzle, Rules, Solution

if TYPE_CHECKING:
    from ..core.violation import Violation
    from .solve.backbone import Backbone
    from .solve.edits import Attempt

SUGGEST_SECONDS = 10.0
"""Without a time limit, the longest the search for a suggestion runs."""
BACKBONE_SHARE = 0.6
"""With a time limit, the part of it the backbone may take (the count, the grade and the
suggestion share the rest)."""
COUNT_SHARE = 0.5
"""With a time limit, the part of what the backbone left that the counter may take."""
MOVE_TARGETS = 8
"""Cells tried for each end a move may take: the nearest ones in the differing region."""
LIST_ALL = 1_000
"""Up to this many solutions are listed for the count (``_count``)."""
ADD_PAIRS = 40
"""Pairs tried in the differing region under the ``fill`` rules (beyond the ones one
solution's empty cells give under ``blank``)."""
FIRST_BUDGET = 1_000
"""SAT conflicts a call that each candidate gets in the first round; each later round, for
the candidates left undecided, ten times more (``solve.edits.EditModel.advance``).
Measured on ``bench/analyse_bench.py``'s 25x25 ``fill`` cases (the 10x10-15x15 ones hardly
move): 500, 1,000, 2,000 and no budget gave 2.2, 0.6, 2.3 and 1.3 s on the case with 6
solutions, whose 19th candidate is the first proved (SAT's luck moves it by a factor of
three either way), and the same on the others within noise."""


def analyse(
    puzzle: Ruled[Puzzle], *, timeout: float | None = None, suggest: bool = True
) -> Analysis:
    """The setter's view of ``puzzle`` within ``timeout`` seconds (see the module
    docstring); ``suggest`` False leaves the suggestion out (it costs a solve a candidate,
    the rest one backbone and one count: ``bench/analyse_bench.py`` times both)."""
    from .solve.backbone import backbone
    from .solve.reach import label_domains

    deadline = Deadline(timeout)
    board, rules = puzzle.puzzle, Rules(puzzle.rules)
    domains = label_domains(board)
    if domains is None:
        return Analysis(Status.UNSOLVABLE, 0, True, seconds=deadline.elapsed())
    bone = backbone(
        board, rules, domains, _share(deadline, BACKBONE_SHARE), list_limit=LIST_ALL + 1
    )
    found = bone.solutions
    if bone.settled and not found:
        return Analysis(Status.UNSOLVABLE, 0, True, seconds=deadline.elapsed())
    common = _common(board, bone.cells) if bone.settled and found else None
    edges = _edges(board, bone.edges) if common is not None else ()
    differ = tuple(
        (r, c) for r, row in enumerate(common or []) for c, v in enumerate(row) if v is None
    )
    every = False
    if bone.settled and len(found) == 1:
        # every cell and join agrees with the one solution: it is the only one
        count, complete = 1, True
    else:
        count, complete, found, every = _count(board, rules, bone, deadline)
    if count == 0 and complete:
        return Analysis(Status.UNSOLVABLE, 0, True, seconds=deadline.elapsed())
    status = Status.SOLVED if found else Status.UNKNOWN
    if complete and count == 1 and common is None and found:
        # the backbone ran out of time, but the counter proved the one solution seen
        common, edges = _settled(found[0])
    difficulty = None
    if complete and count == 1:
        from .generate.grade import grade

        difficulty = grade(board, rules).grade.value
    suggestion, gave_up = None, False
    if suggest and len(found) >= 2:
        region = differ or _where_differ(found)
        suggestion, gave_up = suggestion_for(
            puzzle, found, region, _suggest_deadline(deadline), every=every
        )
    return Analysis(
        status=status, count=count, complete=complete, common=common, common_edges=edges,
        differ=differ, difficulty=difficulty, suggestion=suggestion,
        details={"backbone_calls": bone.calls},
        timed_out=not bone.settled or not complete or gave_up,
        seconds=deadline.elapsed(),
    )


def _share(deadline: Deadline, share: float) -> Deadline:
    left = deadline.remaining()
    return Deadline(None if left is None else left * share)


def _suggest_deadline(deadline: Deadline) -> Deadline:
    left = deadline.remaining()
    return Deadline(SUGGEST_SECONDS if left is None else left)


def _count(
    board: Puzzle, rules: Rules, bone: Backbone, deadline: Deadline
) -> tuple[int, bool, tuple[Solution, ...], bool]:
    """The exact count when it can be had in time, else the solutions seen as a lower
    bound; the solutions to go on with; and whether they are every solution.

    Up to ``LIST_ALL`` solutions are listed first: by the backbone's own solver once it
    settled (``Backbone.listed``), else by ``solve`` (a share of the time): on 25x25
    boards a few hundred take a second or less, where the frontier counter
    (``count_solutions``, which lists for a fixed 0.3 s only) read for several.  Under
    ``blank`` the list goes on to the suggestion, which judges candidates against every
    solution (``_kept``).  Beyond that the counter counts."""
    from .count.solutions import count_solutions
    from .solve.dispatch import solve

    found = bone.solutions
    if bone.every:
        if rules is Rules.BLANK:
            return len(bone.listed), True, bone.listed, True
        return len(bone.listed), True, found, False
    if not bone.listed:
        listed = solve(
            board, rules=rules, limit=LIST_ALL + 1,
            timeout=_share(deadline, COUNT_SHARE).remaining(),
        )
        if listed.complete:
            if rules is Rules.BLANK or not found:
                return listed.count, True, listed.solutions, True
            return listed.count, True, found, False
        found = found or listed.solutions
    result = count_solutions(board, rules=rules, timeout=_share(deadline, COUNT_SHARE).remaining())
    if not found:
        found = result.solutions
    if result.complete:
        return result.count, True, found, False
    return max(result.count, len(found)), False, found, False


def _common(board: Puzzle, cells: dict[int, int]) -> list[list[int | None]]:
    """The grid: ends and blocked cells as given, free cells their backbone value."""
    w = board.width
    grid: list[list[int | None]] = []
    for r in range(board.height):
        row: list[int | None] = []
        for c in range(w):
            i = r * w + c
            given = board.cells[i]
            row.append(given if given != EMPTY else cells.get(i))
        grid.append(row)
    return grid


def _edges(board: Puzzle, edges: frozenset[tuple[int, int]]) -> tuple[Edge, ...]:
    w = board.width
    return tuple(sorted((divmod(a, w), divmod(b, w)) for a, b in edges))


def _settled(solution: Solution) -> tuple[list[list[int | None]], tuple[Edge, ...]]:
    """A unique puzzle's common grid and joins: its one solution's."""
    grid: list[list[int | None]] = [list(row) for row in solution.rows()]
    joins = sorted(
        (min(a, b), max(a, b)) for _label, cells in solution.paths for a, b in pairwise(cells)
    )
    return grid, tuple(joins)


def _where_differ(found: tuple[Solution, ...]) -> tuple[Cell, ...]:
    """Cells where the solutions seen differ (when the backbone ran out of time)."""
    first = found[0]
    return tuple(
        divmod(i, first.width)
        for i, v in enumerate(first.cells)
        if any(other.cells[i] != v for other in found[1:])
    )


# --- the suggestion -------------------------------------------------------------------


@dataclass(frozen=True)
class _Candidate:
    kind: str
    message: str
    cells: tuple[Cell, ...]
    puzzle: Puzzle
    edit: tuple[tuple[int, int], ...]
    """The change as ``solve.edits`` takes it: (cell index, new value) in ``board``'s own
    labels (a removal renumbers ``puzzle``'s letters, never the edit's labels)."""
    kept: int = 0
    """Under ``blank``: ``_kept``'s answer, found once when the candidates are ordered."""


def suggestion_for(
    puzzle: Ruled[Puzzle],
    found: tuple[Solution, ...],
    region: tuple[Cell, ...],
    deadline: Deadline,
    *,
    every: bool = False,
) -> tuple[Suggestion | None, bool]:
    """A candidate change (see the module docstring) proved to leave exactly one solution
    (None when none does), and whether ``deadline`` stopped the search first: the first
    in candidate order among those proved within a round's conflict budget.  ``every``:
    ``found`` holds every solution (``_kept``)."""
    from .check import check
    from .solve.edits import EditModel

    rules = Rules(puzzle.rules)
    tried: set[tuple[int, ...]] = set()
    todo: list[_Candidate] = []
    for candidate in _candidates(puzzle.puzzle, rules, found, region):
        if candidate.puzzle.cells in tried:
            continue
        tried.add(candidate.puzzle.cells)
        if rules is Rules.BLANK:
            kept = candidate.kept
            if kept >= 2 or (every and kept == 0 and candidate.kind == "add-pair"):
                continue  # two solutions survive the change, or none can: no solve needed
        todo.append(candidate)
    if not todo:
        return None, False
    if deadline.expired():
        return None, True
    with EditModel(puzzle.puzzle, rules, [dict(c.edit) for c in todo], deadline) as model:
        pending = [(candidate, model.start(dict(candidate.edit))) for candidate in todo]
        budget = FIRST_BUDGET
        while pending:
            later: list[tuple[_Candidate, Attempt]] = []
            for candidate, attempt in pending:
                done = model.advance(attempt, budget)
                if done is None:
                    return None, True
                if not done:
                    later.append((candidate, attempt))
                elif attempt.count == 1:
                    proved = _proved(puzzle, rules, candidate, attempt, check)
                    if proved is not None:
                        return proved, False
            pending, budget = later, budget * 10
    return None, False


def _proved(
    puzzle: Ruled[Puzzle],
    rules: Rules,
    candidate: _Candidate,
    attempt: Attempt,
    check: Callable[[Puzzle, Solution, Rules], list[Violation]],
) -> Suggestion | None:
    """``candidate`` as the suggestion, ``attempt`` having proved it leaves one solution;
    None if the independent checker rejects that solution (never met: the tests hold
    ``solve.edits`` to an oracle, but a wrong suggestion would cost a setter a puzzle)."""
    board = puzzle.puzzle
    edited = list(board.cells)
    for index, value in candidate.edit:
        edited[index] = value
    if check(Puzzle(board.width, board.height, tuple(edited)), attempt.solutions[0], rules):
        return None
    changed = Ruled(candidate.puzzle, puzzle.rules)
    shown: dict[str, Any] = {**jsonfmt.puzzle_json(changed.puzzle), "rules": changed.rules}
    return Suggestion(candidate.kind, candidate.message, candidate.cells, shown)


def _candidates(
    board: Puzzle, rules: Rules, found: tuple[Solution, ...], region: tuple[Cell, ...]
) -> Iterator[_Candidate]:
    """Moves, then additions, then removals (under the ``fill`` rules only those that pass
    ``_balanced``).  Under ``blank`` first the additions and
    then the moves that keep one solution seen (``_kept``), so solvable for sure: measured
    on generated 10x10 and 12x12 boards with a pair removed or an end moved (3 to 398
    solutions), a new pair was the change that worked, a moved end never."""
    moves = _moves(board, rules, found, region)
    additions = _additions(board, rules, found, region)
    if rules is not Rules.BLANK:
        for candidate in [*moves, *additions, *_removals(board, found, region)]:
            if _balanced(candidate.puzzle):
                yield candidate
        return
    empties = [_empty(board, solution) for solution in found]
    later: list[_Candidate] = []
    for candidate in [*additions, *moves, *_removals(board, found, region)]:
        kept = replace(candidate, kept=_kept(board, candidate, found, empties))
        if kept.kind != "remove-pair" and kept.kept == 1:
            yield kept
        else:
            later.append(kept)
    yield from later


def _empty(board: Puzzle, solution: Solution) -> set[Cell]:
    """The free cells ``solution`` leaves empty."""
    w = board.width
    return {
        divmod(i, w) for i, v in enumerate(solution.cells) if v == EMPTY and board.cells[i] == EMPTY
    }


def _balanced(board: Puzzle) -> bool:
    """Whether ``board`` passes the ``fill`` rules' colour count (else it has no solution).

    Colour the grid like a chessboard.  A path of odd length has both ends on one colour
    and one cell more of it than of the other; a path of even length has as many of both.
    Every free cell lies on a path, so the cells' surplus of black over white equals the
    labels with both ends black less those with both ends white.  So a moved end must
    keep its colour, a new pair and a removed pair have one end on each: half of all
    candidates fail this, at no cost (measured: the moves that worked went two steps).
    """
    w = board.width
    surplus = ends = 0
    for index, value in enumerate(board.cells):
        if value == BLOCKED:
            continue
        colour = 1 if (index // w + index % w) % 2 == 0 else -1
        surplus += colour
        if value > 0:
            ends += colour
    return 2 * surplus == ends


def _kept(
    board: Puzzle, candidate: _Candidate, found: tuple[Solution, ...], empties: list[set[Cell]]
) -> int:
    """Under ``blank``: how many distinct solutions of the changed puzzle the solutions
    seen give at once (at most 2 from each).  A moved end onto a solution's own path keeps
    that path cut short; a new pair whose cells a solution leaves empty and joins through
    empty cells keeps it with each such route added (``_routes``); a removed pair keeps
    every solution without that path.  Two kept solutions prove the change useless without
    a solve.  When ``found`` holds every solution, a new pair that keeps none has none
    (a solution with it, less its path, is a solution without it)."""
    w = board.width
    kept: set[frozenset[tuple[int, tuple[Cell, ...]]]] = set()
    if candidate.kind == "move-end":
        end, target = candidate.cells
        label = board.cells[end[0] * w + end[1]]
        for solution in found:
            path = solution.path(label)
            if target not in path or len(kept) >= 2:
                continue
            if path[0] == end:
                path = path[::-1]
            cut = path[: path.index(target) + 1]
            kept.add(frozenset(
                (k, cut if k == label else cells) for k, cells in solution.paths
            ))
    elif candidate.kind == "add-pair":
        a, b = candidate.cells
        for solution, empty in zip(found, empties, strict=True):
            if len(kept) >= 2:
                break
            if a in empty and b in empty and b in _farthest(a, empty)[1]:
                for route in range(_routes(a, b, empty)):
                    kept.add(frozenset([*solution.paths, (-1 - route, (a, b))]))
    else:
        end = candidate.cells[0]
        label = board.cells[end[0] * w + end[1]]
        for solution in found:
            kept.add(frozenset((k, cells) for k, cells in solution.paths if k != label))
            if len(kept) >= 2:
                break
    return len(kept)




def _distance(a: Cell, b: Cell) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def _involved(board: Puzzle, found: tuple[Solution, ...], region: tuple[Cell, ...]) -> list[int]:
    """Labels whose path crosses the differing region in a solution seen, most cells first."""
    inside = set(region)
    crossing: dict[int, int] = {}
    for solution in found:
        for label, cells in solution.paths:
            hits = sum(1 for cell in cells if cell in inside)
            if hits:
                crossing[label] = max(crossing.get(label, 0), hits)
    return sorted(crossing, key=lambda label: (-crossing[label], label))


def _moves(
    board: Puzzle, rules: Rules, found: tuple[Solution, ...], region: tuple[Cell, ...]
) -> Iterator[_Candidate]:
    """One end of a label crossing the region moved to one of the ``MOVE_TARGETS`` free
    cells of the region nearest it; all labels' moves nearest first (measured under
    ``fill`` on generated 10x10 to 13x13 boards with a pair removed or an end moved: the
    moves that worked were mostly two steps long)."""
    w = board.width
    free = [cell for cell in region if board.cells[cell[0] * w + cell[1]] == EMPTY]
    moves: list[tuple[int, int, Cell, Cell]] = []
    for rank, label in enumerate(_involved(board, found, region)):
        for end in board.endpoints()[label]:
            # under the fill rules an end keeps its colour (``_balanced``): even steps
            near = sorted(
                (_distance(end, t), t) for t in free
                if rules is Rules.BLANK or _distance(end, t) % 2 == 0
            )[:MOVE_TARGETS]
            moves.extend((steps, rank, end, t) for steps, t in near)
    moves.sort()
    for _steps, _rank, end, target in moves:
        label = board.cells[end[0] * w + end[1]]
        cells = list(board.cells)
        cells[end[0] * w + end[1]] = EMPTY
        cells[target[0] * w + target[1]] = label
        name = board.label_name(label)
        yield _Candidate(
            "move-end",
            f"Move the end of {name} at {cell_words(end)} to {cell_words(target)}: then the "
            "puzzle has exactly one solution.",
            (end, target),
            Puzzle(board.width, board.height, tuple(cells), board.names),
            ((end[0] * w + end[1], EMPTY), (target[0] * w + target[1], label)),
        )


def _additions(
    board: Puzzle, rules: Rules, found: tuple[Solution, ...], region: tuple[Cell, ...]
) -> Iterator[_Candidate]:
    """A new pair on two free cells of the region: under ``blank`` the two cells furthest
    apart in each stretch the first solution leaves empty (so it stays solvable), then
    pairs of region cells, furthest apart first."""
    w = board.width
    free = [cell for cell in region if board.cells[cell[0] * w + cell[1]] == EMPTY]
    pairs: list[tuple[Cell, Cell]] = []
    if rules is Rules.BLANK:
        pairs.extend(_empty_stretches(found[0], set(free)))
    ordered = sorted(
        (
            (a, b) for i, a in enumerate(free) for b in free[i + 1 :]
            # two cells apart at least; under the fill rules on two colours (``_balanced``)
            if _distance(a, b) > 1 and (rules is Rules.BLANK or _distance(a, b) % 2 == 1)
        ),
        key=lambda pair: -_distance(*pair),
    )
    pairs.extend(ordered[:ADD_PAIRS])
    label = max(board.labels, default=0) + 1
    names = board.names
    if names is not None:
        spare = [ch for ch in string.ascii_uppercase + string.ascii_lowercase if ch not in names]
        if not spare or len(names) != label - 1:
            return
        names = (*names, spare[0])
    for a, b in pairs:
        cells = list(board.cells)
        cells[a[0] * w + a[1]] = cells[b[0] * w + b[1]] = label
        changed = Puzzle(board.width, board.height, tuple(cells), names)
        name = changed.label_name(label)
        yield _Candidate(
            "add-pair",
            f"Add a pair {name} at {cell_words(a)} and {cell_words(b)}: then the puzzle has "
            "exactly one solution.",
            (a, b),
            changed,
            ((a[0] * w + a[1], label), (b[0] * w + b[1], label)),
        )


def _empty_stretches(solution: Solution, free: set[Cell]) -> list[tuple[Cell, Cell]]:
    """In each connected stretch of ``free`` cells ``solution`` leaves empty, two cells
    far apart (a double breadth-first search), joined through that stretch."""
    w = solution.width
    empty = {cell for cell in free if solution.cells[cell[0] * w + cell[1]] == EMPTY}
    pairs: list[tuple[Cell, Cell]] = []
    seen: set[Cell] = set()
    for start in sorted(empty):
        if start in seen:
            continue
        far, part = _farthest(start, empty)
        seen |= part
        other, _ = _farthest(far, empty)
        if other != far:
            pairs.append((far, other))
    return pairs


ROUTE_STEPS = 2_000
"""``_routes`` gives up (answers 1) after this many steps of its search."""


def _routes(a: Cell, b: Cell, cells: set[Cell]) -> int:
    """How many simple paths join ``a`` to ``b`` through ``cells``: 0, 1 or 2 (two or
    more); 1 also when the search is too long to say (``ROUTE_STEPS``), so that a
    candidate is only ever dropped on proof."""
    steps = 0
    found = 0
    path = {a}

    def walk(at: Cell) -> bool:
        nonlocal steps, found
        steps += 1
        if steps > ROUTE_STEPS:
            return True
        r, c = at
        for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if n not in cells or n in path:
                continue
            if n == b:
                found += 1
                if found >= 2:
                    return True
                continue
            path.add(n)
            stop = walk(n)
            path.discard(n)
            if stop:
                return True
        return False

    walk(a)
    return 1 if steps > ROUTE_STEPS else min(found, 2)


def _farthest(start: Cell, cells: set[Cell]) -> tuple[Cell, set[Cell]]:
    """The cell of ``cells`` farthest from ``start`` through ``cells``, and all reached."""
    seen = {start}
    layer = [start]
    last = start
    while layer:
        last = layer[0]
        nxt = []
        for r, c in layer:
            for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if n in cells and n not in seen:
                    seen.add(n)
                    nxt.append(n)
        layer = nxt
    return last, seen


def _removals(
    board: Puzzle, found: tuple[Solution, ...], region: tuple[Cell, ...]
) -> Iterator[_Candidate]:
    """A pair removed: the labels crossing the region first, then the others.  With
    letter names the labels above it move down one, so the letters shown stay the same."""
    involved = _involved(board, found, region)
    rest = [label for label in board.labels if label not in involved]
    for label in [*involved, *rest]:
        ends = board.endpoints()[label]
        cells: list[int] = []
        for value in board.cells:
            if value == label:
                cells.append(EMPTY)
            elif board.names is not None and value > label:
                cells.append(value - 1)
            else:
                cells.append(value)
        names = None
        if board.names is not None:
            names = board.names[: label - 1] + board.names[label:]
        name = board.label_name(label)
        yield _Candidate(
            "remove-pair",
            f"Remove the pair {name} at {cell_words(ends[0])} and {cell_words(ends[1])}: then the "
            "puzzle has exactly one solution.",
            ends,
            Puzzle(board.width, board.height, tuple(cells), names or None),
            tuple((r * board.width + c, EMPTY) for r, c in ends),
        )
