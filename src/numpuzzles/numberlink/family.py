"""Numberlink and Arukone through the shared ``Family`` protocol.

A puzzle is a board with its rule set (``Ruled[Puzzle]``: ``fill``, ``fill-notouch`` or
``blank``), because the same grid has different answers under each.  Where the rules come
from when a puzzle is read: the ``rules`` option, else the JSON object's own ``rules``,
else, for a puzz.link URL, the rules it poses on puzz.link (``blank`` for numlin and for
arukone flagged ``e``, ``fill`` for arukone without it: ``formats/puzzlink.py``), else the
family's default (``fill`` for Numberlink, ``blank`` for Arukone).  A URL is written in the
genre that poses the puzzle's rules where pzprjs has one, so it reads back under them.
Solutions are ``Solution`` values.

Arukone is Numberlink in the BwInf flavour; its family subclass lives in
``arukone/family.py`` with the rest of that flavour.

Heavy modules (the SAT and scan engines, the generators) are imported on first use, so
reading and writing puzzles starts fast.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Hashable, Mapping
from typing import TYPE_CHECKING, Any, cast

from ..core.errors import InvalidParameterError, PuzzleFormatError
from ..core.family import Family, FamilyBase, Generated, HintAnswer, Made, Ruled
from ..core.jsontext import json_values, member
from ..core.params import Param
from ..core.result import SolveResult, Status
from ..core.violation import Violation
from . import formats, howto
from .formats import jsonfmt
from .limits import (
    FILL_MIN_LENGTH,
    MAX_CELLS,
    MAX_DENSITY,
    MAX_PAIRS,
    MAX_SIDE,
    SYMMETRIES,
    UNIONFIND_MAX_CELLS,
    size_limits,
)
from .model import Puzzle, Rules, Solution

if TYPE_CHECKING:  # annotations only: ``analyse.py`` makes the analyses
    from ..core.analysis import Analysis

Board = Ruled[Puzzle]

RULE_NAMES = tuple(r.value for r in Rules)
RULES_HELP = (
    "fill: every cell on a path; fill-notouch: and no path beside itself; blank: cells may "
    "stay empty."
)
GRADES = ("easy", "medium", "hard", "expert")
_SIZE = re.compile(r"^\s*(\d{1,6})\s*(?:[xX]\s*(\d{1,6}))?\s*$")


def parse_size(text: str) -> str:
    """``W`` or ``WxH`` as the normal text ``WxH``; W alone means a square board."""
    match = _SIZE.match(text)
    if match is None:
        raise InvalidParameterError(f"size must be W or WxH (e.g. 10 or 12x8), got {text!r}")
    width = int(match.group(1))
    height = int(match.group(2)) if match.group(2) else width
    if width < 1 or height < 1 or width * height < 2:
        raise InvalidParameterError(f"board {width}x{height} is too small")
    if max(width, height) > MAX_SIDE:
        raise InvalidParameterError(
            f"board {width}x{height} is too large: {size_limits()}"
        )
    return f"{width}x{height}"


def size_of(text: str) -> tuple[int, int]:
    """``(width, height)`` of a size text made by ``parse_size``."""
    width, _, height = parse_size(text).partition("x")
    return int(width), int(height)


LAYOUT_PARAMS: tuple[Param, ...] = (
    Param("symmetry", str, "none",
          "Clue layout symmetric under the half turn (rot2), the quarter turn (rot4: "
          "square boards of even side) or the left-right mirror; labels need not be.",
          choices=SYMMETRIES),
    Param("no_adjacent_ends", bool, False,
          "No two clues orthogonally side by side (whatever their labels)."),
    Param("no_border_ends", bool, False, "No clue in the board's outer rows or columns."),
    Param("corners", bool, False,
          "A clue in the 3x3 block at each of the four corners."),
)
"""Where the clues may lie (``generate/layout.py``), shared with Arukone's generate params."""

NUMBERLINK_PARAMS: tuple[Param, ...] = (
    Param("size", str, "10x10", f"Board size W or WxH (W alone: square): {size_limits()}.",
          positional=True, argument=True, convert=parse_size),
    Param("rules", str, "fill",
          "Rule set the puzzle is unique under ('fill' implies 'fill-notouch').",
          choices=RULE_NAMES, positional=True),
    Param("pairs", int, None,
          "Exact number of pairs (default: fill-notouch about published puzzles' density; "
          "fill about 0.11 a cell up to 25x25, beyond that as repairs leave it, some 0.17); "
          "at most the cells divided by --min-length (half of them with --min-length 2).",
          low=1, high=MAX_PAIRS),
    Param("density", float, None,
          f"Exact pairs per cell, a fraction such as 0.05, at most {MAX_DENSITY} and at most "
          "1 / --min-length (instead of --pairs; rounded to whole pairs)."),
    Param("difficulty", str, None,
          "Only puzzles of this grade: the search effort that proves the puzzle unique, "
          "against the typical effort for its size (easy, medium, hard, expert).",
          choices=GRADES),
    Param("method", str, "unique",
          "'unique': proved unique, every cell used; 'unionfind': the original.",
          choices=("unique", "unionfind"), positional=True, hide_default=True),
    Param("min_length", int, None,
          f"Fewest cells a path may have, ends included (default: {FILL_MIN_LENGTH} under "
          "'fill', so no two-cell links; else 2, no limit; an ID without it means 2).",
          low=2, high=MAX_CELLS, id_absent="2"),
    *LAYOUT_PARAMS,
)
ENGINE_PARAM = Param(
    "engine", str, "auto",
    "Search engine, all exact: 'auto' races the compiled scan search against SAT under "
    "fill-notouch (and under fill when one solution is asked for; under blank, one "
    "solution, the router of shortest solutions and the scan take turns against SAT); "
    "'scan' (fill-notouch only) or 'sat' runs one alone.",
    choices=("auto", "sat", "scan"),
)
COUNT_STATES = 8_000_000
"""``count.sweep.MAX_STATES``, written out so that reading the options imports no numpy (a
test keeps the two equal)."""
STATES_PARAM = Param(
    "max_states", int, COUNT_STATES,
    "With --count: the frontier states the exact counter may keep at once in each of its "
    "two sweeps (some 80 bytes each; 60,000,000 took 4.7 GB on a 14x14 board).  A count "
    "that needs more is undecided; more reaches harder counts with more memory.",
    low=10_000, high=100_000_000, in_id=False,
)


def _links(solution: Solution) -> dict[tuple[int, int], set[tuple[int, int]]]:
    """Each path cell's neighbours along its path."""
    links: dict[tuple[int, int], set[tuple[int, int]]] = {}
    for _label, cells in solution.paths:
        for a, b in itertools.pairwise(cells):
            links.setdefault(a, set()).add(b)
            links.setdefault(b, set()).add(a)
    return links


def differences(a: Solution, b: Solution) -> list[tuple[int, int]]:
    """Cells whose label or path links differ: under ``fill`` two solutions can give every
    cell the same label and still route a path differently, so labels alone can miss it."""
    links_a, links_b = _links(a), _links(b)
    return [
        divmod(i, a.width)
        for i, (x, y) in enumerate(zip(a.cells, b.cells, strict=True))
        if x != y or links_a.get(divmod(i, a.width)) != links_b.get(divmod(i, a.width))
    ]


def _bridge() -> Any:
    """``layers/bridge.py``, imported on first use (a 2-D board never needs it)."""
    from .layers import bridge

    return bridge


def _layered(puzzle: Board) -> Any:
    """The board when it has several layers (``layers/bridge.py``), else None; a plain
    ``Puzzle`` is told apart without importing anything."""
    if type(puzzle.puzzle) is Puzzle:
        return None
    return _bridge().layered(puzzle)


class NumberlinkFamily(FamilyBase[Board, Solution]):
    """The Family protocol for Numberlink under all three rule sets."""

    name = "numberlink"
    title = "Numberlink / Flow Free: connect equal labels with non-crossing paths."
    formats = formats.FORMATS
    comment_formats = ("table", "ahle", "numeric", "puzzlink")
    generate_params = NUMBERLINK_PARAMS
    read_params = (Param("rules", str, None, RULES_HELP, choices=RULE_NAMES),)
    solve_params = (ENGINE_PARAM, STATES_PARAM)
    verbs = frozenset({"hint", "draw", "analyse"})
    draws_analysis = True
    default_rules = Rules.FILL
    rule_sets: tuple[str, ...] = RULE_NAMES
    play = howto.PLAY

    def how_to_play(self, rules: str | None = None) -> list[str]:
        """The goal and the rules under ``rules`` (default ``fill``), from the checker's."""
        return howto.how_to_play(rules or self.default_rules)

    # --- reading and writing ---------------------------------------------------------

    def parse(self, text: str, format: str | None = None, **options: Any) -> list[Board]:
        """Every puzzle in ``text``, posed under the rules (see the module docstring)."""
        chosen = self.option(self.read_params, options)["rules"]
        name = formats.sniff(text) if format is None else format
        if name not in formats.FORMATS:
            raise InvalidParameterError(
                f"unknown format {name!r}; known: {', '.join(formats.FORMATS)}"
            )
        if name == "json":
            return [self._from_json(member(v, "puzzle"), n, chosen) for n, v in json_values(text)]
        if name == "adc":  # a contest file of several layers: layers/bridge.py
            stacked: Any = _bridge().parse(text, name, chosen)
            if stacked is not None:
                return list(stacked)
        puzzles = formats.parse(text, name)
        if chosen is None and name == "puzzlink":
            # each URL poses its own rules (comment lines are read past as by the reader)
            posed = formats.format_module("puzzlink").rules_of(text)
            return [Ruled(p, r) for p, r in zip(puzzles, posed, strict=True)]
        rules = chosen or self.default_rules.value
        return [Ruled(p, rules) for p in puzzles]

    def _from_json(self, value: Any, number: int, chosen: str | None) -> Board:
        if isinstance(value, dict) and "layers" in value:  # several layers: layers/bridge.py
            layered: Board = _bridge().from_json(value, number, chosen)
            return layered
        if not isinstance(value, dict):
            raise PuzzleFormatError("expected an object with a 'grid'", line=number)
        puzzle = jsonfmt.puzzle_from_json(value, number)
        rules = chosen or value.get("rules") or self.default_rules.value
        if rules not in RULE_NAMES:
            raise PuzzleFormatError(f"unknown rules {rules!r}", line=number)
        return Ruled(puzzle, str(rules))

    def dump(self, puzzle: Board, format: str | None = None) -> str:
        if (stack := _layered(puzzle)) is not None:
            return str(_bridge().dump(stack, format))
        if format == "json":
            return json.dumps(self.puzzle_json(puzzle), separators=(",", ":")) + "\n"
        if (format or self.formats[0]) == "puzzlink":
            every_cell = puzzle.rules != Rules.BLANK.value
            dumped: str = formats.format_module("puzzlink").dump(puzzle.puzzle,
                                                              every_cell=every_cell)
            return dumped
        return formats.dump(puzzle.puzzle, format or self.formats[0])

    def dump_all(self, puzzles: Any, format: str | None = None) -> str:
        if format == "adc" and len(puzzles) > 1:
            raise InvalidParameterError(
                f"the {format} format holds one puzzle per file; the input has {len(puzzles)}"
            )
        return super().dump_all(puzzles, format)

    def puzzle_json(self, puzzle: Board) -> dict[str, Any]:
        if (stack := _layered(puzzle)) is not None:
            from .layers.formats import puzzle_json

            return {**puzzle_json(stack.puzzle), "rules": stack.rules}
        return {**jsonfmt.puzzle_json(puzzle.puzzle), "rules": puzzle.rules}

    def dump_solution(self, puzzle: Board, solution: Solution, format: str | None = None) -> str:
        """The solved grid in ``format`` (puz.link URLs hold no solution: letters instead)."""
        if (stack := _layered(puzzle)) is not None:
            return str(_bridge().dump(stack, format, solution))
        name = format or self.formats[0]
        if name == "puzzlink":
            name = "letters"
        return formats.dump(puzzle.puzzle, name, solution)

    def dump_generated(
        self, item: Generated[Board, Solution], format: str | None = None,
        with_solution: bool = False,
    ) -> str:
        """The table format holds both tables, the puzzle's and the solution's (and the
        union-find original's printout always shows both); the other formats write a solved
        grid in place of the puzzle, so their solution follows as comments (``FamilyBase``)
        and the text still reads back as the puzzle."""
        name = format or self.formats[0]
        if item.params.get("method") == "unionfind" and name == "table":
            with_solution = True
        if with_solution and name == "table":
            return formats.dump(item.puzzle.puzzle, name, item.solution)
        return super().dump_generated(item, format, with_solution)

    def parse_solution(self, text: str, puzzle: Board, format: str | None = None) -> Solution:
        if (stack := _layered(puzzle)) is not None:
            # a LayeredSolution, which only this board's methods see
            return cast(Solution, _bridge().parse_solution(text, stack))
        return formats.parse_solution(text, puzzle.puzzle, format)

    def solution_json(self, puzzle: Board, solution: Solution) -> Any:
        if _layered(puzzle) is not None:
            from .layers.formats import solution_json

            layered: Any = solution
            return solution_json(layered)
        return jsonfmt.solution_json(solution)

    # --- solving and checking -----------------------------------------------------------

    def solve(
        self, puzzle: Board, *, limit: int | None = 1, timeout: float | None = None, **options: Any
    ) -> SolveResult[Solution]:
        """Up to ``limit`` solutions; ``limit=None`` counts all of them
        (``numberlink.count.solutions``: the count may be far too large to list)."""
        from .solve.dispatch import solve

        chosen = self.option(self.solve_params, options)
        engine = chosen["engine"]
        if (stack := _layered(puzzle)) is not None:
            found: SolveResult[Solution] = _bridge().solve(stack, limit, timeout)
            return found
        rules = Rules(puzzle.rules)
        if limit is None:
            from .count.solutions import count_solutions  # here: only a count needs it

            return count_solutions(puzzle.puzzle, rules=rules, timeout=timeout, engine=engine,
                                   max_states=chosen["max_states"])
        return solve(puzzle.puzzle, rules=rules, limit=limit, timeout=timeout, engine=engine)

    def hint(self, puzzle: Board, *, timeout: float | None = None) -> HintAnswer:
        """The shortest path that every solution found shares (two are looked for), and in
        ``details`` all such paths, shortest first, so a player's client can give the next
        one its board lacks."""
        if _layered(puzzle) is not None:
            raise _bridge().refuse("a hint")
        result = self.solve(puzzle, limit=2, timeout=timeout)
        if result.status is Status.UNSOLVABLE:
            return HintAnswer(Status.UNSOLVABLE, "the puzzle has no solution")
        if not result.solutions:
            return HintAnswer(Status.UNKNOWN, "undecided: the time limit stopped the search")
        first = result.solutions[0]
        others = result.solutions[1:]
        shared = [
            (label, cells)
            for label, cells in first.paths
            if all(other.path(label) == cells for other in others)
        ]
        shared.sort(key=lambda item: (len(item[1]), item[0]))
        details: dict[str, Any] = {
            "unique": result.unique,
            "paths": [
                {"label": label, "path": [[r, c] for r, c in cells]} for label, cells in shared
            ],
        }
        if not shared:
            return HintAnswer(
                Status.SOLVED, "no path is the same in the two solutions found", details
            )
        label, cells = shared[0]
        from ..core.words import route_words

        caveat = "" if result.unique else " (in both solutions found: the puzzle is not unique)"
        name = puzzle.puzzle.label_name(label)
        return HintAnswer(
            Status.SOLVED, f"label {name} runs {route_words(cells)}{caveat}", details
        )

    def analyse(self, puzzle: Board, *, timeout: float | None = None) -> Analysis:
        """The count, what every solution shares (a SAT backbone), the grade or a change
        proved to make it unique (``analyse.py``), under the puzzle's own rules."""
        if _layered(puzzle) is not None:
            raise _bridge().refuse("analyse")
        from .analyse import analyse

        return analyse(puzzle, timeout=timeout)

    def check(self, puzzle: Board, solution: Solution) -> list[Violation]:
        if (stack := _layered(puzzle)) is not None:
            return list(_bridge().check(stack, solution))
        from .check import check

        return check(puzzle.puzzle, solution, Rules(puzzle.rules))

    def normalise_params(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """The params checked, with the board's cells held to the method's limit and the
        density to ``MAX_DENSITY`` here, before any work: the generators check again, but
        a refusal here is the one ``--help`` documents, for every surface alike."""
        full = super().normalise_params(params)
        width, height = size_of(full["size"])
        top = UNIONFIND_MAX_CELLS if full["method"] == "unionfind" else MAX_CELLS
        if width * height > top:
            raise InvalidParameterError(f"board {width}x{height} is too large: {size_limits()}")
        density = full["density"]
        if density is not None and density > MAX_DENSITY:
            raise InvalidParameterError(
                f"density is pairs per cell, at most {MAX_DENSITY}, got {density}")
        if full["min_length"] is None:
            fill = full["rules"] == Rules.FILL.value and full["method"] == "unique"
            full["min_length"] = FILL_MIN_LENGTH if fill else 2
        from .generate.layout import layout_of  # here: reading a puzzle needs no generator

        layout = layout_of(full)
        if full["method"] == "unionfind" and not layout.free:
            raise InvalidParameterError("the unionfind method takes no layout controls")
        layout.check_board(width, height)
        wanted = full["pairs"] or round((density or 0) * width * height)
        if full["rules"] != Rules.BLANK.value and wanted * layout.min_length > width * height:
            raise InvalidParameterError(
                f"{wanted} paths of at least {layout.min_length} cells do not fit on "
                f"{width}x{height}")
        return full

    def describe(self, puzzle: Board) -> str:
        if (stack := _layered(puzzle)) is not None:
            return str(_bridge().describe(stack))
        return f"{puzzle.puzzle.width}x{puzzle.puzzle.height}, {puzzle.rules}"

    def draw(self, puzzle: Board, solution: Solution | None = None) -> str:
        """Coloured tubes for the paths, labels on the ends, blocked cells shaded."""
        if (stack := _layered(puzzle)) is not None:
            return str(_bridge().draw(stack, solution))
        from .draw import draw

        return draw(puzzle.puzzle, solution)

    def draw_analysis(self, puzzle: Board, analysis: Analysis) -> str:
        """The joins every solution uses as tubes, the differing cells shaded."""
        if _layered(puzzle) is not None:
            raise _bridge().refuse("draw --analyse")
        from .draw import draw_analysis

        return draw_analysis(puzzle.puzzle, analysis)

    def distinct_key(self, puzzle: Board) -> Hashable:
        """Equal up to rotation, reflection and relabelling (and the same rules)."""
        if (stack := _layered(puzzle)) is not None:
            return (stack.rules, stack.puzzle)  # no symmetry classes for layered boards
        from .symmetry import puzzle_form

        return (puzzle.rules, puzzle_form(puzzle.puzzle))

    def explain_difference(self, puzzle: Board, first: Solution, second: Solution) -> str:
        if _layered(puzzle) is not None:
            return str(_bridge().explain_difference(first, second))
        from ..core.words import cells_words

        cells = differences(first, second)
        shown = cells_words(cells[:8])
        more = f" and {len(cells) - 8} more cells" if len(cells) > 8 else ""
        same = first.cells == second.cells
        how = " (same labels, different routes; --json shows the paths)" if same else ""
        return f"the first two solutions differ at {shown}{more}{how}"

    # --- generating ---------------------------------------------------------------------

    def _make(self, params: Mapping[str, Any], seed: int) -> Made[Board, Solution]:
        from .generate.grade import grade
        from .generate.layout import layout_of
        from .generate.unionfind import generate_unionfind
        from .generate.unique import Params, generate, solver_prover

        width, height = size_of(params["size"])
        rules = Rules(params["rules"])
        if params["method"] == "unionfind":
            if (
                params["pairs"] is not None
                or params["density"] is not None
                or params["difficulty"] is not None
                or rules is not Rules.FILL
            ):
                raise InvalidParameterError(
                    "the unionfind method takes no pairs, density, difficulty or rules"
                )
            board = generate_unionfind(width, height, seed)
            # not unique, so no uniqueness proof to measure: the deductions' grade
            graded = grade(board.puzzle, search=False)
            return Made(
                Ruled(board.puzzle, rules.value),
                board.solution,
                graded.grade.value,
                {"difficulty_score": graded.score},
            )
        made = generate(
            Params(
                width, height, rules, params["pairs"], params["difficulty"], params["density"],
                layout_of(params),
            ),
            seed,
            prover=solver_prover,
        )
        graded = made.difficulty
        details: dict[str, Any] = {
            "difficulty_score": graded.score,
            "pairs": len(made.puzzle.labels),
        }
        if graded.deduction is not None:
            # the deduction solver's verdict, which the grade was until issue 13
            details["deduction_grade"] = graded.deduction.value
            details["deduction_trials"] = graded.trials
        return Made(Ruled(made.puzzle, rules.value), made.solution, graded.grade.value, details)


NUMBERLINK: Family[Board, Solution] = NumberlinkFamily()
