"""Contact cards (spec §7.5.1, §8.2, §17.2): taking one from the display with option A, B
or C, refilling the display, and paying for a card when it is used.

A take is one step, written ``<index>:<card>:<option>`` after the caller's prefix
(``visit:contact:2:boxer:B``): the display position (the display's order matters with 2
players and solo), the card, and

- ``A``: the card goes to the box;
- ``B``: face up on the leftmost empty contact space (no card, no Asset, no Handcuffs);
- ``C:<space>``: on top of the Contact card on that space, which leaves the game (+1
  notoriety). Not a space under Handcuffs (R-WND-5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from getaway.games.escape_plan.boards import gain_notoriety
from getaway.games.escape_plan.options import Rules
from getaway.games.escape_plan.schema import ContactCard
from getaway.games.escape_plan.state import Piece, Player, Table

if TYPE_CHECKING:
    from getaway.games.escape_plan.content import Content


def card(rules: Rules, card_id: str) -> ContactCard:
    # By id from a table built once per content (every executive list asks it).
    content = rules.content
    known = _CARDS_BY_ID.get(id(content))
    if known is None or known[0] is not content:
        cards = {kind.id: kind for kind in reversed(content.contacts.cards)}
        known = _CARDS_BY_ID[id(content)] = (content, cards)
    return known[1][card_id]


#: Each content's Contact cards by id (the first of an id wins, as a scan would find it),
#: keyed by the content object's id; the content is kept with them, so the id is not reused.
_CARDS_BY_ID: dict[int, tuple[Content, dict[str, ContactCard]]] = {}


def leftmost_empty_space(player: Player) -> int | None:
    """Option B's space: no card, no Asset and no Handcuffs (§7.5.1)."""
    for index, piece in enumerate(player.contacts):
        if piece is None and not player.cuffed[index]:
            return index
    return None


def replaceable_spaces(player: Player, keep: int | None = None) -> list[int]:
    """Option C's targets: the player's Contact cards, face up or down, not under Handcuffs;
    ``keep`` is the space of a card being used right now, which cannot replace itself."""
    return [
        index
        for index, piece in enumerate(player.contacts)
        if piece is not None
        and piece.kind == "contact"
        and not player.cuffed[index]
        and index != keep
    ]


def take_options(table: Table, player: Player, keep: int | None = None) -> list[str]:
    """Every way to take a card from the display, display order then A, B, C by space.
    Empty when the display is (then nothing happens, §7.5.1 step 1)."""
    found: list[str] = []
    free = leftmost_empty_space(player)
    targets = replaceable_spaces(player, keep)
    for index, card_id in enumerate(table.contact_display):
        found.append(f"{index}:{card_id}:A")
        if free is not None:
            found.append(f"{index}:{card_id}:B")
        found += [f"{index}:{card_id}:C:{space}" for space in targets]
    return found


def take_contact(rules: Rules, table: Table, player: Player, option: str) -> None:
    """Carry out a take named by :func:`take_options` (already checked legal)."""
    parts = option.split(":")
    index, card_id, letter = int(parts[0]), parts[1], parts[2]
    assert table.contact_display[index] == card_id
    if letter == "B":
        space = leftmost_empty_space(player)
        assert space is not None
        player.contacts[space] = Piece("contact", card_id)
    elif letter == "C":
        player.contacts[int(parts[3])] = Piece("contact", card_id)
        gain_notoriety(player)
    _refill(rules, table, index)


def _refill(rules: Rules, table: Table, index: int) -> None:
    """§7.5.1 step 3. With 2 players and solo the order matters: the cards left of the gap
    shift right and the new card goes leftmost (Sandra and Costa take from the right);
    otherwise the new card simply takes the free place. An empty deck refills nothing."""
    new = table.contact_deck.pop(0) if table.contact_deck else None
    if rules.mode == "MULTI":
        if new is None:
            del table.contact_display[index]
        else:
            table.contact_display[index] = new
        return
    del table.contact_display[index]
    if new is not None:
        table.contact_display.insert(0, new)


def usable_contact(player: Player, space: int) -> bool:
    """§8.2: a Contact card face up and not under Handcuffs."""
    piece = player.contacts[space]
    return (
        piece is not None and piece.kind == "contact" and piece.face_up and not player.cuffed[space]
    )


def spend_contact(rules: Rules, player: Player, space: int) -> ContactCard:
    """Use the Contact card on ``space`` (§8.2 steps 1, 2, 4): pay its cost, gain 1
    notoriety for a red star, turn it face down. The caller applies the effect (step 3)."""
    piece = player.contacts[space]
    if piece is None or not usable_contact(player, space):
        raise ValueError(f"{player.seat} has no usable Contact card on contact space {space}")
    kind = card(rules, piece.id)
    if kind.cost > player.cash:
        raise ValueError(f"{kind.name} costs ${kind.cost}k; {player.seat} has ${player.cash}k")
    player.cash -= kind.cost
    if kind.star:
        gain_notoriety(player)
    player.contacts[space] = Piece("contact", piece.id, False)
    return kind
