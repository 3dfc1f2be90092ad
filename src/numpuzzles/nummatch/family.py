"""Number Match through the shared ``Family`` protocol.

A puzzle is a board with its rule preset (``Ruled[Board]``): the same digits are clearable
under one preset and not another.  A solution is a move list.

Text format: one board per paragraph, rows of digits on separate lines (or on one line with
``/`` between rows), ``0`` or ``.`` a cleared cell, ``#`` starts a comment line.  A move is
written ``x1,y1,x2,y2`` (x = column, y = row, from 0, as the original assignment wrote it)
or ``add``; a move list is moves separated by spaces or newlines.  JSON: ``{"width": w,
"height": h, "grid": rows, "rules": preset, "adds": policy}`` (``adds``, when numbers may be
added, ``any`` time or only when ``stuck``, is written for the presets that add numbers);
moves as ``[x1, y1, x2, y2]`` or ``"add"``.

The addition policy travels in the one rules string a puzzle carries (``classic+any``,
``rules.py``); on the command line and in IDs it is the parameter ``adds``.  IDs made
before it existed lack it and meant ``any`` (``classic`` allowed an addition at any time
then), so an ID without ``adds`` still names its old puzzle, and new IDs under ``classic``
write ``adds=stuck`` out.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..core.analysis import Analysis
from ..core.deadline import Deadline
from ..core.errors import InvalidParameterError, PuzzleFormatError
from ..core.family import Family, FamilyBase, HintAnswer, Made, Ruled
from ..core.jsontext import first_json_value, json_values, member
from ..core.params import Param
from ..core.result import SolveResult, Status
from ..core.violation import Violation
from . import howto
from .board import Board, Pair, parse_board
from .limits import MAX_SIDE, check_size, size_limits
from .rules import ADD_POLICIES, PRESETS, get_rules, named, preset_of
from .sequence import ADD, Move

Moves = tuple[Move, ...]
Game = Ruled[Board]

RULES_HELP = "Rule preset (connections): original, brief, classic, easybrain."
ADDS_HELP = ("When numbers may be added: any (at any time) or stuck (only when no pair is "
             "left) [default: stuck under classic, as the paper game, any under easybrain].")
ADDS = Param("adds", str, None, ADDS_HELP, choices=ADD_POLICIES)

GENERATE_PARAMS: tuple[Param, ...] = (
    Param("rules", str, "original", RULES_HELP, choices=tuple(PRESETS), positional=True),
    Param("width", int, None, "Columns [default: 5 on fixed grids, 9 under classic/easybrain]; "
          f"{size_limits()}.", low=1, high=MAX_SIDE),
    Param("height", int, None, "Rows [default: 4 on fixed grids, 3 under classic/easybrain]; "
          f"{size_limits()}.", low=1, high=MAX_SIDE),
    Param("difficulty", str, None,
          "Fixed grids: trap rate band, easy < 0.15 <= medium < 0.30 <= hard. "
          "classic/easybrain: fewest additions, easy 0, medium 1, hard 2+.",
          choices=("easy", "medium", "hard")),
    Param("adds", str, None, ADDS_HELP, choices=ADD_POLICIES, id_absent="any"),
)
READ_PARAMS = (Param("rules", str, "original", RULES_HELP, choices=tuple(PRESETS)), ADDS)
SOLVE_PARAMS = (
    Param("algorithm", str, "exact",
          "exact: the matching-view search; seed-bfs: the original's capped breadth-first "
          "search.", choices=("exact", "seed-bfs")),
    Param("max_boards", int, None,
          "seed-bfs only: size of the list of boards (the original used 100,000).", low=1,
          high=10_000_000),
    Param("max_adds", int, None,
          "classic/easybrain: search at most this many additions (classic default 10; a "
          "bound below the rules' own limit answers 'unknown', never 'unsolvable').",
          low=0, high=1000),
    Param("fewest", str, "adds",
          "classic/easybrain: the clearing returned has the fewest additions (adds), or "
          "the fewest matches, pairs taken (matches); either is proved.",
          choices=("adds", "matches")),
)


def move_json(move: Move) -> list[int] | str:
    """A pair as ``[x1, y1, x2, y2]`` (x = column, y = row); an addition as ``"add"``."""
    return list(move.xy()) if isinstance(move, Pair) else "add"


def _move(token: Any, line: int) -> Move:
    if token == "add":
        return ADD
    if isinstance(token, str):
        parts = token.split(",")
        if len(parts) == 4 and all(re.fullmatch("[0-9]{1,5}", p.strip()) for p in parts):
            x1, y1, x2, y2 = (int(p) for p in parts)
            return Pair.from_xy(x1, y1, x2, y2)
    elif (
        isinstance(token, list)
        and len(token) == 4
        and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 10**6 for v in token)
    ):
        return Pair.from_xy(*token)
    raise PuzzleFormatError(f"a move is x1,y1,x2,y2 or add, got {token!r}", line=line)


def parse_moves(text: str) -> Moves:
    """A move list written as text (moves separated by spaces/newlines) or as JSON."""
    stripped = text.strip()
    if stripped.startswith(("[", "{")):
        value = member(first_json_value(text), "solution")
        if not isinstance(value, list):
            raise PuzzleFormatError("a JSON move list is a list of moves")
        return tuple(_move(item, 1) for item in value)
    moves = []
    for number, line in enumerate(text.splitlines(), start=1):
        content = line.split("#", 1)[0]
        moves += [_move(token, number) for token in content.replace(";", " ").split()]
    return tuple(moves)


class NumMatchFamily(FamilyBase[Game, Moves]):
    """The Family protocol for Number Match under every rule preset."""

    name = "nummatch"
    title = "Number Match: clear the board by removing equal pairs or pairs summing to ten."
    formats = ("text", "json")
    comment_formats = ("text",)
    generate_params = GENERATE_PARAMS
    read_params = READ_PARAMS
    solve_params = SOLVE_PARAMS
    verbs = frozenset({"hint", "draw", "analyse"})
    rule_sets = tuple(PRESETS)
    play = howto.PLAY

    def __init__(self, rules: str = "original") -> None:
        self.default_rules = get_rules(rules).name

    def how_to_play(self, rules: str | None = None) -> list[str]:
        """Sentences made from the preset's ``Rules`` fields, the ones the solver reads."""
        return howto.how_to_play(rules or self.default_rules)

    def _rules(self, options: Mapping[str, Any]) -> str:
        chosen = options.get("rules")
        rules = get_rules(chosen).name if chosen is not None else self.default_rules
        return named(rules, options.get("adds"))

    def parse(self, text: str, format: str | None = None, **options: Any) -> list[Game]:
        """Every board in ``text`` (paragraphs, or JSON objects), posed under the rules."""
        self.option(self.read_params, options)
        rules = self._rules(options)
        if format == "json" or (format is None and text.lstrip().startswith(("{", "["))):
            return [self._from_json(member(v, "puzzle"), n, options) for n, v in json_values(text)]
        if format not in (None, "text"):
            raise InvalidParameterError(f"nummatch knows the formats text and json, not {format!r}")
        short_ok = not get_rules(rules).fixed
        lines = [line for line in text.replace("\r\n", "\n").split("\n")]
        kept = "\n".join("" if line.lstrip().startswith("#") else line for line in lines)
        blocks = [b for b in kept.split("\n\n") if b.strip()]
        if not blocks:
            raise PuzzleFormatError("empty input: no board found")
        return [Ruled(parse_board(b, allow_short_last_row=short_ok), rules) for b in blocks]

    def _from_json(self, value: Any, number: int, options: Mapping[str, Any]) -> Game:
        if not isinstance(value, dict):
            raise PuzzleFormatError("a JSON board is an object with a 'grid'", line=number)
        grid = value.get("grid")
        if isinstance(grid, str):
            rows_text = grid
        elif isinstance(grid, list) and all(
            isinstance(row, list) and all(isinstance(v, int) and not isinstance(v, bool)
                                          and 0 <= v <= 9 for v in row)
            for row in grid
        ):
            rows_text = "/".join("".join(str(v) for v in row) for row in grid)
        else:
            raise PuzzleFormatError("'grid' must be rows of digits 0..9", line=number)
        json_rules = value.get("rules")
        if options.get("rules") is None and json_rules is not None:
            if not isinstance(json_rules, str) or json_rules.partition("+")[0] not in PRESETS:
                raise PuzzleFormatError(f"unknown rules {json_rules!r}", line=number)
            rules = get_rules(json_rules).name
        else:
            rules = self._rules(options)
        policy = options.get("adds") or value.get("adds")
        if policy is not None:
            if policy not in ADD_POLICIES:
                raise PuzzleFormatError(f"'adds' must be any or stuck, got {policy!r}",
                                        line=number)
            rules = named(rules, str(policy))
        board = parse_board(rows_text, allow_short_last_row=not get_rules(rules).fixed)
        return Ruled(board, rules)

    def dump(self, puzzle: Game, format: str | None = None) -> str:
        """Rows of digits on separate lines (0 = cleared), or one JSON line."""
        if format == "json":
            import json

            return json.dumps(self.puzzle_json(puzzle)) + "\n"
        if format not in (None, "text"):
            raise InvalidParameterError(f"nummatch knows the formats text and json, not {format!r}")
        return str(puzzle.puzzle).replace("/", "\n") + "\n"

    def puzzle_json(self, puzzle: Game) -> dict[str, Any]:
        board = puzzle.puzzle
        rules = get_rules(puzzle.rules)
        out: dict[str, Any] = {
            "width": board.width,
            "height": board.height,
            "grid": [list(row) for row in board.rows()],
            "rules": preset_of(rules),
        }
        if rules.max_adds != 0:
            out["adds"] = rules.add_policy
        return out

    def draw(self, puzzle: Game, solution: Moves | None = None) -> str:
        """Cleared cells greyed; a solution's pairs as rings with step numbers (see
        nummatch/draw.py)."""
        from .draw import draw

        return draw(puzzle.puzzle, puzzle.rules, solution)

    def dump_solution(self, puzzle: Game, solution: Moves, format: str | None = None) -> str:
        return "".join(f"{m}\n" for m in solution)

    def parse_solution(self, text: str, puzzle: Game, format: str | None = None) -> Moves:
        return parse_moves(text)

    def solution_json(self, puzzle: Game, solution: Moves) -> Any:
        return [move_json(m) for m in solution]

    def solve(
        self, puzzle: Game, *, limit: int | None = 1, timeout: float | None = None, **options: Any
    ) -> SolveResult[Moves]:
        """One clearing move list: the solver proves one answer, so ``limit`` is not used."""
        opts = self.option(self.solve_params, options)
        if opts["algorithm"] == "seed-bfs":
            from .seedbfs import DEFAULT_MAX_BOARDS, seed_bfs

            bfs = seed_bfs(
                puzzle.puzzle,
                puzzle.rules,
                max_boards=opts["max_boards"] or DEFAULT_MAX_BOARDS,
                timeout=timeout,
            )
            return SolveResult(bfs.status, bfs.solutions, bfs.complete, bfs.timed_out, bfs.stats)
        from .solve import solve

        deadline = Deadline(timeout)
        first = solve(puzzle.puzzle, puzzle.rules, timeout=timeout, max_adds=opts["max_adds"])
        if opts["fewest"] == "adds" or get_rules(puzzle.rules).fixed or not first.solutions:
            return first
        return self._fewest_matches(puzzle, first, deadline)

    def _fewest_matches(self, puzzle: Game, first: SolveResult[Moves],
                        deadline: Deadline) -> SolveResult[Moves]:
        """The clearing with the fewest matches: the fewest-additions one unless a search
        below its matches finds better; proved when that search ends, else (a limit) the
        better one found so far, ``timed_out``."""
        from .seqsolve import count_adds, fewest_matches

        moves = first.solutions[0]
        matches = len(moves) - count_adds(moves)
        better, proved = fewest_matches(puzzle.puzzle, get_rules(puzzle.rules),
                                        timeout=deadline.remaining(), most=matches - 1)
        if better.solutions:
            return better
        exhausted = proved >= matches - 1
        stats = replace(first.stats, seconds=first.stats.seconds + better.stats.seconds,
                        nodes=first.stats.nodes + better.stats.nodes)
        return SolveResult(Status.SOLVED, first.solutions, timed_out=not exhausted, stats=stats)

    def check(self, puzzle: Game, solution: Moves) -> list[Violation]:
        """The independent checker's verdict on a move list."""
        from .check import check

        return check(puzzle.puzzle, solution, puzzle.rules)

    def describe(self, puzzle: Game) -> str:
        board = puzzle.puzzle
        return f"{board.width}x{board.height}, {puzzle.rules}"

    def normalise_params(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """Width and height default by preset: 5x4 on fixed grids, 9x3 in reading order;
        the size is held to ``limits`` here, before any work, and not only in the generator,
        so every surface refuses what ``--help`` says is too large."""
        full = super().normalise_params(params)
        fixed = get_rules(full["rules"]).fixed
        if fixed:
            full["adds"] = "any"  # nothing is added: the policy means nothing, IDs leave it out
        elif full["adds"] is None:
            full["adds"] = get_rules(full["rules"]).add_policy
        if full["width"] is None:
            full["width"] = 5 if fixed else 9
        if full["height"] is None:
            full["height"] = 4 if fixed else 3
        check_size(full["width"], full["height"], full["rules"])
        return full

    def _make(self, params: Mapping[str, Any], seed: int) -> Made[Game, Moves]:
        from .generate import generate

        made = generate(
            params["width"],
            params["height"],
            rules=named(params["rules"], params["adds"]),
            seed=seed,
            difficulty=params["difficulty"],
        )
        details: dict[str, Any]
        if made.trap_rate is not None:
            moves: Moves = made.solution
            details = {"trap_rate": round(made.trap_rate, 4)}
        else:
            moves = made.moves
            details = {"adds": made.adds}
        return Made(Ruled(made.board, made.rules), moves, made.difficulty, details)

    def analyse(self, puzzle: Game, *, timeout: float | None = None) -> Analysis:
        """Whether the board clears, with how few additions, and which first moves keep
        that (``analyse.py``); ``count`` is 1 when clearable, 0 when proved not."""
        from .analyse import analyse

        return analyse(puzzle.puzzle, puzzle.rules, timeout=timeout)

    def hint(self, puzzle: Game, *, timeout: float | None = None) -> HintAnswer:
        """A move that keeps the board solvable."""
        from .hint import hint

        board, rules = puzzle.puzzle, puzzle.rules
        answer = hint(board, rules, timeout=timeout)
        details = {
            "move": move_json(answer.move) if answer.move is not None else None,
            "adds": answer.adds,
        }
        if board.cleared:
            return HintAnswer(Status.SOLVED, "the board is already cleared", details)
        if answer.move is not None:
            if isinstance(answer.move, Pair):
                message = _pair_words(board, rules, answer.move)
            else:
                message = ("add the numbers (the way to a clearing with the fewest "
                           f"additions: {answer.adds})")
            return HintAnswer(Status.SOLVED, message, details)
        if answer.status is Status.UNSOLVABLE:
            revive = "" if get_rules(rules).fixed else ", and no addition revives it"
            return HintAnswer(Status.UNSOLVABLE, f"no move keeps it solvable{revive}", details)
        return HintAnswer(Status.UNKNOWN, "unknown (a limit stopped the search)", details)


def _pair_words(board: Board, rules: str, pair: Pair) -> str:
    """A hinted pair in a player's terms: ``take the 6 in row 2, column 5 and the 4 in row
    3, column 5 (they add up to ten)``; the JSON keeps the original's ``x1,y1,x2,y2``.
    Under the reading-order presets the moves count rows without the emptied ones, as
    the rules play on them."""
    from ..core.words import cell_words
    from .sequence import board_cells, to_board

    if not get_rules(rules).fixed:
        board = to_board(board_cells(board), board.width)
    a, b = board.value(pair.a), board.value(pair.b)
    why = "equal" if a == b else "they add up to ten"
    return f"take the {a} in {cell_words(pair.a)} and the {b} in {cell_words(pair.b)} ({why})"


FAMILY: Family[Game, Moves] = NumMatchFamily()
"""The family; boards read without ``rules`` are posed under the original's."""
