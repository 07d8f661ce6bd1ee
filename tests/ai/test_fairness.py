"""Fairness (issue 5): two true states that give a seat the same view make the search bot
choose the same move with the same seed, whatever the hidden parts are.

Each pair is built from a real game: the second state is a determinization of the seat's
view, kept only when its hidden part differs from the real one and its view for that seat is
identical. A bot that read anything beyond the view would tell the two apart.
"""

from __future__ import annotations

from collections.abc import Callable

from getaway.ai import make_bot
from getaway.core import ALL, Game, Rng, State, get_game

SPEC = "ismcts:iterations=150:seconds=none"


def twin(game: Game, state: State, seat: str, differs: Callable[[State, State], bool]) -> State:
    """A state that gives ``seat`` the same view as ``state`` but differs by ``differs``."""
    view = state.view(seat)
    for k in range(200):
        other = game.determinize(view, Rng(1000 + k))
        if differs(state, other):
            assert other.view(seat) == view
            assert other.view(ALL) != state.view(ALL)
            return other
    raise AssertionError("no determinization differs in its hidden part")


def same_choice(game: Game, seat: str, states: list[State], spec: str = SPEC) -> None:
    for seed in (1, 2):
        moves = {
            make_bot(game, spec).choose(game, seat, s.view(seat), s.legal_actions(seat), Rng(seed))
            for s in states
        }
        assert len(moves) == 1


def test_a_detective_chooses_the_same_whatever_station_mr_x_hides_on():
    game = get_game("scotland-yard")
    state = game.new_state(None, 5)
    rng = Rng(5)
    # From round 2 on, the detectives' phase after a move that did not surface Mr. X.
    while not (
        state.to_act()[0] != "mrx"
        and state.view("d1")["round"] >= 2
        and not state.view("d1")["mrx_log"][-1]["revealed"]
    ):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    seat = state.to_act()[0]
    other = twin(game, state, seat, lambda a, b: a.to_json()["mrx"] != b.to_json()["mrx"])
    same_choice(game, seat, [state, other])


def test_a_gangster_chooses_the_same_whatever_cards_the_others_loaded():
    game = get_game("cash-n-guns")
    state = game.new_state({"players": 5, "advanced": True}, 3)
    # Round 1, loading: three players have secretly loaded (BANG!s and Clicks); two have not.
    loaded = 0
    rng = Rng(3)
    while loaded < 3:
        seat = state.to_act()[-1]
        legal = [a for a in state.legal_actions(seat) if a.startswith("load:")]
        state.apply(seat, legal[rng.below(len(legal))])
        loaded += 1
    seat = state.to_act()[0]

    def hidden_cards_differ(a: State, b: State) -> bool:
        mine = a.view(ALL)["secrets"]["players"]
        theirs = b.view(ALL)["secrets"]["players"]
        return any(
            mine[s]["loaded"] != theirs[s]["loaded"] or mine[s]["hand"] != theirs[s]["hand"]
            for s in mine
            if s != seat
        )

    other = twin(game, state, seat, hidden_cards_differ)
    same_choice(game, seat, [state, other], "ismcts:iterations=60:seconds=none")


def test_the_cop_with_the_phone_chooses_the_same_whoever_has_passed_it_on():
    # Cash 'n Guns' phone is a blind step: nobody sees who has answered. The cop decides the
    # same whether the other participant has passed the phone on already or not.
    game = get_game("cash-n-guns")
    state = game.new_state({"players": 5, "undercover_cop": True}, 1)
    rng = Rng(1)
    while state.view(ALL)["step"] != "phone":
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    cop = next(s for s in state.to_act() if len(state.legal_actions(s)) == 2)
    other = next(s for s in state.to_act() if s != cop)
    answered = state.clone()
    answered.apply(other, "pass")
    assert answered.to_act() == (cop,) and state.to_act() != (cop,)
    assert answered.public_to_act() == state.public_to_act()
    assert answered.view(cop) == state.view(cop)
    same_choice(game, cop, [state, answered])
