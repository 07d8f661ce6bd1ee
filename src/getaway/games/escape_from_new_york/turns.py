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
- a move starting with a carless hero on the mover's space and a car (or a card allowing
  it): ``passenger:SEAT`` or ``alone``, then that seat answers ``agree`` or ``refuse``;
- an effect under way: ``step:C,R:HOW`` and ``stop`` (a move), ``explore:C,R``,
  ``hit:I`` and ``done`` (damage, one point to figure I of those in range),
  ``deceive:I:C,R`` (and ``done`` for "up to"), ``return:CARD``;
- ``car`` (step 5): ``drive`` or ``stay``; without a car move, ``stay`` alone when a
  pick-up or the team's escape (``AFTER_CARDS``) may be done after the second card, which
  is offered beside it;
- ``library`` (step 9): ``library:return`` or ``library:item``;
- ``enemies`` (New York moving enemies, §8.5): ``enemy:I`` then ``route:J``;
  ``landmark`` / ``landmark-next`` (a landmark to explore, any or next to the hero):
  ``landmark:C,R``; ``helicopter`` / ``helicopter-next`` (where it is moved, any park space
  or a next one): ``helicopter:C,R``;
- ``peek`` (a face-down landmark to look at, into the seat's memory): ``peek:C,R``;
- ``reveal-escape`` (the team's escape called with ``attempt:K``, §9.1): each player on the
  space in turn, ``show:I`` then ``done``.

Every effect the content names is one these rules apply (checked as the content loads,
``vocabulary.py``), so an action checked against :func:`legal` is played through in place.

The rest of the turn's rules are beside this module: ``hero_effects.py`` (cards, the
ability, the car move and items, effect by effect), ``turn_common.py`` (what they share),
``new_york_turn.py`` (New York's agenda, effects and steps), ``holdings.py`` (items,
diplomats, the President, levels and the escapes' conditions); the docs list every
stage and action id.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from getaway.games.escape_from_new_york import (
    board,
    combat,
    enemy_moves,
    exploring,
    memory,
    movement,
)
from getaway.games.escape_from_new_york.hero_effects import (
    act_move,
    applies_in_full,
    attack_figures,
    attack_pool,
    card_done,
    current_effect,
    deal_split,
    deceive_targets,
    explore_space,
    finish_move,
    near_landmarks,
    next_effect,
    passenger_candidates,
    peek_landmark,
    peekable_landmarks,
    reveal_diplomat,
    reveal_weapon,
    revealable_diplomats,
    start_card,
    start_move,
    start_source,
    steal_from,
    steal_targets,
    use_item,
)
from getaway.games.escape_from_new_york.holdings import (
    call_escape,
    diplomat_to_slot,
    discard_item,
    drop_card,
    empty_slot,
    escape_answered,
    escape_attempts,
    escape_cards,
    gain_item,
    hide_shown,
    level_bonus,
    level_up,
    level_up_due,
    onto_token,
    president_here,
    reloads,
    rescue_landmark,
    shielded,
    show_for_escape,
    solo_escape_ready,
    swap_choices,
    swap_objective,
    take_diplomat,
    take_president,
    team_escape_bridges,
    token_wants_items,
    weapon_counts_for_token,
)
from getaway.games.escape_from_new_york.new_york_turn import (
    act_enemies,
    boss_comeback,
    recycle,
    step_11,
    work,
)
from getaway.games.escape_from_new_york.noise import (
    gain_noise,
    played_cards_noise,
)
from getaway.games.escape_from_new_york.schema import (
    Deceive,
    Move,
    Steal,
)
from getaway.games.escape_from_new_york.state import read_space
from getaway.games.escape_from_new_york.turn_common import (
    WAITING,
    ability_noise,
    cell_id,
    current_seat,
    end_game,
    hero_card,
    hidden_landmarks,
    item_data,
    move_helicopter,
    new_york_card,
    next_park_spaces,
    park_spaces,
    parse_cell,
    source_effects,
)
from getaway.games.escape_from_new_york.turn_state import Turn

if TYPE_CHECKING:
    from getaway.games.escape_from_new_york.game import EscapeFromNewYorkState


# --- what the current player may do ---------------------------------------------------------


def legal(state: EscapeFromNewYorkState) -> list[str]:
    """The current player's actions: the stage's, then those of any moment of the turn
    (``free_actions``)."""
    state.numbered = None  # set again below if the stage numbers enemies or routes
    return [*_stage_actions(state), *free_actions(state)]


#: The kinds of action of "any moment of your turn" and of the team's escape.
FREE_KINDS = frozenset(
    {"escape", "take-car", "pick-up", "abandon-car", "token-item", "bridge", "attempt"}
    | {"use", "reveal", "fire"}
    | {"take-diplomat", "take-president"}
)
#: The actions of "any moment of your turn" that stop the turn after the second card
#: (step 5) for a hero without a car move: the cards may just have made them possible.
AFTER_CARDS = frozenset({"take-president", "take-diplomat", "pick-up", "take-car", "attempt"})
#: Where the actions of "any moment of your turn" are offered: between cards and steps,
#: not while a card resolves (§7.11, A-43), and during a move for what a move may do on
#: the way (taking a car ends it, §7.12; picking up items, A-23).
BETWEEN_STAGES = frozenset({"recover", "resolve", "car"})


def free_actions(state: EscapeFromNewYorkState) -> list[str]:
    """``escape`` (the solo victory, §9.2, offered at every choice of the player's turn),
    ``take-car``, ``pick-up`` (an item marker for an item card), ``abandon-car`` and
    ``token-item:I`` (supply item I discarded onto the level token, §7.15; ``weapon``: the
    weapon in the slot, if its card allows it, A-29)."""
    rules, table, turn = state.rules, state.table, state.turn
    seat = current_seat(table)
    hero = table.heroes[seat]
    found: list[str] = []
    if turn.stage in ("consent", "reveal-escape"):
        return found  # a player answers; nothing else is asked of it
    if solo_escape_ready(rules, table, seat):
        found.append("escape")
    if turn.stage not in BETWEEN_STAGES and turn.stage != "move":
        return found
    found += [f"attempt:{k}" for k in escape_attempts(state)]
    if movement.can_take_car(table, seat):
        found.append("take-car")
    space = read_space(table, hero.cell)
    if not board.has_enemies(table, hero.cell):
        if space.item_markers:
            found.append("pick-up")
        found += [f"take-diplomat:{n}" for n in dict.fromkeys(space.diplomat_tokens)]
        if president_here(rules, table, hero.cell):
            found.append("take-president")
    if turn.stage == "move":
        return found
    if hero.car is not None:
        found.append("abandon-car")
    found += item_actions(state)
    if token_wants_items(rules, table, seat):
        found += [f"token-item:{i}" for i, card in enumerate(hero.supply) if card.kind == "item"]
    if weapon_counts_for_token(rules, table, seat):
        found.append("token-item:weapon")
    return found


def item_actions(state: EscapeFromNewYorkState) -> list[str]:
    """Items used or weapons revealed at any moment outside a card's resolution (§7.11):
    ``use:I`` (supply item I with an effect), ``reveal:I`` (supply weapon I into the slot),
    ``fire`` (the weapon in the slot, with the ammo one use spends)."""
    rules, table = state.rules, state.table
    hero = table.heroes[current_seat(table)]
    found = []
    for index, card in enumerate(hero.supply):
        if card.kind != "item":
            continue
        data = item_data(rules, card.id)
        if data.weapon:
            found.append(f"reveal:{index}")
            if weapon_counts_for_token(rules, table, current_seat(table)):
                found.append(f"reveal:{index}:token")
        elif data.use:
            found.append(f"use:{index}")
    found += [f"reveal:{index}" for index in revealable_diplomats(state)]
    if hero.weapon is not None:
        data = item_data(rules, hero.weapon)
        if data.use and (data.ammo is None or hero.ammo >= (data.ammo_per_use or 0)):
            found.append("fire")
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
            data = board.lookup(rules).heroes[hero.hero]
            found += [
                f"ability:{option}:{card}"
                for option in range(len(data.ability))
                for card in waiting
            ]
        return found
    if stage == "passenger":
        effect = current_effect(state)
        assert isinstance(effect, Move)
        return [*(f"passenger:{s}" for s in passenger_candidates(state, effect)), "alone"]
    if stage == "consent":
        return ["agree", "refuse"]
    if stage == "reveal-escape":
        assert turn.asked is not None and turn.attempt is not None
        cards = escape_cards(rules, table, turn.asked, turn.attempt)
        return [*(f"show:{index}" for index in cards), "done"]
    if stage == "move":
        assert turn.move is not None
        found = [
            f"step:{cell_id(step.to)}:{step.how}"
            for step in movement.next_steps(rules, table, turn.move)
        ]
        if movement.may_stop(turn.move):
            found.append("stop")
        return [*found, *(f"bridge:{k}" for k in team_escape_bridges(rules, table, seat))]
    if stage == "explore":
        return [f"explore:{cell_id(c)}" for c in exploring.explorable(rules, table, hero.cell)]
    if stage == "attack":
        figures = attack_figures(state)
        pool = attack_pool(state)
        given = sum(turn.split)
        to_others = sum(n for n, e in zip(turn.split, figures, strict=True) if e.kind != "boss")
        found = [
            f"hit:{index}"
            for index, enemy in enumerate(figures)
            if given < pool.total and (enemy.kind == "boss" or to_others < pool.any)
        ]
        return [*found, "done"]
    if stage == "deceive":
        effect = current_effect(state)
        assert isinstance(effect, Deceive)
        found = [
            f"deceive:{index}:{cell_id(cell)}"
            for index, enemy in enumerate(deceive_targets(state))
            for cell in combat.deceive_destinations(rules, table, enemy)
        ]
        return [*found, "done"] if effect.up_to else found
    if stage == "return":
        return [f"return:{card}" for card in dict.fromkeys(hero.discard)]
    if stage == "car":
        return ["drive", "stay"] if _car_can_move(state) else ["stay"]
    if stage == "steal":
        effect = current_effect(state)
        assert isinstance(effect, Steal)
        return [f"steal:{other}" for other in steal_targets(state, effect)]
    if stage == "peek":
        return [f"peek:{cell_id(c)}" for c in peekable_landmarks(state)]
    if stage == "landmark-near":
        return [f"landmark:{cell_id(c)}" for c in near_landmarks(state)]
    if stage == "medical":
        return [*(f"medical:{card}" for card in dict.fromkeys(hero.discard)), "done"]
    if stage == "shop":
        return ["shop:items", *(f"shop:reload:{n}" for n in reloads(state))]
    if stage == "keep":
        assert turn.source is not None
        return [f"keep:{card}" for card in dict.fromkeys(table.item_deck[: turn.source[1]])]
    if stage == "slot":
        return [f"slot:{i + 1}" for i, slot in enumerate(table.diplomat_slots) if empty_slot(slot)]
    if stage == "rescue":
        return [f"landmark:{cell_id(c)}" for c in hidden_landmarks(state)]
    if stage == "drop":
        found = [f"drop:{i}" for i, card in enumerate(hero.supply) if card.kind != "president"]
        if table.phase == "hero" and table.step < 8 and token_wants_items(rules, table, seat):
            # The item dropped may be the level token's item discard (§7.8), which is made
            # before step 8 (§7.15).
            found += [
                f"drop:{i}:token" for i, card in enumerate(hero.supply) if card.kind == "item"
            ]
        return found
    if stage == "special":
        return [f"special:{card}" for card in hero.specials]
    if stage == "swap":
        return ["swap:blue", "swap:purple"]
    if stage == "objective":
        assert turn.source is not None
        return [f"objective:{card}" for card in dict.fromkeys(swap_choices(state))]
    if stage == "landmark":
        return [f"landmark:{cell_id(c)}" for c in hidden_landmarks(state)]
    if stage == "landmark-next":
        return [f"landmark:{cell_id(c)}" for c in near_landmarks(state)]
    if stage == "helicopter":
        return [f"helicopter:{cell_id(c)}" for c in park_spaces(rules)]
    if stage == "helicopter-next":
        return [f"helicopter:{cell_id(c)}" for c in next_park_spaces(rules, table)]
    if stage == "library":
        return ["library:return", "library:item"]
    if stage == "enemies":
        assert turn.enemies is not None
        if turn.chosen_enemy is None:
            choices: list[Any] = enemy_moves.next_enemies(rules, table, turn.enemies)
        else:
            choices = enemy_moves.enemy_routes(rules, table, turn.chosen_enemy)
        state.numbered = choices  # act_enemies takes its pick from these by number
        kind = "enemy" if turn.chosen_enemy is None else "route"
        return [f"{kind}:{index}" for index in range(len(choices))]
    return []


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
            start_card(state, rest)
        else:
            option, _, card = rest.partition(":")
            turn.resolved.append(card)
            turn.hidden = card
            effects = source_effects(rules, table, ["ability", int(option)])
            if applies_in_full(state, effects):
                start_source(state, ["ability", int(option)])
            else:
                card_done(state)
    elif stage == "passenger":
        if kind == "alone":
            start_move(state, None)
        else:
            turn.asked, turn.stage = rest, "consent"
    elif stage == "consent":
        start_move(state, turn.asked if kind == "agree" else None)
    elif stage == "reveal-escape":
        if kind == "show":
            show_for_escape(state, int(rest))
        else:
            escape_answered(state)
    elif stage == "move":
        act_move(state, kind, rest)
    elif stage == "explore":
        explore_space(state, parse_cell(rest))
    elif stage == "attack":
        if kind == "hit":
            turn.split[int(rest)] += 1
            if sum(turn.split) < attack_pool(state).total and legal(state) != ["done"]:
                return
        deal_split(state)
    elif stage == "deceive":
        if kind == "deceive":
            index, _, where = rest.partition(":")
            enemy = deceive_targets(state)[int(index)]
            effect = current_effect(state)
            assert isinstance(effect, Deceive)
            combat.deceive(rules, table, seat, effect.range, 1, [(enemy, parse_cell(where))])
            turn.count += 1
            if turn.count < effect.enemies and deceive_targets(state):
                return
        next_effect(state)
    elif stage == "return":
        hero.discard.remove(rest)
        hero.hand.append(rest)
        turn.count -= 1
        if turn.count > 0:
            return
        next_effect(state)
    elif stage == "car":
        if kind == "drive":
            assert hero.car is not None
            turn.source, turn.effect = ["car", hero.car], -1
            next_effect(state)
        else:
            turn.stage = "noise"
    elif stage == "library":
        if rest == "item":
            turn.agenda.insert(0, ["gain"])
        elif hero.discard:
            hero.hand.append(hero.discard.pop(state.rng.below(len(hero.discard))))
        turn.stage = "ny10"
    elif stage == "enemies":
        act_enemies(state, kind, rest)
    elif stage == "steal":
        steal_from(state, rest)
    elif stage == "peek":
        peek_landmark(state, parse_cell(rest))
    elif stage == "landmark-near":
        result = exploring.explore_landmark(rules, table, parse_cell(rest), state.rng)
        turn.timers_owed += result.timer_reveals
        next_effect(state)
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
        gain_item(state, rest)
    elif stage == "drop":
        turn.stage = WAITING
        index, _, token = rest.partition(":")
        drop_card(state, int(index))
        if token:
            onto_token(state)
    elif stage == "slot":
        diplomat_to_slot(state, int(rest))
        turn.stage = WAITING
    elif stage == "rescue":
        rescue_landmark(state, parse_cell(rest))
    elif stage == "special":
        hero.specials.remove(rest)
        hero.hand.append(rest)
        turn.stage = "swap" if level_bonus(state).objective_swap else "building"
    elif stage == "swap":
        turn.source = ["swap", rest]
        turn.stage = "objective"
    elif stage == "objective":
        swap_objective(state, rest)
        turn.source = None
        turn.stage = "building"
    elif stage in ("landmark", "landmark-next"):
        result = exploring.explore_landmark(rules, table, parse_cell(rest), state.rng)
        turn.agenda[:0] = [["timer"]] * result.timer_reveals
        turn.stage = WAITING
    elif stage in ("helicopter", "helicopter-next"):
        move_helicopter(table, parse_cell(rest))
        turn.stage = WAITING
    run(state)


# --- running on by itself -------------------------------------------------------------------


#: Stages that ask the player something.
CHOICE_STAGES = frozenset(
    {
        "passenger",
        "consent",
        "recover",
        "choose",
        "resolve",
        "move",
        "explore",
        "attack",
        "deceive",
        "return",
        "car",
    }
    | {"library", "enemies", "recover", "helicopter", "landmark", "drop"}
    | {"special", "swap", "objective", "medical", "shop", "keep", "steal", "landmark-near"}
    | {"slot", "rescue", "peek", "helicopter-next", "landmark-next", "reveal-escape"}
)
#: Choices in the middle of New York's work or of an item draw: asked before the rest of
#: the agenda, which holds the stage to go back to (a ``["back", stage]`` item).
IMMEDIATE_CHOICES = frozenset(
    {"enemies", "helicopter", "helicopter-next", "landmark", "landmark-next", "drop"}
    | {"slot", "rescue", "reveal-escape"}
)


def run(state: EscapeFromNewYorkState) -> None:
    """Run the game on until the current player has a choice to make or the game is
    over: New York's agenda first, then the steps that ask nothing."""
    while state.turn.ended is None:
        turn = state.turn  # the end of a turn starts a new one
        if turn.stage in IMMEDIATE_CHOICES:
            return
        if turn.agenda:
            work(state, turn.agenda.pop(0))
            continue
        if turn.stage in CHOICE_STAGES:
            return
        _automatic(state)


def _automatic(state: EscapeFromNewYorkState) -> None:
    rules, table, turn = state.rules, state.table, state.turn
    seat = current_seat(table)
    hero = table.heroes[seat]
    stage = turn.stage
    if stage == "effect_done":
        next_effect(state)
    elif stage == "car_check":
        table.step = 5
        # Step 5 is also the last moment of the hero phase before the noise and the damage:
        # what "any moment of your turn" allows and the cards may just have made possible
        # (the President, a diplomat, items or a car on a space the second card cleared or
        # reached; the team's escape called there) is offered then, beside ``stay`` alone
        # when there is no car move. Items and the weapon could as well have been used
        # before the second card, so they alone do not stop the turn here.
        turn.stage = "car"
        if not _car_can_move(state) and not any(
            action.partition(":")[0] in AFTER_CARDS for action in free_actions(state)
        ):
            turn.stage = "noise"
    elif stage == "noise":
        table.step = 6
        cards = [hero_card(rules, card) for card in turn.revealed]
        noise = played_cards_noise(cards, turn.hidden is not None, ability_noise(rules, table))
        turn.agenda += [["timer"]] * gain_noise(rules, table, noise)
        hero.discard.extend(hero.played)
        hero.played.clear()
        turn.stage = "damage"
    elif stage == "damage":
        table.step = 7
        damage = shielded(state, combat.damage_from_enemies(rules, table, seat))
        combat.take_damage(rules, table, seat, damage, state.rng)
        turn.stage = "level"
    elif stage == "level":
        table.step = 8
        turn.stage = level_up(state) if level_up_due(rules, table, seat) else "building"
    elif stage == "building":
        table.step = 9
        turn.stage = _building(state)
    elif stage == "ny10":
        table.phase, table.step = "new_york", 10
        boss_comeback(state)
        table.new_york_discard.append(table.new_york_deck.pop(0))
        memory.new_york_drawn(table)
        turn.agenda += [["timer"]] * gain_noise(rules, table, 1)
        recycle(state)
        turn.stage = "ny11"
    elif stage == "ny11":
        table.step = 11
        step_11(state)
        turn.stage = "ny12"
    elif stage == "ny12":
        table.step = 12
        recycle(state)
        arrows = new_york_card(rules, table.new_york_deck[0]).back.arrows
        enemy_moves.pull_adjacent(rules, table, list(arrows))
        turn.stage = "end"
    elif stage == "end":
        hide_shown(state)  # the cards shown for an escape that did not happen
        combat.end_of_turn(table)
        table.current = (table.current + 1) % len(table.turn_order)
        table.phase, table.step = "hero", 1
        state.turn = Turn()
    else:
        raise AssertionError(f"no such stage: {stage!r}")


def _car_can_move(state: EscapeFromNewYorkState) -> bool:
    """Step 5's car move (§7.12): a car, no enemies on the space, and a move to walk."""
    rules, table = state.rules, state.table
    seat = current_seat(table)
    effects = movement.car_move(rules, table, seat)
    if effects is None:
        return False
    first = effects[0] if effects else None
    return not isinstance(first, Move) or movement.start_move(rules, table, seat, first) is not None


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


# --- any moment of the turn, and the escapes (§7.9-§7.12, §7.15, §9) -----------------------


def _free_action(state: EscapeFromNewYorkState, kind: str, rest: str) -> None:
    rules, table, turn = state.rules, state.table, state.turn
    seat = current_seat(table)
    hero = table.heroes[seat]
    if kind == "escape":
        end_game(state, f"solo:{seat}")
    elif kind == "attempt":
        call_escape(state, int(rest))
    elif kind == "bridge":
        winners = board.heroes_on(table, hero.cell)
        end_game(state, "team:" + ",".join(s for s in table.turn_order if s in winners))
    elif kind == "take-car":
        movement.take_car(table, seat, turn.move)
        if turn.move is not None and movement.must_stop(turn.move):
            finish_move(state)
    elif kind == "pick-up":
        table.spaces[hero.cell].item_markers -= 1
        table.item_markers += 1
        turn.agenda.insert(0, ["gain"])
    elif kind == "reveal" and hero.supply[int(rest.partition(":")[0])].kind == "diplomat":
        reveal_diplomat(state, int(rest))
    elif kind == "reveal":
        index, _, token = rest.partition(":")
        reveal_weapon(state, int(index))
        if token:  # the weapon replaced counts for the level token
            onto_token(state)
    elif kind == "use":
        card = hero.supply[int(rest)].id
        discard_item(state, hero.supply.pop(int(rest)).id)
        use_item(state, card)
    elif kind == "fire":
        assert hero.weapon is not None
        hero.ammo -= item_data(rules, hero.weapon).ammo_per_use or 0
        table.ammo_markers += item_data(rules, hero.weapon).ammo_per_use or 0
        use_item(state, hero.weapon)
    elif kind == "take-diplomat":
        take_diplomat(state, int(rest))
    elif kind == "take-president":
        take_president(state)
    elif kind == "abandon-car":
        movement.abandon_car(rules, table, seat)
        if turn.stage == "car":
            turn.stage = "noise"
    else:  # token-item: the item discarded, a marker from the supply onto the token
        if rest == "weapon":
            assert hero.weapon is not None
            table.ammo_markers += hero.ammo
            hero.ammo = 0
            discard_item(state, hero.weapon)
            hero.weapon = None
        else:
            drop_card(state, int(rest))
        onto_token(state)
