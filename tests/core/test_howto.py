"""How to play: every family words every rule set it has, from the rules its checker
enforces; Number Match's words are made from its ``Rules`` fields, so they follow them."""

from __future__ import annotations

import dataclasses
import importlib

import pytest

from numpuzzles import InvalidParameterError
from numpuzzles.families import NAMES, family
from numpuzzles.nummatch.howto import how_to_play as nummatch_how_to_play
from numpuzzles.nummatch.rules import (
    ANTIDIAGONAL,
    BRIEF,
    CLASSIC,
    DIAGONAL,
    EASYBRAIN,
    HORIZONTAL,
    ORIGINAL,
    PRESETS,
    VERTICAL,
)

nummatch_check = importlib.import_module("numpuzzles.nummatch.check")
"""The checker module (the package's ``check`` is its function)."""


@pytest.mark.parametrize("name", NAMES)
def test_every_rule_set_has_two_to_five_sentences(name: str) -> None:
    fam = family(name)
    assert fam.rule_sets
    for rules in fam.rule_sets:
        sentences = fam.how_to_play(rules)
        assert 2 <= len(sentences) <= 5, (rules, sentences)
        assert len(set(sentences)) == len(sentences)
        for sentence in sentences:
            assert sentence[:1].isupper() or sentence[:1] == '"', sentence
            assert sentence.endswith("."), sentence
            assert "\n" not in sentence and len(sentence) <= 200
    assert fam.how_to_play(None) == fam.how_to_play(fam.rule_sets[0])
    assert fam.play.endswith(".") and len(fam.play) <= 200


@pytest.mark.parametrize("name", NAMES)
def test_each_rule_set_is_worded_its_own_way(name: str) -> None:
    fam = family(name)
    texts = [tuple(fam.how_to_play(rules)) for rules in fam.rule_sets]
    assert len(set(texts)) == len(texts)


@pytest.mark.parametrize("name", NAMES)
def test_an_unknown_rule_set_is_refused(name: str) -> None:
    with pytest.raises(InvalidParameterError):
        family(name).how_to_play("no-such-rules")


def test_the_rule_sets_are_the_ones_puzzles_are_posed_under() -> None:
    numberlink = family("numberlink")
    rules = next(p for p in numberlink.generate_params if p.name == "rules")
    assert list(numberlink.rule_sets) == list(rules.choices)
    fubuki = family("fubuki")
    variant = next(p for p in fubuki.generate_params if p.name == "variant")
    assert list(fubuki.rule_sets) == list(variant.choices)
    assert list(family("nummatch").rule_sets) == list(PRESETS)
    # Arukone is generated under one rule set, the competition's: that is its only text
    arukone = family("arukone")
    made = arukone.generate({"n": 6}, 1)
    assert list(arukone.rule_sets) == [made.puzzle.rules]
    # a puzzle read under other rules is told those (Numberlink's words)
    assert arukone.how_to_play("fill")[1:] == numberlink.how_to_play("fill")[1:]


def test_numberlink_notouch_is_fill_and_one_rule_more() -> None:
    numberlink = family("numberlink")
    fill, notouch = numberlink.how_to_play("fill"), numberlink.how_to_play("fill-notouch")
    assert fill == notouch[: len(fill)] and len(notouch) == len(fill) + 1


@pytest.mark.parametrize(
    ("base", "change"),
    [
        (ORIGINAL, {"lines": (HORIZONTAL, VERTICAL)}),
        (BRIEF, {"diagonal_neighbours": False}),
        (ORIGINAL, {"reading_order": True}),
        (ORIGINAL, {"removes_rows": True}),
        (ORIGINAL, {"max_adds": 3}),
        (CLASSIC, {"max_adds": 5}),
        (EASYBRAIN, {"max_adds": 6}),
        (EASYBRAIN, {"max_adds": None}),
        (CLASSIC, {"lines": (VERTICAL, DIAGONAL, ANTIDIAGONAL)}),
    ],
)
def test_nummatch_words_follow_a_changed_rules_field(base: object, change: dict[str, object]
                                                      ) -> None:
    changed = dataclasses.replace(base, **change)  # type: ignore[type-var]
    assert nummatch_how_to_play(changed) != nummatch_how_to_play(base)  # type: ignore[arg-type]


def test_nummatch_counts_additions_as_the_rules_do() -> None:
    for adds in (2, 7, 12):
        text = " ".join(nummatch_how_to_play(dataclasses.replace(EASYBRAIN, max_adds=adds)))
        assert f"at most {adds} times" in text


def test_nummatch_presets_agree_with_the_independent_checker() -> None:
    """The words come from ``Rules``; the checker keeps its own tables: they must agree,
    or the page would tell a rule the judge does not apply."""
    for name, (diagonals, max_adds, policy) in nummatch_check.READING_ORDER_RULES.items():
        rules = PRESETS[name]
        assert rules.reading_order and rules.removes_rows
        assert (DIAGONAL in rules.lines and ANTIDIAGONAL in rules.lines) == diagonals
        assert VERTICAL in rules.lines and HORIZONTAL not in rules.lines
        assert rules.max_adds == max_adds and rules.add_policy == policy
    kinds = {"row": (HORIZONTAL,), "column": (VERTICAL,), "diagonal": (DIAGONAL, ANTIDIAGONAL)}
    for name, long_lines in nummatch_check._LONG_LINES.items():
        rules = PRESETS[name]
        assert not rules.reading_order and not rules.removes_rows and rules.max_adds == 0
        assert rules.diagonal_neighbours  # the checker joins 8-neighbours under both
        for kind, directions in kinds.items():
            assert all(d in rules.lines for d in directions) == (kind in long_lines)
    assert set(nummatch_check.READING_ORDER_RULES) | set(nummatch_check._LONG_LINES) == set(
        PRESETS)
