"""Level packs, the daily puzzle, How to play in ``GET /api/families``, ``serve --pack``
and the cache of generations by ID."""

from __future__ import annotations

import datetime as dt
import json
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from conftest import assert_one_line_error, run_cli
from numpuzzles import families
from numpuzzles.core.params import parse_params_text
from numpuzzles.core.seeds import parse_puzzle_id
from numpuzzles.web import WebSettings, create_app
from numpuzzles.web.cache import AnswerCache
from numpuzzles.web.packs import FIXED, LEVELS, daily, daily_seed, level_ids

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's note about httpx versions
    from fastapi.testclient import TestClient


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(WebSettings(workers=0))) as test_client:
        yield test_client


# --- How to play -------------------------------------------------------------------------

def test_families_carry_how_to_play_for_every_rule_set(client: TestClient) -> None:
    listed = {item["name"]: item for item in client.get("/api/families").json()}
    for name, item in listed.items():
        family = families.family(name)
        texts = item["how_to_play"]
        assert list(texts) == list(family.rule_sets)
        for rules, sentences in texts.items():
            assert sentences == family.how_to_play(rules)
            assert 2 <= len(sentences) <= 5 and all(isinstance(s, str) and s for s in sentences)
        assert item["play"] == family.play and item["play"]
    variant = next(p for p in listed["fubuki"]["generate_params"] if p["name"] == "variant")
    assert list(listed["fubuki"]["how_to_play"]) == variant["choices"]
    assert list(listed["arukone"]["how_to_play"]) == [families.family("arukone").rule_sets[0]]


# --- packs and the daily puzzle ----------------------------------------------------------

def test_packs_answer_has_exactly_the_documented_shape(client: TestClient) -> None:
    answer = client.get("/api/packs", params={"date": "2025-03-01"})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert set(body) == {"packs", "daily"}
    assert set(body["daily"]) == set(families.NAMES)
    names = [pack["name"] for pack in body["packs"]]
    assert len(set(names)) == len(names) == len(FIXED)
    for pack, spec in zip(body["packs"], FIXED, strict=True):
        assert set(pack) == {"name", "family", "title", "levels"}
        assert (pack["name"], pack["family"], pack["title"]) == (spec.name, spec.family,
                                                                 spec.title)
        assert len(pack["levels"]) == LEVELS
        assert all(set(level) == {"id"} for level in pack["levels"])
        assert [level["id"] for level in pack["levels"]] == level_ids(spec)
    order = [pack["family"] for pack in body["packs"]]
    runs = [f for i, f in enumerate(order) if i == 0 or order[i - 1] != f]
    assert sorted(runs) == sorted(set(order)) == sorted(families.NAMES)  # one run a family


@pytest.mark.parametrize("spec", FIXED, ids=lambda spec: spec.name)
def test_every_level_id_reads_back_to_its_params(spec: Any) -> None:
    family = families.family(spec.family)
    wanted = family.normalise_params(spec.params)
    seeds = []
    for ident in level_ids(spec):
        name, text, seed = parse_puzzle_id(ident)
        assert name == spec.family
        params = family.normalise_params(parse_params_text(family.generate_params, text))
        assert params == wanted
        assert family.make_id(params, seed) == ident
        seeds.append(seed)
    assert len(set(seeds)) == LEVELS and not set(seeds) & spec.skip


@pytest.mark.parametrize("spec", FIXED, ids=lambda spec: spec.name)
def test_the_first_level_of_every_pack_is_a_puzzle_its_checker_accepts(spec: Any) -> None:
    family = families.family(spec.family)
    ident = level_ids(spec)[0]
    item = family.regenerate(ident)
    assert item.id == ident
    assert family.check(item.puzzle, item.solution) == []
    if spec.family == "arukone":
        assert item.details["unique"] is True  # the page judges moves against it
    if spec.family == "numberlink":
        assert item.puzzle.rules == "fill"


def test_the_daily_puzzles_follow_the_date(client: TestClient) -> None:
    first = client.get("/api/packs", params={"date": "2025-03-01"}).json()["daily"]
    again = client.get("/api/packs", params={"date": "2025-03-01"}).json()["daily"]
    other = client.get("/api/packs", params={"date": "2025-03-02"}).json()["daily"]
    assert first == again == daily(dt.date(2025, 3, 1))
    for name in families.NAMES:
        assert first[name] != other[name]
        family, _, seed = parse_puzzle_id(first[name])
        assert family == name and seed == daily_seed(dt.date(2025, 3, 1)) == 20250301


def test_the_daily_puzzles_are_puzzles_their_checkers_accept() -> None:
    for name, ident in daily(dt.date(2024, 2, 29)).items():
        family = families.family(name)
        item = family.regenerate(ident)
        assert family.check(item.puzzle, item.solution) == []


def test_the_date_defaults_to_today_in_utc(client: TestClient) -> None:
    before = dt.datetime.now(dt.UTC).date()
    answer = client.get("/api/packs").json()["daily"]
    after = dt.datetime.now(dt.UTC).date()
    assert answer in (daily(before), daily(after))


@pytest.mark.parametrize("date", ["2025-02-30", "yesterday", "2025-1-01", "", "2025-03-01x",
                                  "9" * 500])
def test_a_bad_date_is_422_with_one_sentence(client: TestClient, date: str) -> None:
    answer = client.get("/api/packs", params={"date": date})
    assert answer.status_code == 422
    body = answer.json()
    assert set(body) == {"error"}
    assert "date" in body["error"] and "\n" not in body["error"] and len(body["error"]) < 200


# --- serve --pack ------------------------------------------------------------------------

def _batch(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str,
           args: list[str]) -> Path:
    out = tmp_path / name
    code, _, err = run_cli(["batch", *args, "--workers", "1", "-o", str(out)], capsys)
    assert code == 0, err
    return out


def _served(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
            args: list[str]) -> tuple[int, str, Any]:
    seen: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: seen.update(app=app))
    code, _, err = run_cli(["serve", *args], capsys)
    return code, err, seen.get("app")


def test_serve_pack_lists_a_batch_file_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    links = _batch(tmp_path, capsys, "my links.jsonl",
                   ["numberlink", "--count", "3", "--size", "5x5"])
    digits = _batch(tmp_path, capsys, "digits.jsonl", ["fubuki", "--count", "2"])
    records = [json.loads(line) for line in links.read_text().splitlines()]
    code, err, app = _served(monkeypatch, capsys, ["--pack", str(links), "--pack", str(digits)])
    assert code == 0, err
    with TestClient(app) as test_client:
        body = test_client.get("/api/packs").json()
        first, second = body["packs"][:2]
        assert first == {"name": "my-links", "family": "numberlink", "title": "my links",
                         "levels": [{"id": record["id"]} for record in records]}
        assert second["name"] == "digits" and second["family"] == "fubuki"
        assert len(second["levels"]) == 2
        assert [p["name"] for p in body["packs"][2:]] == [spec.name for spec in FIXED]
        # a served level plays like any other: its ID generates the record's puzzle
        made = test_client.post("/api/numberlink/generate", json=first["levels"][0]).json()
        assert made["puzzle"] == records[0]["puzzle"]


def test_serve_pack_without_ids_lists_the_puzzles(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    made = _batch(tmp_path, capsys, "m.jsonl", ["nummatch", "--count", "2"])
    records = [json.loads(line) for line in made.read_text().splitlines()]
    bare = tmp_path / "numberlink-7x7.jsonl"  # a fixed pack's name: the file's gets a number
    bare.write_text("".join(json.dumps({"family": r["family"], "puzzle": r["puzzle"]}) + "\n\n"
                            for r in records))
    code, err, app = _served(monkeypatch, capsys, ["--pack", str(bare)])
    assert code == 0, err
    with TestClient(app) as test_client:
        pack = test_client.get("/api/packs").json()["packs"][0]
    family = families.family("nummatch")
    assert pack["name"] == "numberlink-7x7-2" and pack["family"] == "nummatch"
    assert pack["levels"] == [
        {"puzzle": family.puzzle_json(family.parse(json.dumps(r["puzzle"]), "json")[0])}
        for r in records]
    assert [level["puzzle"] for level in pack["levels"]] == [r["puzzle"] for r in records]


def _bad_files(tmp_path: Path) -> dict[str, str]:
    fubuki = families.family("fubuki").generate({"size": 3}, 1)
    numberlink = families.family("numberlink").generate({"size": "5x5"}, 1)
    line_f = json.dumps({"id": fubuki.id, "family": "fubuki"})
    line_n = json.dumps({"id": numberlink.id, "family": "numberlink"})
    files = {
        "empty.jsonl": "",
        "blank.jsonl": "\n \n",
        "mixed.jsonl": f"{line_f}\n{line_n}\n",
        "torn.jsonl": line_f + "\n" + line_f[:20],
        "list.jsonl": "[1, 2]\n",
        "nofamily.jsonl": json.dumps({"id": fubuki.id}) + "\n",
        "sudoku.jsonl": json.dumps({"family": "sudoku", "id": "sudoku:9x9#1"}) + "\n",
        "foreign-id.jsonl": json.dumps({"family": "fubuki", "id": numberlink.id}) + "\n",
        "bad-id.jsonl": json.dumps({"family": "fubuki", "id": "fubuki:9x9#1"}) + "\n",
        "bad-puzzle.jsonl": json.dumps({"family": "fubuki", "puzzle": {"size": 3}}) + "\n",
        "nothing.jsonl": json.dumps({"family": "fubuki"}) + "\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    (tmp_path / "latin1.jsonl").write_bytes(b"\xff\xfe\n")
    (tmp_path / "folder.jsonl").mkdir()
    return {**{name: str(tmp_path / name) for name in files},
            "latin1.jsonl": str(tmp_path / "latin1.jsonl"),
            "folder.jsonl": str(tmp_path / "folder.jsonl"),
            "missing.jsonl": str(tmp_path / "missing.jsonl")}


def test_a_bad_pack_file_is_one_line_and_exit_2_before_the_server_starts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.jsonl"
    good.write_text(json.dumps({"id": "fubuki:3x3#1", "family": "fubuki"}) + "\n")
    for name, path in _bad_files(tmp_path).items():
        code, err, app = _served(monkeypatch, capsys, ["--pack", str(good), "--pack", path])
        assert_one_line_error(code, err)
        assert app is None, name  # uvicorn never ran
        assert name.removesuffix(".jsonl") in err, err


# --- the cache of generations by ID ------------------------------------------------------

def _counted(app: Any) -> list[str]:
    calls: list[str] = []
    original = app.state.runner.run

    async def run(verb: str, name: str, payload: Any) -> Any:
        calls.append(verb)
        return await original(verb, name, payload)

    app.state.runner.run = run
    return calls


def test_a_generation_by_id_is_answered_from_the_cache() -> None:
    app = create_app(WebSettings(workers=0, generate_cache=2))
    calls = _counted(app)
    ids = ["fubuki:3x3#1", "fubuki:3x3#2", "fubuki:3x3#3"]
    with TestClient(app) as test_client:
        def post(body: dict[str, Any]) -> Any:
            answer = test_client.post("/api/fubuki/generate", json=body)
            return answer.status_code, answer.json()

        status, first = post({"id": ids[0]})
        assert status == 200 and len(calls) == 1
        assert post({"id": ids[0]}) == (200, first) and len(calls) == 1  # the same record
        assert first["seconds"] == post({"id": ids[0]})[1]["seconds"]
        post({"id": ids[1]})
        post({"id": ids[2]})  # two kept at most: ids[0], the least recently used, dropped
        assert len(calls) == 3
        post({"id": ids[2]})
        assert len(calls) == 3
        post({"id": ids[0]})
        assert len(calls) == 4
        # "3" names the same puzzle as "3x3": kept under the record's own ID too
        status, short = post({"id": "fubuki:3#9"})
        assert status == 200 and short["id"] == "fubuki:3x3#9" and len(calls) == 5
        assert post({"id": "fubuki:3x3#9"}) == (200, short) and len(calls) == 5
        # params and a seed are not cached, nor are refusals
        post({"params": {"size": 3}, "seed": 1})
        post({"params": {"size": 3}, "seed": 1})
        assert len(calls) == 7
        assert post({"id": "fubuki:9x9#1"})[0] == 422
        assert post({"id": "fubuki:9x9#1"})[0] == 422
        assert len(calls) == 9


def test_the_cache_drops_the_least_recently_used() -> None:
    cache = AnswerCache(2)
    cache.put(("f", "a"), (200, "A"))
    cache.put(("f", "b"), (200, "B"))
    assert cache.get(("f", "a")) == (200, "A")  # a is now the most recently used
    cache.put(("f", "c"), (200, "C"))
    assert cache.get(("f", "b")) is None and len(cache) == 2
    assert cache.get(("f", "a")) == (200, "A") and cache.get(("f", "c")) == (200, "C")
    empty = AnswerCache(0)
    empty.put(("f", "a"), (200, "A"))
    assert empty.get(("f", "a")) is None
