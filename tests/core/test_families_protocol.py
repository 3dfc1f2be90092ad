"""Every registered family honours the protocol: parse -> dump -> parse -> solve -> check ->
generate -> regenerate from the ID, and rules travel with a puzzle through JSON."""

from __future__ import annotations

from typing import Any

import pytest

from numpuzzles import InvalidParameterError, InvalidPuzzleError, Status
from numpuzzles.core.params import parse_params_text
from numpuzzles.families import NAMES, all_families, family, title

SMALL: dict[str, dict[str, Any]] = {
    "fubuki": {"size": 3},
    "nummatch": {"width": 4, "height": 4},
    "numberlink": {"size": "6x6"},
    "arukone": {"n": 6},
    "survo": {"shape": "3x4"},
}
"""Parameters that make each family's puzzles quickly."""


def test_registry_holds_all_four_families() -> None:
    assert set(NAMES) == {"fubuki", "nummatch", "numberlink", "arukone", "survo"}
    loaded = all_families()
    assert {name: fam.name for name, fam in loaded.items()} == {n: n for n in NAMES}
    for name in NAMES:
        assert title(name) == loaded[name].title


@pytest.mark.parametrize("name", NAMES)
def test_protocol_walk(name: str) -> None:
    fam = family(name)
    made = fam.generate(SMALL[name], 3)
    assert made.family == name
    assert made.id.startswith(f"{name}:") and made.id.endswith("#3")
    # the generator's own solution passes the independent checker
    assert fam.check(made.puzzle, made.solution) == []
    # every format that can hold this puzzle reads back to the same puzzle
    for fmt in fam.formats:
        try:
            text = fam.dump(made.puzzle, fmt)
        except (InvalidParameterError, InvalidPuzzleError):
            continue  # e.g. a square-only format and a rectangular board
        (back,) = fam.parse(text, fmt)
        # letter formats name and number the labels their own way: the same puzzle up to
        # relabelling (exactly the same in the default and JSON formats, below)
        assert fam.distinct_key(back) == fam.distinct_key(made.puzzle), fmt
    assert fam.parse(fam.dump(made.puzzle, "json"), "json") == [made.puzzle]
    text = fam.dump(made.puzzle)
    (again,) = fam.parse(text)
    assert again == made.puzzle
    result = fam.solve(again, limit=2)
    assert result.status is Status.SOLVED
    for solution in result.solutions:
        assert fam.check(again, solution) == []
    # solutions read back from their text and JSON forms
    first = result.solutions[0]
    assert fam.check(again, fam.parse_solution(fam.dump_solution(again, first), again)) == []
    import json

    as_json = json.dumps(fam.solution_json(again, first))
    assert fam.check(again, fam.parse_solution(as_json, again)) == []
    # the ID makes the same puzzle again, and its params read back
    regenerated = fam.regenerate(made.id)
    assert regenerated.puzzle == made.puzzle
    assert regenerated.id == made.id
    params_text = made.id.split(":", 1)[1].rsplit("#", 1)[0]
    assert parse_params_text(fam.generate_params, params_text) == dict(made.params)


@pytest.mark.parametrize(
    ("name", "text", "rules"),
    [
        ("numberlink", "3 3\n1.2\n...\n1.2\n", "fill-notouch"),
        ("arukone", "3 3\n1.2\n...\n1.2\n", "fill"),
        ("nummatch", "123456789\n12\n", "easybrain"),
    ],
)
def test_rules_travel_with_the_puzzle_through_json(name: str, text: str, rules: str) -> None:
    fam = family(name)
    (puzzle,) = fam.parse(text, rules=rules)
    assert puzzle.rules == rules
    (back,) = fam.parse(fam.dump(puzzle, "json"))
    assert back == puzzle
    assert fam.puzzle_json(back)["rules"] == rules


def test_default_rules_differ_between_numberlink_and_arukone() -> None:
    text = "3 3\n1.2\n...\n1.2\n"
    (plain,) = family("numberlink").parse(text)
    (aru,) = family("arukone").parse(text)
    assert (plain.rules, aru.rules) == ("fill", "blank")
    # the same grid: solvable leaving cells empty, not when every cell must be used
    assert family("arukone").solve(aru).status is Status.SOLVED
    assert family("numberlink").solve(plain).status is Status.UNSOLVABLE


def test_wrong_family_id_and_unknown_params_are_refused() -> None:
    with pytest.raises(InvalidParameterError, match="fubuki ID"):
        family("numberlink").regenerate("fubuki:3x3#1")
    with pytest.raises(InvalidParameterError, match="unknown parameter"):
        family("fubuki").generate({"colour": "red"}, 1)
    with pytest.raises(InvalidParameterError, match="at most 5"):
        family("fubuki").generate({"size": 9}, 1)


def test_old_ids_still_regenerate() -> None:
    """IDs printed before the registry (``fubuki:3x3#1``, ``numberlink:WxH,unionfind#s``)."""
    fubuki = family("fubuki")
    assert fubuki.regenerate("fubuki:3x3#1").puzzle == fubuki.generate({}, 1).puzzle
    nl = family("numberlink")
    old = nl.regenerate("numberlink:7x7,unionfind#4")
    assert old.params["method"] == "unionfind"
    assert old.id == "numberlink:7x7,fill,unionfind#4"
    assert nl.check(old.puzzle, old.solution) == []


def test_unknown_family_is_named() -> None:
    with pytest.raises(KeyError, match="known: arukone, fubuki, numberlink, nummatch"):
        family("sudoku")


@pytest.mark.parametrize(("name", "params"), [("numberlink", {"size": "7x7"}),
                                              ("arukone", {"n": 6, "unique": True})])
def test_numberlink_hint_is_a_path_of_the_unique_solution(
    name: str, params: dict[str, Any]
) -> None:
    fam = family(name)
    made = fam.generate(params, 5)
    answer = fam.hint(made.puzzle)
    assert answer.status is Status.SOLVED
    paths = dict(made.solution.paths)
    hinted = answer.details["paths"]
    assert len(hinted) == len(paths)  # unique: every path is forced
    for item in hinted:
        assert tuple(tuple(cell) for cell in item["path"]) == paths[item["label"]]
    lengths = [len(item["path"]) for item in hinted]
    assert lengths == sorted(lengths)


def test_numberlink_hint_on_an_unsolvable_board() -> None:
    fam = family("numberlink")
    (puzzle,) = fam.parse("3 1\n1 -1 1\n")
    assert fam.hint(puzzle).status is Status.UNSOLVABLE
