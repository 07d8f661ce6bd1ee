"""What the turn's modules share (spec §6): the current seat, content lookups, action-id
parts and the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from getaway.core.rng import Rng
from getaway.games.escape_from_new_york import board
from getaway.games.escape_from_new_york.catalogue import HURRY
from getaway.games.escape_from_new_york.options import Rules
from getaway.games.escape_from_new_york.schema import (
    CardEffect,
    Diplomat,
    HeroCard,
    Item,
    NewYorkCard,
)
from getaway.games.escape_from_new_york.state import Table, read_spaces
from getaway.games.escape_from_new_york.topology import Cell

if TYPE_CHECKING:
    from getaway.games.escape_from_new_york.game import EscapeFromNewYorkState

#: The most cards a personal supply holds (§7.8).
SUPPLY_LIMIT = 3


# --- small readers --------------------------------------------------------------------------


def current_seat(table: Table) -> str:
    return table.turn_order[table.current]


def cell_id(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def hero_card(rules: Rules, card: str) -> HeroCard:
    return rules.content.hero_card(card)


def source_effects(rules: Rules, table: Table, source: list[Any]) -> list[CardEffect]:
    kind, name = source
    if kind == "card":
        return list(hero_card(rules, name).effects)
    if kind == "ability":
        hero = table.heroes[current_seat(table)].hero
        data = board.lookup(rules).heroes[hero]
        return list(data.ability[int(name)])
    if kind == "item":
        return list(item_data(rules, name).use)
    if kind == "reveal":  # a diplomat revealed for its effect (the Bracelet, §7.9)
        return list(diplomat_data(rules, name).reveal)
    car = next(c for c in rules.content.cars.cars if c.id == name)
    return list(car.move)


def item_data(rules: Rules, item: str) -> Item:
    return board.lookup(rules).items[item]


def diplomat_data(rules: Rules, card: str) -> Diplomat:
    return next(d for d in rules.content.diplomats.diplomats if d.id == card)


def new_york_card(rules: Rules, card: str) -> NewYorkCard:
    return board.lookup(rules).new_york[card]


def city_effects(rules: Rules, source: str, card: str) -> list[Any]:
    content = rules.content
    if source == "new_york":
        return list(new_york_card(rules, card).effects)
    if source == "timer":
        return list(next(c for c in content.timer.black if c.id == card).effects)
    if source == "trap":
        return list(board.lookup(rules).tiles[card].trap or [])
    return list(next(c for c in content.events.events if c.id == card).effects)


def ability_noise(rules: Rules, table: Table) -> int:
    hero = table.heroes[current_seat(table)].hero
    return board.lookup(rules).heroes[hero].ability_noise


def parse_cell(text: str) -> Cell:
    col, _, row = text.partition(",")
    return (int(col), int(row))


def events_per_reveal(state: EscapeFromNewYorkState) -> int:
    """The event level: the number under the marker (§7.20)."""
    return state.rules.content.event_track.levels[state.table.event_level]


#: The stage while the agenda runs on to its "back" item.
WAITING = "waiting"


def hurry_on_top(state: EscapeFromNewYorkState) -> None:
    """ "Hurry!" on top of the timer deck is revealed at once (§7.21): the helicopter lands
    (§7.14). Its other effect, the solo escape without the President, waits for §9.2."""
    table = state.table
    if table.timer_deck and table.timer_deck[0] == HURRY:
        table.timer_revealed.append(table.timer_deck.pop(0))
        table.hurry_revealed = True
        table.helicopter_landed = True


def end_game(state: EscapeFromNewYorkState, why: str) -> None:
    state.turn.ended = why
    state.turn.agenda.clear()
    state.table.phase = "over"


def hidden_landmarks(state: EscapeFromNewYorkState) -> list[Cell]:
    """The face-down landmarks a timer card may have explored, any of them (§7.21 [I])."""
    # board.hidden_landmark for each space, read in one pass over the spaces as they are.
    red = board.lookup(state.rules).landmark_cells
    return [c for c, space in read_spaces(state.table) if c in red and not space.face_up]


def park_spaces(rules: Rules) -> list[Cell]:
    """Where the helicopter may be moved: any park space, explored or not (§7.14)."""
    return [c for c, data in board.lookup(rules).cells.items() if data.kind == "park"]


def next_park_spaces(rules: Rules, table: Table) -> list[Cell]:
    """Where "move the helicopter 1 park space" may take it (the Radio, §14.7 [P]): the park
    spaces next to its own, explored or not (§7.14), clockwise from straight up."""
    here = next((c for c, s in read_spaces(table) if s.helicopter), None)
    if here is None:
        return []
    parks = set(park_spaces(rules))
    return [c for c in rules.topology.neighbours(here).values() if c in parks]


def move_helicopter(table: Table, cell: Cell) -> None:
    """The helicopter token, whichever side up, onto ``cell``."""
    for space in table.spaces.values():
        space.helicopter = False
    table.spaces[cell].helicopter = True


def president_alive_removable(rules: Rules, table: Table) -> bool:
    """ "President: Dead or Alive?": a "President Alive" card may still be taken out of the
    President deck, before the rescue (§12)."""
    alive = {c.id for c in rules.content.diplomats.president if c.alive and c.sgb}
    return not table.president_taken and any(card in alive for card in table.president_slot)


def remove_president_alive(rules: Rules, table: Table, rng: Rng) -> None:
    """Take one "President Alive" out of the President deck, out of the game (§12); the
    deck is shuffled again [P] (the player looked through it to find the card)."""
    alive = {c.id for c in rules.content.diplomats.president if c.alive and c.sgb}
    card = next(c for c in table.president_slot if c in alive)
    table.president_slot.remove(card)
    table.box.setdefault("president", []).append(card)
    rng.shuffle(table.president_slot)
