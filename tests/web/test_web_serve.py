"""``numpuzzles serve``: loopback by default, the pool size from --workers, and one clear
line (exit 2) when the [web] extra is missing."""

from __future__ import annotations

import sys
from typing import Any

import pytest
import uvicorn
from fastapi import FastAPI

from numpuzzles.cli.main import main


def test_serve_runs_the_app_on_loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}

    def run(app: Any, **kwargs: Any) -> None:
        seen.update(kwargs, app=app)

    monkeypatch.setattr(uvicorn, "run", run)
    assert main(["serve", "--workers", "3", "--timeout", "5"]) == 0
    assert seen["host"] == "127.0.0.1" and seen["port"] == 8000
    assert isinstance(seen["app"], FastAPI)
    settings = seen["app"].state.runner.settings
    assert settings.workers == 3 and settings.solve_timeout == 5


def test_serve_warns_when_listening_beyond_loopback(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: None)
    assert main(["serve", "--host", "0.0.0.0", "--port", "8080"]) == 0
    assert "other machines can reach it" in capsys.readouterr().err


def test_serve_without_the_extra_is_one_line_and_exit_2(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # import uvicorn now fails
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    # numpuzzles is on no registry: the command that works is the checkout's own
    assert err.count("\n") == 1 and "pip install -e '.[web]'" in err and "uvicorn" in err


def test_serve_is_listed_beside_the_families(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    assert "serve" in capsys.readouterr().out
