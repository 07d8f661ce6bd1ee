"""Escape from New York's encoding for learning code: PettingZoo's own API and seed tests, an
action-id space holding every action random games offer, ids and indices that round-trip,
masks that are exactly the legal actions, observations in [0, 1] built from a seat's view
and relative to it, and hidden parts of a state that move no other seat's observation."""

from __future__ import annotations

import warnings
from collections.abc import Iterator, Mapping

import numpy as np
import pytest
from pettingzoo.test import (  # type: ignore[import-untyped]
    api_test,
    parallel_api_test,
    parallel_seed_test,
    seed_test,
)

from getaway.core.rng import Rng
from getaway.games.escape_from_new_york.content import load_content
from getaway.games.escape_from_new_york.encoding import (
    EscapeFromNewYorkEncoding,
    encoding,
    max_figures,
    max_routes,
)
from getaway.games.escape_from_new_york.game import GAME, EscapeFromNewYorkState
from getaway.games.escape_from_new_york.options import VARIANTS
from getaway.games.escape_from_new_york.state import SupplyCard
from getaway.rl import env, parallel_env

NAME = GAME.name


def _random_states(options: Mapping[str, object], seed: int) -> Iterator[EscapeFromNewYorkState]:
    """Every state of one game played by uniformly random moves, the start first."""
    state = EscapeFromNewYorkState.new(options, seed)
    rng = Rng(seed)
    while True:
        yield state
        if state.is_over():
            return
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])


# PettingZoo's own tests ---------------------------------------------------------------------

HEROES = [1, 2, 4]


@pytest.mark.parametrize("players", HEROES)
def test_pettingzoo_api_test(players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(NAME, players=players), num_cycles=300)


@pytest.mark.parametrize("players", HEROES)
def test_pettingzoo_parallel_api_test(players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(parallel_env(NAME, players=players), num_cycles=300)


@pytest.mark.parametrize("players", HEROES)
def test_pettingzoo_seed_test(players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_test(lambda: env(NAME, players=players), num_cycles=100)


@pytest.mark.parametrize("players", HEROES)
def test_pettingzoo_parallel_seed_test(players: int) -> None:
    # It samples actions without masks, so it goes through the illegal-action convention.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_seed_test(lambda: parallel_env(NAME, players=players), num_cycles=100)


# The action-id space ------------------------------------------------------------------------


def test_the_game_hands_out_one_shared_encoding_per_number_of_heroes() -> None:
    first = GAME.encoding({"players": 3})
    assert isinstance(first, EscapeFromNewYorkEncoding)
    assert first is encoding({"players": 3, "traps": True, "first_player": "p2"})
    assert first is not encoding({"players": 2})
    assert first.seats == GAME.seats({"players": 3}) == ("p1", "p2", "p3")


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_ids_and_indices_round_trip_and_are_unique(players: int) -> None:
    enc = encoding({"players": players})
    sizes = set()
    for seat in enc.seats:
        ids = enc.action_ids(seat)
        index = enc.action_index(seat)
        assert len(set(ids)) == len(ids) == len(index)
        assert all(index[action] == i for i, action in enumerate(ids))
        sizes.add(len(ids))
    assert len(sizes) == 1  # every seat has the same number of actions


def test_other_heroes_are_named_clockwise_from_the_seat() -> None:
    """``passenger:``/``steal:`` index k is the k-th hero to the seat's left, so one policy
    reads "the next hero" alike from every seat."""
    enc = encoding({"players": 4})
    for seat, others in (("p1", "p2 p3 p4"), ("p3", "p4 p1 p2")):
        ids = enc.action_ids(seat)
        start = ids.index(f"steal:{others.split()[0]}")
        assert ids[start : start + 3] == tuple(f"steal:{s}" for s in others.split())
        assert f"steal:{seat}" not in ids
    p1, p3 = enc.action_ids("p1"), enc.action_ids("p3")
    assert [a.split(":")[0] for a in p1] == [a.split(":")[0] for a in p3]


def test_the_bounds_follow_the_content() -> None:
    """Figures: 40 prisoners, 4 cars, 3 bosses. Routes: a car's 3 movement points (1, +1
    for the car, +1 from a New York card), 6 · 5 · 5 walks, each with 3 places to pick a
    prisoner up; figures on foot (2 points, 6 neighbours and 6 other manhole spaces) have
    12 · 11 = 132 at most."""
    content = load_content()
    assert max_figures(content) == 47
    assert max_routes(content) == 6 * 5 * 5 * 3
    index = encoding({"players": 2}).action_index("p1")
    for action in ("hit:46", "enemy:46", "deceive:46:0,1", "route:449", "step:5,3:crash"):
        assert action in index, action
    assert "hit:47" not in index and "route:450" not in index


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_action_random_games_offer_is_in_the_space(players: int) -> None:
    """Round trip over random games: every legal id maps to an index and back, with each
    variant in play in some game (all of them in the last)."""
    enc = encoding({"players": players})
    variants = list(VARIANTS)
    for seed in range(3):
        options: dict[str, object] = {"players": players}
        chosen = variants if seed == 2 else variants[players + seed :: 3]
        options.update(dict.fromkeys(chosen, True))
        for state in _random_states(options, 100 * players + seed):
            for seat in state.to_act():
                ids, index = enc.action_ids(seat), enc.action_index(seat)
                for action in state.legal_actions(seat):
                    assert ids[index[action]] == action


# Masks and observations ---------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_masks_are_the_legal_actions_and_observations_fit_the_space(players: int) -> None:
    aec = env(NAME, players=players)
    aec.reset(seed=players)
    episode = aec.episode
    rng = Rng(players)
    checked = 0
    for agent in aec.agent_iter():
        obs, _, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            aec.step(None)
            continue
        state = aec.game_state
        assert agent == state.to_act()[0]
        for seat in aec.agents:
            seen = aec.observe(seat)
            assert aec.observation_space(seat).contains(seen)
            mask = {int(i) for i in np.flatnonzero(seen["action_mask"])}
            if seat == agent:
                index = episode.encoding.action_index(seat)
                assert mask == {index[a] for a in state.legal_actions(seat)}
            else:
                assert mask == {episode.wait[seat]}
            checked += 1
        legal = np.flatnonzero(obs["action_mask"])
        aec.step(int(legal[rng.below(len(legal))]))
    assert checked > 100


@pytest.mark.parametrize("players", [1, 3])
def test_observations_have_the_declared_size_and_values_in_range(players: int) -> None:
    enc = encoding({"players": players})
    parts = sorted(enc.parts.values())
    assert parts[0][0] == 0 and sum(size for _, size in parts) == enc.observation_size
    options = {"players": players, **dict.fromkeys(VARIANTS, True)}
    for state in _random_states(options, seed=7):
        for seat in state.rules.seats:
            view = state.view(seat)
            sparse = enc.encode_sparse(view)
            dense = enc.encode_view(view)
            assert len(dense) == enc.observation_size
            assert all(0 <= i < enc.observation_size for i in sparse)
            assert all(0.0 < x <= 1.0 for x in sparse.values())
            assert [i for i, x in enumerate(dense) if x] == sorted(sparse)


def test_an_observation_is_relative_to_its_seat() -> None:
    """Hero slot 0 is the seat's own hero, slot 1 the next clockwise: two seats see the same
    heroes rotated."""
    enc = encoding({"players": 3})
    heroes = {"hero_p1": "snake", "hero_p2": "maggie", "hero_p3": "brain"}
    state = EscapeFromNewYorkState.new({"players": 3, **heroes}, 1)
    offset, size = enc.parts["heroes"]
    per_slot = size // 4
    hero_at = offset + 3  # present, current, to act, then the hero one-hot
    names = ("snake", "maggie", "brain", "cabbie")

    def slots(seat: str) -> list[str]:
        sparse = enc.encode_sparse(state.view(seat))
        return [
            next(n for i, n in enumerate(names) if sparse.get(hero_at + k * per_slot + i))
            for k in range(3)
        ]

    assert slots("p1") == ["snake", "maggie", "brain"]
    assert slots("p2") == ["maggie", "brain", "snake"]
    assert slots("p3") == ["brain", "snake", "maggie"]


# No hidden information ----------------------------------------------------------------------


def _mid_game(players: int, seed: int) -> EscapeFromNewYorkState:
    """A state of random play where p1 chooses and p2 holds cards in hand and discard and a
    face-down supply card."""
    for state in _random_states({"players": players, "first_player": "p1"}, seed):
        hero = state.table.heroes["p2"]
        if (
            state.to_act() == ("p1",)
            and state.table.step > 1
            and hero.hand
            and hero.discard
            and any(not card.face_up for card in hero.supply)
        ):
            return state.clone()
    raise AssertionError("the test needs such a position: try another seed")


def test_hidden_parts_move_no_other_seats_observation() -> None:
    """p2's hand, discard, face-down supply and objectives, the decks' orders, face-down
    landmarks and outskirts tokens, diplomat cards and black timer cards change; p1's and
    p3's observations and masks stay the same while p2's changes (so the test can fail)."""
    aec = env(NAME, players=3)
    aec.reset(seed=0)
    state = _mid_game(3, seed=5)
    aec.game_state = state
    before = {seat: aec.observe(seat) for seat in aec.possible_agents}
    changed = state.clone()
    table = changed.table
    hero = table.heroes["p2"]
    hero.hand[0], hero.discard[0] = hero.discard[0], hero.hand[0]
    place = next(i for i, card in enumerate(hero.supply) if not card.face_up)
    card = hero.supply[place]
    assert card.kind == "item"
    other = next(c for c in table.item_deck if c != card.id)
    hero.supply[place] = SupplyCard("item", other, False)
    table.item_deck[table.item_deck.index(other)] = card.id
    blue = table.objective_decks["blue"]
    hero.objectives[0], blue[0] = blue[0], hero.objectives[0]
    for deck in (table.item_deck, table.city_deck, table.event_deck, table.park_deck):
        deck.reverse()
    hidden = [c for c, s in table.spaces.items() if s.tile is not None and not s.face_up]
    assert not any(h.seen_landmarks or h.seen_new_york for h in table.heroes.values())
    first, second = table.spaces[hidden[0]], table.spaces[hidden[1]]
    first.tile, second.tile = second.tile, first.tile
    tokens = [c for c, s in table.spaces.items() if s.outskirts and not s.outskirts_face_up]
    one = table.spaces[tokens[0]]
    two = table.spaces[next(c for c in tokens if table.spaces[c].outskirts != one.outskirts)]
    one.outskirts, two.outskirts = two.outskirts, one.outskirts
    unknown = [s for s in table.diplomat_slots if s.card and not s.face_up and not s.known_by]
    unknown[0].card, unknown[1].card = unknown[1].card, unknown[0].card
    # Below the top card (whose back is public), and black timer cards among themselves.
    table.new_york_deck[1:] = table.new_york_deck[:0:-1]
    timer = table.timer_deck
    blacks = {card.id for card in load_content().timer.black}
    black = [i for i, card in enumerate(timer) if card in blacks]
    i, j = next((i, j) for i in black for j in black if timer[i] != timer[j])
    timer[i], timer[j] = timer[j], timer[i]
    assert changed.to_json() != state.to_json()
    aec.game_state = changed
    for seat in ("p1", "p3"):
        after = aec.observe(seat)
        assert np.array_equal(after["observation"], before[seat]["observation"]), seat
        assert np.array_equal(after["action_mask"], before[seat]["action_mask"]), seat
    assert not np.array_equal(aec.observe("p2")["observation"], before["p2"]["observation"])


@pytest.mark.parametrize("players", [2, 4])
def test_worlds_a_view_cannot_tell_apart_encode_alike(players: int) -> None:
    """A determinization (another world agreeing with the view) gives the same observation."""
    enc = encoding({"players": players})
    rng = Rng(players)
    for number, state in enumerate(_random_states({"players": players}, seed=3)):
        if number % 25 or state.is_over():
            continue
        for seat in state.rules.seats:
            view = state.view(seat)
            sample = GAME.determinize(view, rng)
            assert enc.encode_sparse(sample.view(seat)) == enc.encode_sparse(view)
