"""Final scoring with every tie-breaker (spec §14) and Costa's score (§16.6), with the
rulebook's example §21.6 #20 as a named test."""

from __future__ import annotations

from dataclasses import replace

import pytest

from getaway.games.escape_plan import load_content
from getaway.games.escape_plan.escape import Fate
from getaway.games.escape_plan.scoring import (
    FinalBoard,
    PileTile,
    ScoreSheet,
    ScoringError,
    contacts_counted,
    costa_sheet,
    final_result,
    pile_value,
    plan_money,
    score_sheet,
    solo_won,
)

CONTENT = load_content()
#: Card 6 is the rulebook's: Casino 100, Bar $, Restaurant 50, Gym 90, Nightclub 60,
#: Art Gallery $, Safe House 1 $, Safe House 2 80, Safe House 3 70.
BOARD = FinalBoard(
    plan=6,
    visited=(),
    cash=0,
    used_assets=0,
    contact_cards=0,
    handcuffs=0,
    bags=(),
    notoriety=1,
    red_wounds=0,
)


def test_example_20_scoring_contacts_wounds_and_assets():
    board = replace(BOARD, contact_cards=3, handcuffs=1, red_wounds=2, used_assets=3)
    sheet = score_sheet(CONTENT, board)
    assert contacts_counted(board) == 2
    assert sheet.contacts == 10
    assert sheet.wounds == -40
    assert sheet.assets == 30
    assert sheet.total == 10 - 40 + 30


def test_the_plan_scores_money_lines_only_by_group():
    visited = ("business:casino", "business:bar", "business:gym", "safe_house:1", "safe_house:3")
    money = plan_money(CONTENT, 6, visited)
    assert money == {"group_1": 100, "group_2": 90, "safe_houses": 70}


def test_a_full_score_sheet_adds_every_line():
    board = replace(
        BOARD,
        visited=("business:casino", "business:restaurant", "safe_house:2"),
        cash=23,
        used_assets=2,
        contact_cards=4,
        bags=(70, 20),
        notoriety=6,
        red_wounds=1,
    )
    sheet = score_sheet(CONTENT, board)
    assert sheet == ScoreSheet(
        safe_houses=80,
        group_1=150,
        group_2=0,
        cash=23,
        assets=20,
        contacts=60,
        bags=90,
        notoriety=-30,
        wounds=-20,
    )
    assert sheet.total == 80 + 150 + 23 + 20 + 60 + 90 - 30 - 20


@pytest.mark.parametrize(("cards", "bonus"), [(0, 0), (1, 0), (2, 10), (3, 30), (4, 60), (5, 100)])
def test_the_contact_set_bonus(cards, bonus):
    assert score_sheet(CONTENT, replace(BOARD, contact_cards=cards)).contacts == bonus


def test_more_handcuffs_than_cards_leaves_none():
    assert contacts_counted(replace(BOARD, contact_cards=1, handcuffs=3)) == 0


def test_bad_boards_are_refused_saying_what_is_allowed():
    with pytest.raises(ScoringError, match="a board holds 0 to 5 Contact cards; got 6"):
        score_sheet(CONTENT, replace(BOARD, contact_cards=6))
    with pytest.raises(ScoringError, match="no Escape Plan card 10; cards: 1, 2"):
        score_sheet(CONTENT, replace(BOARD, plan=10))
    with pytest.raises(ScoringError, match="visited must name each Business or Safe House once"):
        score_sheet(CONTENT, replace(BOARD, visited=("business:spa",)))
    with pytest.raises(ScoringError, match="red_wounds is 0 to 3; got 4"):
        score_sheet(CONTENT, replace(BOARD, red_wounds=4))
    with pytest.raises(ScoringError, match="cash is 0 or more; got -1"):
        score_sheet(CONTENT, replace(BOARD, cash=-1))


# --- winners and tie-breakers (§14 step 3) ---------------------------------------------------


def _result(boards: dict[str, FinalBoard], fates: dict[str, Fate] | None = None):
    return final_result(CONTENT, boards, fates or dict.fromkeys(boards, Fate.ESCAPED))


def test_the_highest_total_wins():
    result = _result({"ann": replace(BOARD, cash=10), "bob": replace(BOARD, bags=(20,))})
    assert result.winners == ("bob",) and not result.shared


def test_only_escapees_score_and_can_win():
    boards = {"ann": replace(BOARD, cash=90), "bob": replace(BOARD, cash=5)}
    result = _result(boards, {"ann": Fate.ARRESTED, "bob": Fate.ESCAPED})
    assert result.winners == ("bob",) and list(result.sheets) == ["bob"]
    stuck = _result(boards, {"ann": Fate.IN_CITY, "bob": Fate.ARRESTED})
    assert stuck.winners == () and stuck.sheets == {}


def test_tie_broken_by_most_cash():
    ann = replace(BOARD, cash=30)
    bob = replace(BOARD, cash=10, bags=(20,))
    assert _result({"ann": ann, "bob": bob}).winners == ("ann",)


def test_then_by_lowest_notoriety():
    # Both total 0: cash equal, ann's notoriety 2 costs 5 that her bag of 5 makes up.
    ann = replace(BOARD, notoriety=2, bags=(5,))
    bob = replace(BOARD, notoriety=1)
    assert _result({"ann": ann, "bob": bob}).winners == ("bob",)


def test_then_by_fewest_red_wounds():
    ann = replace(BOARD, red_wounds=1, bags=(20,))
    bob = replace(BOARD)
    assert _result({"ann": ann, "bob": bob}).winners == ("bob",)


def test_handcuffs_are_not_wounds_for_the_tie_break():
    ann = replace(BOARD, contact_cards=2, handcuffs=2, bags=(10,))
    bob = replace(BOARD, contact_cards=2)
    result = _result({"ann": ann, "bob": bob})
    assert result.winners == ("ann", "bob") and result.shared


def test_otherwise_the_tied_players_share_the_victory():
    result = _result({"ann": BOARD, "bob": BOARD, "cy": replace(BOARD, red_wounds=1)})
    assert result.winners == ("ann", "bob") and result.shared


def test_a_player_without_a_board_is_refused():
    with pytest.raises(ScoringError, match="no final board for bob"):
        final_result(CONTENT, {"ann": BOARD}, {"ann": Fate.ESCAPED, "bob": Fate.ESCAPED})


# --- Costa (§16.6) ---------------------------------------------------------------------------


def test_a_pile_scores_its_highest_tile():
    pile = [PileTile("locker:black", 70), PileTile("locker:black", 100)]
    assert pile_value(CONTENT, pile) == 100


def test_a_zero_tile_counts_as_the_highest_its_stack_holds():
    assert pile_value(CONTENT, [PileTile("locker:green", 0), PileTile("locker:green", 60)]) == 90
    assert pile_value(CONTENT, [PileTile("exit:X", 0)]) == 60
    store_d = [
        PileTile("locker:green", 60),
        PileTile("locker:black", 70),
        PileTile("locker:brown", 0),
    ]
    assert pile_value(CONTENT, store_d) == 120


def test_a_tile_its_stack_does_not_hold_is_refused():
    with pytest.raises(ScoringError, match=r"locker:green holds no \$55k tile"):
        pile_value(CONTENT, [PileTile("locker:green", 55)])


def test_costas_score_adds_plan_money_contacts_and_piles_minus_notoriety():
    sheet = costa_sheet(
        CONTENT,
        plan=6,
        visited=("business:casino", "business:bar", "safe_house:2"),
        contact_cards=3,
        piles=[[PileTile("exit:Y", 50), PileTile("exit:Y", 20)], [PileTile("locker:brown", 0)]],
        notoriety=3,
    )
    assert (sheet.buildings, sheet.contacts, sheet.bags, sheet.notoriety) == (180, 30, 170, -10)
    assert sheet.total == 370


def test_costas_contacts_are_capped_at_five():
    sheet = costa_sheet(CONTENT, 6, (), contact_cards=8, piles=[], notoriety=1)
    assert sheet.contacts == 100


def test_solo_the_player_must_escape_and_beat_costa_ties_lose():
    costa = costa_sheet(CONTENT, 6, ("business:casino",), 0, [], 1)
    level = score_sheet(CONTENT, replace(BOARD, cash=100))
    ahead = score_sheet(CONTENT, replace(BOARD, cash=101))
    assert not solo_won(level, costa)
    assert solo_won(ahead, costa)
    assert not solo_won(None, costa)
