"""Which cards, tiles and tokens a game uses, by the variants of its options (§4, §10, §12):
the pools setup deals from and the invariants count against. Each pool lists an entry's id
once per copy, in file order.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from getaway.games.escape_from_new_york.catalogue import HURRY
from getaway.games.escape_from_new_york.options import Rules
from getaway.games.escape_from_new_york.schema import Item


class _Copies(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def copies(self) -> int: ...


def expand(entries: Iterable[_Copies]) -> list[str]:
    """A deck's cards: each entry's id once per copy, in file order."""
    return [entry.id for entry in entries for _ in range(entry.copies)]


def black_timer_pool(rules: Rules) -> list[str]:
    """The black timer cards step 9 draws from: the SGB extras join them (A-05)."""
    extra = rules.variant("extra_timer_cards")
    return expand(card for card in rules.content.timer.black if not card.sgb or extra)


def timer_cards(rules: Rules) -> list[str]:
    """Every timer card of the game: the black pool, "Hurry!", the reds."""
    timer = rules.content.timer
    return [*black_timer_pool(rules), *[HURRY] * timer.hurry, *(card.id for card in timer.red)]


def president_cards(rules: Rules) -> list[str]:
    """The President card, or the "Dead or Alive?" President deck (§12)."""
    sgb = rules.variant("dead_or_alive")
    return expand(card for card in rules.content.diplomats.president if card.sgb == sgb)


def bracelet(rules: Rules) -> str:
    """The President's Bracelet in play: the SGB026 one with "Dead or Alive?" (§12)."""
    sgb = rules.variant("dead_or_alive")
    diplomats = rules.content.diplomats.diplomats
    return next(d.id for d in diplomats if d.role == "bracelet" and d.sgb == sgb)


def tape(rules: Rules) -> str:
    return next(d.id for d in rules.content.diplomats.diplomats if d.role == "tape")


def unnamed_diplomats(rules: Rules) -> list[str]:
    """The diplomat cards the text does not name, of which one is removed at setup."""
    return [d.id for d in rules.content.diplomats.diplomats if d.role is None and not d.sgb]


def diplomat_cards(rules: Rules) -> list[str]:
    return [*unnamed_diplomats(rules), bracelet(rules), tape(rules)]


def city_tiles(rules: Rules) -> list[str]:
    """The city tiles, with the SGB trap tiles in that variant (§12)."""
    traps = rules.variant("traps")
    tiles = rules.content.tiles.tiles
    return [t.id for t in tiles if t.deck == "city" and (not t.sgb or traps)]


def park_tiles(rules: Rules) -> list[str]:
    return [t.id for t in rules.content.tiles.tiles if t.deck == "park"]


def item_in_play(rules: Rules, item: Item) -> bool:
    """Whether an item card is in this game's item deck: every base card, the SGB Crossbows
    (weapons) with that module, the President's Finger (the SGB card that removes a
    "President Alive") with "Dead or Alive?" (§12). Starting cards are the heroes'."""
    if item.starting:
        return False
    if not item.sgb:
        return True
    if item.weapon:
        return rules.variant("crossbows")
    removes_alive = any(effect.do == "remove_president_alive" for effect in item.use)
    return removes_alive and rules.variant("dead_or_alive")


def item_deck(rules: Rules) -> list[str]:
    return expand(item for item in rules.content.items.items if item_in_play(rules, item))


def event_cards(rules: Rules) -> list[str]:
    """The event deck, with the SGB Explosions in that variant (§12)."""
    explosions = rules.variant("explosions")
    return expand(e for e in rules.content.events.events if not e.sgb or explosions)


def new_york_cards(rules: Rules, special: bool) -> list[str]:
    """The New York action cards (``special`` false) or the special ones that wait beside the
    board: the Hard deck's in that variant (A-26)."""
    hard = rules.variant("hard_new_york")
    return [c.id for c in rules.content.new_york.cards if c.special == special and c.hard == hard]


def objective_pool(rules: Rules, colour: str) -> list[str]:
    """The objective cards of ``colour`` step 18 draws from, with the Wanted objectives in
    that variant (A-06)."""
    wanted = rules.variant("wanted")
    objectives = rules.content.objectives.objectives
    return expand(o for o in objectives if o.colour == colour and (not o.wanted_variant or wanted))


def car_cards(rules: Rules) -> list[str]:
    """The car cards of the general supply (the Taxi is Cabbie's starting card)."""
    return expand(car for car in rules.content.cars.cars if not car.taxi)
