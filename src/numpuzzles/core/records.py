"""The one JSON shape of everything the tools hand out: generated puzzles, answers, checks.

Every ``--json`` line of the command line, every web API answer and every batch line is
one of these records, with the same keys across families where they apply (documented
in docs/json.md, checked against docs/record.schema.json by the tests):

``id`` (``family:params#seed``), ``family``, ``params``, ``seed``, ``source`` (where a
puzzle was read from), ``puzzle`` (always the puzzle in the family's JSON form),
``solution`` (the first solution, or null), ``solutions`` (all shown, where more than one
was asked for), ``status`` (solved / unsolvable / unknown), ``count``, ``complete``,
``unique``, ``seconds``, ``difficulty``, ``details`` (family-specific facts), ``valid`` and
``violations`` (checks), ``hint``, ``suggestion`` (``analyse``: one change that makes a
puzzle unique).

``dumps_json`` writes each as one line, so a ``--json`` line and a batch line are spaced
the same.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from .analysis import Analysis
from .family import Family, Generated, HintAnswer
from .result import SolveResult
from .violation import Violation


def dumps_json(obj: Any) -> str:
    """One record (or any JSON value) as one compact JSON line."""
    return json.dumps(obj, separators=(", ", ": "))


def _base(family: Family[Any, Any], puzzle: Any, source: str | None) -> dict[str, Any]:
    record: dict[str, Any] = {"family": family.name}
    if source is not None:
        record["source"] = source
    record["puzzle"] = family.puzzle_json(puzzle)
    return record


def generated_record(family: Family[Any, Any], item: Generated[Any, Any]) -> dict[str, Any]:
    """A generated puzzle with its ID, params, solution and grade."""
    return {
        "id": item.id,
        "family": family.name,
        "params": dict(item.params),
        "seed": item.seed,
        "puzzle": family.puzzle_json(item.puzzle),
        "solution": family.solution_json(item.puzzle, item.solution),
        "difficulty": item.difficulty,
        "seconds": round(item.seconds, 6),
        "details": dict(item.details),
    }


def solve_record(
    family: Family[Any, Any],
    puzzle: Any,
    result: SolveResult[Any],
    *,
    source: str | None = None,
    list_all: bool = False,
) -> dict[str, Any]:
    """A solver's answer; ``list_all`` adds ``solutions`` (enumerations, uniqueness)."""
    record = _base(family, puzzle, source)
    first = result.solutions[0] if result.solutions else None
    record.update(
        status=result.status.value,
        count=result.count,
        complete=result.complete,
        unique=result.unique,
        seconds=round(result.stats.seconds, 6),
        solution=None if first is None else family.solution_json(puzzle, first),
    )
    if list_all:
        record["solutions"] = [family.solution_json(puzzle, s) for s in result.solutions]
    record["details"] = {
        "nodes": result.stats.nodes,
        "conflicts": result.stats.conflicts,
        "timed_out": result.timed_out,
    }
    if result.refuted is not None:  # what an undecided search still proved (SolveResult)
        record["details"]["refuted"] = result.refuted
    if result.established:
        record["details"]["established"] = list(result.established)
    return record


def check_record(
    family: Family[Any, Any],
    puzzle: Any,
    violations: Sequence[Violation],
    *,
    source: str | None = None,
) -> dict[str, Any]:
    """The checker's verdict on a proposed solution."""
    record = _base(family, puzzle, source)
    record["valid"] = not violations
    record["violations"] = [{"rule": v.rule, "message": v.message} for v in violations]
    return record


def hint_record(
    family: Family[Any, Any], puzzle: Any, answer: HintAnswer, *, source: str | None = None
) -> dict[str, Any]:
    """One hint: the status, a sentence, and the family's details (cell, value, move)."""
    record = _base(family, puzzle, source)
    record["status"] = answer.status.value
    record["hint"] = {"message": answer.message, **answer.details}
    return record


def analyse_record(
    family: Family[Any, Any], puzzle: Any, analysis: Analysis, *, source: str | None = None
) -> dict[str, Any]:
    """What ``analyse`` tells a setter, with the same keys in every family: the solve
    record's ``status count complete unique seconds difficulty``, the family's
    ``summary`` (or null), the ``suggestion``
    (or null), and in ``details`` the common grid, its joins, the differing cells (each
    cell ``[row, col]``), ``timed_out``, then the family's own facts."""
    record = _base(family, puzzle, source)
    suggestion = analysis.suggestion
    record.update(
        status=analysis.status.value,
        count=analysis.count,
        complete=analysis.complete,
        unique=analysis.unique if analysis.complete else (False if analysis.count > 1 else None),
        seconds=round(analysis.seconds, 6),
        difficulty=analysis.difficulty,
        summary=analysis.summary,
        suggestion=None if suggestion is None else {
            "kind": suggestion.kind,
            "message": suggestion.message,
            "cells": [list(cell) for cell in suggestion.cells],
            "puzzle": dict(suggestion.puzzle),
        },
    )
    record["details"] = {
        "common": analysis.common,
        "common_edges": [[list(a), list(b)] for a, b in analysis.common_edges],
        "differ": [list(cell) for cell in analysis.differ],
        "timed_out": analysis.timed_out,
        **analysis.details,
    }
    return record
