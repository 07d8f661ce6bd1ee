"""What heroes hold and reach in the turn (spec §7.8-§7.11, §7.15, §9): items and the
supply's limit, diplomats and their slots, the President and the first rescue, levelling
up, and the two escapes' conditions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from getaway.games.escape_from_new_york import board, exploring
from getaway.games.escape_from_new_york.enemies import place_prisoners as put_prisoners
from getaway.games.escape_from_new_york.options import Rules
from getaway.games.escape_from_new_york.state import (
    COLOURS,
    SupplyCard,
    Table,
    read_space,
    read_spaces,
)
from getaway.games.escape_from_new_york.topology import Cell
from getaway.games.escape_from_new_york.turn_common import (
    SUPPLY_LIMIT,
    WAITING,
    current_seat,
    end_game,
    hidden_landmarks,
    hurry_on_top,
)

if TYPE_CHECKING:
    from getaway.games.escape_from_new_york.game import EscapeFromNewYorkState


# --- level-up and building checks (§7.15, §7.16) --------------------------------------------------


def level_up_due(rules: Rules, table: Table, seat: str) -> bool:
    """Every requirement of the face-up level token met (§7.15, step 8)."""
    hero = table.heroes[seat]
    data = next(s for s in rules.content.level_tokens.sets if s.id == hero.level_set)
    for index, token in enumerate(hero.level_tokens):
        if token.state == "active":
            asks = data.tokens[index]
            return token.prisoners >= asks.prisoners and token.items >= asks.items
    return False


def reloads(state: EscapeFromNewYorkState) -> list[int]:
    """The Weapon Shop's reloads the hero may choose: 1 or 2 ammo, as far as the weapon's
    capacity and the ammo supply go (§7.16)."""
    table = state.table
    hero = table.heroes[current_seat(table)]
    if hero.weapon is None:
        return []
    item = next(i for i in state.rules.content.items.items if i.id == hero.weapon)
    room = min(2, (item.ammo or 0) - hero.ammo, table.ammo_markers)
    return list(range(1, room + 1))


# --- diplomats and the President (§7.9, §7.10) ----------------------------------------------------


def empty_slot(slot: Any) -> bool:
    """A slot holding its token and no card (§7.9)."""
    return bool(slot.token) and slot.card is None


def take_diplomat(state: EscapeFromNewYorkState, number: int) -> None:
    """§7.9: the card of the token's slot, face down into the supply (seen by its taker),
    the token back to its slot; the limit applies."""
    table, turn = state.table, state.turn
    seat = current_seat(table)
    hero = table.heroes[seat]
    table.spaces[hero.cell].diplomat_tokens.remove(number)
    slot = table.diplomat_slots[number - 1]
    slot.token = True
    if slot.card is None:
        return  # cannot happen with the data; the token simply goes home
    hero.supply.append(SupplyCard("diplomat", slot.card, slot.face_up))
    slot.card, slot.face_up, slot.known_by = None, False, []
    if len(hero.supply) > SUPPLY_LIMIT:
        turn.agenda.insert(0, ["back", turn.stage])
        turn.stage = "drop"


def diplomat_to_slot(state: EscapeFromNewYorkState, number: int) -> None:
    """§7.9 (E13): the dropped diplomat face down into the empty slot chosen, that slot's
    token onto the hero's space; the player who put it there knows it (§13.2)."""
    table, turn = state.table, state.turn
    seat = current_seat(table)
    hero = table.heroes[seat]
    assert turn.source is not None and turn.source[0] == "diplomat"
    card = hero.supply.pop(int(turn.source[1]))
    turn.source = None
    slot = table.diplomat_slots[number - 1]
    slot.card, slot.face_up, slot.known_by = card.id, card.face_up, [seat]
    slot.token = False
    table.spaces[hero.cell].diplomat_tokens.append(number)


def president_here(rules: Rules, table: Table, cell: Cell) -> bool:
    """The revealed Duke's Camp, with the President still to be found there: its card on
    the slot, or with "Dead or Alive?" the President deck not drawn from yet (§7.10,
    §12)."""
    space = read_space(table, cell)
    if not space.face_up or space.tile is None:
        return False
    landmark = board.lookup(rules).landmarks.get(space.tile)
    return (
        landmark is not None
        and any(effect.do == "president" for effect in landmark.effects)
        and not table.president_taken
        and bool(table.president_slot)
    )


def take_president(state: EscapeFromNewYorkState) -> None:
    """§7.10: the President into the supply (the limit applies; it is never dropped); the
    first time, the rescue: a prisoner on each explored space next to the camp, the
    helicopter landed, every face-down landmark explored in the player's order (E14).

    With "President: Dead or Alive?" (§12) the top card of the President deck is drawn:
    "Alive" is the President, taken as above; "Dead" is shown to all and leaves the game,
    the team's escape is impossible, and play goes on as if the President had been
    rescued: the rescue runs (A-25), nobody holding a President card."""
    rules, table, turn = state.rules, state.table, state.turn
    seat = current_seat(table)
    hero = table.heroes[seat]
    card = table.president_slot.pop(0)
    alive = next(c for c in rules.content.diplomats.president if c.id == card).alive
    if alive:
        hero.supply.append(SupplyCard("president", card, False))
        if len(hero.supply) > SUPPLY_LIMIT:
            turn.agenda.insert(0, ["back", turn.stage])
            turn.stage = "drop"
    else:
        table.president_dead = True
        table.box.setdefault("president", []).append(card)
    if table.president_taken:
        return
    table.president_taken = True
    owed = 0
    for there in rules.topology.neighbours(hero.cell).values():
        if board.explored(rules, table, there):
            owed += put_prisoners(rules, table, there, 1)
    turn.agenda[:0] = [["timer"]] * owed
    table.helicopter_landed = True
    turn.agenda.insert(0, ["back", turn.stage])
    turn.stage = "rescue"
    if not hidden_landmarks(state):
        duke_to_nothing_here(state)


def rescue_landmark(state: EscapeFromNewYorkState, cell: Cell) -> None:
    """One landmark of the first rescue: explored, and the top timer card discarded unseen
    ("Hurry!" revealed instead and not counted, A-04; the fatal card ends the game)."""
    rules, table, turn = state.rules, state.table, state.turn
    result = exploring.explore_landmark(rules, table, cell, state.rng)
    turn.agenda[:0] = [["timer"]] * result.timer_reveals
    hurry_on_top(state)
    if table.timer_deck:
        card = table.timer_deck.pop(0)
        table.timer_discarded.append(card)
        if any(red.id == card and red.fatal for red in rules.content.timer.red):
            end_game(state, "timer")
            return
        hurry_on_top(state)
    if not hidden_landmarks(state):
        duke_to_nothing_here(state)


def duke_to_nothing_here(state: EscapeFromNewYorkState) -> None:
    """Step 4 of the rescue: the Duke onto "Nothing Here" (revealed by step 3), if he is
    off the board."""
    rules, table = state.rules, state.table
    state.turn.stage = WAITING
    landmarks = board.lookup(rules).landmarks
    cell = next(
        (
            c
            for c, s in read_spaces(table)
            if s.tile in landmarks and landmarks[s.tile].role == "nothing_here"
        ),
        None,
    )
    if cell is not None and table.boss_state.get("duke") == "off_board":
        table.boss_state["duke"] = "on_map"
        table.spaces[cell].bosses.append("duke")


# --- the level token's items, and the escapes (§7.15, §9.1, §9.2) ---------------------------------


def token_wants_items(rules: Rules, table: Table, seat: str) -> bool:
    """The face-up level token shows an unfilled item symbol and a marker is left (§7.15;
    the text's proxy for a missing marker is not built)."""
    hero = table.heroes[seat]
    data = board.lookup(rules).level_sets[hero.level_set]
    for index, token in enumerate(hero.level_tokens):
        if token.state == "active":
            return token.items < data.tokens[index].items and table.item_markers > 0
    return False


def onto_token(state: EscapeFromNewYorkState) -> None:
    """An item card just discarded counts for the face-up level token: an item marker from
    the supply onto it (§7.15)."""
    table = state.table
    hero = table.heroes[current_seat(table)]
    token = next(t for t in hero.level_tokens if t.state == "active")
    token.items += 1
    table.item_markers -= 1


def weapon_counts_for_token(rules: Rules, table: Table, seat: str) -> bool:
    """The weapon in the slot may be discarded for the level token: the token wants an item
    and the weapon's card allows it once revealed (§7.11, §7.15, A-29)."""
    weapon = table.heroes[seat].weapon
    if weapon is None or not token_wants_items(rules, table, seat):
        return False
    return not board.lookup(rules).items[weapon].no_levelup_discard


def solo_escape_ready(rules: Rules, table: Table, seat: str) -> bool:
    """§9.2: (a) the President taken, or a red card on top of the timer deck; (b) level 3;
    (c) both personal objectives met: the card in the supply, the vehicle's space."""
    if not table.president_taken:  # asked at every choice: the cheap reads first
        deck = table.timer_deck
        if not deck or deck[0] not in board.lookup(rules).red_timer:
            return False
    hero = table.heroes[seat]
    if any(token.state != "removed" for token in hero.level_tokens):
        return False
    return all(objective_met(rules, table, seat, card) for card in hero.objectives)


def objective_met(rules: Rules, table: Table, seat: str, objective: str) -> bool:
    hero = table.heroes[seat]
    target = next(o for o in rules.content.objectives.objectives if o.id == objective).target
    space = table.spaces[hero.cell]
    if target.kind == "wanted":
        return hero.wanted > 0
    if target.kind == "card":
        held = {card.id for card in hero.supply}
        if target.any_bridge_diagram:
            items = rules.content.items.items
            return any(i.bridge is not None and i.id in held for i in items)
        return target.card in held
    if target.vehicle == "glider":
        return space.glider and not table.glider_destroyed
    if target.vehicle == "helicopter":
        return space.helicopter and table.helicopter_landed
    token = space.outskirts
    return (
        token is not None and space.outskirts_face_up and board.lookup(rules).outskirts[token].raft
    )


def team_escape_bridges(rules: Rules, table: Table, seat: str) -> list[int]:
    """The bridges the current hero may move onto as the team's escape (§9.1, A-22): next
    to it, its road open, and the President, the Tape and that bridge's Diagram face up in
    the supplies of the heroes on the space (revealed for the attempt, ``attempt:K``, or
    face up already: Brain's Diagram 3)."""
    hero = table.heroes[seat]
    bridges = board.bridge_roads(rules, table, hero.cell)
    if not bridges:
        return []
    shown = [
        card
        for other in board.heroes_on(table, hero.cell)
        for card in table.heroes[other].supply
        if card.face_up
    ]
    ids = {card.id for card in shown}
    alive = {card.id for card in rules.content.diplomats.president if card.alive}
    if not (ids & alive and any(c.kind == "president" for c in shown) and "tape" in ids):
        return []
    diagrams = {i.bridge: i.id for i in rules.content.items.items if i.bridge is not None}
    return [k for k in sorted(bridges) if diagrams.get(k) in ids]


def escape_attempts(state: EscapeFromNewYorkState) -> list[int]:
    """The bridges the current player may call the team's escape at (§9.1's engine
    procedure, A-22): its hero next to the bridge with the road open, the President not
    found dead, no attempt made yet this turn (reading chosen: once a turn, so that a
    refusal is not asked again and again)."""
    rules, table, turn = state.rules, state.table, state.turn
    if turn.attempt is not None or table.president_dead:
        return []
    cell = table.heroes[current_seat(table)].cell
    if cell not in board.lookup(rules).bridges_from:
        return []  # most spaces: no bridge next to it
    return sorted(board.bridge_roads(rules, table, cell))


def call_escape(state: EscapeFromNewYorkState, bridge: int) -> None:
    """The current player calls the team's escape at ``bridge``: each player whose hero is
    on the space, the current one first then in turn order, chooses which of the cards
    the escape needs to reveal (voluntary, §9.1)."""
    table, turn = state.table, state.turn
    seat = current_seat(table)
    turn.attempt = bridge
    seats = board.heroes_on(table, table.heroes[seat].cell)
    turn.asked = seat
    turn.asking = [s for s in seats if s != seat]
    turn.agenda.insert(0, ["back", turn.stage])
    turn.stage = "reveal-escape"


def escape_cards(rules: Rules, table: Table, seat: str, bridge: int) -> list[int]:
    """The face-down cards of ``seat``'s supply the escape at ``bridge`` needs: a President
    (alive), the Tape, that bridge's Diagram."""
    diagrams = {i.id for i in rules.content.items.items if i.bridge == bridge}
    tapes = {d.id for d in rules.content.diplomats.diplomats if d.role == "tape"}
    alive = {c.id for c in rules.content.diplomats.president if c.alive}
    needed = {"president": alive, "diplomat": tapes, "item": diagrams}
    return [
        index
        for index, card in enumerate(table.heroes[seat].supply)
        if not card.face_up and card.id in needed[card.kind]
    ]


def show_for_escape(state: EscapeFromNewYorkState, index: int) -> None:
    """The seat asked turns supply card ``index`` face up, for all to see (§13.1)."""
    table, turn = state.table, state.turn
    assert turn.asked is not None
    supply = table.heroes[turn.asked].supply
    card = supply[index]
    supply[index] = SupplyCard(card.kind, card.id, True)
    turn.shown.append([turn.asked, card.id])


def escape_answered(state: EscapeFromNewYorkState) -> None:
    """The seat asked has revealed what it would: the next one is asked; after the last,
    the attempt fails unless the three cards are face up, and what was shown is turned
    face down again (§9.1 "failed attempt")."""
    rules, table, turn = state.rules, state.table, state.turn
    if turn.asking:
        turn.asked = turn.asking.pop(0)
        return
    turn.asked = None
    turn.stage = WAITING
    if turn.attempt not in team_escape_bridges(rules, table, current_seat(table)):
        hide_shown(state)


def hide_shown(state: EscapeFromNewYorkState) -> None:
    """Turn the cards shown for the escape face down again, wherever they are now."""
    table, turn = state.table, state.turn
    for seat, card_id in turn.shown:
        supply = table.heroes[seat].supply
        for index, card in enumerate(supply):
            if card.id == card_id and card.face_up:
                supply[index] = SupplyCard(card.kind, card.id, False)
                break
        else:  # dropped into a slot meanwhile
            for slot in table.diplomat_slots:
                if slot.card == card_id:
                    slot.face_up = False
    turn.shown = []


# --- items and levels (§7.8, §7.11, §7.15) ---------------------------------------------------


def draw_item(state: EscapeFromNewYorkState) -> str | None:
    """The top item card, the deck reshuffled from its discard when empty (§7.11); ``None``
    with none left."""
    table = state.table
    if not table.item_deck:
        table.item_deck, table.item_discard = table.item_discard, []
        state.rng.shuffle(table.item_deck)
    return table.item_deck.pop(0) if table.item_deck else None


def gain_item(state: EscapeFromNewYorkState, card: str | None = None) -> None:
    """Put ``card`` (by default, one drawn) face down into the supply (§7.11); a 4th card
    must be dropped at once (§7.8)."""
    table, turn = state.table, state.turn
    hero = table.heroes[current_seat(table)]
    card = card or draw_item(state)
    if card is None:
        return
    hero.supply.append(SupplyCard("item", card, False))
    if len(hero.supply) > SUPPLY_LIMIT:
        turn.agenda.insert(0, ["back", turn.stage])
        turn.stage = "drop"


def drop_card(state: EscapeFromNewYorkState, index: int) -> None:
    """Discard supply card ``index``: an item face down onto the item discard, a starting
    item out of the game (§7.11)."""
    table = state.table
    hero = table.heroes[current_seat(table)]
    card = hero.supply[index]
    if card.kind == "diplomat":
        # §7.9: into an empty slot of the player's choice, asked next.
        turn = state.turn
        # The card or item under way (a move picking the token up) is put back with the
        # stage once the slot is chosen, or its next effect would find no source.
        turn.agenda.insert(0, ["back", turn.stage, turn.source])
        turn.source = ["diplomat", index]
        turn.stage = "slot"
        return
    del hero.supply[index]
    discard_item(state, card.id)


def discard_item(state: EscapeFromNewYorkState, item: str) -> None:
    """An item card discarded: face down onto the item discard, or out of the game for a
    hero's starting item (§7.11)."""
    rules, table = state.rules, state.table
    if next(i for i in rules.content.items.items if i.id == item).starting:
        table.box.setdefault("items", []).append(item)
    else:
        table.item_discard.append(item)


def shielded(state: EscapeFromNewYorkState, damage: int) -> int:
    """``damage`` less what items used this turn still prevent. Reading chosen: a
    damage-preventing item used in the turn protects against the next damage of that turn,
    from enemies, events or New York alike (§7.11, A-36)."""
    turn = state.turn
    prevented = min(turn.shield, damage)
    turn.shield -= prevented
    return damage - prevented


def level_up(state: EscapeFromNewYorkState) -> str:
    """Step 8 (§7.15, E6): the face-up token removed, its figures and markers back to the
    supply, the next token face up; then the bonus of the level reached. The stage next."""
    table = state.table
    hero = table.heroes[current_seat(table)]
    tokens = hero.level_tokens
    index = next(i for i, t in enumerate(tokens) if t.state == "active")
    token = tokens[index]
    table.prisoner_supply += token.prisoners
    table.item_markers += token.items
    token.state, token.prisoners, token.items = "removed", 0, 0
    if index + 1 < len(tokens):
        tokens[index + 1].state = "active"
    bonus = level_bonus(state)
    if bonus.special_card and hero.specials:
        return "special"
    return "swap" if bonus.objective_swap else "building"


def level_bonus(state: EscapeFromNewYorkState) -> Any:
    """The bonus printed on the level space last uncovered."""
    rules, table = state.rules, state.table
    hero = table.heroes[current_seat(table)]
    level = sum(1 for t in hero.level_tokens if t.state == "removed")
    data = board.lookup(rules).heroes[hero.hero]
    return next(b for b in data.level_bonuses if b.level == level)


def swap_choices(state: EscapeFromNewYorkState) -> list[str]:
    """The objective cards to choose from: the colour's deck and the hero's own card."""
    table, turn = state.table, state.turn
    assert turn.source is not None
    colour = turn.source[1]
    hero = table.heroes[current_seat(table)]
    own = hero.objectives[COLOURS.index(colour)]
    return [*table.objective_decks[colour], own]


def swap_objective(state: EscapeFromNewYorkState, card: str) -> None:
    """Level 2 or 3 (§7.15): the own objective of the colour put back into its deck, any
    card of it taken; the deck reshuffled [P]."""
    table, turn = state.table, state.turn
    assert turn.source is not None
    colour = turn.source[1]
    hero = table.heroes[current_seat(table)]
    slot = COLOURS.index(colour)
    deck = table.objective_decks[colour]
    deck.append(hero.objectives[slot])
    deck.remove(card)
    hero.objectives[slot] = card
    state.rng.shuffle(deck)
