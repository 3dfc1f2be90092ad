"""Arukone through the shared ``Family`` protocol: ``NumberlinkFamily`` in the BwInf flavour.

The same boards, engines, checker and formats as Numberlink; what differs is the
generator (puzzles that beat the competition's greedy checker, ``generate.py``, proved
against the checker models of ``checkers.py``), the original's file format first and
``blank`` rules by default.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.analysis import Analysis
from ...core.errors import InvalidParameterError
from ...core.family import Family, Generated, Made, Ruled
from ...core.params import Param, normalise
from .. import formats
from ..family import LAYOUT_PARAMS, RULE_NAMES, RULES_HELP, Board, NumberlinkFamily
from ..generate.layout import layout_of
from ..limits import ARUKONE_MAX_SIZE, ARUKONE_MIN_SIZE, ARUKONE_UNIQUE_MAX_SIZE
from ..model import Puzzle, Rules, Solution
from . import howto

MAX_ARUKONE_SIZE = ARUKONE_MAX_SIZE
"""Largest n ``arukone generate`` accepts (``limits.ARUKONE_MAX_SIZE``)."""
ARUKONE_PARAMS: tuple[Param, ...] = (
    Param("n", int, 10, f"Board size n (n x n); with --unique at most {ARUKONE_UNIQUE_MAX_SIZE}.",
          low=ARUKONE_MIN_SIZE, high=ARUKONE_MAX_SIZE, positional=True, argument=True),
    Param("pairs", int, None, "Number of pairs: at least n/2, at most half the cells.", low=1,
          high=ARUKONE_MAX_SIZE * ARUKONE_MAX_SIZE // 2),
    Param("unique", bool, False,
          f"Prove a unique solution under 'blank' (n at most {ARUKONE_UNIQUE_MAX_SIZE})."),
    Param("proof_timeout", float, 10.0,
          "With --unique: seconds per uniqueness proof; a proof that runs out is an error.",
          in_id=False),
    Param("min_length", int, 2, "Fewest cells a path may have, ends included (2: no limit).",
          low=2, high=ARUKONE_MAX_SIZE * ARUKONE_MAX_SIZE),
    *LAYOUT_PARAMS,
)


class ArukoneFamily(NumberlinkFamily):
    """Arukone: blank rules by default, the BwInf original's format and generator."""

    name = "arukone"
    title = "Arukone (BwInf): Numberlink where cells may stay empty; puzzles that beat the checker."
    formats = ("bwinf", *(f for f in formats.FORMATS if f != "bwinf"))
    generate_params = ARUKONE_PARAMS
    read_params = (Param("rules", str, None, RULES_HELP + " Default: blank.", choices=RULE_NAMES),)
    default_rules = Rules.BLANK
    rule_sets = (howto.RULES.value,)

    def how_to_play(self, rules: str | None = None) -> list[str]:
        """The competition's rules (``blank``); a puzzle read under others is told those."""
        return howto.how_to_play(rules)

    def analyse(self, puzzle: Board, *, timeout: float | None = None) -> Analysis:
        """Numberlink's analysis (``numberlink/analyse.py``; "analyse" is in the inherited
        ``verbs``), under the puzzle's rules: ``blank`` unless it was read under others."""
        return super().analyse(puzzle, timeout=timeout)

    def normalise_params(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """The params checked, with ``--unique`` boards held to the unique generator's size
        here, before any work (Numberlink's own check reads a ``size`` Arukone has not)."""
        full = normalise(self.generate_params, params)
        if full["unique"] and full["n"] > ARUKONE_UNIQUE_MAX_SIZE:
            raise InvalidParameterError(
                f"unique Arukone boards have n at most {ARUKONE_UNIQUE_MAX_SIZE}, got {full['n']}")
        n, layout = full["n"], layout_of(full)
        layout.check_board(n, n)
        if full["pairs"] is not None and full["pairs"] * layout.min_length > n * n:
            raise InvalidParameterError(
                f"{full['pairs']} paths of at least {layout.min_length} cells do not fit on "
                f"{n}x{n}")
        return full

    def dump_generated(
        self, item: Generated[Board, Solution], format: str | None = None,
        with_solution: bool = False,
    ) -> str:
        """The original's printout (``SEED: s``, n, pairs, rows) in the ``bwinf`` format."""
        if (format or self.formats[0]) == "bwinf" and not with_solution:
            dumped: str = formats.format_module("bwinf").dump(item.puzzle.puzzle, seed=item.seed)
            return dumped
        return super().dump_generated(item, format, with_solution)

    def _make(self, params: Mapping[str, Any], seed: int) -> Made[Board, Solution]:
        from .checkers import run_checker
        from .generate import ALL_MODELS, generate_arukone

        prover = None
        if params["unique"]:
            prover = _uniqueness_prover(params["proof_timeout"])
        item = generate_arukone(params["n"], seed, pairs=params["pairs"], prover=prover,
                                layout=layout_of(params))
        fails = {m.value: list(run_checker(item.puzzle, m).failed) for m in ALL_MODELS}
        details: dict[str, Any] = {
            "pairs": len(item.puzzle.labels), "unique": item.unique, "checker_fails": fails}
        difficulty = None
        if item.unique:
            # Numberlink's grader, calibrated on unique ``blank`` puzzles; a puzzle with
            # several solutions has no grade (its deductions always stall: "expert").
            from ..generate.grade import grade

            graded = grade(item.puzzle, Rules.BLANK)
            difficulty = graded.grade.value
            details["difficulty_score"] = graded.score
        return Made(Ruled(item.puzzle, Rules.BLANK.value), item.solution, difficulty, details)


def _uniqueness_prover(timeout: float | None) -> Any:
    """The solver with ``limit=2``, as the generator's uniqueness proof."""
    from ..solve.dispatch import solve

    def prove(puzzle: Puzzle, rules: Rules) -> tuple[tuple[Solution, ...], bool]:
        # SAT alone under blank (not unique_blank): the second solution shown decides
        # the generator's next step, and a seed must keep making the same puzzle
        result = solve(puzzle, rules=rules, limit=2, timeout=timeout,
                       engine="sat" if rules is Rules.BLANK else "auto")
        return result.solutions, result.complete or len(result.solutions) >= 2

    return prove


ARUKONE: Family[Board, Solution] = ArukoneFamily()
