"""The same tests for every game, OpenSpiel style: whatever a game is, it must keep the
protocol's promises (random playthroughs, clone independence, canonical serialization,
errors that change nothing, JSON views for every seat), and describe itself through the
core's types: its sides, its outcome, what each viewer is shown of each action, and its
decisions in steps. Every installed game runs them, with three test games: simultaneous
secret choices (``toy-pennies``), a blind step (``toy-blind-pennies``) and a decision in
three steps (``toy-walk``)."""

import contextlib
import json

import pytest

from getaway.core import (
    ALL,
    SPECTATOR,
    Game,
    GetawayError,
    Move,
    NotYourTurnError,
    Outcome,
    Rng,
    SaveFileError,
    Session,
    Sides,
    UnknownSeatError,
    games,
    load_state,
    save_state,
)
from tests.core.toy_game import GAME as TOY
from tests.core.walk_game import GAME as WALK
from tests.server.blind_game import GAME as BLIND
from tests.sweeps import sweep

TEST_GAMES = [TOY, BLIND, WALK]
GAMES: list[Game] = [*games().values(), *TEST_GAMES]


@pytest.fixture(autouse=True)
def _test_games_registered():
    from getaway.core import register_game, unregister_game

    for game in TEST_GAMES:
        register_game(game)
    yield
    for game in TEST_GAMES:
        unregister_game(game.name)


def _players(game: Game) -> range:
    return range(game.min_players, game.max_players + 1)


def _viewers(state) -> tuple[str, ...]:
    return (*state.seats, SPECTATOR, ALL)


@sweep("seeds", range(1), range(3))
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_random_playthroughs_keep_every_promise(game: Game, seeds: range):
    for players in _players(game):
        for seed in seeds:
            state = game.new_state({"players": players}, seed)
            rng = Rng(seed)
            plies = 0
            while not state.is_over():
                assert state.outcome() is None
                seats = state.to_act()
                assert seats and set(seats) <= set(state.seats)
                seat = seats[rng.below(len(seats))]
                legal = list(state.legal_actions(seat))
                assert legal and len(set(legal)) == len(legal)
                assert all(isinstance(a, str) and a for a in legal)
                if plies % 7 == 0:
                    _check_snapshot_promises(game, state, seat, legal)
                state.apply(seat, legal[rng.below(len(legal))])
                plies += 1
            assert state.to_act() == ()
            _check_outcome(game, state)


def _check_snapshot_promises(game: Game, state, seat: str, legal: list[str]) -> None:
    saved = save_state(state)
    # Canonical serialization round-trips exactly.
    assert save_state(load_state(saved)) == saved
    assert save_state(game.state_from_json(json.loads(saved))) == saved
    # Clones are independent.
    twin = state.clone()
    twin.apply(seat, legal[0])
    assert save_state(state) == saved
    # Bad input changes nothing and explains itself.
    with pytest.raises(GetawayError) as err:
        state.apply(seat, "no-such-action")
    assert "legal" in str(err.value)
    for not_text in (42, None, ["a"]):
        with pytest.raises(GetawayError):
            state.apply(seat, not_text)
    with pytest.raises(UnknownSeatError):
        state.apply("nobody", legal[0])
    others = [s for s in state.seats if s not in state.to_act()]
    if others:
        with pytest.raises(NotYourTurnError):
            state.apply(others[0], legal[0])
    assert save_state(state) == saved
    # Every seat, spectators and the omniscient view get JSON-ready views.
    for viewer in _viewers(state):
        json.dumps(state.view(viewer))
    # A determinized state looks the same to the seat it was sampled for.
    view = state.view(seat)
    assert game.determinize(view, Rng(1)).view(seat) == view


def _check_outcome(game: Game, state) -> None:
    outcome = state.outcome()
    assert isinstance(outcome, Outcome)
    assert outcome.returns == state.returns()
    assert set(outcome.returns) == set(state.seats)
    assert set(outcome.winners) <= set(state.seats)
    assert list(outcome.winners) == [s for s in state.seats if s in outcome.winners]
    assert outcome.reason and outcome.summary
    assert set(outcome.scores) <= set(state.seats)
    assert set(outcome.roles) <= set(state.seats)
    sides = game.sides(state.options)
    _check_roles(sides, outcome)
    if outcome.side is not None:
        side = sides.get(outcome.side)
        assert side is not None, f"{outcome.side!r} is not a side of {game.name}"
        assert set(outcome.winners) == set(side.seats)
    for seat in outcome.winners:
        assert outcome.returns[seat] == max(outcome.returns.values())
    json.dumps(outcome.to_json())


def _check_roles(sides: Sides, outcome: Outcome) -> None:
    """The roles an outcome makes public are the game's hidden roles, each held by seats it
    may fall to: exactly ``count`` of them for a role dealt at the start, up to ``count``
    for one taken in play (``at_most``)."""
    declared = {role.name: role for role in sides.hidden}
    assert set(outcome.roles.values()) <= set(declared), outcome.roles
    for name, role in declared.items():
        holders = [seat for seat, held in outcome.roles.items() if held == name]
        assert set(holders) <= set(role.among)
        assert len(holders) <= role.count if role.at_most else len(holders) == role.count


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_sides_cover_every_seat_once(game: Game):
    for players in _players(game):
        options = game.normalize_options({"players": players})
        sides = game.sides(options)
        assert isinstance(sides, Sides)
        assert sorted(sides.seats) == sorted(game.seats(options))
        for side in sides:
            assert side.name and all(seat in game.seats(options) for seat in side.seats)
        for role in sides.hidden:
            assert role.known_when and set(role.among) <= set(game.seats(options))
        json.dumps(sides.to_json())
    json.dumps(game.describe())


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_what_each_viewer_is_shown_of_each_action(game: Game):
    """The acting seat and ``all`` are shown every action in full; a viewer shown nothing
    of an action sees no change in its view; a viewer whose view changes is shown at least
    the public part of what happened."""
    for players in _players(game):
        state = game.new_state({"players": players}, 11)
        rng = Rng(players)
        while not state.is_over():
            seat = state.to_act()[rng.below(len(state.to_act()))]
            legal = state.legal_actions(seat)
            move = Move(seat, legal[rng.below(len(legal))])
            before = state.clone()
            seen = {viewer: state.view(viewer) for viewer in _viewers(state)}
            state.apply(move.seat, move.action)
            for viewer in _viewers(state):
                shown = game.public_action(before, move, viewer)
                if viewer in (ALL, move.seat):
                    assert shown is not None and shown.action == move.action, (viewer, move)
                if shown is None:
                    assert state.view(viewer) == seen[viewer], (
                        f"{viewer} was shown nothing of {move}, but its view changed"
                    )
                else:
                    assert shown.seat in (move.seat, None) and shown.shown
                    assert shown.action in (None, move.action)
                    assert shown.seat is not None or shown.action is None
                    json.dumps(shown.to_json())


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_undo_takes_back_exactly_what_revealed_nothing(game: Game):
    """An action that reveals nothing (a step of an open decision, a secret commit) can be
    taken back by its seat, and the game is as it was, byte for byte."""
    for players in _players(game):
        session = Session.new(game, {"players": players}, 3)
        rng = Rng(players)
        while not session.state.is_over():
            state = session.state
            seat = state.to_act()[rng.below(len(state.to_act()))]
            legal = state.legal_actions(seat)
            action = legal[rng.below(len(legal))]
            saved = save_state(state)
            undoable = not state.would_reveal(seat, action)
            session.act(seat, action)
            assert session.can_undo(seat) == undoable
            if undoable and rng.below(3) == 0:
                session.undo(seat)
                assert save_state(session.state) == saved
                session.act(seat, action)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_corrupt_saves_are_refused_with_a_save_error(game: Game):
    """Every top-level field of a save, missing or of the wrong type, is either read or
    refused with a SaveFileError, never another exception."""
    state = game.new_state({"players": game.max_players}, 4)
    rng = Rng(4)
    for _ in range(25):
        if state.is_over():
            break
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    data = json.loads(save_state(state))
    for key in data:
        for bad in (None, "x", -1, 1.5, [], {}, [None], {"x": None}, True):
            corrupt = {**data, key: bad}
            with contextlib.suppress(SaveFileError):
                game.state_from_json(corrupt)
        missing = {k: v for k, v in data.items() if k != key}
        with pytest.raises(SaveFileError):
            game.state_from_json(missing)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_same_seed_same_game(game: Game):
    def play(seed: int) -> str:
        state = game.new_state({"players": game.max_players}, seed)
        rng = Rng(99)
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        return save_state(state)

    assert play(5) == play(5)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_options_are_normalized_and_validated(game: Game):
    options = game.normalize_options({})
    assert options == game.normalize_options(options)
    assert "players" in options
    with pytest.raises(GetawayError):
        game.normalize_options({"no_such_option": 1})
    with pytest.raises(GetawayError):
        game.normalize_options({"players": game.max_players + 1})
