"""The current hero's cards, ability, car move and items resolved effect by effect (spec
§6 steps 3-5, §7.1-§7.5, §7.11, §7.12): full or nothing, each effect dispatched by its
data ``do``, the choices each effect asks, and what the source triggers once done."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from getaway.games.escape_from_new_york import board, combat, exploring, memory, movement
from getaway.games.escape_from_new_york.holdings import discard_item
from getaway.games.escape_from_new_york.movement import Step, StepKind
from getaway.games.escape_from_new_york.noise import gain_noise
from getaway.games.escape_from_new_york.schema import (
    Attack,
    CardEffect,
    Deceive,
    Explore,
    ExploreLandmark,
    GainItem,
    Move,
    MoveHelicopter,
    PeekLandmarks,
    PeekNewYork,
    PreventDamage,
    Reload,
    RemovePresidentAlive,
    ReturnDiscard,
    Steal,
)
from getaway.games.escape_from_new_york.state import SupplyCard
from getaway.games.escape_from_new_york.topology import Cell
from getaway.games.escape_from_new_york.turn_common import (
    SUPPLY_LIMIT,
    current_seat,
    diplomat_data,
    events_per_reveal,
    hero_card,
    hidden_landmarks,
    item_data,
    next_park_spaces,
    parse_cell,
    president_alive_removable,
    remove_president_alive,
    source_effects,
)

if TYPE_CHECKING:
    from getaway.games.escape_from_new_york.game import EscapeFromNewYorkState

#: The hero effects these rules apply (:func:`next_effect`): the content may name no other
#: (checked as it loads, ``vocabulary.py``).
HERO_EFFECTS_BUILT = frozenset(
    {"move", "explore", "attack", "deceive", "return_discard", "gain_item", "steal"}
    | {"explore_landmark", "prevent_damage", "reload", "move_helicopter"}
    | {"peek_landmarks", "peek_new_york", "remove_president_alive"}
)


#: Effects that leave the map and the hero's place as they were (a later move is checked as
#: the card starts).
OFF_THE_MAP = (Steal, GainItem, ReturnDiscard, PeekLandmarks, PeekNewYork, PreventDamage, Reload)


def current_effect(state: EscapeFromNewYorkState) -> CardEffect:
    turn = state.turn
    assert turn.source is not None
    return source_effects(state.rules, state.table, turn.source)[turn.effect]


def attack_figures(state: EscapeFromNewYorkState) -> list[Any]:
    effect = current_effect(state)
    assert isinstance(effect, Attack)
    cell = state.table.heroes[current_seat(state.table)].cell
    return combat.enemies_in_range(state.rules, state.table, cell, effect.range)


def attack_pool(state: EscapeFromNewYorkState) -> combat.DamagePool:
    effect = current_effect(state)
    assert isinstance(effect, Attack)
    hero = state.table.heroes[current_seat(state.table)]
    bonus = None
    # A weapon's passive bonus is for action cards' attacks (§7.11).
    if hero.weapon is not None and state.turn.source and state.turn.source[0] == "card":
        item = next(i for i in state.rules.content.items.items if i.id == hero.weapon)
        bonus = item.damage_bonus
    return combat.attack_pool(effect, bonus)


def deceive_targets(state: EscapeFromNewYorkState) -> list[Any]:
    effect = current_effect(state)
    assert isinstance(effect, Deceive)
    seat = current_seat(state.table)
    return combat.deceive_targets(state.rules, state.table, seat, effect.range)


def start_card(state: EscapeFromNewYorkState, card: str) -> None:
    """Reveal ``card`` and start applying it in full, or cancel it (§6 step 3): its noise
    counts either way."""
    rules, turn = state.rules, state.turn
    data = hero_card(rules, card)
    turn.resolved.append(card)
    turn.revealed.append(card)
    if applies_in_full(state, list(data.effects)):
        start_source(state, ["card", card])
    else:
        card_done(state)


def applies_in_full(state: EscapeFromNewYorkState, effects: list[CardEffect]) -> bool:
    """Whether a hero's card can be applied in full (§6 step 3). Reading chosen: a move that
    cannot be walked (the first, or a later one after effects off the map), a first return
    with too few discards, a steal with nobody to steal from, a landmark to explore or
    peek at with none there, the helicopter with nowhere to go, the President deck with no
    "Alive" to remove; explore, attack and deceive always count as applied (§6's list,
    A-24)."""
    rules, table = state.rules, state.table
    seat = current_seat(table)
    if not effects:
        return True
    for effect in effects:
        if isinstance(effect, Steal) and not steal_targets(state, effect):
            return False
        if isinstance(effect, ExploreLandmark) and not near_landmarks(state):
            return False
        if isinstance(effect, PeekLandmarks) and not hidden_landmarks(state):
            return False
        if isinstance(effect, PeekNewYork) and not table.new_york_deck:
            return False
        if isinstance(effect, RemovePresidentAlive) and not president_alive_removable(rules, table):
            return False
        if (
            isinstance(effect, MoveHelicopter)
            and effect.to == "next_park"
            and not next_park_spaces(rules, table)
        ):
            return False
    # A move can be checked now if nothing before it changes the map or the hero's place
    # ("Not According to Plan" steals, then moves).
    for effect in effects:
        if isinstance(effect, Move) and movement.start_move(rules, table, seat, effect) is None:
            return False
        if not isinstance(effect, OFF_THE_MAP):
            break
    first = effects[0]
    if isinstance(first, ReturnDiscard):
        return len(table.heroes[seat].discard) >= first.cards
    return True


def steal_targets(state: EscapeFromNewYorkState, effect: Steal) -> list[str]:
    """The heroes on the current hero's space the thief may reach into (§7.9, §11): any
    with a face-down supply card, whatever its kind, or the President when the effect may
    take him. The kinds of face-down cards are hidden from the thief (§13.2: the others
    know only how many, and who holds the President), so the targets must not depend on
    them; what the thief finds is settled by :func:`steal_from`."""
    table = state.table
    seat = current_seat(table)
    return [
        other
        for other in board.heroes_on(table, table.heroes[seat].cell)
        if other != seat and any(_reachable(card, effect) for card in table.heroes[other].supply)
    ]


def _reachable(card: SupplyCard, effect: Steal) -> bool:
    """Whether a thief may reach for ``card``: any face-down card but the President, whom
    everyone sees in the supply and only an effect naming him may take."""
    if card.kind == "president":
        return "president" in effect.kinds and not card.face_up
    return not card.face_up


def near_landmarks(state: EscapeFromNewYorkState) -> list[Cell]:
    """The face-down landmarks next to the current hero (§7.3)."""
    rules, table = state.rules, state.table
    cell = table.heroes[current_seat(table)].cell
    around = set(rules.topology.neighbours(cell).values())
    return [c for c in hidden_landmarks(state) if c in around]


def peekable_landmarks(state: EscapeFromNewYorkState) -> list[Cell]:
    """The face-down landmarks the current player may look at: any on the map (§14.7 [P]:
    "look at a face-down landmark", near or not) that it has not seen yet. Reading chosen:
    one effect looks at different landmarks; with none left unseen it ends, the player
    already knowing every face-down landmark."""
    known = state.table.heroes[current_seat(state.table)].seen_landmarks
    return [cell for cell in hidden_landmarks(state) if cell not in known]


def peek_landmark(state: EscapeFromNewYorkState, cell: Cell) -> None:
    """The player looks at the face-down landmark on ``cell``: its seat remembers it."""
    turn = state.turn
    memory.remember_landmark(state.table, current_seat(state.table), cell)
    turn.count -= 1
    if turn.count > 0 and peekable_landmarks(state):
        return
    next_effect(state)


def start_source(state: EscapeFromNewYorkState, source: list[Any]) -> None:
    state.turn.source = source
    state.turn.effect = -1
    next_effect(state)


def next_effect(state: EscapeFromNewYorkState) -> None:
    """Go on to the next effect of what is being resolved, starting it; past the last, the
    source is done."""
    rules, table, turn = state.rules, state.table, state.turn
    seat = current_seat(table)
    hero = table.heroes[seat]
    assert turn.source is not None
    effects = source_effects(rules, table, turn.source)
    turn.effect += 1
    turn.move, turn.count, turn.split = None, 0, []
    if turn.effect >= len(effects):
        source_done(state)
        return
    effect = effects[turn.effect]
    if isinstance(effect, Move):
        if passenger_candidates(state, effect):
            turn.stage = "passenger"
        else:
            start_move(state, None)
    elif isinstance(effect, Explore):
        turn.count = effect.spaces
        turn.stage = "explore"
        if not exploring.explorable(rules, table, hero.cell):
            next_effect(state)
    elif isinstance(effect, Attack):
        turn.stage = "attack"
        turn.split = [0] * len(attack_figures(state))
        if not turn.split:
            next_effect(state)
    elif isinstance(effect, Deceive):
        turn.stage = "deceive"
        if not deceive_targets(state):
            next_effect(state)
    elif isinstance(effect, Steal):
        turn.stage = "steal"
    elif isinstance(effect, ExploreLandmark):
        turn.stage = "landmark-near"
    elif isinstance(effect, PeekLandmarks):
        turn.count = effect.landmarks
        turn.stage = "peek"
        if not peekable_landmarks(state):
            next_effect(state)
    elif isinstance(effect, PeekNewYork):
        memory.remember_new_york_top(table, seat)
        turn.stage = "effect_done"
    elif isinstance(effect, PreventDamage):
        turn.shield += effect.damage
        turn.stage = "effect_done"
    elif isinstance(effect, Reload):
        data = item_data(rules, hero.weapon) if hero.weapon else None
        room = (data.ammo or 0) - hero.ammo if data else 0
        amount = max(0, min(room, effect.ammo or room, table.ammo_markers))
        hero.ammo += amount
        table.ammo_markers -= amount
        turn.stage = "effect_done"
    elif isinstance(effect, MoveHelicopter):
        turn.agenda.insert(0, ["back", "effect_done"])
        turn.stage = "helicopter" if effect.to == "any_park" else "helicopter-next"
    elif isinstance(effect, RemovePresidentAlive):
        remove_president_alive(rules, table, state.rng)
        turn.stage = "effect_done"
    elif isinstance(effect, GainItem):
        # One draw at a time, each followed by the supply's limit (§7.8); then the next effect.
        turn.agenda[:0] = [["gain"]] * effect.items
        turn.stage = "effect_done"
    elif isinstance(effect, ReturnDiscard):
        if effect.choice == "random":
            for _ in range(min(effect.cards, len(hero.discard))):
                hero.hand.append(hero.discard.pop(state.rng.below(len(hero.discard))))
            next_effect(state)
        else:
            turn.count = min(effect.cards, len(hero.discard))
            turn.stage = "return"
            if turn.count == 0:
                next_effect(state)
    else:
        raise AssertionError(f"{effect.do!r} is in HERO_EFFECTS_BUILT but not applied here")


def passenger_candidates(state: EscapeFromNewYorkState, effect: Move) -> list[str]:
    """The carless heroes on the mover's space it may take along: with a car, or a card that
    allows it (§7.2, §7.12)."""
    table = state.table
    seat = current_seat(table)
    hero = table.heroes[seat]
    if hero.car is None and not effect.passenger:
        return []
    return [
        other
        for other in board.heroes_on(table, hero.cell)
        if other != seat and table.heroes[other].car is None
    ]


def reveal_weapon(state: EscapeFromNewYorkState, index: int) -> None:
    """§7.11: the weapon face up into the slot, the old one discarded; ammo from the supply
    up to its printed capacity."""
    rules, table = state.rules, state.table
    hero = table.heroes[current_seat(table)]
    card = hero.supply.pop(index)
    if hero.weapon is not None:
        table.ammo_markers += hero.ammo
        discard_item(state, hero.weapon)
    data = item_data(rules, card.id)
    hero.weapon = card.id
    hero.ammo = min(data.ammo or 0, table.ammo_markers)
    table.ammo_markers -= hero.ammo


def revealable_diplomats(state: EscapeFromNewYorkState) -> list[int]:
    """The supply's face-down diplomats with an effect to reveal them for (the Bracelet,
    §7.9), where it can be applied. Once revealed a card stays face up for the rest of the
    game (§7.9, §11), which is what makes its effect once per game."""
    hero = state.table.heroes[current_seat(state.table)]
    return [
        index
        for index, card in enumerate(hero.supply)
        if card.kind == "diplomat"
        and not card.face_up
        and diplomat_data(state.rules, card.id).reveal
        and applies_in_full(state, list(diplomat_data(state.rules, card.id).reveal))
    ]


def reveal_diplomat(state: EscapeFromNewYorkState, index: int) -> None:
    """Reveal supply diplomat ``index`` for its effect (§7.9): face up for good (public from
    now on, in the supply or in a slot), its effects applied like an item's."""
    turn = state.turn
    hero = state.table.heroes[current_seat(state.table)]
    card = hero.supply[index]
    hero.supply[index] = SupplyCard(card.kind, card.id, True)
    turn.resume = turn.stage
    start_source(state, ["reveal", card.id])


def use_item(state: EscapeFromNewYorkState, item: str) -> None:
    """Apply an item's or weapon's effects like a card's (full or nothing), its noise made
    at once (§7.11); then back to the stage it was used at."""
    rules, table, turn = state.rules, state.table, state.turn
    data = item_data(rules, item)
    # The noise is made at once; a timer card it owes is revealed after the item, like a
    # card's (the effects' choices must not see the table change under them).
    owed = gain_noise(rules, table, data.noise_on_use)
    turn.resume = turn.stage
    if applies_in_full(state, list(data.use)):
        turn.timers_owed += owed
        start_source(state, ["item", item])
    else:
        turn.agenda += [["timer"]] * owed
        turn.stage, turn.resume = turn.resume, None


def start_move(state: EscapeFromNewYorkState, passenger: str | None) -> None:
    rules, table, turn = state.rules, state.table, state.turn
    effect = current_effect(state)
    assert isinstance(effect, Move)
    move = movement.start_move(rules, table, current_seat(table), effect, passenger)
    if move is None:
        # A move after effects that changed the map, which can no longer be walked: the
        # card was started, so it goes on as far as it can (no card in the data does this).
        next_effect(state)
        return
    turn.move, turn.asked = move, None
    turn.stage = "move"


def act_move(state: EscapeFromNewYorkState, kind: str, rest: str) -> None:
    move = state.turn.move
    assert move is not None
    if kind == "step":
        # The id names the step: apply has checked it against the legal list, which
        # next_steps made on this table, so it is not listed again here.
        where, _, how = rest.partition(":")
        take_step(state, Step(parse_cell(where), cast(StepKind, how)))
        if not movement.must_stop(move):
            return
    finish_move(state)


def finish_move(state: EscapeFromNewYorkState) -> None:
    turn = state.turn
    move = turn.move
    assert move is not None
    movement.finish_move(state.rules, state.table, move)
    turn.events_owed += move.events
    turn.timers_owed += move.timer_reveals
    turn.traps_owed += [[cell[0], cell[1]] for cell in move.traps]
    next_effect(state)


def take_step(state: EscapeFromNewYorkState, step: Step) -> None:
    """Make ``step``, one of the next steps (the legal list ``apply`` checked the action
    against)."""
    assert state.turn.move is not None
    movement.take_step(state.rules, state.table, state.turn.move, step, state.rng, listed=True)


def explore_space(state: EscapeFromNewYorkState, cell: Cell) -> None:
    rules, table, turn = state.rules, state.table, state.turn
    result = exploring.explore(rules, table, cell)
    turn.timers_owed += result.timer_reveals
    turn.count -= 1
    hero = table.heroes[current_seat(table)]
    if turn.count > 0 and exploring.explorable(rules, table, hero.cell):
        return
    next_effect(state)


def deal_split(state: EscapeFromNewYorkState) -> None:
    rules, table, turn = state.rules, state.table, state.turn
    effect = current_effect(state)
    assert isinstance(effect, Attack)
    split = [(e, n) for e, n in zip(attack_figures(state), turn.split, strict=True) if n]
    seat = current_seat(table)
    dealt = combat.deal_damage(rules, table, seat, effect.range, attack_pool(state), split)
    if rules.variant("wanted"):
        # Each boss defeated (the Duke each time he is killed) earns a Wanted card while
        # any are left (§12).
        for _ in (enemy for enemy in dealt.killed if enemy.kind == "boss"):
            if table.wanted_cards:
                table.wanted_cards -= 1
                table.heroes[seat].wanted += 1
    next_effect(state)


def source_done(state: EscapeFromNewYorkState) -> None:
    """A card, the ability or the car move is over: queue what it triggered (timer cards
    owed, then the trap tiles' draws, then event reveals, §7.20, §12), then go on."""
    rules, turn = state.rules, state.turn
    assert turn.source is not None
    if turn.source[0] == "card" and hero_card(rules, turn.source[1]).item_symbol:
        turn.agenda.append(["gain"])  # the item symbol: part of the card (§7.1)
    turn.agenda += [["timer"]] * turn.timers_owed
    turn.agenda += [["trap", col, row] for col, row in turn.traps_owed]
    turn.agenda += [
        ["event"] for _ in range(turn.events_owed) for _ in range(events_per_reveal(state))
    ]
    turn.timers_owed = turn.events_owed = 0
    turn.traps_owed = []
    kind = turn.source[0]
    turn.source, turn.effect = None, 0
    if kind == "car":
        turn.stage = "noise"
    elif kind in ("item", "reveal"):
        assert turn.resume is not None
        turn.stage, turn.resume = turn.resume, None
        if turn.stage == "car":
            # The item may have cost the car (crashed through a barricade) or left enemies
            # on the space: step 5 is checked again, not offered as it was.
            turn.stage = "car_check"
    else:
        card_done(state)


def card_done(state: EscapeFromNewYorkState) -> None:
    turn = state.turn
    turn.stage = "resolve" if len(turn.resolved) < 2 else "car_check"


def steal_from(state: EscapeFromNewYorkState, victim: str) -> None:
    """Take one of ``victim``'s face-down cards of the kinds allowed, unseen: at random
    (§7.9, §11); it goes face down into the thief's supply (the limit applies)."""
    table, turn = state.table, state.turn
    effect = current_effect(state)
    assert isinstance(effect, Steal)
    supply = table.heroes[victim].supply
    allowed = [i for i, c in enumerate(supply) if c.kind in effect.kinds and not c.face_up]
    turn.stage = "effect_done"
    if not allowed:
        # The victim holds no card of the kinds the effect takes: the thief comes away
        # with nothing (the target did not depend on the kinds, which it could not see).
        return
    card = supply.pop(allowed[state.rng.below(len(allowed))])
    table.heroes[current_seat(table)].supply.append(card)
    if len(table.heroes[current_seat(table)].supply) > SUPPLY_LIMIT:
        turn.agenda.insert(0, ["back", "effect_done"])
        turn.stage = "drop"
