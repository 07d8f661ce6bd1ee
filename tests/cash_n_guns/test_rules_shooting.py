"""Hiding and shooting (spec Phases 4-6, section 4.3, 10.4; checklist items 3-7)."""

from __future__ import annotations

from tests.cash_n_guns.helpers import answer, craft, events, new, play, player


def test_rulebook_example_4_4_el_toro_dies_of_three_wounds_in_one_round():
    """Lotus, Mr. Black and Haggis aim at El Toro, Tino at Igor. Igor hides. Lotus fires a
    BBB in Phase 5; Mr. Black and Haggis fire Bang! in Phase 6: El Toro dies."""
    state = craft({"players": 6}, round_=2, money={"el-toro": 30_000}, pot=[10_000] * 4 + [5_000])
    removed_before = state.removed
    play(
        state,
        {
            "load": {
                "lotus": "load:bbb",
                "mr-black": "load:bang",
                "haggis": "load:bang",
                "tino": "load:bang",
                "el-toro": "load:bang",
                "igor": "load:click",
            },
            "aim": {
                "lotus": "aim:el-toro",
                "mr-black": "aim:el-toro",
                "haggis": "aim:el-toro",
                "tino": "aim:igor",
                "el-toro": "aim:mr-black",
                "igor": "aim:tino",
            },
            "courage": {"igor": "hide"},
        },
    )
    # Phase 4: only Igor hides, takes one shame token, and discards his card face down.
    assert events(state, "hide", 2) == [{"type": "hide", "round": 2, "seats": ["igor"]}]
    assert player(state, "igor")["shame"] == 1
    lowered = {(e["seat"], e["reason"]) for e in events(state, "lowered", 2)}
    # Tino's Bang! (aimed at the hider) and El Toro's card (hit in Phase 5) go face down.
    assert lowered == {("igor", "hid"), ("tino", "target-hid"), ("el-toro", "hit")}
    fired = [(e["phase"], e["seat"], e["card"], e["target"]) for e in events(state, "fire", 2)]
    assert fired == [
        (5, "lotus", "bbb", "el-toro"),
        (6, "mr-black", "bang", "el-toro"),
        (6, "haggis", "bang", "el-toro"),
    ]
    el_toro = player(state, "el-toro")
    assert el_toro["wounds"] == 3 and not el_toro["alive"] and el_toro["status"] is None
    # His money goes back to the box.
    assert el_toro["money"] == 0 and state.removed == removed_before + 30_000
    assert events(state, "death", 2) == [
        {"type": "death", "round": 2, "seat": "el-toro", "money": 30_000}
    ]
    # Phase 7: Lotus, Mr. Black, Haggis and Tino, still standing, share the pot.
    split = events(state, "split", 2)[0]
    assert sorted(s["seat"] for s in split["shares"]) == ["haggis", "lotus", "mr-black", "tino"]
    assert split["share"] == 10_000 and split["leftover"] == [5_000]
    # No card discarded face down is ever shown: Tino's Bang! stays secret.
    assert all(e["seat"] != "tino" for e in events(state, "fire"))


def test_checklist_03_a_hider_takes_shame_and_loses_his_card_unrevealed():
    state = craft({"players": 4})
    play(
        state,
        {
            "load": {"tino": "load:bang", "lotus": "load:bbb"},
            "aim": {"tino": "aim:lotus", "lotus": "aim:tino"},
            "courage": {"lotus": "hide"},
        },
    )
    lotus = player(state, "lotus")
    assert lotus["shame"] == 1 and lotus["wounds"] == 0
    # Lotus's BBB is discarded face down: the others see a face-down card, never which.
    assert lotus["spent_face_down"] == [{"round": 1, "gun": 1}]
    assert lotus["spent_revealed"] == []
    # Tino aimed at the hider: his card goes face down too, and he takes no shame.
    tino = player(state, "tino")
    assert tino["shame"] == 0 and tino["spent_face_down"] == [{"round": 1, "gun": 1}]
    assert not events(state, "fire", 1)
    # A hider takes no part in the split; Tino does.
    assert [s["seat"] for s in events(state, "split", 1)[0]["shares"]] == [
        "tino", "el-toro", "mr-black",
    ]  # fmt: skip


def test_a_player_may_hide_even_if_nobody_aims_at_him():
    state = craft({"players": 4})
    play(state, {"courage": {"mr-black": "hide"}})
    assert player(state, "mr-black")["shame"] == 1


def test_checklist_04_bbb_beats_bang_the_bang_is_discarded_unrevealed():
    """A (Bang!) -> B, B (BBB) -> A: A is wounded in Phase 5, his Bang! is discarded
    unrevealed, and B is unhurt and shares."""
    state = craft({"players": 4})
    play(
        state,
        {
            "load": {"tino": "load:bang", "el-toro": "load:bbb"},
            "aim": {"tino": "aim:el-toro", "el-toro": "aim:tino"},
        },
    )
    assert player(state, "tino")["wounds"] == 1
    assert player(state, "el-toro")["wounds"] == 0
    assert {(e["seat"], e["reason"]) for e in events(state, "lowered", 1)} >= {("tino", "hit")}
    assert [e["seat"] for e in events(state, "fire", 1) if e["card"] != "click"] == ["el-toro"]
    shares = [s["seat"] for s in events(state, "split", 1)[0]["shares"]]
    assert "el-toro" in shares and "tino" not in shares


def test_checklist_05_mutual_bbb_wounds_both():
    state = craft({"players": 4})
    play(
        state,
        {
            "load": {"tino": "load:bbb", "el-toro": "load:bbb"},
            "aim": {"tino": "aim:el-toro", "el-toro": "aim:tino"},
        },
    )
    assert player(state, "tino")["wounds"] == player(state, "el-toro")["wounds"] == 1


def test_checklist_05_mutual_bang_wounds_both():
    state = craft({"players": 4})
    play(
        state,
        {
            "load": {"tino": "load:bang", "el-toro": "load:bang"},
            "aim": {"tino": "aim:el-toro", "el-toro": "aim:tino"},
        },
    )
    assert player(state, "tino")["wounds"] == player(state, "el-toro")["wounds"] == 1
    assert [e["phase"] for e in events(state, "fire", 1)] == [6, 6]


def test_checklist_06_bbb_chain():
    """A (BBB) -> B, B (BBB) -> C, C (Bang!) -> A: B and C are wounded in Phase 5, C's Bang! is
    discarded unrevealed, A is unhurt."""
    state = craft({"players": 4})
    play(
        state,
        {
            "load": {"tino": "load:bbb", "el-toro": "load:bbb", "lotus": "load:bang"},
            "aim": {"tino": "aim:el-toro", "el-toro": "aim:lotus", "lotus": "aim:tino"},
        },
    )
    assert [player(state, s)["wounds"] for s in ("tino", "el-toro", "lotus")] == [0, 1, 1]
    assert ("lotus", "hit") in {(e["seat"], e["reason"]) for e in events(state, "lowered", 1)}
    assert all(e["phase"] == 5 for e in events(state, "fire", 1) if e["seat"] != "mr-black")


def test_several_shooters_give_several_wounds_and_wounded_players_are_hit_again_in_phase_6():
    state = craft({"players": 5})
    play(
        state,
        {
            "load": {"tino": "load:bbb", "el-toro": "load:bang", "lotus": "load:bang"},
            "aim": {"tino": "aim:haggis", "el-toro": "aim:haggis", "lotus": "aim:haggis"},
        },
    )
    haggis = player(state, "haggis")
    assert haggis["wounds"] == 3 and not haggis["alive"]
    wounds = [(e["seat"], e["wounds"]) for e in events(state, "wound", 1)]
    assert wounds == [("haggis", 1), ("haggis", 2)]


def test_amb_07_a_shot_at_a_player_killed_in_phase_5_is_revealed_without_effect():
    state = craft({"players": 4}, wounds={"lotus": 2})
    play(
        state,
        {
            "load": {"tino": "load:bbb", "el-toro": "load:bang"},
            "aim": {"tino": "aim:lotus", "el-toro": "aim:lotus"},
        },
    )
    lotus = player(state, "lotus")
    assert not lotus["alive"] and lotus["wounds"] == 3
    assert ("el-toro", "bang", "lotus") in {
        (e["seat"], e["card"], e["target"]) for e in events(state, "fire", 1)
    }
    assert [e["seat"] for e in events(state, "wound", 1)] == ["lotus"]


def test_a_player_killed_in_phase_6_still_fires_his_own_card():
    state = craft({"players": 4}, wounds={"tino": 2, "el-toro": 2})
    play(
        state,
        {
            "load": {"tino": "load:bang", "el-toro": "load:bang"},
            "aim": {"tino": "aim:el-toro", "el-toro": "aim:tino"},
        },
    )
    assert not player(state, "tino")["alive"] and not player(state, "el-toro")["alive"]


def test_amb_02_no_target_means_no_shot_and_the_card_goes_face_down():
    state = craft({"players": 4})
    play(
        state,
        {"load": {"tino": "load:bang"}, "aim": {"tino": "aim:none"}, "courage": {"lotus": "hide"}},
    )
    assert ("tino", "no-target") in {(e["seat"], e["reason"]) for e in events(state, "lowered", 1)}
    assert player(state, "tino")["spent_revealed"] == []
    # He stays in the round: he takes part in the split.
    assert "tino" in [s["seat"] for s in events(state, "split", 1)[0]["shares"]]


def test_amb_03_targets_are_other_living_players_wounded_ones_included():
    state = craft({"players": 5}, wounds={"lotus": 2}, dead=["haggis"])
    assert state.legal_actions("tino") == ("load:bbb", "load:bang", "load:click")
    answer(state)
    assert state.legal_actions("tino") == (
        "aim:el-toro", "aim:lotus", "aim:mr-black", "aim:none",
    )  # fmt: skip


def test_click_cards_are_revealed_in_phase_6_and_do_nothing():
    state = craft({"players": 4})
    play(state, {"aim": {"tino": "aim:lotus"}})
    assert events(state, "fire", 1) == [
        {
            "type": "fire", "round": 1, "phase": 6, "seat": "tino", "gun": 1, "card": "click",
            "target": "lotus",
        }
    ]  # fmt: skip
    assert player(state, "lotus")["wounds"] == 0
    assert player(state, "tino")["spent_revealed"] == [
        {"round": 1, "gun": 1, "card": "click", "fired": True, "taken_back": False}
    ]


def test_wounds_never_heal_and_a_third_wound_kills_in_a_later_round():
    state = craft({"players": 4})
    for card in ("bbb", "bang", "bang"):
        play(state, {"load": {"tino": f"load:{card}"}, "aim": {"tino": "aim:lotus"}})
        if not state.is_over() and state.round < 4:
            assert player(state, "lotus")["status"] == "standing"
    lotus = player(state, "lotus")
    assert lotus["wounds"] == 3 and not lotus["alive"]


def test_the_wounded_and_the_hidden_do_not_share():
    state = craft({"players": 4}, pot=[10_000, 10_000, 5_000, 5_000, 20_000])
    play(
        state,
        {
            "load": {"tino": "load:bang"},
            "aim": {"tino": "aim:el-toro"},
            "courage": {"lotus": "hide"},
        },
    )
    split = events(state, "split", 1)[0]
    assert [s["seat"] for s in split["shares"]] == ["tino", "mr-black"]
    assert split["share"] == 25_000
    assert player(state, "tino")["money"] == player(state, "mr-black")["money"] == 25_000


def test_a_late_hide_decision_is_a_stay():
    state = new({"players": 4})
    play(state, until="courage")
    assert all(state.default_action(seat) == "stay" for seat in state.to_act())
