"""The turn (spec §6): the hero phase's steps 1-9 and New York's steps 10-12, as the current
player's actions over the board functions.

Each action takes effect at once; between the player's choices the game runs on by itself
(:func:`run`) through New York's work (the *agenda*: timer and event reveals, New York's
card effects) and the steps that ask nothing (6, 7, 8, 10-12, the end of the turn). Every
choice the rules give "New York" is asked of the current player (§6).

Stages asking the current player (``Turn.stage``), with their action ids:

- ``recover`` (step 1): ``recover`` (discards back to hand, then a timer card) or ``keep``
  (only with 2 or more cards in hand);
- ``choose`` (step 2): ``choose:CARD`` twice, face down;
- ``resolve`` (steps 3-4): ``play:CARD`` (reveal and apply it) or ``ability:N:CARD`` (the
  personal ability's option N in place of CARD, once a turn); the player picks the order
  (A-49);
- an effect under way: ``step:C,R:HOW`` and ``stop`` (a move), ``explore:C,R``,
  ``hit:I`` and ``done`` (damage, one point to figure I of those in range),
  ``deceive:I:C,R`` (and ``done`` for "up to"), ``return:CARD``;
- ``car`` (step 5): ``drive`` or ``stay``;
- ``library`` (step 9): ``library:return`` or ``library:item``;
- ``enemies`` (New York moving enemies, §8.5): ``enemy:I`` then ``route:J``;
  ``landmark`` (a timer card's landmark to explore): ``landmark:C,R``; ``helicopter``
  (where a timer card moves it): ``helicopter:C,R``.

Whatever these rules do not build yet raises :class:`NotBuiltError` (a ``GetawayError``) naming
the rule; the game's ``apply`` then leaves the state as it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from getaway.core.errors import GetawayError
from getaway.games.escape_from_new_york import board, combat, enemy_moves, exploring, movement
from getaway.games.escape_from_new_york.catalogue import HURRY
from getaway.games.escape_from_new_york.enemies import place_prisoners as put_prisoners
from getaway.games.escape_from_new_york.enemies import take_abandoned_cars
from getaway.games.escape_from_new_york.movement import Step
from getaway.games.escape_from_new_york.noise import (
    gain_noise,
    move_missions,
    played_cards_noise,
    spend_noise,
)
from getaway.games.escape_from_new_york.options import Rules
from getaway.games.escape_from_new_york.schema import (
    Attack,
    CardEffect,
    Deceive,
    Explore,
    ExploreLandmark,
    GainItem,
    HeroCard,
    Move,
    NewYorkCard,
    ReturnDiscard,
    Steal,
    Where,
)
from getaway.games.escape_from_new_york.state import (
    ABANDONED,
    COLOURS,
    CarFigure,
    SupplyCard,
    Table,
    road_key,
)
from getaway.games.escape_from_new_york.topology import DIRECTIONS, Cell
from getaway.games.escape_from_new_york.turn_state import Turn

if TYPE_CHECKING:
    from getaway.games.escape_from_new_york.game import EscapeFromNewYorkState

#: The hero effects these rules apply; any other makes a card :class:`NotBuiltError`.
HERO_EFFECTS_BUILT = frozenset(
    {"move", "explore", "attack", "deceive", "return_discard", "gain_item", "steal"}
    | {"explore_landmark"}
)
#: The most cards a personal supply holds (§7.8).
SUPPLY_LIMIT = 3


class NotBuiltError(GetawayError):
    """The rules reached something this version does not build yet (listed in the game's
    docs): nothing is changed."""

    def __init__(self, what: str) -> None:
        super().__init__(f"not built yet: {what}")
        self.what = what


# --- small readers --------------------------------------------------------------------------


def current_seat(table: Table) -> str:
    return table.turn_order[table.current]


def _cell_id(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def _hero_card(rules: Rules, card: str) -> HeroCard:
    return next(c for c in rules.content.hero_cards.cards if c.id == card)


def _source_effects(rules: Rules, table: Table, source: list[Any]) -> list[CardEffect]:
    kind, name = source
    if kind == "card":
        return list(_hero_card(rules, name).effects)
    if kind == "ability":
        hero = table.heroes[current_seat(table)].hero
        data = next(h for h in rules.content.heroes.heroes if h.id == hero)
        return list(data.ability[int(name)])
    car = next(c for c in rules.content.cars.cars if c.id == name)
    return list(car.move)


def _new_york_card(rules: Rules, card: str) -> NewYorkCard:
    return board.lookup(rules).new_york[card]


def _city_effects(rules: Rules, source: str, card: str) -> list[Any]:
    content = rules.content
    if source == "new_york":
        return list(_new_york_card(rules, card).effects)
    if source == "timer":
        return list(next(c for c in content.timer.black if c.id == card).effects)
    return list(next(c for c in content.events.events if c.id == card).effects)


def _ability_noise(rules: Rules, table: Table) -> int:
    hero = table.heroes[current_seat(table)].hero
    return next(h for h in rules.content.heroes.heroes if h.id == hero).ability_noise


# --- what the current player may do ---------------------------------------------------------


def legal(state: EscapeFromNewYorkState) -> list[str]:
    """The current player's actions: the stage's, then those of any moment of the turn
    (``free_actions``)."""
    return [*_stage_actions(state), *free_actions(state)]


#: The kinds of action of "any moment of your turn" and of the team's escape.
FREE_KINDS = frozenset(
    {"escape", "take-car", "pick-up", "abandon-car", "token-item", "bridge"}
    | {"take-diplomat", "take-president"}
)
#: Where the actions of "any moment of your turn" are offered: between cards and steps,
#: not while a card resolves (§7.11, A-43), and during a move for what a move may do on
#: the way (taking a car ends it, §7.12; picking up items, A-23).
BETWEEN_STAGES = frozenset({"recover", "resolve", "car"})


def free_actions(state: EscapeFromNewYorkState) -> list[str]:
    """``escape`` (the solo victory, §9.2, offered at every choice of the player's turn),
    ``take-car``, ``pick-up`` (an item marker for an item card), ``abandon-car`` and
    ``token-item:I`` (supply item I discarded onto the level token, §7.15)."""
    rules, table, turn = state.rules, state.table, state.turn
    seat = current_seat(table)
    hero = table.heroes[seat]
    found = []
    if solo_escape_ready(rules, table, seat):
        found.append("escape")
    if turn.stage not in BETWEEN_STAGES and turn.stage != "move":
        return found
    if movement.can_take_car(table, seat):
        found.append("take-car")
    space = table.spaces[hero.cell]
    if not board.has_enemies(table, hero.cell):
        if space.item_markers:
            found.append("pick-up")
        found += [f"take-diplomat:{n}" for n in dict.fromkeys(space.diplomat_tokens)]
        if _president_here(rules, table, hero.cell):
            found.append("take-president")
    if turn.stage == "move":
        return found
    if hero.car is not None:
        found.append("abandon-car")
    if _token_wants_items(rules, table, seat):
        found += [f"token-item:{i}" for i, card in enumerate(hero.supply) if card.kind == "item"]
    return found


def _stage_actions(state: EscapeFromNewYorkState) -> list[str]:
    rules, table, turn = state.rules, state.table, state.turn
    seat = current_seat(table)
    hero = table.heroes[seat]
    stage = turn.stage
    if stage == "recover":
        return ["recover"] if len(hero.hand) <= 1 else ["recover", "keep"]
    if stage == "choose":
        return [f"choose:{card}" for card in dict.fromkeys(hero.hand)]
    if stage == "resolve":
        waiting = [card for card in hero.played if card not in turn.resolved]
        found = [f"play:{card}" for card in waiting]
        if turn.hidden is None:
            data = next(h for h in rules.content.heroes.heroes if h.id == hero.hero)
            found += [
                f"ability:{option}:{card}"
                for option in range(len(data.ability))
                for card in waiting
            ]
        return found
    if stage == "move":
        assert turn.move is not None
        found = [
            f"step:{_cell_id(step.to)}:{step.how}"
            for step in movement.next_steps(rules, table, turn.move)
        ]
        if movement.may_stop(turn.move):
            found.append("stop")
        return [*found, *(f"bridge:{k}" for k in team_escape_bridges(rules, table, seat))]
    if stage == "explore":
        return [f"explore:{_cell_id(c)}" for c in exploring.explorable(rules, table, hero.cell)]
    if stage == "attack":
        figures = _figures(state)
        pool = _pool(state)
        given = sum(turn.split)
        to_others = sum(n for n, e in zip(turn.split, figures, strict=True) if e.kind != "boss")
        found = [
            f"hit:{index}"
            for index, enemy in enumerate(figures)
            if given < pool.total and (enemy.kind == "boss" or to_others < pool.any)
        ]
        return [*found, "done"]
    if stage == "deceive":
        effect = _effect(state)
        assert isinstance(effect, Deceive)
        found = [
            f"deceive:{index}:{_cell_id(cell)}"
            for index, enemy in enumerate(_deceive_targets(state))
            for cell in combat.deceive_destinations(rules, table, enemy)
        ]
        return [*found, "done"] if effect.up_to else found
    if stage == "return":
        return [f"return:{card}" for card in dict.fromkeys(hero.discard)]
    if stage == "car":
        return ["drive", "stay"]
    if stage == "steal":
        effect = _effect(state)
        assert isinstance(effect, Steal)
        return [f"steal:{other}" for other in steal_targets(state, effect)]
    if stage == "landmark-near":
        return [f"landmark:{_cell_id(c)}" for c in near_landmarks(state)]
    if stage == "medical":
        return [*(f"medical:{card}" for card in dict.fromkeys(hero.discard)), "done"]
    if stage == "shop":
        return ["shop:items", *(f"shop:reload:{n}" for n in _reloads(state))]
    if stage == "keep":
        assert turn.source is not None
        return [f"keep:{card}" for card in dict.fromkeys(table.item_deck[: turn.source[1]])]
    if stage == "slot":
        return [f"slot:{i + 1}" for i, slot in enumerate(table.diplomat_slots) if _empty(slot)]
    if stage == "rescue":
        return [f"landmark:{_cell_id(c)}" for c in hidden_landmarks(state)]
    if stage == "drop":
        return [f"drop:{i}" for i, card in enumerate(hero.supply) if card.kind != "president"]
    if stage == "special":
        return [f"special:{card}" for card in hero.specials]
    if stage == "swap":
        return ["swap:blue", "swap:purple"]
    if stage == "objective":
        assert turn.source is not None
        return [f"objective:{card}" for card in dict.fromkeys(_swap_choices(state))]
    if stage == "landmark":
        return [f"landmark:{_cell_id(c)}" for c in hidden_landmarks(state)]
    if stage == "helicopter":
        return [f"helicopter:{_cell_id(c)}" for c in park_spaces(rules)]
    if stage == "library":
        return ["library:return", "library:item"]
    if stage == "enemies":
        assert turn.enemies is not None
        if turn.chosen_enemy is None:
            choices = enemy_moves.next_enemies(rules, table, turn.enemies)
            return [f"enemy:{index}" for index in range(len(choices))]
        routes = enemy_moves.enemy_routes(rules, table, turn.chosen_enemy)
        return [f"route:{index}" for index in range(len(routes))]
    return []


def _effect(state: EscapeFromNewYorkState) -> CardEffect:
    turn = state.turn
    assert turn.source is not None
    return _source_effects(state.rules, state.table, turn.source)[turn.effect]


def _figures(state: EscapeFromNewYorkState) -> list[Any]:
    effect = _effect(state)
    assert isinstance(effect, Attack)
    cell = state.table.heroes[current_seat(state.table)].cell
    return combat.enemies_in_range(state.rules, state.table, cell, effect.range)


def _pool(state: EscapeFromNewYorkState) -> combat.DamagePool:
    effect = _effect(state)
    assert isinstance(effect, Attack)
    hero = state.table.heroes[current_seat(state.table)]
    bonus = None
    if hero.weapon is not None:
        item = next(i for i in state.rules.content.items.items if i.id == hero.weapon)
        bonus = item.damage_bonus
    return combat.attack_pool(effect, bonus)


def _deceive_targets(state: EscapeFromNewYorkState) -> list[Any]:
    effect = _effect(state)
    assert isinstance(effect, Deceive)
    seat = current_seat(state.table)
    return combat.deceive_targets(state.rules, state.table, seat, effect.range)


# --- the current player's actions -----------------------------------------------------------


def act(state: EscapeFromNewYorkState, action: str) -> None:
    """Apply ``action`` (one of :func:`legal`), then run on to the next choice."""
    rules, table, turn = state.rules, state.table, state.turn
    seat = current_seat(table)
    hero = table.heroes[seat]
    kind, _, rest = action.partition(":")
    stage = turn.stage
    if kind in FREE_KINDS:
        _free_action(state, kind, rest)
    elif stage == "recover":
        if kind == "recover":
            hero.hand.extend(hero.discard)
            hero.discard.clear()
            turn.agenda.append(["timer"])
        turn.stage = "choose"
        table.step = 2
    elif stage == "choose":
        hero.hand.remove(rest)
        hero.played.append(rest)
        if len(hero.played) == 2:
            turn.stage = "resolve"
            table.step = 3
    elif stage == "resolve":
        if kind == "play":
            _start_card(state, rest)
        else:
            option, _, card = rest.partition(":")
            turn.resolved.append(card)
            turn.hidden = card
            effects = _source_effects(rules, table, ["ability", int(option)])
            if _applies_in_full(state, effects):
                _start_source(state, ["ability", int(option)])
            else:
                _card_done(state)
    elif stage == "move":
        _act_move(state, kind, rest)
    elif stage == "explore":
        _explore(state, _cell(rest))
    elif stage == "attack":
        if kind == "hit":
            turn.split[int(rest)] += 1
            if sum(turn.split) < _pool(state).total and legal(state) != ["done"]:
                return
        _deal(state)
    elif stage == "deceive":
        if kind == "deceive":
            index, _, where = rest.partition(":")
            enemy = _deceive_targets(state)[int(index)]
            effect = _effect(state)
            assert isinstance(effect, Deceive)
            combat.deceive(rules, table, seat, effect.range, 1, [(enemy, _cell(where))])
            turn.count += 1
            if turn.count < effect.enemies and _deceive_targets(state):
                return
        _next_effect(state)
    elif stage == "return":
        hero.discard.remove(rest)
        hero.hand.append(rest)
        turn.count -= 1
        if turn.count > 0:
            return
        _next_effect(state)
    elif stage == "car":
        if kind == "drive":
            assert hero.car is not None
            turn.source, turn.effect = ["car", hero.car], -1
            _next_effect(state)
        else:
            turn.stage = "noise"
    elif stage == "library":
        if rest == "item":
            turn.agenda.insert(0, ["gain"])
        elif hero.discard:
            hero.hand.append(hero.discard.pop(state.rng.below(len(hero.discard))))
        turn.stage = "ny10"
    elif stage == "enemies":
        _act_enemies(state, kind, rest)
    elif stage == "steal":
        _steal(state, rest)
    elif stage == "landmark-near":
        result = exploring.explore_landmark(rules, table, _cell(rest), state.rng)
        turn.timers_owed += result.timer_reveals
        _next_effect(state)
    elif stage == "medical":
        if kind == "medical":
            hero.discard.remove(rest)
            hero.hand.append(rest)
            turn.count += 1
        if kind == "done" or turn.count == 2 or not hero.discard:
            turn.stage, turn.count = "ny10", 0
    elif stage == "shop":
        if rest == "items":
            # The two cards stay on top of the item deck while the player chooses, so the
            # table accounts for them; the discard goes under the deck if it runs short.
            if len(table.item_deck) < 2:
                state.rng.shuffle(table.item_discard)
                table.item_deck += table.item_discard
                table.item_discard.clear()
            turn.source = ["shop", min(2, len(table.item_deck))]
            turn.stage = "keep" if table.item_deck else "ny10"
        else:
            amount = int(rest.rpartition(":")[2])
            hero.ammo += amount
            table.ammo_markers -= amount
            turn.stage = "ny10"
    elif stage == "keep":
        assert turn.source is not None
        drawn = table.item_deck[: turn.source[1]]
        del table.item_deck[: turn.source[1]]
        drawn.remove(rest)
        table.item_discard.extend(drawn)
        turn.source = None
        turn.stage = "ny10"
        _gain_item(state, rest)
    elif stage == "drop":
        turn.stage = WAITING
        _drop(state, int(rest))
    elif stage == "slot":
        _diplomat_to_slot(state, int(rest))
        turn.stage = WAITING
    elif stage == "rescue":
        _rescue_landmark(state, _cell(rest))
    elif stage == "special":
        hero.specials.remove(rest)
        hero.hand.append(rest)
        turn.stage = "swap" if _bonus(state).objective_swap else "building"
    elif stage == "swap":
        turn.source = ["swap", rest]
        turn.stage = "objective"
    elif stage == "objective":
        _swap_objective(state, rest)
        turn.source = None
        turn.stage = "building"
    elif stage == "landmark":
        result = exploring.explore_landmark(rules, table, _cell(rest), state.rng)
        turn.agenda[:0] = [["timer"]] * result.timer_reveals
        turn.stage = WAITING
    elif stage == "helicopter":
        for space in table.spaces.values():
            space.helicopter = False
        table.spaces[_cell(rest)].helicopter = True
        turn.stage = WAITING
    run(state)


def _cell(text: str) -> Cell:
    col, _, row = text.partition(",")
    return (int(col), int(row))


def _start_card(state: EscapeFromNewYorkState, card: str) -> None:
    """Reveal ``card`` and start applying it in full, or cancel it (§6 step 3): its noise
    counts either way."""
    rules, turn = state.rules, state.turn
    data = _hero_card(rules, card)
    for effect in data.effects:
        if effect.do not in HERO_EFFECTS_BUILT:
            raise NotBuiltError(f"{card}: the {effect.do!r} effect")
    turn.resolved.append(card)
    turn.revealed.append(card)
    if _applies_in_full(state, list(data.effects)):
        _start_source(state, ["card", card])
    else:
        _card_done(state)


def _applies_in_full(state: EscapeFromNewYorkState, effects: list[CardEffect]) -> bool:
    """Whether a hero's card can be applied in full (§6 step 3). Reading chosen: only its
    first move or return can fail (every card in the data has it first), and a steal with
    nobody to steal from or a landmark to explore with none next to the hero; explore,
    attack and deceive always count as applied (§6's list, A-24)."""
    rules, table = state.rules, state.table
    seat = current_seat(table)
    if not effects:
        return True
    for effect in effects:
        if isinstance(effect, Steal) and not steal_targets(state, effect):
            return False
        if isinstance(effect, ExploreLandmark) and not near_landmarks(state):
            return False
    first = effects[0]
    if isinstance(first, Move):
        return movement.start_move(rules, table, seat, first) is not None
    if isinstance(first, ReturnDiscard):
        return len(table.heroes[seat].discard) >= first.cards
    return True


def steal_targets(state: EscapeFromNewYorkState, effect: Steal) -> list[str]:
    """The heroes on the current hero's space holding a face-down card of a kind the
    effect may take (§7.9, §11)."""
    table = state.table
    seat = current_seat(table)
    return [
        other
        for other in board.heroes_on(table, table.heroes[seat].cell)
        if other != seat
        and any(c.kind in effect.kinds and not c.face_up for c in table.heroes[other].supply)
    ]


def near_landmarks(state: EscapeFromNewYorkState) -> list[Cell]:
    """The face-down landmarks next to the current hero (§7.3)."""
    rules, table = state.rules, state.table
    cell = table.heroes[current_seat(table)].cell
    around = set(rules.topology.neighbours(cell).values())
    return [c for c in hidden_landmarks(state) if c in around]


def _start_source(state: EscapeFromNewYorkState, source: list[Any]) -> None:
    state.turn.source = source
    state.turn.effect = -1
    _next_effect(state)


def _next_effect(state: EscapeFromNewYorkState) -> None:
    """Go on to the next effect of what is being resolved, starting it; past the last, the
    source is done."""
    rules, table, turn = state.rules, state.table, state.turn
    seat = current_seat(table)
    hero = table.heroes[seat]
    assert turn.source is not None
    effects = _source_effects(rules, table, turn.source)
    turn.effect += 1
    turn.move, turn.count, turn.split = None, 0, []
    if turn.effect >= len(effects):
        _source_done(state)
        return
    effect = effects[turn.effect]
    if isinstance(effect, Move):
        move = movement.start_move(rules, table, seat, effect)
        if move is None:
            raise NotBuiltError("a card whose later move cannot be applied (full or nothing)")
        turn.move = move
        turn.stage = "move"
    elif isinstance(effect, Explore):
        turn.count = effect.spaces
        turn.stage = "explore"
        if not exploring.explorable(rules, table, hero.cell):
            _next_effect(state)
    elif isinstance(effect, Attack):
        turn.stage = "attack"
        turn.split = [0] * len(_figures(state))
        if not turn.split:
            _next_effect(state)
    elif isinstance(effect, Deceive):
        turn.stage = "deceive"
        if not _deceive_targets(state):
            _next_effect(state)
    elif isinstance(effect, Steal):
        turn.stage = "steal"
    elif isinstance(effect, ExploreLandmark):
        turn.stage = "landmark-near"
    elif isinstance(effect, GainItem):
        # One draw at a time, each followed by the supply's limit (§7.8); then the next effect.
        turn.agenda[:0] = [["gain"]] * effect.items
        turn.stage = "effect_done"
    elif isinstance(effect, ReturnDiscard):
        if effect.choice == "random":
            for _ in range(min(effect.cards, len(hero.discard))):
                hero.hand.append(hero.discard.pop(state.rng.below(len(hero.discard))))
            _next_effect(state)
        else:
            turn.count = min(effect.cards, len(hero.discard))
            turn.stage = "return"
            if turn.count == 0:
                _next_effect(state)
    else:
        raise NotBuiltError(f"the {effect.do!r} effect")


def _act_move(state: EscapeFromNewYorkState, kind: str, rest: str) -> None:
    rules, table, turn = state.rules, state.table, state.turn
    move = turn.move
    assert move is not None
    if kind == "step":
        where, _, how = rest.partition(":")
        step = next(
            s
            for s in movement.next_steps(rules, table, move)
            if s.to == _cell(where) and s.how == how
        )
        _take_step(state, step)
        if not movement.must_stop(move):
            return
    _finish_move(state)


def _finish_move(state: EscapeFromNewYorkState) -> None:
    turn = state.turn
    move = turn.move
    assert move is not None
    movement.finish_move(state.rules, state.table, move)
    turn.events_owed += move.events
    turn.timers_owed += move.timer_reveals
    _next_effect(state)


def _take_step(state: EscapeFromNewYorkState, step: Step) -> None:
    assert state.turn.move is not None
    movement.take_step(state.rules, state.table, state.turn.move, step, state.rng)


def _explore(state: EscapeFromNewYorkState, cell: Cell) -> None:
    rules, table, turn = state.rules, state.table, state.turn
    result = exploring.explore(rules, table, cell)
    turn.timers_owed += result.timer_reveals
    turn.count -= 1
    hero = table.heroes[current_seat(table)]
    if turn.count > 0 and exploring.explorable(rules, table, hero.cell):
        return
    _next_effect(state)


def _deal(state: EscapeFromNewYorkState) -> None:
    rules, table, turn = state.rules, state.table, state.turn
    effect = _effect(state)
    assert isinstance(effect, Attack)
    split = [(e, n) for e, n in zip(_figures(state), turn.split, strict=True) if n]
    combat.deal_damage(rules, table, current_seat(table), effect.range, _pool(state), split)
    _next_effect(state)


def _source_done(state: EscapeFromNewYorkState) -> None:
    """A card, the ability or the car move is over: queue what it triggered (timer cards
    owed, then event reveals, §7.20), then go on."""
    rules, turn = state.rules, state.turn
    assert turn.source is not None
    if turn.source[0] == "card" and _hero_card(rules, turn.source[1]).item_symbol:
        turn.agenda.append(["gain"])  # the item symbol: part of the card (§7.1)
    turn.agenda += [["timer"]] * turn.timers_owed
    turn.agenda += [["event"] for _ in range(turn.events_owed) for _ in range(_level(state))]
    turn.timers_owed = turn.events_owed = 0
    was_car = turn.source[0] == "car"
    turn.source, turn.effect = None, 0
    if was_car:
        turn.stage = "noise"
    else:
        _card_done(state)


def _card_done(state: EscapeFromNewYorkState) -> None:
    turn = state.turn
    turn.stage = "resolve" if len(turn.resolved) < 2 else "car_check"


def _level(state: EscapeFromNewYorkState) -> int:
    """The event level: the number under the marker (§7.20)."""
    return state.rules.content.event_track.levels[state.table.event_level]


def _act_enemies(state: EscapeFromNewYorkState, kind: str, rest: str) -> None:
    rules, table, turn = state.rules, state.table, state.turn
    run_ = turn.enemies
    assert run_ is not None
    if kind == "enemy":
        turn.chosen_enemy = enemy_moves.next_enemies(rules, table, run_)[int(rest)]
        return
    assert turn.chosen_enemy is not None
    route = enemy_moves.enemy_routes(rules, table, turn.chosen_enemy)[int(rest)]
    owed = enemy_moves.move_enemy(rules, table, run_, turn.chosen_enemy, route)
    turn.chosen_enemy = None
    turn.agenda[:0] = [["timer"]] * owed
    if not enemy_moves.next_enemies(rules, table, run_):
        turn.enemies = None
        turn.stage = WAITING


# --- running on by itself -------------------------------------------------------------------


#: Stages that ask the player something.
CHOICE_STAGES = frozenset(
    {"recover", "choose", "resolve", "move", "explore", "attack", "deceive", "return", "car"}
    | {"library", "enemies", "recover", "helicopter", "landmark", "drop"}
    | {"special", "swap", "objective", "medical", "shop", "keep", "steal", "landmark-near"}
    | {"slot", "rescue"}
)
#: Choices in the middle of New York's work or of an item draw: asked before the rest of
#: the agenda, which holds the stage to go back to (a ``["back", stage]`` item).
IMMEDIATE_CHOICES = frozenset({"enemies", "helicopter", "landmark", "drop", "slot", "rescue"})
#: The stage while the agenda runs on to its "back" item.
WAITING = "waiting"


def run(state: EscapeFromNewYorkState) -> None:
    """Run the game on until the current player has a choice to make or the game is
    over: New York's agenda first, then the steps that ask nothing."""
    while state.turn.ended is None:
        turn = state.turn  # the end of a turn starts a new one
        if turn.stage in IMMEDIATE_CHOICES:
            return
        if turn.agenda:
            _work(state, turn.agenda.pop(0))
            continue
        if turn.stage in CHOICE_STAGES:
            return
        _automatic(state)


def _work(state: EscapeFromNewYorkState, item: list[Any]) -> None:
    if item[0] == "timer":
        _reveal_timer(state)
    elif item[0] == "event":
        _reveal_event(state)
    elif item[0] == "fx":
        _city_effect(state, item[1], item[2], item[3])
    elif item[0] == "gain":
        _gain_item(state)
    else:  # "back": the stage to return to, left by a New York choice already over
        state.turn.stage = item[1]


def _reveal_timer(state: EscapeFromNewYorkState) -> None:
    """Reveal the top timer card and resolve it (§7.21); "Hurry!" coming on top is revealed
    at once."""
    rules, table, turn = state.rules, state.table, state.turn
    card = table.timer_deck.pop(0)
    table.timer_revealed.append(card)
    red = {c.id: c for c in rules.content.timer.red}
    if card in red:
        if red[card].fatal:
            _end(state, "timer")
        return
    if card != HURRY:
        turn.agenda[:0] = [
            ["fx", "timer", card, i] for i in range(len(_city_effects(rules, "timer", card)))
        ]
    _hurry_on_top(state)


def _hurry_on_top(state: EscapeFromNewYorkState) -> None:
    """ "Hurry!" on top of the timer deck is revealed at once (§7.21): the helicopter lands
    (§7.14). Its other effect, the solo escape without the President, waits for §9.2."""
    table = state.table
    if table.timer_deck and table.timer_deck[0] == HURRY:
        table.timer_revealed.append(table.timer_deck.pop(0))
        table.hurry_revealed = True
        table.helicopter_landed = True


def _reveal_event(state: EscapeFromNewYorkState) -> None:
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
    count = len(_city_effects(state.rules, "event", card))
    turn.agenda[:0] = [["fx", "event", card, i] for i in range(count)]


def _end(state: EscapeFromNewYorkState, why: str) -> None:
    state.turn.ended = why
    state.turn.agenda.clear()
    state.table.phase = "over"


def _automatic(state: EscapeFromNewYorkState) -> None:
    rules, table, turn = state.rules, state.table, state.turn
    seat = current_seat(table)
    hero = table.heroes[seat]
    stage = turn.stage
    if stage == "effect_done":
        _next_effect(state)
    elif stage == "car_check":
        table.step = 5
        possible = movement.car_move(rules, table, seat) is not None and _car_can_move(state)
        turn.stage = "car" if possible else "noise"
    elif stage == "noise":
        table.step = 6
        cards = [_hero_card(rules, card) for card in turn.revealed]
        noise = played_cards_noise(cards, turn.hidden is not None, _ability_noise(rules, table))
        turn.agenda += [["timer"]] * gain_noise(rules, table, noise)
        hero.discard.extend(hero.played)
        hero.played.clear()
        turn.stage = "damage"
    elif stage == "damage":
        table.step = 7
        damage = combat.damage_from_enemies(rules, table, seat)
        combat.take_damage(rules, table, seat, damage, state.rng)
        turn.stage = "level"
    elif stage == "level":
        table.step = 8
        turn.stage = _level_up(state) if _level_up_due(rules, table, seat) else "building"
    elif stage == "building":
        table.step = 9
        turn.stage = _building(state)
    elif stage == "ny10":
        table.phase, table.step = "new_york", 10
        table.new_york_discard.append(table.new_york_deck.pop(0))
        turn.agenda += [["timer"]] * gain_noise(rules, table, 1)
        _recycle(state)
        turn.stage = "ny11"
    elif stage == "ny11":
        table.step = 11
        _step_11(state)
        turn.stage = "ny12"
    elif stage == "ny12":
        table.step = 12
        _recycle(state)
        arrows = _new_york_card(rules, table.new_york_deck[0]).back.arrows
        enemy_moves.pull_adjacent(rules, table, list(arrows))
        turn.stage = "end"
    elif stage == "end":
        combat.end_of_turn(table)
        table.current = (table.current + 1) % len(table.turn_order)
        table.phase, table.step = "hero", 1
        state.turn = Turn()
    else:
        raise AssertionError(f"no such stage: {stage!r}")


def _car_can_move(state: EscapeFromNewYorkState) -> bool:
    rules, table = state.rules, state.table
    seat = current_seat(table)
    effects = movement.car_move(rules, table, seat) or []
    first = effects[0] if effects else None
    return not isinstance(first, Move) or movement.start_move(rules, table, seat, first) is not None


def _level_up_due(rules: Rules, table: Table, seat: str) -> bool:
    """Every requirement of the face-up level token met (§7.15, step 8)."""
    hero = table.heroes[seat]
    data = next(s for s in rules.content.level_tokens.sets if s.id == hero.level_set)
    for index, token in enumerate(hero.level_tokens):
        if token.state == "active":
            asks = data.tokens[index]
            return token.prisoners >= asks.prisoners and token.items >= asks.items
    return False


def _building(state: EscapeFromNewYorkState) -> str:
    """Step 9: the building on the hero's space must be activated (§7.16). The stage next."""
    rules, table = state.rules, state.table
    cell = table.heroes[current_seat(table)].cell
    if board.lookup(rules).cells[cell].kind == "library":
        return "library"
    for shown in board.symbols(rules, table, cell):
        if shown.building == "medical_post":
            state.turn.count = 0
            return "medical" if table.heroes[current_seat(table)].discard else "ny10"
        if shown.building == "weapon_shop":
            return "shop"
    return "ny10"


def _reloads(state: EscapeFromNewYorkState) -> list[int]:
    """The Weapon Shop's reloads the hero may choose: 1 or 2 ammo, as far as the weapon's
    capacity and the ammo supply go (§7.16)."""
    table = state.table
    hero = table.heroes[current_seat(table)]
    if hero.weapon is None:
        return []
    item = next(i for i in state.rules.content.items.items if i.id == hero.weapon)
    room = min(2, (item.ammo or 0) - hero.ammo, table.ammo_markers)
    return list(range(1, room + 1))


def _step_11(state: EscapeFromNewYorkState) -> None:
    """Pay for and resolve the top New York card, or discard it for 1 noise (§6 step 11)."""
    rules, table, turn = state.rules, state.table, state.turn
    card = _new_york_card(rules, table.new_york_deck[0])
    if spend_noise(table, card.back.cost):
        table.new_york_deck.pop(0)
        (table.new_york_in_play if card.special else table.new_york_discard).append(card.id)
        turn.agenda += [["fx", "new_york", card.id, i] for i in range(len(card.effects))]
    else:
        table.new_york_discard.append(table.new_york_deck.pop(0))
        turn.agenda += [["timer"]] * gain_noise(rules, table, 1)
    _recycle(state)


def _recycle(state: EscapeFromNewYorkState) -> None:
    """With one card (or none) left in the New York deck, every New York action card in
    play forms a new deck (§6 recycling, A-14); the waiting specials stay out."""
    table = state.table
    if len(table.new_york_deck) > 1:
        return
    table.new_york_deck += table.new_york_discard + table.new_york_in_play
    table.new_york_discard.clear()
    table.new_york_in_play.clear()
    state.rng.shuffle(table.new_york_deck)


# --- any moment of the turn, and the victories (§7.11, §7.12, §7.15, §9) --------------------


def _free_action(state: EscapeFromNewYorkState, kind: str, rest: str) -> None:
    rules, table, turn = state.rules, state.table, state.turn
    seat = current_seat(table)
    hero = table.heroes[seat]
    if kind == "escape":
        _end(state, f"solo:{seat}")
    elif kind == "bridge":
        winners = board.heroes_on(table, hero.cell)
        _end(state, "team:" + ",".join(s for s in table.turn_order if s in winners))
    elif kind == "take-car":
        movement.take_car(table, seat, turn.move)
        if turn.move is not None and movement.must_stop(turn.move):
            _finish_move(state)
    elif kind == "pick-up":
        table.spaces[hero.cell].item_markers -= 1
        table.item_markers += 1
        turn.agenda.insert(0, ["gain"])
    elif kind == "take-diplomat":
        _take_diplomat(state, int(rest))
    elif kind == "take-president":
        _take_president(state)
    elif kind == "abandon-car":
        movement.abandon_car(rules, table, seat)
        if turn.stage == "car":
            turn.stage = "noise"
    else:  # token-item: the item discarded, a marker from the supply onto the token
        _drop(state, int(rest))
        token = next(t for t in hero.level_tokens if t.state == "active")
        token.items += 1
        table.item_markers -= 1


def _steal(state: EscapeFromNewYorkState, victim: str) -> None:
    """Take one of ``victim``'s face-down cards of the kinds allowed, unseen: at random
    (§7.9, §11); it goes face down into the thief's supply (the limit applies)."""
    table, turn = state.table, state.turn
    effect = _effect(state)
    assert isinstance(effect, Steal)
    supply = table.heroes[victim].supply
    allowed = [i for i, c in enumerate(supply) if c.kind in effect.kinds and not c.face_up]
    card = supply.pop(allowed[state.rng.below(len(allowed))])
    table.heroes[current_seat(table)].supply.append(card)
    turn.stage = "effect_done"
    if len(table.heroes[current_seat(table)].supply) > SUPPLY_LIMIT:
        turn.agenda.insert(0, ["back", "effect_done"])
        turn.stage = "drop"


def _empty(slot: Any) -> bool:
    """A slot holding its token and no card (§7.9)."""
    return bool(slot.token) and slot.card is None


def _take_diplomat(state: EscapeFromNewYorkState, number: int) -> None:
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


def _diplomat_to_slot(state: EscapeFromNewYorkState, number: int) -> None:
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


def _president_here(rules: Rules, table: Table, cell: Cell) -> bool:
    """The revealed Duke's Camp, with the President card still on its slot (§7.10)."""
    space = table.spaces[cell]
    if not space.face_up or space.tile is None:
        return False
    landmark = board.lookup(rules).landmarks.get(space.tile)
    return (
        landmark is not None
        and any(effect.do == "president" for effect in landmark.effects)
        and "president" in table.president_slot
    )


def _take_president(state: EscapeFromNewYorkState) -> None:
    """§7.10: the President into the supply (the limit applies; it is never dropped); the
    first time, the rescue: a prisoner on each explored space next to the camp, the
    helicopter landed, every face-down landmark explored in the player's order (E14)."""
    rules, table, turn = state.rules, state.table, state.turn
    if rules.variant("dead_or_alive"):
        raise NotBuiltError('"President: Dead or Alive?" (§12)')
    seat = current_seat(table)
    hero = table.heroes[seat]
    table.president_slot.remove("president")
    hero.supply.append(SupplyCard("president", "president", False))
    if len(hero.supply) > SUPPLY_LIMIT:
        turn.agenda.insert(0, ["back", turn.stage])
        turn.stage = "drop"
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
        _duke_to_nothing_here(state)


def _rescue_landmark(state: EscapeFromNewYorkState, cell: Cell) -> None:
    """One landmark of the first rescue: explored, and the top timer card discarded unseen
    ("Hurry!" revealed instead and not counted, A-04; the fatal card ends the game)."""
    rules, table, turn = state.rules, state.table, state.turn
    result = exploring.explore_landmark(rules, table, cell, state.rng)
    turn.agenda[:0] = [["timer"]] * result.timer_reveals
    _hurry_on_top(state)
    if table.timer_deck:
        card = table.timer_deck.pop(0)
        table.timer_discarded.append(card)
        if any(red.id == card and red.fatal for red in rules.content.timer.red):
            _end(state, "timer")
            return
        _hurry_on_top(state)
    if not hidden_landmarks(state):
        _duke_to_nothing_here(state)


def _duke_to_nothing_here(state: EscapeFromNewYorkState) -> None:
    """Step 4 of the rescue: the Duke onto "Nothing Here" (revealed by step 3), if he is
    off the board."""
    rules, table = state.rules, state.table
    state.turn.stage = WAITING
    landmarks = board.lookup(rules).landmarks
    cell = next(
        (
            c
            for c, s in table.spaces.items()
            if s.tile in landmarks and landmarks[s.tile].role == "nothing_here"
        ),
        None,
    )
    if cell is not None and table.boss_state.get("duke") == "off_board":
        table.boss_state["duke"] = "on_map"
        table.spaces[cell].bosses.append("duke")


def _token_wants_items(rules: Rules, table: Table, seat: str) -> bool:
    """The face-up level token shows an unfilled item symbol and a marker is left (§7.15;
    the text's proxy for a missing marker is not built)."""
    hero = table.heroes[seat]
    data = next(s for s in rules.content.level_tokens.sets if s.id == hero.level_set)
    for index, token in enumerate(hero.level_tokens):
        if token.state == "active":
            return token.items < data.tokens[index].items and table.item_markers > 0
    return False


def solo_escape_ready(rules: Rules, table: Table, seat: str) -> bool:
    """§9.2: (a) the President taken, or a red card on top of the timer deck; (b) level 3;
    (c) both personal objectives met: the card in the supply, the vehicle's space."""
    hero = table.heroes[seat]
    reds = {card.id for card in rules.content.timer.red}
    if not (table.president_taken or (table.timer_deck and table.timer_deck[0] in reds)):
        return False
    if any(token.state != "removed" for token in hero.level_tokens):
        return False
    return all(_objective_met(rules, table, seat, card) for card in hero.objectives)


def _objective_met(rules: Rules, table: Table, seat: str, objective: str) -> bool:
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
    to it, its road open, and the President, the Tape and that bridge's Diagram revealed in
    the space. Reading chosen: the current player reveals its own cards; another hero's
    count only if already face up (asking other players to reveal is not built)."""
    hero = table.heroes[seat]
    bridges = board.bridge_roads(rules, table, hero.cell)
    if not bridges:
        return []
    shown = list(hero.supply)
    for other in board.heroes_on(table, hero.cell):
        if other != seat:
            shown += [card for card in table.heroes[other].supply if card.face_up]
    ids = {card.id for card in shown}
    alive = {card.id for card in rules.content.diplomats.president if card.alive}
    if not (ids & alive and any(c.kind == "president" for c in shown) and "tape" in ids):
        return []
    diagrams = {i.bridge: i.id for i in rules.content.items.items if i.bridge is not None}
    return [k for k in sorted(bridges) if diagrams.get(k) in ids]


# --- items and levels (§7.8, §7.11, §7.15) ---------------------------------------------------


def _draw_item(state: EscapeFromNewYorkState) -> str | None:
    """The top item card, the deck reshuffled from its discard when empty (§7.11); ``None``
    with none left."""
    table = state.table
    if not table.item_deck:
        table.item_deck, table.item_discard = table.item_discard, []
        state.rng.shuffle(table.item_deck)
    return table.item_deck.pop(0) if table.item_deck else None


def _gain_item(state: EscapeFromNewYorkState, card: str | None = None) -> None:
    """Put ``card`` (by default, one drawn) face down into the supply (§7.11); a 4th card
    must be dropped at once (§7.8)."""
    table, turn = state.table, state.turn
    hero = table.heroes[current_seat(table)]
    card = card or _draw_item(state)
    if card is None:
        return
    hero.supply.append(SupplyCard("item", card, False))
    if len(hero.supply) > SUPPLY_LIMIT:
        turn.agenda.insert(0, ["back", turn.stage])
        turn.stage = "drop"


def _drop(state: EscapeFromNewYorkState, index: int) -> None:
    """Discard supply card ``index``: an item face down onto the item discard, a starting
    item out of the game (§7.11)."""
    rules, table = state.rules, state.table
    hero = table.heroes[current_seat(table)]
    card = hero.supply[index]
    if card.kind == "diplomat":
        # §7.9: into an empty slot of the player's choice, asked next.
        turn = state.turn
        turn.source = ["diplomat", index]
        turn.agenda.insert(0, ["back", turn.stage])
        turn.stage = "slot"
        return
    del hero.supply[index]
    item = next(i for i in rules.content.items.items if i.id == card.id)
    if item.starting:
        table.box.setdefault("items", []).append(card.id)
    else:
        table.item_discard.append(card.id)


def _level_up(state: EscapeFromNewYorkState) -> str:
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
    bonus = _bonus(state)
    if bonus.special_card and hero.specials:
        return "special"
    return "swap" if bonus.objective_swap else "building"


def _bonus(state: EscapeFromNewYorkState) -> Any:
    """The bonus printed on the level space last uncovered."""
    rules, table = state.rules, state.table
    hero = table.heroes[current_seat(table)]
    level = sum(1 for t in hero.level_tokens if t.state == "removed")
    data = next(h for h in rules.content.heroes.heroes if h.id == hero.hero)
    return next(b for b in data.level_bonuses if b.level == level)


def _swap_choices(state: EscapeFromNewYorkState) -> list[str]:
    """The objective cards to choose from: the colour's deck and the hero's own card."""
    table, turn = state.table, state.turn
    assert turn.source is not None
    colour = turn.source[1]
    hero = table.heroes[current_seat(table)]
    own = hero.objectives[COLOURS.index(colour)]
    return [*table.objective_decks[colour], own]


def _swap_objective(state: EscapeFromNewYorkState, card: str) -> None:
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


# --- New York's effects (§8) ----------------------------------------------------------------


def _city_effect(state: EscapeFromNewYorkState, source: str, card: str, index: int) -> None:
    """Apply effect ``index`` of a New York, timer or event card as far as possible
    (A-24)."""
    rules, table, turn = state.rules, state.table, state.turn
    effect = _city_effects(rules, source, card)[index]
    seat = current_seat(table)
    cell = table.heroes[seat].cell
    owed = 0
    do = effect.do
    if do == "noise":
        owed = gain_noise(rules, table, effect.amount)
    elif do == "move_missions":
        owed = move_missions(rules, table, effect.markers)
    elif do == "place_prisoners":
        for there in _where(state, effect.where):
            owed += put_prisoners(rules, table, there, effect.prisoners)
    elif do == "place_item_markers":
        for there in _where(state, effect.where):
            placed = min(effect.markers, table.item_markers)
            table.item_markers -= placed
            table.spaces[there].item_markers += placed
    elif do == "place_barricade":
        board.place_new_york_barricade(rules, table)
    elif do == "prisoner_bonus":
        pass  # the card itself, in play above the New York board, is the bonus (§8.8)
    elif do == "take_damage":
        combat.take_damage(rules, table, seat, effect.damage, state.rng)
    elif do == "place_abandoned_car":
        if table.car_figures:
            table.car_figures -= 1
            table.spaces[cell].cars.append(CarFigure(ABANDONED))
            take_abandoned_cars(table, cell)
    elif do == "event_level":
        last = len(rules.content.event_track.levels) - 1
        table.event_level = min(last, table.event_level + effect.steps)
    elif do == "reveal_events":
        turn.agenda[:0] = [["event"] for _ in range(_level(state))]
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
        owed = _destroy_glider(state, effect.near, effect.otherwise_reveal_timer)
    elif do == "explore_landmark" and not effect.adjacent:
        if hidden_landmarks(state):
            turn.agenda.insert(0, ["back", turn.stage])
            turn.stage = "landmark"
    elif do == "move_helicopter" and effect.to == "any_park":
        turn.agenda.insert(0, ["back", turn.stage])
        turn.stage = "helicopter"
    else:
        raise NotBuiltError(f"New York's {do!r} effect")
    turn.agenda[:0] = [["timer"]] * owed


def _destroy_glider(state: EscapeFromNewYorkState, near: int, otherwise_timer: bool) -> int:
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


def hidden_landmarks(state: EscapeFromNewYorkState) -> list[Cell]:
    """The face-down landmarks a timer card may have explored, any of them (§7.21 [I])."""
    rules, table = state.rules, state.table
    return [c for c in table.spaces if board.hidden_landmark(rules, table, c)]


def park_spaces(rules: Rules) -> list[Cell]:
    """Where the helicopter may be moved: any park space, explored or not (§7.14)."""
    return [c for c, data in board.lookup(rules).cells.items() if data.kind == "park"]


def _where(state: EscapeFromNewYorkState, where: Where) -> list[Cell]:
    """The spaces a New York effect names, relative to the current hero (§8.6)."""
    rules, table = state.rules, state.table
    cell = table.heroes[current_seat(table)].cell
    if where == "hero_cell":
        return [cell]
    if where == "around_hero":
        return [
            c for c in rules.topology.neighbours(cell).values() if board.explored(rules, table, c)
        ]
    if where == "arrows":
        arrows = _new_york_card(rules, table.new_york_deck[0]).back.arrows
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
    raise NotBuiltError(f"New York placing things {where!r} (traps)")
