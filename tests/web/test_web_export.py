"""``POST /api/{family}/export`` (the editor's export, issue 24 point 2) and the runner's
cancelling of analyses whose client has gone.

Every family's generated puzzle is exported to each of its text formats and read back
through ``/api/{family}/solve`` in that format to the same puzzle (the round trip a setter
relies on); drawings come back as SVG, PNG and PDF by their magic bytes.
"""

from __future__ import annotations

import asyncio
import threading
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

from conftest import SMALL_PARAMS
from numpuzzles import families

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's note about httpx versions
    from fastapi.testclient import TestClient

from numpuzzles.web import WebSettings, create_app
from numpuzzles.web import app as web_app

SMALL = SMALL_PARAMS
MAGIC = {"svg": b"<svg", "png": b"\x89PNG\r\n\x1a\n", "pdf": b"%PDF-"}


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(WebSettings(workers=0))) as test_client:
        yield test_client


def _puzzle(client: TestClient, family: str) -> dict[str, Any]:
    answer = client.post(f"/api/{family}/generate", json={"params": SMALL[family], "seed": 3})
    assert answer.status_code == 200, answer.text
    puzzle: dict[str, Any] = answer.json()["puzzle"]
    return puzzle


@pytest.mark.parametrize("family", families.NAMES)
def test_every_text_format_reads_back_to_the_same_puzzle(client: TestClient,
                                                         family: str) -> None:
    puzzle = _puzzle(client, family)
    for fmt in families.family(family).formats:
        answer = client.post(f"/api/{family}/export", json={"puzzle": puzzle, "to": fmt})
        if answer.status_code == 422:  # a format that cannot hold this puzzle says why
            assert answer.json()["error"].count("\n") == 0
            continue
        assert answer.status_code == 200, (fmt, answer.text)
        disposition = answer.headers["content-disposition"]
        assert disposition.startswith("attachment; filename=") and fmt in disposition
        back = client.post(f"/api/{family}/solve", json={"puzzle": answer.text, "format": fmt})
        assert back.status_code == 200, (fmt, back.text)
        read = back.json()["puzzle"]
        for key, value in puzzle.items():
            if key != "names":
                assert read[key] == value, (fmt, key)


@pytest.mark.parametrize("family", families.NAMES)
@pytest.mark.parametrize("to", sorted(MAGIC))
def test_drawings_are_files_of_their_kind(client: TestClient, family: str, to: str) -> None:
    pytest.importorskip("resvg_py")
    answer = client.post(f"/api/{family}/export", json={"puzzle": _puzzle(client, family),
                                                        "to": to})
    assert answer.status_code == 200, answer.text
    assert answer.content.startswith(MAGIC[to])
    assert answer.headers["content-disposition"].endswith(f'.{to}"')


def test_an_unknown_format_is_one_sentence(client: TestClient) -> None:
    answer = client.post("/api/fubuki/export",
                         json={"puzzle": _puzzle(client, "fubuki"), "to": "gif"})
    assert answer.status_code == 422
    message = answer.json()["error"]
    assert "gif" in message and "text" in message and "\n" not in message


def test_the_analysis_record_carries_the_familys_summary(client: TestClient) -> None:
    answer = client.post("/api/nummatch/analyse", json={"puzzle": _puzzle(client, "nummatch")})
    assert answer.status_code == 200
    summary = answer.json()["summary"]
    assert isinstance(summary, str) and "clear" in summary


def test_a_waiting_job_whose_client_has_gone_is_taken_off_the_queue(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Two jobs hold both workers; a third waits.  Its client goes: it is answered 499 at
    once and never runs, and the two running ones still finish."""
    release = threading.Event()
    ran: list[str] = []

    def job(verb: str, name: str, payload: Any, limits: Any) -> tuple[int, Any]:
        ran.append(payload["tag"])
        release.wait(10)
        return 200, {"tag": payload["tag"]}

    monkeypatch.setattr(web_app, "run_job", job)
    runner = web_app.Runner(WebSettings(workers=0))

    async def scenario() -> list[Any]:
        busy = [asyncio.ensure_future(runner.run("analyse", "fubuki", {"tag": t}))
                for t in ("a", "b")]
        await asyncio.sleep(0.2)
        gone = asyncio.Event()

        async def is_gone() -> bool:
            return gone.is_set()

        waiting = asyncio.ensure_future(
            runner.run("analyse", "fubuki", {"tag": "c"}, is_gone))
        await asyncio.sleep(0.2)
        gone.set()
        cancelled = await asyncio.wait_for(waiting, 5)
        release.set()
        return [cancelled, *await asyncio.gather(*busy)]

    try:
        cancelled, first, second = asyncio.run(scenario())
    finally:
        release.set()
        runner.close()
    assert cancelled[0] == 499
    assert first == (200, {"tag": "a"}) and second == (200, {"tag": "b"})
    assert sorted(ran) == ["a", "b"]
