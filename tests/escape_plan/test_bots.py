"""The heuristic bot: it reads only the seat's view, never plays an illegal action, plays
toward its Escape Plan card, escapes when it can pay and keeps its pawn out of trouble."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

from getaway.core.rng import Rng
from getaway.games.escape_plan.bots import HeuristicBot, score
from getaway.games.escape_plan.bots_view import SeatView
from getaway.games.escape_plan.game import GAME, EscapePlanState
from tests.escape_plan.play import at_actions, new_game, play_until, random_step

BOT = HeuristicBot()

Chooser = Callable[[EscapePlanState, str, list[str], Rng], str]


def heuristic(state: EscapePlanState, seat: str, legal: list[str], rng: Rng) -> str:
    return BOT.choose(GAME, seat, state.view(seat), legal, rng)


def uniform(state: EscapePlanState, seat: str, legal: list[str], rng: Rng) -> str:
    return legal[rng.below(len(legal))]


def play(state: EscapePlanState, chooser: Chooser, seed: int, plies: int = 100_000) -> int:
    """Play ``chooser`` for every seat; the number of decisions taken."""
    rng = Rng(seed)
    taken = 0
    while not state.is_over() and taken < plies:
        seat = state.to_act()[0]
        legal = list(state.legal_actions(seat))
        action = chooser(state, seat, legal, rng)
        assert action in legal, (action, legal)
        state.apply(seat, action)
        taken += 1
    return taken


def test_the_game_offers_the_heuristic_bot() -> None:
    assert sorted(GAME.bots()) == ["heuristic"]
    assert GAME.bots()["heuristic"]().name == "heuristic"


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_heuristic_plays_seeded_games_to_the_end_with_legal_actions(players: int) -> None:
    for seed in range(3):
        state = new_game(players, seed)
        play(state, heuristic, seed)
        assert state.is_over()


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_heuristic_picks_legal_actions_among_random_players(players: int) -> None:
    """Seeded games where the heuristic plays one seat and the others play at random
    (``play.random_step``), so it meets positions its own play would not reach."""
    for seed in range(4):
        state = new_game(players, seed)
        mine = state.seats[seed % players]
        rng = Rng(100 + seed)
        while not state.is_over():
            seat = state.to_act()[0]
            if seat != mine:
                random_step(state, rng)
                continue
            legal = list(state.legal_actions(seat))
            action = BOT.choose(GAME, seat, state.view(seat), legal, rng)
            assert action in legal, (action, legal)
            state.apply(seat, action)


@pytest.mark.parametrize("players", [1, 3, 5])
def test_heuristic_plays_the_same_move_on_a_determinized_view(players: int) -> None:
    """It reads the view only: a sample of the world that view allows, seen from the same
    seat, gets the same move (same generator), at every kind of decision met."""
    state = new_game(players, seed=7)
    rng = Rng(11)
    checked = 0
    while not state.is_over():
        seat = state.to_act()[0]
        legal = list(state.legal_actions(seat))
        view = state.view(seat)
        if checked < 60 and len(legal) > 1:
            sample = GAME.determinize(view, Rng(checked))
            again = sample.view(seat)
            assert again["table"]["players"][seat] == view["table"]["players"][seat]
            mine = BOT.choose(GAME, seat, view, legal, Rng(checked))
            theirs = BOT.choose(GAME, seat, again, legal, Rng(checked))
            assert mine == theirs
            checked += 1
        state.apply(seat, BOT.choose(GAME, seat, view, legal, rng))
    assert checked == 60


def test_heuristic_moves_end_on_its_escape_plan_locations_more_often_than_random() -> None:
    """The measurable part of "sensible play" with the engine as it is (VISIT not wired, so
    every game scores alike): Moves that end on a placed, unvisited Business or Safe House
    of the mover's own card. Seeded games, every seat the same player."""

    def plan_stops(chooser: Chooser) -> int:
        stops = 0
        for seed in range(6):
            state = new_game(3, seed)
            rng = Rng(seed)
            while not state.is_over():
                seat = state.to_act()[0]
                legal = list(state.legal_actions(seat))
                action = chooser(state, seat, legal, rng)
                reader = SeatView(state.view(seat), seat)
                decision = state.decision
                before = state.table.players[seat].location
                state.apply(seat, action)
                after = state.table.players[seat].location
                ended = decision is not None and decision.steps[0] == "move" and after != before
                if ended and after is not None and reader.location_value(after) >= 3.0:
                    stops += 1
        return stops

    good, random = plan_stops(heuristic), plan_stops(uniform)
    assert good >= 2 * random + 10, (good, random)


def test_heuristic_decides_in_about_a_millisecond() -> None:
    state = new_game(4, seed=3)
    rng = Rng(3)
    spent, decisions = 0.0, 0
    while not state.is_over():
        seat = state.to_act()[0]
        legal = list(state.legal_actions(seat))
        view = state.view(seat)
        start = time.perf_counter()
        action = BOT.choose(GAME, seat, view, legal, rng)
        spent += time.perf_counter() - start
        decisions += 1
        state.apply(seat, action)
    # Typically 0.2 ms; the bound leaves room for a busy shared machine.
    assert spent / decisions < 0.005


# --- single decisions, on a real view edited ------------------------------------------------


def actions_view(players: int = 2, seed: int = 1) -> tuple[str, dict[str, Any]]:
    state = play_until(new_game(players, seed), at_actions)
    seat = state.to_act()[0]
    return seat, state.view(seat)


def last_day_with_open_exit(view: dict[str, Any], cash: int) -> SeatView:
    seat = view["seat"]
    table = view["table"]
    table["day"] = 3
    table["patrol_spaces"] = {"1": 2, "2": 1, "3": 2}
    table["players"][seat]["cash"] = cash
    return SeatView(view, seat)


def test_escape_is_the_best_step_on_the_last_day_with_the_cost_in_hand() -> None:
    _seat, view = actions_view()
    reader = last_day_with_open_exit(view, cash=60)
    assert reader.can_escape()
    assert score(reader, "escape") > max(score(reader, a) for a in ("stop", "gas", "medevac"))


def test_escape_without_the_cost_is_the_worst_step() -> None:
    _seat, view = actions_view()
    view["table"]["escaped"] = ["p2"]  # someone escaped: the next escape costs $10k
    reader = last_day_with_open_exit(view, cash=9)
    assert not reader.can_escape()
    assert score(reader, "escape") < min(score(reader, a) for a in ("stop", "gas", "medevac"))


def test_a_tool_is_spent_before_taking_a_wound() -> None:
    seat, view = actions_view()
    reader = SeatView(view, seat)
    assert score(reader, "vest:A1:local") > score(reader, "wound:A1:local")
    assert score(reader, "vest:A1:local") > score(reader, "avoid_all:A1:local")


def test_sandra_counts_as_the_type_its_equipment_covers() -> None:
    seat, view = actions_view()
    view["table"]["players"][seat]["items"][0] = ["equipment", "helmet", True]
    reader = SeatView(view, seat)
    assert score(reader, "sandra:swat") > score(reader, "sandra:federal")
    assert score(reader, "sandra:local") == score(reader, "sandra:federal")


def test_converging_police_are_sent_away_from_its_own_tile() -> None:
    seat, view = actions_view()
    reader = SeatView(view, seat)
    mine = reader.start.split(".")[0] if reader.start else ""
    toward_me = f"converge:LOCAL:X9>{mine}"
    elsewhere = "converge:LOCAL:X9>X8"
    assert score(reader, elsewhere) > score(reader, toward_me)


def test_income_unlock_only_with_cash_to_spare() -> None:
    seat, view = actions_view()
    view["table"]["stage"] = "income_unlock"
    view["table"]["players"][seat]["cash"] = 30
    rich = SeatView(view, seat)
    assert score(rich, "unlock:avoid_all") > score(rich, "pass")
    view["table"]["players"][seat]["cash"] = 4
    poor = SeatView(view, seat)
    assert score(poor, "unlock:avoid_all") < score(poor, "pass")


def test_visit_buys_only_above_the_reserve_and_prefers_the_entry() -> None:
    seat, view = actions_view()
    view["table"]["players"][seat]["cash"] = 2
    poor = SeatView(view, seat)
    assert score(poor, "visit:buy:vest:0") < score(poor, "visit:skip:equipment")
    assert score(poor, "visit:enter") > score(poor, "visit:skip:contact")


def test_first_aid_only_when_wounded() -> None:
    seat, view = actions_view()
    reader = SeatView(view, seat)
    assert score(reader, "exec:first_aid") < 0
    view["table"]["players"][seat]["wounds_red"] = 1
    assert score(SeatView(view, seat), "exec:first_aid") > 0


def test_an_unknown_step_scores_zero_and_is_still_playable() -> None:
    seat, view = actions_view()
    reader = SeatView(view, seat)
    assert score(reader, "something:new") == 0.0
    assert BOT.choose(GAME, seat, view, ["something:new"], Rng(0)) == "something:new"
