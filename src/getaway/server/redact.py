"""Secrets out of the logs: one filter on every handler the server logs through.

Seat and host tokens travel in query strings (``?token=...``: play links, WebSocket URLs)
and may come in an ``Authorization`` header. Any of them in a log line would give whoever
reads the log a seat. uvicorn writes request lines from two loggers (``uvicorn.access`` for
HTTP, ``uvicorn.error`` for WebSocket handshakes: ``"WebSocket /ws?token=..." [accepted]``),
and other libraries log through the root logger; a filter on one logger misses records
that other loggers create. So the filter sits on the *handlers* (a handler's filters see
every record it writes, whichever logger made it), and :func:`install` puts it on all of
them in uvicorn's logging configuration, root included.
"""

from __future__ import annotations

import logging
import re
from typing import Any

REDACTED = "<redacted>"

# A query parameter that carries a secret: ``token``, ``host_token``, ``access_token`` and
# the like, plain or percent-encoded (``token%3D`` inside an encoded URL).
_SECRET_PARAMETER = re.compile(
    r"((?:^|[?&;/\s\"'(]|%3F|%26)[A-Za-z_]*(?:token|secret)(?:=|%3D))[^&\s\"';#)]*", re.IGNORECASE
)
# The same in JSON or a Python dict's repr: ``"token": "..."``.
_SECRET_FIELD = re.compile(
    r"""(["'][A-Za-z_]*(?:token|secret)["']\s*:\s*["'])[^"']*""", re.IGNORECASE
)
# ``Authorization: Bearer ...`` and the like, however a library prints headers.
_AUTHORIZATION = re.compile(
    r"((?:bearer|basic|token)\s+)[A-Za-z0-9._~+/=-]{8,}|"
    r"((?:authorization|cookie)['\"]?\s*[:,=]\s*(?:b?['\"])?)[^'\"\r\n]+",
    re.IGNORECASE,
)


#: Words one of the expressions above needs; a text with none of them has no secret to hide.
_HINTS = ("token", "secret", "bearer", "basic", "authorization", "cookie")


def redact(text: str) -> str:
    """``text`` with every secret-looking value replaced by ``<redacted>``."""
    lowered = text.lower()
    if not any(hint in lowered for hint in _HINTS):
        return text  # most log lines and arguments: no need to run the expressions
    text = _SECRET_PARAMETER.sub(rf"\1{REDACTED}", text)
    text = _SECRET_FIELD.sub(rf"\1{REDACTED}", text)
    return _AUTHORIZATION.sub(_keep_label, text)


def _keep_label(found: re.Match[str]) -> str:
    return (found.group(1) or found.group(2)) + REDACTED


def _redacted(value: Any) -> Any:
    return redact(value) if isinstance(value, str) else value


class RedactTokens(logging.Filter):
    """Redacts the message and each argument of every record it sees; a record whose
    formatted text still shows a secret (one split across arguments) is flattened into its
    redacted text. Never drops a record: the line stays, the secret goes."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        colored = record.__dict__.get("color_message")
        if isinstance(colored, str):  # what uvicorn's formatter shows on a terminal
            record.__dict__["color_message"] = redact(colored)
        if isinstance(record.args, tuple):
            record.args = tuple(_redacted(a) for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: _redacted(v) for k, v in record.args.items()}
        try:
            shown = record.getMessage()
        except (TypeError, ValueError):
            return True  # the logging module reports a malformed record itself
        cleaned = redact(shown)
        if cleaned != shown and not record.name.startswith("uvicorn.access"):
            # uvicorn's access formatter needs its five arguments; their parts are
            # redacted one by one above, which covers its lines.
            record.msg, record.args = cleaned, ()
            # uvicorn's coloured variant of the format would now lack its arguments.
            record.__dict__.pop("color_message", None)
        if record.exc_info and not record.exc_text:
            # A traceback's text (an exception's message may hold a URL) is cached on the
            # record by the first formatter; redact that cache instead of the live error.
            record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
        return True


def install(config: dict[str, Any], level: str) -> dict[str, Any]:
    """Put :class:`RedactTokens` on every handler of a :func:`logging.config.dictConfig`
    dictionary and send the root logger (every library's records) through its default
    handler at ``level``, so no record reaches a stream unfiltered."""
    config.setdefault("filters", {})["redact_tokens"] = {"()": f"{__name__}.RedactTokens"}
    for handler in config.get("handlers", {}).values():
        filters = handler.setdefault("filters", [])
        if "redact_tokens" not in filters:
            filters.append("redact_tokens")
    config["root"] = {"handlers": ["default"], "level": level.upper()}
    # Python's handler of last resort writes records no handler took; filter it too.
    if logging.lastResort is not None and not any(
        isinstance(f, RedactTokens) for f in logging.lastResort.filters
    ):
        logging.lastResort.addFilter(RedactTokens())
    return config
