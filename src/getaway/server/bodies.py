"""Request bodies read with limits and checked as strict JSON before any route sees them.

:class:`BodyGuard` is an ASGI middleware. It answers, without calling the route:

- 413 when ``Content-Length`` says the body is larger than ``MAX_BODY_BYTES``, or as soon as
  a body sent without one (chunked) passes it: a client cannot make the server hold more;
- 408 when the body does not arrive within ``BODY_TIMEOUT_SECONDS``;
- 422 when a JSON body is not strict JSON: ``NaN``, ``Infinity``, a number too large for a
  double (``1e999999``), a lone surrogate (``"\\ud800"``), invalid UTF-8 or nesting deeper
  than 1024. Python's ``json`` accepts all of these, and nothing after it can serialize
  them back (the 422 that echoed them was a 500), so they are refused at the door.

The body is then handed to the route as it came. Only routes that take a body are affected:
a request without one passes straight through.
"""

from __future__ import annotations

import asyncio
from typing import Any

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from getaway.server.limits import BODY_TIMEOUT_SECONDS, MAX_BODY_BYTES

#: What a strict JSON body may hold, said in every refusal.
STRICT_JSON = (
    "a body must be strict JSON: finite numbers (no NaN or Infinity, at most about 1.8e308), "
    "strings of valid Unicode (no lone surrogates such as \\ud800)"
)


class BodyTooLargeError(Exception):
    pass


class BodyGuard:
    def __init__(
        self,
        app: ASGIApp,
        max_bytes: int = MAX_BODY_BYTES,
        timeout_seconds: float = BODY_TIMEOUT_SECONDS,
    ) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.timeout_seconds = timeout_seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        declared = _content_length(headers.get(b"content-length"))
        if declared is not None and declared > self.max_bytes:
            await _answer(send, 413, self._too_large())
            return
        try:
            body = await asyncio.wait_for(_read(receive, self.max_bytes), self.timeout_seconds)
        except BodyTooLargeError:
            await _answer(send, 413, self._too_large())
            return
        except TimeoutError:
            await _answer(
                send,
                408,
                f"the body did not arrive within {self.timeout_seconds:g} seconds",
            )
            return
        if body and _is_json(headers.get(b"content-type")):
            problem = strict_json_problem(body)
            if problem is not None:
                await _answer(send, 422, _invalid(problem))
                return
        await self.app(scope, _replay(body, receive), send)

    def _too_large(self) -> str:
        return f"the body is larger than the {self.max_bytes} bytes a request may have"


def strict_json_problem(raw: bytes | str) -> str | None:
    """Why ``raw`` is not strict JSON (orjson's message, which names a position, never the
    input), or None when it is."""
    try:
        orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        return f"{exc.msg} (line {exc.lineno}, column {exc.colno})"
    return None


def strict_json(raw: str) -> Any:
    """``raw`` parsed as strict JSON (see :func:`strict_json_problem`); ValueError if not."""
    return orjson.loads(raw)


def _invalid(problem: str) -> list[dict[str, Any]]:
    # The shape of FastAPI's own 422 for a body that is not JSON, so clients read one shape.
    return [{"type": "json_invalid", "loc": ["body"], "msg": f"{STRICT_JSON}; {problem}"}]


def _content_length(value: bytes | None) -> int | None:
    if value is None or not value.isdigit():
        return None
    return int(value)


def _is_json(content_type: bytes | None) -> bool:
    # Only what FastAPI parses as JSON: any other body reaches a route as text, which the
    # schemas refuse with a 422 of their own.
    if content_type is None:
        return False
    kind = content_type.split(b";", 1)[0].strip().lower()
    return kind == b"application/json" or kind.endswith(b"+json")


async def _read(receive: Receive, max_bytes: int) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            # The client left; the route sees an empty body and the server drops the answer.
            break
        chunk: bytes = message.get("body", b"")
        size += len(chunk)
        if size > max_bytes:
            raise BodyTooLargeError
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def _replay(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        # After the body, the route may wait for the client to leave (streaming answers).
        return await receive()

    return replay


async def _answer(send: Send, status: int, detail: str | list[dict[str, Any]]) -> None:
    body = orjson.dumps({"detail": detail})
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                # The rest of an unread body is still on its way: close rather than read it.
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
