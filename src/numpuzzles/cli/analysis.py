"""``analyse``'s answer as text for a person, the same lines for every family.

Why its own module: ``verbs.py`` builds the command and this words what it found; the
words are over ``core.analysis.Analysis`` alone, so a family that learns to analyse is
shown with no change here.  The lines, in order: what was found, the count, the common
grid (``?`` where solutions differ), the differing cells, the grade, the suggestion, then
the family's own facts (``details``), one a line.
"""

from __future__ import annotations

from typing import Any

from ..core.analysis import Analysis
from ..core.result import Status
from ..core.words import cell_tag


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def headline(analysis: Analysis) -> str:
    """What was established, in a few words."""
    if analysis.status is Status.UNSOLVABLE:
        return "no solution"
    if analysis.status is Status.UNKNOWN:
        return "undecided: a limit stopped the search"
    if analysis.unique:
        return "unique"
    if analysis.count > 1:
        return "not unique"
    return "solved; uniqueness undecided (stopped by the time limit)"


def count_line(analysis: Analysis) -> str:
    """``exactly N`` or ``at least N`` solutions."""
    how = "exactly" if analysis.complete else "at least"
    tail = "" if analysis.complete else " (stopped by the time limit)"
    return f"count: {how} {_plural(analysis.count, 'solution')}{tail}"


def grid_lines(common: list[list[int | None]]) -> list[str]:
    """The common grid, columns aligned, ``?`` where the solutions differ."""
    texts = [["?" if v is None else str(v) for v in row] for row in common]
    width = max((len(t) for row in texts for t in row), default=1)
    return ["  " + " ".join(t.rjust(width) for t in row) for row in texts]


def _value(value: Any) -> str:
    """A detail's value: lists spaced, a list of numbers (a move, a cell) comma-joined."""
    if value is None:  # only decided answers reach here: None is "does not apply"
        return "n/a"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        if all(isinstance(v, int) and not isinstance(v, bool) for v in value) and value:
            return ",".join(str(v) for v in value)
        return " ".join(_value(v) for v in value) if value else "none"
    return str(value)


def analysis_lines(name: str, described: str, analysis: Analysis) -> list[str]:
    """Every line ``analyse`` prints for one puzzle (see the module docstring)."""
    lines = [f"{name} ({described}): {analysis.summary or headline(analysis)}"]
    if analysis.status is Status.UNKNOWN:
        return lines
    if analysis.summary is None:
        lines.append(count_line(analysis))
    if analysis.status is Status.SOLVED:
        if analysis.common is None:
            if analysis.summary is None:
                lines.append("common: not settled (stopped by the time limit)")
        else:
            lines.append("common:")
            lines += grid_lines(analysis.common)
            if analysis.common_edges:
                lines.append(f"common joins: {len(analysis.common_edges)}")
            if analysis.differ:
                cells = " ".join(cell_tag(c) for c in analysis.differ)
                lines.append(f"differ: {_plural(len(analysis.differ), 'cell')}: {cells}")
    if analysis.difficulty is not None:
        lines.append(f"difficulty: {analysis.difficulty}")
    if analysis.suggestion is not None:
        lines.append(f"suggestion: {analysis.suggestion.message}")
    elif analysis.status is Status.SOLVED and analysis.count > 1 and analysis.common is not None:
        why = ("the time limit stopped the search" if analysis.timed_out
               else "no single change leaves exactly one solution")
        lines.append(f"suggestion: none found ({why})")
    for key, value in analysis.details.items():
        shown = analysis.words.get(key)
        lines.append(f"{key.replace('_', ' ')}: {_value(value) if shown is None else shown}")
    return lines
