"""The Advanced game: the 10 Special Ability cards and their windows (spec section 7, 10.2,
10.4; AMB-15 to AMB-19, AMB-25 to AMB-27; checklist items 11-14)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from getaway.games.cash_n_guns import CashNGunsState
from tests.cash_n_guns.helpers import answer, craft, events, illegal, new, play, player

#: Cards that never act unless their holder chooses to: fillers for the seats a test does
#: not care about (Invincible and Dragon Skin act by themselves, so they are never fillers).
FILLERS = (
    "six-feet-under",
    "coward",
    "doesnt-even-hurt",
    "specialist",
    "you-wont-need-it",
    "kid",
    "sly",
    "crazy",
)


def adv(
    players: int = 5, abilities: Mapping[str, str] | None = None, **kwargs: Any
) -> CashNGunsState:
    """A crafted Advanced-game position where every seat's ability is known."""
    options = {"players": players, "advanced": True, **kwargs.pop("options", {})}
    given = dict(abilities or {})
    seats = new(options).seats
    spare = [a for a in FILLERS if a not in given.values()]
    full = {seat: given.get(seat) or spare.pop(0) for seat in seats}
    return craft(options, abilities=full, **kwargs)


def reveals(state: CashNGunsState) -> list[tuple[str, str]]:
    return [(e["seat"], e["ability"]) for e in events(state, "reveal")]


# Windows -----------------------------------------------------------------------------------


def test_basic_game_has_no_windows():
    state = craft({"players": 5})
    steps = []
    while state.round == 1:
        steps.append(answer(state))
    assert steps == ["load", "aim", "courage"]


def test_windows_run_for_every_living_player_and_offer_pass_to_those_without_the_card():
    state = adv(5, {"tino": "crazy"}, dead=["haggis"])
    steps = []
    while state.round == 1:
        step = state.step_name()
        if step.endswith("window"):
            assert state.to_act() == ("tino", "el-toro", "lotus", "mr-black")
            for seat in ("el-toro", "lotus", "mr-black"):
                assert state.legal_actions(seat) == ("pass",)
        steps.append(answer(state))
    assert steps == [
        "load",
        "reveal-window",
        "aim",
        "crazy-window",
        "courage",
        "specialist-window",
        "unhurt-window",
    ]


def test_amb_15_the_crazy_window_after_the_aims_can_be_switched_off():
    state = adv(4, {"tino": "crazy"}, options={"crazy_after_aims": False})
    steps = [answer(state) for _ in range(3)]
    assert steps == ["load", "reveal-window", "aim"]
    assert state.step_name() == "courage"


# #5 Crazy -----------------------------------------------------------------------------------


def test_rulebook_grenade_example():
    """Tino (Crazy) reveals in Phase 1. Lotus and El Toro aim at Tino, Haggis at Lotus;
    Mr. Black hides. Lotus's BBB wounds Tino: the grenade wounds Lotus, El Toro and Haggis,
    not Mr. Black; Phases 6-8 are skipped and El Toro's and Haggis's cards are discarded
    unrevealed."""
    state = adv(5, {"tino": "crazy"}, round_=2, pot=[10_000] * 5)
    pot_before = list(state.pot)
    play(
        state,
        {
            "load": {
                "tino": ["reveal:crazy", "load:click"],
                "lotus": "load:bbb",
                "el-toro": "load:bang",
                "haggis": "load:bang",
            },
            "aim": {"lotus": "aim:tino", "el-toro": "aim:tino", "haggis": "aim:lotus"},
            "courage": {"mr-black": "hide"},
        },
    )
    assert reveals(state)[0] == ("tino", "crazy")
    assert [player(state, s)["wounds"] for s in state.seats] == [1, 1, 1, 0, 1]
    assert events(state, "grenade", 2) == [
        {"type": "grenade", "round": 2, "seat": "tino", "victims": ["el-toro", "lotus", "haggis"]}
    ]
    assert [e["seat"] for e in events(state, "fire", 2)] == ["lotus"]
    lowered = {(e["seat"], e["reason"]) for e in events(state, "lowered", 2)}
    assert {("el-toro", "round-over"), ("haggis", "round-over")} <= lowered
    assert not events(state, "split", 2)
    assert state.round == 3 and state.view("spectator")["grenade"] == "used"
    assert set(pot_before) <= set(state.pot) and len(state.pot) == 10


def test_amb_25_a_grenade_with_nobody_standing_is_used_up_and_ends_the_round():
    state = adv(4, {"tino": "crazy"}, shown=["crazy"])
    play(
        state,
        {
            "load": {"tino": "load:bbb", "el-toro": "load:bbb"},
            "aim": {"tino": "aim:el-toro", "el-toro": "aim:tino"},
            "courage": {"lotus": "hide", "mr-black": "hide"},
        },
    )
    assert events(state, "grenade", 1)[0]["victims"] == []
    assert state.grenade == 2 and not events(state, "split", 1)


def test_amb_26_the_grenade_goes_off_even_if_the_wound_kills_the_crazy():
    state = adv(4, {"tino": "crazy"}, shown=["crazy"], wounds={"tino": 2})
    play(state, {"load": {"el-toro": "load:bbb"}, "aim": {"el-toro": "aim:tino"}})
    assert not player(state, "tino")["alive"]
    assert events(state, "grenade", 1)[0]["victims"] == ["el-toro", "lotus", "mr-black"]


def test_a_grenade_set_off_in_phase_6_ends_the_round_before_the_split():
    state = adv(4, {"tino": "crazy"}, shown=["crazy"])
    play(
        state,
        {
            "load": {"el-toro": "load:bang", "lotus": "load:bang"},
            "aim": {"el-toro": "aim:tino", "lotus": "aim:mr-black"},
        },
    )
    # Lotus's Bang! and El Toro's land together; then everyone still standing is hit.
    assert events(state, "grenade", 1)[0]["victims"] == ["el-toro", "lotus"]
    assert [player(state, s)["wounds"] for s in state.seats] == [1, 1, 1, 1]
    assert not events(state, "split", 1)


def test_the_grenade_stays_armed_while_the_crazy_hides_or_is_missed():
    state = adv(4, {"tino": "crazy"}, shown=["crazy"])
    play(
        state,
        {
            "load": {"el-toro": "load:bang"},
            "aim": {"el-toro": "aim:tino"},
            "courage": {"tino": "hide"},
        },
    )
    assert state.view("spectator")["grenade"] == "armed" and not events(state, "grenade")


def test_the_crazy_may_reveal_in_the_aim_step_and_after_the_aims_are_shown():
    state = adv(4, {"tino": "crazy"})
    play(state, until="aim")
    assert "reveal:crazy" in state.legal_actions("tino")
    state2 = state.clone()
    state2.apply("tino", "reveal:crazy")
    assert "tino" in state2.to_act() and "reveal:crazy" not in state2.legal_actions("tino")
    play(state, until="crazy-window")
    assert state.aims_revealed
    assert state.legal_actions("tino") == ("pass", "reveal:crazy")
    state.apply("tino", "reveal:crazy")
    assert state.view("spectator")["grenade"] == "armed"


def test_the_crazy_cannot_reveal_after_phase_3():
    state = adv(4, {"tino": "crazy"})
    play(state, until="courage")
    assert state.legal_actions("tino") == ("hide", "stay")
    play(state, until="specialist-window")
    assert state.legal_actions("tino") == ("pass",)


# #6 Kid and #7 Sly ----------------------------------------------------------------------------


def test_checklist_12_the_kid_aims_after_the_reveal_then_the_sly_loads():
    state = adv(5, {"tino": "kid", "el-toro": "sly"})
    answer(state, {"tino": ["reveal:kid", "load:bang"], "el-toro": "reveal:sly"})
    # The revealed Sly left the loading step without loading.
    assert player(state, "el-toro")["guns"][0]["state"] == "empty"
    play(state, until="aim")
    # The Kid does not aim with the others.
    assert state.to_act() == ("el-toro", "lotus", "mr-black", "haggis")
    answer(state, {"lotus": "aim:tino", "el-toro": "aim:lotus"})
    assert state.step_name() == "kid-aim" and state.to_act() == ("tino",)
    view = state.view("tino")
    # He sees every other aim before choosing.
    assert {p["seat"]: p["guns"][0]["target"] for p in view["players"]} == {
        "tino": None,
        "el-toro": "lotus",
        "lotus": "tino",
        "mr-black": "none",
        "haggis": "none",
    }
    state.apply("tino", "aim:lotus")
    assert state.step_name() == "sly-load" and state.to_act() == ("el-toro",)
    # The Sly sees the Kid's aim too.
    assert player(state, "tino", "el-toro")["guns"][0]["target"] == "lotus"
    assert state.legal_actions("el-toro") == ("load:bbb", "load:bang", "load:click")
    state.apply("el-toro", "load:bbb")
    play(state)
    fired = {(e["seat"], e["card"], e["target"]) for e in events(state, "fire", 1)}
    assert ("el-toro", "bbb", "lotus") in fired and ("tino", "bang", "lotus") in fired


def test_checklist_12_a_sly_revealing_after_loading_gets_his_card_back():
    state = adv(4, {"el-toro": "sly"})
    answer(state, {"el-toro": "load:bbb"})
    assert state.step_name() == "reveal-window"
    assert player(state, "el-toro")["hand_size"] == [7]
    state.apply("el-toro", "reveal:sly")
    assert player(state, "el-toro")["hand_size"] == [8]
    assert state.view("el-toro")["me"]["hand"] == [{"bbb": 1, "bang": 2, "click": 5}]
    assert events(state, "card-returned", 1) == [
        {"type": "card-returned", "round": 1, "seat": "el-toro"}
    ]
    play(state, until="sly-load")
    assert state.to_act() == ("el-toro",)
    state.apply("el-toro", "load:bang")
    assert player(state, "el-toro")["hand_size"] == [7]


def test_a_sly_revealing_as_the_last_loader_ends_the_loading_step():
    state = adv(4, {"mr-black": "sly"})
    answer(state, {"mr-black": "reveal:sly"})
    assert state.step_name() == "reveal-window"
    assert player(state, "mr-black")["guns"][0]["state"] == "empty"
    assert [player(state, s)["guns"][0]["placed"] for s in ("tino", "el-toro", "lotus")] == [
        True,
        True,
        True,
    ]


def test_kid_and_sly_are_permanent_and_must_reveal_before_phase_3():
    state = adv(4, {"tino": "kid", "el-toro": "sly"})
    play(state, until="aim")
    assert "reveal:kid" not in state.legal_actions("tino")
    state = adv(4, {"tino": "kid", "el-toro": "sly"})
    answer(state, {"tino": ["reveal:kid", "load:click"], "el-toro": "reveal:sly"})
    play(state)
    assert state.round == 2
    # Round 2: the Sly does not load with the others, the Kid does not aim with them.
    assert "el-toro" not in state.to_act() and "tino" in state.to_act()
    play(state, until="aim")
    assert "tino" not in state.to_act() and "el-toro" in state.to_act()
    play(state, until="kid-aim")
    assert state.to_act() == ("tino",)
    play(state, until="sly-load")
    assert state.to_act() == ("el-toro",)


def test_a_revealed_kid_who_dies_no_longer_has_a_kid_aim_step():
    state = adv(4, {"tino": "kid"}, shown=["kid"], wounds={"tino": 2})
    play(
        state,
        {
            "load": {"el-toro": "load:bbb"},
            "aim": {"el-toro": "aim:tino"},
            "kid-aim": {"tino": "aim:none"},
        },
    )
    assert not player(state, "tino")["alive"]
    steps = []
    while state.round == 2:
        steps.append(answer(state))
    assert "kid-aim" not in steps


# #3 You Won't Need It Anymore -------------------------------------------------------------------


def _double_first_death() -> CashNGunsState:
    state = adv(6, {"tino": "you-wont-need-it"}, round_=3, wounds={"lotus": 2, "mr-black": 2})
    play(
        state,
        {
            "load": {"el-toro": "load:bbb", "haggis": "load:bbb"},
            "aim": {"el-toro": "aim:lotus", "haggis": "aim:mr-black"},
        },
        until="phase5-window",
    )
    return state


def test_checklist_13_two_first_deaths_at_once_the_holder_chooses():
    state = _double_first_death()
    assert not player(state, "lotus")["alive"] and not player(state, "mr-black")["alive"]
    assert state.to_act() == ("tino", "el-toro", "haggis", "igor")
    assert state.legal_actions("tino") == ("pass", "claim:lotus", "claim:mr-black")
    assert state.legal_actions("el-toro") == ("pass",)
    state.apply("tino", "claim:mr-black")
    assert ("tino", "you-wont-need-it") in reveals(state)
    tino = player(state, "tino")
    # Mr. Black died in round 3: 5 unused cards, one per round left.
    assert tino["hand_size"] == [5, 5] and len(tino["guns"]) == 2
    assert tino["guns"][1]["state"] == "empty"  # the second gun works from the next round
    assert state.view("spectator")["claim"] == {
        "seat": "tino", "from": "mr-black", "round": 3, "cards": 5,
    }  # fmt: skip
    me = state.view("tino")["me"]
    assert sum(me["hand"][1].values()) == 5 and me["claimed_cards"] == me["hand"][1]
    play(state)
    assert state.round == 4
    # Round 4: one card from each hand, one target per gun.
    legal = state.legal_actions("tino")
    assert all(a.count("/") == 1 for a in legal)
    hand2 = state.view("tino")["me"]["hand"][1]
    assert {a.split("/")[1] for a in legal} == {k for k, n in hand2.items() if n}
    answer(state, {"tino": next(a for a in legal if a.startswith("load:bang/"))})
    play(state, until="aim")
    assert "aim:el-toro/haggis" in state.legal_actions("tino")
    assert "aim:haggis/haggis" in state.legal_actions("tino")
    assert len(state.legal_actions("tino")) == 16  # 3 targets + none, per gun
    state.apply("tino", "aim:el-toro/haggis")
    play(state)
    assert state.round == 5
    # His card counts match the rounds left in both hands.
    assert player(state, "tino")["hand_size"] == [4, 4]


def test_amb_17_the_claim_is_lost_if_the_holder_passes_at_the_first_death():
    state = _double_first_death()
    play(state, until="phase6-window", rounds=1)
    assert state.view("spectator")["claim"] is None
    # A later death opens no claim.
    state = adv(5, {"tino": "you-wont-need-it"}, dead=["lotus"], wounds={"el-toro": 2})
    play(
        state,
        {"load": {"haggis": "load:bbb"}, "aim": {"haggis": "aim:el-toro"}},
        until="phase5-window",
    )
    assert not player(state, "el-toro")["alive"]
    # The window is open (a BBB fired and the Specialist is unused), but offers no claim.
    assert state.step_name() == "phase5-window" and state.legal_actions("tino") == ("pass",)


def test_amb_17_a_holder_who_dies_in_the_first_death_phase_loses_the_claim():
    state = adv(4, {"tino": "you-wont-need-it"}, wounds={"tino": 2, "lotus": 2})
    play(
        state,
        {
            "load": {"el-toro": "load:bbb", "mr-black": "load:bbb"},
            "aim": {"el-toro": "aim:tino", "mr-black": "aim:lotus"},
        },
        until="phase5-window",
    )
    assert state.to_act() == ("el-toro", "mr-black")
    assert state.legal_actions("el-toro") == ("pass",)


def test_a_first_death_in_phase_6_opens_the_claim_after_phase_6():
    state = adv(4, {"tino": "you-wont-need-it"}, round_=2, wounds={"lotus": 2})
    play(
        state,
        {"load": {"el-toro": "load:bang"}, "aim": {"el-toro": "aim:lotus"}},
        until="phase6-window",
    )
    assert state.step_name() == "phase6-window" and not player(state, "lotus")["alive"]
    assert state.legal_actions("tino") == ("pass", "claim:lotus")
    state.apply("tino", "claim:lotus")
    assert events(state, "claim", 2) == [
        {"type": "claim", "round": 2, "seat": "tino", "from": "lotus", "cards": 6}
    ]
    play(state)
    assert state.round == 3 and player(state, "tino")["hand_size"] == [6, 6]


def test_a_two_gun_player_who_hides_takes_one_shame_and_discards_both_cards():
    state = _double_first_death()
    state.apply("tino", "claim:lotus")
    play(state)
    play(state, {"courage": {"tino": "hide"}})
    tino = player(state, "tino")
    assert tino["shame"] == 1
    assert {
        (e["gun"], e["reason"]) for e in events(state, "lowered", 4) if e["seat"] == "tino"
    } == {
        (1, "hid"),
        (2, "hid"),
    }


def test_a_two_gun_player_hit_in_phase_5_still_fires_his_bbb_and_loses_the_other_card():
    state = _double_first_death()
    state.apply("tino", "claim:lotus")
    play(state)
    hand2 = state.view("tino")["me"]["hand"][1]
    second = "bang" if hand2["bang"] else "click"
    play(
        state,
        {
            "load": {"tino": f"load:bbb/{second}", "igor": "load:bbb"},
            "aim": {"tino": "aim:el-toro/haggis", "igor": "aim:tino"},
        },
    )
    fired = [(e["seat"], e["gun"], e["card"]) for e in events(state, "fire", 4)]
    assert ("tino", 1, "bbb") in fired and ("igor", 1, "bbb") in fired
    assert all(not (s == "tino" and g == 2) for s, g, _ in fired)
    lowered = {(e["seat"], e["gun"], e["reason"]) for e in events(state, "lowered", 4)}
    assert ("tino", 2, "hit") in lowered
    assert player(state, "tino")["wounds"] == 1 and player(state, "el-toro")["wounds"] == 1


# #4 Dragon Skin and #2 Invincible -----------------------------------------------------------------


def test_checklist_14_dragon_skin_a_bbb_and_a_bang_give_one_wound():
    state = adv(4, {"tino": "dragon-skin"})
    play(
        state,
        {
            "load": {"el-toro": "load:bbb", "lotus": "load:bang"},
            "aim": {"el-toro": "aim:tino", "lotus": "aim:tino"},
        },
    )
    tino = player(state, "tino")
    assert tino["wounds"] == 1 and tino["ability"] == "dragon-skin"
    assert ("tino", "dragon-skin") in reveals(state)


def test_dragon_skin_reveals_only_on_a_second_bullet_and_caps_every_later_round():
    state = adv(4, {"tino": "dragon-skin"})
    play(state, {"load": {"el-toro": "load:bang"}, "aim": {"el-toro": "aim:tino"}})
    assert player(state, "tino")["wounds"] == 1 and player(state, "tino")["ability"] is None
    play(
        state,
        {
            "load": {"el-toro": "load:bbb", "lotus": "load:bbb", "mr-black": "load:bang"},
            "aim": {"el-toro": "aim:tino", "lotus": "aim:tino", "mr-black": "aim:tino"},
        },
    )
    assert player(state, "tino")["wounds"] == 2 and player(state, "tino")["alive"]
    play(
        state,
        {
            "load": {"lotus": "load:bang", "mr-black": "load:bang"},
            "aim": {"lotus": "aim:tino", "mr-black": "aim:tino"},
        },
    )
    assert player(state, "tino")["wounds"] == 3 and not player(state, "tino")["alive"]


def test_checklist_14_invincible_survives_with_three_wounds_and_dies_at_four():
    state = adv(4, {"tino": "invincible"}, wounds={"tino": 2})
    play(state, {"load": {"el-toro": "load:bang"}, "aim": {"el-toro": "aim:tino"}})
    tino = player(state, "tino")
    assert tino["alive"] and tino["wounds"] == 3 and tino["ability"] == "invincible"
    play(state, {"load": {"lotus": "load:bang"}, "aim": {"lotus": "aim:tino"}})
    assert not player(state, "tino")["alive"]


def test_invincible_reveals_and_dies_when_the_third_and_fourth_wounds_come_together():
    state = adv(4, {"tino": "invincible"}, wounds={"tino": 2})
    play(
        state,
        {
            "load": {"el-toro": "load:bbb", "lotus": "load:bbb"},
            "aim": {"el-toro": "aim:tino", "lotus": "aim:tino"},
        },
    )
    assert not player(state, "tino")["alive"]
    assert ("tino", "invincible") in reveals(state)


# #9 Specialist ------------------------------------------------------------------------------------


def test_specialist_takes_back_his_fired_bbb_and_discards_an_unused_card_face_down():
    state = adv(4, {"tino": "specialist"})
    play(state, {"load": {"tino": "load:bbb"}, "aim": {"tino": "aim:lotus"}}, until="phase5-window")
    assert state.to_act() == state.seats
    assert state.legal_actions("tino") == ("pass", "specialist:bang", "specialist:click")
    state.apply("tino", "specialist:bang")
    me = state.view("tino")["me"]
    assert me["hand"] == [{"bbb": 1, "bang": 1, "click": 5}]
    tino = player(state, "tino")
    assert tino["hand_size"] == [7] and tino["ability"] == "specialist"
    assert tino["spent_revealed"] == [
        {"round": 1, "gun": 1, "card": "bbb", "fired": True, "taken_back": True}
    ]
    # The replacement is discarded face down: which card it was stays his secret.
    assert tino["spent_face_down"] == [{"round": 1, "gun": 1}]
    for seat in ("el-toro", "spectator"):
        assert "specialist:bang" not in str(state.view(seat))
    # Once per game: his next BBB opens no window.
    play(state)
    play(state, {"load": {"tino": "load:bbb"}, "aim": {"tino": "aim:el-toro"}})
    assert player(state, "tino")["hand_size"] == [6]


def test_amb_18_specialist_may_take_back_a_bbb_discarded_unfired_in_phase_4():
    state = adv(4, {"tino": "specialist"})
    play(
        state,
        {"load": {"tino": "load:bbb"}, "aim": {"tino": "aim:lotus"}, "courage": {"lotus": "hide"}},
        until="specialist-window",
    )
    assert state.legal_actions("tino") == ("pass", "specialist:bang", "specialist:click")
    state.apply("tino", "specialist:click")
    assert state.view("tino")["me"]["hand"] == [{"bbb": 1, "bang": 2, "click": 4}]
    assert player(state, "tino")["spent_revealed"] == [
        {"round": 1, "gun": 1, "card": "bbb", "fired": False, "taken_back": True}
    ]


def test_amb_18_specialist_may_take_back_his_bbb_when_he_hid_himself():
    state = adv(4, {"tino": "specialist"})
    play(
        state,
        {"load": {"tino": "load:bbb"}, "aim": {"tino": "aim:lotus"}, "courage": {"tino": "hide"}},
        until="specialist-window",
    )
    assert state.legal_actions("tino") == ("pass", "specialist:bang", "specialist:click")


def test_amb_18_specialist_may_not_take_back_a_bbb_he_aimed_at_nobody():
    """Aiming at nobody costs nothing: taking that BBB back would let him keep it at will."""
    state = adv(4, {"tino": "specialist"})
    play(
        state,
        {"load": {"tino": "load:bbb"}, "aim": {"tino": "aim:none"}},
        until="specialist-window",
    )
    assert [e["reason"] for e in events(state, "lowered") if e["seat"] == "tino"] == ["no-target"]
    assert state.legal_actions("tino") == ("pass",)
    illegal(state, "tino", "specialist:click")
    # Nobody else's answer changes that, and the BBB is spent for good.
    play(state)
    assert state.view("tino")["me"]["hand"] == [{"bbb": 0, "bang": 2, "click": 5}]


def test_amb_18_a_bbb_aimed_at_nobody_by_a_specialist_who_hid_may_come_back():
    """He paid for it with a shame token and his share: hiding is what counts."""
    state = adv(4, {"tino": "specialist"})
    play(
        state,
        {"load": {"tino": "load:bbb"}, "aim": {"tino": "aim:none"}, "courage": {"tino": "hide"}},
        until="specialist-window",
    )
    assert state.legal_actions("tino") == ("pass", "specialist:bang", "specialist:click")


def test_amb_18_the_unfired_recovery_can_be_switched_off():
    state = adv(4, {"tino": "specialist"}, options={"specialist_recover_unfired": False})
    answers = {
        "load": {"tino": "load:bbb"},
        "aim": {"tino": "aim:lotus"},
        "courage": {"lotus": "hide"},
    }
    steps = []
    while state.round == 1:
        steps.append(answer(state, answers.get(state.step_name())))
    assert "specialist-window" not in steps and "phase5-window" not in steps
    assert state.view("tino")["me"]["hand"] == [{"bbb": 0, "bang": 2, "click": 5}]


def test_specialist_cannot_swap_with_no_other_unused_card():
    state = adv(4, {"tino": "specialist"}, round_=8, hands={"tino": {"bbb": 1}})
    play(state, {"load": {"tino": "load:bbb"}, "aim": {"tino": "aim:lotus"}}, until="phase5-window")
    assert state.legal_actions("tino") == ("pass",)


# #10 Doesn't Even Hurt! ---------------------------------------------------------------------------


def test_doesnt_even_hurt_lets_a_hider_share_the_split():
    state = adv(4, {"tino": "doesnt-even-hurt"}, pot=[10_000] * 4 + [5_000])
    play(state, {"courage": {"tino": "hide"}}, until="unhurt-window")
    assert state.legal_actions("tino") == ("pass", "unhurt")
    assert state.legal_actions("lotus") == ("pass",)
    state.apply("tino", "unhurt")
    play(state)
    split = events(state, "split", 1)[0]
    assert [s["seat"] for s in split["shares"]] == ["tino", "el-toro", "lotus", "mr-black"]
    assert player(state, "tino")["shame"] == 1  # he keeps the shame he took
    # Once per game.
    steps = []
    while state.round == 2:
        steps.append(answer(state, {"tino": "hide"} if state.step_name() == "courage" else None))
    assert "unhurt-window" not in steps


def test_doesnt_even_hurt_needs_the_holder_down_and_is_not_offered_in_a_grenade_round():
    state = adv(4, {"tino": "doesnt-even-hurt", "lotus": "crazy"}, shown=["crazy"])
    play(state, until="unhurt-window")
    assert state.legal_actions("tino") == ("pass",)
    play(state)
    play(
        state,
        {"load": {"tino": "load:bbb"}, "aim": {"tino": "aim:lotus"}},
        until="unhurt-window",
    )
    assert state.round == 3  # the grenade ended round 2 without a Phase 7


# #1 Six Feet Under and #8 Coward ------------------------------------------------------------------


def test_six_feet_under_scores_10000_per_dead_character_and_is_shown_at_the_end():
    state = adv(
        5,
        {"tino": "six-feet-under", "el-toro": "coward"},
        round_=8,
        dead=["haggis", "mr-black"],
        shame={"el-toro": 2},
        pot=[20_000, 10_000, 10_000, 5_000, 5_000],
    )
    play(state, {"courage": {"lotus": "hide"}})
    assert state.is_over()
    scores = state.view("spectator")["scores"]
    split = events(state, "split", 8)[0]["share"]
    assert scores["tino"] == split + 20_000
    assert scores["el-toro"] == split + 10_000  # Coward: +$5,000 per shame token (AMB-11)
    assert scores["lotus"] == -5_000
    shown = {p["seat"]: p["ability"] for p in state.view("spectator")["players"]}
    assert shown["tino"] == "six-feet-under" and shown["el-toro"] == "coward"
    assert state.winner_seats() == ("tino",)


def test_amb_11_the_coward_still_loses_the_fewer_shame_tie_break():
    state = adv(
        4,
        {"tino": "coward"},
        round_=8,
        money={"tino": 40_000, "el-toro": 50_000},
        shame={"tino": 2},
    )
    play(state)
    scores = state.view("spectator")["scores"]
    assert scores["tino"] == scores["el-toro"] == 50_000
    assert state.winner_seats() == ("el-toro",)


def test_other_abilities_may_stay_secret_at_the_end():
    state = adv(4, {"tino": "kid", "el-toro": "coward"}, round_=8)
    play(state)
    shown = {p["seat"]: p["ability"] for p in state.view("lotus")["players"]}
    assert shown["tino"] is None and shown["el-toro"] == "coward"


@pytest.mark.parametrize("first_game", [True, False])
def test_first_game_pool_decides_which_windows_exist(first_game):
    state = new({"players": 4, "advanced": True, "first_game": first_game}, 3)
    steps = set()
    while state.round == 1:
        steps.add(answer(state))
    assert ("specialist-window" in steps) is (not first_game)
    assert ("unhurt-window" in steps) is (not first_game)


def test_abilities_cannot_be_used_outside_their_window():
    state = adv(4, {"tino": "kid", "el-toro": "specialist", "lotus": "doesnt-even-hurt"})
    for seat, action in (
        ("tino", "specialist:bang"),
        ("el-toro", "reveal:kid"),
        ("lotus", "unhurt"),
    ):
        err = illegal(state, seat, action)
        assert "ability" in str(err) and "load:click" in str(err)
