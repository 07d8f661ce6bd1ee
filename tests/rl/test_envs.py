"""The PettingZoo environments: PettingZoo's own API and seed tests for both games, and ours:
no hidden information in observations, masks that are exactly the legal actions, seeded
resets, the parallel stepping rules, illegal actions, rendering and the docs' example."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import numpy as np
import pytest
from pettingzoo.test import (  # type: ignore[import-untyped]
    api_test,
    parallel_api_test,
    parallel_seed_test,
    seed_test,
)

from getaway.core import IllegalActionError, Rng, UnknownGameError, register_game, unregister_game
from getaway.rl import env, parallel_env
from getaway.rl.episode import IllegalActionWarning
from tests.core.toy_game import GAME as TOY

CONFIGS = [
    pytest.param("scotland-yard", {"players": 4}, id="sy-4"),
    pytest.param("scotland-yard", {"players": 2}, id="sy-2"),
    pytest.param("cash-n-guns", {"players": 5}, id="cng-5"),
    pytest.param(
        "cash-n-guns", {"players": 6, "advanced": True, "undercover_cop": True}, id="cng-6-adv-cop"
    ),
]

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


# PettingZoo's own tests ---------------------------------------------------------------------


@pytest.mark.parametrize(("game", "options"), CONFIGS)
def test_pettingzoo_api_test(game, options):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(game, **options), num_cycles=1000)


@pytest.mark.parametrize(("game", "options"), CONFIGS)
def test_pettingzoo_parallel_api_test(game, options):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(parallel_env(game, **options), num_cycles=1000)


@pytest.mark.parametrize(("game", "options"), CONFIGS)
def test_pettingzoo_seed_test(game, options):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_test(lambda: env(game, **options), num_cycles=500)


@pytest.mark.parametrize(("game", "options"), CONFIGS)
def test_pettingzoo_parallel_seed_test(game, options):
    # It samples actions without masks, so it exercises the illegal-action convention too.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_seed_test(lambda: parallel_env(game, **options), num_cycles=500)


# Helpers ------------------------------------------------------------------------------------


def _play_aec(aec, rng: Rng, until=None, check=None) -> None:
    """Play random masked actions until the game ends or ``until(aec)`` holds."""
    for agent in aec.agent_iter():
        obs, _, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            aec.step(None)
            continue
        if until is not None and until(aec):
            return
        if check is not None:
            check(aec, agent)
        legal = np.flatnonzero(obs["action_mask"])
        aec.step(int(legal[rng.below(len(legal))]))


def _mask_set(obs) -> set[int]:
    return {int(i) for i in np.flatnonzero(obs["action_mask"])}


# Observations hold what the seat may know, and nothing else ---------------------------------


def test_a_detective_observation_ignores_mr_x_hidden_station():
    aec = env("scotland-yard", players=4)
    aec.reset(seed=11)
    rng = Rng(11)

    def hidden_detectives_turn(e) -> bool:
        view = e.game_state.view("d1")
        return e.agent_selection != "mrx" and view["round"] >= 2 and not view["mrx_visible"]

    _play_aec(aec, rng, until=hidden_detectives_turn)
    state = aec.game_state
    before = {seat: aec.observe(seat) for seat in aec.possible_agents}
    possible = state.view("d1")["possible_locations"]
    elsewhere = [s for s in possible if s != state.pos[0] and not state.occ >> s & 1]
    assert elsewhere, "the test needs another station Mr. X could be on"
    moved = state.clone()
    moved.pos[0] = elsewhere[0]
    moved.log_station[-1] = elsewhere[0]
    aec.game_state = moved
    for seat in ("d1", "d2", "d3"):
        after = aec.observe(seat)
        assert np.array_equal(after["observation"], before[seat]["observation"]), seat
        assert np.array_equal(after["action_mask"], before[seat]["action_mask"]), seat
    # Mr. X knows where he is: the change is visible to him, so the test can fail.
    assert not np.array_equal(aec.observe("mrx")["observation"], before["mrx"]["observation"])


def test_a_cash_n_guns_observation_ignores_other_players_secrets():
    aec = env("cash-n-guns", players=5, advanced=True)
    aec.reset(seed=5)
    _play_aec(aec, Rng(5), until=lambda e: e.game_state.step_name() == "aim")
    state = aec.game_state
    before = {seat: aec.observe(seat)["observation"] for seat in aec.possible_agents}
    changed = state.clone()
    # el-toro loaded another card (his hand holds the one he loaded before) ...
    i = 1
    old = changed.card[2 * i]
    new = next(k for k in range(3) if k != old and changed.hand[6 * i + k] > 0)
    changed.hand[6 * i + old] += 1
    changed.hand[6 * i + new] -= 1
    changed.card[2 * i] = new
    # ... and lotus and mr-black hold each other's (unrevealed) ability cards.
    changed.ability[2], changed.ability[3] = changed.ability[3], changed.ability[2]
    assert not changed.is_revealed(2) and not changed.is_revealed(3)
    aec.game_state = changed
    for seat in ("tino", "haggis"):
        assert np.array_equal(aec.observe(seat)["observation"], before[seat]), seat
    for seat in ("el-toro", "lotus", "mr-black"):
        assert not np.array_equal(aec.observe(seat)["observation"], before[seat]), seat


# Masks are the legal actions ----------------------------------------------------------------


@pytest.mark.parametrize(("game", "options"), CONFIGS)
def test_aec_masks_match_legal_actions(game, options):
    aec = env(game, **options)
    episode = aec.episode
    checked = 0

    def check(e, agent) -> None:
        nonlocal checked
        state = e.game_state
        acting = episode.encoding.acting_together(state.to_act())
        assert agent == acting[0]
        for seat in e.agents:
            obs = e.observe(seat)
            assert e.observation_space(seat).contains(obs)
            if seat in acting:
                index = episode.encoding.action_index(seat)
                assert _mask_set(obs) == {index[a] for a in state.legal_actions(seat)}
            else:
                assert _mask_set(obs) == {episode.wait[seat]}
            checked += 1

    for seed in range(2):
        aec.reset(seed=seed)
        _play_aec(aec, Rng(seed), check=check)
        assert not aec.agents
    assert checked > 100


@pytest.mark.parametrize(("game", "options"), CONFIGS)
def test_parallel_steps_act_together_only_where_the_game_allows(game, options):
    par = parallel_env(game, **options)
    rng = Rng(3)
    for seed in range(2):
        obs, _ = par.reset(seed=seed)
        while par.agents:
            state = par.game_state
            to_act = state.to_act()
            acting = [a for a in par.agents if len(_mask_set(obs[a]) - {par.episode.wait[a]})]
            if game == "scotland-yard":
                assert acting == [to_act[0]]
            else:
                assert acting == list(to_act)
            actions = {}
            for agent in par.agents:
                legal = sorted(_mask_set(obs[agent]))
                actions[agent] = legal[rng.below(len(legal))]
            obs, rewards, terminations, _, _ = par.step(actions)
        assert all(terminations.values())
        assert rewards == {seat: float(v) for seat, v in par.game_state.returns().items()}


# Seeds --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "options"), CONFIGS)
def test_the_same_seed_gives_the_same_game_and_others_differ(game, options):
    aec = env(game, **options)
    aec.reset(seed=7)
    first = aec.game_state.to_json()
    aec.reset(seed=8)
    other = aec.game_state.to_json()
    aec.reset(seed=7)
    assert aec.game_state.to_json() == first
    assert other != first

    # Unseeded resets continue the last seed's stream: the same sequence of games again.
    def unseeded_games() -> list[str]:
        aec.reset(seed=7)
        games = []
        for _ in range(3):
            aec.reset()
            games.append(str(aec.game_state.to_json()))
        return games

    stream = unseeded_games()
    assert unseeded_games() == stream
    assert len(set(stream)) == 3 and str(first) not in stream


# Illegal actions ----------------------------------------------------------------------------


def test_an_illegal_action_raises_when_asked_and_changes_nothing():
    aec = env("scotland-yard", players=4, illegal_action="raise")
    aec.reset(seed=2)
    before = aec.game_state.to_json()
    obs = aec.observe("mrx")
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match="mask forbids"):
        aec.step(illegal)
    assert aec.game_state.to_json() == before
    assert aec.agent_selection == "mrx"
    with pytest.raises(IllegalActionError, match="indices run from 0"):
        aec.step(10**6)
    with pytest.raises(TypeError):
        aec.step("taxi:46")


def test_an_illegal_action_ends_the_game_with_the_offender_losing_by_default():
    aec = env("cash-n-guns", players=5)
    aec.reset(seed=2)
    agent = aec.agent_selection
    illegal = int(np.flatnonzero(aec.observe(agent)["action_mask"] == 0)[0])
    with pytest.warns(IllegalActionWarning, match=agent):
        aec.step(illegal)
    assert all(aec.terminations.values())
    assert aec._cumulative_rewards[agent] == -1.0
    assert all(aec._cumulative_rewards[a] == 0.0 for a in aec.agents if a != agent)
    assert aec.infos[agent] == {"illegal_action": illegal}
    for a in aec.agent_iter():
        aec.step(None)
        assert a not in aec.agents
    assert not aec.agents


def test_a_waiting_parallel_agent_may_only_wait():
    par = parallel_env("scotland-yard", players=4, illegal_action="raise")
    obs, _ = par.reset(seed=4)
    mrx_move = int(np.flatnonzero(obs["mrx"]["action_mask"])[0])
    d1_move = 0  # some move of d1's: not allowed while Mr. X moves
    with pytest.raises(IllegalActionError, match="'d1'"):
        par.step({"mrx": mrx_move, "d1": d1_move})
    # Missing actions of waiting agents count as waiting.
    obs, rewards, *_ = par.step({"mrx": mrx_move})
    assert rewards == dict.fromkeys(par.agents, 0.0)
    assert par.game_state.to_act() != ("mrx",)


# Rendering and the docs ---------------------------------------------------------------------


def test_render_ansi_shows_the_spectator_view():
    aec = env("scotland-yard", players=4, render_mode="ansi")
    aec.reset(seed=1)
    text = aec.render()
    assert text is not None
    assert "Scotland Yard" in text and "\x1b[" in text
    assert "Spectator view" in text
    par = parallel_env("cash-n-guns", players=4, render_mode="ansi")
    par.reset(seed=1)
    text = par.render()
    assert text is not None and "Cash 'n Guns" in text
    quiet = env("cash-n-guns")
    quiet.reset(seed=1)
    with pytest.warns(UserWarning, match="render_mode"):
        assert quiet.render() is None


def test_unknown_games_and_bad_settings_are_refused_clearly():
    with pytest.raises(UnknownGameError):
        env("no-such-game")
    register_game(TOY)
    try:
        with pytest.raises(ValueError, match="no encoding for reinforcement learning"):
            env(TOY.name)
    finally:
        unregister_game(TOY.name)
    with pytest.raises(ValueError, match="illegal_action"):
        env("scotland-yard", illegal_action="ignore")
    with pytest.raises(Exception, match="players"):
        env("cash-n-guns", players=9)


def test_the_docs_training_loop_runs():
    text = DOCS.read_text("utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)
    loop = next(b for b in blocks if "def train" in b)
    namespace: dict[str, object] = {}
    exec(compile(loop, str(DOCS), "exec"), namespace)
    results = namespace["results"]
    assert isinstance(results, dict) and results
