"""Every identifier the game state may hold, by kind, read off the content once: what a save
file is checked against, so a misspelt card or tile is refused naming its field.

Also the few names that are rules rather than content: "Hurry!" (its effects are rules,
§7.21, so ``timer.json`` holds only its count), the Library and the WTC (one tile each, named
by their cell kind).
"""

from __future__ import annotations

from dataclasses import dataclass

from getaway.games.escape_from_new_york.content import Content

#: The timer deck's "Hurry!" card, and the tiles that are named by their cell kind.
HURRY = "hurry"
LIBRARY = "library"
WTC = "wtc"


@dataclass(frozen=True)
class Catalogue:
    """The identifiers of each kind of card, tile and token (the union over every variant)."""

    hero_cards: frozenset[str]
    items: frozenset[str]
    diplomats: frozenset[str]
    president_cards: frozenset[str]
    new_york_cards: frozenset[str]
    events: frozenset[str]
    timer_cards: frozenset[str]
    tiles: frozenset[str]
    landmarks: frozenset[str]
    outskirts: frozenset[str]
    objectives: frozenset[str]
    car_cards: frozenset[str]
    level_sets: frozenset[str]
    bosses: frozenset[str]

    @property
    def placed_tiles(self) -> frozenset[str]:
        """What may lie on a space: a city or park tile, a landmark, the Library, the WTC."""
        return self.tiles | self.landmarks | {LIBRARY, WTC}

    @property
    def supply_cards(self) -> frozenset[str]:
        """What a personal supply may hold (§7.8): items, diplomats, the President."""
        return self.items | self.diplomats | self.president_cards


def catalogue_of(content: Content) -> Catalogue:
    timer = content.timer
    return Catalogue(
        hero_cards=frozenset(card.id for card in content.hero_cards.cards),
        items=frozenset(item.id for item in content.items.items),
        diplomats=frozenset(d.id for d in content.diplomats.diplomats),
        president_cards=frozenset(p.id for p in content.diplomats.president),
        new_york_cards=frozenset(card.id for card in content.new_york.cards),
        events=frozenset(event.id for event in content.events.events),
        timer_cards=frozenset(
            [HURRY, *(card.id for card in timer.black), *(card.id for card in timer.red)]
        ),
        tiles=frozenset(tile.id for tile in content.tiles.tiles),
        landmarks=frozenset(landmark.id for landmark in content.landmarks.landmarks),
        outskirts=frozenset(token.id for token in content.outskirts.tokens),
        objectives=frozenset(o.id for o in content.objectives.objectives),
        car_cards=frozenset(car.id for car in content.cars.cars),
        level_sets=frozenset(s.id for s in content.level_tokens.sets),
        bosses=frozenset(boss.id for boss in content.enemies.bosses),
    )
