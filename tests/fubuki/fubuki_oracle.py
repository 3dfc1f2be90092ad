"""Independent Fubuki counters for the tests; they share no code with the package's solver.

``all_fillings_3x3`` enumerates every 3×3 filling once (9! = 362,880); ``count_by_rows``
is a plain row-by-row backtracking counter for 4×4 and 5×5 with only the obvious pruning.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence


@functools.cache
def all_fillings_3x3() -> tuple[tuple[int, ...], ...]:
    """Every permutation of 1..9 as a flat row-major filling."""
    return tuple(itertools.permutations(range(1, 10)))


@functools.cache
def _index(product: bool) -> dict[tuple[int, ...], list[tuple[int, ...]]]:
    """Every filling filed under its six line totals (built once per kind of total)."""
    op = math.prod if product else sum
    table: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    for f in all_fillings_3x3():
        key = (
            op(f[0:3]), op(f[3:6]), op(f[6:9]), op(f[0::3]), op(f[1::3]), op(f[2::3]),
        )
        table.setdefault(key, []).append(f)
    return table


def brute_force_3x3(
    rows: Sequence[int | None],
    cols: Sequence[int | None],
    givens: Sequence[int],
    diagonals: Sequence[int | None] | None = None,
    product: bool = False,
) -> set[tuple[int, ...]]:
    """All flat 3×3 fillings meeting the totals and the givens, from the table of all 9!."""
    wanted = (*rows, *cols)
    table = _index(product)
    if None in wanted:
        keys = [
            k for k in table if all(w is None or w == v for w, v in zip(wanted, k, strict=True))
        ]
    else:
        keys = [wanted] if wanted in table else []  # type: ignore[list-item]
    d1, d2 = diagonals if diagonals is not None else (None, None)
    found = set()
    for key in keys:
        for f in table[key]:
            if any(g and f[i] != g for i, g in enumerate(givens)):
                continue
            if d1 is not None and f[0] + f[4] + f[8] != d1:
                continue
            if d2 is not None and f[2] + f[4] + f[6] != d2:
                continue
            found.add(f)
    return found


def count_by_rows(
    n: int,
    rows: Sequence[int],
    cols: Sequence[int],
    givens: Sequence[int],
    limit: int = 2,
) -> int:
    """Solutions of a plain (sum) puzzle, up to ``limit``, filling whole rows at a time.

    Each row is chosen among the permutations of unused digits that meet the row total;
    a column is rejected once its partial sum exceeds its total or, when full, misses it.
    """
    digits = set(range(1, n * n + 1)) - {g for g in givens if g}
    col_sums = [0] * n
    count = 0

    def rows_for(r: int, unused: set[int]) -> list[tuple[int, ...]]:
        row_givens = givens[r * n : (r + 1) * n]
        free = [c for c in range(n) if not row_givens[c]]
        need = rows[r] - sum(row_givens)
        options = []
        for combo in itertools.combinations(sorted(unused), len(free)):
            if sum(combo) != need:
                continue
            for perm in itertools.permutations(combo):
                row = list(row_givens)
                for c, v in zip(free, perm, strict=True):
                    row[c] = v
                options.append(tuple(row))
        return options

    def place(r: int, unused: set[int]) -> None:
        nonlocal count
        if count >= limit:
            return
        if r == n:
            if col_sums == list(cols):
                count += 1
            return
        for row in rows_for(r, unused):
            ok = True
            for c in range(n):
                col_sums[c] += row[c]
                if col_sums[c] > cols[c]:
                    ok = False
            if ok and r == n - 1:
                ok = col_sums == list(cols)
            if ok:
                place(r + 1, unused - set(row))
            for c in range(n):
                col_sums[c] -= row[c]

    place(0, digits)
    return count
