"""Layout controls (issue 24, point 4): every generated puzzle keeps the layout asked for,
judged here by rules written again from their wording (not ``layout.py``'s counts), and
stays proved unique (the solver's limit-2 answer, and the independent checker on the
solution); impossible combinations are refused up front; old IDs keep their puzzles."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from numpuzzles import families
from numpuzzles.cli.main import main
from numpuzzles.core.errors import InvalidParameterError
from numpuzzles.numberlink.arukone.generate import generate_arukone
from numpuzzles.numberlink.check import check
from numpuzzles.numberlink.generate.layout import Layout
from numpuzzles.numberlink.generate.unique import Params, generate, solver_prover
from numpuzzles.numberlink.model import Puzzle, Rules, Solution
from numpuzzles.numberlink.solve.dispatch import solve

Cell = tuple[int, int]


def _ends(puzzle: Puzzle) -> set[Cell]:
    w = puzzle.width
    return {divmod(i, w) for i, label in enumerate(puzzle.cells) if label > 0}


def _broken(layout: Layout, puzzle: Puzzle, solution: Solution) -> list[str]:
    """The rules, from their wording: what ``puzzle`` (with ``solution``) breaks."""
    w, h = puzzle.width, puzzle.height
    ends = _ends(puzzle)
    out: list[str] = []
    images: dict[str, Callable[[int, int], Cell]] = {
        "rot2": lambda r, c: (h - 1 - r, w - 1 - c),
        "mirror": lambda r, c: (r, w - 1 - c),
        "rot4": lambda r, c: (c, w - 1 - r),
    }
    if layout.symmetry != "none":
        image = images[layout.symmetry]
        if {image(r, c) for r, c in ends} != ends:
            out.append("symmetry")
    if layout.no_adjacent_ends and any(
        (r + 1, c) in ends or (r, c + 1) in ends for r, c in ends
    ):
        out.append("no-adjacent-ends")
    if any(len(cells) < layout.min_length for _, cells in solution.paths):
        out.append("min-length")
    if layout.no_border_ends and any(r in (0, h - 1) or c in (0, w - 1) for r, c in ends):
        out.append("no-border-ends")
    if layout.corners:
        for rows, cols in (
            (range(3), range(3)), (range(3), range(w - 3, w)),
            (range(h - 3, h), range(3)), (range(h - 3, h), range(w - 3, w)),
        ):
            if not any((r, c) in ends for r in rows for c in cols):
                out.append("corners")
    return out


def _proved_unique(puzzle: Puzzle, solution: Solution, rules: Rules) -> None:
    assert check(puzzle, solution, rules) == []
    result = solve(puzzle, rules=rules, limit=2)
    assert result.complete and len(result.solutions) == 1
    assert result.solutions[0].cells == solution.cells


LAYOUTS = [
    Layout(symmetry="rot2"),
    Layout(symmetry="rot4"),
    Layout(symmetry="mirror"),
    Layout(min_length=4),
    Layout(no_border_ends=True),
    Layout(corners=True),
    Layout(symmetry="rot2", no_border_ends=True, corners=True, min_length=3),
    Layout(symmetry="mirror", min_length=3),
    Layout(no_border_ends=True, corners=True, min_length=3),
]


# rot4 needs a square board, so it is not paired with 10x8 (its refusal is tested below)
CASES = [(layout, w, h) for layout in LAYOUTS for w, h in ((10, 10), (10, 8))
         if not (layout.symmetry == "rot4" and w != h)]


@pytest.mark.parametrize(("layout", "w", "h"), CASES, ids=repr)
def test_fill_puzzles_keep_their_layout_and_stay_unique(layout: Layout, w: int, h: int) -> None:
    for seed in range(8):
        item = generate(Params(w, h, Rules.FILL, layout=layout), seed, prover=solver_prover)
        assert _broken(layout, item.puzzle, item.solution) == [], seed
        _proved_unique(item.puzzle, item.solution, Rules.FILL)


@pytest.mark.parametrize("seed", range(4))
def test_no_adjacent_ends_keeps_clues_apart_and_unique(seed: int) -> None:
    layout = Layout(no_adjacent_ends=True, min_length=3)
    item = generate(Params(7, 7, Rules.FILL, layout=layout), seed, prover=solver_prover)
    assert _broken(layout, item.puzzle, item.solution) == []
    _proved_unique(item.puzzle, item.solution, Rules.FILL)


@pytest.mark.parametrize("rules", [Rules.FILL_NOTOUCH, Rules.BLANK])
@pytest.mark.parametrize(
    "layout", [Layout(symmetry="rot2"), Layout(no_border_ends=True, min_length=3)], ids=repr)
def test_other_rules_keep_their_layout_too(rules: Rules, layout: Layout) -> None:
    for seed in range(3):
        item = generate(Params(8, 8, rules, layout=layout), seed, prover=solver_prover)
        assert _broken(layout, item.puzzle, item.solution) == [], seed
        _proved_unique(item.puzzle, item.solution, rules)


def test_the_rules_here_can_fail() -> None:
    """The judge above is not blind: a plain puzzle breaks some of these layouts."""
    item = generate(Params(10, 10, Rules.FILL), 1, prover=solver_prover)
    strict = Layout("rot4", True, 30, True, True)
    broken = set(_broken(strict, item.puzzle, item.solution))
    assert {"symmetry", "no-adjacent-ends", "min-length", "no-border-ends"} <= broken


def test_fill_defaults_to_no_two_cell_links_and_writes_it_in_the_id() -> None:
    numberlink = families.family("numberlink")
    for seed in range(10):
        made = numberlink.generate({"size": "10x10"}, seed)
        assert made.id == f"numberlink:10x10,fill,min_length=3#{seed}"
        assert min(len(cells) for _, cells in made.solution.paths) >= 3
        again = numberlink.regenerate(made.id)
        assert again.puzzle == made.puzzle
    blank = numberlink.generate({"size": "8x8", "rules": "blank"}, 1)
    assert blank.id == "numberlink:8x8,blank#1" and blank.params["min_length"] == 2


OLD_ID_ROWS = [
    "0 0 0 0 0 0 1 2 0 0",
    "3 4 0 0 0 0 0 0 5 0",
    "6 0 0 0 0 7 5 8 0 0",
    "0 0 0 1 8 0 0 0 0 2",
    "0 4 3 9 0 0 0 0 10 0",
    "0 0 0 0 0 0 0 0 0 10",
    "0 11 12 0 0 0 0 0 0 0",
    "0 13 12 0 13 0 7 0 9 0",
    "0 0 0 0 11 0 0 0 0 0",
    "0 6 14 0 0 0 0 0 0 14",
]
"""``numberlink:10x10,fill#20261203`` as it was generated before the layout controls."""


def test_an_id_without_min_length_gives_its_old_puzzle() -> None:
    numberlink = families.family("numberlink")
    made = numberlink.regenerate("numberlink:10x10,fill#20261203")
    assert made.id == "numberlink:10x10,fill#20261203"
    assert [" ".join(map(str, row)) for row in made.puzzle.puzzle.rows()] == OLD_ID_ROWS
    explicit = numberlink.generate({"size": "10x10", "min_length": 2}, 20261203)
    assert explicit.id == made.id and explicit.puzzle == made.puzzle


def test_layout_params_travel_in_ids() -> None:
    numberlink = families.family("numberlink")
    made = numberlink.generate(
        {"size": "8x8", "symmetry": "mirror", "no_border_ends": True, "corners": True}, 2)
    assert made.id == "numberlink:8x8,fill,min_length=3,symmetry=mirror,no_border_ends,corners#2"
    assert numberlink.regenerate(made.id).puzzle == made.puzzle


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["numberlink", "generate", "12x10", "--symmetry", "rot4"], "square board"),
        (["numberlink", "generate", "9x9", "--symmetry", "rot4"], "even side"),
        (["numberlink", "generate", "3x3", "--no-border-ends"], "at least 4x4"),
        (["numberlink", "generate", "5x5", "--pairs", "5", "--min-length", "6"], "do not fit"),
        (["numberlink", "generate", "8x8", "--method", "unionfind", "--corners"],
         "unionfind"),
        (["numberlink", "generate", "8x8", "--symmetry", "rot2", "--no-adjacent-ends"],
         "not supported"),
        (["arukone", "generate", "9", "--symmetry", "rot4"], "even side"),
        (["arukone", "generate", "6", "--pairs", "4", "--min-length", "10"], "do not fit"),
    ],
)
def test_impossible_combinations_are_refused_in_one_line(
    args: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and "\n" not in err


def test_library_refuses_with_a_typed_error() -> None:
    with pytest.raises(InvalidParameterError, match="square"):
        generate(Params(6, 4, layout=Layout(symmetry="rot4")), 1, prover=solver_prover)


ARUKONE_LAYOUTS = [
    Layout(symmetry="rot2"),
    Layout(symmetry="rot4"),
    Layout(symmetry="mirror"),
    Layout(min_length=5),
    Layout(no_border_ends=True),
    Layout(corners=True),
    Layout(no_adjacent_ends=True),
    Layout(symmetry="rot2", no_adjacent_ends=True, no_border_ends=True, corners=True),
]


@pytest.mark.parametrize("layout", ARUKONE_LAYOUTS, ids=repr)
def test_arukone_drawn_puzzles_keep_their_layout(layout: Layout) -> None:
    for seed in range(12):
        item = generate_arukone(10, seed, layout=layout)
        assert _broken(layout, item.puzzle, item.solution) == [], seed
        assert check(item.puzzle, item.solution, Rules.BLANK) == []


@pytest.mark.parametrize(
    "layout", [Layout(symmetry="rot2"), Layout(no_border_ends=True, min_length=4)], ids=repr)
def test_arukone_unique_puzzles_keep_their_layout_and_stay_unique(layout: Layout) -> None:
    def prove(puzzle: Puzzle, rules: Rules) -> tuple[tuple[Solution, ...], bool]:
        result = solve(puzzle, rules=rules, limit=2)
        return result.solutions, result.complete or len(result.solutions) >= 2

    for seed in range(3):
        item = generate_arukone(8, seed, layout=layout, prover=prove)
        assert _broken(layout, item.puzzle, item.solution) == [], seed
        _proved_unique(item.puzzle, item.solution, Rules.BLANK)


def test_arukone_ids_without_layout_are_unchanged() -> None:
    arukone = families.family("arukone")
    assert arukone.generate({"n": 10}, 5).id == "arukone:10#5"
    made = arukone.generate({"n": 10, "symmetry": "rot2", "min_length": 3}, 5)
    assert made.id == "arukone:10,min_length=3,symmetry=rot2#5"
    assert arukone.regenerate(made.id).puzzle == made.puzzle
