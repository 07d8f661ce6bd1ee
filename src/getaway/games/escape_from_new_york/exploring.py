"""Exploring (spec §7.3, §7.16, §7.17): an empty space gets the top tile of its deck and the
resources its symbols and its outskirts token call for; a face-down landmark is flipped and
its effects applied, each by the handler its ``do`` names.

Which space to explore is the player's choice (A-02): :func:`explorable` lists them,
:func:`explore` takes the one chosen. Nothing here picks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from getaway.core.rng import Rng
from getaway.games.escape_from_new_york import board, memory
from getaway.games.escape_from_new_york.board import lookup
from getaway.games.escape_from_new_york.enemies import (
    place_prisoner_car,
    place_prisoners,
)
from getaway.games.escape_from_new_york.options import Rules
from getaway.games.escape_from_new_york.schema import (
    AddNewYorkSpecial,
    DiplomatToken,
    EnterBoss,
    LandmarkEffect,
    PlacePresident,
    PlacePrisoners,
    TileSymbols,
)
from getaway.games.escape_from_new_york.state import Table
from getaway.games.escape_from_new_york.topology import Cell


@dataclass(slots=True)
class Explored:
    """What an exploration did, for the turn rules to carry on from."""

    cell: Cell
    tile: str | None = None
    #: Timer cards owed by noise (prisoners the supply lacked, §8.9).
    timer_reveals: int = 0
    #: A landmark's effects, by ``do``, in the order applied.
    effects: list[str] = field(default_factory=list)


def _deck(rules: Rules, table: Table, cell: Cell) -> list[str]:
    kind = lookup(rules).cells[cell].kind
    return table.city_deck if kind == "city" else table.park_deck


def explorable(rules: Rules, table: Table, cell: Cell) -> list[Cell]:
    """The empty spaces next to ``cell`` that can be explored, clockwise from straight up:
    geometric neighbours, across a barricade or with no road at all (§3.2), whose deck (city
    for a black space, park for a green one) still has a tile [P]. Empty: the effect counts
    as applied in full with nothing revealed (§7.3 step 6)."""
    return [
        there
        for there in rules.topology.neighbours(cell).values()
        if board.empty(rules, table, there) and _deck(rules, table, there)
    ]


def explore(rules: Rules, table: Table, cell: Cell) -> Explored:
    """Explore the empty space ``cell`` (§7.3): the top tile of its deck face up on it, then
    the resources its symbols call for, then its outskirts token flipped and applied as
    well (§7.17, E16). The event symbol is ignored when a tile is revealed."""
    if not board.empty(rules, table, cell):
        raise ValueError(f"{cell} is not an empty space")
    deck = _deck(rules, table, cell)
    if not deck:
        raise ValueError(f"no tile is left to explore {cell} with")
    space = table.spaces[cell]
    space.tile = deck.pop(0)
    space.face_up = True
    result = Explored(cell, space.tile)
    result.timer_reveals += _add_resources(
        rules, table, cell, lookup(rules).tiles[space.tile].symbols
    )
    if space.outskirts is not None:
        space.outskirts_face_up = True
        token = lookup(rules).outskirts[space.outskirts]
        result.timer_reveals += _add_resources(rules, table, cell, token.symbols)
    return result


def _add_resources(rules: Rules, table: Table, cell: Cell, shown: TileSymbols) -> int:
    """Place what revealed symbols call for (§7.16): prisoners, red-based cars, item markers
    and barricades on the roads shown. Returns the timer cards owed."""
    owed = place_prisoners(rules, table, cell, shown.prisoners) if shown.prisoners else 0
    for _ in range(shown.cars):
        place_prisoner_car(table, cell)
    markers = min(shown.items, table.item_markers)  # none left: ignored [P] (§8.10)
    table.item_markers -= markers
    table.spaces[cell].item_markers += markers
    for direction in shown.barricades:
        board.place_barricade(rules, table, cell, direction)
    return owed


# --- landmarks ---------------------------------------------------------------------------------


def explore_landmark(rules: Rules, table: Table, cell: Cell, rng: Rng) -> Explored:
    """Flip the face-down landmark on ``cell`` and apply its effects in printed order
    (§7.3): by moving onto it, by a timer card, or at the President's first rescue. ``rng``
    shuffles a New York special card into the deck."""
    if not board.hidden_landmark(rules, table, cell):
        raise ValueError(f"{cell} holds no face-down landmark")
    space = table.spaces[cell]
    space.face_up = True
    assert space.tile is not None
    memory.landmark_explored(table, cell)
    result = Explored(cell, space.tile)
    for effect in lookup(rules).landmarks[space.tile].effects:
        _LANDMARK_EFFECTS[effect.do](rules, table, cell, effect, rng, result)
        result.effects.append(effect.do)
    return result


_Handler = Callable[[Rules, Table, Cell, LandmarkEffect, Rng, Explored], None]


def _president(
    rules: Rules, table: Table, cell: Cell, effect: LandmarkEffect, rng: Rng, out: Explored
) -> None:
    """The Duke's Camp holds the President: the card stays on its slot until a hero takes it
    here (§7.10); revealing the camp changes nothing else."""
    assert isinstance(effect, PlacePresident)


def _enter_boss(
    rules: Rules, table: Table, cell: Cell, effect: LandmarkEffect, rng: Rng, out: Explored
) -> None:
    """A boss enters at once on the landmark (§8.1), carrying his diplomat token off its
    slot (§7.4). A boss already dead or on the map does not enter twice."""
    assert isinstance(effect, EnterBoss)
    if table.boss_state[effect.boss] != "off_board":
        return
    table.boss_state[effect.boss] = "on_map"
    table.spaces[cell].bosses.append(effect.boss)
    if effect.diplomat is not None:
        slot = table.diplomat_slots[effect.diplomat - 1]
        if slot.token:
            slot.token = False
            table.boss_diplomat[effect.boss] = effect.diplomat


def _diplomat_token(
    rules: Rules, table: Table, cell: Cell, effect: LandmarkEffect, rng: Rng, out: Explored
) -> None:
    """A diplomat becomes available: the slot's token goes onto the landmark (§7.3)."""
    assert isinstance(effect, DiplomatToken)
    slot = table.diplomat_slots[effect.slot - 1]
    if slot.token:
        slot.token = False
        table.spaces[cell].diplomat_tokens.append(effect.slot)


def _add_new_york_special(
    rules: Rules, table: Table, cell: Cell, effect: LandmarkEffect, rng: Rng, out: Explored
) -> None:
    """One New York special card, waiting beside the board, is shuffled into the *current*
    deck, not the discard (§8.8, «перемешайте их и поместите в текущую колоду»): the deck
    with the card in it is shuffled, so the top card's back may change. With the Hard deck
    the card waiting is the one replacing the named card (A-26)."""
    assert isinstance(effect, AddNewYorkSpecial)
    replacing = {c.replaces: c.id for c in rules.content.new_york.cards if c.replaces}
    for card in (effect.card, replacing.get(effect.card)):
        if card is not None and card in table.new_york_specials:
            table.new_york_specials.remove(card)
            table.new_york_deck.append(card)
            rng.shuffle(table.new_york_deck)
            memory.new_york_shuffled(table)
            return


def _place_prisoners(
    rules: Rules, table: Table, cell: Cell, effect: LandmarkEffect, rng: Rng, out: Explored
) -> None:
    assert isinstance(effect, PlacePrisoners)
    if effect.where != "here":
        raise ValueError(f"a landmark places prisoners on itself, not {effect.where!r}")
    out.timer_reveals += place_prisoners(rules, table, cell, effect.prisoners)


#: Each landmark effect's handler, by its ``do`` (the vocabulary of ``schema.py``).
_LANDMARK_EFFECTS: dict[str, _Handler] = {
    "president": _president,
    "enter_boss": _enter_boss,
    "diplomat_token": _diplomat_token,
    "add_new_york_special": _add_new_york_special,
    "place_prisoners": _place_prisoners,
}
#: The landmark effects these rules apply: the content may name no other (``vocabulary.py``).
LANDMARK_EFFECTS_BUILT = frozenset(_LANDMARK_EFFECTS)
