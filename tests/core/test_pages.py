"""``core.pages.ordinary_pages``: numpy's huge-page advice off inside, as it was after,
however the blocks nest or overlap; and the Numberlink counter's tables are made inside."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from numpuzzles.core import pages
from numpuzzles.core.deadline import Deadline
from numpuzzles.numberlink import formats
from numpuzzles.numberlink.count import sweep
from numpuzzles.numberlink.count.counter import Counting
from numpuzzles.numberlink.model import Rules

multiarray = pytest.importorskip("numpy._core.multiarray")
if pages._switch() is None:  # pragma: no cover - numpy always has it on Linux
    pytest.skip("this numpy has no huge-page switch", allow_module_level=True)


def _advised() -> bool:
    return bool(multiarray._get_madvise_hugepage())


@pytest.mark.parametrize("before", [True, False])
def test_the_advice_is_off_inside_and_restored_after(before: bool) -> None:
    previous = multiarray._set_madvise_hugepage(before)
    try:
        with pages.ordinary_pages():
            assert not _advised()
            with pages.ordinary_pages():
                assert not _advised()
            assert not _advised()  # the outer block is still inside
        assert _advised() == before
    finally:
        multiarray._set_madvise_hugepage(previous)


def test_overlapping_threads_leave_the_advice_as_it_was() -> None:
    """Blocks in threads that enter and leave in any order: off while any is inside."""
    previous = multiarray._set_madvise_hugepage(True)
    entered, leave = threading.Barrier(3), [threading.Event() for _ in range(2)]
    seen: list[bool] = []

    def inside(k: int) -> None:
        with pages.ordinary_pages():
            entered.wait()
            leave[k].wait()
            seen.append(_advised())

    try:
        threads = [threading.Thread(target=inside, args=(k,)) for k in range(2)]
        for t in threads:
            t.start()
        entered.wait()
        leave[1].set()
        threads[1].join()
        assert not _advised()  # thread 0 is still inside
        leave[0].set()
        threads[0].join()
        assert seen == [False, False]
        assert _advised()
    finally:
        multiarray._set_madvise_hugepage(previous)


def test_the_counters_tables_are_made_on_ordinary_pages(
        monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[bool] = []
    table = sweep._table

    def watched(capacity: int, width: int, deadline: Deadline | None = None) -> np.ndarray | None:
        made.append(_advised())
        return table(capacity, width, deadline)

    monkeypatch.setattr(sweep, "_table", watched)
    previous = multiarray._set_madvise_hugepage(True)
    try:
        board = formats.parse("1......1\n........\n..3.....\n........\n"
                              ".....3..\n........\n2......2\n")[0]
        counting = Counting(board, Rules.BLANK)
        made.clear()  # the first table is made with the sweep, before any run
        counting.run()
        assert counting.answer is not None and counting.answer > 0
        assert made and not any(made)
        assert _advised()
    finally:
        multiarray._set_madvise_hugepage(previous)
