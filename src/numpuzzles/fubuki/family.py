"""Fubuki seen through the shared ``Family`` protocol (used by batch tools and the web app)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.result import SolveResult
from ..core.violation import Violation
from . import formats
from .check import check
from .generate import Variant, generate
from .model import Filling, Puzzle
from .solve import solve


class FubukiFamily:
    """Adapter from the protocol's uniform calls to the Fubuki modules."""

    name = "fubuki"
    formats = formats.FORMATS

    def parse(self, text: str, format: str | None = None) -> list[Puzzle]:
        return formats.parse(text, format)

    def dump(self, puzzle: Puzzle, format: str | None = None) -> str:
        return formats.dump(puzzle, format or "text")

    def solve(
        self, puzzle: Puzzle, *, limit: int | None = 1, timeout: float | None = None
    ) -> SolveResult[Filling]:
        return solve(puzzle, limit=limit, timeout=timeout)

    def check(self, puzzle: Puzzle, solution: Filling) -> list[Violation]:
        return check(puzzle, solution)

    def generate(self, params: Mapping[str, Any], seed: int) -> Puzzle:
        """``params``: ``size`` (3), ``givens`` (None), ``variant`` (plain/diagonals/product)."""
        variant = Variant(params.get("variant", "plain"))
        made = generate(
            int(params.get("size", 3)), seed, givens=params.get("givens"), variant=variant
        )
        return made.puzzle


FAMILY = FubukiFamily()
