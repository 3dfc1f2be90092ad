"""Every family that declares ``analyse`` (read from the registry, so a family that learns
the verb is covered with no change here): the same record keys on the command line and
the web API, a unique generated puzzle analysed as unique with its own solution as the
common grid, and any suggestion proved by re-solving the changed puzzle and checking its
solution with the family's independent checker.  A family without the verb has no
``analyse`` command."""

from __future__ import annotations

import json
import warnings
from typing import Any

import pytest

from conftest import run_cli, validate_record
from numpuzzles import families
from numpuzzles.core.analysis import Analysis
from numpuzzles.core.result import Status

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's note about httpx versions
    from fastapi.testclient import TestClient

from numpuzzles.web import WebSettings, create_app

SMALL: dict[str, dict[str, Any]] = {
    "fubuki": {"size": 3},
    "nummatch": {"width": 4, "height": 3},
    "numberlink": {"size": "5x5"},
    "arukone": {"n": 5},
    "survo": {"shape": "3x4"},
}
RECORD_KEYS = {"family", "source", "puzzle", "status", "count", "complete", "unique",
               "seconds", "difficulty", "summary", "suggestion", "details"}
DETAIL_KEYS = {"common", "common_edges", "differ", "timed_out"}
ANALYSING = [name for name in families.NAMES if "analyse" in families.family(name).verbs]
WITHOUT = [name for name in families.NAMES if name not in ANALYSING]


def test_every_family_has_small_params() -> None:
    assert set(SMALL) == set(families.NAMES)
    assert {"fubuki", "nummatch"} <= set(ANALYSING)


def _proved(name: str, puzzle: Any, analysis: Analysis) -> None:
    """A suggestion's puzzle reads back, has exactly one solution, and it checks."""
    family = families.family(name)
    if analysis.suggestion is None:
        return
    (changed,) = family.parse(json.dumps(dict(analysis.suggestion.puzzle)), "json")
    result = family.solve(changed, limit=2, timeout=30)
    assert result.complete and result.count == 1
    assert family.check(changed, result.solutions[0]) == []
    assert analysis.suggestion.message and analysis.suggestion.kind


@pytest.mark.parametrize("name", ANALYSING)
def test_a_generated_puzzle_is_analysed_the_same_everywhere(
        name: str, capsys: pytest.CaptureFixture[str]) -> None:
    family = families.family(name)
    item = family.generate(SMALL[name], 3)
    analysis = family.analyse(item.puzzle, timeout=30)
    assert isinstance(analysis, Analysis)
    assert analysis.status is Status.SOLVED and analysis.count >= 1
    if analysis.unique and analysis.common is not None:
        assert analysis.differ == () and analysis.suggestion is None
        assert all(v is not None for row in analysis.common for v in row)
    _proved(name, item.puzzle, analysis)

    text = family.dump(item.puzzle, "json")
    code, out, err = run_cli([name, "analyse", "--format", "json", text, "--json"], capsys)
    assert code == 0, err
    record = json.loads(out)
    assert set(record) == RECORD_KEYS
    assert set(record["details"]) >= DETAIL_KEYS
    assert record["status"] == "solved"
    assert (record["count"], record["complete"]) == (analysis.count, analysis.complete)

    with TestClient(create_app(WebSettings(workers=0))) as client:
        answer = client.post(f"/api/{name}/analyse", json={"puzzle": json.loads(text)})
    assert answer.status_code == 200, answer.text
    served = answer.json()
    validate_record(served)
    assert set(served) == RECORD_KEYS and set(served["details"]) >= DETAIL_KEYS
    assert served["details"]["common"] == record["details"]["common"]


@pytest.mark.parametrize("name", WITHOUT or ["none"])
def test_a_family_without_the_verb_has_no_command(
        name: str, capsys: pytest.CaptureFixture[str]) -> None:
    if name == "none":
        return  # every family analyses: nothing to refuse
    code, _, err = run_cli([name, "analyse", "x"], capsys)
    assert code == 2 and "analyse" in err
