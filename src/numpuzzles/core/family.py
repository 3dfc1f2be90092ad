"""The protocol every puzzle family implements, and the parts all families share.

The command line, batch generation, benchmarks and the web app talk to families only
through ``Family``, so a new family is one sub-package plus one registry line
(``numpuzzles.families``).  ``FamilyBase`` holds what is the same for every family (IDs,
regenerating from an ID, parameter checking, timing a generation), so an adapter writes
only what is its own.

Values that cross the protocol:
- a *puzzle* ``P`` carries everything needed to solve it, rule set included (``Ruled``
  pairs a board with its rules where a family has several), so a puzzle dumped as JSON and
  read back is posed the same way;
- a *solution* ``S`` is what ``check`` verifies;
- ``Generated`` is one generated puzzle with its ID, params, solution and grade;
- ``HintAnswer`` is one hint, with a sentence for a person and JSON-ready details;
- ``Analysis`` (``core/analysis.py``) is what ``analyse`` tells a setter.
"""

from __future__ import annotations

import time
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from .errors import InvalidParameterError
from .params import Param, normalise, params_text, parse_params_text
from .result import SolveResult, Status
from .seeds import parse_puzzle_id, puzzle_id
from .violation import Violation

if TYPE_CHECKING:  # annotations only: ``analyse`` imports it where a family analyses
    from .analysis import Analysis

P = TypeVar("P")
S = TypeVar("S")
T = TypeVar("T")


@dataclass(frozen=True)
class Ruled(Generic[T]):
    """A board together with the rule set it is posed under.

    Families with several rule sets (Numberlink's fill / fill-notouch / blank, Number
    Match's presets) give the same grid different answers, so the rules travel with it.
    """

    puzzle: T
    rules: str


@dataclass(frozen=True)
class Generated(Generic[P, S]):
    """One generated puzzle: the ID that regenerates it, its params, puzzle and solution.

    ``details`` holds JSON-ready facts a family adds (a difficulty score, the checker
    models a puzzle defeats); ``seconds`` is the time the generation took.
    """

    id: str
    family: str
    seed: int
    params: Mapping[str, Any]
    puzzle: P
    solution: S
    difficulty: str | None = None
    details: Mapping[str, Any] = field(default_factory=dict)
    seconds: float = 0.0


@dataclass(frozen=True)
class Made(Generic[P, S]):
    """What a family's own generator returns; ``FamilyBase.generate`` adds ID and timing."""

    puzzle: P
    solution: S
    difficulty: str | None = None
    details: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class HintAnswer:
    """A hint: ``SOLVED`` when ``message`` names a step that keeps the puzzle solvable,
    ``UNSOLVABLE`` when no step does (proved), ``UNKNOWN`` when a limit stopped the search.
    ``details`` are JSON-ready (the cell and value, or the move)."""

    status: Status
    message: str
    details: Mapping[str, Any] = field(default_factory=dict)


class Family(Protocol[P, S]):
    """One puzzle family: read, write, solve, check, generate (and maybe hint and draw)."""

    @property
    def name(self) -> str:
        """The family's command-line name, e.g. ``"fubuki"``."""
        ...

    @property
    def title(self) -> str:
        """One line saying what the puzzle is."""
        ...

    @property
    def formats(self) -> Sequence[str]:
        """Text formats ``parse`` and ``dump`` know; the first is the default."""
        ...

    @property
    def comment_formats(self) -> Sequence[str]:
        """Formats whose readers skip ``#`` lines, so an ID line can travel with a puzzle."""
        ...

    @property
    def generate_params(self) -> Sequence[Param]:
        """What ``generate`` accepts."""
        ...

    @property
    def read_params(self) -> Sequence[Param]:
        """Options that pose a puzzle read from text (a rule set a format cannot hold)."""
        ...

    @property
    def solve_params(self) -> Sequence[Param]:
        """Extra options of ``solve`` (an engine choice)."""
        ...

    @property
    def default_limit(self) -> int | None:
        """How many solutions ``solve`` looks for unless told (None: all, as Fubuki's
        original did)."""
        ...

    @property
    def verbs(self) -> frozenset[str]:
        """Optional verbs this family has: ``hint``, ``draw``, ``analyse``."""
        ...

    @property
    def rule_sets(self) -> Sequence[str]:
        """The rule sets (Fubuki: variants) ``how_to_play`` words; the first is the default."""
        ...

    @property
    def play(self) -> str:
        """One sentence: how the page plays this family (pointer and keys)."""
        ...

    def how_to_play(self, rules: str | None = None) -> list[str]:
        """A few plain sentences for a player: the goal, then each rule of ``rules`` (one
        of ``rule_sets``; None: the default), worded from what ``check`` enforces."""
        ...

    def parse(self, text: str, format: str | None = None, **options: Any) -> list[P]:
        """Every puzzle in ``text``; the format is sniffed when None."""
        ...

    def dump(self, puzzle: P, format: str | None = None) -> str:
        """``puzzle`` as text in ``format`` (the first of ``formats`` when None)."""
        ...

    def dump_all(self, puzzles: Sequence[P], format: str | None = None) -> str:
        """Several puzzles in one text that ``parse`` reads back."""
        ...

    def dump_solution(self, puzzle: P, solution: S, format: str | None = None) -> str:
        """A solution as text for a person (in ``format`` where the family has several)."""
        ...

    def dump_generated(
        self, item: Generated[P, S], format: str | None = None, with_solution: bool = False
    ) -> str:
        """A generated puzzle as text (with its solution where asked and possible)."""
        ...

    def parse_solution(self, text: str, puzzle: P, format: str | None = None) -> S:
        """A solution of ``puzzle`` written as text or JSON."""
        ...

    def puzzle_json(self, puzzle: P) -> dict[str, Any]:
        """The puzzle in the family's JSON form (what ``parse(..., "json")`` reads)."""
        ...

    def solution_json(self, puzzle: P, solution: S) -> Any:
        """The solution in the family's JSON form (what ``parse_solution`` reads)."""
        ...

    def solve(
        self, puzzle: P, *, limit: int | None = 1, timeout: float | None = None, **options: Any
    ) -> SolveResult[S]:
        """Up to ``limit`` solutions (None: all); ``limit=2`` answers "unique?"."""
        ...

    def check(self, puzzle: P, solution: S) -> list[Violation]:
        """Rules ``solution`` breaks, from the rules alone; empty means valid."""
        ...

    def make_id(self, params: Mapping[str, Any], seed: int) -> str:
        """The ID ``family:params#seed`` of the puzzle normalised ``params`` and ``seed``
        make (what ``regenerate`` reads back)."""
        ...

    def generate(self, params: Mapping[str, Any], seed: int) -> Generated[P, S]:
        """A puzzle built from ``params`` whose randomness all comes from ``seed``."""
        ...

    def regenerate(self, ident: str) -> Generated[P, S]:
        """The puzzle an ID names, made again."""
        ...

    def normalise_params(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """``params`` checked, typed and completed with defaults."""
        ...

    def distinct_key(self, puzzle: P) -> Hashable:
        """Equal for puzzles that are the same up to symmetry (and relabelling)."""
        ...

    def describe(self, puzzle: P) -> str:
        """A few words for messages: size and rules."""
        ...

    def explain_difference(self, puzzle: P, first: S, second: S) -> str:
        """Where two solutions differ, for a person."""
        ...

    def hint(self, puzzle: P, *, timeout: float | None = None) -> HintAnswer:
        """One step towards the solution (only when ``"hint" in verbs``)."""
        ...

    def draw(self, puzzle: P, solution: S | None = None) -> str:
        """The puzzle (and solution) as an SVG document (only when ``"draw" in verbs``)."""
        ...

    def analyse(self, puzzle: P, *, timeout: float | None = None) -> Analysis:
        """What a setter needs to know (only when ``"analyse" in verbs``): how many
        solutions, what they share, where they differ, and one change that makes the
        puzzle unique (``core/analysis.py``); ``timeout`` bounds the whole analysis."""
        ...

    @property
    def draws_analysis(self) -> bool:
        """Whether ``draw_analysis`` can draw what ``analyse`` found: a family whose
        analysis has no grid of common values (Number Match's) says False, so ``draw
        --analyse`` is not offered for it rather than refused after a long analysis."""
        ...

    def draw_analysis(self, puzzle: P, analysis: Analysis) -> str:
        """The puzzle as an SVG document with ``analysis`` drawn in: the part every
        solution shares filled in, the cells where solutions differ shaded, and a caption
        saying how many solutions there are (only when ``draws_analysis``)."""
        ...


class FamilyBase(Generic[P, S]):
    """What every family adapter shares: IDs, regeneration, params, generic text helpers.

    Subclasses set the class attributes of ``Family`` and write ``parse``, ``dump``,
    ``dump_solution``, ``parse_solution``, ``puzzle_json``, ``solution_json``, ``solve``,
    ``check``, ``describe`` and ``_make`` (their generator), and ``how_to_play`` with
    ``rule_sets`` and ``play`` where they have rules to tell a player.
    """

    name: str = ""
    title: str = ""
    formats: Sequence[str] = ()
    comment_formats: Sequence[str] = ()
    generate_params: Sequence[Param] = ()
    read_params: Sequence[Param] = ()
    solve_params: Sequence[Param] = ()
    default_limit: int | None = 1
    verbs: frozenset[str] = frozenset()
    draws_analysis: bool = False
    rule_sets: Sequence[str] = ("standard",)
    play: str = ""

    def dump(self, puzzle: P, format: str | None = None) -> str:
        raise NotImplementedError

    def dump_all(self, puzzles: Sequence[P], format: str | None = None) -> str:
        """Puzzles one after another, a blank line between (one line each in JSON)."""
        texts = [self.dump(p, format).rstrip("\n") + "\n" for p in puzzles]
        return ("" if format == "json" else "\n").join(texts)

    def dump_solution(self, puzzle: P, solution: S, format: str | None = None) -> str:
        raise NotImplementedError

    def dump_generated(
        self, item: Generated[P, S], format: str | None = None, with_solution: bool = False
    ) -> str:
        """The puzzle; with ``with_solution`` the solution follows, as comment lines where
        the format has comments (so the text still reads back as the puzzle alone)."""
        text = self.dump(item.puzzle, format)
        if not with_solution:
            return text
        solution = self.dump_solution(item.puzzle, item.solution, format)
        if (format or self.formats[0]) in self.comment_formats:
            return text + "# solution:\n" + "".join(f"# {line}\n" for line in solution.splitlines())
        return text + "\n" + solution

    def normalise_params(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """``params`` checked against ``generate_params`` (see ``core.params.normalise``)."""
        return normalise(self.generate_params, params)

    def make_id(self, params: Mapping[str, Any], seed: int) -> str:
        """``family:params#seed`` for normalised ``params``."""
        return puzzle_id(self.name, params_text(self.generate_params, params), seed)

    def generate(self, params: Mapping[str, Any], seed: int) -> Generated[P, S]:
        """Check ``params``, make the puzzle, and stamp it with its ID and the time taken."""
        full = self.normalise_params(params)
        started = time.perf_counter()
        made = self._make(full, seed)
        return Generated(
            id=self.make_id(full, seed),
            family=self.name,
            seed=seed,
            params=full,
            puzzle=made.puzzle,
            solution=made.solution,
            difficulty=made.difficulty,
            details=made.details,
            seconds=time.perf_counter() - started,
        )

    def regenerate(self, ident: str) -> Generated[P, S]:
        """The puzzle ``ident`` names: same params, same seed, so the same puzzle."""
        family, text, seed = parse_puzzle_id(ident)
        if family != self.name:
            raise InvalidParameterError(f"{ident!r} is a {family} ID, not a {self.name} one")
        return self.generate(parse_params_text(self.generate_params, text), seed)

    def _make(self, params: Mapping[str, Any], seed: int) -> Made[P, S]:
        raise NotImplementedError

    def distinct_key(self, puzzle: P) -> Hashable:
        """The puzzle itself: families with symmetries override this."""
        return puzzle

    def explain_difference(self, puzzle: P, first: S, second: S) -> str:
        return "two different solutions"

    def how_to_play(self, rules: str | None = None) -> list[str]:
        """The title alone: a family with rules to tell writes its own (``howto.py``)."""
        if rules is not None and rules not in self.rule_sets:
            raise InvalidParameterError(
                f"{self.name} has no rule set {rules!r}; known: {', '.join(self.rule_sets)}")
        return [self.title]

    def hint(self, puzzle: P, *, timeout: float | None = None) -> HintAnswer:
        raise InvalidParameterError(f"{self.name} has no hints yet")

    def draw(self, puzzle: P, solution: S | None = None) -> str:
        raise InvalidParameterError(f"{self.name} cannot be drawn yet")

    def analyse(self, puzzle: P, *, timeout: float | None = None) -> Analysis:
        raise InvalidParameterError(f"{self.name} cannot be analysed yet")

    def draw_analysis(self, puzzle: P, analysis: Analysis) -> str:
        raise InvalidParameterError(f"{self.name} drawings cannot show an analysis")

    def option(self, params: Sequence[Param], options: Mapping[str, Any]) -> dict[str, Any]:
        """``options`` checked against ``params`` (read or solve options), defaults filled."""
        return normalise(params, {k: v for k, v in options.items() if v is not None})
