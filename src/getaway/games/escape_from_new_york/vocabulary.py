"""The effects the content may name, checked against the effects the rules apply, once, as
the content loads: every ``do`` of every effect list in ``data/`` must be one its kind of
content's rules dispatch (a hero's card, ability, item, diplomat or car: ``hero_effects.py``;
New York's cards, events, timer cards and traps: ``new_york_turn.py``; landmarks:
``exploring.py``). A file naming any other is refused with its file and field.

This is what lets ``apply`` change the state in place with no snapshot to roll back to: no
action can reach an effect the rules do not apply. The schema (``schema.py``) already refuses
a ``do`` outside its kind's union; this check holds the rules to the schema, so that a kind
added to the schema without its rule is refused at load, not halfway through an action.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from getaway.core.content import Problems, entry
from getaway.games.escape_from_new_york import exploring, hero_effects, new_york_turn

if TYPE_CHECKING:
    from getaway.games.escape_from_new_york.content import Content

#: An effect list of one entry: the entry's field path, and the effects.
_Listed = tuple[str, Sequence[Any]]


def check_effects_applied(content: Content, names: dict[str, str]) -> None:
    """Raise a :class:`~getaway.core.content.ContentError` naming the file and field of each
    effect whose ``do`` the rules do not apply; ``names`` as for ``checks.check_all``."""
    hero = hero_effects.HERO_EFFECTS_BUILT
    city = new_york_turn.CITY_EFFECTS_BUILT
    landmark = exploring.LANDMARK_EFFECTS_BUILT
    problems = Problems()
    for kind, built, listed in (
        ("hero_cards", hero, _hero_cards(content)),
        ("heroes", hero, _abilities(content)),
        ("items", hero, _items(content)),
        ("diplomats", hero, _diplomats(content)),
        ("cars", hero, _cars(content)),
        ("new_york", city, _new_york(content)),
        ("events", city, _events(content)),
        ("timer", city, _timer(content)),
        ("tiles", city, _traps(content)),
        ("landmarks", landmark, _landmarks(content)),
    ):
        for where, effects in listed:
            for index, effect in enumerate(effects):
                if effect.do not in built:
                    problems.add(
                        names[kind],
                        f"{where}[{index}].do",
                        f"{effect.do!r} is not an effect these rules apply here; they apply: "
                        + ", ".join(sorted(built)),
                    )
    problems.raise_first()


def _hero_cards(content: Content) -> Iterable[_Listed]:
    for index, card in enumerate(content.hero_cards.cards):
        yield f"{entry('cards', index, card.id)}.effects", card.effects


def _abilities(content: Content) -> Iterable[_Listed]:
    for index, hero in enumerate(content.heroes.heroes):
        for option, effects in enumerate(hero.ability):
            yield f"{entry('heroes', index, hero.id)}.ability[{option}]", effects


def _items(content: Content) -> Iterable[_Listed]:
    for index, item in enumerate(content.items.items):
        yield f"{entry('items', index, item.id)}.use", item.use


def _diplomats(content: Content) -> Iterable[_Listed]:
    for index, diplomat in enumerate(content.diplomats.diplomats):
        yield f"{entry('diplomats', index, diplomat.id)}.reveal", diplomat.reveal


def _cars(content: Content) -> Iterable[_Listed]:
    for index, car in enumerate(content.cars.cars):
        yield f"{entry('cars', index, car.id)}.move", car.move


def _new_york(content: Content) -> Iterable[_Listed]:
    for index, card in enumerate(content.new_york.cards):
        yield f"{entry('cards', index, card.id)}.effects", card.effects


def _events(content: Content) -> Iterable[_Listed]:
    for index, card in enumerate(content.events.events):
        yield f"{entry('events', index, card.id)}.effects", card.effects


def _timer(content: Content) -> Iterable[_Listed]:
    for index, card in enumerate(content.timer.black):
        yield f"{entry('black', index, card.id)}.effects", card.effects


def _traps(content: Content) -> Iterable[_Listed]:
    for index, tile in enumerate(content.tiles.tiles):
        yield f"{entry('tiles', index, tile.id)}.trap", tile.trap or []


def _landmarks(content: Content) -> Iterable[_Listed]:
    for index, landmark in enumerate(content.landmarks.landmarks):
        yield f"{entry('landmarks', index, landmark.id)}.effects", landmark.effects
