"""The limits that keep the server alive, and clear 4xx errors for every bad request.

These run the jobs in threads (``workers=0``) with tiny limits, so every refusal is
reached quickly; the process pool itself is exercised in test_web_api.py.
"""

from __future__ import annotations

import asyncio
import gc
import json
import random
import sys
import time
import warnings
from collections.abc import Iterator
from concurrent.futures import Executor, Future
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from numpuzzles import families
from numpuzzles.web import WebSettings, create_app
from numpuzzles.web.app import Runner
from numpuzzles.web.limits import BodyLimit
from numpuzzles.web.work import _alarm, _WorkTimeout, count_numbers, run_job

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's note about httpx versions
    from fastapi.testclient import TestClient

LIMITS = WebSettings(workers=0, max_body_bytes=4096, max_cells=60, solve_timeout=2.0)


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(LIMITS)) as test_client:
        yield test_client


def _refused(answer: Any, status: int, words: str) -> None:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert isinstance(body["error"], str) and words in body["error"], body


def test_unknown_family_is_404(client: TestClient) -> None:
    for path in ("/api/sudoku/solve", "/api/sudoku/generate", "/api/sudoku/check",
                 "/api/sudoku/hint"):
        body = {"puzzle": "x", "solution": "y"} if path.endswith("check") else {"puzzle": "x"}
        _refused(client.post(path, json=body), 404, "unknown family")
    _refused(client.get("/api/sudoku/draw", params={"id": "x"}), 404, "unknown family")


def test_a_family_without_hints_says_so(client: TestClient) -> None:
    for name in families.NAMES:
        if "hint" not in families.family(name).verbs:
            _refused(client.post(f"/api/{name}/hint", json={"puzzle": "x"}), 404, "no hint")


@pytest.mark.parametrize("content", [b"{bad json", b"[1, 2]", b"\"text\"", b"", b"\xff\xfe"])
def test_bad_json_is_4xx(client: TestClient, content: bytes) -> None:
    answer = client.post("/api/fubuki/solve", content=content,
                         headers={"content-type": "application/json"})
    assert answer.status_code in (400, 422) and "error" in answer.json()


@pytest.mark.parametrize("body", [
    {"puzzle": 5}, {"puzzle": None}, {"puzzle": ["a"]}, {}, {"puzzle": "x", "unique": "maybe"},
    {"puzzle": "x", "limit": 0}, {"puzzle": "x", "limit": 10**400}, {"puzzle": "x", "timeout": -1},
    {"puzzle": "x", "format": 7}, {"puzzle": "x", "extra": 1},
])
def test_wrong_types_are_422(client: TestClient, body: dict[str, Any]) -> None:
    answer = client.post("/api/fubuki/solve", json=body)
    assert answer.status_code == 422 and answer.json()["error"]


def test_huge_numbers_are_refused(client: TestClient) -> None:
    _refused(client.post("/api/fubuki/generate", json={"seed": 10**300}), 422, "seed")
    _refused(client.post("/api/fubuki/generate", json={"params": {"size": 10**300}}), 422, "size")
    digits = b'{"seed": ' + b"9" * 3000 + b"}"
    answer = client.post("/api/fubuki/generate", content=digits,
                         headers={"content-type": "application/json"})
    assert answer.status_code in (400, 422)
    grid = json.dumps({"size": 3, "rows": [10**200, 1, 1], "cols": [1, 1, 1],
                       "givens": [[0] * 3] * 3, "diagonals": None, "product": False})
    assert client.post("/api/fubuki/solve", json={"puzzle": grid}).status_code == 422


@pytest.mark.parametrize("depth", [50, 900, 2000])
def test_deeply_nested_bodies_are_4xx(client: TestClient, depth: int) -> None:
    nested = b"[" * depth + b"]" * depth
    for path, body in (("solve", b'{"puzzle": {"grid": ' + nested + b"}}"),
                       ("check", b'{"puzzle": "x", "solution": ' + nested + b"}")):
        answer = client.post(f"/api/numberlink/{path}", content=body,
                             headers={"content-type": "application/json"})
        assert answer.status_code in (400, 422), answer.text
        assert answer.json()["error"]


def test_bad_params_and_ids_are_422(client: TestClient) -> None:
    _refused(client.post("/api/fubuki/generate", json={"params": {"colour": 1}}), 422, "colour")
    _refused(client.post("/api/fubuki/generate", json={"params": {"size": 99}}), 422, "at most")
    _refused(client.post("/api/fubuki/generate", json={"id": "fubuki:3x3#1", "seed": 1}), 422,
             "not both")
    _refused(client.post("/api/fubuki/generate", json={"id": "numberlink:5x5#1"}), 422,
             "numberlink")
    _refused(client.get("/api/fubuki/draw", params={"id": "nonsense"}), 422, "")
    _refused(client.get("/api/fubuki/draw", params={"id": "x" * 400}), 422, "")


def test_bad_puzzles_are_422(client: TestClient) -> None:
    _refused(client.post("/api/fubuki/solve", json={"puzzle": "hello"}), 422, "")
    _refused(client.post("/api/fubuki/solve", json={"puzzle": "x", "format": "png"}), 422,
             "format must be one of")
    _refused(client.post("/api/fubuki/solve", json={"puzzle": "x", "rules": "fill"}), 422,
             "no rule sets")
    record = client.post("/api/fubuki/generate", json={"seed": 1}).json()
    _refused(client.post("/api/fubuki/solve",
                         json={"puzzle": record["puzzle"], "unique": True, "limit": 3}),
             422, "unique")
    _refused(client.post("/api/fubuki/check", json={"puzzle": record["puzzle"],
                                                    "solution": "what"}), 422, "")


def test_several_puzzles_in_one_request_are_refused(client: TestClient) -> None:
    family = families.family("fubuki")
    puzzles = [family.generate({}, seed).puzzle for seed in (1, 2)]
    text = family.dump_all(puzzles, "json")
    _refused(client.post("/api/fubuki/solve", json={"puzzle": text, "format": "json"}), 422,
             "2 puzzles")


def test_a_puzzle_over_the_size_limit_is_refused(client: TestClient) -> None:
    family = families.family("numberlink")
    big = family.puzzle_json(family.generate({"size": "9x9"}, 1).puzzle)
    assert count_numbers(big) > LIMITS.max_cells
    _refused(client.post("/api/numberlink/solve", json={"puzzle": big}), 422, "at most 60")
    _refused(client.post("/api/numberlink/generate", json={"params": {"size": "9x9"}, "seed": 1}),
             422, "at most 60")


def test_an_oversized_body_is_413(client: TestClient) -> None:
    body = {"puzzle": "1 " * 5000}
    _refused(client.post("/api/fubuki/solve", json=body), 413, "limit of 4096 bytes")

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it streams
        yield b'{"puzzle": "'
        for _ in range(100):
            yield b"1 " * 100
        yield b'"}'

    _refused(client.post("/api/fubuki/solve", content=chunks(),
                         headers={"content-type": "application/json"}), 413, "limit")


def _asgi(app: Any, headers: list[tuple[bytes, bytes]], parts: list[bytes]) -> list[Any]:
    """Call an ASGI app once with a body in ``parts``; the messages it sent."""
    sent: list[Any] = []
    queue = [{"type": "http.request", "body": part, "more_body": i < len(parts) - 1}
             for i, part in enumerate(parts)]

    async def receive() -> Any:
        return queue.pop(0) if queue else {"type": "http.disconnect"}

    async def send(message: Any) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/", "headers": headers}
    asyncio.run(app(scope, receive, send))
    return sent


def test_body_limit_middleware_directly() -> None:
    seen: list[bytes] = []

    async def inner(scope: Any, receive: Any, send: Any) -> None:
        seen.append((await receive())["body"])

    limited = BodyLimit(inner, max_bytes=10)
    assert _asgi(limited, [], [b"12345", b"67890"]) == [] and seen == [b"1234567890"]
    refused = _asgi(limited, [], [b"12345", b"678901"])
    assert refused[0]["status"] == 413 and len(seen) == 1
    assert _asgi(limited, [(b"content-length", b"11")], [b""])[0]["status"] == 413
    assert _asgi(limited, [(b"content-length", b"-1")], [b""])[0]["status"] == 400
    assert _asgi(limited, [(b"content-length", b"9" * 40)], [b""])[0]["status"] == 400
    assert len(seen) == 1


def test_the_alarm_stops_code_that_ignores_its_deadline() -> None:
    spins = 0
    with pytest.raises(_WorkTimeout), _alarm(0.05):
        while True:
            spins += 1
    assert spins > 0


def test_a_job_over_the_work_limit_is_refused_not_hung() -> None:
    limits = {**vars(LIMITS), "work_timeout": 0.001, "max_cells": 10_000}
    status, body = run_job("generate", "numberlink", {"params": {"size": "40x40"}, "seed": 1},
                           limits)
    assert status == 422 and "longer than this server's limit" in body["error"]


def _malformed(rng: random.Random) -> tuple[str, str, dict[str, Any]]:
    """One bad request: (method, path, httpx keyword arguments)."""
    name = rng.choice([*families.NAMES, "sudoku", "", "..", "%00", "a" * 300])
    verb = rng.choice(["generate", "solve", "check", "hint", "draw", "nothing"])
    path = f"/api/{name}/{verb}"
    kind = rng.randrange(8)
    junk: Any = rng.choice([None, 10**rng.randrange(1, 400), -1, 1.5e308, "x", [], {}, True,
                            [[1] * 5] * 5, "9" * 500, {"a": {"b": [None]}}])
    if verb == "draw":
        return "GET", path, {"params": {"id": rng.choice([str(junk), "fubuki:9x9#1", ""])}}
    if kind == 0:
        return "POST", path, {"content": bytes(rng.randrange(256) for _ in range(40)),
                              "headers": {"content-type": "application/json"}}
    if kind == 1:
        return "POST", path, {"content": b"{" * 300 + b"}" * 300,
                              "headers": {"content-type": "application/json"}}
    if kind == 2:
        return "POST", path, {"content": b"x" * (LIMITS.max_body_bytes + 1)}
    if kind == 3:
        return "POST", path, {"json": {"params": {"size": junk}, "seed": junk}}
    if kind == 4:
        return "POST", path, {"json": {"puzzle": junk, "solution": junk, "limit": junk}}
    if kind == 5:
        return "POST", path, {"json": {"puzzle": json.dumps(junk), "format": "json"}}
    if kind == 6:
        text = "".join(rng.choice("0123456789 -\n#.xABC") for _ in range(rng.randrange(60)))
        return "POST", path, {"json": {"puzzle": text, "solution": text}}
    return "PUT", path, {"json": junk}


def test_a_thousand_malformed_requests_get_no_5xx(client: TestClient) -> None:
    rng = random.Random(2026)
    statuses: dict[int, int] = {}
    for _ in range(1000):
        method, path, kwargs = _malformed(rng)
        status = client.request(method, path, **kwargs).status_code
        statuses[status] = statuses.get(status, 0) + 1
    assert all(400 <= s < 500 or s == 200 for s in statuses), statuses
    assert sum(v for s, v in statuses.items() if s >= 400) > 900
    assert client.get("/api/families").status_code == 200
    assert client.post("/api/fubuki/generate", json={"seed": 1}).status_code == 200


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                         lambda inner: st.lists(inner, max_size=4)
                         | st.dictionaries(st.sampled_from(["puzzle", "solution", "params",
                                                            "seed", "id", "format", "rules",
                                                            "limit", "unique"]), inner,
                                           max_size=5),
                         max_leaves=12),
       verb=st.sampled_from(["generate", "solve", "check", "hint"]),
       name=st.sampled_from(families.NAMES))
def test_any_json_body_gets_an_answer_not_a_5xx(client: TestClient, body: Any, verb: str,
                                                name: str) -> None:
    answer = client.post(f"/api/{name}/{verb}", json=body)
    assert answer.status_code < 500, answer.text
    assert isinstance(answer.json(), dict)


class _BrokenPool(Executor):
    """A pool whose worker died (killed for memory, say)."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_exception(BrokenProcessPool("a worker died"))
        return future


def test_a_dead_worker_is_503_and_the_pool_is_made_again() -> None:
    runner = Runner(LIMITS)
    runner.pool = _BrokenPool()
    status, body = asyncio.run(runner.run("generate", "fubuki", {"seed": 1}))
    assert status == 503 and "try again" in body["error"] and runner.pool is None
    status, body = asyncio.run(runner.run("generate", "fubuki", {"seed": 1}))
    assert status == 200 and body["seed"] == 1
    runner.close()


def test_a_full_queue_is_503_at_once() -> None:
    runner = Runner(LIMITS)
    runner.busy = LIMITS.max_queue
    status, body = asyncio.run(runner.run("generate", "fubuki", {"seed": 1}))
    assert status == 503 and "busy" in body["error"] and runner.pool is None


def test_an_alarm_that_lands_in_a_finalizer_rings_again_in_the_job(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Python drops an exception raised in ``__del__`` (the garbage collector closing a
    library's stream did it under the alarm): the ring there is skipped, the finalizer
    ends, and the next ring stops the job, with nothing dropped on the way."""
    dropped: list[object] = []
    monkeypatch.setattr(sys, "unraisablehook", dropped.append)
    finished: list[bool] = []

    class Slow:
        def __del__(self) -> None:
            until = time.monotonic() + 0.2  # several rings of the alarm land in here
            while time.monotonic() < until:
                pass
            finished.append(True)

    with pytest.raises(_WorkTimeout), _alarm(0.02):
        Slow()  # collected at once: its __del__ runs under the alarm
        while True:
            pass
    assert finished == [True] and dropped == []


def test_an_alarm_that_lands_in_a_gc_callback_rings_again_in_the_job(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The same for a garbage collector's callback (``gc.callbacks``: hypothesis registers
    one that times each collection, and a ring landed in it in the suite): skipped there,
    the callback ends, the next ring stops the job."""
    dropped: list[object] = []
    monkeypatch.setattr(sys, "unraisablehook", dropped.append)
    finished: list[str] = []

    def slow(phase: str, info: dict[str, int]) -> None:
        until = time.monotonic() + 0.1  # several rings of the alarm land in here
        while time.monotonic() < until:
            pass
        finished.append(phase)

    gc.callbacks.append(slow)  # the collector's own list: a new one would not be called
    try:
        with pytest.raises(_WorkTimeout), _alarm(0.02):
            gc.collect()  # both phases' callbacks run under the alarm
            while True:
                pass
    finally:
        gc.callbacks.remove(slow)
    assert finished == ["start", "stop"] and dropped == []


def test_a_ring_dropped_in_a_weakref_callback_is_not_reported(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A ring can land in a weak reference's callback, whose exceptions Python drops too
    (``WeakKeyDictionary``'s did it in the suite, run by the garbage collector): the alarm's
    own ``sys.unraisablehook`` lets that ring pass unreported, and the next one stops the
    job.  Any other unraisable exception still reaches the hook that was there before."""
    import weakref

    dropped: list[object] = []
    monkeypatch.setattr(sys, "unraisablehook", dropped.append)
    rang: list[bool] = []

    class Thing:
        pass

    def slow() -> None:
        until = time.monotonic() + 0.1  # several rings of the alarm land in here
        while time.monotonic() < until:
            pass

    def broken() -> None:
        rang.append(True)
        raise ValueError("not the alarm")

    thing, other = Thing(), Thing()
    weakref.finalize(thing, slow)
    weakref.finalize(other, broken)
    with pytest.raises(_WorkTimeout), _alarm(0.02):
        del thing  # its callback runs at once, under the alarm
        del other
        while True:
            pass
    assert rang == [True]
    assert [type(u.exc_value) for u in dropped] == [ValueError]  # type: ignore[attr-defined]


def test_the_alarm_rings_again_when_swallowed_and_nests() -> None:
    """Code that swallows the first alarm is stopped by the next; an inner alarm gives the
    outer one its time back."""
    swallowed = 0
    with pytest.raises(_WorkTimeout), _alarm(0.02):
        while True:
            try:
                while True:
                    pass
            except _WorkTimeout:
                swallowed += 1
                if swallowed > 2:
                    raise
    assert swallowed == 3
    with pytest.raises(_WorkTimeout), _alarm(0.2):
        with _alarm(5.0):
            pass  # ends at once: the outer alarm must still ring
        while True:
            pass
