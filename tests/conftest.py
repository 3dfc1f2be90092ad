"""Every JSON record the command line prints during the tests is checked against the one
record schema (docs/record.schema.json), so no verb of any family can drift from it."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

SCHEMA_PATH = Path(__file__).resolve().parents[1] / "docs" / "record.schema.json"
_VALIDATOR = jsonschema.Draft202012Validator(json.loads(SCHEMA_PATH.read_text()))
_CLI_MODULES = ("numpuzzles.cli.verbs", "numpuzzles.cli.nummatch", "numpuzzles.cli.arukone")


SMALL_PARAMS: dict[str, dict[str, Any]] = {
    "fubuki": {"size": 3},
    "nummatch": {"width": 5, "height": 4},
    "numberlink": {"size": "6x6"},
    "arukone": {"n": 6},
    "survo": {"shape": "3x4"},
}
"""Generation params of a small puzzle of each family, for the tests that go through every
family (the web API's, the exports')."""


def validate_record(record: Any) -> None:
    """Raise if ``record`` does not fit the record schema."""
    _VALIDATOR.validate(record)


@pytest.fixture(autouse=True)
def _records_fit_the_schema(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Also: a bug inside a command raises in the tests instead of becoming exit 70."""
    import importlib

    monkeypatch.setenv("NUMPUZZLES_DEBUG", "1")

    from numpuzzles.core import records

    original: Callable[[Any], str] = records.dumps_json

    def checked(obj: Any) -> str:
        validate_record(obj)
        return original(obj)

    for name in _CLI_MODULES:
        module = importlib.import_module(name)
        if hasattr(module, "dumps_json"):
            monkeypatch.setattr(module, "dumps_json", checked)
    yield


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run the command line in-process: exit code, standard output, standard error."""
    from numpuzzles.cli.main import main

    code = main(args)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def assert_one_line_error(code: int, err: str, *, says_error: bool = True) -> None:
    """Bad input: exit 2 and one line on standard error, never a traceback."""
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    if says_error:
        assert "error" in lines[0]
