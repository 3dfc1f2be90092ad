"""Every endpoint of the JSON API for every family, through a real process pool.

generate -> solve -> check (-> hint) -> draw, with every answer checked against the one
record schema, so the API hands out exactly what the command line's --json does.
"""

from __future__ import annotations

import json
import time
import warnings
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from conftest import SMALL_PARAMS, validate_record
from numpuzzles import families

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's note about httpx versions
    from fastapi.testclient import TestClient

from numpuzzles.web import WebSettings, create_app

SMALL = SMALL_PARAMS


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(WebSettings(workers=2))) as test_client:
        yield test_client


def test_every_registered_family_has_small_params() -> None:
    assert set(SMALL) == set(families.NAMES)


def test_families_lists_every_family_with_its_params(client: TestClient) -> None:
    answer = client.get("/api/families")
    assert answer.status_code == 200
    listed = {item["name"]: item for item in answer.json()}
    assert list(listed) == list(families.NAMES)
    for name, item in listed.items():
        family = families.family(name)
        assert item["title"] == family.title
        assert item["formats"] == list(family.formats)
        assert {"generate", "solve", "check"} <= set(item["verbs"])
        assert ("hint" in item["verbs"]) == ("hint" in family.verbs)
        for kind in ("generate_params", "read_params", "solve_params"):
            names = [p["name"] for p in item[kind]]
            assert names == [p.name for p in getattr(family, kind)]
            for param in item[kind]:
                assert set(param) == {"name", "kind", "default", "choices", "low", "high", "help"}
                assert param["kind"] in {"int", "float", "str", "bool"}


@pytest.mark.parametrize("name", families.NAMES)
def test_round_trip(client: TestClient, name: str) -> None:
    family = families.family(name)
    made = client.post(f"/api/{name}/generate", json={"params": SMALL[name], "seed": 7})
    assert made.status_code == 200, made.text
    record = made.json()
    validate_record(record)
    assert record["family"] == name and record["seed"] == 7
    assert record["id"] == family.generate(SMALL[name], 7).id

    again = client.post(f"/api/{name}/generate", json={"id": record["id"]})
    assert again.json()["puzzle"] == record["puzzle"]

    solved = client.post(f"/api/{name}/solve", json={"puzzle": record["puzzle"], "unique": True})
    assert solved.status_code == 200, solved.text
    answer = solved.json()
    validate_record(answer)
    assert answer["status"] == "solved" and answer["puzzle"] == record["puzzle"]
    assert answer["source"] == "puzzle"

    # The same puzzle as text in the family's first format reads back the same.
    puzzle = family.parse(json.dumps(record["puzzle"]), "json")[0]
    rules = record["puzzle"].get("rules") if family.read_params else None
    as_text = client.post(f"/api/{name}/solve", json={
        "puzzle": family.dump(puzzle), "format": family.formats[0], "rules": rules})
    assert as_text.status_code == 200, as_text.text
    assert as_text.json()["puzzle"] == record["puzzle"]

    checked = client.post(f"/api/{name}/check",
                          json={"puzzle": record["puzzle"], "solution": answer["solution"]})
    assert checked.status_code == 200, checked.text
    validate_record(checked.json())
    assert checked.json()["valid"] is True

    as_record = client.post(f"/api/{name}/check",
                            json={"puzzle": record["puzzle"], "solution": json.dumps(answer)})
    assert as_record.json()["valid"] is True

    hinted = client.post(f"/api/{name}/hint", json={"puzzle": record["puzzle"]})
    if "hint" in family.verbs:
        assert hinted.status_code == 200, hinted.text
        validate_record(hinted.json())
        assert hinted.json()["hint"]["message"]
    else:
        assert hinted.status_code == 404
        assert "hint" in hinted.json()["error"]

    for solution in (False, True):
        drawn = client.get(f"/api/{name}/draw",
                           params={"id": record["id"], "solution": int(solution)})
        assert drawn.status_code == 200, drawn.text
        assert drawn.headers["content-type"].startswith("image/svg+xml")
        root = ET.fromstring(drawn.text)
        assert root.tag.endswith("svg")


def test_a_wrong_solution_is_invalid_with_violations(client: TestClient) -> None:
    record = client.post("/api/fubuki/generate", json={"seed": 3}).json()
    wrong = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    if wrong == record["solution"]:
        wrong = [[9, 8, 7], [6, 5, 4], [3, 2, 1]]
    checked = client.post("/api/fubuki/check", json={"puzzle": record["puzzle"], "solution": wrong})
    assert checked.status_code == 200
    validate_record(checked.json())
    assert checked.json()["valid"] is False and checked.json()["violations"]


def test_a_solve_that_hits_the_time_limit_is_unknown(client: TestClient) -> None:
    record = client.post("/api/numberlink/generate",
                         json={"params": {"size": "12x12"}, "seed": 1}).json()
    answer = client.post("/api/numberlink/solve",
                         json={"puzzle": record["puzzle"], "timeout": 1e-9})
    assert answer.status_code == 200
    validate_record(answer.json())
    assert answer.json()["status"] == "unknown"
    assert answer.json()["details"]["timed_out"] is True


def test_openapi_is_served_and_no_cdn_docs(client: TestClient) -> None:
    spec = client.get("/openapi.json")
    assert spec.status_code == 200
    paths = spec.json()["paths"]
    for path in ("/api/families", "/api/{family}/generate", "/api/{family}/solve",
                 "/api/{family}/check", "/api/{family}/hint", "/api/{family}/draw"):
        assert path in paths
    assert client.get("/docs").status_code == 404
    assert client.get("/redoc").status_code == 404



def test_a_slow_request_does_not_stall_the_others(client: TestClient) -> None:
    """While one worker generates a large board, a small request is answered first."""
    with ThreadPoolExecutor(1) as threads:
        slow = threads.submit(client.post, "/api/numberlink/generate",
                              json={"params": {"size": "34x34"}, "seed": 1})
        while client.app.state.runner.busy == 0:
            time.sleep(0.01)  # until the slow job is in the pool
        fast = client.post("/api/fubuki/generate", json={"seed": 2})
        assert fast.status_code == 200
        assert not slow.done()
        assert slow.result().status_code == 200
