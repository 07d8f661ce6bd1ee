"""The actions of any moment of the turn (taking and abandoning a car, picking up items,
item markers onto the level token), stealing, and the two victories (spec §9.1, §9.2):
examples E9, E10, E15."""

from __future__ import annotations

import json

from getaway.games.escape_from_new_york import turns
from getaway.games.escape_from_new_york.board import lookup
from getaway.games.escape_from_new_york.game import EscapeFromNewYorkState
from getaway.games.escape_from_new_york.state import SupplyCard
from getaway.games.escape_from_new_york.topology import Cell
from tests.escape_from_new_york.rules_helpers import (
    abandoned_car,
    barricade,
    lay,
    outskirts_on,
    prisoners,
    sound,
)

HEROES = ("snake", "brain", "maggie", "cabbie")
#: The bridgehead of bridge 3 on the placeholder board (M-07).
BRIDGEHEAD_3: Cell = (8, 4)


def game(players: int = 4, seed: int = 1, **options: object) -> EscapeFromNewYorkState:
    chosen = {f"hero_p{i + 1}": hero for i, hero in enumerate(HEROES[:players])}
    return EscapeFromNewYorkState.new(
        {"players": players, **chosen, "first_player": "p1", **options}, seed
    )


def explore_around(state: EscapeFromNewYorkState, cell: Cell) -> None:
    """Lay plain tiles on ``cell`` and its empty city neighbours (a scene)."""
    cells = lookup(state.rules).cells
    for there in [cell, *state.rules.topology.neighbours(cell).values()]:
        if cells[there].kind == "city" and state.table.spaces[there].tile is None:
            lay(state.position, there)


def take_president(state: EscapeFromNewYorkState, seat: str) -> None:
    table = state.table
    table.president_slot.remove("president")
    table.heroes[seat].supply.append(SupplyCard("president", "president", False))
    table.president_taken = True


def take_diplomat(state: EscapeFromNewYorkState, seat: str, card: str) -> None:
    slot = next(s for s in state.table.diplomat_slots if s.card == card)
    slot.card = None
    state.table.heroes[seat].supply.append(SupplyCard("diplomat", card, False))


def test_e9_the_team_escapes_over_the_bridge() -> None:
    """E9: Snake, Maggie and Brain at bridgehead 3; Snake holds the President and the Tape,
    Brain's Diagram 3 lies face up; Snake moves onto the bridge: the three win, Cabbie
    loses."""
    state = game()
    table = state.table
    explore_around(state, BRIDGEHEAD_3)
    for seat in ("p1", "p2", "p3"):
        table.heroes[seat].cell = BRIDGEHEAD_3
    take_president(state, "p1")
    take_diplomat(state, "p1", "tape")
    sound(state.position)
    state.apply("p1", "keep")
    state.apply("p1", "choose:snake_move_out")
    state.apply("p1", "choose:snake_knife_work")
    state.apply("p1", "attempt:3")  # each hero there chooses what to reveal (§9.1)
    assert state.to_act() == ("p1",)
    for action in [a for a in state.legal_actions("p1") if a.startswith("show:")]:
        state.apply("p1", action)  # the President and the Tape
    state.apply("p1", "done")
    for seat in ("p2", "p3"):  # Brain's Diagram 3 is face up already; Maggie holds none
        assert state.to_act() == (seat,) and state.legal_actions(seat) == ["done"]
        state.apply(seat, "done")
    assert state.turn.stage == "resolve"
    state.apply("p1", "ability:1:snake_move_out")  # move 1, then explore
    assert state.turn.stage == "move"
    assert "bridge:3" in state.legal_actions("p1")
    state.apply("p1", "bridge:3")
    assert state.is_over()
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "team"
    assert outcome.winners == ("p1", "p2", "p3")
    assert state.returns() == {"p1": 1.0, "p2": 1.0, "p3": 1.0, "p4": -1.0}


def test_no_bridge_without_the_tape() -> None:
    state = game()
    explore_around(state, BRIDGEHEAD_3)
    for seat in ("p1", "p2"):
        state.table.heroes[seat].cell = BRIDGEHEAD_3
    take_president(state, "p1")
    state.apply("p1", "keep")
    state.apply("p1", "choose:snake_move_out")
    state.apply("p1", "choose:snake_knife_work")
    state.apply("p1", "ability:1:snake_move_out")
    assert not [a for a in state.legal_actions("p1") if a.startswith("bridge:")]


def test_another_hero_reveals_the_tape_for_the_escape() -> None:
    """§9.1: the cards may be spread over several heroes in the space; each player chooses
    which to reveal. Maggie (p3) is asked, and reveals the Tape she holds."""
    state = game()
    table = state.table
    explore_around(state, BRIDGEHEAD_3)
    for seat in ("p1", "p2", "p3"):
        table.heroes[seat].cell = BRIDGEHEAD_3
    take_president(state, "p1")
    take_diplomat(state, "p3", "tape")
    state.apply("p1", "attempt:3")  # at step 1, a choice of the turn
    state.apply("p1", "show:0")
    state.apply("p1", "done")
    state.apply("p2", "done")
    tape = next(i for i, c in enumerate(table.heroes["p3"].supply) if c.id == "tape")
    assert state.legal_actions("p3") == [f"show:{tape}", "done"]
    state.apply("p3", f"show:{tape}")
    assert '"tape"' in json.dumps(state.view("p4"))  # everyone sees what is revealed
    state.apply("p3", "done")
    assert state.to_act() == ("p1",) and state.turn.stage == "recover"
    assert table.heroes["p3"].supply[tape].face_up
    assert "attempt:3" not in state.legal_actions("p1")  # once a turn
    sound(state.position)


def test_a_refused_reveal_fails_the_attempt_and_the_cards_go_face_down() -> None:
    """§9.1 "failed attempt": Maggie keeps her Tape hidden (a would-be traitor may); the
    President shown is turned face down again and no bridge is offered."""
    state = game()
    table = state.table
    explore_around(state, BRIDGEHEAD_3)
    for seat in ("p1", "p2", "p3"):
        table.heroes[seat].cell = BRIDGEHEAD_3
    take_president(state, "p1")
    take_diplomat(state, "p3", "tape")
    state.apply("p1", "attempt:3")  # at step 1, a choice of the turn
    state.apply("p1", "show:0")
    assert table.heroes["p1"].supply[0].face_up
    state.apply("p1", "done")
    state.apply("p2", "done")
    state.apply("p3", "done")  # refuses
    assert not table.heroes["p1"].supply[0].face_up and not state.turn.shown
    state.apply("p1", "keep")
    state.apply("p1", "choose:snake_move_out")
    state.apply("p1", "choose:snake_knife_work")
    state.apply("p1", "ability:1:snake_move_out")
    assert not [a for a in state.legal_actions("p1") if a.startswith("bridge:")]
    sound(state.position)


def test_cards_shown_for_an_escape_not_made_go_face_down_at_the_end_of_the_turn() -> None:
    state = game()
    table = state.table
    explore_around(state, BRIDGEHEAD_3)
    for seat in ("p1", "p2"):
        table.heroes[seat].cell = BRIDGEHEAD_3
    take_president(state, "p1")
    take_diplomat(state, "p1", "tape")
    state.apply("p1", "attempt:3")  # at step 1, a choice of the turn
    state.apply("p1", "show:0")
    state.apply("p1", "show:1")
    state.apply("p1", "done")
    state.apply("p2", "done")
    assert all(card.face_up for card in table.heroes["p1"].supply)  # ready to cross
    state.turn.stage = "end"  # the turn ends without the bridge
    turns.run(state)
    assert not any(card.face_up for card in table.heroes["p1"].supply)
    sound(state.position)


def _swap_objective(state: EscapeFromNewYorkState, seat: str, slot: int, card: str) -> None:
    """Give ``seat`` objective ``card`` by swapping it with wherever it lies."""
    table = state.table
    mine = table.heroes[seat].objectives[slot]
    holders = [h.objectives for h in table.heroes.values()]
    holders += [*table.objective_decks.values(), table.box["objectives"]]
    pile = next(p for p in holders if card in p and p is not table.heroes[seat].objectives)
    pile[pile.index(card)] = mine
    table.heroes[seat].objectives[slot] = card


def test_e10_maggie_escapes_alone() -> None:
    """E10: Maggie at level 3 with "Fake Tape" and the raft as objectives, holding the Fake
    Tape, on a space whose token shows a raft; Cabbie has the President: she wins alone."""
    state = game()
    table = state.table
    maggie = table.heroes["p3"]
    for token in maggie.level_tokens:
        token.state = "removed"
    _swap_objective(state, "p3", 0, "raft")
    _swap_objective(state, "p3", 1, "fake_tape")
    table.item_deck.remove("fake_tape")
    maggie.supply.append(SupplyCard("item", "fake_tape", False))
    coast = next(c for c, data in lookup(state.rules).cells.items() if data.outskirts)
    lay(state.position, coast)
    outskirts_on(state.position, coast, "raft")
    table.spaces[coast].outskirts_face_up = True
    maggie.cell = coast
    take_president(state, "p4")
    sound(state.position)
    while state.to_act() != ("p3",):
        seat = state.to_act()[0]
        assert "escape" not in state.legal_actions(seat)
        for action in ("keep",):
            state.apply(seat, action)
        cards = table.heroes[seat].hand[:2]
        for card in cards:
            state.apply(seat, f"choose:{card}")
        while state.to_act() == (seat,):
            legal = [a for a in state.legal_actions(seat) if a != "library:item"]
            state.apply(seat, legal[0])
    assert "escape" in state.legal_actions("p3")
    state.apply("p3", "escape")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == ("p3",)
    assert outcome.roles == {"p3": "traitor"}
    assert state.returns()["p3"] == 1.0 and state.returns()["p1"] == -1.0


def test_solo_play_the_solo_escape_is_a_win_not_a_betrayal() -> None:
    """§9.4: with one player either victory counts as a win: the solo escape is the
    heroes' side winning, and nobody is a traitor."""
    state = game(players=1, hero_p1="maggie")
    table = state.table
    maggie = table.heroes["p1"]
    for token in maggie.level_tokens:
        token.state = "removed"
    _swap_objective(state, "p1", 0, "raft")
    _swap_objective(state, "p1", 1, "fake_tape")
    table.item_deck.remove("fake_tape")
    maggie.supply.append(SupplyCard("item", "fake_tape", False))
    coast = next(c for c, data in lookup(state.rules).cells.items() if data.outskirts)
    lay(state.position, coast)
    outskirts_on(state.position, coast, "raft")
    table.spaces[coast].outskirts_face_up = True
    maggie.cell = coast
    take_president(state, "p1")
    sound(state.position)
    state.apply("p1", "escape")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == ("p1",)
    assert outcome.side == "heroes" and outcome.roles == {}
    assert state.returns() == {"p1": 1.0}


def test_solo_play_the_team_escape_with_one_hero() -> None:
    """§9.4: a lone hero holding the President, the Tape and the bridge's Diagram escapes
    over the bridge, revealing them itself."""
    state = game(players=1)
    table = state.table
    bridge = next(b for b in state.rules.content.board.bridges if b.number == 1)
    head = (bridge.col, bridge.row)
    explore_around(state, head)
    table.heroes["p1"].cell = head
    take_president(state, "p1")
    take_diplomat(state, "p1", "tape")
    diagram = next(i.id for i in state.rules.content.items.items if i.bridge == 1)
    table.item_deck.remove(diagram)
    table.heroes["p1"].supply.append(SupplyCard("item", diagram, False))
    state.apply("p1", "attempt:1")
    for action in [a for a in state.legal_actions("p1") if a.startswith("show:")]:
        state.apply("p1", action)
    state.apply("p1", "done")
    state.apply("p1", "keep")
    state.apply("p1", "choose:snake_move_out")
    state.apply("p1", "choose:snake_knife_work")
    state.apply("p1", "ability:1:snake_move_out")
    state.apply("p1", "bridge:1")
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "team" and outcome.side == "heroes"


def test_e15_a_hero_takes_an_abandoned_car() -> None:
    state = game(players=2)
    hero = state.table.heroes["p1"]
    abandoned_car(state.position, hero.cell)
    assert "take-car" in state.legal_actions("p1")
    state.apply("p1", "take-car")
    assert hero.car is not None
    assert any(car.owner == "p1" for car in state.table.spaces[hero.cell].cars)
    assert "abandon-car" in state.legal_actions("p1")
    state.apply("p1", "abandon-car")
    assert hero.car is None
    sound(state.position)


def test_an_item_marker_is_picked_up_for_an_item_card() -> None:
    state = game(players=2)
    table = state.table
    hero = table.heroes["p1"]
    table.item_markers -= 1
    table.spaces[hero.cell].item_markers += 1
    top = table.item_deck[0]
    state.apply("p1", "pick-up")
    assert hero.supply[-1] == SupplyCard("item", top, False)
    assert table.spaces[hero.cell].item_markers == 0
    sound(state.position)


def test_a_special_card_steals_an_unseen_card() -> None:
    state = game(players=2, hero_p1="cabbie", hero_p2="snake")
    table = state.table
    cabbie, snake = table.heroes["p1"], table.heroes["p2"]
    cabbie.specials.remove("cabbie_light_fingers")
    cabbie.hand.append("cabbie_light_fingers")
    loot = table.item_deck.pop(0)
    snake.supply.append(SupplyCard("item", loot, False))
    state.apply("p1", "keep")
    state.apply("p1", "choose:cabbie_light_fingers")
    state.apply("p1", "choose:cabbie_brawl")
    state.apply("p1", "play:cabbie_light_fingers")
    assert state.legal_actions("p1")[0] == "steal:p2"
    state.apply("p1", "steal:p2")
    assert SupplyCard("item", loot, False) in cabbie.supply
    assert all(card.id != loot for card in snake.supply)
    sound(state.position)


def test_a_steal_with_nobody_to_steal_from_is_cancelled_but_makes_its_noise() -> None:
    state = game(players=2, hero_p1="cabbie", hero_p2="snake")
    cabbie = state.table.heroes["p1"]
    cabbie.specials.remove("cabbie_light_fingers")
    cabbie.hand.append("cabbie_light_fingers")
    state.apply("p1", "keep")
    state.apply("p1", "choose:cabbie_light_fingers")
    state.apply("p1", "choose:cabbie_brawl")
    state.apply("p1", "play:cabbie_light_fingers")
    assert state.turn.stage == "resolve"
    assert state.turn.revealed == ["cabbie_light_fingers"]


def test_a_steal_is_offered_whatever_the_hidden_kinds_and_may_find_nothing() -> None:
    """The kinds of another hero's face-down supply cards are hidden (§13.2), so "Light
    Fingers" (items only) may reach into a supply holding only a diplomat: the target is
    offered, the thief comes away with nothing, and the views of the two seats cannot tell
    the kinds apart before it (the legal actions do not leak them)."""
    offers = []
    for kind, card in (("diplomat", "tape"), ("item", None)):
        state = game(players=2, hero_p1="cabbie", hero_p2="snake")
        table = state.table
        cabbie, snake = table.heroes["p1"], table.heroes["p2"]
        cabbie.specials.remove("cabbie_light_fingers")
        cabbie.hand.append("cabbie_light_fingers")
        if kind == "diplomat":
            take_diplomat(state, "p2", "tape")
        else:
            card = table.item_deck.pop(0)
            snake.supply.append(SupplyCard("item", card, False))
        state.apply("p1", "keep")
        state.apply("p1", "choose:cabbie_light_fingers")
        state.apply("p1", "choose:cabbie_brawl")
        state.apply("p1", "play:cabbie_light_fingers")
        offers.append(list(state.legal_actions("p1")))
        state.apply("p1", "steal:p2")
        stolen = [c.id for c in cabbie.supply if c.id == card]
        assert stolen == ([] if kind == "diplomat" else [card])
        assert (SupplyCard("diplomat", "tape", False) in snake.supply) == (kind == "diplomat")
        sound(state.position)
    assert offers[0] == offers[1] and offers[0][0] == "steal:p2"


def test_the_president_is_a_target_only_for_a_card_that_steals_him() -> None:
    """Everyone sees who holds the President (§13.1): "Light Fingers" (items) is not
    offered against a hero whose only card is the President, so it is cancelled."""
    state = game(players=2, hero_p1="cabbie", hero_p2="snake")
    cabbie = state.table.heroes["p1"]
    cabbie.specials.remove("cabbie_light_fingers")
    cabbie.hand.append("cabbie_light_fingers")
    take_president(state, "p2")
    state.apply("p1", "keep")
    state.apply("p1", "choose:cabbie_light_fingers")
    state.apply("p1", "choose:cabbie_brawl")
    state.apply("p1", "play:cabbie_light_fingers")
    assert state.turn.stage == "resolve"
    assert not any(action.startswith("steal:") for action in state.legal_actions("p1"))


def test_a_diplomat_dropped_during_a_move_lets_the_move_go_on() -> None:
    """A diplomat token picked up on the way with a full supply: a diplomat is dropped
    into a slot (§7.8, §7.9), then the move goes on where it was (the card under way is
    kept, not lost to the slot's choice)."""
    state = game(players=2, hero_p1="brain", hero_p2="snake")
    table = state.table
    brain = table.heroes["p1"]
    take_diplomat(state, "p1", table.diplomat_slots[0].card or "")
    brain.supply.append(SupplyCard("item", table.item_deck.pop(0), False))
    assert len(brain.supply) == 3  # with Diagram 3: full
    slot = table.diplomat_slots[1]
    slot.token = False
    table.spaces[brain.cell].diplomat_tokens.append(2)
    state.apply("p1", "keep")
    state.apply("p1", "choose:brain_shortcut")
    state.apply("p1", "choose:brain_quiet_way")
    state.apply("p1", "play:brain_shortcut")
    assert state.turn.stage == "move"
    state.apply("p1", "take-diplomat:2")
    assert state.turn.stage == "drop"
    dropped = next(i for i, card in enumerate(brain.supply) if card.kind == "diplomat")
    state.apply("p1", f"drop:{dropped}")
    assert state.turn.stage == "slot"
    state.apply("p1", state.legal_actions("p1")[0])
    assert state.turn.stage == "move" and state.turn.source == ["card", "brain_shortcut"]
    step = next(a for a in state.legal_actions("p1") if a.startswith("step:"))
    state.apply("p1", step)  # used to fail: the move's source was lost
    sound(state.position)


def test_a_car_crashed_by_an_item_at_step_5_is_not_driven() -> None:
    """At step 5 (a car, no enemies) the hero uses the Sewer Map and crashes the car
    through a barricade on the way (§7.12, A-10): step 5 is asked again, and with no car
    left the turn goes on to step 6 instead of offering ``drive``."""
    state = game(players=1, hero_p1="snake")
    table = state.table
    snake = table.heroes["p1"]
    abandoned_car(state.position, snake.cell)
    table.item_deck.remove("sewer_map")
    snake.supply.append(SupplyCard("item", "sewer_map", False))
    state.apply("p1", "take-car")
    state.apply("p1", "keep")
    state.apply("p1", "choose:snake_knife_work")
    state.apply("p1", "choose:snake_strong_antitoxin")
    state.apply("p1", "play:snake_knife_work")
    state.apply("p1", "play:snake_strong_antitoxin")
    assert state.turn.stage == "car" and snake.car is not None
    ring = next(iter(state.rules.topology.neighbours(snake.cell).items()))
    barricade(state.position, snake.cell, ring[0])
    state.apply("p1", "use:0")
    crash = next(a for a in state.legal_actions("p1") if a.endswith(":crash"))
    state.apply("p1", crash)
    assert snake.car is None
    legal = state.legal_actions("p1")
    assert "drive" not in legal
    # Step 5 is still the moment for what may be done at any time, with ``stay`` to go on.
    assert state.turn.stage != "car" or "stay" in legal
    sound(state.position)


def test_the_president_is_taken_after_the_second_card_clears_the_camp() -> None:
    """§7.10 "at any moment of your turn": the second card kills the last prisoner on the
    Duke's Camp, and before the noise and the damage (step 5, a hero with no car) the
    President may be taken; ``stay`` goes on to step 6 without him."""
    state = game(players=2, seed=3, hero_p1="snake")
    table = state.table
    camp = next(c for c, s in table.spaces.items() if s.tile == "dukes_camp")
    table.spaces[camp].face_up = True
    snake = table.heroes["p1"]
    snake.cell = camp
    explore_around(state, camp)
    prisoners(state.position, camp, 1)
    state.apply("p1", "keep")
    state.apply("p1", "choose:snake_strong_antitoxin")
    state.apply("p1", "choose:snake_knife_work")
    state.apply("p1", "play:snake_strong_antitoxin")
    assert "take-president" not in state.legal_actions("p1")  # a prisoner is there
    state.apply("p1", "play:snake_knife_work")
    while state.turn.stage == "attack":
        state.apply("p1", "hit:0")
    assert state.turn.stage == "car" and snake.car is None
    assert state.legal_actions("p1")[0] == "stay"
    assert "take-president" in state.legal_actions("p1")
    assert "drive" not in state.legal_actions("p1")
    after = state.clone()
    after.apply("p1", "stay")
    assert after.table.step > 5 or after.table.phase == "new_york" or after.table.current != 0
    state.apply("p1", "take-president")
    assert table.president_taken
    sound(state.position)


def test_step_5_asks_nothing_with_no_car_and_nothing_to_do() -> None:
    """A carless hero with nothing to pick up or use goes on from the second card to step 6
    without a choice."""
    state = game(players=2, seed=3, hero_p1="snake")
    state.apply("p1", "keep")
    state.apply("p1", "choose:snake_strong_antitoxin")
    state.apply("p1", "choose:snake_knife_work")
    state.apply("p1", "play:snake_strong_antitoxin")
    state.apply("p1", "play:snake_knife_work")
    assert state.turn.stage != "car"


def test_a_diplomat_token_is_picked_up_for_its_slots_card() -> None:
    """§7.9: the card of the token's slot into the supply, the token home (an empty slot)."""
    state = game(players=2)
    table = state.table
    hero = table.heroes["p1"]
    slot = table.diplomat_slots[1]
    card = slot.card
    slot.token = False
    table.spaces[hero.cell].diplomat_tokens.append(2)
    state.apply("p1", "take-diplomat:2")
    assert hero.supply[-1].id == card and hero.supply[-1].kind == "diplomat"
    assert slot.token and slot.card is None
    sound(state.position)


def test_e13_a_fourth_card_drops_a_diplomat_into_an_empty_slot_chosen() -> None:
    """E13: Maggie takes a diplomat with 3 cards held and drops an earlier diplomat: it
    goes face down into the empty slot she picks, whose token goes onto her space."""
    state = game(players=2, hero_p1="maggie", hero_p2="snake")
    table = state.table
    hero = table.heroes["p1"]
    first = table.diplomat_slots[0].card
    assert first is not None
    take_diplomat(state, "p1", first)
    table.diplomat_slots[0].card = None  # slot 1 now empty: token, no card
    while len(hero.supply) < 3:
        hero.supply.append(SupplyCard("item", table.item_deck.pop(0), False))
    tape_slot = next(i for i, s in enumerate(table.diplomat_slots) if s.card == "tape")
    table.diplomat_slots[tape_slot].token = False
    table.spaces[hero.cell].diplomat_tokens.append(tape_slot + 1)
    state.apply("p1", f"take-diplomat:{tape_slot + 1}")
    assert state.turn.stage == "drop"
    dropped = next(i for i, c in enumerate(hero.supply) if c.id == first)
    state.apply("p1", f"drop:{dropped}")
    assert state.turn.stage == "slot"
    empty = state.legal_actions("p1")
    assert "slot:1" in empty and f"slot:{tape_slot + 1}" in empty
    state.apply("p1", "slot:1")
    slot = table.diplomat_slots[0]
    assert slot.card == first and not slot.token and slot.known_by == ["p1"]
    assert 1 in table.spaces[hero.cell].diplomat_tokens
    assert state.turn.stage == "recover"
    sound(state.position)


def test_e14_the_first_president_pickup() -> None:
    """E14: on the Duke's Camp with no enemies: a prisoner on each explored space next to
    it, the helicopter landed, every face-down landmark explored in the player's order with
    a timer card discarded unseen for each, the Duke onto "Nothing Here"."""
    state = game(players=2, seed=3)
    table = state.table
    landmarks = lookup(state.rules).landmarks
    camp = next(c for c, s in table.spaces.items() if s.tile == "dukes_camp")
    table.spaces[camp].face_up = True
    hero = table.heroes["p1"]
    hero.cell = camp
    explore_around(state, camp)
    around = list(state.rules.topology.neighbours(camp).values())
    explored_around = [c for c in around if table.spaces[c].tile and table.spaces[c].face_up]
    assert explored_around
    before = {c: table.spaces[c].prisoners for c in explored_around}
    hidden = [c for c, s in table.spaces.items() if s.tile in landmarks and not s.face_up]
    timer = list(table.timer_deck)
    state.apply("p1", "take-president")
    assert table.president_taken and table.helicopter_landed
    assert any(card.kind == "president" for card in hero.supply)
    for cell in explored_around:
        assert table.spaces[cell].prisoners == before[cell] + 1
    for _ in hidden:
        if state.is_over():
            break
        assert state.turn.stage == "rescue"
        state.apply("p1", state.legal_actions("p1")[-1])
    if not state.is_over():
        assert all(table.spaces[c].face_up for c in hidden)
        assert table.timer_discarded == timer[: len(hidden)]
        nothing = next(c for c, s in table.spaces.items() if s.tile == "nothing_here")
        assert "duke" in table.spaces[nothing].bosses
        assert state.turn.stage == "recover"
    sound(state.position)


def test_a_car_takes_a_carless_hero_along_if_its_player_agrees() -> None:
    """§7.2: Cabbie's Taxi moving from the Library may take Snake, who is asked."""
    state = game(players=2, hero_p1="cabbie", hero_p2="snake")
    table = state.table
    cabbie, snake = table.heroes["p1"], table.heroes["p2"]
    assert cabbie.car is not None and cabbie.cell == snake.cell
    state.apply("p1", "keep")
    state.apply("p1", "choose:cabbie_drive_by")
    state.apply("p1", "choose:cabbie_brawl")
    state.apply("p1", "play:cabbie_drive_by")
    assert state.legal_actions("p1") == ["passenger:p2", "alone"]
    state.apply("p1", "passenger:p2")
    assert state.to_act() == ("p2",) and state.legal_actions("p2") == ["agree", "refuse"]
    state.apply("p2", "agree")
    assert state.to_act() == ("p1",) and state.turn.stage == "move"
    step = next(a for a in state.legal_actions("p1") if a.startswith("step:"))
    state.apply("p1", step)
    assert snake.cell == cabbie.cell != (5, 2)
    sound(state.position)


def test_a_refusing_passenger_stays() -> None:
    state = game(players=2, hero_p1="cabbie", hero_p2="snake")
    table = state.table
    start = table.heroes["p2"].cell
    state.apply("p1", "keep")
    state.apply("p1", "choose:cabbie_drive_by")
    state.apply("p1", "choose:cabbie_brawl")
    state.apply("p1", "play:cabbie_drive_by")
    state.apply("p1", "passenger:p2")
    state.apply("p2", "refuse")
    step = next(a for a in state.legal_actions("p1") if a.startswith("step:"))
    state.apply("p1", step)
    assert table.heroes["p2"].cell == start != table.heroes["p1"].cell
