"""Exact search for the reading-order presets (``classic``, ``easybrain``), fewest adds.

Why this module exists: under these presets row removal and additions move cells, so
clearing can break a connection and the matching view of ``solve.py`` does not apply; the
search here works on move orders instead.  It holds the search and its limits; the proofs
it prunes with live in ``rules.py`` (parity) and ``deadlock.py`` (deadlocks).

The state is the cell sequence (empty rows removed) plus the number of additions left.
Iterative deepening on additions (0, 1, 2, ...) makes the first solution found one with
the fewest additions.  Within one bound the search is depth-first over moves, with:

* **dead-state memo** on ``(cells, additions left)``; a state that fails with ``a``
  additions left fails whatever the bound, so the memo is shared by all bounds;
* **parity** (``rules.parity_ok``) with no additions left (each move removes two digits
  of one value class; an addition doubles every count, so parity only prunes once
  additions are spent);
* **deadlocks** with no additions left (``deadlock.py``, ``pairs_deadlocked``): the
  digits of the small value classes (up to ``SMALL_CLASS`` = 6 left) must pair among
  themselves, and reading order, columns and (under ``easybrain``) the rows that must
  disappear before a diagonal can form say which of those pairs must wait for which;
  when every way of pairing them waits in a circle, the state is
  dead.  ``odd_inside_forced_pair`` adds: an odd number of one class enclosed by a pair
  that can only meet along reading order must send a digit out, which needs a column or
  diagonal.  Both are proofs (see their docstrings), checked against brute force in the
  tests.  They are what make hard random starts quick: before them, every board after the
  addition had to be searched to the end (one 27-digit start was still undecided after
  7.8 million nodes, 90 s; one 35-digit start after 1.15 million nodes, 30 s); with them
  these take 3,427 and 1,594 nodes.  Classes of six (15 pairings) joined later: with
  classes of at most four, one 35-digit start of 500 (seed 7) was still undecided after
  3.3 million nodes (60 s); with six it takes 9,325 nodes (0.3 s), and all 500 starts
  each of 27 and 35 digits are decided within 0.8 s (a time limit gives ``UNKNOWN``,
  never a guess);
* **the last phase by SAT** (``clearsat.py``, ``classic`` only): a board with no
  addition left and ``SAT_DIGITS`` digits or more that the search has not settled in
  ``LAST_PHASE_NODES`` nodes is decided by an exact SAT model (play is monotone then, so
  a clearing is a pairing taken in rounds); under ``stuck`` such boards are a board with
  no pair followed by its own digits, 80 digits and more, where the search alone can
  take millions of nodes;
* **ordering**: moves that empty a row first, then moves in value classes with few
  digits left; the addition last under ``easybrain`` but first under ``classic`` (measured:
  on random 27-digit starts adding last is about 10x faster for ``easybrain``, whose
  diagonals leave many moves; ``classic`` has fewer moves and adding first finds the 1..19
  start in about 600 nodes instead of 100,000).  Some boards are quick one way and slow
  the other (a 27-digit start: 563,428 nodes adding last, 84 adding first), so the search
  restarts with the other order after a slice of nodes, slices doubling, the dead-state
  memo shared.  The order never affects correctness: every branch is still searched.

Under the addition policy ``stuck`` (``classic``, as the paper game is played) the
addition is not a choice: it is the one move of a state with no pair left, and no move of
any other state; the search follows that, and the restarts' two orders are then the same.
Under ``any`` the restarts take a third turn: the search that adds only when stuck, with
its own memo.  Its clearings are clearings under ``any`` too, and on some boards it finds
one long before the wide search does (a 47-digit paper start: about 10^5 nodes against
more than 4.6 million); such a clearing is returned once the wide search has refuted every
smaller bound, so the answer still has the fewest additions.  Under ``classic+any`` a
fourth turn (``_Shuffled``) tries random restarts, in a seeded shuffled order, on the
clearings that make all their additions first, at the smallest bound not yet refuted: a
27-digit paper start (nawglan-27r) that the ordered turns left undecided in minutes is
answered in seconds (its two-addition clearing), as soon as one addition is refuted.

``easybrain`` (5 additions) is decided exactly: ``UNSOLVABLE`` means no clearing exists
with up to 5 additions.  ``classic`` allows unlimited additions; the search raises the
bound up to ``max_adds`` (default ``CLASSIC_DEFAULT_MAX_ADDS`` = 10, ``--max-adds`` on the
command line) and answers ``UNKNOWN`` beyond it, never ``UNSOLVABLE`` on the bound alone
(each addition makes the board longer, so the states do not run out).  The one argument
that a board can *never* be cleared, however many additions, is ``endless.py``'s, for the
paper rule (``stuck``): every play reaches a board that never has a pair again.  When it
holds the answer is ``UNSOLVABLE``, whatever ``max_adds``.  A solution it does return uses
the fewest additions, proved: every smaller bound was searched to the end.  For the
classic 1..19 start bound 0 ends at once (27 digits: some class is odd) and bound 1
finds a clearing.
"""

from __future__ import annotations

import random
import time

from ..core.deadline import Deadline
from ..core.result import SolveResult, Stats, Status
from .board import Board, Pair
from .clearsat import LastPhase
from .deadlock import odd_inside_forced_pair, pairs_deadlocked
from .endless import endless
from .rules import VALUE_CLASS, Rules, get_rules, parity_ok
from .sequence import (
    ADD,
    Cells,
    Move,
    add_numbers,
    board_cells,
    legal_index_pairs,
    normalise,
    take_indices,
    uses_diagonals,
)

CLASSIC_DEFAULT_MAX_ADDS = 10
FIRST_SLICE = 1_000
"""Nodes of the first restart slice (see ``solve_sequence``)."""
LAST_PHASE_SAT = True
"""Whether boards with no addition left may go to ``clearsat`` (off only for the benches'
baseline, ``bench/nummatch_corpus_bench.py --baseline``)."""
SAT_DIGITS = 40
"""Boards with no addition left and at least this many digits go to ``clearsat`` once the
search has spent ``LAST_PHASE_NODES`` on them (``classic`` only: see ``_last_phase``)."""
SAT_MAX_DIGITS = 160
"""...and at most this many: the model grows with the square of the digits times the
rounds (0.9 million clauses at 128 random digits, 7.5 million at 256: 7.7 s), built in lists
before the solver starts, so larger boards stay with the search alone."""
LAST_PHASE_NODES = 30_000
"""Nodes the search spends on such a board before the SAT model decides it.  Measured on
the paper corpus (2026-12-05, the boards it decides in seconds): with 2,000 or 10,000
the model took boards the search would have settled a little later, and the sum over
five boards under ``stuck`` rose from about 28 s to 38-42 s; with 30,000 it was 23 s.
Under ``any``, over seven boards, 59 s fell to 50 s (1 to 14: 41.6 to 21.4 s; but
nawglan-27r 3.1 to 16.9 s, as its restarts' luck shifts)."""
NODES_PER_CONFLICT = 5
"""Search nodes a conflict of the SAT model counts as (measured on 80- to 96-digit
boards: Glucose 15,000-22,000 conflicts a second, the search 60,000-140,000 nodes)."""
CLAUSES_PER_NODE = 10
"""Clauses of the SAT model that count as one node (building 185,000 takes about as long
as the search's 18,000 nodes)."""


class _Stop(Exception):
    """A time or node limit was reached."""


class _SliceOver(_Stop):
    """One restart's share of nodes is spent (see ``solve_sequence``)."""


class _PhaseOver(Exception):
    """The nodes for a last phase before its SAT model are spent (see ``_last_phase``)."""


class _SeqSearch:
    def __init__(
        self, width: int, diagonals: bool, deadline: Deadline, max_nodes: int | None,
        stuck: bool = False,
    ) -> None:
        self.width = width
        self.diagonals = diagonals
        self.stuck = stuck  # "add numbers" only when no pair is left (the paper rule)
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.slice_end: int | None = None
        self.nodes = 0
        self.dead: set[tuple[Cells, int]] = set()
        self.add_first = not diagonals
        self.path: list[tuple[Cells, tuple[int, int] | None]] = []
        self.refuted: dict[tuple[Cells, int | None], int] = {}  # ``fewest``: budgets refuted
        self.sat = LAST_PHASE_SAT and not diagonals  # no addition left: ``clearsat``
        self.phase_end: int | None = None  # ``_last_phase``'s node budget, while it runs
        self.last_phase = LastPhase()  # the model a limit stopped, to go on with

    def _ordered(self, cells: Cells, monotone: bool = False) -> list[tuple[int, int]]:
        """Legal pairs, best first: those that empty a row, then those in value classes
        with few digits left.

        ``monotone`` (``classic`` with no addition left: clearing never breaks a
        connection, since reading order and columns survive row removal): a legal pair that
        is the last two digits of its class is the only move tried.  Every clearing takes
        that pair some time, and taking it first leaves every later move legal (it only
        clears cells), so no clearing is lost."""
        width = self.width
        counts = [0] * 6
        row_digits = [0] * (len(cells) // width + 1)
        for k, v in enumerate(cells):
            if v:
                counts[VALUE_CLASS[v]] += 1
                row_digits[k // width] += 1
        scored = []
        for i, j in legal_index_pairs(cells, width, self.diagonals):
            ri, rj = i // width, j // width
            if ri == rj:
                emptied = row_digits[ri] == 2
            else:
                emptied = (row_digits[ri] == 1) + (row_digits[rj] == 1) > 0
            left = counts[VALUE_CLASS[cells[i]]]
            if monotone and left == 2:
                return [(i, j)]
            scored.append((not emptied, left, i, j))
        scored.sort()
        return [(i, j) for _, _, i, j in scored]

    def _tick(self) -> None:
        """Count a node; stop at the time or node limit."""
        self.nodes += 1
        if self.nodes & 255 == 0 and self.deadline.expired():
            raise _Stop
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise _Stop
        if self.phase_end is not None and self.nodes > self.phase_end:
            raise _PhaseOver

    def search(self, cells: Cells, adds_left: int) -> bool:
        if not cells:
            return True
        self._tick()
        if self.slice_end is not None and self.nodes > self.slice_end:
            raise _SliceOver
        if adds_left == 0 and cells[-1] == 0:
            # with no addition to come, cleared cells after the last digit change nothing
            end = len(cells)
            while cells[end - 1] == 0:
                end -= 1
            cells = cells[:end]
        width = self.width
        key = (cells, adds_left)
        if key in self.dead:
            return False
        if adds_left == 0 and (
            not parity_ok(cells)
            or pairs_deadlocked(cells, width, self.diagonals)
            or odd_inside_forced_pair(cells, width, self.diagonals)
        ):
            self.dead.add(key)
            return False
        if (adds_left == 0 and self.sat and self.phase_end is None
                and SAT_DIGITS <= len(cells) - cells.count(0) <= SAT_MAX_DIGITS):
            return self._last_phase(cells, key)
        moves = self._ordered(cells, adds_left == 0 and not self.diagonals)
        if self.stuck:  # the addition is the one move when no pair is left, and no move else
            if not moves:
                if adds_left > 0 and self._try_add(cells, adds_left):
                    return True
                self.dead.add(key)
                return False
        elif adds_left > 0 and self.add_first and self._try_add(cells, adds_left):
            return True
        for i, j in moves:
            self.path.append((cells, (i, j)))
            if self.search(take_indices(cells, width, i, j), adds_left):
                return True
            self.path.pop()
        if adds_left > 0 and not self.stuck and not self.add_first and self._try_add(
                cells, adds_left):
            return True
        self.dead.add(key)
        return False

    def fewest(self, cells: Cells, budget: int, adds_left: int | None) -> bool:
        """Whether ``cells`` clear within ``budget`` more matches and ``adds_left`` more
        additions (None: unlimited).

        A clearing's matches are the digits it removes over two, so ``budget`` bounds the
        digits too: ``r`` digits need ``r / 2`` matches, and an addition with ``r`` digits
        left needs ``r`` more.  With ``r == 2 * budget`` no addition fits any more, and the
        search with no addition left (its parity and deadlock proofs) decides the rest.
        Refuted ``(cells, budget)`` are kept as the largest refuted budget of ``cells`` and
        its additions left."""
        if not cells:
            return True
        self._tick()
        left = sum(1 for v in cells if v)
        if 2 * budget < left:
            return False
        if 2 * budget == left or adds_left == 0:
            return self.search(cells, 0)
        key = (cells, adds_left)
        if self.refuted.get(key, -1) >= budget:
            return False
        moves = self._ordered(cells)
        if not self.stuck or not moves:
            self.path.append((cells, None))
            more = None if adds_left is None else adds_left - 1
            if self.fewest(add_numbers(cells), budget, more):
                return True
            self.path.pop()
        for i, j in moves:
            self.path.append((cells, (i, j)))
            if self.fewest(take_indices(cells, self.width, i, j), budget - 1, adds_left):
                return True
            self.path.pop()
        self.refuted[key] = budget
        return False

    def _last_phase(self, cells: Cells, key: tuple[Cells, int]) -> bool:
        """Whether matches alone clear ``cells`` (``classic``, no addition left): the
        search for ``LAST_PHASE_NODES`` nodes, then ``clearsat``'s SAT model.

        Why both: most such boards the search settles in a few hundred nodes (the
        deadlock proofs), far below the model's cost; the ones it does not can take it
        millions of nodes (nawglan-27r's boards after three additions under ``stuck``:
        151 of 356 undecided after 20,000 nodes each), where the model answers in
        seconds.  Its clearing goes on ``path`` like the search's own moves; its proof
        that none exists goes into the memo.  The model's work counts as nodes
        (``NODES_PER_CONFLICT``, ``CLAUSES_PER_NODE``: about the search's time for as
        many nodes), so a restart's slice and ``max_nodes`` bound it as they bound the
        search, and, being counts, the same on any machine; when a slice ends inside it,
        ``LastPhase`` keeps its solver, and the next slice goes on from there."""
        mark = len(self.path)
        self.phase_end = self.nodes + LAST_PHASE_NODES
        try:
            return self.search(cells, 0)
        except _PhaseOver:
            del self.path[mark:]
        finally:
            self.phase_end = None
        ends = [end for end in (self.slice_end, self.max_nodes) if end is not None]
        budget = None if not ends else (min(ends) - self.nodes) // NODES_PER_CONFLICT
        verdict = self.last_phase.decide(cells, self.width, self.deadline, budget)
        self.nodes += (verdict.conflicts * NODES_PER_CONFLICT
                       + verdict.clauses // CLAUSES_PER_NODE)
        if verdict.status is Status.UNKNOWN:
            if self.deadline.expired() or (
                    self.max_nodes is not None and self.nodes >= self.max_nodes):
                raise _Stop
            raise _SliceOver
        if verdict.status is Status.UNSOLVABLE:
            self.dead.add(key)
            return False
        self.path += _follow(cells, self.width, verdict.moves)
        return True

    def _try_add(self, cells: Cells, adds_left: int) -> bool:
        self.path.append((cells, None))
        if self.search(add_numbers(cells), adds_left - 1):
            return True
        self.path.pop()
        return False


RESTART_NODES = 300
"""Nodes of one random restart (``_Shuffled``), times the Luby sequence's term (1, 1, 2,
1, 1, 2, 4, ...): mostly short restarts, and now and then one long enough for any depth,
or to search the whole tree and show that no clearing adds first."""


def _follow(cells: Cells, width: int, pairs: tuple[tuple[int, int], ...]
            ) -> list[tuple[Cells, tuple[int, int] | None]]:
    """``pairs`` (indices into ``cells``) as the search's path: each with the board before
    it and its indices on that board, rows left empty removed as the game removes them."""
    steps: list[tuple[Cells, tuple[int, int] | None]] = []
    where = list(range(len(cells)))  # where each cell of ``cells`` is now (-1: row gone)
    for a, b in pairs:
        i, j = where[a], where[b]
        steps.append((cells, (i, j)))
        after = list(cells)
        after[i] = after[j] = 0
        cells = normalise(tuple(after), width)
        gone = [row for row in range(0, len(after), width) if not any(after[row:row + width])]
        for k, at in enumerate(where):
            if at >= 0:
                row = at - at % width
                where[k] = -1 if row in gone else at - width * sum(1 for g in gone if g < row)
    return steps


def _luby(i: int) -> int:
    """The ``i``-th term (from 1) of the Luby sequence."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while i != (1 << k) - 1:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)
SHUFFLED_SHARE = 2
"""The restarts' share of each round, in ordered turns' slices: as much as the ordered
search's two orders together."""
SHUFFLE_SEED = 1
"""The restarts' random order is seeded, so an answer and its time depend on the board
alone."""


class _Shuffled(_SeqSearch):
    """Random restarts for a ``classic`` clearing under ``any`` that makes all its
    additions first, then only matches.

    Why: such a clearing is legal under ``any``, and once the additions are spent the
    moves are monotone (a pair stays legal whatever else is cleared), so a clearing is an
    order of matches that the depth-first search may find early or only after millions of
    nodes, depending on its first choices: a heavy tail, which random restarts cut.
    nawglan-27r (27 digits) needs 2 additions: the ordered searches found no clearing in
    80 s, while restarts in shuffled order after both additions find one (measured on
    2026-12-05: fixed restarts of 300 nodes, 0.2 to 1.9 million nodes over three seeds;
    in ``solve`` with Luby-sized restarts, 3.2 s at the seed shipped and 18.7 to 39.2 s at
    seeds 2 to 5).  A clearing
    found here is checked like any other and is returned only once the ordered search has
    refuted every smaller bound (``solve_sequence``), so the answer still has the fewest
    additions; a restart that ends (the whole tree refuted) says only that no clearing
    makes its additions first, and the bound is left to the ordered search.  The memo of
    dead states is shared with the ordered search: with no addition left a state is dead
    or not whatever the order and the policy."""

    def __init__(self, width: int, deadline: Deadline, max_nodes: int | None,
                 dead: set[tuple[Cells, int]]) -> None:
        super().__init__(width, False, deadline, max_nodes)
        self.sat = False  # the restarts are the point here; the ordered search has the model
        self.dead = dead
        self.rng = random.Random(SHUFFLE_SEED)
        self.restarts = 0

    def _ordered(self, cells: Cells, monotone: bool = False) -> list[tuple[int, int]]:
        moves = super()._ordered(cells, monotone)
        self.rng.shuffle(moves)
        return moves

    def turn(self, cells: Cells, adds: int, share: int) -> bool | None:
        """Restarts for ``share`` nodes on ``cells`` after ``adds`` additions: True when
        one clears the board (``path`` holds its moves), False when the search ended
        without one (no clearing makes its additions first), None when the share ran
        out."""
        added: list[tuple[Cells, tuple[int, int] | None]] = []
        start = cells
        for _ in range(adds):
            added.append((start, None))
            start = add_numbers(start)
        end = self.nodes + share
        while self.nodes < end:
            self.restarts += 1
            self.slice_end = min(end, self.nodes + RESTART_NODES * _luby(self.restarts))
            self.path = list(added)
            try:
                return self.search(start, 0)
            except _SliceOver:
                continue
        return None


def solve_sequence(
    board: Board,
    rules: Rules,
    *,
    timeout: float | None = None,
    max_nodes: int | None = None,
    max_adds: int | None = None,
    adds_used: int = 0,
) -> SolveResult[tuple[Move, ...]]:
    """Clear ``board`` under ``classic`` or ``easybrain`` with the fewest additions.

    ``max_adds`` lowers the rules' own limit (for ``classic``, whose limit is unlimited, it
    defaults to ``CLASSIC_DEFAULT_MAX_ADDS`` and a failure beyond it is ``UNKNOWN``).
    ``adds_used``: additions already spent in the game (they count against the limit).
    ``max_nodes`` bounds each of the searches (under ``any`` there are two, see below).
    """
    start = time.perf_counter()
    rule_cap = None if rules.max_adds is None else max(0, rules.max_adds - adds_used)
    if max_adds is None:
        cap = CLASSIC_DEFAULT_MAX_ADDS if rule_cap is None else rule_cap
    else:
        cap = max_adds if rule_cap is None else min(max_adds, rule_cap)
    # proof only when the bound we searched is the rules' own bound
    exhaustive_means_proof = rule_cap is not None and cap == rule_cap
    search = _SeqSearch(board.width, uses_diagonals(rules), Deadline(timeout), max_nodes,
                        stuck=rules.add_policy == "stuck")
    cells = board_cells(board)

    def result(
        status: Status, sols: tuple[tuple[Move, ...], ...] = (), timed_out: bool = False
    ) -> SolveResult[tuple[Move, ...]]:
        nodes = sum(searcher.nodes for searcher in searchers)
        stats = Stats(seconds=time.perf_counter() - start, nodes=nodes)
        # an undecided answer keeps the bounds proved: no clearing with ``refuted`` or fewer
        kept = refuted if status is Status.UNKNOWN and refuted >= 0 else None
        return SolveResult(
            status, sols, complete=status is Status.UNSOLVABLE, timed_out=timed_out, stats=stats,
            refuted=kept,
        )

    # Restarts: each order of trying the addition gets a slice of nodes in turn, the slices
    # doubling; refuted states stay in the shared memo, so no restart repeats a proof.
    # Under ``any`` a third turn searches the clearings that add only when stuck: they are
    # clearings under ``any`` too, and that narrower search often finds one long before the
    # wide one does.  It has its own memo (a state dead when adding only when stuck may
    # clear under ``any``), and its clearing is returned once ``any``'s own search has
    # refuted every smaller bound, so it still has the fewest additions.
    turns = [(search, search.add_first), (search, not search.add_first)]
    searchers = [search]
    if not search.stuck:
        narrow = _SeqSearch(board.width, search.diagonals, search.deadline, max_nodes,
                            stuck=True)
        turns.append((narrow, narrow.add_first))
        searchers.append(narrow)
    # Under ``any`` in reading order a last turn looks for clearings that add first, by
    # random restarts (``_Shuffled``), at the smallest bound not yet refuted.
    shuffled = None
    if not search.stuck and not search.diagonals:
        shuffled = _Shuffled(board.width, search.deadline, max_nodes, search.dead)
        searchers.append(shuffled)
    ended: set[int] = set()  # bounds whose adding-first clearings the restarts exhausted
    refuted = -1  # every bound up to this one refuted under the rules' own policy
    if _never_clears(cells, board.width, rules):
        return result(Status.UNSOLVABLE)
    witness: tuple[Move, ...] | None = None
    share = FIRST_SLICE
    try:
        while True:
            bound = refuted + 1
            if shuffled is not None and bound <= cap and bound not in ended and (
                    witness is None or count_adds(witness) > bound):
                outcome = shuffled.turn(cells, bound, SHUFFLED_SHARE * share)
                if outcome:  # every bound below this one is refuted: the fewest additions
                    return result(Status.SOLVED, (_moves_of(shuffled, board.width),))
                elif outcome is False:
                    ended.add(bound)
            for searcher, add_first in turns:
                searcher.add_first = add_first
                searcher.slice_end = searcher.nodes + share
                try:
                    for bound in range(cap + 1):
                        if witness is not None and count_adds(witness) <= refuted + 1:
                            return result(Status.SOLVED, (witness,))
                        searcher.path.clear()
                        if searcher.search(cells, bound):
                            found = _moves_of(searcher, board.width)
                            if searcher is search:
                                return result(Status.SOLVED, (found,))
                            witness = found
                            break
                        if searcher is search:
                            refuted = max(refuted, bound)
                    else:
                        if searcher is search:
                            return result(Status.UNSOLVABLE if exhaustive_means_proof
                                          else Status.UNKNOWN)
                except _SliceOver:
                    continue
                if witness is not None and count_adds(witness) <= refuted + 1:
                    return result(Status.SOLVED, (witness,))
                if searcher is not search:  # the narrow search is done: no more turns
                    turns.pop()
                    break
            share *= 2
    except _Stop:
        return result(Status.UNKNOWN, timed_out=True)
    except RecursionError:  # move lists deeper than Python's stack: a limit, not a proof
        return result(Status.UNKNOWN, timed_out=True)


def _moves_of(search: _SeqSearch, width: int) -> tuple[Move, ...]:
    moves: list[Move] = []
    for _, step in search.path:
        if step is None:
            moves.append(ADD)
        else:
            i, j = step
            moves.append(Pair(divmod(i, width), divmod(j, width)))
    return tuple(moves)


def fewest_matches(
    board: Board, rules: Rules, *, timeout: float | None = None, max_nodes: int | None = None,
    most: int | None = None,
) -> tuple[SolveResult[tuple[Move, ...]], int]:
    """A clearing of ``board`` with the fewest matches (pairs taken), proved, and the
    largest number of matches proved not enough.

    Why a search of its own: the fewest additions do not give the fewest matches (each
    addition writes as many digits as are left, so when it comes matters).  The bound
    rises from half the digits, one match at a time, and every bound below the answer is
    searched to the end, so the clearing returned has the fewest matches of any, whatever
    its additions (within ``rules.max_adds``: 5 under ``easybrain``).  ``most`` stops the
    rise there: the answer is then ``UNKNOWN`` with the bound proved so far.  A board that
    ``endless.py`` proves never clears is ``UNSOLVABLE``; any other board with no clearing
    gives no answer: the rise goes on until the time limit."""
    start = time.perf_counter()
    search = _SeqSearch(board.width, uses_diagonals(rules), Deadline(timeout), max_nodes,
                        stuck=rules.add_policy == "stuck")
    cells = board_cells(board)
    budget = -(-sum(1 for v in cells if v) // 2)
    proved = budget - 1

    def result(status: Status, sols: tuple[tuple[Move, ...], ...] = (),
               timed_out: bool = False) -> SolveResult[tuple[Move, ...]]:
        stats = Stats(seconds=time.perf_counter() - start, nodes=search.nodes)
        return SolveResult(status, sols, complete=False, timed_out=timed_out, stats=stats)

    if _never_clears(cells, board.width, rules):
        return result(Status.UNSOLVABLE), proved

    try:
        while most is None or budget <= most:
            search.path.clear()
            if search.fewest(cells, budget, rules.max_adds):
                return result(Status.SOLVED, (_moves_of(search, board.width),)), proved
            proved = budget
            budget += 1
    except _Stop:
        return result(Status.UNKNOWN, timed_out=True), proved
    except RecursionError:
        return result(Status.UNKNOWN), proved
    return result(Status.UNKNOWN), proved


def never_clears(board: Board, rules: Rules | str) -> bool:
    """True when no play ever clears ``board`` under ``rules``, however many additions:
    ``endless.py``'s proof, which exists for ``classic`` under the paper rule only (False
    elsewhere, and where it does not hold: no proof either way)."""
    return _never_clears(board_cells(board), board.width, get_rules(rules))


def _never_clears(cells: Cells, width: int, rules: Rules) -> bool:
    """True when ``endless`` proves that no play clears ``cells``: only for unlimited
    additions under the paper rule without diagonals (``classic``)."""
    return (rules.max_adds is None and rules.add_policy == "stuck"
            and not uses_diagonals(rules) and endless(cells, width))


def count_adds(moves: tuple[Move, ...]) -> int:
    """How many additions a move list uses."""
    return sum(1 for m in moves if not isinstance(m, Pair))
