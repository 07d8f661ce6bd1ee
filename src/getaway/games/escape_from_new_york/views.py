"""Per-seat views: the one place where secrets are stripped (spec §13).

Every seat and spectators see the public table (§13.1): the map's figures, markers,
barricades, revealed tiles and tokens; the New York board, its discard pile, the cards in
play and the back of its top card; the revealed timer cards, the number of timer cards
left and their colours in order (the deck's structure is public, §13.1 [I]); the event
level and the event discard; each hero's weapon and car slots, level tokens and Wanted
cards. What is hidden is replaced in the same place by what may be known of it:

* a hero's hand, action discard, the cards chosen at step 2 and the special cards waiting
  beside the board: their number, except to the owner (§13.2);
* a hero's objectives: not shown, except to the owner;
* a face-down card in a personal supply: ``["?", "?", false]``, except to the owner; face-up
  ones (Brain's Bridge Diagram 3, a revealed Bracelet, cards shown for an escape) and the
  President (who holds it is public, §13.1) are shown;
* a face-down landmark or outskirts token on a space: ``"?"`` (§13.3);
* a diplomat card on a slot: ``"?"``, except a face-up one and to the seats in its
  ``known_by`` (the hero who put it back there, §13.2);
* every deck's order, as its size only: New York, timer, city, park, item, event, the
  objective decks, the President's slot and New York's waiting special cards; the face-down
  item discard and the timer cards discarded unseen at the first rescue, as their number;
* the box (the diplomat removed at setup, the unused timer and objective cards): not shown.

``all`` sees the whole table, the seed and the generator (replays and debugging; never sent
to a player). Every field of the table, of a hero, of a space and of a slot is classified
below: a field added to the state later is left out of the seats' views until it is
classified here (a test names it).

A seat's memory of what it alone looked at (``memory.py``: landmarks and New York cards
peeked at) is on its hero and shown to that seat only, like its objectives. Not modelled
yet: the memory of other things seen (a card it stole, the objective deck it looked
through).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from getaway.core import ALL, SPECTATOR, JSONDict
from getaway.core.errors import UnknownSeatError
from getaway.games.escape_from_new_york.catalogue import HURRY
from getaway.games.escape_from_new_york.options import GAME_NAME, Rules
from getaway.games.escape_from_new_york.position import Position
from getaway.games.escape_from_new_york.state import TABLE_JSON

#: Stands for a secret value in a view.
HIDDEN = "?"

PUBLIC_TABLE_FIELDS = frozenset(
    {
        "turn_order",
        "current",
        "phase",
        "step",
        "barricades",
        "noise",
        "missions_moved",
        "boss_hp",
        "boss_state",
        "boss_diplomat",
        "new_york_discard",
        "new_york_in_play",
        "timer_revealed",
        "event_level",
        "event_discard",
        "car_cards",
        "prisoner_supply",
        "car_figures",
        "barricade_supply",
        "item_markers",
        "ammo_markers",
        "wanted_cards",
        "president_taken",
        "helicopter_landed",
        "glider_destroyed",
        "hurry_revealed",
        "president_dead",
        # Figures lying deceived and damage dealt this turn are on the table for all to see.
        "marks",
    }
)


def _new_york_top(rules: Rules, deck: list[str]) -> JSONDict:
    """The New York deck: its size, and the back of its top card (cost, arrows, barricade
    road), always visible (§8.6, §13.1)."""
    if not deck:
        return {"cards": 0, "back": None}
    (card,) = [c for c in rules.content.new_york.cards if c.id == deck[0]]
    return {"cards": len(deck), "back": card.back.model_dump()}


def _timer_colours(rules: Rules, deck: list[str]) -> list[str]:
    """The timer deck's colours, top first (§13.1): black cards, "Hurry!", the reds."""
    reds = {card.id for card in rules.content.timer.red}
    return ["red" if card in reds else "hurry" if card == HURRY else "black" for card in deck]


def _size(_: Rules, value: list[Any]) -> int:
    return len(value)


#: Table fields hidden from every seat: field -> (the name it is shown under, what is shown
#: of it); ``None`` for the name: not shown at all.
HIDDEN_TABLE_FIELDS: dict[str, tuple[str | None, Callable[[Rules, Any], Any]]] = {
    "new_york_deck": ("new_york_deck", _new_york_top),
    "new_york_specials": ("new_york_specials_size", _size),
    "timer_deck": ("timer_colours", _timer_colours),
    "timer_discarded": ("timer_discarded_size", _size),
    "city_deck": ("city_deck_size", _size),
    "park_deck": ("park_deck_size", _size),
    "item_deck": ("item_deck_size", _size),
    "item_discard": ("item_discard_size", _size),
    "event_deck": ("event_deck_size", _size),
    "president_slot": ("president_slot_size", _size),
    "objective_decks": (
        "objective_deck_sizes",
        lambda _, decks: {colour: len(cards) for colour, cards in decks.items()},
    ),
    "box": (None, lambda _, __: None),
}
#: Table fields shown with their secret parts hidden, depending on the viewer.
MASKED_TABLE_FIELDS = frozenset({"spaces", "heroes", "diplomat_slots"})

PUBLIC_HERO_FIELDS = frozenset(
    {"seat", "hero", "cell", "weapon", "ammo", "car", "level_set", "level_tokens", "wanted"}
)
#: The owner's alone; others see how many (``hand_size``...), objectives not even that.
COUNTED_HERO_FIELDS = frozenset({"hand", "discard", "played", "specials"})
#: The owner's alone, not even counted for others: its objectives and its memory of what it
#: looked at (``memory.py``).
SECRET_HERO_FIELDS = frozenset({"objectives", "seen_landmarks", "seen_new_york"})
MASKED_HERO_FIELDS = frozenset({"supply"})

PUBLIC_SPACE_FIELDS = frozenset(
    {
        "cell",
        "face_up",
        "outskirts_face_up",
        "item_markers",
        "prisoners",
        "cars",
        "bosses",
        "diplomat_tokens",
        "glider",
        "helicopter",
    }
)
#: A space's field -> the field saying whether it is face up.
MASKED_SPACE_FIELDS = {"tile": "face_up", "outskirts": "outskirts_face_up"}

PUBLIC_SLOT_FIELDS = frozenset({"token", "face_up", "known_by"})
MASKED_SLOT_FIELDS = frozenset({"card"})


def build_view(position: Position, viewer: str) -> JSONDict:
    """What ``viewer`` (a seat, ``spectator`` or ``all``) may know of ``position``."""
    rules = position.rules
    if viewer not in rules.seats and viewer not in (SPECTATOR, ALL):
        raise UnknownSeatError(viewer, (*rules.seats, SPECTATOR, ALL))
    view: JSONDict = {"game": GAME_NAME, "seat": viewer, "options": dict(rules.options)}
    if viewer == ALL:
        view["table"] = position.table.to_json()
        view["seed"] = position.seed
        view["rng"] = position.rng.state
        return view
    table = position.table
    shown: JSONDict = {}
    for key, write in TABLE_JSON.items():
        if key in PUBLIC_TABLE_FIELDS:
            shown[key] = write(table)
        elif key in HIDDEN_TABLE_FIELDS:
            name, summary = HIDDEN_TABLE_FIELDS[key]
            if name is not None:
                shown[name] = summary(rules, write(table))
        elif key == "spaces":
            shown[key] = [space_view(space) for space in write(table)]
        elif key == "heroes":
            shown[key] = {
                seat: hero_view(hero, owner=seat == viewer) for seat, hero in write(table).items()
            }
        elif key == "diplomat_slots":
            shown[key] = [slot_view(slot, viewer) for slot in write(table)]
        # Anything else is not classified yet: left out.
    view["table"] = shown
    return view


def hero_view(hero: Mapping[str, Any], owner: bool) -> JSONDict:
    """A hero (``Hero.to_json``) as a viewer sees it: all of it for its owner."""
    shown: JSONDict = {}
    for key, value in hero.items():
        if key in PUBLIC_HERO_FIELDS:
            shown[key] = value
        elif key in COUNTED_HERO_FIELDS:
            if owner:
                shown[key] = value
            shown[f"{key}_size"] = len(value)
        elif key in SECRET_HERO_FIELDS:
            if owner:
                shown[key] = value
        elif key == "supply":
            # Which hero holds the President is public (§13.1, §13.2): taking or stealing
            # it is done in the open, though the card lies face down in the supply.
            shown[key] = [
                card if owner or card[2] or card[0] == "president" else [HIDDEN, HIDDEN, False]
                for card in value
            ]
    return shown


def space_view(space: Mapping[str, Any]) -> JSONDict:
    """A space (``Space.to_json``): a face-down landmark or outskirts token shows ``?``."""
    shown: JSONDict = {}
    for key, value in space.items():
        if key in PUBLIC_SPACE_FIELDS:
            shown[key] = value
        elif key in MASKED_SPACE_FIELDS:
            face_up = space[MASKED_SPACE_FIELDS[key]]
            shown[key] = value if value is None or face_up else HIDDEN
    return shown


def slot_view(slot: Mapping[str, Any], viewer: str) -> JSONDict:
    """A diplomat slot (``DiplomatSlot.to_json``): its card ``?`` unless face up or known to
    ``viewer``."""
    shown: JSONDict = {}
    for key, value in slot.items():
        if key in PUBLIC_SLOT_FIELDS:
            shown[key] = value
        elif key in MASKED_SLOT_FIELDS:
            known = slot["face_up"] or viewer in slot["known_by"]
            shown[key] = value if value is None or known else HIDDEN
    return shown
