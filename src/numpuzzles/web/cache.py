"""The answers of ``POST /api/{family}/generate`` with an ``id``, kept in the app process.

Why: an ID names one puzzle forever, so its record never changes; a pack level or the
daily puzzle is asked for again and again (by every player, and by one player on every
reload), and from here it is answered at once instead of being generated again in the
worker pool.  Bounded (least recently used goes first), so the memory it holds is too.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

Answer = tuple[int, Any]


class AnswerCache:
    """At most ``size`` answers by key, the least recently used dropped first (0: none)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[tuple[str, str], Answer] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: tuple[str, str]) -> Answer | None:
        """The answer kept for ``key`` (now the most recently used), or None."""
        found = self._items.get(key)
        if found is not None:
            self._items.move_to_end(key)
        return found

    def put(self, key: tuple[str, str], answer: Answer) -> None:
        """Keep ``answer`` for ``key``, dropping the least recently used beyond ``size``."""
        if self.size <= 0:
            return
        self._items[key] = answer
        self._items.move_to_end(key)
        while len(self._items) > self.size:
            self._items.popitem(last=False)
