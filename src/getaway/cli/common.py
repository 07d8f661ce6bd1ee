"""What every command shares: game options from the command line, bot line-ups, output."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console

from getaway.ai import bot_names, make_bot, validate_bot_name
from getaway.core import Bot, Game, GetawayError, JSONDict
from getaway.parallel import BACKENDS, Backend


class UsageError(GetawayError):
    """Bad command-line input: the command exits with code 2 and this message."""


def console() -> Console:
    """A console on the current ``sys.stdout`` (made per call so redirected output, as in
    tests, is honoured). Long lines are never wrapped into invalid action ids."""
    return Console(file=sys.stdout, soft_wrap=True, highlight=False, emoji=False)


def say(out: Console, text: str) -> None:
    """Print text that may contain user input verbatim: no markup, no highlighting."""
    out.print(text, markup=False, highlight=False)


def print_json(data: Any) -> None:
    """One JSON document on one line: plain ``print`` so nothing is wrapped or styled."""
    print(json.dumps(data, ensure_ascii=False))


def parse_option_value(text: str) -> Any:
    """``10`` -> 10, ``true`` -> True, ``[3,8]`` -> [3, 8]; anything else stays a string, so
    ``edition=classic`` needs no quotes."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def collect_options(pairs: Sequence[str], players: int | None) -> JSONDict:
    """Options from ``--option key=value`` pairs and ``--players``."""
    options: JSONDict = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"--option needs the form key=value, got {pair!r}")
        options[key.strip()] = parse_option_value(value.strip())
    if players is not None:
        if "players" in options and options["players"] != players:
            raise UsageError(
                f"--players {players} contradicts --option players={options['players']}"
            )
        options["players"] = players
    return options


def split_names(text: str) -> list[str]:
    """``"a, b,c"`` -> ``["a", "b", "c"]``."""
    return [name.strip() for name in text.split(",") if name.strip()]


def default_bot_name(game: Game) -> str:
    """The strongest generally available bot: the game's ``heuristic`` when it has one."""
    return "heuristic" if "heuristic" in bot_names(game) else "random"


def assign_bots(game: Game, seats: Sequence[str], names: Sequence[str]) -> dict[str, str]:
    """Bot names for ``seats`` in seat order: one name plays every seat, otherwise one name
    per seat. Unknown names and malformed specs raise a :class:`UsageError` saying what is
    allowed."""
    if len(names) == 1:
        names = [names[0]] * len(seats)
    if len(names) != len(seats):
        raise UsageError(
            f"--bots names {len(names)} bots but there are {len(seats)} bot seats "
            f"({', '.join(seats)}); give one name for all of them or one per seat"
        )
    for name in names:
        # Names and specs alike ("hard", "ismcts:iterations=500:off=coalition"): the same
        # check as make_bot, whose message says what is allowed.
        try:
            validate_bot_name(game, name)
        except GetawayError as exc:
            raise UsageError(str(exc)) from None
    return dict(zip(seats, names, strict=True))


def build_bots(game: Game, lineup: Mapping[str, str]) -> dict[str, Bot]:
    """One bot object per seat (bots may keep per-seat memory, so seats never share one)."""
    return {seat: make_bot(game, name) for seat, name in lineup.items()}


def add_backend_options(parser: argparse.ArgumentParser) -> None:
    """``--backend`` and ``--address``: where a command's games run (see getaway.parallel)."""
    parser.add_argument(
        "--backend",
        choices=BACKENDS,
        default="process",
        help="where the games run: 'process', worker processes on this machine (default), or "
        "'ray', a Ray cluster: a local one of --workers CPUs started for the run, or the one "
        "at --address (needs: pip install 'getaway[cluster]'). Same results on both",
    )
    parser.add_argument(
        "--address",
        metavar="HOST:PORT",
        help="with --backend ray: join the running Ray cluster whose head node is at "
        "HOST:PORT (or 'auto': the one started on this machine) and use all its CPUs; "
        "every node needs getaway installed",
    )


def backend_from_args(args: argparse.Namespace, workers: int) -> Backend:
    """The backend that ``--backend``, ``--address`` and ``--workers`` ask for."""
    if args.address is not None:
        if args.backend != "ray":
            raise UsageError("--address names a Ray cluster to join, so it needs --backend ray")
        if args.workers is not None:
            raise UsageError(
                "--workers sets the size of a local Ray cluster; with --address the "
                "cluster's own CPUs are used, so leave --workers out"
            )
    return Backend(args.backend, workers, args.address)
