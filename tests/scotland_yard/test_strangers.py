"""The opponent styles of other makers than ours: ``distance`` (``strangers.py``) and the
game-agnostic ``uct`` search. Both play only legal moves, read only the seat's view, repeat
themselves given a seed, and behave as their one-line rules say. Distances in the checks
are computed here from the shipped board files, not with the bot's tables."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Mapping
from functools import cache

import pytest

from getaway.ai import bot_names, make_bot
from getaway.ai.runner import play_game
from getaway.core import Bot, Rng, bot_rng
from getaway.games.scotland_yard import GAME, ScotlandYardState
from tests.scotland_yard.helpers import nbrs

DISTANCE = make_bot(GAME, "distance")
HEURISTIC = make_bot(GAME, "heuristic")
OPTIONS = [
    {"players": players, "edition": edition}
    for players in (2, 4, 6)
    for edition in ("2014", "classic")
]


@cache
def rides(edition: str, source: int) -> dict[int, int]:
    """Fewest hunter rides (taxi, bus, underground) from ``source`` to every station."""
    found = {source: 0}
    queue = deque([source])
    while queue:
        s = queue.popleft()
        for v in nbrs(s, "hunter", edition):
            if v not in found:
                found[v] = found[s] + 1
                queue.append(v)
    return found


def destination(action: str) -> int:
    return int(action.rsplit(":", 1)[1])


def positions(
    options: Mapping[str, object], seed: int, mrx: Bot, detectives: Bot
) -> Iterator[ScotlandYardState]:
    """The state before every decision of a game between the two bots (one object, mutated
    as the game goes on); each bot sees only its seat's view."""
    state = GAME.new_state(options, seed)
    rngs = {seat: bot_rng(seed, "bot", seat) for seat in state.seats}
    while not state.is_over():
        yield state
        seat = state.to_act()[0]
        bot = mrx if seat == "mrx" else detectives
        state.apply(
            seat, bot.choose(GAME, seat, state.view(seat), state.legal_actions(seat), rngs[seat])
        )


def test_both_styles_are_bot_names_everywhere() -> None:
    assert {"distance", "uct"} <= set(bot_names(GAME))
    assert make_bot(GAME, "uct").name == "uct"


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: f"{o['players']}p-{o['edition']}")
def test_distance_plays_whole_games_legally_on_both_sides(options: dict[str, object]) -> None:
    # play_game refuses an illegal action; every game must also end.
    for seed in range(3):
        record = play_game(GAME, options, seed, dict.fromkeys(GAME.seats(options), DISTANCE))
        assert record.session.state.is_over()


def test_a_game_of_distance_bots_repeats_byte_for_byte() -> None:
    options = {"players": 4}
    games = [
        play_game(GAME, options, 7, dict.fromkeys(GAME.seats(options), DISTANCE)) for _ in range(2)
    ]
    assert games[0].session.state.to_json() == games[1].session.state.to_json()


def hidden_twins(seed: int) -> tuple[str, ScotlandYardState, ScotlandYardState]:
    """A detective seat and two full states that show it the same view but put Mr. X on
    different stations: drawn from that seat's view by the game's determinizer."""
    for state in positions({"players": 4}, seed, HEURISTIC, HEURISTIC):
        seat = state.to_act()[0]
        if seat == "mrx" or len(state.view(seat)["possible_locations"]) < 3:
            continue
        view = state.view(seat)
        first = GAME.determinize(view, Rng(1))
        for k in range(2, 50):
            other = GAME.determinize(view, Rng(k))
            if other.pos[0] != first.pos[0]:
                return seat, first, other
    raise AssertionError("no detective decision with Mr. X hidden among several stations")


@pytest.mark.parametrize("name", ["distance", "uct"])
def test_a_detective_bot_cannot_see_mr_x(name: str) -> None:
    seat, first, other = hidden_twins(3)
    assert first.pos[0] != other.pos[0]
    moves = []
    for state in (first, other):
        bot = make_bot(GAME, name)
        moves.append(bot.choose(GAME, seat, state.view(seat), state.legal_actions(seat), Rng(5)))
    assert moves[0] == moves[1]


@pytest.mark.parametrize("name", ["distance", "uct"])
@pytest.mark.parametrize("side", ["mrx", "detective"])
def test_the_same_seed_and_view_give_the_same_legal_move(name: str, side: str) -> None:
    checked = 0
    for state in positions({"players": 4}, 11, HEURISTIC, HEURISTIC):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if (seat == "mrx") != (side == "mrx") or len(legal) < 2 or state.round % 4:
            continue
        view = state.view(seat)
        chosen = {make_bot(GAME, name).choose(GAME, seat, view, legal, Rng(9)) for _ in range(2)}
        assert len(chosen) == 1 and chosen <= set(legal)
        checked += 1
        if checked == 3:
            return
    raise AssertionError(f"only {checked} decisions checked")


def test_distance_mr_x_leaves_an_adjacent_detective_when_he_can() -> None:
    seen = 0
    for options in OPTIONS:
        edition = str(options["edition"])
        for seed in range(4):
            for state in positions(options, seed, DISTANCE, HEURISTIC):
                if state.to_act() != ("mrx",) or state.decision is not None:
                    continue
                x = state.pos[0]
                hunters = state.pos[1:]
                if not any(x in nbrs(h, "hunter", edition) for h in hunters):
                    continue
                legal = state.legal_actions("mrx")
                safe = [
                    a
                    for a in legal
                    if a != "double"
                    and all(rides(edition, h).get(destination(a), 99) > 1 for h in hunters)
                ]
                if not safe:
                    continue
                view = state.view("mrx")
                action = DISTANCE.choose(GAME, "mrx", view, legal, Rng(seed))
                assert action in safe, (view, action)
                seen += 1
    assert seen >= 5


def test_distance_detectives_step_towards_a_surfaced_mr_x() -> None:
    seen = 0
    for options in OPTIONS:
        edition = str(options["edition"])
        for seed in range(4):
            for state in positions(options, seed, HEURISTIC, DISTANCE):
                seat = state.to_act()[0]
                if seat == "mrx":
                    continue
                view = state.view(seat)
                if len(view["possible_locations"]) != 1:
                    continue
                target = view["possible_locations"][0]
                legal = state.legal_actions(seat)
                gap = {a: rides(edition, target).get(destination(a), 99) for a in legal}
                action = DISTANCE.choose(GAME, seat, view, legal, Rng(seed))
                assert gap[action] == min(gap.values()), (view, action)
                seen += 1
    assert seen >= 5
