"""The terminal text of a view (``render.py``): every view of random games renders within the
width, without rich markup, with what the view shows and nothing it hides."""

from __future__ import annotations

import pytest

from getaway.core import ALL, SPECTATOR
from getaway.games.escape_from_new_york.game import GAME, EscapeFromNewYorkState
from getaway.games.escape_from_new_york.render import MAX_WIDTH, render_view
from getaway.games.escape_from_new_york.turn_common import end_game
from tests.escape_from_new_york.proto_helpers import new, random_moves, strings


def card_names(state: EscapeFromNewYorkState) -> dict[str, str]:
    return {card.id: card.name for card in state.rules.content.hero_cards.cards}


@pytest.mark.parametrize(("seed", "players"), [(0, 1), (1, 2), (2, 3), (3, 4)])
def test_every_view_of_random_games_renders_its_facts_and_no_secret(
    seed: int, players: int
) -> None:
    state = new(seed, players)
    names = card_names(state)
    rendered = 0
    for ply, _ in enumerate(random_moves(state, seed, 150)):
        if ply % 5:
            continue
        for viewer in (*state.seats, SPECTATOR, ALL):
            view = state.view(viewer)
            text = GAME.render(view)
            assert view == state.view(viewer)  # rendering changes nothing
            lines = text.splitlines()
            assert max(len(line) for line in lines) <= MAX_WIDTH
            assert "[" not in text and "]" not in text  # rich would read markup
            text = " ".join(text.split())  # a name may wrap onto the next line
            assert f"noise {state.table.noise}/" in text
            for seat, hero in state.table.heroes.items():
                assert f"{seat}" in text and f"on {hero.cell[0]},{hero.cell[1]}" in text
            if viewer in state.seats:
                for card in state.table.heroes[viewer].hand:
                    assert names[card] in text
            # No card of another hero's hand, unrevealed played cards or discard is named,
            # unless a card of the same name is in sight in the view.
            in_sight = {names[c] for c in strings(view) if c in names}
            for seat, hero in state.table.heroes.items():
                if viewer in (seat, ALL):
                    continue
                secret = {*hero.hand, *hero.played, *hero.discard} - set(state.turn.revealed)
                for card in secret:
                    assert names[card] in in_sight or names[card] not in text, (viewer, card)
            rendered += 1
    assert rendered > 10


def test_the_map_shows_tiles_as_explored_and_face_down_landmarks_as_question_marks() -> None:
    state = new(2, 2)
    text = " ".join(render_view(state.view("p1")).split())
    assert "LIB" in text and "WTC" in text and "*?" in text
    hidden = [s.tile for s in state.table.spaces.values() if s.tile and not s.face_up]
    landmarks = {lm.id: lm.name for lm in state.rules.content.landmarks.landmarks}
    assert hidden and all(landmarks[tile] not in text for tile in hidden if tile)
    assert "objectives secret" in text
    # Objectives are written with their colour, and only their owner sees them.
    assert "(blue)" in text and "(purple)" in text
    assert "(blue)" not in render_view(state.view("p2")).split("p1:")[1].split("p2")[0]


def test_the_end_says_who_won_and_why() -> None:
    state = new(4, 3)
    end_game(state, "solo:p2")
    assert "p2" in render_view(state.view("p1")).split("Game over:")[1]
    assert "escaped alone" in render_view(state.view("p1"))
    state = new(4, 3)
    end_game(state, "timer")
    assert "fatal red timer card" in render_view(state.view(SPECTATOR))


def test_the_cards_looked_through_are_shown_to_their_player() -> None:
    state = new(6, 2)
    seat = state.to_act()[0]
    state.turn.stage, state.turn.source = "keep", ["shop", 2]
    items = {item.id: item.name for item in state.rules.content.items.items}
    text = " ".join(render_view(state.view(seat)).split())
    assert "You are looking at the item cards: " in text
    assert all(items[card] in text for card in state.table.item_deck[:2])


def test_a_seats_memory_is_shown_to_it_where_its_view_carries_it() -> None:
    """The landmarks and New York cards a seat looked at (its hero's ``seen_landmarks`` and
    ``seen_new_york`` in its view, where the views carry that memory) are listed for it."""
    state = new(2, 2)
    view = state.view("p1")
    (col, row), tile = next(
        (c, s.tile) for c, s in state.table.spaces.items() if s.tile and not s.face_up
    )
    card = state.table.new_york_deck[0]
    hero = view["table"]["heroes"]["p1"]
    hero["seen_landmarks"] = [[col, row, tile]]
    hero["seen_new_york"] = [[card, len(state.table.new_york_deck) - 1]]
    text = " ".join(render_view(view).split())
    landmark = next(lm.name for lm in state.rules.content.landmarks.landmarks if lm.id == tile)
    new_york = next(c.name for c in state.rules.content.new_york.cards if c.id == card)
    assert f"you saw, face down: {landmark} on {col},{row}; {new_york}" in text
    assert "you saw" not in render_view(state.view("p1"))
