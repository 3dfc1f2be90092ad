"""The protocol adapter both tables of sums share: reading and writing puzzles and fillings,
checking, telling solutions apart and recognising a puzzle under its symmetries.

Why: Fubuki's and Survo's adapters said these things in the same words; each family now
names only what differs (its formats module, checker and symmetries, in class
attributes) and what it alone has (its generator's parameters, its solver's options).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from types import ModuleType
from typing import Any, TypeVar

from ..core.errors import PuzzleFormatError
from ..core.family import FamilyBase
from ..core.jsontext import first_json_value, member
from ..core.violation import Violation
from .table import SumTable

P = TypeVar("P", bound=SumTable)
Filling = tuple[tuple[int, ...], ...]


class SumFamily(FamilyBase[P, Filling]):
    """``FamilyBase`` for a table of sums.  Subclasses set ``text`` (their formats module:
    ``parse``, ``dump``, ``to_json``, ``parse_filling``, ``format_filling``), ``checker``
    (their independent ``check``) and ``images`` (their symmetries, the puzzle first)."""

    text: ModuleType
    checker: Callable[[Any, Filling], list[Violation]]
    images: Callable[[Any], Sequence[Any]]
    comment_formats = ("text",)
    default_limit = None
    verbs = frozenset({"hint", "draw", "analyse"})
    draws_analysis = True

    def parse(self, text: str, format: str | None = None, **options: Any) -> list[P]:
        self.option(self.read_params, options)
        parsed: list[P] = self.text.parse(text, format)
        return parsed

    def dump(self, puzzle: P, format: str | None = None) -> str:
        written: str = self.text.dump(puzzle, format or "text")
        return written

    def dump_solution(self, puzzle: P, solution: Filling, format: str | None = None) -> str:
        return f"{self.text.format_filling(solution)}\n"

    def parse_solution(self, text: str, puzzle: P, format: str | None = None) -> Filling:
        """Rows separated by ``/`` or newlines, or JSON rows (a ``--json`` record too)."""
        if format == "json" or (format is None and text.lstrip().startswith(("{", "["))):
            value = member(first_json_value(text), "solution")
            if isinstance(value, dict) and isinstance(value.get("solutions"), list):
                value = value["solutions"][0] if value["solutions"] else None
            if not isinstance(value, list) or not all(isinstance(r, list) for r in value):
                raise PuzzleFormatError("a JSON filling is a list of rows of numbers")
            text = "/".join(" ".join(str(v) for v in row) for row in value)
        return self.read_filling(text, puzzle)

    def read_filling(self, text: str, puzzle: P) -> Filling:
        """A filling's text for ``puzzle``, in the family's own reader."""
        raise NotImplementedError

    def puzzle_json(self, puzzle: P) -> dict[str, Any]:
        record: dict[str, Any] = self.text.to_json(puzzle)
        return record

    def solution_json(self, puzzle: P, solution: Filling) -> Any:
        return [list(row) for row in solution]

    def check(self, puzzle: P, solution: Filling) -> list[Violation]:
        return type(self).checker(puzzle, solution)

    def distinct_key(self, puzzle: P) -> Hashable:
        """The smallest of the puzzle's images under its symmetries."""
        return min(repr(p) for p in type(self).images(puzzle))

    def explain_difference(self, puzzle: P, first: Filling, second: Filling) -> str:
        n = puzzle.width
        cells = [r * n + c + 1 for r in range(puzzle.height) for c in range(n)
                 if first[r][c] != second[r][c]]
        return "the first two solutions differ at positions " + ", ".join(map(str, cells))
