"""A PettingZoo AEC environment for any getaway game that has an encoding.

Agents are the game's seats. One agent acts at a time: the first of the seats the game says may act
(``to_act()``). Several seats answering one step (secret simultaneous choices) simply act one after
another; their commits stay secret until the game reveals them together. Rewards are the game's
``returns()`` when it ends (+1 win, -1 loss), 0 before. See :mod:`getaway.rl.episode` for the
spaces, the masks and what an illegal action does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gymnasium.logger import warn
from gymnasium.spaces import Space
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from getaway.core import SPECTATOR, IllegalActionError
from getaway.rl.episode import Episode, IllegalPolicy


class GetawayAECEnv(AECEnv):  # type: ignore[misc]
    """``env = GetawayAECEnv(game_name, players=4)``; see ``docs/rl.md``."""

    def __init__(
        self,
        game_name: str,
        *,
        render_mode: str | None = None,
        illegal_action: IllegalPolicy = "terminate",
        render_seat: str = SPECTATOR,
        **options: Any,
    ) -> None:
        super().__init__()
        self.episode = Episode(
            game_name, options, illegal_action=illegal_action, render_seat=render_seat
        )
        if render_mode is not None and render_mode not in ("ansi",):
            raise ValueError(f"render_mode must be None or 'ansi'; got {render_mode!r}")
        self.render_mode = render_mode
        self.metadata = {
            "render_modes": ["ansi"],
            "name": f"{game_name.replace('-', '_')}_v0",
            "is_parallelizable": True,
        }
        self.possible_agents: list[str] = list(self.episode.seats)
        self.agents: list[str] = []
        self.observation_spaces = self.episode.observation_spaces
        self.action_spaces = self.episode.action_spaces
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]

    def observation_space(self, agent: str) -> Space[Any]:
        return self.episode.observation_spaces[agent]

    def action_space(self, agent: str) -> Space[Any]:
        return self.episode.action_spaces[agent]

    @property
    def game_state(self) -> Any:
        """The game's state (for analysis and tests; learning code reads observations)."""
        return self.episode.state

    @game_state.setter
    def game_state(self, state: Any) -> None:
        self.episode.state = state
        if not self.episode.over:
            self.agent_selection = self.episode.acting()[0]

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """A new game; ``seed`` fixes it. ``options`` is accepted for the API and ignored:
        the game's options are fixed when the environment is made (they fix the spaces)."""
        self.episode.new_game(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.episode.acting()[0]

    def observe(self, agent: str) -> dict[str, Any]:
        return self.episode.observe(agent)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        episode = self.episode
        acting = episode.acting()
        try:
            action_id = episode.decode(agent, action, acting)
        except IllegalActionError as error:
            self._end(episode.forfeit([agent], error))
            self.infos[agent] = {"illegal_action": action}
            return
        assert action_id is not None  # the selected agent acts: wait is never legal for it
        self._cumulative_rewards[agent] = 0.0
        episode.state.apply(agent, action_id)
        if episode.over:
            self._end(episode.rewards())
            return
        self._clear_rewards()
        self.agent_selection = episode.acting()[0]

    def _end(self, rewards: dict[str, float]) -> None:
        self._cumulative_rewards[self.agent_selection] = 0.0
        self.rewards = {agent: rewards[agent] for agent in self.agents}
        self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            warn("render() called without a render_mode; make the env with render_mode='ansi'")
            return None
        return self.episode.render_text()

    def close(self) -> None:
        """Nothing to release: the game lives in memory."""
