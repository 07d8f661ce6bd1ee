"""Canonical JSON text: the same data always gives the same bytes."""

from __future__ import annotations

import json
from typing import Any

from getaway.core.errors import SaveFileError


def dumps(data: Any) -> str:
    """Compact, key-sorted JSON, so equal data compares equal as text."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def loads_object(text: str | bytes, what: str = "file") -> dict[str, Any]:
    """Parse a JSON object, or raise :class:`SaveFileError` saying where it went wrong."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise SaveFileError(f"the {what} is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise SaveFileError(f"the {what} must hold a JSON object, not {type(data).__name__}")
    return data
