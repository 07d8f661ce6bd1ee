"""What each viewer is shown of each action (``game.public_action``, spec 10.3): secret
commits by their kind only, the commit that completes a step as much as the views then show,
the blind phone nothing until it resolves, public actions in full."""

from __future__ import annotations

import pytest

from getaway.core import ALL, SPECTATOR, IllegalActionError, Move, Rng
from getaway.games.cash_n_guns import CashNGunsState
from tests.cash_n_guns.helpers import (
    GAME,
    OPTIONS,
    craft,
    new,
    option_id,
    play,
    random_states,
)


def _shown(state: CashNGunsState, seat: str, action: str, viewer: str) -> str | None:
    """What ``viewer`` is shown of ``seat`` playing ``action`` now (None: nothing)."""
    shown = GAME.public_action(state, Move(seat, action), viewer)
    return None if shown is None else shown.shown


def _apply_and_see(state: CashNGunsState, seat: str, action: str) -> dict[str, str | None]:
    """Play the action; what every viewer was shown of it."""
    before = state.clone()
    state.apply(seat, action)
    return {
        viewer: _shown(before, seat, action, viewer) for viewer in (*state.seats, SPECTATOR, ALL)
    }


def test_a_load_is_shown_to_others_as_load_and_never_which_card():
    state = new({"players": 4}, 1)
    seen = _apply_and_see(state, "tino", "load:bbb")
    assert seen["tino"] == seen[ALL] == "load:bbb"
    assert {seen[v] for v in ("el-toro", "lotus", "mr-black", SPECTATOR)} == {"load:?"}
    public = GAME.public_action(new({"players": 4}, 1), Move("tino", "load:bbb"), "lotus")
    assert public is not None and public.action is None and public.seat == "tino"


def test_the_last_load_completes_the_step_but_shows_no_card_either():
    state = new({"players": 4}, 1)
    for seat in ("tino", "el-toro", "lotus"):
        state.apply(seat, "load:click")
    seen = _apply_and_see(state, "mr-black", "load:bang")
    assert state.step_name() == "aim"
    assert seen["tino"] == "load:?" and seen["mr-black"] == "load:bang"


def test_aims_are_hidden_until_the_last_one_shows_them_all():
    state = new({"players": 4}, 1)
    play(state, until="aim")
    first = _apply_and_see(state, "tino", "aim:lotus")
    assert first["el-toro"] == first[SPECTATOR] == "aim:?"
    state.apply("el-toro", "aim:none")
    state.apply("lotus", "aim:tino")
    last = _apply_and_see(state, "mr-black", "aim:tino")
    assert last["tino"] == last[SPECTATOR] == "aim:tino"
    assert state.view(SPECTATOR)["aims"]["mr-black"] == ["tino"]


def test_hide_or_stay_is_a_secret_until_the_last_answer():
    state = new({"players": 4}, 1)
    play(state, until="courage")
    first = _apply_and_see(state, "tino", "hide")
    assert first["lotus"] == "?" and first["tino"] == "hide"
    state.apply("el-toro", "stay")
    state.apply("lotus", "stay")
    last = _apply_and_see(state, "mr-black", "hide")
    assert last["tino"] == last[SPECTATOR] == "hide"


def test_two_guns_show_both_parts_hidden():
    from tests.cash_n_guns.test_rules_abilities import _double_first_death

    state = _double_first_death()
    state.apply("tino", "claim:lotus")
    play(state, until="load")
    load = state.legal_actions("tino")[0]
    assert load.count("/") == 1
    seen = _apply_and_see(state, "tino", load)
    assert seen["lotus"] == seen[SPECTATOR] == "load:?/?"
    play(state, until="aim")
    aim = state.legal_actions("tino")[0]
    assert _shown(state, "tino", aim, "el-toro") == "aim:?/?"


def test_the_phone_is_passed_under_the_table_and_shows_nothing_until_it_resolves():
    state = craft({"players": 5, "undercover_cop": True}, cop="lotus", round_=1)
    play(state, until="phone")
    participants = list(state.to_act())
    assert len(participants) >= 2
    for seat in participants[:-1]:
        action = "flip" if seat == "lotus" else "pass"
        seen = _apply_and_see(state, seat, action)
        assert seen[seat] == seen[ALL] == action
        assert all(seen[v] is None for v in (*state.seats, SPECTATOR) if v != seat)
    last = participants[-1]
    before = state.clone()
    action = "flip" if last == "lotus" else "pass"
    seen = _apply_and_see(state, last, action)
    # The last answer resolves the phone: only its final side is shown, never who flipped,
    # nor whose answer came last.
    assert all(seen[v] == "?" for v in (*state.seats, SPECTATOR) if v != last)
    for viewer in (*state.seats, SPECTATOR):
        if viewer != last:
            shown = GAME.public_action(before, Move(last, action), viewer)
            assert shown is not None and shown.seat is None


def test_the_specialists_replacement_card_stays_secret():
    from tests.cash_n_guns.test_rules_abilities import adv

    state = adv(4, {"tino": "specialist"})
    play(state, {"load": {"tino": "load:bbb"}, "aim": {"tino": "aim:lotus"}}, until="phase5-window")
    seen = _apply_and_see(state, "tino", "specialist:bang")
    assert seen["lotus"] == seen[SPECTATOR] == "specialist:?"
    assert seen["tino"] == "specialist:bang"


def test_public_answers_are_shown_in_full():
    from tests.cash_n_guns.test_rules_abilities import adv

    state = adv(4, {"tino": "kid"})
    play(state, until="reveal-window")
    seen = _apply_and_see(state, "el-toro", "pass")
    assert seen["lotus"] == seen[SPECTATOR] == "pass"
    seen = _apply_and_see(state, "tino", "reveal:kid")
    assert seen["lotus"] == seen[SPECTATOR] == "reveal:kid"


@pytest.mark.parametrize(
    "options",
    [{"players": 5, "advanced": True}, {"players": 6, "advanced": True, "undercover_cop": True}],
    ids=["5p-adv", "6p-adv+cop"],
)
def test_only_secret_steps_hide_parts_and_only_the_phone_hides_all(options):
    """For an action in every state of random games: others are shown nothing only of a
    phone answer, and a hidden part only in a step of secret commits or of the Specialist's
    swap; everything else is shown in full."""
    for seed in range(3):
        for state in random_states(options, seed):
            seat = state.to_act()[0]
            action = state.legal_actions(seat)[0]
            for viewer in (*state.seats, SPECTATOR):
                if viewer == seat:
                    continue
                shown = _shown(state, seat, action, viewer)
                if shown is None:
                    assert state.step_name() == "phone"
                elif "?" in shown:
                    assert state.step_name() in (
                        "load", "sly-load", "aim", "courage", "phone", "phase5-window",
                        "specialist-window",
                    )  # fmt: skip


@pytest.mark.parametrize("options", OPTIONS, ids=option_id)
def test_a_viewer_shown_nothing_sees_no_change_in_every_mode(options):
    """The conformance suite's check, run here on every mode (it plays the default options
    only, which have no phone): the acting seat and ``all`` are shown each action in full,
    and a viewer shown nothing of an action sees its view unchanged."""
    nothing = 0
    for seed in range(2):
        state = new(options, seed)
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_act()[rng.below(len(state.to_act()))]
            legal = state.legal_actions(seat)
            move = Move(seat, legal[rng.below(len(legal))])
            before = state.clone()
            viewers = (*state.seats, SPECTATOR, ALL)
            seen = {viewer: state.view(viewer) for viewer in viewers}
            state.apply(move.seat, move.action)
            for viewer in viewers:
                shown = GAME.public_action(before, move, viewer)
                if viewer in (ALL, move.seat):
                    assert shown is not None and shown.action == move.action
                if shown is None:
                    nothing += 1
                    assert state.view(viewer) == seen[viewer], (viewer, move)
                else:
                    assert shown.seat in (move.seat, None) and shown.action in (None, move.action)
                    # Only the phone's last answer is shown without its seat.
                    assert shown.seat is not None or before.step_name() == "phone"
    assert (nothing > 0) == bool(options["undercover_cop"])


def test_an_action_that_is_not_text_is_refused_with_the_games_error():
    from getaway.core import Session

    state = new({"players": 4}, 1)
    session = Session.new(GAME, {"players": 4}, 1)
    for bad in (42, None, ["load:bbb"], {"load": "bbb"}):
        with pytest.raises(IllegalActionError, match="an action id is text"):
            state.apply("tino", bad)  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError, match="an action id is text"):
            session.act("tino", bad)  # type: ignore[arg-type]
    assert session.state.to_json() == state.to_json()
