"""``numpuzzles serve``: the web app's JSON API on uvicorn (the ``[web]`` extra).

Only the loopback address by default: the server runs solvers for whoever can reach it,
so listening further is a choice the user makes with ``--host``.  ``--workers`` sizes the
process pool that solves and generates (``web/app.py``), not uvicorn's own processes.
``--pack FILE`` (repeatable) serves a batch file as one more level pack; every file is read
before the server starts, so a bad one is one line and exit 2, not a server that half works.
"""

from __future__ import annotations

import click

from ..core.errors import install_hint
from .common import CONTEXT_SETTINGS, EXIT_OK

_LOOPBACK = ("127.0.0.1", "::1", "localhost")


_HELP = f"""Serve the page at / (play every family in a browser) and the JSON API under /api.

Open http://127.0.0.1:8000/ (or your --host and --port) for the page: puzzles to play,
level packs, the daily puzzle, hints and checks.  The API's OpenAPI description is at
/openapi.json.  Needs the web extra: {install_hint('web')}.
"""
"""Written here, not as the docstring, so that the install command comes from
``install_hint`` like the error's."""


@click.command("serve", context_settings=CONTEXT_SETTINGS, help=_HELP)
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (only this machine by default).")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True,
              help="Port to listen on.")
@click.option("--workers", type=click.IntRange(1, 64), default=2, show_default=True,
              help="Processes that solve and generate (one slow request never stalls others).")
@click.option("--timeout", type=click.FloatRange(min=0.01, max=3600), default=10.0,
              show_default=True, help="Seconds a solver may run for one request.")
@click.option("--pack", "pack_files", multiple=True, metavar="FILE.jsonl",
              help="A batch file (numpuzzles batch ... -o FILE.jsonl) served as one more level "
                   "pack, listed first; repeatable.")
def serve_command(host: str, port: int, workers: int, timeout: float,
                  pack_files: tuple[str, ...]) -> int:
    """The server: the page and the API (``_HELP`` is what ``--help`` shows)."""
    try:
        import uvicorn

        from ..web import WebSettings, create_app
        from ..web.packs import read_pack_files
    except ImportError as exc:
        raise click.ClickException(
            f"the web app needs its extra ({exc.name} is missing): {install_hint('web')}"
        ) from None
    packs = read_pack_files(pack_files)  # a bad file raises: one line, exit 2 (main.py)
    if host not in _LOOPBACK:
        click.echo(f"numpuzzles serve: listening on {host}: other machines can reach it",
                   err=True)
    app = create_app(WebSettings(workers=workers, solve_timeout=timeout), packs)
    uvicorn.run(app, host=host, port=port, log_level="info")
    return EXIT_OK
