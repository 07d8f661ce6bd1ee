"""The public event log: what happened at the table, in order, for narration and memory.

The state appends small tuples while it resolves (``(kind, round, ...)``, seats as player
indices); views and saves show them as JSON objects with seat names. Everything in the log is
public by construction: it never holds a card discarded face down, a secret commit, an
unrevealed ability or a role (the roles appear only in the views once the game is over).

Event objects (``gun`` counts from 1; ``target`` is a seat or ``"none"``):

| type | fields |
|---|---|
| ``round`` | ``notes``: the notes drawn into the pot at the start of the round |
| ``reveal`` | ``seat``, ``ability``: an ability card shown |
| ``card-returned`` | ``seat``: the Sly revealed after loading and took his card back |
| ``aims`` | ``aims``: seat -> a target per gun, shown together |
| ``kid-aim`` | ``seat``, ``target``: the Kid's aim |
| ``hide`` | ``seats``: who hid (one shame token each) |
| ``lowered`` | ``seat``, ``gun``, ``reason``: a card discarded face down without effect |
| ``fire`` | ``phase`` (5 or 6), ``seat``, ``gun``, ``card``, ``target``: a card revealed |
| ``wound`` | ``seat``, ``wounds`` (taken now), ``total``, ``cause`` (``shot`` or ``grenade``) |
| ``grenade`` | ``seat`` (the Crazy), ``victims`` |
| ``death`` | ``seat``, ``money``: killed; that money went back to the box |
| ``claim`` | ``seat``, ``from``, ``cards``: #3 took the dead player's gun and that many cards |
| ``specialist`` | ``seat``: took his BBB back and discarded an unused card face down |
| ``unhurt`` | ``seat``: #10 stood up to take part in the split |
| ``split`` | ``share``, ``shares`` (``[{seat, notes}]``), ``leftover`` |
| ``phone`` | ``used``, ``uses``, ``order``: the phone's final side after the participants |
| ``end`` | ``winners``, ``reason`` |

A ``lowered`` reason is ``hid`` (its owner hid), ``target-hid``, ``no-target``, ``hit`` (its
owner was hit by a BBB in Phase 5) or ``round-over`` (the grenade ended the round).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from getaway.core import JSONDict, SaveFileError
from getaway.games.cash_n_guns.cards import (
    ABILITY_CODES,
    ABILITY_NAMES,
    CARD_CODES,
    CARD_NAMES,
    NOTE_VALUES,
)

Event = tuple[Any, ...]

_REASONS = ("hid", "target-hid", "no-target", "hit", "round-over")
_CAUSES = ("shot", "grenade")
_END_REASONS = ("no-survivor", "sole-survivor", "backup", "richest", "shared")


def _target(t: int, seats: tuple[str, ...]) -> str | None:
    if t == -2:
        return None
    return "none" if t < 0 else seats[t]


def event_to_json(e: Event, seats: tuple[str, ...]) -> JSONDict:
    """One log tuple as a JSON object with seat names."""
    kind, r = e[0], e[1]
    out: JSONDict = {"type": kind, "round": r}
    if kind == "round":
        out["notes"] = list(e[2])
    elif kind == "reveal":
        out["seat"] = seats[e[2]]
        out["ability"] = ABILITY_NAMES[e[3]]
    elif kind in ("card-returned", "specialist", "unhurt"):
        out["seat"] = seats[e[2]]
    elif kind == "aims":
        out["aims"] = {seats[i]: [_target(t, seats) for t in ts] for i, ts in e[2]}
    elif kind == "kid-aim":
        out["seat"] = seats[e[2]]
        out["target"] = _target(e[3], seats)
    elif kind == "hide":
        out["seats"] = [seats[i] for i in e[2]]
    elif kind == "lowered":
        out.update(seat=seats[e[2]], gun=e[3] + 1, reason=e[4])
    elif kind == "fire":
        out.update(
            phase=e[2], seat=seats[e[3]], gun=e[4] + 1, card=CARD_NAMES[e[5]],
            target=_target(e[6], seats),
        )  # fmt: skip
    elif kind == "wound":
        out.update(seat=seats[e[2]], wounds=e[3], total=e[4], cause=e[5])
    elif kind == "grenade":
        out.update(seat=seats[e[2]], victims=[seats[i] for i in e[3]])
    elif kind == "death":
        out.update(seat=seats[e[2]], money=e[3])
    elif kind == "claim":
        out.update(seat=seats[e[2]], cards=e[4])
        out["from"] = seats[e[3]]
    elif kind == "split":
        out["share"] = e[2]
        out["shares"] = [{"seat": seats[i], "notes": list(notes)} for i, notes in e[3]]
        out["leftover"] = list(e[4])
    elif kind == "phone":
        out.update(used=e[2], uses=e[3], order=[seats[i] for i in e[4]])
    elif kind == "end":
        out.update(winners=[seats[i] for i in e[2]], reason=e[3])
    return out


class _Fields:
    """Typed access to one event object, with errors naming the event."""

    def __init__(self, data: Any, number: int, seats: tuple[str, ...]) -> None:
        if not isinstance(data, Mapping):
            raise SaveFileError(f"save file: event {number} must be an object")
        self.data = data
        self.number = number
        self.seats = seats

    def fail(self, what: str) -> SaveFileError:
        return SaveFileError(f"save file: event {self.number} ({self.data.get('type')}): {what}")

    def get(self, key: str) -> Any:
        if key not in self.data:
            raise self.fail(f"field {key!r} is missing")
        return self.data[key]

    def integer(self, key: str, low: int, high: int) -> int:
        value = self.get(key)
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise self.fail(f"{key!r} must be a whole number from {low} to {high}")
        return value

    def boolean(self, key: str) -> bool:
        value = self.get(key)
        if not isinstance(value, bool):
            raise self.fail(f"{key!r} must be true or false")
        return value

    def seat(self, key: str) -> int:
        return self.seat_of(self.get(key), key)

    def seat_of(self, value: Any, key: str) -> int:
        if value not in self.seats:
            raise self.fail(f"{key!r} must be one of {', '.join(self.seats)}")
        return self.seats.index(value)

    def seat_list(self, key: str) -> tuple[int, ...]:
        value = self.get(key)
        if not isinstance(value, list):
            raise self.fail(f"{key!r} must be a list of seats")
        return tuple(self.seat_of(v, key) for v in value)

    def target_of(self, value: Any, key: str) -> int:
        if value is None:
            return -2
        if value == "none":
            return -1
        return self.seat_of(value, key)

    def notes(self, value: Any, key: str) -> tuple[int, ...]:
        if not isinstance(value, list) or any(v not in NOTE_VALUES for v in value):
            raise self.fail(f"{key!r} must be a list of note values")
        return tuple(value)

    def choice(self, key: str, allowed: tuple[str, ...]) -> str:
        value = self.get(key)
        if value not in allowed:
            raise self.fail(f"{key!r} must be one of {', '.join(allowed)}")
        return str(value)


def event_from_json(data: Any, number: int, seats: tuple[str, ...]) -> Event:
    """The log tuple of one event object; anything malformed raises SaveFileError."""
    f = _Fields(data, number, seats)
    kind = f.get("type")
    r = f.integer("round", 1, 8)
    if kind == "round":
        return (kind, r, f.notes(f.get("notes"), "notes"))
    if kind == "reveal":
        ability = f.choice("ability", tuple(ABILITY_CODES))
        return (kind, r, f.seat("seat"), ABILITY_CODES[ability])
    if kind in ("card-returned", "specialist", "unhurt"):
        return (kind, r, f.seat("seat"))
    if kind == "aims":
        aims = f.get("aims")
        if not isinstance(aims, Mapping):
            raise f.fail("'aims' must map seats to targets")
        rows = []
        for seat in seats:
            if seat in aims:
                targets = aims[seat]
                if not isinstance(targets, list) or not 1 <= len(targets) <= 2:
                    raise f.fail("each aim is a list of one target per gun")
                rows.append((seats.index(seat), tuple(f.target_of(t, "aims") for t in targets)))
        if len(rows) != len(aims):
            raise f.fail("'aims' names an unknown seat")
        return (kind, r, tuple(rows))
    if kind == "kid-aim":
        return (kind, r, f.seat("seat"), f.target_of(f.get("target"), "target"))
    if kind == "hide":
        return (kind, r, f.seat_list("seats"))
    if kind == "lowered":
        return (kind, r, f.seat("seat"), f.integer("gun", 1, 2) - 1, f.choice("reason", _REASONS))
    if kind == "fire":
        card = f.choice("card", CARD_NAMES)
        return (
            kind, r, f.integer("phase", 5, 6), f.seat("seat"), f.integer("gun", 1, 2) - 1,
            CARD_CODES[card], f.target_of(f.get("target"), "target"),
        )  # fmt: skip
    if kind == "wound":
        return (
            kind, r, f.seat("seat"), f.integer("wounds", 1, 12), f.integer("total", 1, 12),
            f.choice("cause", _CAUSES),
        )  # fmt: skip
    if kind == "grenade":
        return (kind, r, f.seat("seat"), f.seat_list("victims"))
    if kind == "death":
        return (kind, r, f.seat("seat"), f.integer("money", 0, 10**7))
    if kind == "claim":
        return (kind, r, f.seat("seat"), f.seat("from"), f.integer("cards", 0, 8))
    if kind == "split":
        shares = f.get("shares")
        if not isinstance(shares, list):
            raise f.fail("'shares' must be a list")
        rows = []
        for share in shares:
            if not isinstance(share, Mapping):
                raise f.fail("each share is {seat, notes}")
            rows.append(
                (f.seat_of(share.get("seat"), "shares"), f.notes(share.get("notes"), "shares"))
            )
        return (
            kind, r, f.integer("share", 0, 10**7), tuple(rows),
            f.notes(f.get("leftover"), "leftover"),
        )  # fmt: skip
    if kind == "phone":
        return (kind, r, f.boolean("used"), f.integer("uses", 0, 3), f.seat_list("order"))
    if kind == "end":
        return (kind, r, f.seat_list("winners"), f.choice("reason", _END_REASONS))
    raise f.fail("unknown event type")
