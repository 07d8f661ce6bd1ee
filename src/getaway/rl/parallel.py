"""A PettingZoo Parallel environment for any getaway game that has an encoding.

Every live agent sends an action each step. Turn-based games are exposed the way PettingZoo
exposes them elsewhere: the agents that may not act now send the *wait* no-op (the only
action their mask allows; a missing action counts as *wait*). Who acts together is the
game's call (its encoding's ``acting_together``):

* where seats move one after another against the positions as they stand, one seat per
  step, the first in ``to_act()``;
* where seats answer one step together (secret simultaneous choices, reaction windows),
  every seat asked at once, applied in seat order; secret commits are revealed together by
  the game, so the order changes nothing.

This is a native ``ParallelEnv`` rather than ``aec_to_parallel`` of the AEC environment: that
wrapper is for games whose agents all act every step, and PettingZoo's
``parallel_api_test`` refuses wrapped environments.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gymnasium.logger import warn
from gymnasium.spaces import Space
from pettingzoo import ParallelEnv  # type: ignore[import-untyped]

from getaway.core import SPECTATOR, IllegalActionError
from getaway.rl.episode import Episode, IllegalPolicy

Step = tuple[
    dict[str, dict[str, Any]],
    dict[str, float],
    dict[str, bool],
    dict[str, bool],
    dict[str, dict[str, Any]],
]


class GetawayParallelEnv(ParallelEnv):  # type: ignore[misc]
    """``env = GetawayParallelEnv(game_name, players=5)``; see ``docs/rl.md``."""

    def __init__(
        self,
        game_name: str,
        *,
        render_mode: str | None = None,
        illegal_action: IllegalPolicy = "terminate",
        render_seat: str = SPECTATOR,
        **options: Any,
    ) -> None:
        self.episode = Episode(
            game_name, options, illegal_action=illegal_action, render_seat=render_seat
        )
        if render_mode is not None and render_mode not in ("ansi",):
            raise ValueError(f"render_mode must be None or 'ansi'; got {render_mode!r}")
        self.render_mode = render_mode
        self.metadata = {
            "render_modes": ["ansi"],
            "name": f"{game_name.replace('-', '_')}_v0",
        }
        self.possible_agents: list[str] = list(self.episode.seats)
        self.agents: list[str] = []
        self.observation_spaces = self.episode.observation_spaces
        self.action_spaces = self.episode.action_spaces

    def observation_space(self, agent: str) -> Space[Any]:
        return self.episode.observation_spaces[agent]

    def action_space(self, agent: str) -> Space[Any]:
        return self.episode.action_spaces[agent]

    @property
    def game_state(self) -> Any:
        """The game's state (for analysis and tests; learning code reads observations)."""
        return self.episode.state

    def reset(
        self, seed: int | None = None, options: Mapping[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
        """A new game; ``seed`` fixes it. ``options`` is accepted for the API and ignored:
        the game's options are fixed when the environment is made (they fix the spaces)."""
        self.episode.new_game(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), {agent: {} for agent in self.agents}

    def step(self, actions: Mapping[str, Any]) -> Step:
        agents = self.agents
        if not agents:
            raise RuntimeError("the game is over: call reset() first")
        strangers = sorted(set(actions) - set(agents))
        if strangers:
            raise ValueError(f"actions for agents not in the game: {', '.join(strangers)}")
        episode = self.episode
        acting = episode.acting()
        chosen: dict[str, str] = {}
        offenders: list[str] = []
        error: IllegalActionError | None = None
        for agent in agents:
            default = None if agent in acting else episode.wait[agent]
            try:
                action_id = episode.decode(agent, actions.get(agent, default), acting)
            except IllegalActionError as refused:
                offenders.append(agent)
                error = error or refused
                continue
            if action_id is not None:
                chosen[agent] = action_id
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in agents}
        if error is not None:
            rewards = episode.forfeit(offenders, error)
            for agent in offenders:
                infos[agent] = {"illegal_action": actions.get(agent)}
        else:
            for agent in acting:
                episode.state.apply(agent, chosen[agent])
            rewards = episode.rewards()
        over = episode.over
        observations = self._observations()
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, False)
        rewards = {agent: rewards[agent] for agent in agents}
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _observations(self) -> dict[str, dict[str, Any]]:
        acting = self.episode.acting()
        return {agent: self.episode.observe(agent, acting) for agent in self.agents}

    def render(self) -> str | None:
        if self.render_mode is None:
            warn("render() called without a render_mode; make the env with render_mode='ansi'")
            return None
        return self.episode.render_text()

    def close(self) -> None:
        """Nothing to release: the game lives in memory."""
