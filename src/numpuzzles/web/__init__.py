"""The local web app's JSON API (the ``[web]`` extra: FastAPI on uvicorn).

``create_app(settings)`` builds it over the family registry (``app``); ``WebSettings``
holds its limits (``settings``); ``work`` runs the jobs in a process pool under time
limits; ``limits`` caps request bodies; ``packs`` holds the level packs and the daily
puzzle (and reads ``serve --pack`` files); ``cache`` keeps generations by ID; ``static/`` is
the page served at ``/``.
Importing this package needs FastAPI; ``numpuzzles serve`` says so in one line.
"""

from __future__ import annotations

from .app import create_app
from .settings import WebSettings

__all__ = ["WebSettings", "create_app"]
