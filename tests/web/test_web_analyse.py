"""``POST /api/{family}/analyse`` through a real process pool: the same record as the
command line's ``analyse --json``, its refusals like the other verbs'.

Expected counts and common grids come from the tests' brute force (``fubuki_oracle``).
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import pytest

from conftest import validate_record
from fubuki.fubuki_oracle import brute_force_3x3
from numpuzzles import families

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's note about httpx versions
    from fastapi.testclient import TestClient

from numpuzzles.web import WebSettings, create_app

SEVERAL = " .  .  .  12\n .  .  .  23\n .  .  .  10\n11 17 17\n"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(WebSettings(workers=1))) as test_client:
        yield test_client


def test_fubuki_analyse_answers_the_record(client: TestClient) -> None:
    solutions = brute_force_3x3((12, 23, 10), (11, 17, 17), [0] * 9)
    common = [col[0] if len(set(col)) == 1 else None for col in zip(*solutions, strict=True)]
    answer = client.post("/api/fubuki/analyse", json={"puzzle": SEVERAL, "timeout": 5})
    assert answer.status_code == 200, answer.text
    record = answer.json()
    validate_record(record)
    assert (record["status"], record["count"], record["complete"]) == (
        "solved", len(solutions), True)
    assert [v for row in record["details"]["common"] for v in row] == common
    assert record["suggestion"]["kind"] == "add-given"
    # the suggestion's puzzle goes straight back to the API: now it is unique
    fixed = client.post("/api/fubuki/analyse", json={"puzzle": record["suggestion"]["puzzle"]})
    assert fixed.status_code == 200
    again = fixed.json()
    assert (again["count"], again["complete"], again["unique"]) == (1, True, True)
    assert again["difficulty"] is not None and again["suggestion"] is None


def test_nummatch_analyse_with_rules(client: TestClient) -> None:
    answer = client.post("/api/nummatch/analyse", json={"puzzle": "19/55", "rules": "classic"})
    assert answer.status_code == 200, answer.text
    record = answer.json()
    validate_record(record)
    assert record["puzzle"]["rules"] == "classic"
    assert record["details"]["clearable"] is True
    assert record["details"]["fewest_additions"] == 0
    stuck = client.post("/api/nummatch/analyse", json={"puzzle": {
        "width": 2, "height": 2, "grid": [[1, 2], [3, 4]], "rules": "original"}}).json()
    assert (stuck["status"], stuck["count"], stuck["complete"]) == ("unsolvable", 0, True)


@pytest.mark.parametrize("body", [
    {"puzzle": "not a puzzle"},
    {"puzzle": SEVERAL, "timeout": 0},
    {"puzzle": SEVERAL, "rules": "classic"},
    {"puzzle": SEVERAL, "limit": 3},
    {"puzzle": SEVERAL + "\n" + SEVERAL},
])
def test_bad_requests_are_422(client: TestClient, body: dict[str, object]) -> None:
    answer = client.post("/api/fubuki/analyse", json=body)
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"]


def test_unknown_family_and_a_family_without_the_verb_are_404(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    assert client.post("/api/sudoku/analyse", json={"puzzle": "1"}).status_code == 404
    family = families.family("fubuki")
    monkeypatch.setattr(family, "verbs", frozenset({"hint", "draw"}))
    answer = client.post("/api/fubuki/analyse", json={"puzzle": SEVERAL})
    assert answer.status_code == 404
    assert "no analyse" in answer.json()["error"]


def test_families_list_the_verb(client: TestClient) -> None:
    for item in client.get("/api/families").json():
        family = families.family(item["name"])
        assert ("analyse" in item["verbs"]) == ("analyse" in family.verbs)
