"""The request body limit, as a pure ASGI middleware in front of everything else.

Why not in the endpoints: by the time an endpoint runs, the framework has read the whole
body into memory.  Here a declared ``Content-Length`` over the limit is refused before a
byte is read, and a body without one (chunked) is counted as it streams in and refused
as soon as it passes the limit.  The body read so far (at most the limit) is then handed
to the application as one message.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


async def _refuse(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    await send({
        "type": "http.response.start",
        "status": status,
        "headers": [(b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close")],
    })
    await send({"type": "http.response.body", "body": body})


class BodyLimit:
    """Refuse request bodies over ``max_bytes`` with 413 and a JSON error."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        too_large = f"the request body is larger than this server's limit of {self.max_bytes} bytes"
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None:
            text = declared.decode("latin-1").strip()
            if not text.isdigit() or len(text) > 18:
                await _refuse(send, 400, "the Content-Length header is not a byte count")
                return
            if int(text) > self.max_bytes:
                await _refuse(send, 413, too_large)
                return
        chunks: list[bytes] = []
        total = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunk = message.get("body", b"")
            total += len(chunk)
            if total > self.max_bytes:
                await _refuse(send, 413, too_large)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": b"".join(chunks), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)
