"""The compiled frontier counter against brute force, the old counter, the scan search, SAT.

The counter (``numberlink/count/counter.py`` over ``counter_kernel.py``) decides every answer of
``--count``; a wrong transition would give a wrong number with nothing to notice it, so it
is compared under all three rule sets with the brute-force enumerator on thousands of small
boards, its compiled kernel with the plain-Python one, under ``blank`` and ``fill`` with
the first (tuple-based) counter on larger boards, and under ``fill-notouch`` with the scan
search's enumeration.  Its limits must give None, never a number.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np
import pytest
from numberlink_oracle import brute_count, random_board
from test_numberlink_scan import covered_board, dense_board

from numpuzzles.core import jit
from numpuzzles.core.deadline import Deadline
from numpuzzles.numberlink import formats
from numpuzzles.numberlink.check import check
from numpuzzles.numberlink.count import counter, meet_kernel, views
from numpuzzles.numberlink.count import counter_kernel as kernel
from numpuzzles.numberlink.count import solutions as solve_module
from numpuzzles.numberlink.count import sweep as sweep_module
from numpuzzles.numberlink.count.counter import count
from numpuzzles.numberlink.count.reference import reference_count
from numpuzzles.numberlink.count.solutions import count_solutions
from numpuzzles.numberlink.count.views import transposed
from numpuzzles.numberlink.generate.cover import as_puzzle, random_cover
from numpuzzles.numberlink.model import EMPTY, Puzzle, Rules
from numpuzzles.numberlink.solve.dispatch import solve
from numpuzzles.numberlink.symmetry import view

DATA = Path(__file__).resolve().parents[1] / "data" / "numberlink"
CAP = 400  # brute-force counts above this are compared as "more than CAP"


@pytest.mark.parametrize("rules", list(Rules))
@pytest.mark.parametrize("chunk", range(3))
def test_counter_matches_brute_force(rules: Rules, chunk: int) -> None:
    """3,000 boards under each rule set (3 chunks of 500 sparse and 500 crowded boards)."""
    rnd = random.Random(7919 * chunk + 11)
    counted: set[int] = set()
    for number in range(1000):
        puzzle = random_board(rnd) if number % 2 else dense_board(rnd)
        expected = brute_count(puzzle, rules, CAP)
        exact = count(puzzle, rules)
        assert exact is not None and min(exact, CAP + 1) == expected, (puzzle, rules, exact)
        counted.add(min(exact, 3))
    # impossible, unique and (except under the strict fill-notouch) ambiguous boards occurred
    assert counted >= ({0, 1} if rules is Rules.FILL_NOTOUCH else {0, 1, 2, 3})


@pytest.mark.parametrize("rules", list(Rules))
def test_plain_kernel_matches_brute_force(rules: Rules) -> None:
    """The uncompiled kernel (what ``NUMPUZZLES_NO_JIT=1`` runs) on 300 boards."""
    rnd = random.Random(4242)
    for _ in range(300):
        puzzle = random_board(rnd)
        expected = brute_count(puzzle, rules, CAP)
        exact = count(puzzle, rules, compiled=False)
        assert exact is not None and min(exact, CAP + 1) == expected, (puzzle, rules, exact)


def _watched(monkeypatch: pytest.MonkeyPatch, name: str) -> list[int]:
    """Wrap the plain kernel's check ``name`` so that it counts the times it said yes: the
    count is the returned list's one entry."""
    plain = getattr(kernel, name)
    fired = [0]

    def watched(*args: object) -> bool:
        found: bool = plain(*args)
        fired[0] += found
        return found

    monkeypatch.setattr(kernel, name, watched)
    return fired


@pytest.mark.parametrize("rules", list(Rules))
def test_crossing_pruning_drops_states_and_keeps_counts(
    rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pruning (``counter_kernel.crossed``) fires on small boards, and the counts with it
    equal brute force's and the counts without it, on boards where it dropped states."""
    dropped = _watched(monkeypatch, "crossed")
    rnd = random.Random(1234)
    fired = 0
    for number in range(150):
        puzzle = random_board(rnd) if number % 2 else dense_board(rnd)
        before = dropped[0]
        exact = count(puzzle, rules, compiled=False)
        assert exact == count(puzzle, rules, compiled=False, prune=False), (puzzle, rules)
        assert exact is not None and min(exact, CAP + 1) == brute_count(puzzle, rules, CAP)
        fired += dropped[0] > before
    assert fired >= 10  # the pruning took part on many of these boards


@pytest.mark.parametrize("rules", list(Rules))
def test_edges_into_another_labels_end_are_dropped_and_counts_kept(
    rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A down edge that carries a label into another label's end, made so or named so by a
    join (``counter_kernel._into_other_end``), is dropped at once, not when the cell below
    is decided: with the crossing check off, one sweep reads fewer states with the early
    drop than without (``prune=False``) on many small boards, and every count equals
    brute force's."""
    monkeypatch.setattr(kernel, "crossed", lambda *args: False)
    named = _watched(monkeypatch, "_into_other_end")
    rnd = random.Random(2468)
    fewer = 0
    for number in range(150):
        puzzle = random_board(rnd) if number % 2 else dense_board(rnd)
        early, late = (
            counter.Counting(puzzle, rules, compiled=False, prune=prune, meet=False)
            for prune in (True, False)
        )
        early.run()
        late.run()
        assert early.answer == late.answer, (puzzle, rules)
        exact = early.answer
        assert exact is not None and min(exact, CAP + 1) == brute_count(puzzle, rules, CAP)
        fewer += early.work < late.work
    assert fewer >= 40 and named[0] >= 5  # measured: 91 and 13, 85 and 14, 94 and 20


def test_checking_only_joins_and_ends_keeps_the_same_states(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``counter_kernel.may_cross`` leaves out successors whose tokens only passed through a
    cell: checking every successor instead keeps exactly the same states (the same work,
    step by step) and the same count, under every rule set."""
    rnd = random.Random(2718)
    boards = [covered_board(rnd, 4, 7, spoil=n % 2 == 0, per_path=3 + n % 6) for n in range(24)]
    boards += [random_board(rnd) for _ in range(24)]

    def works(puzzle: Puzzle, rules: Rules) -> tuple[list[int], int | None]:
        counting = counter.Counting(puzzle, rules, compiled=False)
        seen = []
        while not counting.over:
            counting.run(work=1)  # one step a turn
            seen.append(counting.work)
        return seen, counting.answer

    gated = [works(puzzle, rules) for puzzle in boards for rules in Rules]
    monkeypatch.setattr(kernel, "may_cross", lambda join, value: True)
    every = [works(puzzle, rules) for puzzle in boards for rules in Rules]
    assert gated == every
    assert sum(1 for seen, answer in gated if answer) >= 20  # not all trivially empty


def _step_states(puzzle: Puzzle, rules: Rules, meet: bool) -> tuple[list[int], int | None]:
    """The states each step of a count read (plain kernel), and its answer."""
    counting = counter.Counting(puzzle, rules, compiled=False, meet=meet)
    seen = []
    while not counting.over:
        before = counting.work
        counting.run(work=1)  # one step a turn
        seen.append(counting.work - before)
    return seen, counting.answer


@pytest.mark.parametrize("rules", [Rules.BLANK, Rules.FILL])
def test_renaming_finished_labels_merges_states_and_keeps_counts(
    rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``counter_kernel.RENAME``: with the pieces of labels whose ends are both decided
    named by their order along the frontier, one sweep never holds more states at a step
    than without (renaming maps each step's states onto fewer or as many), holds fewer on
    many boards, and every count, with one sweep or two, equals brute force's and the count
    without renaming.  Boards with many short paths, so labels finish early."""
    rnd = random.Random(6007)
    boards = [covered_board(rnd, 7, 9, spoil=n % 3 == 0, per_path=4 + n % 2) for n in range(40)]
    renamed = [_step_states(puzzle, rules, False) for puzzle in boards]
    two = [counter.Counting(puzzle, rules, compiled=False) for puzzle in boards]
    for counting in two:
        counting.run()
    monkeypatch.setattr(kernel, "RENAME", False)
    plain = [_step_states(puzzle, rules, False) for puzzle in boards]
    fewer = 0
    for puzzle, (seen, answer), (seen_plain, answer_plain), counting in zip(
        boards, renamed, plain, two, strict=True
    ):
        expected = brute_count(puzzle, rules, CAP)
        assert answer == answer_plain == counting.answer, puzzle
        assert answer is not None and min(answer, CAP + 1) == expected, puzzle
        assert len(seen) == len(seen_plain)
        assert all(a <= b for a, b in zip(seen, seen_plain, strict=True)), puzzle
        fewer += sum(seen) < sum(seen_plain)
    assert fewer >= 8  # renaming merged states on many boards (measured: 16 under blank)
    assert sum(1 for _, answer in renamed if answer) >= 20  # not all trivially empty


@pytest.mark.parametrize("rules", [Rules.BLANK, Rules.FILL])
def test_renaming_with_rows_turned_and_sweeps_meeting_counts_as_brute_force(
    rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Renaming where rows are mirrored (``Sweep.orient``) and the sweeps meet at every
    row (``LEAD`` 1): on boards of many short paths, compiled and plain kernels, counts as
    brute force."""
    monkeypatch.setattr(counter, "LEAD", 1)
    rnd = random.Random(6011)
    met = 0
    for n in range(120):
        puzzle = covered_board(rnd, 3, 6, spoil=n % 4 == 0, per_path=3 + n % 3)
        expected = brute_count(puzzle, rules, CAP)
        for compiled in (True, False):
            counting = counter.Counting(puzzle, rules, compiled=compiled)
            counting.run()
            exact = counting.answer
            assert exact is not None and min(exact, CAP + 1) == expected, (puzzle, compiled)
            met += counting.met_at is not None and exact > 0
    assert met >= 20


@pytest.mark.parametrize("rules", [Rules.BLANK, Rules.FILL])
@pytest.mark.parametrize("compiled", [True, False])
def test_the_two_sweeps_meet_and_count_as_brute_force(
    rules: Rules, compiled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under ``blank`` and ``fill`` a sweep from the top and one from the bottom meet at a
    cut (``Counting``, ``meet_kernel``): the counts equal brute force's, with the compiled
    and the plain kernels, on boards where they met with solutions to pair up.  The
    smaller sweep takes each row here (``LEAD`` 1), so that they meet on most boards: with
    the default lead the one from the top takes every row of most small boards."""
    monkeypatch.setattr(counter, "LEAD", 1)
    rnd = random.Random(5151 + compiled)
    met = 0
    for number in range(700 if compiled else 200):
        puzzle = random_board(rnd) if number % 2 else dense_board(rnd)
        counting = counter.Counting(puzzle, rules, compiled=compiled)
        counting.run()
        exact = counting.answer
        assert exact is not None and min(exact, CAP + 1) == brute_count(puzzle, rules, CAP)
        met += counting.met_at is not None and exact > 0
    # measured: 253 and 66 meetings under blank, 80 and 19 under fill (fewer boards, 500
    # and 150, gave 56 and 15 under fill once the kernel dropped a down edge into another
    # label's end at once: one sweep then ends more counts alone)
    assert met >= (60 if compiled else 15)


@pytest.mark.parametrize("rules", [Rules.BLANK, Rules.FILL])
def test_a_sweep_left_at_a_dear_meeting_counts_alone(
    rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With every meeting deemed too dear (``DEAR`` 0), the sweep holding fewer
    states goes on alone through the other's rows: the counts still equal brute force's,
    and sweeps were left on many boards."""
    monkeypatch.setattr(counter, "LEAD", 1)
    monkeypatch.setattr(counter, "DEAR", 0)
    rnd = random.Random(9091)
    left = 0
    for number in range(300):
        puzzle = random_board(rnd) if number % 2 else dense_board(rnd)
        counting = counter.Counting(puzzle, rules)
        counting.run()
        exact = counting.answer
        assert exact is not None and min(exact, CAP + 1) == brute_count(puzzle, rules, CAP)
        assert counting.met_at is None or exact == 0  # no pair to compare: met, none fit
        left += counting._dropped > 0
    assert left >= 30


def _row_states(sweep: sweep_module.Sweep, rows: int) -> list[tuple[int, ...]]:
    """The states (key words and counts) of ``sweep`` after ``rows`` rows, sorted."""
    sweep.run(until=rows * sweep.w)
    return sorted(tuple(int(x) for x in row) for row in sweep.states)


def _renamed(sweep: sweep_module.Sweep, rows: int) -> dict[tuple[int, ...], int]:
    """``sweep``'s states at a row's end as key words -> count, with the labels whose ends
    are all in the first ``rows`` rows named by their first token from the left (what
    ``counter_kernel.RENAME`` makes of them; ``mirror`` leaves that to the next step)."""
    w, words = sweep.w, sweep.nwords
    late = [label for label in range(1, sweep.labels + 1) if sweep.last_end[label] < rows * w]
    merged: dict[tuple[int, ...], int] = {}
    for row in sweep.states:
        key = [int(x) for x in row[:words]]
        names: dict[int, int] = {}
        for f in range(w + 1):
            token = key[sweep.word[f]] >> int(sweep.shift[f]) & sweep.tmask
            if token in late and token not in names:
                names[token] = late[len(names)]
        for f in range(w + 1):
            at, shift = int(sweep.word[f]), int(sweep.shift[f])
            token = key[at] >> shift & sweep.tmask
            key[at] ^= (token ^ names.get(token, token)) << shift
        count = int(row[words]) + (int(row[words + 1]) << 62)
        merged[tuple(key)] = merged.get(tuple(key), 0) + count
    return merged


@pytest.mark.parametrize("rules", [Rules.BLANK, Rules.FILL])
def test_mirrored_states_are_the_mirrored_boards_states(rules: Rules) -> None:
    """``counter_kernel.mirror`` turns the states after some rows of a board into the
    states (with their counts) of the same rows of the board mirrored left to right, up to
    the names of labels whose ends are all decided (``_renamed``), and mirroring twice
    gives the states back exactly; also with the plain kernel."""
    rnd = random.Random(4321)
    compared = 0
    for number in range(60):
        puzzle = covered_board(rnd, 4, 7, spoil=number % 2 == 0, per_path=3 + number % 5)
        mirrored = view(puzzle, 1)
        for rows in range(1, puzzle.height):
            plain = sweep_module.Sweep(puzzle, rules, compiled=number % 4 == 0, turn=False)
            before = _row_states(plain, rows)
            plain.orient(1)
            other = sweep_module.Sweep(mirrored, rules, turn=False)
            _row_states(other, rows)
            assert _renamed(plain, rows) == _renamed(other, rows), (puzzle, rows)
            plain.orient(0)
            assert sorted(tuple(int(x) for x in row) for row in plain.states) == before
            compared += len(before) > 1
    assert compared >= 100  # measured: 174 and 129 (40 boards gave 87 under fill)


@pytest.mark.parametrize("rules", [Rules.BLANK, Rules.FILL])
def test_rows_swept_from_their_ends_count_the_same(
    rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rows turned to start from the end their labels lie nearer to (``_orient_row``):
    the counts equal brute force's on small boards and the counts with every row swept
    from the left on larger ones, and rows were turned both ways."""
    turns = []
    plain_orient = sweep_module.Sweep.orient

    def watched(sweep: sweep_module.Sweep, turned: int) -> None:
        turns.append(turned != sweep.turned)
        plain_orient(sweep, turned)

    monkeypatch.setattr(sweep_module.Sweep, "orient", watched)
    rnd = random.Random(2468)
    for number in range(200):
        puzzle = random_board(rnd) if number % 2 else dense_board(rnd)
        exact = count(puzzle, rules)
        assert exact is not None and min(exact, CAP + 1) == brute_count(puzzle, rules, CAP)
    for number in range(30):
        puzzle = covered_board(rnd, 6, 9, spoil=number % 3 == 0, per_path=4 + number % 6)
        assert count(puzzle, rules) == count(puzzle, rules, turn=False, meet=False), puzzle
    assert sum(turns) >= 100


def test_a_sum_of_fitting_counts_past_the_limbs_is_flagged() -> None:
    """Two states above the cut that fit one below, each counted 2**124 - 1 times: the
    meeting's kernel sets the overflow flag instead of keeping a wrapped sum."""
    w = 2
    word, shift, nwords = sweep_module._layout([3] * (w + 1))
    above = np.zeros((2, nwords + 2), dtype=np.int64)
    above[:, word[0]] = 1 << int(shift[0])  # label 1 crosses the cut at column 0
    above[:, nwords] = above[:, nwords + 1] = meet_kernel.LIMB
    below = above[:1].copy()  # and leads to label 1's other end below
    masks = np.zeros(2, dtype=np.int64)
    shapes = np.zeros(2, dtype=np.int64)
    meet_kernel.shape_keys(above, 2, word, shift, 7, w, 1, 0, masks, shapes)
    assert list(masks) == [1, 1] and list(shapes) == [1, 1]  # one label edge, at column 0
    lo = np.zeros(1, dtype=np.int64)
    hi = np.zeros(1, dtype=np.int64)
    reg = np.zeros(1, dtype=np.int64)
    compared = meet_kernel.fitting_sums(
        above, masks, shapes, below, masks[:1], shapes[:1], 0, 1, word, shift, 7, w, nwords,
        lo, hi, reg,
    )
    assert compared == 1 and reg[meet_kernel.OVERFLOW] == 1  # one pair of shapes walked


def _walked_fit(up: list[int], down: list[int], labels: int) -> bool:
    """Whether two cut states fit, walked pair by pair (the meeting's rule in plain words,
    sharing no code with ``meet_kernel``): the same edges used; from every label edge,
    crossing the cut and following each side's pieces in turn, the walk ends at an edge
    of the same label; and no used edge is left unvisited (a loop)."""
    if [t != 0 for t in up] != [t != 0 for t in down]:
        return False

    def partners(tokens: list[int]) -> dict[int, int]:
        at: dict[int, list[int]] = {}
        for j, t in enumerate(tokens):
            if t > labels:
                at.setdefault(t, []).append(j)
        pairs = {}
        for a, b in at.values():
            pairs[a], pairs[b] = b, a
        return pairs

    sides = (up, down)
    partner = (partners(up), partners(down))
    visited: set[int] = set()
    for j in range(len(up)):
        for side in (0, 1):
            label = sides[side][j]
            if not 1 <= label <= labels or j in visited:
                continue
            at, other = j, 1 - side
            visited.add(at)
            while not 1 <= sides[other][at] <= labels:
                at = partner[other][at]
                if at in visited:
                    return False
                visited.add(at)
                other = 1 - other
            if sides[other][at] != label:
                return False
    return all(t == 0 or j in visited for j, t in enumerate(up))


def _cut_tokens(row: np.ndarray, layout: sweep_module.Sweep) -> list[int]:
    """A state's token fields, from the left edge."""
    return [int(row[layout.word[j]] >> layout.shift[j]) & layout.tmask for j in range(layout.w)]


@pytest.mark.parametrize("compiled", [True, False])
def test_meetings_by_shape_sum_as_every_pair_walked(compiled: bool) -> None:
    """The meeting walks pairs of shapes and compares labels only where the shapes close
    into paths (``meet_kernel.fitting_sums``): at every cut of covered and random boards,
    its sum for each state below equals the sum over every state above that fits it by a
    plain walk of the pair (``_walked_fit``), with the compiled and the plain kernel."""
    rnd = random.Random(8080 + compiled)
    run = counter.meet_kernels(compiled)
    checked = shapes_closed = 0
    for number in range(240):
        if number % 3:
            puzzle = covered_board(rnd, 4, 7, spoil=number % 2 == 0, per_path=3 + number % 5)
        else:
            puzzle = random_board(rnd)
        rules = Rules.BLANK if number % 4 else Rules.FILL
        counting = counter.Counting(puzzle, rules, compiled=compiled, choose_view=False)
        if not counting.two_sweeps:
            continue
        down, up = counting.sides
        w, rows = down.w, counting.rows
        cut = rnd.randint(1, rows - 1)
        down.run(until=cut * w)
        up.run(until=(rows - cut) * w)
        if down.over or up.over:
            continue
        above, below = (counter._Snapshot.of(side, run) for side in (down, up))
        layout = above.sweep
        n = below.states.shape[0]
        lo = np.zeros(n, dtype=np.int64)
        hi = np.zeros(n, dtype=np.int64)
        reg = np.zeros(1, dtype=np.int64)
        run.fitting_sums(
            above.states, above.masks, above.shapes, below.states, below.masks, below.shapes,
            0, n, layout.word, layout.shift, layout.tmask, w, layout.nwords, lo, hi, reg,
        )
        ups = [(_cut_tokens(row, layout), int(row[layout.nwords])
                + (int(row[layout.nwords + 1]) << 62)) for row in above.states]
        for k in range(n):
            low = _cut_tokens(below.states[k], layout)
            expected = sum(c for t, c in ups if _walked_fit(t, low, layout.labels))
            assert int(lo[k]) + (int(hi[k]) << 62) == expected, (puzzle, cut, k)
            shapes_closed += expected > 0
            checked += 1
    # measured: 791 and 401, 774 and 326 (150 boards gave 441 and 450 checked once the
    # kernel dropped a down edge into another label's end at once)
    assert checked >= 600 and shapes_closed >= 150


def test_crossing_pruning_on_larger_boards() -> None:
    """Covered 6x6 to 9x9 boards: the compiled counter with and without the pruning agree
    under every rule set (the crossings it drops grow with the board)."""
    rnd = random.Random(4711)
    for number in range(40):
        puzzle = covered_board(rnd, 6, 9, spoil=number % 3 == 0, per_path=4 + number % 6)
        for rules in Rules:
            assert count(puzzle, rules) == count(puzzle, rules, prune=False), (puzzle, rules)


@pytest.mark.parametrize("rules", [Rules.BLANK, Rules.FILL])
def test_counter_matches_the_first_counter_on_larger_boards(rules: Rules) -> None:
    """Covered 5x5 to 8x8 boards, some with an erased label, some with blocked cells and
    odd shapes: every count equals the tuple-based counter's."""
    rnd = random.Random(99)
    sizes = set()
    for number in range(60):
        puzzle = covered_board(rnd, 5, 8, spoil=number % 3 == 0, per_path=5 + number % 7)
        if number % 4 == 1:
            cells = list(puzzle.cells)
            empty = [i for i, v in enumerate(cells) if v == EMPTY]
            for i in rnd.sample(empty, min(len(empty), 3)):
                cells[i] = -1
            puzzle = Puzzle(puzzle.width, puzzle.height, tuple(cells))
        exact = count(puzzle, rules)
        assert exact == reference_count(puzzle, rules), (puzzle, rules)
        assert count(transposed(puzzle), rules) == exact
        assert count(puzzle, rules, meet=False) == exact
        sizes.add(min(exact or 0, 10**6))
    assert len(sizes) >= 6  # many different counts, not only 0 and 1


def test_notouch_counter_matches_the_scan_search() -> None:
    """Covered 5x5 to 9x9 boards under ``fill-notouch``: the count equals the number of
    solutions the scan search lists (an exhaustive search, compared with brute force in
    ``test_numberlink_scan.py``)."""
    rnd = random.Random(2026)
    seen = set()
    for number in range(120):
        puzzle = covered_board(rnd, 5, 9, spoil=number % 2 == 0, per_path=6 + 6 * (number % 2))
        listed = solve(puzzle, rules=Rules.FILL_NOTOUCH, limit=500, engine="scan")
        assert listed.complete, puzzle
        assert count(puzzle, Rules.FILL_NOTOUCH) == listed.count, puzzle
        seen.add(min(listed.count, 2))
    assert seen == {0, 1, 2}


def test_notouch_exclusion_masks_past_one_word() -> None:
    """A piece's exclusion mask has one bit for each label and each other piece
    (``counter_kernel``); past 63 of them it takes two or more words.  Here 64 dominoes fill
    the top rows, so the labels and pieces below, where the paths have room, sit in the
    masks' second word: the counts equal the scan search's."""
    rnd = random.Random(3141)
    w = 16
    dominoes = [1 + (r * w + c) // 2 for r in range(8) for c in range(w)]  # labels 1..64
    for number in range(30):
        below = covered_board(rnd, w, w, spoil=number % 2 == 0, per_path=6 + number % 5)
        shift = {v: v + 64 for v in below.labels}
        cells = dominoes + [shift.get(v, v) for v in below.cells]
        puzzle = Puzzle(w, 8 + below.height, tuple(cells))
        assert counter.Counting(puzzle, Rules.FILL_NOTOUCH).down.mper > 1
        listed = solve(puzzle, rules=Rules.FILL_NOTOUCH, limit=500, engine="scan")
        assert listed.complete, puzzle
        assert count(puzzle, Rules.FILL_NOTOUCH) == listed.count, puzzle


def test_published_flow_free_levels_count_once_under_notouch() -> None:
    """The 29 Flow Free levels (tests/data/numberlink/flow-29.txt): the counter finds one
    solution for each level under ``fill-notouch`` and none for the crossing board, as
    the scan search's listing does, and the listed solution passes the checker."""
    puzzles = formats.parse((DATA / "flow-29.txt").read_text())
    assert len(puzzles) == 29
    counts = []
    for puzzle in puzzles:
        listed = solve(puzzle, rules=Rules.FILL_NOTOUCH, limit=2, engine="scan")
        assert listed.complete, puzzle
        assert count(puzzle, Rules.FILL_NOTOUCH) == listed.count, puzzle
        for solution in listed.solutions:
            assert check(puzzle, solution, Rules.FILL_NOTOUCH) == [], puzzle
        counts.append(listed.count)
    assert counts == [1] * 28 + [0]


def test_solve_count_takes_the_counters_state_limit() -> None:
    """``solve --count --max-states N``: the family hands the limit to the counter; a
    level whose count needs more states than that is undecided (the listing then runs out
    of time), with the default limit it is counted; and the default written out in
    ``family.py`` (so that reading options imports no numpy) is the counter's."""
    from numpuzzles.families import family
    from numpuzzles.numberlink.family import COUNT_STATES

    assert COUNT_STATES == sweep_module.MAX_STATES
    numberlink = family("numberlink")
    text = (DATA / "flow-29.txt").read_text()
    board = numberlink.parse(text, rules="blank")[11]  # level 12, 11x11
    tight = numberlink.solve(board, limit=None, timeout=1.0, max_states=10_000)
    assert not tight.complete and tight.total is None
    assert any("more than 10,000 states" in said and "--max-states" in said
               for said in tight.established)  # what the command line prints
    full = numberlink.solve(board, limit=None, timeout=60.0)
    assert full.complete and full.total == count(board.puzzle, Rules.BLANK)
    assert full.established == ()


def test_the_command_line_says_when_the_counters_state_limit_stopped_a_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``solve --count --max-states N`` on a level that needs more: one line says the
    count is undecided and which option would let it go on; exit status 3."""
    from numpuzzles.cli.main import main

    level = formats.parse((DATA / "flow-29.txt").read_text())[11]  # as above
    board = tmp_path / "level.txt"
    board.write_text(formats.dump(level, "ahle"))
    code = main(["numberlink", "solve", str(board), "--rules", "blank", "--count",
                 "--max-states", "10000", "--timeout", "1"])
    assert code == 3
    assert ("undecided: the exact counter needs more than 10,000 states a sweep "
            "(--max-states raises it)") in capsys.readouterr().out


def test_count_solutions_uses_the_counter_under_every_rule_set(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--count``'s entry point answers exactly under all three rule sets, also when the
    counter's first turn is cut short and the listing between its turns stops at its
    limit, so that the counter answers."""
    puzzle = Puzzle(4, 4, (1, 0, 0, 0, 0, 0, 2, 0, 0, 1, 0, 0, 0, 0, 0, 2))  # 5, 1, 46
    monkeypatch.setattr(solve_module, "COUNT_FIRST", 1)
    for first in (1_000, 1):
        monkeypatch.setattr(solve_module, "LIST_FIRST", first)
        for rules in Rules:
            result = count_solutions(puzzle, rules=rules)
            listed = solve(puzzle, rules=rules, limit=None, engine="sat")
            assert listed.count > 0 and result.complete, rules
            assert result.total == listed.count, rules


def test_limits_give_none_never_a_number(monkeypatch: pytest.MonkeyPatch) -> None:
    board = Puzzle(8, 8, (1,) + (0,) * 62 + (1,))
    assert count(board, Rules.BLANK, max_states=50) is None
    oracle = formats.parse((DATA / "counting-oracle.txt").read_text())[0]
    assert count(oracle, Rules.FILL_NOTOUCH) == 1
    assert count(oracle, Rules.FILL_NOTOUCH, max_states=50) is None
    gone = Deadline(0.0)
    assert count(board, Rules.BLANK, deadline=gone) is None
    monkeypatch.setattr(sweep_module, "CHUNK_STATES", 3)  # many chunks, and a table that grows
    assert count(board, Rules.BLANK, compiled=False) == count(board, Rules.BLANK)


def test_a_sum_past_the_count_limbs_is_flagged() -> None:
    """Two states that lead to one successor, each counted 2**124 - 1 times: the kernel
    sets the overflow flag instead of keeping a wrapped count."""
    w = 2
    word, shift, nwords = sweep_module._layout([3] * (w + 1))  # tokens 0..7: label 1, pieces
    width = nwords + 2
    states = np.zeros((2, width), dtype=np.int64)
    states[0, word[0]] = 1 << int(shift[0])  # label 1 enters cell 0 from above
    states[1, word[w]] = 1 << int(shift[w])  # label 1 enters cell 0 from the left
    states[:, nwords] = states[:, nwords + 1] = kernel.LIMB
    table = sweep_module._new_table(16, width)
    reg = np.zeros(3, dtype=np.int64)
    # cell 0 (free, can go down only): both states pass label 1 down, one successor
    args = (states, 0, 2, table, nwords, reg, word, shift, 7, w, 0, 0, False, True)
    place = np.arange(w + 1, dtype=np.int64)
    ends = np.array([-1, -1, -1, -1], dtype=np.int64)  # no end ahead: nothing to cross
    keep = np.ones(w, dtype=np.int64)
    finished = np.zeros(2, dtype=np.int64)
    rimmed = np.array([1], dtype=np.int64)
    under = np.zeros(w, dtype=np.int64)  # no end below
    done = kernel.step(
        *args, kernel.BLANK, 1, finished, place, ends, keep, rimmed, nwords, 1, under
    )
    assert done == 2 and reg[kernel.USED] == 1 and reg[kernel.OVERFLOW] == 1


@pytest.mark.parametrize("rules", list(Rules))
def test_a_count_run_in_slices_keeps_its_answer(rules: Rules) -> None:
    """``Counting.run`` with a share of 7 states read at a time, resumed until over: the
    count is brute force's, every turn but the last reads its share, and the bare
    ``count`` agrees."""
    rnd = random.Random(616)
    sliced = 0
    for number in range(200):
        puzzle = random_board(rnd) if number % 2 else dense_board(rnd)
        expected = brute_count(puzzle, rules, CAP)
        counting = counter.Counting(puzzle, rules)
        turns = 0
        while not counting.over:
            before = counting.work
            counting.run(work=7)
            assert counting.over or counting.work >= before + 7
            turns += 1
        sliced += turns > 1
        exact = counting.answer
        assert exact is not None and min(exact, CAP + 1) == expected, (puzzle, rules)
        assert count(puzzle, rules) == exact
    assert sliced >= 40  # most boards took several turns (53 of 200 at least, measured)


@pytest.mark.parametrize("rules", [Rules.BLANK, Rules.FILL])
def test_a_count_past_its_deadline_mid_step_ends_without_an_answer(
    rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A deadline that passes between two chunks of a step leaves the table half done:
    the count ends with no answer, and running it again cannot resume from there."""
    monkeypatch.setattr(sweep_module, "CHUNK_STATES", 2)
    board = Puzzle(5, 5, (1,) + (0,) * 23 + (1,))
    counting = counter.Counting(board, rules)
    counting.run(work=50)
    assert not counting.over

    class SecondChunkLate(Deadline):
        """Not expired at the first chunk's check, expired from the second on."""

        checks = 0

        def expired(self) -> bool:
            SecondChunkLate.checks += 1
            return SecondChunkLate.checks > 1

    counting.run(SecondChunkLate(None))
    assert counting.over and counting.answer is None
    counting.run()
    assert counting.answer is None


def test_count_solutions_lists_when_the_counter_is_slow(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``count_solutions`` with no counter turn first: the listing proves small counts;
    with a listing limit of 1 the counter resumes and counts.  Both equal brute force."""
    monkeypatch.setattr(solve_module, "COUNT_FIRST", 1)
    rnd = random.Random(717)
    paths = set()
    for number in range(60):
        puzzle = random_board(rnd) if number % 2 else dense_board(rnd)
        for rules in Rules:
            expected = brute_count(puzzle, rules, CAP)
            for first in (1_000, 1):
                monkeypatch.setattr(solve_module, "LIST_FIRST", first)
                result = count_solutions(puzzle, rules=rules)
                assert result.complete and result.total is not None, (puzzle, rules)
                assert min(result.total, CAP + 1) == expected, (puzzle, rules, first)
                assert (result.total > 0) == (result.status.value == "solved")
                paths.add((first, result.total >= first))
    assert (1, True) in paths and (1_000, False) in paths


def test_the_sweep_starts_at_the_edge_near_the_ends() -> None:
    """``sweep_view`` turns a board whose ends all lie in its last row (or last column) so
    that they come first, keeps a board whose ends come first as it is, and any view it
    picks gives the same count as the board's own view."""
    cells = [EMPTY] * 42
    cells[35:42] = [1, 2, 3, 0, 3, 2, 1]
    bottom = Puzzle(7, 6, tuple(cells))  # wider than high: swept along its columns
    right = transposed(bottom)  # 6 wide, 7 high: ends in the last column
    for puzzle in (bottom, right):
        chosen = views.sweep_view(puzzle)
        assert chosen.width <= chosen.height
        assert any(v > 0 for v in chosen.cells[: chosen.width]), chosen
    top = Puzzle(6, 7, (1, 2, 3, 3, 2, 1) + (EMPTY,) * 36)
    assert views.sweep_view(top) == top  # the ends are already first
    rnd = random.Random(808)
    turned = 0
    for number in range(60):
        puzzle = covered_board(rnd, 4, 7, spoil=number % 2 == 0, per_path=4 + number % 5)
        turned += views.sweep_view(puzzle) != puzzle
        for rules in Rules:
            assert count(puzzle, rules) == count(puzzle, rules, choose_view=False), puzzle
    assert turned >= 20


def test_tables_shrink_after_a_peak_and_the_count_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 9x9 with its labels in the next-to-last row, under ``blank``: the states peak in
    the middle rows and fall near the labels, so the table grows and then shrinks
    (``Counting.run``); the count equals the tuple-based counter's."""
    capacities: list[int] = []
    plain_table = sweep_module._table

    def recorded(capacity: int, width: int, deadline: Deadline | None = None) -> np.ndarray | None:
        capacities.append(capacity)
        return plain_table(capacity, width, deadline)

    monkeypatch.setattr(sweep_module, "_table", recorded)
    cells = [EMPTY] * 81
    cells[63:72] = [1, 2, 3, 0, 0, 0, 3, 2, 1]
    puzzle = Puzzle(9, 9, tuple(cells))
    # one sweep, from the top: the labels stay near its end
    exact = count(puzzle, Rules.BLANK, choose_view=False, meet=False)
    assert exact == reference_count(puzzle, Rules.BLANK) and exact is not None and exact > 0
    peak = capacities.index(max(capacities))
    assert max(capacities) > 1024 and min(capacities[peak:]) < max(capacities), capacities


@pytest.mark.parametrize("rules", [Rules.BLANK, Rules.FILL])
@pytest.mark.parametrize("compiled", [True, False])
def test_racing_sweeps_count_as_brute_force(
    rules: Rules, compiled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The two sweeps in two threads (``Counting.run(parallel=True)``), from the start or
    after a first slice on one core, with the compiled and the plain kernels: every count
    equals brute force's, and on many boards the race went to a meeting with solutions
    (any meeting is taken at once here, ``MEET_SHARE``: on these small boards a sweep
    would mostly end the count alone first)."""
    monkeypatch.setattr(counter, "MEET_SHARE", 1e12)
    # threads switch often, so that the second sweep starts before the first is through
    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        met = _race_boards(rules, compiled)
    finally:
        sys.setswitchinterval(switch)
    # measured: some 25 of 300 and 3 of 100 met; how many depends on the threads' timing
    assert met >= 1


@pytest.mark.parametrize("rules", [Rules.BLANK, Rules.FILL])
def test_snapshots_meet_at_every_cut_as_brute_force(rules: Rules) -> None:
    """What a race meets: copies of two sweeps' states at rows that add up to the board's
    (``_Snapshot``), turned and sorted, summed in two threads (``_meeting_sum``), at every
    cut of every board, the sweeps going on afterwards as if no copy was taken: each sum
    equals brute force's count."""
    rnd = random.Random(1618)
    cuts = 0
    for number in range(120):
        puzzle = random_board(rnd) if number % 2 else dense_board(rnd)
        expected = brute_count(puzzle, rules, CAP)
        counting = counter.Counting(puzzle, rules, choose_view=False)
        if not counting.two_sweeps:
            continue
        down, up = counting.sides
        w, rows = down.w, counting.rows
        run = counter.meet_kernels()
        downs, ups = {}, {}
        for side, taken in ((down, downs), (up, ups)):
            for row in range(1, rows):
                side.run(until=row * w)
                if side.over:
                    break
                taken[row] = counter._Snapshot.of(side, run)
        for row, above in downs.items():
            below = ups.get(rows - row)
            if below is None:
                continue
            total = counter._meeting_sum(above, below, run, None, threads=2)
            assert total is not None and min(total, CAP + 1) == expected, (puzzle, row)
            cuts += 1
    assert cuts >= 60  # measured: 80


def _race_boards(rules: Rules, compiled: bool) -> int:
    """Races on random small boards, each against brute force; how many met.  At least
    300 (compiled) or 100 (plain) boards, then more until one race met (at most 1,000):
    whether a race meets depends on the threads' timing, and on a loaded machine the
    first 100 once gave none."""
    rnd = random.Random(2718 + compiled)
    met = 0
    for number in range(1000):
        if number >= (300 if compiled else 100) and met:
            break
        puzzle = random_board(rnd) if number % 2 else dense_board(rnd)
        counting = counter.Counting(puzzle, rules, compiled=compiled)
        if number % 3 == 0:
            counting.run(work=1 + number % 50)  # a slice first, as count_solutions does
        counting.run(parallel=True)
        exact = counting.answer
        assert exact is not None and min(exact, CAP + 1) == brute_count(puzzle, rules, CAP)
        met += counting.met_at is not None and exact > 0
    return met


@pytest.mark.parametrize("rules", [Rules.BLANK, Rules.FILL])
def test_racing_sweeps_on_larger_boards_and_past_a_deadline(rules: Rules) -> None:
    """Covered 6x6 to 9x9 boards: the race counts what one core counts; a race whose
    deadline passed answers None, never a number."""
    rnd = random.Random(4242)
    for _ in range(25):
        puzzle = covered_board(rnd, 6, 9, spoil=False, per_path=6)
        exact = count(puzzle, rules)
        assert exact is not None and count(puzzle, rules, parallel=True) == exact
        late = counter.Counting(puzzle, rules)
        late.run(Deadline(0), parallel=True)
        assert late.answer is None


def test_snapshots_farthest_from_a_meeting_go_first() -> None:
    """``_evict`` drops the snapshots whose partner row the other sweep is farthest from
    taking, until the states kept fit the room; one whose partner row was taken stays."""
    sweep = counter.Counting(Puzzle(3, 10, (1,) + (EMPTY,) * 28 + (1,))).down

    def snap(row: int, size: int) -> counter._Snapshot:
        empty = np.zeros(size, dtype=np.int64)
        return counter._Snapshot(row, np.zeros((size, 4), dtype=np.int64), empty, empty,
                                 empty, sweep)

    rows = 10
    # the top sweep took rows 1-6, the bottom one rows 1-2 (it is 2 rows up)
    snaps = [{r: snap(r, 10 * r) for r in range(1, 7)}, {1: snap(1, 5), 2: snap(2, 7)}]
    kept = [sum(s.states.shape[0] for side in snaps for s in side.values())]  # 222
    counter._evict(snaps, [6, 2], rows, kept, 170)
    # partner rows: top r needs bottom 10 - r (bottom is at 2: 8 - r rows away); bottom r
    # needs top 10 - r (top is at 6: 4 - r away); farthest first: top 1 (7), top 2 (6),
    # top 3 (5), and then 162 states fit
    assert sorted(snaps[0]) == [4, 5, 6] and sorted(snaps[1]) == [1, 2]
    assert kept[0] == 222 - 10 - 20 - 30
    counter._evict(snaps, [8, 2], rows, kept, 0)  # the top sweep now took row 8
    # all but those whose partner row was taken: top 4..6 wait on bottom 6..4 (not taken),
    # bottom 1 and 2 on top 9 and 8 (top 8 taken: bottom 2 stays)
    assert snaps[0] == {} and sorted(snaps[1]) == [2] and kept[0] == 7


@pytest.mark.parametrize("rules", [Rules.BLANK, Rules.FILL])
def test_races_with_little_room_for_snapshots_count_as_brute_force(
    rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With room for forty states of snapshots the race drops the ones far from a
    meeting to keep new ones (``_evict``): every count still equals brute force's, and
    snapshots were dropped on some boards."""
    monkeypatch.setattr(counter, "SNAPSHOT_STATES", 40)
    evicted = []
    plain_evict = counter._evict

    def watched(snaps: list[dict[int, counter._Snapshot]], *args: object) -> None:
        before = sum(len(side) for side in snaps)
        plain_evict(snaps, *args)  # type: ignore[arg-type]
        evicted.append(before - sum(len(side) for side in snaps))

    monkeypatch.setattr(counter, "_evict", watched)
    rnd = random.Random(3141)
    for _ in range(20):
        puzzle = covered_board(rnd, 6, 9, spoil=False, per_path=5)
        counting = counter.Counting(puzzle, rules)
        counting.run(parallel=True)
        assert counting.answer is not None and counting.answer == count(puzzle, rules)
    # measured: 28 and 19, 34 and 17 (the timing of the threads moves it)
    assert sum(evicted) >= 3, evicted


def test_a_sweep_that_ends_the_race_stops_the_other() -> None:
    """A board with no solution whose dead end one sweep finds at once (a label walled in
    by blocked cells at the top): the race answers 0 and the other sweep stopped early."""
    w = 8
    cells = [EMPTY] * (w * w)
    cells[0], cells[1], cells[w] = 1, -1, -1  # label 1's end boxed in the corner
    cells[w * w - 1] = 1
    puzzle = Puzzle(w, w, tuple(cells))
    counting = counter.Counting(puzzle, Rules.BLANK, choose_view=False)
    counting.run(parallel=True)
    assert counting.over and counting.answer == 0 == brute_count(puzzle, Rules.BLANK, CAP)


def test_count_solutions_races_once_the_gil_free_kernels_are_loaded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``count_solutions`` with ``threads=2`` and no slice on one core first
    (``COUNT_FIRST``, ``RACE_AFTER`` 1), the kernels loaded beforehand (else these small
    counts end on one core while they load): it races and counts as with one thread, and
    the race ran (``Counting.run`` was asked for it)."""
    for event in jit.load_nogil_in_background(*counter.race_kernels()):
        event.wait()
    monkeypatch.setattr(solve_module, "COUNT_FIRST", 1)
    monkeypatch.setattr(solve_module, "RACE_AFTER", 1)
    monkeypatch.setattr(solve_module, "LIST_FIRST", 1)
    asked: list[bool] = []
    run = counter.Counting.run

    def spy(self: counter.Counting, *args: object, parallel: bool = False, **kw: object) -> None:
        asked.append(parallel)
        run(self, *args, parallel=parallel, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(counter.Counting, "run", spy)
    rnd = random.Random(77)
    for _ in range(6):
        puzzle = covered_board(rnd, 7, 8, spoil=False, per_path=5)
        one = count_solutions(puzzle, rules=Rules.BLANK, threads=1)
        two = count_solutions(puzzle, rules=Rules.BLANK, threads=2)
        assert one.total is not None and one.total == two.total == count(puzzle, Rules.BLANK)
    assert any(asked)


class _TripsAfter(Deadline):
    """A deadline that passes at its ``calls``-th check (the clock plays no part)."""

    def __init__(self, calls: int) -> None:
        super().__init__(None)
        self.left = calls

    def expired(self) -> bool:
        self.left -= 1
        return self.left < 0


def test_a_new_table_is_marked_empty_and_stops_at_its_deadline(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sweep_module, "FILL_ROWS", 4)
    for deadline in (None, Deadline(100.0)):
        table = sweep_module._table(64, 5, deadline)
        assert table is not None and table.shape == (64, 5)
        assert (table[:, 0] == kernel.EMPTY).all() and not table[:, 1:].any()
    assert sweep_module._table(64, 5, Deadline(0.0)) is None
    assert sweep_module._table(4, 5, Deadline(0.0)) is not None  # one block: no check


def test_a_deadline_while_a_table_grows_ends_the_count_without_an_answer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The growth's checks (``_table``'s) end the sweep as a deadline mid-step does: over,
    no answer, not "full"; with no deadline the same board counts as brute force does."""
    monkeypatch.setattr(sweep_module, "FILL_ROWS", 64)
    board = formats.parse("1......1\n........\n..3.....\n........\n"
                          ".....3..\n........\n2......2\n")[0]
    grown: list[int] = []
    table = sweep_module._table

    def growing(capacity: int, width: int,
                deadline: Deadline | None = None) -> np.ndarray | None:
        if deadline is not None:
            grown.append(capacity)
            deadline = _TripsAfter(1)  # the table's second block finds it passed
        return table(capacity, width, deadline)

    monkeypatch.setattr(sweep_module, "_table", growing)
    side = sweep_module.Sweep(board, Rules.BLANK)
    side.run(Deadline(100.0))
    assert grown and side.over and side.answer is None and not side.full
    monkeypatch.setattr(sweep_module, "_table", table)
    assert count(board, Rules.BLANK, meet=False) == reference_count(board, Rules.BLANK)


def test_count_solutions_waits_for_the_loading_kernels_before_counting_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """While the GIL-free kernels load (here: events set 50 ms later), the counter waits
    for them (``LOAD_WAIT``) instead of counting on one core beside the loader, which
    gets the GIL only between kernel calls: the first turn after the wait is the race."""
    import threading

    for event in jit.load_nogil_in_background(*counter.race_kernels()):
        event.wait()  # really loaded, so the race can run when the events say so

    def slow_loading(*functions: object) -> list[threading.Event]:
        events = [threading.Event() for _ in functions]
        timer = threading.Timer(0.05, lambda: [e.set() for e in events])
        timer.start()
        return events

    monkeypatch.setattr(jit, "load_nogil_in_background", slow_loading)
    monkeypatch.setattr(solve_module, "COUNT_FIRST", 1)
    monkeypatch.setattr(solve_module, "RACE_AFTER", 1)
    monkeypatch.setattr(solve_module, "LIST_FIRST", 1)
    asked: list[tuple[int, bool]] = []
    run = counter.Counting.run

    def spy(self: counter.Counting, deadline: Deadline | None = None,
            work: int = sweep_module.ALL, parallel: bool = False) -> None:
        asked.append((work, parallel))
        run(self, deadline, work, parallel)

    monkeypatch.setattr(counter.Counting, "run", spy)
    rnd = random.Random(78)
    raced = 0
    for _ in range(4):
        puzzle = covered_board(rnd, 7, 8, spoil=False, per_path=5)
        asked.clear()
        result = count_solutions(puzzle, rules=Rules.BLANK, threads=2)
        assert result.total is not None and result.total == count(puzzle, Rules.BLANK)
        after = asked[2:]  # past COUNT_FIRST's and RACE_AFTER's turns
        if after:
            assert after[0] == (sweep_module.ALL, True), asked
            raced += 1
    assert raced


def test_count_solutions_counts_on_while_the_kernels_are_slow_to_load(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Kernels still loading after ``LOAD_WAIT`` (here 0: events set 0.2 s later): the
    counter takes turns on one core, handing the loader time between them, then races;
    the counts are the counter's either way."""
    import threading

    for event in jit.load_nogil_in_background(*counter.race_kernels()):
        event.wait()

    def slow_loading(*functions: object) -> list[threading.Event]:
        events = [threading.Event() for _ in functions]
        threading.Timer(0.2, lambda: [e.set() for e in events]).start()
        return events

    monkeypatch.setattr(jit, "load_nogil_in_background", slow_loading)
    monkeypatch.setattr(solve_module, "LOAD_WAIT", 0.0)
    monkeypatch.setattr(solve_module, "LOADING_WORK", 1)
    monkeypatch.setattr(solve_module, "COUNT_FIRST", 1)
    monkeypatch.setattr(solve_module, "RACE_AFTER", 1)
    monkeypatch.setattr(solve_module, "LIST_FIRST", 1)
    rnd = random.Random(79)
    for _ in range(3):
        puzzle = covered_board(rnd, 7, 8, spoil=False, per_path=5)
        result = count_solutions(puzzle, rules=Rules.BLANK, threads=2)
        assert result.total is not None and result.total == count(puzzle, Rules.BLANK)


def _wide_boards(seed: int, number: int) -> list[Puzzle]:
    """Random covers 12 or 13 cells wide and 3 or 4 high with paths of about three cells:
    13 or more labels, so a state's key takes two words."""
    rnd = random.Random(seed)
    boards = []
    for _ in range(number):
        w, h = rnd.randint(12, 13), rnd.randint(3, 4)
        boards.append(as_puzzle(w, h, random_cover(w, h, w * h // 3, rnd))[0])
    return boards


@pytest.mark.parametrize("rules", [Rules.BLANK, Rules.FILL])
def test_keys_of_two_words_count_as_the_first_counter(rules: Rules) -> None:
    """Boards whose states take two key words (``counter_kernel.PACKED`` builds both in
    registers): every count, from one edge and with the sweeps meeting, equals the
    tuple-based counter's."""
    for puzzle in _wide_boards(31, 12):
        assert sweep_module.Sweep(puzzle, rules).nwords == 2
        exact = count(puzzle, rules)
        assert exact == reference_count(puzzle, rules), (puzzle, rules)
        assert count(puzzle, rules, meet=False) == exact


@pytest.mark.parametrize("rules", [Rules.BLANK, Rules.FILL])
def test_packed_keys_are_the_keys_built_field_by_field(
    rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The plain kernel with ``PACKED`` on and off keeps the same states, count for count,
    after every row, on boards of one key word (covered 6x6 to 8x8) and of two."""
    rnd = random.Random(73)
    boards = [covered_board(rnd, 6, 8, per_path=4 + k % 4) for k in range(6)]
    boards += _wide_boards(37, 4)
    words = set()
    for puzzle in boards:
        rows = []
        for packed in (True, False):
            monkeypatch.setattr(kernel, "PACKED", packed)
            sweep = sweep_module.Sweep(puzzle, rules, compiled=False)
            words.add(sweep.nwords)
            rows.append([_row_states(sweep, r) for r in range(1, puzzle.height)])
        assert rows[0] == rows[1], puzzle
    assert words == {1, 2}
