"""Large numpy arrays on ordinary memory pages while a memory-hungry engine runs.

On Linux numpy advises the kernel to back every large array with transparent huge pages
(``madvise(MADV_HUGEPAGE)``).  On this project's machines, virtual machines whose balloon
device reports free memory to the host, a huge page is a free 2 MB block, which is exactly
what the host has taken back, so touching it costs a fault at the host for every 4 kB
(some 35 us a page, where memory just freed in the process costs a fraction of that; the
kernel's counters showed no compaction stalls).  The Numberlink counter allocates hash
tables and state lists of hundreds of megabytes and touches every page at once.
Measured, one sweep of a 14x14 board to its sixth row: 18.7 s of CPU with the advice, 4.0
s of it making tables (system time), against 14.5 s and 0.24 s without; the same user
time both ways, so the huge pages saved nothing on the lookups.

``ordinary_pages()`` turns numpy's advice off while the engine runs and restores it
after.  The setting is numpy's and process-wide, so overlapping engines (threads) count
how many are inside, and the last to leave restores what it was; nothing else changes
(it is advice on how memory is backed, never what an array holds).  Where numpy lacks the
switch (not Linux, or a numpy without it) the context does nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_inside = 0
_before: bool | None = None


def _switch() -> Callable[[bool], bool] | None:
    """numpy's setter (returns the previous setting), or None where it has none."""
    try:
        from numpy._core import multiarray
    except ImportError:  # numpy before 2.0 kept it in numpy.core
        try:
            from numpy.core import multiarray  # type: ignore[no-redef]
        except ImportError:
            return None
    switch: Callable[[bool], bool] | None = getattr(multiarray, "_set_madvise_hugepage", None)
    return switch


@contextmanager
def ordinary_pages() -> Iterator[None]:
    """numpy's large arrays not advised onto huge pages inside the block."""
    global _inside, _before
    switch = _switch()
    if switch is None:
        yield
        return
    with _lock:
        if _inside == 0:
            _before = switch(False)
        _inside += 1
    try:
        yield
    finally:
        with _lock:
            _inside -= 1
            if _inside == 0 and _before is not None:
                switch(_before)
                _before = None
