"""New York's side of the turn (spec §6 steps 10-12, §7.20, §7.21, §8): the agenda of timer
and event reveals and card effects, step 11, the deck's recycling, and New York's moves,
whose choices are the current player's."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from getaway.games.escape_from_new_york import board, combat, enemy_moves, memory
from getaway.games.escape_from_new_york.catalogue import HURRY
from getaway.games.escape_from_new_york.enemies import place_prisoners as put_prisoners
from getaway.games.escape_from_new_york.enemies import take_abandoned_cars
from getaway.games.escape_from_new_york.holdings import gain_item, shielded
from getaway.games.escape_from_new_york.noise import (
    gain_noise,
    move_missions,
    spend_noise,
)
from getaway.games.escape_from_new_york.schema import Where
from getaway.games.escape_from_new_york.state import (
    ABANDONED,
    CarFigure,
    read_spaces,
    road_key,
)
from getaway.games.escape_from_new_york.topology import DIRECTIONS, Cell
from getaway.games.escape_from_new_york.turn_common import (
    WAITING,
    city_effects,
    current_seat,
    end_game,
    events_per_reveal,
    hidden_landmarks,
    hurry_on_top,
    new_york_card,
    next_park_spaces,
)

if TYPE_CHECKING:
    from getaway.games.escape_from_new_york.game import EscapeFromNewYorkState


def act_enemies(state: EscapeFromNewYorkState, kind: str, rest: str) -> None:
    """``enemy:I`` or ``route:J``: the pick by its number in the list the legal actions were
    made from (``state.numbered``, which ``apply`` checked the action against; listed
    again only if it is not kept)."""
    rules, table, turn = state.rules, state.table, state.turn
    run_ = turn.enemies
    assert run_ is not None
    numbered, state.numbered = state.numbered, None
    if kind == "enemy":
        if numbered is None:
            numbered = enemy_moves.next_enemies(rules, table, run_)
        turn.chosen_enemy = numbered[int(rest)]
        return
    assert turn.chosen_enemy is not None
    if numbered is None:
        numbered = enemy_moves.enemy_routes(rules, table, turn.chosen_enemy)
    route = numbered[int(rest)]
    owed = enemy_moves.move_enemy(rules, table, run_, turn.chosen_enemy, route, route_listed=True)
    turn.chosen_enemy = None
    turn.agenda[:0] = [["timer"]] * owed
    if not enemy_moves.next_enemies(rules, table, run_):
        turn.enemies = None
        turn.stage = WAITING


def work(state: EscapeFromNewYorkState, item: list[Any]) -> None:
    if item[0] == "timer":
        reveal_timer(state)
    elif item[0] == "event":
        reveal_event(state)
    elif item[0] == "fx":
        city_effect(state, item[1], item[2], item[3], *item[4:])
    elif item[0] == "trap":
        draw_trap(state, (int(item[1]), int(item[2])))
    elif item[0] == "gain":
        gain_item(state)
    else:  # "back": the stage to return to, left by a New York choice already over
        state.turn.stage = item[1]
        if len(item) > 2:  # and the source a dropped diplomat's slot choice set aside
            state.turn.source = item[2]


def reveal_timer(state: EscapeFromNewYorkState) -> None:
    """Reveal the top timer card and resolve it (§7.21); "Hurry!" coming on top is revealed
    at once."""
    rules, table, turn = state.rules, state.table, state.turn
    card = table.timer_deck.pop(0)
    table.timer_revealed.append(card)
    red = {c.id: c for c in rules.content.timer.red}
    if card in red:
        if red[card].fatal:
            end_game(state, "timer")
        return
    if card != HURRY:
        turn.agenda[:0] = [
            ["fx", "timer", card, i] for i in range(len(city_effects(rules, "timer", card)))
        ]
    hurry_on_top(state)


def reveal_event(state: EscapeFromNewYorkState) -> None:
    """Reveal one event card and queue its effects (§7.20); an empty deck is reshuffled
    from the discard."""
    table, turn = state.table, state.turn
    if not table.event_deck:
        table.event_deck, table.event_discard = table.event_discard, []
        state.rng.shuffle(table.event_deck)
    if not table.event_deck:
        return
    card = table.event_deck.pop(0)
    table.event_discard.append(card)
    count = len(city_effects(state.rules, "event", card))
    turn.agenda[:0] = [["fx", "event", card, i] for i in range(count)]


def draw_trap(state: EscapeFromNewYorkState, cell: Cell) -> None:
    """A hero moved onto the trap tile on ``cell`` (§12): the trap cards shuffled, one drawn
    at random (and put back, [I]); "Triggered" applies the trap printed on the tile, to
    that tile ("here") and the current hero. The draw leaves nothing in the state: the
    cards are shuffled again before every draw."""
    rules, table, turn = state.rules, state.table, state.turn
    cards = rules.content.traps.cards
    total = sum(card.copies for card in cards)
    triggered = sum(card.copies for card in cards if card.triggered)
    if state.rng.below(total) >= triggered:
        return
    tile = table.spaces[cell].tile
    assert tile is not None
    count = len(city_effects(rules, "trap", tile))
    turn.agenda[:0] = [["fx", "trap", tile, i, cell[0], cell[1]] for i in range(count)]


def boss_comeback(state: EscapeFromNewYorkState) -> None:
    """The Duke's comeback (§8.1 [T]; its details §14.4 [P], M-06): a boss with it, killed
    (off the board at 0 health), comes back at the start of the next New York phase at full
    health onto "Nothing Here", or onto the Duke's Camp if "Nothing Here" is not on the map
    face up."""
    rules, table = state.rules, state.table
    landmarks = board.lookup(rules).landmarks
    roles: dict[str | None, Cell] | None = None  # read once a boss is due back: rarely
    for boss in rules.content.enemies.bosses:
        killed = table.boss_state[boss.id] == "off_board" and table.boss_hp[boss.id] == 0
        if not (boss.comeback and killed):
            continue
        if roles is None:
            roles = {
                landmarks[s.tile].role: c
                for c, s in read_spaces(table)
                if s.tile in landmarks and s.face_up and landmarks[s.tile].role
            }
        cell = roles.get("nothing_here", roles.get("dukes_camp"))
        if cell is not None:
            table.boss_hp[boss.id] = boss.hp
            table.boss_state[boss.id] = "on_map"
            table.spaces[cell].bosses.append(boss.id)


def step_11(state: EscapeFromNewYorkState) -> None:
    """Pay for and resolve the top New York card, or discard it for 1 noise (§6 step 11)."""
    rules, table, turn = state.rules, state.table, state.turn
    card = new_york_card(rules, table.new_york_deck[0])
    if spend_noise(table, card.back.cost):
        table.new_york_deck.pop(0)
        memory.new_york_drawn(table)
        (table.new_york_in_play if card.special else table.new_york_discard).append(card.id)
        turn.agenda += [["fx", "new_york", card.id, i] for i in range(len(card.effects))]
    else:
        table.new_york_discard.append(table.new_york_deck.pop(0))
        memory.new_york_drawn(table)
        turn.agenda += [["timer"]] * gain_noise(rules, table, 1)
    recycle(state)


def recycle(state: EscapeFromNewYorkState) -> None:
    """With one card (or none) left in the New York deck, every New York action card in
    play forms a new deck (§6 recycling, A-14); the waiting specials stay out."""
    table = state.table
    if len(table.new_york_deck) > 1:
        return
    table.new_york_deck += table.new_york_discard + table.new_york_in_play
    table.new_york_discard.clear()
    table.new_york_in_play.clear()
    state.rng.shuffle(table.new_york_deck)
    memory.new_york_shuffled(table)


# --- New York's effects (§8) ----------------------------------------------------------------

#: The effects of New York's cards, events, timer cards and traps that :func:`city_effect`
#: applies: the content may name no other (checked as it loads, ``vocabulary.py``).
CITY_EFFECTS_BUILT = frozenset(
    {"noise", "move_missions", "place_prisoners", "place_item_markers", "place_barricade"}
    | {"prisoner_bonus", "take_damage", "place_abandoned_car", "event_level", "reveal_events"}
    | {"destroy_barricades_around", "move_enemies", "destroy_glider", "explore_landmark"}
    | {"reveal_timer", "move_helicopter"}
)


def city_effect(
    state: EscapeFromNewYorkState, source: str, card: str, index: int, *here: int
) -> None:
    """Apply effect ``index`` of a New York, timer or event card, or of a trap tile, as far
    as possible (A-24); ``here``: the column and row of the tile the effect is printed on
    (a trap's)."""
    rules, table, turn = state.rules, state.table, state.turn
    effect = city_effects(rules, source, card)[index]
    seat = current_seat(table)
    cell = table.heroes[seat].cell
    owed = 0
    do = effect.do
    if do == "noise":
        owed = gain_noise(rules, table, effect.amount)
    elif do == "move_missions":
        owed = move_missions(rules, table, effect.markers)
    elif do == "place_prisoners":
        for there in spaces_named(state, effect.where, here):
            owed += put_prisoners(rules, table, there, effect.prisoners)
    elif do == "place_item_markers":
        for there in spaces_named(state, effect.where, here):
            placed = min(effect.markers, table.item_markers)
            table.item_markers -= placed
            table.spaces[there].item_markers += placed
    elif do == "place_barricade":
        board.place_new_york_barricade(rules, table)
    elif do == "prisoner_bonus":
        pass  # the card itself, in play above the New York board, is the bonus (§8.8)
    elif do == "take_damage":
        combat.take_damage(rules, table, seat, shielded(state, effect.damage), state.rng)
    elif do == "place_abandoned_car":
        if table.car_figures:
            table.car_figures -= 1
            table.spaces[cell].cars.append(CarFigure(ABANDONED))
            take_abandoned_cars(table, cell)
    elif do == "event_level":
        last = len(rules.content.event_track.levels) - 1
        table.event_level = min(last, table.event_level + effect.steps)
    elif do == "reveal_events":
        turn.agenda[:0] = [["event"] for _ in range(events_per_reveal(state))]
    elif do == "destroy_barricades_around":
        for direction in DIRECTIONS:
            if board.barricade(rules, table, cell, direction) == "intact":
                table.barricades[road_key(rules, cell, direction)] = "destroyed"
    elif do == "move_enemies":
        run_ = enemy_moves.start_enemy_moves(
            rules, table, effect.enemies, bosses_only=effect.bosses
        )
        if enemy_moves.next_enemies(rules, table, run_):
            turn.enemies = run_
            turn.agenda.insert(0, ["back", turn.stage])
            turn.stage = "enemies"
    elif do == "destroy_glider":
        owed = destroy_glider(state, effect.near, effect.otherwise_reveal_timer)
    elif do == "explore_landmark":
        around = set(rules.topology.neighbours(cell).values())
        near = [c for c in hidden_landmarks(state) if c in around]
        if near if effect.adjacent else hidden_landmarks(state):
            turn.agenda.insert(0, ["back", turn.stage])
            turn.stage = "landmark-next" if effect.adjacent else "landmark"
    elif do == "reveal_timer":
        owed = effect.cards
    elif do == "move_helicopter":
        if effect.to == "any_park" or next_park_spaces(rules, table):
            turn.agenda.insert(0, ["back", turn.stage])
            turn.stage = "helicopter" if effect.to == "any_park" else "helicopter-next"
    else:
        raise AssertionError(f"{do!r} is in CITY_EFFECTS_BUILT but not applied here")
    turn.agenda[:0] = [["timer"]] * owed


def destroy_glider(state: EscapeFromNewYorkState, near: int, otherwise_timer: bool) -> int:
    """An enemy on the WTC (or, ``near`` 1, on a space next to it) destroys the glider if it
    is still there (§7.13); reading chosen: "otherwise" means no enemy is that near, so the
    timer card is owed then, glider or not. Returns the timer cards owed."""
    rules, table = state.rules, state.table
    cells = board.lookup(rules).cells
    wtc = next(c for c in table.spaces if cells[c].kind == "wtc")
    near_cells = [wtc, *rules.topology.neighbours(wtc).values()] if near else [wtc]
    if any(board.has_enemies(table, c) for c in near_cells):
        if table.spaces[wtc].glider:
            table.spaces[wtc].glider = False
            table.glider_destroyed = True
        return 0
    return 1 if otherwise_timer else 0


def spaces_named(
    state: EscapeFromNewYorkState, where: Where, here: tuple[int, ...] = ()
) -> list[Cell]:
    """The spaces a New York effect names, relative to the current hero (§8.6), or
    ``here``: the tile the effect is printed on (a trap's; none for a card's)."""
    rules, table = state.rules, state.table
    cell = table.heroes[current_seat(table)].cell
    if where == "hero_cell":
        return [cell]
    if where == "around_hero":
        return [
            c for c in rules.topology.neighbours(cell).values() if board.explored(rules, table, c)
        ]
    if where == "arrows":
        arrows = new_york_card(rules, table.new_york_deck[0]).back.arrows
        found = [rules.topology.neighbour(cell, d) for d in dict.fromkeys(arrows)]
        return [c for c in found if c is not None and board.explored(rules, table, c)]
    if where == "manholes":
        return board.manholes(rules, table)
    if where == "landmarks_without_heroes":
        cells = board.lookup(rules).cells
        return [
            c
            for c in table.spaces
            if cells[c].kind == "landmark"
            and board.explored(rules, table, c)
            and not board.heroes_on(table, c)
        ]
    # "here": the tile the effect is printed on; a card names none.
    return [(here[0], here[1])] if here else []
