"""Editions, options and variants (spec 14.2 and 14.3)."""

from __future__ import annotations

import pytest

from getaway.core import OptionsError
from tests.scotland_yard.helpers import CLASSIC_DECK, GAME, craft, drive, illegal, new

DEFAULTS = {
    "players": 4,
    "edition": "2014",
    "board": "2014",
    "start_cards": "2014",
    "max_rounds": 22,
    "log_fields": 24,
    "reveal_rule": "entries",
    "reveal_at": [3, 8, 13, 18, 24],
    "mrx_tickets": "supply",
    "pooled_tickets": True,
    "x2_counts_police": False,
}


def test_defaults_are_the_2014_rulebook():
    """Spec 14.2: every flag defaults to this rulebook's reading."""
    assert GAME.normalize_options({}) == DEFAULTS
    assert dict(new().options) == DEFAULTS


def test_classic_edition_sets_board_start_cards_and_a_24_field_log():
    """Spec 14.2/14.3: edition=classic defaults to the classic board and cards, and to a game
    as long as its 24-field travel log (at most 24 rounds: one per field)."""
    options = GAME.normalize_options({"edition": "classic"})
    assert options["board"] == "classic"
    assert options["start_cards"] == "classic"
    assert options["log_fields"] == 24
    assert options["max_rounds"] == 24


def test_each_edition_derives_its_other_limit_from_the_one_that_ends_it():
    """Decision C12: the 2014 game ends by rounds, its log holding every round and both
    double moves; the classic game ends by its log, lasting at most one round per field."""
    assert GAME.normalize_options({"max_rounds": 10})["log_fields"] == 12
    assert GAME.normalize_options({"edition": "classic", "log_fields": 20})["max_rounds"] == 20
    both = GAME.normalize_options({"edition": "classic", "log_fields": 20, "max_rounds": 15})
    assert (both["log_fields"], both["max_rounds"]) == (20, 15)
    normalized = GAME.normalize_options({"edition": "classic"})
    assert GAME.normalize_options(normalized) == normalized


def test_classic_edition_defaults_can_be_overridden_one_by_one():
    """Spec 14.2: board, start_cards and max_rounds are separate flags."""
    options = GAME.normalize_options({"edition": "classic", "board": "2014", "max_rounds": 22})
    assert (options["board"], options["start_cards"], options["max_rounds"]) == (
        "2014",
        "classic",
        22,
    )


def test_classic_board_has_the_13_14_taxi_edge():
    """SOURCES.md: the classic board has taxi 13-14, the 2014 board does not."""
    hunters = {"d1": 13, "d2": 26, "d3": 29, "p1": 34}
    for board, has_edge in (("2014", False), ("classic", True)):
        state = craft(
            {"board": board}, mrx=172, hunters=hunters, turns=["taxi:172"], phase="detectives"
        )
        assert ("d1:taxi:14" in state.legal_actions("d1")) is has_edge
        assert "d1:bus:14" in state.legal_actions("d1")


def test_classic_start_cards_are_18_shared_and_mrx_never_starts_on_a_hunter():
    """Spec 2.1/14.3: one deck of 18 for everybody, drawn without replacement."""
    drawn: set[int] = set()
    for players in range(2, 7):
        for seed in range(40):
            state = new({"edition": "classic", "players": players}, seed)
            assert len(set(state.pos)) == len(state.pos)
            assert set(state.pos) <= set(CLASSIC_DECK)
            drawn |= set(state.pos)
    assert drawn == set(CLASSIC_DECK)


def test_classic_start_candidates_exclude_the_hunters_start_stations():
    """Spec 12: Mr. X drew a card the hunters did not hold."""
    state = new({"edition": "classic", "players": 6}, 3)
    expected = set(CLASSIC_DECK) - set(state.pos[1:])
    assert set(state.view("d1")["possible_locations"]) == expected
    assert len(expected) == 13
    assert state.pos[0] in expected


def test_classic_game_lasts_24_rounds_and_reveals_entry_24_without_doubles():
    """Spec 14.3: 24 moves; reveals at 3, 8, 13, 18 and 24."""
    rounds: list[int] = []
    # Police counted for X2, so that the game goes on when the driver strands the detectives.
    classic = {"edition": "classic", "x2_counts_police": True}
    state = drive(new(classic, 2), after_mrx=lambda s: rounds.append(s.round))
    assert rounds == list(range(1, 25))
    assert state.end_reason == "time"
    log = state.view("spectator")["mrx_log"]
    assert len(log) == 24
    assert [e["entry"] for e in log if e["revealed"]] == [3, 8, 13, 18, 24]


def test_classic_game_ends_when_the_travel_log_is_full_so_a_double_move_shortens_it():
    """Decision C12: the classic game lasts 24 log entries; a double move writes two («2 поля
    для записи!»), so with one double move the game ends after round 23."""
    rounds: list[int] = []
    classic = {"edition": "classic", "x2_counts_police": True}
    state = drive(new(classic, 2), doubles_at=(5,), after_mrx=lambda s: rounds.append(s.round))
    assert rounds == list(range(1, 24))
    assert state.end_reason == "time" and state.round == 23 and len(state.log_ticket) == 24
    outcome = state.outcome()
    assert outcome is not None and outcome.facts["limit"] == "log"
    assert outcome.summary == (
        "Mr. X escaped: his travel log's 24 fields were used and round 23 ended without a capture"
    )


def _there_and_back(entries: int) -> list[str]:
    return ["taxi:107" if k % 2 else "taxi:106" for k in range(1, entries + 1)]


def test_classic_double_move_needs_two_free_log_fields():
    """Decision C12: with 23 of 24 fields used only a single ride fits the travel log."""
    hunters = {"d1": 13, "d2": 26, "d3": 29, "p1": 34}
    classic = {"edition": "classic"}
    state = craft(classic, mrx=107, hunters=hunters, turns=_there_and_back(23))
    assert state.doubles == 2 and state.round == 24
    assert "double" not in state.legal_actions("mrx")
    err = illegal(state, "mrx", "double")
    assert "only one free field" in str(err)
    err = illegal(state, "mrx", "double:taxi:106/taxi:107")
    assert "only one free field" in str(err)
    roomy = craft(classic, mrx=106, hunters=hunters, turns=_there_and_back(22))
    assert "double" in roomy.legal_actions("mrx")


def test_max_rounds_option_ends_the_game_on_time():
    """Spec 14.2 max_rounds: X1 applies after the configured round."""
    state = drive(new({"max_rounds": 5}, 1))
    assert state.end_reason == "time" and state.round == 5
    assert len(state.log_ticket) == 5


@pytest.mark.parametrize(
    "options",
    [
        {"colour": "red"},
        {"players": 7},
        {"players": 1},
        {"edition": "1983"},
        {"board": "london"},
        {"max_rounds": 0},
        {"log_fields": 33},
        {"log_fields": 0},
        {"reveal_rule": "sometimes"},
        {"reveal_at": [0]},
        {"reveal_at": 3},
        {"mrx_tickets": "none"},
        {"pooled_tickets": "maybe"},
        {"x2_counts_police": 2},
    ],
)
def test_bad_options_are_refused_with_a_clear_error(options):
    """Spec 14.2: options are validated; a bad one is named in the error."""
    with pytest.raises(OptionsError) as err:
        GAME.new_state(options, 0)
    assert next(iter(options)) in str(err.value)
