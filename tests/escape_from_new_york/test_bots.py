"""The ``heuristic`` bot (``bots.py``, ``bots_view.py``): whole games to their end, the
certain escapes taken, the plan it follows, and nothing but the seat's view read."""

from __future__ import annotations

import pytest

from getaway.ai import make_bot
from getaway.core.rng import Rng
from getaway.games.escape_from_new_york.bots import HeuristicBot, card_value, score
from getaway.games.escape_from_new_york.bots_view import SeatView
from getaway.games.escape_from_new_york.game import GAME, EscapeFromNewYorkState
from getaway.games.escape_from_new_york.schema import CardTarget
from getaway.games.escape_from_new_york.state import SupplyCard
from getaway.simulate import bot_rng, game_seed, play_one
from tests.escape_from_new_york.rules_helpers import barricade, landmark_on, sound


def new(players: int = 2, seed: int = 1) -> EscapeFromNewYorkState:
    return EscapeFromNewYorkState.new({"players": players, "first_player": "p1"}, seed)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_heuristic_games_reach_their_end(players: int) -> None:
    """Two seeded games per table size, every seat the heuristic: each ends (the rules'
    ends only), and the same seed gives the same game."""
    options = {"players": players}
    for index in range(2):
        seed = game_seed(7, index)
        bots = {seat: make_bot(GAME, "heuristic") for seat in GAME.seats(options)}
        state, plies = play_one(GAME, options, seed, bots)
        again, plies_again = play_one(GAME, options, seed, bots)
        assert state.is_over() and plies == plies_again
        assert state.to_json() == again.to_json()
        outcome = state.outcome()
        assert outcome is not None and outcome.reason in ("team", "solo", "timer")


def test_the_heuristic_only_plays_legal_actions_from_the_view() -> None:
    state = new(3, seed=4)
    bot = HeuristicBot()
    rng = bot_rng(4, "p1")
    for _ in range(150):
        if state.is_over():
            break
        seat = state.to_act()[0]
        legal = list(state.legal_actions(seat))
        action = bot.choose(GAME, seat, state.view(seat), legal, rng)
        assert action in legal
        state.apply(seat, action)


def test_the_certain_escapes_come_first() -> None:
    """``escape`` is legal only when §9.2's conditions all hold: the bot takes it; the
    bridge move of the team's escape likewise."""
    state = new()
    view = state.view("p1")
    reader = SeatView(view, "p1")
    for certain in ("escape", "bridge:3"):
        legal = ["keep", "recover", certain]
        assert HeuristicBot().pick("p1", view, legal, Rng(1)) == certain
        assert score(reader, certain) > score(reader, "keep")


def test_before_the_rescue_the_goal_is_a_landmark_then_the_dukes_camp() -> None:
    state = new()
    reader = SeatView(state.view("p1"), "p1")
    assert reader.goal.why == "a face-down landmark"
    assert all(reader.hidden_landmark(cell) for cell in reader.goal.cells)
    camp = next(cell for cell in reader.goal.cells)
    landmark_on(state.position, camp, "dukes_camp")
    state.table.spaces[camp].face_up = True
    reader = SeatView(state.view("p1"), "p1")
    assert reader.goal.why == "the Duke's Camp" and reader.goal.cells == (camp,)


def test_after_the_rescue_a_known_diagram_names_the_bridge_and_the_others_follow() -> None:
    """Brain's Diagram 3 lies face up: every hero heads for bridge 3. Without a Diagram
    known to it, a hero follows the President's holder."""
    state = EscapeFromNewYorkState.new(
        {"players": 2, "hero_p1": "brain", "hero_p2": "snake", "first_player": "p1"}, 1
    )
    table = state.table
    table.president_slot.remove("president")
    table.heroes["p2"].supply.append(SupplyCard("president", "president", False))
    table.president_taken = True
    for seat in ("p1", "p2"):
        reader = SeatView(state.view(seat), seat)
        assert reader.goal.why == "bridge 3"
    table.heroes["p1"].supply = []  # Diagram 3 gone (a scene)
    table.box.setdefault("items", []).append("bridge_diagram_3")
    reader = SeatView(state.view("p1"), "p1")
    assert reader.goal.why == "the President"
    assert reader.goal.cells == (table.heroes["p2"].cell,)


def test_a_barricaded_bridge_is_no_meeting_place() -> None:
    """The team can neither call its escape nor cross where the bridge road is barricaded
    (§9.1): Diagram 3's bridge is then not a goal."""
    state = EscapeFromNewYorkState.new(
        {"players": 2, "hero_p1": "brain", "hero_p2": "snake", "first_player": "p1"}, 1
    )
    table = state.table
    table.president_slot.remove("president")
    table.heroes["p2"].supply.append(SupplyCard("president", "president", False))
    table.president_taken = True
    bridge = next(b for b in state.rules.content.board.bridges if b.number == 3)
    barricade(state.position, (bridge.col, bridge.row), bridge.direction)
    reader = SeatView(state.view("p2"), "p2")
    assert reader.goal.why != "bridge 3"


def test_a_token_known_to_hold_another_card_is_no_detour() -> None:
    """A diplomat token whose slot's card the seat has seen (it put it back) is not worth a
    detour; one it has not seen is."""
    state = new()
    table = state.table
    slot = next(i for i, s in enumerate(table.diplomat_slots) if s.card != "tape")
    table.diplomat_slots[slot].token = False
    near = next(iter(state.rules.topology.neighbours(table.heroes["p1"].cell).values()))
    table.spaces[near].diplomat_tokens.append(slot + 1)
    assert SeatView(state.view("p1"), "p1").goal.why == "a diplomat token or items"
    table.diplomat_slots[slot].known_by = ["p1"]
    assert SeatView(state.view("p1"), "p1").goal.why != "a diplomat token or items"


def test_an_exact_move_is_scored_by_where_it_can_end() -> None:
    """A move of 3 exact steps next to its goal cannot stop on it: the step scores by the
    best space the move can end on, not by the space it steps onto."""
    state = new()
    reader = SeatView(state.view("p1"), "p1")
    goal = reader.goal.cells[0]
    assert reader.end_distance(goal, 0, up_to=False) == 0
    assert reader.end_distance(goal, 1, up_to=False) >= 1  # it must step off the goal
    assert reader.end_distance(goal, 1, up_to=True) == 0  # or it may stop there


def test_steps_toward_the_goal_score_higher() -> None:
    state = new()
    reader = SeatView(state.view("p1"), "p1")
    near = min(
        state.rules.topology.neighbours(reader.cell).values(),
        key=lambda cell: reader.goal_distance(cell),
    )
    far = max(
        state.rules.topology.neighbours(reader.cell).values(),
        key=lambda cell: reader.goal_distance(cell),
    )
    assert reader.goal_distance(near) < reader.goal_distance(far)
    assert score(reader, f"step:{near[0]},{near[1]}:road") > score(
        reader, f"step:{far[0]},{far[1]}:road"
    )


def test_a_diplomat_it_put_back_itself_is_not_taken_again() -> None:
    """A diplomat the seat dropped into a slot (known to it, §13.2) that it does not need is
    left there: taking it back with a full supply would drop it again, for ever. A slot
    whose card it does not know is worth a look."""
    state = new()
    table = state.table
    objectives = {
        o.target.card
        for o in state.rules.content.objectives.objectives
        if o.id in table.heroes["p1"].objectives and isinstance(o.target, CardTarget)
    }
    number = next(
        i + 1
        for i, slot in enumerate(table.diplomat_slots)
        if slot.card not in ("tape", None, *objectives)
    )
    reader = SeatView(state.view("p1"), "p1")
    assert score(reader, f"take-diplomat:{number}") > 0
    table.diplomat_slots[number - 1].known_by = ["p1"]
    reader = SeatView(state.view("p1"), "p1")
    assert score(reader, f"take-diplomat:{number}") < score(reader, "stop")
    sound(state.position)


# --- after the rescue: where the team gathers (bots_view.SeatView._escape_goal) -------------


def rescued(holder: str = "p2") -> EscapeFromNewYorkState:
    """Maggie (p1) and Snake (p2): no Diagram lies face up; ``holder`` has the President."""
    state = EscapeFromNewYorkState.new(
        {"players": 2, "hero_p1": "maggie", "hero_p2": "snake", "first_player": "p1"}, 1
    )
    table = state.table
    table.president_slot.remove("president")
    table.heroes[holder].supply.append(SupplyCard("president", "president", False))
    table.president_taken = True
    return state


def give_diagram(state: EscapeFromNewYorkState, seat: str, bridge: int) -> tuple[int, int]:
    """Diagram ``bridge`` face down into ``seat``'s supply; its bridgehead."""
    item = next(i for i in state.rules.content.items.items if i.bridge == bridge)
    state.table.item_deck.remove(item.id)
    state.table.heroes[seat].supply.append(SupplyCard("item", item.id, False))
    head = next(b for b in state.rules.content.board.bridges if b.number == bridge)
    return (head.col, head.row)


def test_an_escort_leads_to_its_diagrams_bridge_and_the_holder_follows_the_team() -> None:
    """The escort knows of Diagram 4 (face down, its own): it heads for bridge 4. The
    President's holder knows of none: it follows its team-mate, wherever it goes."""
    state = rescued()
    head = give_diagram(state, "p1", 4)
    start = state.table.heroes["p1"].cell
    state.table.heroes["p1"].cell = next(iter(state.rules.topology.neighbours(start).values()))
    escort = SeatView(state.view("p1"), "p1")
    assert escort.goal.why == "bridge 4" and escort.goal.cells == (head,)
    holder = SeatView(state.view("p2"), "p2")
    assert holder.goal.why == "the team"
    assert holder.goal.cells == (state.table.heroes["p1"].cell,)


def test_an_escort_joins_the_president_waiting_at_a_bridgehead() -> None:
    """The holder goes only to a bridge whose Diagram it knows of: an escort finding it on
    a bridgehead joins it there, whatever Diagram the escort holds (the escape is called
    where they meet, and the holder's cards are shown)."""
    state = rescued()
    give_diagram(state, "p1", 4)
    head = give_diagram(state, "p2", 1)
    holder = SeatView(state.view("p2"), "p2")
    assert holder.goal.why == "bridge 1" and holder.goal.cells == (head,)
    state.table.heroes["p2"].cell = head
    escort = SeatView(state.view("p1"), "p1")
    assert escort.goal.why == "the President at a bridge" and escort.goal.cells == (head,)


def test_a_holder_with_the_team_and_no_diagram_known_looks_for_items() -> None:
    """Together, and knowing of no Diagram, the holder goes for items (the Diagrams are
    items); its escort follows it."""
    state = rescued()
    state.table.heroes["p2"].cell = state.table.heroes["p1"].cell
    holder = SeatView(state.view("p2"), "p2")
    assert holder.goal.why == "items, for a Diagram"


def test_a_move_card_counts_once_the_team_stands_ready_at_a_bridge() -> None:
    """With the President and the whole team on a free bridgehead, the move that makes the
    escape is worth a card; one step elsewhere, a move toward the goal is worth less."""
    state = rescued()
    head = give_diagram(state, "p2", 2)
    for hero in state.table.heroes.values():
        hero.cell = head
    ready = SeatView(state.view("p2"), "p2")
    assert ready.ready_to_cross
    move = ready.cards["snake_move_out"]
    ready_value = card_value(ready, move)
    state.table.heroes["p1"].cell = next(iter(state.rules.topology.neighbours(head).values()))
    apart = SeatView(state.view("p2"), "p2")
    assert not apart.ready_to_cross
    assert ready_value > card_value(apart, move)


def test_the_time_left_counts_the_timer_cards_before_the_first_red_one() -> None:
    state = new(2)
    reader = SeatView(state.view("p1"), "p1")
    colours = state.view("p1")["table"]["timer_colours"]
    assert reader.timer_left == colours.index("red") == state.rules.black_timer_cards + 1


def test_the_tape_is_hunted_far_only_while_no_team_mate_may_hold_it() -> None:
    """After the rescue an escort without the Tape goes for a far diplomat token while every
    diplomat card still lies in a slot (the Tape is among them); once a team-mate holds one
    (a slot lies empty), only a token near its way."""
    state = rescued()
    table = state.table
    reader = SeatView(state.view("p1"), "p1")
    far = max(
        (cell for cell in reader.spaces if reader.explored(cell)),
        key=lambda cell: reader.distances_from(cell).get(reader.cell, 0),
    )
    slot = next(i for i, s in enumerate(table.diplomat_slots) if s.card == "tape")
    table.diplomat_slots[slot].token = False
    table.spaces[far].diplomat_tokens.append(slot + 1)
    reader = SeatView(state.view("p1"), "p1")
    assert reader.distances_from(far)[reader.cell] > 3
    assert reader.diplomats_with_others == 0
    assert reader.goal.why == "a diplomat token or items" and reader.goal.cells == (far,)
    other = next(i for i, s in enumerate(table.diplomat_slots) if i != slot)
    card = table.diplomat_slots[other].card
    assert card is not None
    table.diplomat_slots[other].card = None
    table.heroes["p2"].supply.append(SupplyCard("diplomat", card, False))
    reader = SeatView(state.view("p1"), "p1")
    assert reader.diplomats_with_others == 1
    assert reader.goal.why != "a diplomat token or items"


def test_a_token_guarded_by_enemies_is_no_detour() -> None:
    """Nothing is picked up where enemies stand (§7.9): a diplomat token next to the hero
    with a prisoner on it is not the goal until the space is clear."""
    state = new()
    table = state.table
    slot = next(i for i, s in enumerate(table.diplomat_slots) if s.card == "tape")
    table.diplomat_slots[slot].token = False
    near = next(iter(state.rules.topology.neighbours(table.heroes["p1"].cell).values()))
    table.spaces[near].diplomat_tokens.append(slot + 1)
    assert SeatView(state.view("p1"), "p1").goal.cells == (near,)
    table.spaces[near].prisoners += 1
    table.prisoner_supply -= 1
    assert SeatView(state.view("p1"), "p1").goal.cells != (near,)
