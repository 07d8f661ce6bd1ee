"""The ``heuristic`` bot (``bots.py``, ``bots_view.py``): whole games to their end, the
certain escapes taken, the plan it follows, and nothing but the seat's view read."""

from __future__ import annotations

import pytest

from getaway.ai import make_bot
from getaway.core.rng import Rng
from getaway.games.escape_from_new_york.bots import HeuristicBot, score
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
