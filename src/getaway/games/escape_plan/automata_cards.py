"""What Sandra's and Lieutenant Costa's cards have in common (spec §15.2, §15.3, §16.2): where
a card's location is, the Contact display they take from, their notoriety cubes, their cubes
on Businesses and Safe Houses and the discs these give.

Everything is a function over the :class:`Table`; chance comes from the game's ``Rng``.
The Contact display is a list with index 0 the **leftmost** card: a card leaving it closes
the gap by shifting the cards on its left one place right, and the replacement is drawn into
the leftmost place (§15.2).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from getaway.core.errors import GetawayError
from getaway.core.rng import Rng
from getaway.games.escape_plan.notoriety import InspectorCubes, NotorietyCubes
from getaway.games.escape_plan.options import (
    CONTACT_DISPLAY,
    COSTA,
    SANDRA,
    Rules,
)
from getaway.games.escape_plan.schema import DeckCard
from getaway.games.escape_plan.state import Automaton, Building, Table

#: The Contact cards whose benefit is an Extra Action disc (§15.3 "the Fixer contact").
DISC_EFFECT = "take_disc"


class AutomatonError(GetawayError, ValueError):
    """A card or participant the automata's rules do not know."""


@dataclass(frozen=True, slots=True)
class AutomatonTurn:
    """What one automaton turn did: the card resolved (``None`` if none), where the pawn
    went (``None``: it stayed), and whether it left the city (Costa, §16.3)."""

    who: str
    card: str | None
    moved_to: str | None
    escaped: bool = False
    #: Day 3's open-Exit card for Sandra: she went there and did nothing (§15.3).
    idle: bool = False


#: One automaton's VISIT of a card's location (``sandra.visit``, ``costa.visit``).
Visit = Callable[[Rules, Table, Rng, Automaton, str], None]


def deck_card(rules: Rules, name: str, location: str) -> DeckCard:
    """The content of the Inspector (Sandra) or Lieutenant (Costa) card naming ``location``."""
    deck = rules.content.inspector_deck if name == SANDRA else rules.content.lieutenant_deck
    for card in deck.cards:
        if card.location == location:
            return card
    known = ", ".join(card.location for card in deck.cards)
    raise AutomatonError(f"{name}'s deck has no card {location!r}; its cards: {known}")


def card_kind(location: str) -> str:
    """``business``, ``safe_house``, ``store`` or ``exit``."""
    return location.split(":", 1)[0]


def card_ident(location: str) -> str:
    return location.split(":", 1)[1]


def card_node(table: Table, location: str) -> str | None:
    """The node of the city where a card's location stands, or ``None`` while it is not in
    the city (its tile not placed, or its Business or Safe House tile still on the board's
    display)."""
    kind, ident = card_kind(location), card_ident(location)
    if kind == "business":
        return table.businesses[ident].placed_on
    if kind == "safe_house":
        return table.safe_houses[ident].placed_on
    if kind == "store":
        return table.city.store(ident)
    if kind == "exit":
        return table.city.exit(int(ident))
    raise AutomatonError(
        f"a deck card names business:<id>, safe_house:<n>, store:<letter> or exit:<n>; "
        f"got {location!r}"
    )


def is_open_exit(table: Table, location: str) -> bool:
    return card_kind(location) == "exit" and table.exit_open(int(card_ident(location)))


def last_day(rules: Rules, table: Table) -> bool:
    return table.day >= rules.days


def automaton(table: Table, name: str) -> Automaton:
    if name not in table.automata:
        raise AutomatonError(
            f"{name!r} does not take part in this game; automata here: "
            f"{', '.join(table.automata) or 'none'}"
        )
    return table.automata[name]


# --- who stands where (§15.1 "Opponent in location") --------------------------------------


def others_at(table: Table, node: str, who: str) -> list[str]:
    """Every participant other than ``who`` in the city and on ``node``, players first then
    Sandra and Costa: each is an opponent in that location (§7.5 R-VIS-2; Sandra counts,
    §15.1; Costa, who "follows Sandra's rules", counts as she does [INF])."""
    found = [
        seat
        for seat, player in table.players.items()
        if seat != who and player.status == "city" and player.location == node
    ]
    found += [
        name
        for name, bot in table.automata.items()
        if name != who and bot.status == "city" and bot.location == node
    ]
    return found


def tile_of(table: Table, name: str) -> str | None:
    """The City tile an automaton stands on (for AVOID, §7.4, §16.4), or ``None`` when it is
    not in the game or has left the city."""
    bot = table.automata.get(name)
    if bot is None or bot.status != "city" or bot.location is None:
        return None
    return table.city.tile_of(bot.location)


# --- notoriety cubes (§15.3, §16.2) -------------------------------------------------------


def change_notoriety(rules: Rules, bot: Automaton, step: int) -> None:
    """One gain (+1) or loss (-1). Sandra puts a cube above or below her marker (§15.3);
    Costa's cubes go red and blue exactly like a player's, saturation included (§16.2)."""
    spare = rules.content.player_board.notoriety_cubes - bot.noto_up - bot.noto_down
    if bot.name == COSTA:
        cubes = NotorietyCubes(bot.noto_up, bot.noto_down, spare).changed([step])
        bot.noto_up, bot.noto_down = cubes.red, cubes.blue
        return
    inspector = InspectorCubes(bot.noto_up, bot.noto_down, spare)
    inspector = inspector.gain() if step == 1 else inspector.lose()
    bot.noto_up, bot.noto_down = inspector.above, inspector.below


# --- discs ----------------------------------------------------------------------------------


def visit_notoriety(rules: Rules, table: Table, bot: Automaton, card: str) -> None:
    """The notoriety an automaton's visit gains before the card's effect (§15.3 step 3,
    §16.2): one per other participant in the location, then the card's own."""
    assert bot.location is not None
    for _ in others_at(table, bot.location, bot.name):
        change_notoriety(rules, bot, 1)
    change_notoriety(rules, bot, deck_card(rules, bot.name, card).notoriety)


def take_disc(table: Table, bot: Automaton) -> bool:
    """A disc from the supply, if one is left there (§2.3: discs are limited)."""
    if table.discs <= 0:
        return False
    table.discs -= 1
    bot.discs += 1
    return True


# --- the Contact display (§15.2) -----------------------------------------------------------


def _refill(table: Table) -> None:
    """Draw replacements into the leftmost places, as long as the deck lasts."""
    while len(table.contact_display) < CONTACT_DISPLAY and table.contact_deck:
        table.contact_display.insert(0, table.contact_deck.pop(0))


def take_rightmost(table: Table, count: int) -> list[str]:
    """Remove up to ``count`` cards from the right end of the display, rightmost first, and
    refill it at the left (§15.2)."""
    taken = []
    for _ in range(count):
        if not table.contact_display:
            break
        taken.append(table.contact_display.pop())
    _refill(table)
    return taken


def gives_disc(rules: Rules, contact: str) -> bool:
    """Whether a Contact card carries the Extra-Action-disc benefit (the Fixer contact)."""
    return any(c.id == contact and c.effect == DISC_EFFECT for c in rules.content.contacts.cards)


def discard_two_contacts(rules: Rules, table: Table, bot: Automaton) -> list[str]:
    """Sandra's "discard the 2 rightmost Contact cards to the box; a disc for each Fixer
    among them" (§15.3)."""
    discarded = take_rightmost(table, 2)
    for card in discarded:
        if gives_disc(rules, card):
            take_disc(table, bot)
    return discarded


# --- cubes on Businesses and Safe Houses ---------------------------------------------------


def put_cube(rules: Rules, table: Table, bot: Automaton, location: str) -> None:
    """A cube of ``bot`` in a plain hex (white under a Business, red under a Safe House,
    §15.3): it counts toward closing a Business (the 2-player threshold is 2, §15.3; solo
    likewise, §16.2), and a closed Business leaves Costa's deck (§16.1)."""
    kind, ident = card_kind(location), card_ident(location)
    building: Building = table.businesses[ident] if kind == "business" else table.safe_houses[ident]
    if any(owner == bot.name for owner, _ in building.cubes):
        raise AutomatonError(f"{bot.name} already has a cube on {location}")
    building.cubes.append((bot.name, "money"))
    if kind == "business" and len(building.cubes) >= rules.close_threshold:
        close_business(table, ident)


def close_business(table: Table, business: str) -> None:
    """The Business is closed; Costa never visits a closed Business, so its card leaves his
    deck (§16.1). The engine calls this for a closing by a player's visit too."""
    table.businesses[business].closed = True
    costa = table.automata.get(COSTA)
    card = f"business:{business}"
    if costa is not None and card in costa.deck:
        costa.deck.remove(card)


def completion_bonuses(rules: Rules, table: Table, bot: Automaton) -> list[str]:
    """A disc for cubes on all 3 Businesses of a group (§15.3 Business step 4, once per
    group [INF]) and for all 3 Safe Houses (Safe House step 5). Returns the bonuses taken."""
    taken = []
    groups: dict[int, list[str]] = {}
    for business in rules.content.buildings.businesses:
        groups.setdefault(business.group, []).append(business.id)
    wanted = {f"group{g}": [table.businesses[b] for b in ids] for g, ids in sorted(groups.items())}
    wanted["safe_houses"] = list(table.safe_houses.values())
    for bonus, buildings in wanted.items():
        if bonus in bot.bonuses:
            continue
        if all(any(owner == bot.name for owner, _ in b.cubes) for b in buildings):
            bot.bonuses.append(bonus)
            take_disc(table, bot)
            taken.append(bonus)
    return taken


# --- the deck and the VISIT (§15.3, §16.1, §16.2) -------------------------------------------


def reshuffle(bot: Automaton, set_aside: list[str], rng: Rng) -> None:
    """The cards revealed and set aside go back into the deck, which is reshuffled."""
    bot.deck.extend(set_aside)
    rng.shuffle(bot.deck)


def play_card(
    rules: Rules, table: Table, rng: Rng, bot: Automaton, card: str | None, visit: Visit
) -> AutomatonTurn:
    """``bot`` moves straight to ``card``'s location and VISITs it; with no card to play it
    stays where it is ([DESIGN])."""
    if card is None:
        return AutomatonTurn(bot.name, None, None)
    node = card_node(table, card)
    bot.location = node
    visit(rules, table, rng, bot, card)
    return AutomatonTurn(bot.name, card, node)


def discard_random(pile: list[str] | list[int], rng: Rng) -> None:
    """One random item of ``pile`` to the box, unseen; nothing if the pile is empty."""
    if pile:
        del pile[rng.below(len(pile))]


def visit_building(
    rules: Rules,
    table: Table,
    rng: Rng,
    bot: Automaton,
    card: str,
    take_contacts: Callable[[Rules, Table, Automaton], object],
) -> bool:
    """The part of a VISIT that Sandra and Costa share (§15.3, §16.2), after its notoriety:
    a Business gets a cube, then ``take_contacts`` (Sandra discards 2, Costa keeps 1), then
    the completion discs; a Safe House gets a cube, loses a random Fixer and a random key of
    its own ([INF] for Costa), then the completion discs. ``False`` for a Store or an Exit,
    which each resolves its own way."""
    kind = card_kind(card)
    if kind not in ("business", "safe_house"):
        return False
    put_cube(rules, table, bot, card)
    if kind == "business":
        take_contacts(rules, table, bot)
    else:
        discard_random(table.fixers, rng)
        discard_random(table.safe_house_keys[card_ident(card)], rng)
    completion_bonuses(rules, table, bot)
    return True
