"""Naming a search bot: the levels and the spec grammar.

A bot name is either a level (``easy``, ``medium``, ``hard``) or a spec that starts from one::

    SPEC     := BASE [ ":" SETTING ]*         (":" between settings; "," also accepted)
    BASE     := "ismcts" | "easy" | "medium" | "hard"      ("ismcts" starts from "medium")
    SETTING  := KEY "=" VALUE
    KEY      := iterations | seconds | c | gamma | depth | pool | pick | z | on | off

``ismcts:iterations=3000:c=0.7:off=categorization+coalition`` is medium with 3,000 iterations,
exploration 0.7 and two of the game's techniques switched off. ``:`` is the separator to use
inside a ``--bots A,B`` list (whose commas separate bots). Every error names what is allowed.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from getaway.core import GetawayError

#: The spec's base name that is not a level.
ISMCTS = "ismcts"


@dataclass(frozen=True)
class SearchSettings:
    """Everything that shapes one search. Budgets: ``iterations`` always; ``seconds`` is a
    safety cap on wall-clock time (``None``: none), which makes a capped search depend on the
    machine's speed, so levels are sized to stay under it."""

    iterations: int
    seconds: float | None
    #: UCB exploration constant (rewards are in [-1, 1]).
    c: float = 0.7
    #: Exploration mixed into regret matching at simultaneous steps.
    gamma: float = 0.1
    #: Playout plies before the policy's ``evaluate`` is asked (0: from the first ply on).
    depth: int = 0
    #: Determinizations drawn per decision and reused (0: a fresh one every iteration).
    pool: int = 0
    #: At a simultaneous root: ``sample`` the average strategy, or play its ``max``.
    pick: str = "sample"
    #: Where the game's policy names a default move: how many standard errors of the
    #: difference another root move's mean reward must beat it by to be played instead.
    z: float = 2.0
    #: Techniques switched on / off relative to the policy's default set.
    on: frozenset[str] = frozenset()
    off: frozenset[str] = frozenset()

    def uncapped(self) -> SearchSettings:
        """The same search without its time cap: only the iteration budget stops it, so the
        move depends on the seed and view alone (for measurements that must reproduce)."""
        return replace(self, seconds=None)

    def enabled(self, default: frozenset[str]) -> frozenset[str]:
        """The techniques in use: the policy's ``default`` set, less ``off``, plus ``on``."""
        return (default - self.off) | self.on


#: The levels. Budgets are iterations (reproducible: the same seed and view give the same
#: move); the time caps are safety nets sized so ``hard`` stays within 1 s per move on one
#: core (see docs/ai.md for the measured rates).
LEVELS: dict[str, SearchSettings] = {
    "easy": SearchSettings(iterations=60, seconds=0.2, pool=32),
    "medium": SearchSettings(iterations=300, seconds=0.5, pool=64),
    "hard": SearchSettings(iterations=1200, seconds=0.85, pool=128),
}
BASES = (ISMCTS, *LEVELS)
PICKS = ("sample", "max")

_TECHNIQUE = re.compile(r"[a-z][a-z0-9-]*\Z")


def _whole(key: str, low: int) -> Callable[[str], int]:
    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise GetawayError(f"{key} must be a whole number, got {text!r}") from None
        if value < low:
            raise GetawayError(f"{key} must be at least {low}, got {value}")
        return value

    return read


def _real(key: str, positive: bool) -> Callable[[str], float]:
    def read(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise GetawayError(f"{key} must be a number, got {text!r}") from None
        if not math.isfinite(value) or value < 0 or (positive and value == 0):
            bound = "above 0" if positive else "at least 0"
            raise GetawayError(f"{key} must be a finite number {bound}, got {text!r}")
        return value

    return read


def _seconds(text: str) -> float | None:
    return None if text == "none" else _real("seconds", positive=True)(text)


def _gamma(text: str) -> float:
    value = _real("gamma", positive=False)(text)
    if value > 1:
        raise GetawayError(f"gamma must be from 0 to 1, got {text!r}")
    return value


def _pick(text: str) -> str:
    if text not in PICKS:
        raise GetawayError(f"pick must be one of {', '.join(PICKS)}, got {text!r}")
    return text


def _techniques(key: str) -> Callable[[str], frozenset[str]]:
    def read(text: str) -> frozenset[str]:
        names = text.split("+")
        for name in names:
            if not _TECHNIQUE.match(name):
                raise GetawayError(
                    f"{key}= takes technique names joined by '+' "
                    f"(e.g. {key}=categorization+coalition), got {text!r}"
                )
        return frozenset(names)

    return read


_READERS: dict[str, Callable[[str], Any]] = {
    "iterations": _whole("iterations", 1),
    "seconds": _seconds,
    "c": _real("c", positive=False),
    "gamma": _gamma,
    "depth": _whole("depth", 0),
    "pool": _whole("pool", 0),
    "pick": _pick,
    "z": _real("z", positive=False),
    "on": _techniques("on"),
    "off": _techniques("off"),
}
#: One line per key, for error messages and docs.
KEY_HELP = {
    "iterations": "iterations per move (whole number >= 1)",
    "seconds": "time cap per move in seconds (> 0, or 'none')",
    "c": "UCB exploration constant (>= 0)",
    "gamma": "exploration in regret matching at simultaneous steps (0 to 1)",
    "depth": "playout plies before the game's evaluation is asked (>= 0)",
    "pool": "determinizations drawn per move and reused (0: a fresh one each iteration)",
    "pick": "move at a simultaneous root: 'sample' the average strategy or its 'max'",
    "z": "standard errors by which a move must beat the game's default move (>= 0)",
    "on": "techniques to switch on, joined by '+'",
    "off": "techniques to switch off, joined by '+'",
}
assert set(KEY_HELP) == set(_READERS) <= {f.name for f in fields(SearchSettings)}


def is_search_spec(name: str) -> bool:
    """Whether ``name`` asks for the search bot (a level or a spec), valid or not."""
    return re.split(r"[:,]", name, maxsplit=1)[0].strip() in BASES


def parse_spec(spec: str, budgets: Mapping[str, int] | None = None) -> SearchSettings:
    """The settings a bot name asks for; a :class:`GetawayError` says what is wrong.
    ``budgets`` are a game's own iterations per level (``Game.search_budgets``), which
    replace the level's generic ones; an ``iterations=`` setting replaces both."""
    base, *parts = (part.strip() for part in re.split(r"[:,]", spec))
    if base not in BASES:
        raise GetawayError(f"a search bot spec starts with one of {', '.join(BASES)}; got {spec!r}")
    level = "medium" if base == ISMCTS else base
    settings = LEVELS[level]
    if budgets and level in budgets:
        settings = replace(settings, iterations=budgets[level])
    seen: set[str] = set()
    for part in parts:
        key, equals, text = part.partition("=")
        key, text = key.strip(), text.strip()
        if key not in _READERS or not equals or not text:
            raise GetawayError(
                f"bad setting {part!r} in {spec!r}: use KEY=VALUE with KEY one of "
                + "; ".join(f"{k} ({h})" for k, h in KEY_HELP.items())
            )
        if key in seen:
            raise GetawayError(f"{key} is given twice in {spec!r}")
        seen.add(key)
        settings = replace(settings, **{key: _READERS[key](text)})
    both = settings.on & settings.off
    if both:
        raise GetawayError(f"technique(s) both on and off in {spec!r}: {', '.join(sorted(both))}")
    return settings


def uncapped_spec(name: str) -> str:
    """``name`` with its time cap dropped when it names a search bot (``hard`` becomes
    ``hard:seconds=none``); any other bot name as it is. For strength measurements, which must
    give the same games on any machine however loaded: a tool that takes bot names applies
    this to each one rather than asking for a flag per tool."""
    if not is_search_spec(name):
        return name
    settings = parse_spec(name)  # a bad spec fails here, saying what is wrong
    if settings.seconds is None:
        return name
    if re.search(r"[:,]\s*seconds\s*=", name):
        return re.sub(r"([:,]\s*seconds\s*=\s*)[^:,]*", r"\g<1>none", name)
    return f"{name}:seconds=none"


def check_techniques(settings: SearchSettings, available: frozenset[str], game: str) -> None:
    """Refuse ``on``/``off`` names that the game's search policy does not have."""
    unknown = (settings.on | settings.off) - available
    if unknown:
        allowed = ", ".join(sorted(available)) or "none"
        raise GetawayError(
            f"unknown technique(s) for {game}: {', '.join(sorted(unknown))}; "
            f"its techniques: {allowed}"
        )
