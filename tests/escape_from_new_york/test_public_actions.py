"""What each viewer is shown of each action (spec §13, ``public.py``): the actor and ``all``
everything; the others every action, a secret card in it as ``?``; and, over random games, no
action shown to another seat names a card that seat may not know."""

from __future__ import annotations

import pytest

from getaway.core import ALL, HIDDEN, SPECTATOR, Move
from getaway.games.escape_from_new_york.game import GAME, EscapeFromNewYorkState
from getaway.games.escape_from_new_york.public import shown_to_others
from tests.escape_from_new_york.proto_helpers import new, random_moves, strings


@pytest.mark.parametrize(
    ("action", "shown"),
    [
        ("choose:snake_move_out", "choose:?"),
        ("ability:1:snake_move_out", "ability:1:?"),
        ("return:brain_think", "return:?"),
        ("medical:brain_think", "medical:?"),
        ("keep:axe", "keep:?"),
        ("special:maggie_sharp_shot", "special:?"),
        ("objective:raft", "objective:?"),
        # Public: a revealed card, a random discard or steal, places and answers.
        ("play:snake_move_out", "play:snake_move_out"),
        ("keep", "keep"),
        ("recover", "recover"),
        ("library:return", "library:return"),
        ("steal:p2", "steal:p2"),
        ("drop:1", "drop:1"),
        ("use:0", "use:0"),
        ("step:5,2:road", "step:5,2:road"),
        ("swap:blue", "swap:blue"),
        ("escape", "escape"),
    ],
)
def test_a_secret_card_in_an_action_is_hidden_from_the_others(action: str, shown: str) -> None:
    assert shown_to_others(action) == shown


def test_the_actor_and_all_see_the_card_chosen_the_others_only_that_one_was() -> None:
    state = new(seed=3)
    seat = state.to_act()[0]
    state.apply(seat, "keep")
    card = state.table.heroes[seat].hand[0]
    move = Move(seat, f"choose:{card}")
    other = next(s for s in state.seats if s != seat)
    for viewer in (seat, ALL):
        shown = GAME.public_action(state, move, viewer)
        assert shown is not None and shown.action == move.action and shown.shown == move.action
    for viewer in (other, SPECTATOR):
        shown = GAME.public_action(state, move, viewer)
        assert shown is not None
        assert (shown.seat, shown.action, shown.shown) == (seat, None, f"choose:{HIDDEN}")


def _secrets(state: EscapeFromNewYorkState, actor: str) -> set[str]:
    """Every card id the table keeps from the seats other than ``actor``'s owner: the
    actor's hand, discard, face-down played cards, waiting specials, face-down supply and
    objectives, and every deck's cards (whose order is hidden from all)."""
    table = state.table
    hero = table.heroes[actor]
    secret = {*hero.hand, *hero.discard, *hero.played, *hero.specials, *hero.objectives}
    secret -= set(state.turn.revealed)
    secret |= {card.id for card in hero.supply if not card.face_up}
    for deck in (
        table.item_deck,
        table.item_discard,
        table.new_york_deck,
        table.new_york_specials,
        table.timer_deck,
        table.city_deck,
        table.park_deck,
        table.event_deck,
        *table.objective_decks.values(),
    ):
        secret |= set(deck)
    return secret


def _named(shown: str) -> set[str]:
    """The parts of an action id that may name a card: not its kind, nor a step's way of
    moving (``step:C,R:crash``, where ``crash`` is also an event's id); and not the card of
    ``play:CARD``, which playing reveals to everyone (§13.1, "played action cards as they
    are revealed"), even when the turn then runs on past it in the same apply."""
    kind, _, rest = shown.partition(":")
    if kind == "play":
        return set()
    parts = rest.split(":")
    return set(parts[:1] if kind == "step" else parts)


@pytest.mark.parametrize(("seed", "players"), [(0, 2), (1, 3), (2, 4), (3, 1), (4, 2), (5, 4)])
def test_no_action_shown_to_another_seat_names_a_card_it_may_not_know(
    seed: int, players: int
) -> None:
    """Property over random games: what seat B (or a spectator) is shown of seat A's action
    names no card of A's hand, discard, face-down played cards, specials, face-down supply
    or objectives, nor any deck's card, unless B's view after the action shows that card;
    the actor and ``all`` are shown the action whole."""
    state = new(seed, players)
    checked = hidden = 0
    for before, seat, action in random_moves(state, seed, 160):
        move = Move(seat, action)
        secret = _secrets(before, seat)
        for viewer in (*state.seats, SPECTATOR, ALL):
            shown = GAME.public_action(before, move, viewer)
            assert shown is not None and shown.seat == seat
            if viewer in (seat, ALL):
                assert shown.action == action and shown.shown == action
                continue
            assert shown.action in (None, action)
            leaked = (_named(shown.shown) & secret) - strings(state.view(viewer))
            assert not leaked, (viewer, move, leaked)
            checked += 1
            hidden += shown.action is None
    assert checked > 50 and hidden > 0
