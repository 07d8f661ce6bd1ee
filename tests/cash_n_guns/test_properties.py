"""Properties along random games in every mode: games end cleanly, money is conserved, cards
add up, saves round-trip at every step, and the same seed and actions give the same game."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from getaway.core import (
    ALL,
    SPECTATOR,
    Move,
    Replay,
    Rng,
    State,
    derive_seed,
    load_state,
    save_state,
)
from getaway.core.serialize import dumps
from getaway.games.cash_n_guns import CashNGunsState
from getaway.games.cash_n_guns.cards import DECK_TOTAL
from getaway.games.cash_n_guns.views import secrets_of
from tests.cash_n_guns.helpers import GAME, OPTIONS, new, option_id, random_states
from tests.sweeps import sweep


@pytest.mark.parametrize("options", OPTIONS, ids=option_id)
def test_random_games_end_without_error_with_a_legal_outcome(options):
    for seed in range(15):
        *_, state = random_states(options, seed, final=True)
        assert state.is_over()
        outcome = state.outcome()
        assert outcome is not None
        returns = state.returns()
        assert outcome.returns == returns and set(returns) == set(state.seats)
        winners = state.winner_seats()
        assert outcome.winners == winners
        assert all(returns[s] == (1.0 if s in winners else -1.0) for s in state.seats)
        assert (outcome.reason == "shared") == (len(winners) > 1)
        assert outcome.side == (winners[0] if len(winners) == 1 else None)
        survivors = [s for i, s in enumerate(state.seats) if state.alive >> i & 1]
        assert list(outcome.scores) == survivors


@pytest.mark.parametrize("options", OPTIONS, ids=option_id)
def test_money_is_conserved_and_cards_add_up_at_every_step(options):
    for seed in range(6):
        for state in random_states(options, seed, final=True):
            assert state.money_total() == DECK_TOTAL
            assert sum(state.deck) + sum(state.pot) + sum(state.money) + state.removed == DECK_TOTAL
            for p in state.view("spectator")["players"]:
                if not p["alive"]:
                    assert p["money"] == 0 and sum(p["hand_size"]) == 0
                    continue
                placed = [gun["placed"] for gun in p["guns"]]
                claim = state.claim
                for g, size in enumerate(p["hand_size"]):
                    fresh = claim is not None and g == 1 and claim[2] == state.round
                    expected = 8 - state.round if fresh else 9 - state.round - placed[g]
                    assert size == expected, (p["seat"], g, state.step_name())


@sweep("games", 1, 3)
@pytest.mark.parametrize("options", OPTIONS, ids=option_id)
def test_saves_round_trip_at_every_step(options, games):
    for seed in range(games):
        for state in random_states(options, seed, final=True):
            text = save_state(state)
            again = load_state(text)
            assert save_state(again) == text
            assert again.to_act() == state.to_act()
            for seat in state.to_act():
                assert again.legal_actions(seat) == state.legal_actions(seat)
            assert json.dumps(again.view("all"), sort_keys=True) == json.dumps(
                state.view("all"), sort_keys=True
            )


@pytest.mark.parametrize(
    "options", [o for o in OPTIONS if o["players"] == 5] + [OPTIONS[-1]], ids=option_id
)
def test_same_seed_and_actions_give_the_same_game_byte_for_byte(options):
    def run(seed: int) -> tuple[list[str], str]:
        saves = []
        for state in random_states(options, seed, final=True):
            saves.append(save_state(state))
        return saves, saves[-1]

    first, last = run(9)
    again, last_again = run(9)
    assert first == again and last == last_again
    other, _ = run(10)
    assert other[0] != first[0]  # another seed: another deal


def test_a_replay_rebuilds_the_game():
    options = {"players": 6, "advanced": True, "undercover_cop": True}
    replay = Replay.start(GAME, options, 21)
    state = replay.new_state()
    rng = Rng(21)
    while not state.is_over():
        seat = state.to_act()[-1]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        replay.actions.append(Move(seat, action))
    assert save_state(Replay.loads(replay.dumps()).final_state()) == save_state(state)


def test_clones_are_independent():
    options = {"players": 5, "advanced": True, "undercover_cop": True}
    for seed in range(3):
        for n, state in enumerate(random_states(options, seed)):
            if n % 9:
                continue
            saved = save_state(state)
            twin = state.clone()
            seat = twin.to_act()[0]
            twin.apply(seat, twin.legal_actions(seat)[-1])
            assert save_state(state) == saved


def test_commit_order_does_not_change_the_outcome():
    """Every secret step: the same answers given in seat order or in reverse order lead to the
    same state (spec 10.1: the order of commits does not matter)."""
    options = {"players": 6, "advanced": True, "undercover_cop": True}
    for seed in range(4):
        forward = new(options, seed)
        backward = new(options, seed)
        rng = Rng(seed)
        while not forward.is_over():
            step = forward.step_name()
            seats = list(forward.to_act())
            if step not in ("load", "aim", "courage", "phone") or len(seats) < 2:
                seat = seats[0]
                action = rng.choice(forward.legal_actions(seat))
                forward.apply(seat, action)
                backward.apply(seat, action)
                continue
            # Plain answers only (a reveal keeps the seat in the step).
            answers = {}
            for seat in seats:
                legal = [a for a in forward.legal_actions(seat) if not a.startswith("reveal:")]
                answers[seat] = rng.choice(legal)
            for seat in seats:
                forward.apply(seat, answers[seat])
            for seat in reversed(seats):
                backward.apply(seat, answers[seat])
            assert save_state(forward) == save_state(backward)


# A thousand games: money and secrets at every step -------------------------------------------

#: 100 games per setting, 10 settings: the issue's 1,000 random games (./dev test-long);
#: ./dev test plays the first 25 of each setting.
GAMES_PER_SETTING = 100
QUICK_GAMES_PER_SETTING = 25
#: Keys that hold a secret: they may appear in a seat's own ``me`` block, nowhere else.
SECRET_KEYS = frozenset(
    {"hand", "hands", "loaded", "my_choice", "commits", "choices", "secrets", "deck", "seed",
     "rng", "spent", "claimed_cards", "cards"}
)  # fmt: skip


def _moves(options: dict[str, Any], seed: int) -> Iterator[tuple[CashNGunsState, Move | None]]:
    """Each state of a random game with the move about to be played on it (any seat that may
    act, not only the first), then the final state with ``None``."""
    state = new(options, seed)
    rng = Rng(derive_seed(seed, "moves"))
    while not state.is_over():
        to_act = state.to_act()
        seat = to_act[rng.below(len(to_act))]
        move = Move(seat, rng.choice(state.legal_actions(seat)))
        yield state, move
        state.apply(move.seat, move.action)
    yield state, None


def _secret_keys(data: Any, path: str = "") -> list[str]:
    """Paths of secret keys in ``data`` (the public log aside: it is checked on its own)."""
    found = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("log", "events"):
                continue
            here = f"{path}.{key}"
            # A claim shows how many cards were taken, never which.
            if key in SECRET_KEYS and not (key == "cards" and isinstance(value, int)):
                found.append(here)
            found += _secret_keys(value, here)
    elif isinstance(data, list):
        for item in data:
            found += _secret_keys(item, path + "[]")
    return found


def _assert_money_adds_up(state: CashNGunsState) -> None:
    """Dealt = held + pot + removed with the dead: $425,000 in all."""
    dealt = DECK_TOTAL - sum(state.deck)
    assert dealt == sum(state.money) + sum(state.pot) + state.removed
    assert sum(state.money[i] for i in range(state.rules.players) if not state.alive >> i & 1) == 0


def _assert_public_money_adds_up(state: CashNGunsState, view: dict[str, Any]) -> None:
    """The same sum from the public table alone."""
    in_deck = sum(int(value) * n for value, n in view["deck_counts"].items())
    held = sum(p["money"] for p in view["players"])
    assert in_deck == sum(state.deck) and view["deck_left"] == len(state.deck)
    assert DECK_TOTAL - in_deck == held + sum(view["pot"]) + view["removed"]


def _assert_no_foreign_secret(state: CashNGunsState, viewer: str, view: dict[str, Any]) -> None:
    """Only the viewer's own secrets, under ``me``; others' cards, hands, loaded cards,
    commits, unrevealed abilities and (before the end) roles appear nowhere."""
    public = {k: v for k, v in view.items() if k != "me"}
    assert _secret_keys(public) == []
    own = state.rules.index.get(viewer)
    if own is None:
        assert "me" not in view
    else:
        assert view["me"] == secrets_of(state, own)
    over = state.is_over()
    for i, p in enumerate(view["players"]):
        assert p["ability"] == (state.ability_name(i) if state.is_revealed(i) else None)
        assert p["role"] == (
            ("cop" if i == state.cop else "gangster") if over and state.cop >= 0 else None
        )
        assert all(isinstance(n, int) for n in p["hand_size"])
        for gun in p["guns"]:
            assert gun["card"] is None or gun["state"] == "fired"
            assert gun["target"] is None or state.aims_revealed
    assert all(isinstance(done, bool) for done in view["committed"].values())


@pytest.mark.parametrize(
    "games",
    [
        pytest.param(QUICK_GAMES_PER_SETTING, id="quick"),
        pytest.param(GAMES_PER_SETTING, id="full", marks=pytest.mark.long),
    ],
)
@pytest.mark.parametrize("options", OPTIONS, ids=option_id)
def test_a_thousand_games_conserve_money_and_show_no_foreign_secret(options, games):
    """100 random games per setting, 1,000 in all. At every step the money adds up; at every
    4th step one view, taken in turn from every seat and the spectator, adds it up the same
    way from public facts and holds no other seat's secret (a view costs a tenth of a
    millisecond: every view at every step is the 30-game check of
    ``test_hidden_information``). At the end, every view, and the whole public log: an event
    names a card only when it was fired, an ability only when it was shown."""
    steps = views = 0
    for seed in range(games):
        for step, (state, move) in enumerate(_moves(options, 5000 + seed)):
            _assert_money_adds_up(state)
            steps += 1
            everyone = (*state.seats, SPECTATOR)
            if move is not None and step % 4:
                continue
            for viewer in everyone if move is None else everyone[(step // 4) % len(everyone) :][:1]:
                view = state.view(viewer)
                _assert_public_money_adds_up(state, view)
                _assert_no_foreign_secret(state, viewer, view)
                views += 1
            if move is None:
                for e in view["log"]:
                    assert ("card" in e) == (e["type"] == "fire"), e
                    assert ("ability" in e) == (e["type"] == "reveal"), e
    assert steps > games * 80 and views > steps // 5


def test_the_secret_scan_finds_a_leak():
    """The scan is not blind: a card or a hand slipped into the public part is reported."""
    state = new({"players": 4}, 7)
    state.apply("tino", "load:bbb")
    view = {k: v for k, v in state.view("el-toro").items() if k != "me"}
    assert _secret_keys(view) == []
    leaky = dict(view, players=[dict(view["players"][0], loaded=["bbb"]), *view["players"][1:]])
    assert _secret_keys(leaky) == [".players[].loaded"]
    assert _secret_keys(dict(view, other=state.view("tino")["me"])) != []


# States that differ only where a seat cannot see -------------------------------------------------


def _hidden_from(state: State, seat: str) -> str:
    """Everything ``seat`` cannot see: the deck order, the other seats' secrets and commits."""
    secrets = state.view(ALL)["secrets"]
    others = {s: m for s, m in secrets["players"].items() if s != seat}
    commits = {s: c for s, c in secrets["commits"].items() if s != seat}
    return dumps({"deck": secrets["deck"], "players": others, "commits": commits})


@pytest.mark.parametrize("options", OPTIONS, ids=option_id)
def test_a_seats_view_does_not_depend_on_what_it_cannot_see(options):
    """Two states drawn from a seat's own view (its secrets and the public table kept, the
    rest drawn afresh, so they differ from each other and from the truth) give that seat
    byte-identical views, legal actions, timer defaults and undo answers, while another
    seat's view tells them apart. Every 2nd step of 2 games, one seat in turn."""
    compared = told_apart = 0
    for seed in range(2):
        for step, (state, _) in enumerate(_moves(options, 6000 + seed)):
            if step % 2:
                continue
            seat = state.seats[(step // 2) % len(state.seats)]
            text = dumps(state.view(seat))
            first, second = (GAME.determinize(state.view(seat), Rng(step * 2 + k)) for k in (0, 1))
            if _hidden_from(first, seat) == _hidden_from(second, seat):
                continue
            compared += 1
            assert dumps(first.view(seat)) == dumps(second.view(seat)) == text
            assert first.legal_actions(seat) == second.legal_actions(seat)
            assert first.default_action(seat) == second.default_action(seat)
            for action in first.legal_actions(seat):
                assert first.would_reveal(seat, action) == second.would_reveal(seat, action)
            others = [s for s in state.seats if s != seat]
            told_apart += any(dumps(first.view(s)) != dumps(second.view(s)) for s in others)
    assert compared > 60
    assert told_apart > 0.9 * compared


# Saves that play on -------------------------------------------------------------------------------


@pytest.mark.parametrize("options", OPTIONS, ids=option_id)
def test_a_loaded_save_plays_on_exactly_like_the_original(options):
    """A save taken every 30th step of a random game, loaded and given the rest of the moves,
    ends in exactly the original final state."""
    moves: list[Move] = []
    saves: list[tuple[int, str]] = []
    final = None
    for step, (state, move) in enumerate(_moves(options, 7000)):
        if step % 30 == 0:
            saves.append((step, save_state(state)))
        if move is None:
            final = save_state(state)
        else:
            moves.append(move)
    assert final is not None and len(saves) > 3
    for step, text in saves:
        copy = load_state(text)
        for move in moves[step:]:
            copy.apply(move.seat, move.action)
        assert save_state(copy) == final
