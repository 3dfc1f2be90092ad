"""Parameters and IDs: what ``params_text`` writes, ``parse_params_text`` reads back, for
every family's declared parameters; values outside a documented range are refused."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numpuzzles import InvalidParameterError
from numpuzzles.core.params import Param, normalise, params_text, parse_params_text
from numpuzzles.core.seeds import parse_puzzle_id, puzzle_id
from numpuzzles.families import NAMES, family


def _value(param: Param) -> st.SearchStrategy[Any]:
    if param.kind is bool:
        return st.booleans()
    if param.choices:
        return st.sampled_from(param.choices)
    if param.kind is float:
        return st.floats(min_value=0.01, max_value=1e6)
    if param.kind is int:
        return st.integers(param.low if param.low is not None else 0,
                           param.high if param.high is not None else 10**6)
    if param.name == "size":  # numberlink: W or WxH
        return st.tuples(st.integers(1, 200), st.integers(2, 200)).map(lambda t: f"{t[0]}x{t[1]}")
    if param.name == "shape":  # survo: MxN with M·N at most 36
        return st.tuples(st.integers(2, 18), st.integers(2, 18)).filter(
            lambda t: t[0] * t[1] <= 36).map(lambda t: f"{t[0]}x{t[1]}")
    raise AssertionError(f"no strategy for {param}")


@st.composite
def family_params(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    name = draw(st.sampled_from(NAMES))
    spec = family(name).generate_params
    given_params = {}
    for param in spec:
        if draw(st.booleans()):
            given_params[param.name] = draw(_value(param))
    return name, given_params


@given(family_params())
@settings(max_examples=300, deadline=None)
def test_id_params_round_trip(case: tuple[str, dict[str, Any]]) -> None:
    name, given_params = case
    spec = family(name).generate_params
    full = normalise(spec, given_params)
    text = params_text(spec, full)
    back = parse_params_text(spec, text)
    in_id = {p.name for p in spec if p.in_id}
    expected = {k: v for k, v in full.items() if k in in_id}
    for param in spec:  # a default its family resolves (None) reads back as an ID's absence
        if param.id_absent is not None and expected.get(param.name) is None:
            expected[param.name] = param.read(param.id_absent)
    assert {k: v for k, v in back.items() if k in in_id} == expected
    ident = puzzle_id(name, text, 12345)
    assert parse_puzzle_id(ident) == (name, text, 12345)


@given(st.text(max_size=40))
@settings(max_examples=300, deadline=None)
def test_any_params_text_parses_or_is_refused(text: str) -> None:
    for name in NAMES:
        with contextlib.suppress(InvalidParameterError):
            parse_params_text(family(name).generate_params, text)


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("fubuki", {"size": 6}),
        ("fubuki", {"size": "3x4"}),
        ("fubuki", {"givens": -1}),
        ("nummatch", {"width": 31}),
        ("nummatch", {"rules": "chess"}),
        ("numberlink", {"size": "201x3"}),
        ("numberlink", {"size": "1x1"}),
        ("numberlink", {"pairs": 0}),
        ("arukone", {"n": 201}),
        ("arukone", {"n": "ten"}),
        ("arukone", {"unique": "maybe"}),
        ("arukone", {"proof_timeout": "-1"}),
    ],
)
def test_out_of_range_values_are_refused(name: str, params: dict[str, Any]) -> None:
    with pytest.raises(InvalidParameterError):
        family(name).normalise_params(params)


def test_declared_maxima_match_the_generators() -> None:
    """The families declare their maxima without importing the generators (start-up time),
    from the light ``limits`` modules the generators read too."""
    from numpuzzles.numberlink import family as nl_family
    from numpuzzles.numberlink.arukone import family as arukone_family
    from numpuzzles.numberlink.arukone import generate as arukone
    from numpuzzles.numberlink.generate import unionfind
    from numpuzzles.nummatch import family as nm_family
    from numpuzzles.nummatch import limits as nm_limits

    assert arukone_family.MAX_ARUKONE_SIZE == arukone.MAX_SIZE == 200
    assert nl_family.MAX_SIDE**2 == unionfind.MAX_CELLS == 40_000
    assert nm_family.MAX_SIDE == nm_limits.MAX_SIDE == 30
