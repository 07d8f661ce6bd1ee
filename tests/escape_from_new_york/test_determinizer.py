"""The determinizer (``determinizer.py``, spec §13): a sample drawn from a seat's view looks
the same to that seat, depends on nothing but the view, keeps what the seat is looking at or
has peeked at where it saw it, and can be played on."""

from __future__ import annotations

import json

import pytest

from getaway.core import SPECTATOR, Rng
from getaway.games.escape_from_new_york.determinizer import (
    InconsistentViewError,
    Known,
    determinize,
    sample,
)
from getaway.games.escape_from_new_york.game import GAME, EscapeFromNewYorkState
from getaway.games.escape_from_new_york.invariants import problems
from getaway.games.escape_from_new_york.state import SupplyCard
from getaway.games.escape_from_new_york.turn_common import current_seat, end_game
from tests.escape_from_new_york.proto_helpers import new, random_moves

VARIANTS: list[dict[str, object]] = [
    {},
    {"hard_new_york": True},
    {"traps": True, "wanted": True},
    {"extra_specials": True, "crossbows": True, "explosions": True, "extra_timer_cards": True},
]


def saved(state: EscapeFromNewYorkState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def hidden_content(state: EscapeFromNewYorkState) -> str:
    """Everything of the table but the generator (the sample draws its own)."""
    return json.dumps(state.table.to_json(), sort_keys=True)


@pytest.mark.parametrize("seed", range(8))
def test_a_sample_looks_the_same_to_its_seat_and_the_same_actions_are_legal(seed: int) -> None:
    """Every 4th position of a random game (1-4 heroes, the variants), for every seat and a
    spectator: the sample's view is the view it was drawn from, and the seat to act has the
    same legal actions in it."""
    state = new(seed, 1 + seed % 4, **VARIANTS[seed % len(VARIANTS)])
    checked = 0
    for ply, _ in enumerate(random_moves(state, seed, 200)):
        if ply % 4:
            continue
        for viewer in (*state.seats, SPECTATOR):
            view = state.view(viewer)
            drawn = determinize(view, Rng(ply))
            assert drawn.view(viewer) == view, (seed, ply, viewer)
            assert not problems(drawn.rules, drawn.table)
            checked += 1
        seat = state.to_act()[0] if not state.is_over() else None
        if seat is not None:
            drawn = determinize(state.view(seat), Rng(ply + 1))
            assert drawn.legal_actions(seat) == state.legal_actions(seat)
    assert checked > 20


def test_a_sample_draws_what_the_view_hides() -> None:
    """The hidden parts differ between samples and from the truth: the other hero's hand,
    the decks, the landmarks; the viewer's own cards never do."""
    state = new(4, 2)
    for _ in random_moves(state, 4, 30):
        pass
    seat = state.seats[0]
    other = state.seats[1]
    drawn = [determinize(state.view(seat), Rng(k)) for k in range(6)]
    assert all(d.table.heroes[seat].hand == state.table.heroes[seat].hand for d in drawn)
    assert all(
        d.table.heroes[seat].objectives == state.table.heroes[seat].objectives for d in drawn
    )
    assert len({tuple(d.table.heroes[other].objectives) for d in drawn}) > 1
    assert len({tuple(d.table.item_deck) for d in drawn}) > 1
    assert len({tuple(d.table.timer_deck) for d in drawn}) > 1
    landmarks = {
        tuple(s.tile for s in d.table.spaces.values() if s.tile and not s.face_up) for d in drawn
    }
    assert len(landmarks) > 1


@pytest.mark.parametrize("seed", range(3))
def test_a_sample_depends_on_the_view_alone(seed: int) -> None:
    """Two true states that differ in what a seat cannot see but give it the same view give
    the same samples for the same generator, byte for byte."""
    state = new(seed, 3)
    compared = 0
    for ply, _ in enumerate(random_moves(state, seed, 120)):
        if ply % 10:
            continue
        for seat in state.seats:
            view = state.view(seat)
            twin = determinize(view, Rng(1000 + ply))  # another truth behind the same view
            assert twin.view(seat) == view
            if hidden_content(twin) == hidden_content(state):
                continue
            compared += 1
            for k in range(2):
                one = determinize(state.view(seat), Rng(k))
                two = determinize(twin.view(seat), Rng(k))
                assert saved(one) == saved(two)
    assert compared > 10


@pytest.mark.parametrize("seed", range(4))
def test_a_sample_can_be_played_on_to_the_end(seed: int) -> None:
    """Random play from samples drawn mid-game: the invariants hold, saves read back, and it
    is the same game for the same generator."""
    state = new(seed, 2 + seed % 3)
    for _ in random_moves(state, seed, 60):
        pass
    seat = state.to_act()[0]
    runs = []
    for _ in range(2):
        drawn = determinize(state.view(seat), Rng(seed))
        played = [action for _, _, action in random_moves(drawn, seed + 100, 400)]
        assert not problems(drawn.rules, drawn.table)
        assert saved(EscapeFromNewYorkState.from_json(json.loads(saved(drawn)))) == saved(drawn)
        runs.append((played, saved(drawn)))
    assert runs[0] == runs[1] and len(runs[0][0]) > 20


def test_the_omniscient_view_gives_the_state_itself() -> None:
    state = new(5, 3)
    for _ in random_moves(state, 5, 40):
        pass
    assert saved(determinize(state.view("all"), Rng(3))) == saved(state)


def test_the_weapon_shops_items_stay_on_top_where_the_player_sees_them() -> None:
    """Stage ``keep``: the current player looks at the item deck's top 2 (its view's
    ``looking_at``); every sample has them there, and the same ``keep:`` actions."""
    state = new(6, 2)
    seat = current_seat(state.table)
    state.turn.stage, state.turn.source = "keep", ["shop", 2]
    view = state.view(seat)
    assert view["looking_at"] == {"deck": "item", "cards": state.table.item_deck[:2]}
    other = next(s for s in state.seats if s != seat)
    assert "looking_at" not in state.view(other)
    for k in range(5):
        drawn = determinize(view, Rng(k))
        assert drawn.table.item_deck[:2] == state.table.item_deck[:2]
        assert drawn.legal_actions(seat) == state.legal_actions(seat)
        assert drawn.view(seat) == view


def test_an_objective_deck_looked_through_is_the_one_seen() -> None:
    state = new(7, 3)
    seat = current_seat(state.table)
    state.turn.stage, state.turn.source = "objective", ["swap", "purple"]
    view = state.view(seat)
    assert view["looking_at"]["cards"] == state.table.objective_decks["purple"]
    for k in range(5):
        drawn = determinize(view, Rng(k))
        assert drawn.table.objective_decks["purple"] == state.table.objective_decks["purple"]
        assert drawn.legal_actions(seat) == state.legal_actions(seat)


def test_a_landmark_peeked_at_is_where_it_was_seen() -> None:
    """The hook for a seat's memory (``Known``): a face-down landmark it saw is drawn as
    that landmark, in every sample; the others still vary."""
    state = new(8, 2)
    seat = state.seats[0]
    hidden = [(c, s.tile) for c, s in state.table.spaces.items() if s.tile and not s.face_up]
    (col, row), tile = hidden[0]
    assert tile is not None
    known = Known(landmarks={(col, row): tile})
    drawn = [sample(state.view(seat), Rng(k), known) for k in range(8)]
    assert all(d.table.spaces[(col, row)].tile == tile for d in drawn)
    assert all(d.view(seat) == state.view(seat) for d in drawn)
    assert len({d.table.spaces[hidden[1][0]].tile for d in drawn}) > 1


def test_new_york_cards_seen_are_on_top_and_the_top_shows_the_back_seen() -> None:
    state = new(9, 2)
    seat = state.seats[0]
    truth = state.table.new_york_deck
    # Remembered by their place from the deck's bottom: the top two, and the bottom one.
    seen = {len(truth) - 1: truth[0], len(truth) - 2: truth[1], 0: truth[-1]}
    drawn = [sample(state.view(seat), Rng(k), Known(new_york=seen)) for k in range(4)]
    assert all(d.table.new_york_deck[:2] == truth[:2] for d in drawn)
    assert all(d.table.new_york_deck[-1] == truth[-1] for d in drawn)
    for k in range(4):
        d = determinize(state.view(seat), Rng(k))
        assert d.view(seat)["table"]["new_york_deck"] == state.view(seat)["table"]["new_york_deck"]
        # The specials wait beside the board while their landmarks are face down (§8.8).
        assert sorted(d.table.new_york_specials) == sorted(state.table.new_york_specials)


def test_a_view_that_does_not_add_up_is_refused_saying_what() -> None:
    state = new(10, 2)
    view = state.view("p1")
    with pytest.raises(InconsistentViewError, match="not an escape-from-new-york view"):
        determinize({**view, "game": "scotland-yard"}, Rng(0))
    table = dict(view["table"], city_deck_size=view["table"]["city_deck_size"] + 1)
    with pytest.raises(InconsistentViewError, match="city deck"):
        determinize({**view, "table": table}, Rng(0))
    with pytest.raises(InconsistentViewError, match="malformed"):
        determinize({key: value for key, value in view.items() if key != "turn"}, Rng(0))
    assert GAME.determinize(view, Rng(0)).view("p1") == view


def _fatal(state: EscapeFromNewYorkState) -> str:
    return next(card.id for card in state.rules.content.timer.red if card.fatal)


def test_the_fatal_card_is_among_those_discarded_unseen_only_if_that_ended_the_game() -> None:
    """§7.10: timer cards discarded unseen at the first rescue; the fatal one ends the game
    at once, so while the game goes on it is still in the deck, and after such an end it is
    among the discarded ones."""
    state = new(11, 2)
    table = state.table
    reds = [card.id for card in state.rules.content.timer.red]
    safe = next(red for red in reds if red != _fatal(state))
    table.timer_deck.remove(safe)
    table.timer_discarded.append(safe)
    for k in range(6):
        drawn = determinize(state.view("p1"), Rng(k))
        (discarded,) = drawn.table.timer_discarded
        assert discarded in reds and discarded != _fatal(state)
        assert _fatal(state) in drawn.table.timer_deck
    table.timer_deck.remove(_fatal(state))
    table.timer_discarded.append(_fatal(state))
    end_game(state, "timer")
    for k in range(6):
        drawn = determinize(state.view("p2"), Rng(k))
        assert _fatal(state) in drawn.table.timer_discarded
        assert len(drawn.table.timer_discarded) == 2
        assert drawn.view("p2") == state.view("p2")


@pytest.mark.parametrize("options", [{}, {"dead_or_alive": True}])
def test_the_president_held_face_down_is_one_of_the_face_down_supply_cards(
    options: dict[str, object],
) -> None:
    """The President lies face down in its holder's supply (``holdings.take_president``):
    a sample puts an alive President card among the face-down supply cards, the slot keeps
    as many cards as it shows (with "Dead or Alive?", the Dead card among them)."""
    state = new(3, 3, **options)
    table = state.table
    presidents = {c.id: c.alive for c in state.rules.content.diplomats.president}
    card = next(c for c in table.president_slot if presidents[c])
    table.president_slot.remove(card)
    table.heroes["p2"].supply.append(SupplyCard("president", card, False))
    table.president_taken = True
    assert not problems(state.rules, table)
    for viewer in ("p1", "p3", SPECTATOR):
        for k in range(4):
            drawn = determinize(state.view(viewer), Rng(k))
            assert drawn.view(viewer) == state.view(viewer)
            held = [
                c for h in drawn.table.heroes.values() for c in h.supply if c.kind == "president"
            ]
            assert len(held) == 1 and presidents[held[0].id] and not held[0].face_up
            assert len(drawn.table.president_slot) == len(table.president_slot)
            assert all(presidents[c] or options for c in drawn.table.president_slot)
