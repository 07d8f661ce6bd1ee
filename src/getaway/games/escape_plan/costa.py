"""Lieutenant Costa, the solo opponent (spec §16): his turn with the Lieutenant deck (§16.1),
his visits (§16.2), his escape (§16.3) and his score (§16.6). His part in a player's AVOID
(§16.4) is ``avoid.py``'s, given his tile (``automata_cards.tile_of``).

He follows Sandra's rules with the exceptions of §16: he moves only to his own or an
adjacent tile, never to a closed Business, keeps the Contact card he takes and the tiles he
takes (face down, in piles), and on Day 3 he escapes.
"""

from __future__ import annotations

from getaway.core.rng import Rng
from getaway.games.escape_plan.automata_cards import (
    AutomatonError,
    AutomatonTurn,
    automaton,
    card_ident,
    card_kind,
    card_node,
    deck_card,
    gives_disc,
    is_open_exit,
    last_day,
    play_card,
    reshuffle,
    take_disc,
    take_rightmost,
    visit_building,
    visit_notoriety,
)
from getaway.games.escape_plan.options import COSTA, Rules
from getaway.games.escape_plan.scoring import CostaSheet, PileTile, costa_sheet
from getaway.games.escape_plan.state import OPTIONAL_PARTS, Automaton, Building, Table

#: Tiles Costa takes from one Locker stack (Stores A-C) or an Exit's stack (§16.2).
TILES_PER_VISIT = 2


def costa_turn(rules: Rules, table: Table, rng: Rng) -> AutomatonTurn:
    """Costa's turn (§16.1, §16.3). On Day 3 his last turn is an escape. Otherwise reveal
    Lieutenant cards until one shows a location in the city on his tile or an adjacent one
    ([CHOICE] PT, §19 #17), not a closed Business, and on Days 1-2 not an open Exit; move
    him there and VISIT it; that card goes to the box, the others back into the deck,
    reshuffled. On Day 3 the open Exit's card makes him escape wherever it is (§19 #44).
    With no card to play he does not move ([DESIGN])."""
    costa = automaton(table, COSTA)
    if costa.status != "city":
        raise AutomatonError(f"Costa has {costa.status} and takes no more turns")
    if last_day(rules, table) and is_last_turn(table, costa):
        return escape(table, costa, None)
    assert costa.location is not None
    here = table.city.tile_of(costa.location)
    set_aside: list[str] = []
    found: str | None = None
    while costa.deck:
        card = costa.deck.pop(0)
        node = card_node(table, card)
        if node is not None and is_open_exit(table, card) and last_day(rules, table):
            reshuffle(costa, set_aside, rng)
            return escape(table, costa, card)
        if (
            node is None
            or _refused(table, card)
            or table.city.distance(here, table.city.tile_of(node)) > 1
        ):
            set_aside.append(card)
            continue
        found = card
        break
    reshuffle(costa, set_aside, rng)
    return play_card(rules, table, rng, costa, found, visit)


def _refused(table: Table, card: str) -> bool:
    """Cards Costa never plays: a closed Business (§16.1; its card should have left the
    deck already, ``close_business``) and, on Days 1-2, an open Exit ([INF], as Sandra)."""
    if card_kind(card) == "business":
        return table.businesses[card_ident(card)].closed
    return is_open_exit(table, card)


def is_last_turn(table: Table, costa: Automaton) -> bool:
    """Whether this turn is Costa's last of Day 3 (§16.3, [INF] §19 #42): the Evening with no
    disc, the Night with no disc left for Dawn (he had exactly 1), or the Dawn. At Night
    and Dawn his disc is spent before the turn (``automata.automaton_turn``)."""
    if table.part == "EVENING":
        return costa.discs == 0
    if table.part in OPTIONAL_PARTS:
        return table.part == OPTIONAL_PARTS[-1] or costa.discs == 0
    return False


def escape(table: Table, costa: Automaton, card: str | None) -> AutomatonTurn:
    """Costa leaves the city through the open Exit and pays nothing (§16.3). ``card`` is the
    open Exit's card when it came up (it goes to the box with him)."""
    open_exits = [n for n in sorted(table.patrol_spaces) if table.exit_open(n)]
    exit_node = table.city.exit(open_exits[0]) if open_exits else None
    costa.status = "escaped"
    costa.location = None
    table.escaped.append(COSTA)
    return AutomatonTurn(COSTA, card, exit_node, escaped=True)


def visit(rules: Rules, table: Table, rng: Rng, costa: Automaton, card: str) -> None:
    """Costa's VISIT (§16.2): as Sandra's, but he takes the rightmost Contact card instead
    of discarding 2, and the top Locker or Exit tiles instead of discarding one."""
    visit_notoriety(rules, table, costa, card)
    # [INF] His Safe House visit still discards a random Fixer and key there (§16.2).
    if visit_building(rules, table, rng, costa, card, _take_contact):
        return
    if card_kind(card) == "store":
        _take_contact(rules, table, costa)
        colours = deck_card(rules, COSTA, card).locker_stacks
        # Store D shows every stack and gives the top tile of each; A-C show one, 2 tiles.
        per_stack = 1 if len(colours) > 1 else TILES_PER_VISIT
        pile = [
            f"locker:{colour}:{value}"
            for colour in colours
            for value in _take_top(table.lockers[colour], per_stack)
        ]
        _add_pile(costa, pile)
    else:  # a closed Exit
        stack = table.exit_stack_of[int(card_ident(card))]
        tiles = _take_top(table.exit_stacks[stack], TILES_PER_VISIT)
        _add_pile(costa, [f"exit:{stack}:{value}" for value in tiles])
        _take_contact(rules, table, costa)


def _take_contact(rules: Rules, table: Table, costa: Automaton) -> None:
    """The rightmost Contact card, kept beside his board; a Fixer gives a disc too
    ([CHOICE] §19 #29)."""
    for contact in take_rightmost(table, 1):
        costa.contacts.append(contact)
        if gives_disc(rules, contact):
            take_disc(table, costa)


def _take_top(stack: list[int], count: int) -> list[int]:
    taken = stack[:count]
    del stack[:count]
    return taken


def _add_pile(costa: Automaton, pile: list[str]) -> None:
    """A pile on one of his item spaces; unlimited piles ([DESIGN] §16.2). An empty take
    (the stacks ran out) makes no pile."""
    if pile:
        costa.piles.append(pile)


def pile_tiles(pile: list[str]) -> list[PileTile]:
    """``locker:green:70`` → the tile's stack ``locker:green`` and its value."""
    tiles = []
    for tile in pile:
        stack, value = tile.rsplit(":", 1)
        tiles.append(PileTile(stack, int(value)))
    return tiles


def costa_score(rules: Rules, table: Table) -> CostaSheet:
    """Costa's score (§16.6): his Escape Plan's money for the Businesses and Safe Houses
    holding his cubes, his contact bonus, the best tile of each pile, his notoriety."""
    costa = automaton(table, COSTA)
    if costa.escape_plan is None:
        raise AutomatonError("Costa has no Escape Plan card")
    visited = [f"business:{b}" for b, building in table.businesses.items() if _his(building)]
    visited += [f"safe_house:{s}" for s, building in table.safe_houses.items() if _his(building)]
    return costa_sheet(
        rules.content,
        costa.escape_plan,
        visited,
        len(costa.contacts),
        [pile_tiles(pile) for pile in costa.piles],
        costa.notoriety,
    )


def _his(building: Building) -> bool:
    return any(owner == COSTA for owner, _ in building.cubes)
