"""The page: served at ``/`` with its static files, shipped as package data, and loading
nothing from the internet (the browser tests in tests/browser/ play it)."""

from __future__ import annotations

import fnmatch
import re
import tomllib
import warnings
from pathlib import Path

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's note about httpx versions
    from fastapi.testclient import TestClient

from numpuzzles.web import WebSettings, create_app
from numpuzzles.web.app import STATIC

ROOT = Path(__file__).resolve().parents[2]


def test_the_page_and_its_files_are_served() -> None:
    client = TestClient(create_app(WebSettings(workers=0)))
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    linked = re.findall(r'(?:src|href)="(/static/[^"]+)"', page.text)
    assert sorted(linked) == ["/static/favicon.svg", "/static/js/main.js", "/static/style.css"]
    # The modules import one another by relative paths: follow them all from main.js.
    todo, served = list(linked), set()
    while todo:
        path = todo.pop()
        if path in served:
            continue
        served.add(path)
        answer = client.get(path)
        assert answer.status_code == 200 and answer.text == (STATIC / path[8:]).read_text()
        if path.endswith(".js"):
            base = path.rsplit("/", 1)[0]
            for name in re.findall(r'from\s+"(\./[^"]+|\.\./[^"]+)"', answer.text):
                todo.append(_join(base, name))
    every = {"/static/" + p.relative_to(STATIC).as_posix() for p in STATIC.rglob("*")
             if p.is_file() and p.name != "index.html"}  # index.html is served at /
    assert served == every  # no module is left unreachable, none is missing
    icon = client.get("/favicon.ico")  # asked for by browsers whatever the page links
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
    assert icon.text == (STATIC / "favicon.svg").read_text()
    assert client.get("/static/missing.js").status_code == 404
    assert "/" not in client.get("/openapi.json").json()["paths"]


def _join(base: str, name: str) -> str:
    """Resolve a relative module path the way a browser does."""
    parts = base.split("/")
    for piece in name.split("/"):
        if piece == "..":
            parts.pop()
        elif piece != ".":
            parts.append(piece)
    return "/".join(parts)


def test_the_page_loads_nothing_from_elsewhere() -> None:
    for path in (p for p in STATIC.rglob("*") if p.is_file()):
        text = path.read_text()
        # The one absolute URL allowed is the SVG namespace, which is a name, not a fetch.
        urls = set(re.findall(r"(?:https?:)?//[\w.-]+\.\w+[^\s\"'`)]*", text))
        assert urls <= {"http://www.w3.org/2000/svg"}, (path.name, urls)


def test_the_page_is_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    data = config["tool"]["setuptools"]["package-data"]["numpuzzles"]
    package = STATIC.parents[1]
    shipped = {p for p in STATIC.rglob("*") if p.is_file()}
    assert shipped, "the page has files"
    for path in shipped:
        name = path.relative_to(package).as_posix()
        assert any(fnmatch.fnmatchcase(name, glob) and name.count("/") == glob.count("/")
                   for glob in data), name


def test_the_palette_is_the_drawings_own() -> None:
    from numpuzzles.draw.svg import ink_on, label_colour

    client = TestClient(create_app(WebSettings(workers=0)))
    colours = client.get("/api/palette").json()["colours"]
    assert len(colours) == 400
    assert colours[:3] == [{"fill": label_colour(i), "ink": ink_on(label_colour(i))}
                           for i in range(3)]
    assert len({c["fill"] for c in colours}) == 400
