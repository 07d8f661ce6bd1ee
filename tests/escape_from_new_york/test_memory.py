"""A seat's memory of what it alone looked at (spec §13, ``memory.py``): Brain's Scout Report
and the Binoculars (face-down landmarks), the Radio (the top New York card, after moving the
helicopter one park space); kept while it says what the table hides, shown to its seat
only, saved, cloned and checked; and the other peeks' neighbours: the helicopter moved to a
next park space, a "President Alive" taken out of the deck."""

from __future__ import annotations

import json
import random

import pytest

from getaway.core import SPECTATOR
from getaway.core.errors import SaveFileError
from getaway.games.escape_from_new_york import turns
from getaway.games.escape_from_new_york.game import EscapeFromNewYorkState
from getaway.games.escape_from_new_york.invariants import problems
from getaway.games.escape_from_new_york.new_york_turn import recycle
from getaway.games.escape_from_new_york.state import SupplyCard
from getaway.games.escape_from_new_york.turn_common import (
    cell_id,
    hidden_landmarks,
    next_park_spaces,
)
from tests.escape_from_new_york.rules_helpers import sound

HEROES = ("snake", "brain", "maggie", "cabbie")


def game(seed: int = 1, players: int = 2, **options: object) -> EscapeFromNewYorkState:
    chosen = {f"hero_p{i + 1}": hero for i, hero in enumerate(HEROES[:players])}
    return EscapeFromNewYorkState.new(
        {"players": players, **chosen, "first_player": "p1", **options}, seed
    )


def holding(state: EscapeFromNewYorkState, seat: str, item: str) -> int:
    """Put ``item`` from the item deck into ``seat``'s supply; its index there."""
    state.table.item_deck.remove(item)
    state.table.heroes[seat].supply.append(SupplyCard("item", item, False))
    return len(state.table.heroes[seat].supply) - 1


def saved(state: EscapeFromNewYorkState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def others(state: EscapeFromNewYorkState, seat: str) -> list[str]:
    return [text for s in (*state.seats, SPECTATOR) if s != seat for text in [view(state, s)]]


def view(state: EscapeFromNewYorkState, seat: str) -> str:
    return json.dumps(state.view(seat))


def test_the_binoculars_look_at_a_face_down_landmark_seen_by_their_user_alone() -> None:
    state = game()
    table = state.table
    index = holding(state, "p1", "binoculars")
    state.apply("p1", f"use:{index}")
    assert state.turn.stage == "peek"
    cell = hidden_landmarks(state)[0]
    assert f"peek:{cell_id(cell)}" in state.legal_actions("p1")
    state.apply("p1", f"peek:{cell_id(cell)}")
    tile = table.spaces[cell].tile
    assert tile is not None and not table.spaces[cell].face_up
    assert table.heroes["p1"].seen_landmarks == {cell: tile}
    assert state.turn.stage == "recover"  # back where the item was used
    mine = state.view("p1")["table"]["heroes"]["p1"]
    assert mine["seen_landmarks"] == [[cell[0], cell[1], tile]]
    for text in others(state, "p1"):
        assert f'"{tile}"' not in text
    for seat in ("p2", SPECTATOR):
        assert "seen_landmarks" not in state.view(seat)["table"]["heroes"]["p1"]
    sound(state.position)


def test_brains_scout_report_looks_at_two_different_landmarks() -> None:
    state = game()  # p2 is Brain
    table = state.table
    brain = table.heroes["p2"]
    brain.specials.remove("brain_scout_report")
    brain.hand.append("brain_scout_report")
    table.current = table.turn_order.index("p2")
    state.apply("p2", "keep")
    state.apply("p2", "choose:brain_scout_report")
    state.apply("p2", f"choose:{brain.hand[0]}")
    state.apply("p2", "play:brain_scout_report")
    first = state.legal_actions("p2")[0]
    state.apply("p2", first)
    assert first not in state.legal_actions("p2")  # the same landmark is not offered twice
    state.apply("p2", state.legal_actions("p2")[0])
    assert len(brain.seen_landmarks) == 2 and state.turn.stage == "resolve"
    sound(state.position)


def test_a_landmark_seen_is_kept_until_it_is_explored_then_public() -> None:
    state = game()
    table = state.table
    cell = hidden_landmarks(state)[0]
    state.apply("p1", f"use:{holding(state, 'p1', 'binoculars')}")
    state.apply("p1", f"peek:{cell_id(cell)}")
    assert cell in table.heroes["p1"].seen_landmarks
    state.turn.stage, state.turn.agenda = "landmark", [["back", "recover"]]
    state.apply("p1", f"landmark:{cell_id(cell)}")  # a timer card's landmark, say
    assert table.spaces[cell].face_up and not table.heroes["p1"].seen_landmarks
    sound(state.position)


def test_a_peek_with_no_face_down_landmark_left_cannot_be_applied() -> None:
    state = game()
    table = state.table
    for cell in hidden_landmarks(state):
        table.spaces[cell].face_up = True  # a scene: every landmark already explored
    index = holding(state, "p1", "binoculars")
    state.apply("p1", f"use:{index}")
    assert state.turn.stage == "recover" and "binoculars" in table.item_discard
    assert not table.heroes["p1"].seen_landmarks


def test_the_radio_moves_the_helicopter_one_park_space_and_shows_the_top_new_york_card() -> None:
    state = game()
    table = state.table
    start = next(c for c, s in table.spaces.items() if s.helicopter)
    nearby = next_park_spaces(state.rules, table)
    assert nearby and all(state.rules.topology.distance(start, c) == 1 for c in nearby)
    state.apply("p1", f"use:{holding(state, 'p1', 'radio')}")
    assert state.turn.stage == "helicopter-next"
    assert state.legal_actions("p1") == [f"helicopter:{cell_id(c)}" for c in nearby]
    state.apply("p1", f"helicopter:{cell_id(nearby[0])}")
    assert table.spaces[nearby[0]].helicopter and not table.spaces[start].helicopter
    top = table.new_york_deck[0]
    assert table.heroes["p1"].seen_new_york == [(top, len(table.new_york_deck) - 1)]
    assert state.view("p1")["table"]["heroes"]["p1"]["seen_new_york"] == [
        [top, len(table.new_york_deck) - 1]
    ]
    for text in others(state, "p1"):
        assert f'"{top}"' not in text
    sound(state.position)


def test_a_new_york_card_seen_is_forgotten_when_it_leaves_the_deck() -> None:
    state = game()
    table = state.table
    state.apply("p1", f"use:{holding(state, 'p1', 'radio')}")
    state.apply("p1", state.legal_actions("p1")[0])
    assert table.heroes["p1"].seen_new_york
    state.turn.stage = "ny10"  # step 10 discards the top card, face up
    turns.run(state)
    assert not table.heroes["p1"].seen_new_york
    sound(state.position)


def test_a_shuffle_of_the_new_york_deck_forgets_where_its_cards_lie() -> None:
    state = game()
    table = state.table
    state.apply("p1", f"use:{holding(state, 'p1', 'radio')}")
    state.apply("p1", state.legal_actions("p1")[0])
    assert table.heroes["p1"].seen_new_york
    while len(table.new_york_deck) > 1:
        table.new_york_discard.append(table.new_york_deck.pop())  # a scene: the deck runs low
    table.heroes["p1"].seen_new_york = [(table.new_york_deck[0], 0)]
    recycle(state)
    assert not table.heroes["p1"].seen_new_york
    sound(state.position)


def test_the_memory_survives_saves_and_clones_and_a_wrong_one_is_refused() -> None:
    state = game()
    table = state.table
    cell = hidden_landmarks(state)[0]
    state.apply("p1", f"use:{holding(state, 'p1', 'binoculars')}")
    state.apply("p1", f"peek:{cell_id(cell)}")
    again = EscapeFromNewYorkState.from_json(json.loads(saved(state)))
    assert again.table.heroes["p1"].seen_landmarks == table.heroes["p1"].seen_landmarks
    copy = state.clone()
    copy.table.heroes["p1"].seen_landmarks.clear()
    assert table.heroes["p1"].seen_landmarks  # the clone's memory is its own
    data = json.loads(saved(state))
    other = next(c for c in hidden_landmarks(state) if c != cell)
    wrong = data["table"]["heroes"]["p1"]["seen_landmarks"][0]
    wrong[2] = table.spaces[other].tile  # remembers the wrong landmark there
    with pytest.raises(SaveFileError, match="remembers"):
        EscapeFromNewYorkState.from_json(data)
    data = json.loads(saved(state))
    data["table"]["heroes"]["p1"]["seen_new_york"] = [["N1", 99]]
    with pytest.raises(SaveFileError, match="remembers"):
        EscapeFromNewYorkState.from_json(data)
    data["table"]["heroes"]["p1"]["seen_new_york"] = [["ace_of_spades", 0]]
    with pytest.raises(SaveFileError, match="New York card"):
        EscapeFromNewYorkState.from_json(data)
    data = json.loads(saved(state))
    data["table"]["heroes"]["p1"]["seen_landmarks"] = [[99, 99, "dukes_camp"]]
    with pytest.raises(SaveFileError, match="not a cell of the board"):
        EscapeFromNewYorkState.from_json(data)


def test_the_president_s_finger_takes_a_president_alive_out_of_the_deck() -> None:
    state = game(dead_or_alive=True)
    table = state.table
    assert sorted(table.president_slot) == ["president_alive", "president_alive", "president_dead"]
    state.apply("p1", f"use:{holding(state, 'p1', 'presidents_finger')}")
    assert sorted(table.president_slot) == ["president_alive", "president_dead"]
    assert table.box["president"] == ["president_alive"]
    sound(state.position)


def remembers(state: EscapeFromNewYorkState, seat: str) -> set[str]:
    hero = state.table.heroes[seat]
    return {*hero.seen_landmarks.values(), *(card for card, _ in hero.seen_new_york)}


@pytest.mark.parametrize("seed", range(6))
def test_no_other_view_holds_what_a_seat_looked_at(seed: int) -> None:
    """Property: in random play where the heroes hold the Binoculars and the Radio, every
    landmark and New York card a seat remembers is in that seat's view and in no other
    seat's, nor the spectator's."""
    state, pick = game(seed, players=3), random.Random(seed)
    holding(state, "p1", "binoculars")
    holding(state, "p2", "radio")
    remembered = 0
    for _ in range(400):
        if state.is_over():
            break
        known = {seat: remembers(state, seat) for seat in state.seats}
        for seat in state.seats:
            remembered += len(known[seat])
            for card in known[seat]:
                assert f'"{card}"' in view(state, seat)
                # No other view names it, unless that seat looked at it too.
                for other in (*state.seats, SPECTATOR):
                    if other != seat and card not in known.get(other, set()):
                        assert f'"{card}"' not in view(state, other), (seat, other, card)
        actor = state.to_act()[0]
        choices = list(state.legal_actions(actor))
        peeks = [a for a in choices if a.startswith(("use:", "peek:", "helicopter:"))]
        action = pick.choice(peeks or choices)
        state.apply(actor, action)
        assert not problems(state.rules, state.table)
    assert remembered
