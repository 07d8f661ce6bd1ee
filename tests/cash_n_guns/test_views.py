"""What views hold (the fields front ends rely on) and the plain text rendering."""

from __future__ import annotations

from tests.cash_n_guns.helpers import GAME, answer, craft, new, play

PLAYER_FIELDS = {
    "seat", "money", "wounds", "shame", "alive", "status", "shame_beacon", "hand_size",
    "spent_revealed", "spent_face_down", "ability", "guns", "role",
}  # fmt: skip
VIEW_FIELDS = {
    "round", "over", "winners", "outcome", "pot", "deck_left", "players", "step", "to_act",
    "committed", "events", "phone_uses", "backup_called", "aims", "aims_revealed", "godfather",
}  # fmt: skip


def test_views_hold_the_required_fields():
    state = new({"players": 5, "advanced": True, "undercover_cop": True}, 1)
    for seat in (*state.seats, "spectator", "all"):
        view = state.view(seat)
        assert set(view) >= VIEW_FIELDS
        for p in view["players"]:
            assert set(p) >= PLAYER_FIELDS
    me = state.view("lotus")["me"]
    assert {"hand", "loaded", "my_choice", "ability", "role"} <= set(me)
    assert state.view("spectator")["round"] == 1
    assert state.view("spectator")["pot"] == state.pot


def test_views_show_who_has_committed_and_the_seat_its_own_choice():
    state = new({"players": 4})
    state.apply("lotus", "load:bang")
    view = state.view("tino")
    assert view["committed"] == {"tino": False, "el-toro": False, "lotus": True, "mr-black": False}
    assert view["to_act"] == ["tino", "el-toro", "mr-black"]
    assert view["me"]["my_choice"] is None
    lotus = state.view("lotus")["me"]
    assert lotus["my_choice"] == "load:bang" and lotus["loaded"] == ["bang"]
    assert lotus["hand"] == [{"bbb": 1, "bang": 1, "click": 5}]
    guns = [p["guns"][0] for p in view["players"]]
    assert [g["placed"] for g in guns] == [False, False, True, False]
    assert all(g["card"] is None for g in guns)


def test_aims_are_shown_only_once_all_have_aimed():
    state = new({"players": 4})
    answer(state)
    state.apply("tino", "aim:lotus")
    assert all(g["target"] is None for p in state.view("lotus")["players"] for g in p["guns"])
    answer(state)
    view = state.view("lotus")
    assert view["aims_revealed"]
    assert [p["guns"][0]["target"] for p in view["players"]] == ["lotus", "none", "none", "none"]
    assert view["aims"] == {
        "tino": ["lotus"], "el-toro": ["none"], "lotus": ["none"], "mr-black": ["none"]
    }  # fmt: skip
    aims = [e for e in view["events"] if e["type"] == "aims"]
    assert aims[0]["aims"]["tino"] == ["lotus"]


def test_events_narrate_the_last_two_rounds_and_the_log_keeps_everything():
    state = new({"players": 4})
    play(state, rounds=3)
    view = state.view("spectator")
    assert {e["round"] for e in view["events"]} == {3, 4}
    assert {e["round"] for e in view["log"]} == {1, 2, 3, 4}


def test_render_shows_the_table_the_seats_secrets_and_the_news():
    state = craft(
        {"players": 5, "undercover_cop": True}, cop="lotus", round_=2, money={"tino": 25_000}
    )
    play(
        state,
        {"load": {"tino": "load:bbb"}, "aim": {"tino": "aim:el-toro"}},
        until="load",
        rounds=1,
    )
    text = GAME.render(state.view("lotus"))
    assert "round 2 of 8" in text and "Pot:" in text
    assert "tino (Godfather)" in text and "$25,000" in text
    assert "You are lotus" in text and "role cop" in text
    assert "waiting for" in text
    assert "[" not in text  # no markup: the terminal prints it through rich
    play(state, {"load": {"tino": "load:bbb"}, "aim": {"tino": "aim:el-toro"}})
    text = GAME.render(state.view("spectator"))
    assert "Bang! Bang! Bang! at el-toro" in text
    assert "el-toro takes 1 wound(s)" in text
    assert "You are" not in text


def test_render_of_a_finished_game_names_the_winner():
    state = craft({"players": 4}, round_=8, money={"tino": 5_000})
    play(state)
    text = GAME.render(state.view("spectator"))
    assert "Result: tino wins with $5,000 after shame" in text and "Scores:" in text
