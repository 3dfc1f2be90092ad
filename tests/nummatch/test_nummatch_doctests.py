"""The examples in the package docstrings run and give what they show."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["numpuzzles.nummatch", "numpuzzles.nummatch.randfill"])
def test_docstring_examples(name: str) -> None:
    # importlib returns the module even where the package re-exports a function of that name
    module = importlib.import_module(name)
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
