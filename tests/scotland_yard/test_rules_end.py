"""End of the game: capture, Mr. X trapped, time and immobilised hunters (spec 11)."""

from __future__ import annotations

from collections import Counter

import pytest

from getaway.core import NotYourTurnError
from tests.scotland_yard.helpers import craft, destination, drive, new

FAR = {"d1": 13, "d2": 26, "d3": 29, "p1": 34}
TAXI_ONLY_NO_TAXI = [[0, 8, 4]] * 5


def test_edge_02_detective_captures_hidden_mrx():
    """Spec 13.2 and D1: a detective moving onto hidden Mr. X captures him."""
    state = craft(mrx=107, hunters={**FAR, "d1": 106}, turns=["taxi:107"], phase="detectives")
    assert state.view("d1")["mrx_visible"] is False
    state.apply("d1", "d1:taxi:107")
    assert state.is_over()
    assert state.winner() == "detectives" and state.end_reason == "capture"
    assert state.returns() == {"mrx": -1.0, "d1": 1.0, "d2": 1.0, "d3": 1.0}
    assert state.view("spectator")["mrx_visible"] is True


def test_edge_02_police_piece_captures_hidden_mrx():
    """Spec 13.2: any hunter, detective or police, may capture."""
    state = craft(mrx=107, hunters={**FAR, "p1": 106}, turns=["taxi:107"], phase="detectives")
    state.apply("d2", "p1:107")
    assert state.winner() == "detectives" and state.end_reason == "capture"


def test_edge_03_hunter_captures_revealed_mrx():
    """Spec 13.3: moving onto the surfaced Mr. X is a capture."""
    state = craft(
        mrx=107,
        hunters={**FAR, "d2": 119},
        turns=["taxi:107", "taxi:106", "taxi:107"],
        phase="detectives",
    )
    assert state.view("d2")["mrx_visible"] is True
    assert "d2:taxi:107" in state.legal_actions("d2")
    state.apply("d2", "d2:taxi:107")
    assert state.winner() == "detectives" and state.end_reason == "capture"


def test_d1_capture_ends_the_game_at_once_mid_phase():
    """Spec 11 D1: the capture ends the game even in the middle of the detectives' phase."""
    state = craft(mrx=107, hunters={**FAR, "d1": 106}, turns=["taxi:107"], phase="detectives")
    state.apply("d1", "d1:taxi:107")
    assert state.to_act() == ()
    assert state.moved == 1 << 1  # nobody else moved
    for seat in ("mrx", "d1", "d2", "d3"):
        assert state.legal_actions(seat) == ()
        with pytest.raises(NotYourTurnError, match="the game is over"):
            state.apply(seat, "d2:taxi:27")


def test_d2_mrx_trapped_by_hunters_loses():
    """Spec 11 D2: every neighbouring station occupied at the start of his turn."""
    state = craft(
        mrx=106,
        hunters={"d1": 105, "d2": 119, "d3": 29, "p1": 34},
        turns=["taxi:106"],
        phase="detectives",
        moved=["d1", "d3", "p1"],
    )
    assert state.to_act() == ("d2",)
    state.apply("d2", "d2:taxi:107")
    assert state.is_over()
    assert state.winner() == "detectives" and state.end_reason == "mrx-trapped"
    assert state.round == 2


def test_d2_is_checked_only_at_the_start_of_his_turn():
    """Spec 11 (evaluation order): a trap formed mid-phase may still open up again."""
    state = craft(
        mrx=106,
        hunters={"d1": 105, "d2": 119, "d3": 29, "p1": 34},
        turns=["taxi:106"],
        phase="detectives",
    )
    state.apply("d2", "d2:taxi:107")
    assert not state.is_over()
    state.apply("d1", "d1:taxi:89")
    state.apply("d3", "d3:taxi:16")
    state.apply("d3", "p1:22")
    assert not state.is_over() and state.to_act() == ("mrx",)
    assert {"taxi:105", "black:105"} <= set(state.legal_actions("mrx"))


def test_edge_05_no_single_move_means_no_double_and_d2():
    """Spec 13.5: with no legal single move, no double move exists either: D2."""
    state = craft(
        mrx=106,
        hunters={"d1": 105, "d2": 119, "d3": 29, "p1": 34},
        turns=["taxi:106"],
        phase="detectives",
        moved=["d1", "d3", "p1"],
    )
    assert state.doubles == 2
    state.apply("d2", "d2:taxi:107")
    assert state.end_reason == "mrx-trapped"
    assert state.legal_actions("mrx") == ()


def test_a4_mrx_loses_when_he_cannot_pay_for_any_free_edge():
    """Spec A4 and D2: free neighbours but no taxi in the supply and no black ticket."""
    turns = ["black:91", "black:105", "black:91", "black:105", "black:106", "taxi:107", "taxi:106"]
    hunters = {"d1": 13, "d2": 29, "d3": 34, "d4": 94, "d5": 123}
    state = craft(
        {"players": 6},
        mrx=106,
        hunters=hunters,
        turns=turns,
        phase="detectives",
        moved=["d1", "d2", "d3", "d4"],
    )
    assert state.supply[0] == 0 and state.black == 0
    state.apply("d5", "d5:bus:122")  # a bus ticket enters the supply, no taxi
    assert state.winner() == "detectives" and state.end_reason == "mrx-trapped"


def test_a4_mrx_with_one_black_ticket_left_is_not_trapped():
    """Spec A4: a black ticket may always replace a missing ordinary one."""
    turns = ["black:91", "black:105", "black:91", "taxi:105", "black:107", "taxi:106"]
    hunters = {"d1": 13, "d2": 29, "d3": 34, "d4": 94, "d5": 123}
    state = craft(
        {"players": 6},
        mrx=106,
        hunters=hunters,
        turns=turns,
        phase="detectives",
        moved=["d1", "d2", "d3", "d4"],
    )
    state.apply("d5", "d5:bus:122")
    assert not state.is_over()
    singles = {a for a in state.legal_actions("mrx") if a != "double"}
    assert singles == {"black:105", "black:107"}


def test_x1_mrx_wins_when_round_22_ends():
    """Spec 11 X1: no capture by the end of round 22."""
    turns = ["taxi:107", "taxi:106"] * 11
    state = craft(mrx=106, hunters=FAR, turns=turns, phase="detectives", moved=["d1", "d2", "d3"])
    assert state.round == 22
    state.apply("d1", "p1:22")
    assert state.winner() == "mrx" and state.end_reason == "time"
    assert state.returns() == {"mrx": 1.0, "d1": -1.0, "d2": -1.0, "d3": -1.0}


def test_x1_last_round_ends_only_when_all_detectives_have_moved():
    """Rulebook: the last round ends when all detectives have made their move."""
    turns = ["taxi:107", "taxi:106"] * 10 + ["taxi:107"]
    state = craft(mrx=107, hunters=FAR, turns=turns, start=106)
    assert state.round == 22
    state.apply("mrx", "taxi:106")
    for seat, action in (("d1", "d1:taxi:4"), ("d2", "d2:taxi:27"), ("d3", "d3:taxi:16")):
        assert not state.is_over()
        state.apply(seat, action)
    assert not state.is_over() and state.to_act() == ("d1", "d2", "d3")
    state.apply("d3", "p1:22")
    assert state.winner() == "mrx" and state.end_reason == "time"


def test_edge_16_capture_in_round_22_wins_for_detectives():
    """Spec 13.16: a capture in round 22's detectives' phase still wins; X1 comes after."""
    turns = ["taxi:107", "taxi:106"] * 11
    state = craft(
        mrx=106,
        hunters={**FAR, "d2": 105},
        turns=turns,
        phase="detectives",
        moved=["d1", "d3", "p1"],
    )
    assert state.round == 22
    state.apply("d2", "d2:taxi:106")
    assert state.winner() == "detectives" and state.end_reason == "capture"


def test_x1_a_full_game_lasts_at_most_22_rounds():
    """Spec 6: at most 22 rounds; the game ends after round 22's detectives' phase."""
    rounds: list[int] = []
    # Police counted for X2, so that the game goes on when the driver strands both detectives.
    options = {"players": 3, "x2_counts_police": True}
    state = drive(new(options, 6), after_mrx=lambda s: rounds.append(s.round))
    assert rounds == list(range(1, 23))
    assert state.end_reason == "time" and state.round == 22


def test_x2_hunters_immobilised_at_the_start_of_their_phase():
    """Spec 11 X2: Mr. X wins when no hunter can move after his move."""
    hunters = {"d1": 106, "d2": 104, "d3": 132, "d4": 2, "d5": 4}
    state = craft({"players": 6}, mrx=172, hunters=hunters, wallets=TAXI_ONLY_NO_TAXI)
    state.apply("mrx", "taxi:187")
    assert state.winner() == "mrx" and state.end_reason == "hunters-immobilised"
    assert state.to_act() == ()


def test_a3_x2_by_default_mrx_wins_when_no_detective_can_move():
    """Rulebook, end of the game: Mr. X wins when «ни один из сыщиков не может сделать ход»
    (none of the detectives can move); police are not detectives (decision A3)."""
    hunters = {"d1": 106, "d2": 104, "d3": 132, "p1": 46}
    state = craft(mrx=172, hunters=hunters, wallets=TAXI_ONLY_NO_TAXI[:3])
    assert state.options["x2_counts_police"] is False
    state.apply("mrx", "taxi:187")  # p1 could still move (next test), the detectives cannot
    assert state.winner() == "mrx" and state.end_reason == "hunters-immobilised"


def test_a3_x2_by_default_one_movable_detective_keeps_playing():
    """Decision A3: one detective who can move is enough to go on."""
    hunters = {"d1": 106, "d2": 104, "d3": 26, "p1": 46}
    wallets = [[0, 8, 4], [0, 8, 4], [1, 0, 0]]
    state = craft(mrx=172, hunters=hunters, wallets=wallets)
    state.apply("mrx", "taxi:187")
    assert not state.is_over()
    assert state.to_act() == ("d1", "d2", "d3")


def test_a3_x2_counts_police_true_stuck_detectives_play_on_with_the_police():
    """The flag x2_counts_police=true keeps the other reading: Mr. X wins only when no
    hunter, police included, can move."""
    hunters = {"d1": 106, "d2": 104, "d3": 132, "p1": 46}
    options = {"x2_counts_police": True}
    state = craft(options, mrx=172, hunters=hunters, wallets=TAXI_ONLY_NO_TAXI[:3])
    state.apply("mrx", "taxi:187")
    assert not state.is_over()
    assert state.to_act() == ("d1", "d2", "d3")
    assert {a.split(":")[0] for a in state.legal_actions("d1")} == {"p1"}


def test_a3_x2_counts_police_true_all_hunters_stuck_ends_the_game():
    """x2_counts_police=true: with no police piece (6 players) and every detective stuck,
    Mr. X wins as well."""
    hunters = {"d1": 106, "d2": 104, "d3": 132, "d4": 2, "d5": 4}
    options = {"players": 6, "x2_counts_police": True}
    state = craft(options, mrx=172, hunters=hunters, wallets=TAXI_ONLY_NO_TAXI)
    state.apply("mrx", "taxi:187")
    assert state.winner() == "mrx" and state.end_reason == "hunters-immobilised"


def test_edge_15_x2_not_checked_mid_phase():
    """Spec 13.15 and A9: pieces stuck mid-phase skip; the round ends normally."""
    hunters = {"d1": 105, "d2": 104, "d3": 132, "d4": 2}
    wallets = [[11, 8, 4], [0, 8, 4], [0, 8, 4], [0, 8, 4]]
    state = craft({"players": 5}, mrx=172, hunters=hunters, wallets=wallets)
    state.apply("mrx", "taxi:187")
    assert state.to_act() == ("d1",)
    state.apply("d1", "d1:taxi:106")
    assert not state.is_over()
    assert state.round == 2 and state.to_act() == ("mrx",)


def test_edge_10_a_detective_never_runs_out_of_all_tickets():
    """Spec 13.10: 23 tickets for at most 22 moves; one ticket per move."""
    for players, seed in ((3, 0), (4, 1), (5, 2), (6, 3)):
        state = new({"players": players}, seed)
        moves: Counter[str] = Counter()
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if seat == "mrx":
                state.apply(seat, legal[-1])
                continue
            safe = [a for a in legal if destination(a) != state.pos[0]] or list(legal)
            state.apply(seat, safe[0])
            moves[safe[0].split(":")[0]] += 1
        assert state.end_reason == "time", (players, seed)
        for d in range(players - 1):
            piece = f"d{d + 1}"
            left = sum(state.wallets[d])
            assert left == 23 - moves[piece] >= 1, (players, seed, piece)
        assert max(moves[f"d{d + 1}"] for d in range(players - 1)) >= 18


def test_no_draws_and_no_payoff_before_the_end():
    """Spec 11: draws do not exist; each finished game has one winning side."""
    state = new({"players": 3}, 4)
    assert state.winner() is None
    assert state.returns() == {"mrx": 0.0, "d1": 0.0, "d2": 0.0}
    drive(state, rounds=3)
    assert state.winner() is None and not state.is_over()
    for players, seed in ((2, 0), (5, 1)):
        final = drive(new({"players": players}, seed))
        assert final.winner() in ("mrx", "detectives")
        assert sorted(final.returns().values())[0] == -1.0
        assert sum(v > 0 for v in final.returns().values()) in (1, players - 1)
