"""The terminal rendering: it shows each seat what its view holds and nothing more, every
topic renders for every kind of seat, and the markup is valid rich markup."""

from __future__ import annotations

import re

import pytest
from rich.text import Text

from getaway.core import ALL, SPECTATOR, Rng, State, get_game
from getaway.games.scotland_yard.render import render_view
from getaway.games.scotland_yard.render_topics import TOPICS, render_topic
from getaway.games.scotland_yard.state import ScotlandYardState
from tests.scotland_yard.helpers import double_moves, play_double

GAME = get_game("scotland-yard")


def plain(markup: str) -> str:
    """The text a player reads once rich has parsed the markup (raises on bad markup)."""
    return Text.from_markup(markup).plain


def play(options: dict[str, object], seed: int, steps: int | None = None) -> ScotlandYardState:
    """A random game from ``seed``: ``steps`` actions, or to the end."""
    state = GAME.new_state(options, seed)
    assert isinstance(state, ScotlandYardState)
    rng = Rng(seed + 1000)
    n = 0
    while not state.is_over() and (steps is None or n < steps):
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        n += 1
    return state


def seats_and_observers(state: State) -> list[str]:
    return [*state.seats, SPECTATOR, ALL]


def detective_seats(state: State) -> list[str]:
    return [s for s in state.seats if s != "mrx"]


def hidden_path(state: State) -> list[int]:
    """Mr. X's start and every station of his log, as only Mr. X knows them."""
    view = state.view(ALL)
    return [view["mrx_start"], *(e["station"] for e in view["mrx_log"])]


# Secrets -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_detectives_rendering_is_the_same_whatever_mr_x_s_hidden_path(players):
    """Two states with the same public history and different hidden paths of Mr. X render
    identically for every detective seat and for spectators."""
    compared = 0
    for seed in range(4):
        for steps in (1, 4, 9, 17):
            state = play({"players": players}, seed, steps)
            if state.is_over():
                continue
            for seat in [*detective_seats(state), SPECTATOR]:
                view = state.view(seat)
                samples = [GAME.determinize(view, Rng(k)) for k in range(12)]
                paths = [hidden_path(s) for s in samples]
                # Prefer two samples that put Mr. X on different stations now.
                pairs = [(i, j) for i in range(12) for j in range(i) if paths[i] != paths[j]]
                pairs.sort(key=lambda p: paths[p[0]][-1] == paths[p[1]][-1])
                if not pairs:
                    continue
                a, b = samples[pairs[0][0]], samples[pairs[0][1]]
                rendered = render_view(a.view(seat))
                assert rendered == render_view(b.view(seat))
                assert rendered == render_view(view)
                for topic in TOPICS:
                    assert render_topic(a.view(seat), topic) == render_topic(b.view(seat), topic)
                compared += 1
    assert compared >= 10


def test_a_detectives_rendering_never_names_mr_x_s_hidden_stations_in_his_log():
    """The travel log strip and the log topic show '?' for every hidden entry."""
    for seed in range(6):
        state = play({"players": 4}, seed, 12)
        if state.is_over():
            continue
        view = state.view("d1")
        log_text = plain(render_topic(view, "log"))
        for e in view["mrx_log"]:
            line = next(
                ln
                for ln in log_text.splitlines()
                if ln.split()[:1] in ([str(e["entry"])], [f"({e['entry']})"])
            )
            if e["revealed"]:
                assert f"at {e['station']}" in line
            else:
                assert "at ?" in line
        assert "start" not in log_text


def test_mr_x_sees_his_own_station_and_whole_log():
    for seed in range(5):
        state = play({"players": 4}, seed, 6)
        if state.is_over():
            continue
        text = plain(render_view(state.view("mrx")))
        assert f"You are at {state.pos[0]}." in text
        assert f"Your rides from {state.pos[0]}" in text
        log_text = plain(render_topic(state.view("mrx"), "log"))
        assert f"start      at {state.start}" in log_text
        for station in state.log_station:
            assert f"at {station}" in log_text


def test_mr_x_sees_where_the_detectives_think_he_is():
    state = play({"players": 3}, 2, 0)
    text = plain(render_view(state.view("mrx")))
    stations = " ".join(map(str, state.view("mrx")["possible_locations"]))
    assert "The detectives can place you at 13 stations:" in text
    assert stations in text.replace("\n", " ")


# What the screen shows -----------------------------------------------------------------------


def test_the_header_names_round_phase_and_who_acts():
    state = play({"players": 4}, 1, 0)
    text = plain(render_view(state.view("mrx")))
    assert "round 1/22" in text
    assert "Mr. X's turn; to act: mrx  <- your turn" in text
    state.apply("mrx", state.legal_actions("mrx")[0])
    text = plain(render_view(state.view("d2")))
    assert "Detectives' phase (any order); to act: d1, d2, d3  <- your turn" in text


def test_the_travel_log_strip_marks_tickets_doubles_and_surfacing_fields():
    state = play({"players": 4}, 3, 0)
    double = next(a for a in sorted(double_moves(state)) if a.startswith("double:taxi:"))
    play_double(state, double)
    text = plain(render_view(state.view("d1")))
    rows = text.splitlines()
    entry_row = next(r for r in rows if r.startswith("  entry"))
    ticket_row = rows[rows.index(entry_row) + 1]
    assert entry_row.split()[1:4] == ["1", "2", "(3)"]
    assert ticket_row.split()[1] == "T2"
    assert ticket_row.split()[2].endswith("2")
    assert ticket_row.split()[3] == "-"
    # The strip has log_fields fields.
    fields = [w for r in rows if r.startswith("  entry") for w in r.split()[1:]]
    assert fields[-1] == "(24)"
    assert len(fields) == 24


def test_mr_x_sees_the_steps_of_his_double_move_and_the_detectives_nothing():
    state = play({"players": 4}, 3, 0)
    here = state.pos[0]
    text = plain(render_view(state.view("mrx")))
    assert "or double to start a double move (then its two legs, one at a time)" in text
    detective_text = plain(render_view(state.view("d1")))
    state.apply("mrx", "double")
    text = plain(render_view(state.view("mrx")))
    assert "You are making a double move: choose its first leg." in text
    assert f"Your rides from {here}" in text
    assert "start a double move" not in text
    first = state.legal_actions("mrx")[0]
    state.apply("mrx", first)
    text = plain(render_view(state.view("mrx")))
    assert f"You are making a double move: first leg {first}; choose the second leg." in text
    assert f"Your rides from {first.split(':')[1]}" in text
    assert "Nothing is spent or shown to the detectives" in text
    assert plain(render_view(state.view("d1"))) == detective_text


def test_a_surfaced_mr_x_is_shown_to_the_detectives():
    for seed in range(10):
        state = play({"players": 4}, seed, 0)
        while not state.is_over() and not state.mrx_visible():
            seat = state.to_act()[0]
            state.apply(seat, state.legal_actions(seat)[-1])
        if state.is_over():
            continue
        station = state.pos[0]
        text = plain(render_view(state.view("d1")))
        assert f"Mr. X has surfaced: he stands at {station}." in text
        board_text = plain(render_topic(state.view("d1"), "board"))
        assert f"Mr. X at {station}" in board_text
        return
    pytest.fail("no game reached a surfacing")


def test_the_hunters_table_shows_pieces_tickets_and_police_rings():
    state = play({"players": 3}, 4, 0)
    text = plain(render_view(state.view("d1")))
    view = state.view("d1")
    for h in view["hunters"]:
        row = next(r for r in text.splitlines() if r.split()[:1] == [h["id"]])
        assert str(h["station"]) in row.split()
        if h["kind"] == "police":
            assert "police (ring)" in row
            assert "free" in row
        else:
            t = h["tickets"]
            assert row.split()[3:6] == [str(t["taxi"]), str(t["bus"]), str(t["underground"])]
    supply = view["supply"]
    assert (
        f"Common supply: taxi {supply['taxi']}, bus {supply['bus']}, "
        f"underground {supply['underground']}"
    ) in text


def test_a_detective_sees_the_moves_of_its_pieces_and_the_police_with_legal_examples():
    for seed in range(8):
        state = play({"players": 3}, seed, 0)
        while state.to_act() == ("mrx",):  # his turn may take three steps
            state.apply("mrx", state.legal_actions("mrx")[-1])
        if state.is_over():
            continue
        for seat in state.to_act():
            text = plain(render_view(state.view(seat)))
            assert "Your moves" in text
            legal = state.legal_actions(seat)
            pieces = {a.split(":")[0] for a in legal}
            for piece in pieces:
                assert re.search(rf"^  {piece} at \d+: ", text, re.MULTILINE)
            examples = re.search(r"\(e\.g\. ([^)]*)\)\.", text)
            assert examples is not None
            for action in examples.group(1).split(", "):
                assert action in legal


def test_mr_x_s_move_examples_are_legal():
    for seed in range(10):
        state = play({"players": 5}, seed, 0)
        text = plain(render_view(state.view("mrx")))
        found = re.findall(r"\(e\.g\. ([^)]*)\)", text.replace("\n", ""))
        assert found
        legal = set(state.mrx_actions())
        for group in found:
            for action in group.split(", "):
                assert action in legal


def test_the_possible_topic_lists_every_possible_station():
    state = play({"players": 4}, 5, 2)
    view = state.view("d1")
    text = plain(render_topic(view, "possible"))
    body = text.split("\n\n")[0].splitlines()[1:]
    numbers = [int(w) for ln in body for w in ln.split() if "-" not in w]
    assert numbers == view["possible_locations"]
    assert f"Mr. X can be at {len(numbers)} station" in text


def test_finished_games_say_who_won_and_why():
    finished = play({"players": 4}, 0)
    reasons = {
        "capture": ("detectives", "Mr. X was captured"),
        "mrx-trapped": ("detectives", "Mr. X was trapped"),
        "time": ("mrx", f"Mr. X was not caught in {finished.round} rounds"),
        "hunters-immobilised": ("mrx", "the hunters were immobilised"),
    }
    for reason, (winner, words) in reasons.items():
        # The rendering reads only the view: the same finished view, told each ending.
        for seat in seats_and_observers(finished):
            view = {**finished.view(seat), "winner": winner, "end_reason": reason}
            text = plain(render_view(view))
            side = "Mr. X" if winner == "mrx" else "the detectives"
            assert f"Game over: {side} win. {words}" in text
            # The log is open to everyone once the game is over.
            assert "?" not in text.split("Mr. X's travel log")[1].split("Hunters")[0]


# Every view, every topic, valid markup -------------------------------------------------------


OPTION_SETS: list[dict[str, object]] = [
    {"players": 2},
    {"players": 2, "pooled_tickets": False},
    {"players": 3},
    {"players": 4},
    {"players": 5},
    {"players": 6},
    {"players": 4, "edition": "classic"},
    {"players": 3, "reveal_rule": "rounds", "mrx_tickets": "unlimited"},
]


def check_markup(markup: str) -> str:
    text = plain(markup)
    # No text of ours may turn into an emoji (rich reads ":taxi:" as one).
    assert text == Text.from_markup(markup, emoji=False).plain
    return text


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: str(sorted(o.items())))
def test_every_view_and_topic_renders_as_valid_markup(options):
    for seed in range(2):
        for steps in (0, 3, 10, None):
            state = play(options, seed, steps)
            for seat in seats_and_observers(state):
                view = state.view(seat)
                text = check_markup(render_view(view))
                assert f"round {view['round']}/{view['max_rounds']}" in text
                if state.is_over():
                    assert "Game over:" in text
                for topic in TOPICS:
                    check_markup(render_topic(view, topic))


def test_an_unknown_topic_is_a_key_error():
    state = play({"players": 4}, 0, 0)
    with pytest.raises(KeyError):
        render_topic(state.view("d1"), "nonsense")


def test_the_game_exposes_the_renderer_and_its_topics():
    state = play({"players": 4}, 0, 0)
    view = state.view("d1")
    assert GAME.render(view) == render_view(view)
    assert GAME.render_topics() == TOPICS
    for topic in TOPICS:
        assert GAME.render_topic(view, topic) == render_topic(view, topic)
    assert all("\n" not in help_text for help_text in TOPICS.values())
