"""A seat's memory of what it alone has seen (spec §13: "information stays known once seen"):
the face-down landmarks it looked at (Brain's Scout Report, the Binoculars, the Bracelet's
placeholder effect) and the New York cards it looked at in the deck (the Radio).

The memory lives on the seat's :class:`~.state.Hero` (``seen_landmarks``,
``seen_new_york``), so it is saved, cloned and checked with the table, and ``views.py``
shows it to that seat alone. It is kept exactly as long as it says something the table does
not show everyone:

- a landmark looked at is remembered while it lies face down; once explored, it is face up
  for all, and the entry goes (nothing is forgotten: the table now shows it);
- a New York card looked at is remembered with its place counted from the deck's bottom
  (cards leave the deck from the top, so that place holds while the deck only shrinks); the
  entry goes when the card leaves the deck (it is then face up in the discard or in play)
  and every entry goes when the deck is shuffled (recycled, or a special card shuffled in):
  after a shuffle nobody knows where any card is.
"""

from __future__ import annotations

from getaway.games.escape_from_new_york.state import Table
from getaway.games.escape_from_new_york.topology import Cell


def remember_landmark(table: Table, seat: str, cell: Cell) -> None:
    """``seat`` looks at the face-down landmark on ``cell``."""
    space = table.spaces[cell]
    if space.tile is None or space.face_up:
        raise ValueError(f"{cell} holds no face-down landmark")
    table.heroes[seat].seen_landmarks[cell] = space.tile


def remember_new_york_top(table: Table, seat: str) -> None:
    """``seat`` looks at the front of the New York deck's top card."""
    deck = table.new_york_deck
    if not deck:
        return
    entry = (deck[0], len(deck) - 1)
    seen = table.heroes[seat].seen_new_york
    if entry not in seen:
        seen.append(entry)


def landmark_explored(table: Table, cell: Cell) -> None:
    """The landmark on ``cell`` is face up now: no seat's memory needs to hold it."""
    for hero in table.heroes.values():
        hero.seen_landmarks.pop(cell, None)


def new_york_shuffled(table: Table) -> None:
    """The New York deck was shuffled: where its cards lie is unknown to everyone."""
    for hero in table.heroes.values():
        hero.seen_new_york.clear()


def new_york_drawn(table: Table) -> None:
    """Cards left the top of the New York deck: forget those that are no longer in it."""
    size = len(table.new_york_deck)
    for hero in table.heroes.values():
        hero.seen_new_york[:] = [(card, at) for card, at in hero.seen_new_york if at < size]


def problems(table: Table) -> list[str]:
    """What a memory says that the table contradicts (an entry kept too long)."""
    found = []
    deck = table.new_york_deck
    for seat, hero in table.heroes.items():
        for cell, tile in hero.seen_landmarks.items():
            space = table.spaces[cell]
            if space.face_up or space.tile != tile:
                found.append(f"{seat} remembers {tile} face down on {list(cell)}, not there")
        for card, at in hero.seen_new_york:
            if at >= len(deck) or deck[len(deck) - 1 - at] != card:
                found.append(f"{seat} remembers {card} at place {at} of the New York deck")
    return found
