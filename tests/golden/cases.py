"""The golden games: one per game and edition, for Escape Plan one per mode (1, 2 and 4
players: each mode brings its own automata), for Escape from New York 1 and 4 heroes.
Actions are drawn uniformly from the legal ones with a generator of their own (never a
bot), so only a change of the rules or the views changes a file. Each seed was picked so
that the game shows its edition's main rules (noted per case)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from getaway.core import ALL, SPECTATOR, JSONDict, Move, Rng, get_game
from getaway.core.serialize import dumps

DATA = Path(__file__).parent / "data"
FORMAT = "getaway-golden/1"


@dataclass(frozen=True)
class Case:
    name: str
    game: str
    options: dict[str, Any]
    seed: int
    #: What the seed shows, for the reader of the file.
    shows: str
    #: Seed of the generator that picks the actions.
    moves_seed: int = 1

    @property
    def path(self) -> Path:
        return DATA / f"{self.name}.jsonl"


CASES = (
    Case(
        "scotland-yard-2014",
        "scotland-yard",
        {"players": 3, "edition": "2014"},
        seed=7,
        shows="Mr. X surfaces and plays both double moves (in steps); he escapes at the end",
    ),
    Case(
        "scotland-yard-classic",
        "scotland-yard",
        {"players": 3, "edition": "classic"},
        seed=7,
        shows="the classic board, start cards and tickets; the detectives end up unable to move",
    ),
    Case("cash-n-guns-basic", "cash-n-guns", {"players": 4}, seed=3, shows="the Basic game"),
    Case(
        "cash-n-guns-advanced",
        "cash-n-guns",
        {"players": 5, "advanced": True},
        seed=16,
        shows="abilities revealed, the reaction windows, a death and a claim of his cards (#3)",
    ),
    Case(
        "cash-n-guns-cop",
        "cash-n-guns",
        {"players": 5, "undercover_cop": True},
        seed=5,
        shows="the Undercover Cop game and its phone, flipped twice by the cop",
    ),
    Case(
        "escape-plan-1-player",
        "escape-plan",
        {"players": 1},
        seed=28,
        shows="solo against Costa and Sandra: a Heliport flight, a Gas Mask, the Handcuffs; "
        "p1 escapes but Costa outscores him, so nobody wins",
    ),
    Case(
        "escape-plan-2-players",
        "escape-plan",
        {"players": 2},
        seed=1,
        shows="two players and Sandra: p1 buys a Helicopter from the Fixer, escapes and wins; "
        "p2 is arrested",
    ),
    Case(
        "escape-plan-4-players",
        "escape-plan",
        {"players": 4},
        seed=8,
        shows="gas and Gas Masks, Stunt Contacts hired, the Handcuffs; p3 and p4 escape and "
        "p4 wins on money, p1 and p2 are arrested",
    ),
    Case(
        "escape-from-new-york-1-hero",
        "escape-from-new-york",
        {"players": 1},
        seed=8,
        shows="solo: a boss enters, a car taken, deceiving, the weapon fired, a level-up's "
        "special card, a team escape called at a bridge and failed; the fatal red card ends it",
    ),
    Case(
        "escape-from-new-york-4-heroes",
        "escape-from-new-york",
        {"players": 4},
        seed=4,
        shows="four heroes: a boss, cars taken and driven with a passenger, deceiving, "
        "weapons fired, items picked up, level-ups; the fatal red card ends it",
    ),
)


def playthrough(case: Case) -> Iterator[str]:
    """The lines of a case's file: a header; each viewer's whole view at the start; then per
    step a line with the action and a line per viewer with what it was shown of the action
    and how its view changed (:func:`delta`); at the end the outcome. Views are given as
    changes so that a file stays small and a rules change reads as a short diff."""
    game = get_game(case.game)
    state = game.new_state(case.options, case.seed)
    viewers = (*state.seats, SPECTATOR, ALL)
    yield dumps(
        {
            "format": FORMAT,
            "game": case.game,
            "options": game.normalize_options(case.options),
            "seed": case.seed,
            "moves_seed": case.moves_seed,
            "shows": case.shows,
            "viewers": list(viewers),
        }
    )
    seen = {viewer: state.view(viewer) for viewer in viewers}
    for viewer in viewers:
        yield dumps({"step": 0, "viewer": viewer, "view": seen[viewer]})
    rng = Rng(case.moves_seed)
    step = 0
    while not state.is_over():
        step += 1
        to_act = state.to_act()
        seat = to_act[rng.below(len(to_act))]
        legal = state.legal_actions(seat)
        move = Move(seat, legal[rng.below(len(legal))])
        before = state.clone()
        state.apply(move.seat, move.action)
        yield dumps({"step": step, "seat": move.seat, "action": move.action})
        for viewer in viewers:
            public = game.public_action(before, move, viewer)
            now = state.view(viewer)
            record: JSONDict = {
                "step": step,
                "viewer": viewer,
                "shown": None if public is None else public.shown,
            }
            if now != seen[viewer]:
                record["view"] = delta(seen[viewer], now)
            seen[viewer] = now
            yield dumps(record)
    outcome = state.outcome()
    assert outcome is not None
    yield dumps({"outcome": outcome.to_json()})


def delta(old: Any, new: Any) -> Any:
    """How ``new`` differs from ``old``: for objects, the changed keys (recursively) with
    ``"-"`` listing removed ones; for a list that only grew, ``{"+": the new items}``; for a
    list of the same length, ``{"@": {index: change}}``; otherwise the new value, whole, as
    ``{"=": new}``."""
    if isinstance(old, dict) and isinstance(new, dict):
        changed: JSONDict = {
            key: delta(old.get(key), value)
            for key, value in new.items()
            if key not in old or old[key] != value
        }
        removed = sorted(key for key in old if key not in new)
        if removed:
            changed["-"] = removed
        return changed
    if isinstance(old, list) and isinstance(new, list):
        if new[: len(old)] == old:
            return {"+": new[len(old) :]}
        if len(new) == len(old):
            return {
                "@": {
                    str(i): delta(o, n)
                    for i, (o, n) in enumerate(zip(old, new, strict=True))
                    if o != n
                }
            }
    return {"=": new}


def write_all() -> list[Path]:
    DATA.mkdir(exist_ok=True)
    written = []
    for case in CASES:
        case.path.write_text("\n".join(playthrough(case)) + "\n", encoding="utf-8")
        written.append(case.path)
    return written
