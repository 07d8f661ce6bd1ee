"""Sandra, the Police Inspector (spec §15): her turn (§15.3) with the Inspector deck and what
each card makes her do. Her notoriety update (§15.4) is ``automata.automaton_notoriety``;
where she counts and where not (§15.1) is spread over the rules that ask (see the docs).

Her turn asks nobody anything: she always Moves (never Rests), skips AVOID because she is
police, and her VISIT follows the card. The deck order is hidden (``Automaton.deck``, top
first); cards set aside go back and the deck is reshuffled from the game's ``Rng``.
"""

from __future__ import annotations

from getaway.core.rng import Rng
from getaway.games.escape_plan.automata_cards import (
    AutomatonTurn,
    automaton,
    card_ident,
    card_kind,
    card_node,
    deck_card,
    discard_random,
    discard_two_contacts,
    is_open_exit,
    last_day,
    play_card,
    reshuffle,
    visit_building,
    visit_notoriety,
)
from getaway.games.escape_plan.options import SANDRA, Rules
from getaway.games.escape_plan.state import Automaton, Table


def sandra_turn(rules: Rules, table: Table, rng: Rng) -> AutomatonTurn:
    """Sandra's turn (§15.3): reveal Inspector cards until one shows a location in the city
    (on Days 1-2 an open Exit is set aside too), move her straight there and VISIT it. The
    card leaves the game; the cards set aside go back and the deck is reshuffled. On Day 3
    an open Exit's card sends her there to do nothing, and goes back into the deck. With no
    card to play she stays where she is ([DESIGN])."""
    sandra = automaton(table, SANDRA)
    set_aside: list[str] = []
    found: str | None = None
    while sandra.deck:
        card = sandra.deck.pop(0)
        node = card_node(table, card)
        if node is None:
            set_aside.append(card)
        elif is_open_exit(table, card):
            set_aside.append(card)
            if last_day(rules, table):
                sandra.location = node
                reshuffle(sandra, set_aside, rng)
                return AutomatonTurn(SANDRA, card, node, idle=True)
        else:
            found = card
            break
    reshuffle(sandra, set_aside, rng)
    return play_card(rules, table, rng, sandra, found, visit)


def visit(rules: Rules, table: Table, rng: Rng, sandra: Automaton, card: str) -> None:
    """Sandra's VISIT (§15.3 step 3): 1 notoriety per other participant there, then the
    card."""
    visit_notoriety(rules, table, sandra, card)
    if visit_building(rules, table, rng, sandra, card, discard_two_contacts):
        return
    if card_kind(card) == "store":
        discard_two_contacts(rules, table, sandra)
        for colour in deck_card(rules, SANDRA, card).locker_stacks:
            discard_random(table.lockers[colour], rng)
    else:  # a closed Exit: the open ones never get here
        stack = table.exit_stack_of[int(card_ident(card))]
        discard_random(table.exit_stacks[stack], rng)
        discard_two_contacts(rules, table, sandra)
