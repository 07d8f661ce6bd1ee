"""Game options: what a game declares about them, and reading them (and save fields) with
errors that say what is allowed.

A game declares each option as an :class:`OptionSpec` (its name, kind, default, allowed
values and one line of help); front ends build their forms from these (the web lobby reads
them from ``GET /api/games``, the CLI prints the help). Every game validates its options the
same way: a missing or ``None`` value takes the default, text from a command line (``"4"``,
``"true"``) is accepted, and anything else out of range raises an error naming the key, the
allowed values and what was given. :meth:`OptionSpec.read` reads one option so; a game whose
defaults depend on each other (an edition setting the board) reads those itself with the
same helpers, and declares the defaults of the empty options.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

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


OptionKind = Literal["bool", "int", "choice", "list"]


@dataclass(frozen=True)
class OptionSpec:
    """One option of a game, as a front end needs it to offer the choice.

    ``kind`` is ``"bool"`` (true or false), ``"int"`` (a whole number from ``min`` to
    ``max``), ``"choice"`` (one of ``choices``) or ``"list"`` (whole numbers, each from
    ``min`` to ``max``). ``default`` is the value the game takes when the option is not
    given and no other option changes it (so it equals ``normalize_options({})[name]``).
    """

    name: str
    kind: OptionKind
    default: Any
    help: str
    choices: tuple[str, ...] = ()
    min: int | None = None
    max: int | None = None

    def __post_init__(self) -> None:
        # A declaration mistake is the game's bug: said at import, not at the first match.
        if self.kind == "choice" and self.default not in self.choices:
            raise ValueError(f"option {self.name!r}: default {self.default!r} not in choices")
        if self.kind in ("int", "list") and (self.min is None or self.max is None):
            raise ValueError(f"option {self.name!r}: a {self.kind} option needs min and max")
        self.read({self.name: self.default})  # the default must pass its own check

    def read(self, options: Mapping[str, Any]) -> Any:
        """The option's value in ``options`` (the default when absent), validated."""
        if self.kind == "bool":
            return bool_option(options, self.name, self.default)
        if self.kind == "choice":
            return choice_option(options, self.name, self.choices, self.default)
        low, high = self._range()
        if self.kind == "int":
            return int_option(options, self.name, self.default, low, high)
        return int_list_option(options, self.name, self.default, low, high)

    def _range(self) -> tuple[int, int]:
        assert self.min is not None and self.max is not None  # checked in __post_init__
        return self.min, self.max

    def to_json(self) -> dict[str, Any]:
        """The declaration for a front end: type, default, help, and choices or range."""
        out: dict[str, Any] = {"type": self.kind, "default": self.default, "help": self.help}
        if self.kind == "choice":
            out["choices"] = list(self.choices)
        if self.kind in ("int", "list"):
            out["min"], out["max"] = self.min, self.max
        if self.kind == "list":
            out["default"] = list(self.default)
        return out


def int_list_option(
    options: Mapping[str, Any], key: str, default: Sequence[int], low: int, high: int
) -> list[int]:
    """A list of whole numbers, each from ``low`` to ``high``, sorted without repeats."""
    value = options.get(key, default)
    if value is None:
        value = default
    if not (
        isinstance(value, list | tuple)
        and all(isinstance(x, int) and not isinstance(x, bool) and low <= x <= high for x in value)
    ):
        raise OptionsError(
            f"option {key!r} must be a list of numbers from {low} to {high}; got {value!r}"
        )
    return sorted(set(value))


def option_help(specs: Sequence[OptionSpec]) -> dict[str, str]:
    """Name -> one line of help, in declaration order."""
    return {spec.name: spec.help for spec in specs}


def check_known(specs: Sequence[OptionSpec], options: Mapping[str, Any], game: str) -> None:
    """Raise an :class:`OptionsError` naming any option ``game`` does not declare."""
    names = [spec.name for spec in specs]
    unknown = sorted(set(options) - set(names))
    if unknown:
        raise OptionsError(
            f"unknown option(s) {', '.join(map(repr, unknown))}; options of {game}: "
            f"{', '.join(names)}"
        )


def read_options(
    specs: Sequence[OptionSpec], options: Mapping[str, Any] | None, game: str
) -> dict[str, Any]:
    """Every declared option of ``options`` validated, defaults filled in; unknown names
    refused. For games whose options do not depend on each other."""
    options = dict(options or {})
    check_known(specs, options, game)
    return {spec.name: spec.read(options) for spec in specs}
