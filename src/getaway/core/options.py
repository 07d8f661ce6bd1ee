"""Reading game options and save fields with errors that say what is allowed.

Every game validates its options the same way: a missing or ``None`` value takes the default,
text from a command line (``"4"``, ``"true"``) is accepted, and anything else out of range
raises an error naming the key, the allowed values and what was given.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from getaway.core.errors import OptionsError, SaveFileError

_TRUE = ("true", "yes", "1")
_FALSE = ("false", "no", "0")


def int_option(options: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high``."""
    value = options.get(key, default)
    if value is None:
        value = default
    # ASCII digits only: str.isdigit() also holds for "²" and other Unicode digits, which
    # int() refuses.
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise OptionsError(
            f"option {key!r} must be a whole number from {low} to {high}; got {value!r}"
        )
    return value


def bool_option(options: Mapping[str, Any], key: str, default: bool) -> bool:
    """``true`` or ``false`` (also ``yes``/``no``/``1``/``0`` as text)."""
    value = options.get(key, default)
    if value is None:
        return default
    if isinstance(value, str) and value.lower() in (*_TRUE, *_FALSE):
        return value.lower() in _TRUE
    if not isinstance(value, bool):
        raise OptionsError(f"option {key!r} must be true or false; got {value!r}")
    return value


def choice_option(
    options: Mapping[str, Any], key: str, allowed: tuple[str, ...], default: str
) -> str:
    """One of ``allowed`` (a number is read as its text, so ``2014`` means ``"2014"``)."""
    value = options.get(key, default)
    if value is None:
        value = default
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if value not in allowed:
        raise OptionsError(f"option {key!r} must be one of {', '.join(allowed)}; got {value!r}")
    return str(value)


def whole_number(value: Any, key: str, low: int, high: int) -> int:
    """A save file's whole number from ``low`` to ``high``, or a :class:`SaveFileError`."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise SaveFileError(
            f"save file: {key!r} must be a whole number from {low} to {high}, not {value!r}"
        )
    return value
