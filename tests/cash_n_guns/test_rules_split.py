"""Phase 7, the split, as the engine plays it (spec 4.1, AMB-4/5; checklist items 8 and 9).

The split arithmetic itself is tested in ``test_split.py``; here the engine must hand the pot
and the right participants to it, pay each participant his share, and leave the rest on the
table for the next round.
"""

from __future__ import annotations

import pytest

from tests.cash_n_guns.helpers import craft, events, play, player

K20, K10, K5 = 20_000, 10_000, 5_000
RULEBOOK_POT = [K20, K10, K10, K5, K5]


@pytest.mark.parametrize(
    ("pot", "participants", "share", "leftover"),
    [
        (RULEBOOK_POT, 3, 10_000, [K20]),
        (RULEBOOK_POT, 5, 0, [K20, K10, K10, K5, K5]),
        (RULEBOOK_POT, 4, 0, [K20, K10, K10, K5, K5]),
        (RULEBOOK_POT, 2, 25_000, []),
        (RULEBOOK_POT, 1, 50_000, []),
        ([K20, K20, K5, K5, K5], 3, 5_000, [K20, K20]),
        ([K20, K10, K10, K10, K10, K5, K5], 3, 20_000, [K5, K5]),
        ([K20, K10, K10, K10], 2, 20_000, [K10]),
    ],
)
def test_checklist_08_the_split_table(pot, participants, share, leftover):
    # Round 2, so that the pot may hold more than 5 notes (the deck holds 30).
    state = craft({"players": 6}, round_=2, pot=pot)
    hiders = state.seats[participants:]
    play(state, {"courage": dict.fromkeys(hiders, "hide")})
    split = events(state, "split", 2)[0]
    assert split["share"] == share
    assert split["leftover"] == leftover
    takers = list(state.seats[:participants]) if share else []
    assert [s["seat"] for s in split["shares"]] == takers
    for s in split["shares"]:
        assert sum(s["notes"]) == share
    for seat in state.seats:
        assert player(state, seat)["money"] == (share if seat in takers else 0)
    # What was not handed out is still on the table, with next round's 5 new notes.
    drawn = events(state, "round", 3)[0]["notes"]
    assert state.pot == sorted(leftover + drawn, reverse=True)


def test_checklist_09_leftover_notes_carry_over_into_the_next_pot():
    state = craft({"players": 5}, pot=RULEBOOK_POT)
    play(state)  # 5 participants: nothing can be split
    assert events(state, "split", 1)[0]["share"] == 0
    assert len(state.pot) == 10
    view = state.view("spectator")
    assert sorted(view["pot"], reverse=True) == view["pot"]
    assert sum(view["pot"]) == 50_000 + sum(events(state, "round", 2)[0]["notes"])


def test_nobody_standing_means_the_whole_pot_stays():
    state = craft({"players": 4}, pot=RULEBOOK_POT)
    play(state, {"courage": dict.fromkeys(state.seats, "hide")})
    split = events(state, "split", 1)[0]
    assert split["share"] == 0 and split["shares"] == [] and split["leftover"] == RULEBOOK_POT
    assert state.view("spectator")["participants"] == []


def test_shares_are_dealt_in_seat_order_from_the_godfather():
    state = craft({"players": 4}, pot=[K20, K10, K10, K5, K5])
    play(state, {"courage": {"mr-black": "hide"}})
    shares = events(state, "split", 1)[0]["shares"]
    # All shares are equal; they are dealt from the Godfather clockwise.
    assert [s["seat"] for s in shares] == ["tino", "el-toro", "lotus"]
    assert [s["notes"] for s in shares] == [[K10], [K10], [K5, K5]]
