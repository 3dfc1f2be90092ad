"""The JSON API: ``create_app(settings)`` builds it, over the family registry alone.

Endpoints (answers are the records of ``core/records.py``, the command line's ``--json``):
``GET /api/families`` (each with its "how to play" per rule set, from ``howto.py`` in each
family's package); ``POST /api/{family}/generate``, ``solve``, ``check``, ``hint``,
``analyse`` (for setters: count, common grid, a fix; ``core/analysis.py``);
``GET /api/{family}/draw?id=ID[&solution=1]`` (SVG); ``POST /api/{family}/export``
(the puzzle sent, as a file in any of the family's formats, or SVG, PNG or PDF);
``GET /api/packs[?date=YYYY-MM-DD]``: the level packs (``packs.py``: the fixed ones,
after any files ``create_app`` was given) and that day's daily puzzle of each family;
``GET /api/palette`` (the label colours).
A generation by ID is answered from a bounded cache after its first time (``cache.py``):
an ID names one puzzle forever.  The OpenAPI description is at
``/openapi.json``; ``GET /`` is the page that plays the puzzles over this API
(``static/``: plain JS, no framework, nothing fetched from elsewhere).  FastAPI's ``/docs``
and ``/redoc`` are off, because they load their scripts from a CDN and this server must
fetch nothing from the internet.

What keeps the server alive (limits in ``WebSettings``): bodies over the limit get 413
before they are read whole (``limits.py``); every job runs in a bounded worker pool
(``Runner``) under a time limit (``work.py``), so the event loop only reads, validates and
forwards; every refusal is a 4xx with ``{"error": message}``; a 5xx means a bug, or a
worker that died (503, and the pool is made again).

A text holding several puzzles is refused (422): one request, one puzzle, one record.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import asynccontextmanager
from dataclasses import asdict
from pathlib import Path as FilePath
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Path, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException

from .. import families
from ..core.errors import InvalidParameterError, one_line
from ..core.family import Family
from ..core.params import Param
from ..core.seeds import MAX_SEED
from .cache import AnswerCache
from .limits import BodyLimit
from .packs import Pack, packs_json, parse_day
from .settings import WebSettings
from .work import Answer, Download, error, payload_text, run_job

Scalar = str | int | float | bool | None
_UNPARSED = "There was an error parsing the body"
"""FastAPI's words when ``json.loads`` raises something other than a syntax error."""
STATIC = FilePath(__file__).parent / "static"
PALETTE_SIZE = 400
"""Label colours ``/api/palette`` lists; the page repeats them past that (400 pairs is past
what a 25x25 board holds)."""
"""The page's files (package data): ``index.html``, ``app.js``, ``style.css``."""
Short = Annotated[str, Field(max_length=40)]
GONE_POLL = 0.05
"""Seconds between two looks at whether the client of a waiting analysis has gone."""


class GenerateBody(BaseModel):
    """Generation parameters (the family's ``generate`` params) and a seed, or an ID."""

    model_config = ConfigDict(extra="forbid")
    params: dict[Short, Scalar] = Field(default_factory=dict)
    seed: int | None = Field(None, ge=0, le=MAX_SEED)
    id: str | None = Field(None, max_length=300)


class PuzzleBody(BaseModel):
    """A puzzle: its text in ``format`` (sniffed when absent), or its JSON form."""

    model_config = ConfigDict(extra="forbid")
    puzzle: str | dict[str, Any]
    format: Short | None = None
    rules: Short | None = None


class SolveBody(PuzzleBody):
    """``unique`` decides between one and two solutions; ``limit`` lists up to that many;
    ``timeout`` may lower the server's time limit; ``options`` are the family's solve
    params (an engine)."""

    unique: bool = False
    limit: int | None = Field(None, ge=1, le=10_000)
    timeout: float | None = Field(None, gt=0, le=3600)
    options: dict[Short, Scalar] = Field(default_factory=dict)


class AnalyseBody(PuzzleBody):
    """``timeout`` may lower the server's time limit for the whole analysis."""

    timeout: float | None = Field(None, gt=0, le=3600)


class ExportBody(PuzzleBody):
    """``to``: one of the family's text formats, or ``svg``, ``png`` or ``pdf``."""

    to: Short


class CheckBody(PuzzleBody):
    """A proposed solution: the family's text form or JSON (a solve record works)."""

    solution: str | dict[str, Any] | list[Any]
    solution_format: Short | None = None


def _param_json(param: Param) -> dict[str, Any]:
    return {
        "name": param.name, "kind": param.kind.__name__, "default": param.default,
        "choices": list(param.choices), "low": param.low, "high": param.high,
        "help": param.help,
    }


def _family_json(family: Family[Any, Any]) -> dict[str, Any]:
    return {
        "name": family.name,
        "title": family.title,
        "formats": list(family.formats),
        "verbs": ["generate", "solve", "check", *sorted(family.verbs)],
        "generate_params": [_param_json(p) for p in family.generate_params],
        "read_params": [_param_json(p) for p in family.read_params],
        "solve_params": [_param_json(p) for p in family.solve_params],
        "how_to_play": {rules: family.how_to_play(rules) for rules in family.rule_sets},
        "play": family.play,
    }


def _known(family: Annotated[str, Path(max_length=40)]) -> str:
    """The family named in the path; 404 when unknown.  A dependency, so that it is
    answered before the body is validated: an unknown family is 404 whatever the body."""
    if family not in families.NAMES:
        raise HTTPException(404, f"unknown family {one_line(family, 60)!r}; known: "
                                 f"{', '.join(families.NAMES)}")
    return family


Known = Annotated[str, Depends(_known)]


def _having(name: str, verb: str) -> None:
    """404 when the family lacks an optional verb (hint, draw, analyse)."""
    if verb not in families.family(name).verbs:
        raise HTTPException(404, f"{name} has no {verb} yet")


class Runner:
    """The bounded worker pool every job goes through, made on first use.

    Processes by default (the solvers are pure Python and hold the GIL); ``workers=0``
    runs jobs in threads of this process (tests).  At most ``max_queue`` jobs wait or run
    at once; more get 503 at once rather than piling up.
    """

    def __init__(self, settings: WebSettings) -> None:
        self.settings = settings
        self.limits: dict[str, Any] = asdict(settings)
        self.pool: Executor | None = None
        self.busy = 0

    def _executor(self) -> Executor:
        if self.pool is None:
            if self.settings.workers <= 0:
                self.pool = ThreadPoolExecutor(max_workers=2)
            else:
                methods = multiprocessing.get_all_start_methods()
                # Not fork: the server has threads, and a forked copy of a lock is a hang.
                context = multiprocessing.get_context(
                    "forkserver" if "forkserver" in methods else "spawn")
                self.pool = ProcessPoolExecutor(self.settings.workers, mp_context=context)
        return self.pool

    async def run(self, verb: str, name: str, payload: Mapping[str, Any],
                  gone: Callable[[], Awaitable[bool]] | None = None) -> Answer:
        """The job's answer.  With ``gone`` (the request's ``is_disconnected``), a job
        still waiting for a worker when its client has gone is taken off the queue: the
        editor cancels the analysis of every board the setter has since changed, and those
        must not hold up the analysis of the board on screen."""
        if self.busy >= self.settings.max_queue:
            return error(503, "the server is busy; try again shortly")
        self.busy += 1
        try:
            loop = asyncio.get_running_loop()
            pool = self._executor()
            job = loop.run_in_executor(pool, run_job, verb, name, payload, self.limits)
            if gone is None:
                return await job
            while True:
                done, _ = await asyncio.wait({job}, timeout=GONE_POLL)
                if done:
                    return job.result()
                if await gone():
                    job.cancel()  # a job already running finishes within its own limit
                    return error(499, "the request was cancelled")
        except BrokenProcessPool:
            self.close(wait=False)
            return error(503, "a worker stopped (out of memory?); the pool restarts: try again")
        finally:
            self.busy -= 1

    def close(self, wait: bool = True) -> None:
        """Stop the pool (waiting for the workers to exit, unless one already died)."""
        if self.pool is not None:
            self.pool.shutdown(wait=wait, cancel_futures=True)
            self.pool = None


def _answer(answer: Answer) -> Response:
    status, body = answer
    if isinstance(body, str):
        return Response(body, media_type="image/svg+xml")
    if isinstance(body, Download):
        return Response(body.content, media_type=body.media_type, headers={
            "content-disposition": f'attachment; filename="{body.filename}"'})
    return JSONResponse(body, status_code=status)


def _text(value: Any, what: str) -> str:
    try:
        return payload_text(value)
    except (RecursionError, ValueError):
        raise HTTPException(422, f"the {what} is nested too deeply") from None


def _problems(exc: RequestValidationError) -> list[dict[str, str]]:
    return [{"where": ".".join(str(part) for part in item.get("loc", ())),
             "message": one_line(str(item.get("msg", "")), 200)}
            for item in list(exc.errors())[:10]]


def create_app(settings: WebSettings | None = None, packs: Sequence[Pack] = ()) -> FastAPI:
    """The web app: the JSON API over every registered family, under ``settings``;
    ``packs`` (read by ``packs.read_pack_files``) are listed before the fixed ones."""
    settings = settings or WebSettings()
    runner = Runner(settings)
    served = tuple(packs)
    generated = AnswerCache(settings.generate_cache)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        runner.close()

    app = FastAPI(title="numpuzzles", summary="Solve, generate, check and draw number puzzles.",
                  docs_url=None, redoc_url=None, lifespan=lifespan)
    app.state.runner = runner
    app.state.packs = served
    app.state.generated = generated
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        message = str(exc.detail)
        if message == _UNPARSED:  # json.loads failed on something other than the syntax
            message = ("the body is not JSON this server reads: nested too deeply, or a "
                       "number too long")
        return JSONResponse({"error": one_line(message)}, status_code=exc.status_code,
                            headers=getattr(exc, "headers", None))

    @app.exception_handler(Exception)
    async def bug(request: Request, exc: Exception) -> JSONResponse:
        return JSONResponse({"error": f"internal error: {type(exc).__name__} (a bug; please "
                                      "report it with the request)"}, status_code=500)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = _problems(exc)
        first = problems[0] if problems else {"where": "body", "message": "invalid request"}
        return JSONResponse({"error": f"{first['where']}: {first['message']}",
                             "problems": problems}, status_code=422)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        """The page: generate, paste, play, check and share puzzles of every family."""
        return FileResponse(STATIC / "index.html")

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> FileResponse:
        """The page's icon, also where browsers look for one unasked (no 404 on a load)."""
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    @app.get("/api/palette")
    def palette() -> dict[str, Any]:
        """The label colours the drawings use, each with the ink its label is printed in:
        the page takes its colours from here, so page and drawings agree."""
        from ..draw.svg import ink_on, label_colour

        colours = [label_colour(i) for i in range(PALETTE_SIZE)]
        return {"colours": [{"fill": c, "ink": ink_on(c)} for c in colours]}

    @app.get("/api/families")
    def list_families() -> list[dict[str, Any]]:
        """Every family: name, title, formats, verbs and its parameters."""
        return [_family_json(f) for f in families.all_families().values()]

    @app.get("/api/packs")
    def list_packs(date: str | None = None) -> dict[str, Any]:
        """The level packs (each a list of puzzle IDs, or of puzzles for a served file
        without IDs) and each family's daily puzzle for ``date`` (default: today, UTC)."""
        try:
            day = parse_day(date)
        except InvalidParameterError as exc:
            raise HTTPException(422, str(exc)) from None
        return packs_json(served, day)

    @app.post("/api/{family}/generate")
    async def generate(family: Known, body: GenerateBody) -> Response:
        """A generated puzzle (params and seed, or an ID) with its solution; by ID, from
        the cache after the first time."""
        by_id = body.id is not None and not body.params and body.seed is None
        key = (family, str(body.id))
        if by_id:
            kept = generated.get(key)
            if kept is not None:
                return _answer(kept)
        answer = await runner.run("generate", family, body.model_dump())
        if by_id and answer[0] == 200:
            generated.put(key, answer)
            made_id = answer[1].get("id")
            if isinstance(made_id, str) and made_id != key[1]:
                generated.put((family, made_id), answer)
        return _answer(answer)

    def puzzle_payload(body: PuzzleBody) -> dict[str, Any]:
        return {"puzzle": _text(body.puzzle, "puzzle"),
                "format": "json" if isinstance(body.puzzle, dict) else body.format,
                "rules": body.rules}

    @app.post("/api/{family}/solve")
    async def solve(family: Known, body: SolveBody) -> Response:
        """The solver's answer; status ``unknown`` when the time limit ran out."""
        payload = {**puzzle_payload(body), "unique": body.unique, "limit": body.limit,
                   "timeout": body.timeout, "options": body.options}
        return _answer(await runner.run("solve", family, payload))

    @app.post("/api/{family}/check")
    async def check(family: Known, body: CheckBody) -> Response:
        """Whether a proposed solution is valid, and every rule it breaks."""
        payload = {**puzzle_payload(body), "solution": _text(body.solution, "solution"),
                   "solution_format": body.solution_format}
        return _answer(await runner.run("check", family, payload))

    @app.post("/api/{family}/hint")
    async def hint(family: Known, body: PuzzleBody) -> Response:
        """One step towards the solution (families that have hints)."""
        _having(family, "hint")
        return _answer(await runner.run("hint", family, puzzle_payload(body)))

    @app.post("/api/{family}/analyse")
    async def analyse(family: Known, body: AnalyseBody, request: Request) -> Response:
        """For a setter: the count, what every solution shares, where they differ, the
        grade, and one change that makes it unique (families that analyse); status
        ``unknown`` when the time limit ran out before anything was known."""
        _having(family, "analyse")
        payload = {**puzzle_payload(body), "timeout": body.timeout}
        return _answer(await runner.run("analyse", family, payload, request.is_disconnected))

    @app.post("/api/{family}/export", response_class=Response)
    async def export(family: Known, body: ExportBody) -> Response:
        """The puzzle as a file to save: a text format of the family's (``formats`` at
        ``/api/families``), or a drawing (``svg``, ``png``, ``pdf``)."""
        payload = {**puzzle_payload(body), "to": body.to}
        return _answer(await runner.run("export", family, payload))

    @app.get("/api/{family}/draw", response_class=Response,
             responses={200: {"content": {"image/svg+xml": {}}}})
    async def draw(family: Known, id: Annotated[str, Query(max_length=300)],
                   solution: bool = False) -> Response:
        """The puzzle an ID names (with its solution when asked) as SVG."""
        _having(family, "draw")
        return _answer(await runner.run("draw", family, {"id": id, "solution": solution}))

    return app
