"""One game as learning code sees it: spaces, observations, masks, seeds and the checks of an
action. Shared by the AEC and the Parallel environment, so that both give the same agent the
same observation and accept the same actions.

Actions. Agent ``seat`` has ``Discrete(n + 1)`` actions: index ``i < n`` is the encoding's
``action_ids(seat)[i]``, and index ``n`` is **wait**, the no-op of a seat that may not act
now. The mask says what the agent may do at this moment: its legal actions when it is one of
the seats acting now, else only *wait*, and nothing once the game is over. In the AEC
environment the selected agent always acts, so *wait* is never legal for it; the index
exists so that both environments share one action space and one observation space.

Observations come from ``state.view(seat)`` through the game's encoding, never from the
state: an observation holds exactly what that seat may know.
"""

from __future__ import annotations

import io
import secrets
import warnings
from collections.abc import Mapping
from typing import Any, Literal, NoReturn

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from rich.console import Console

from getaway.core import SPECTATOR, IllegalActionError, Rng, State, derive_seed, get_game
from getaway.rl.encodings import Encoding, encoding_for

IllegalPolicy = Literal["terminate", "raise"]
ILLEGAL_POLICIES = ("terminate", "raise")
#: The reward of an agent whose illegal action ended the game (PettingZoo's convention).
ILLEGAL_REWARD = -1.0
WAIT = "wait"


class IllegalActionWarning(UserWarning):
    """An agent played an action its mask forbade, and the game ended with it losing."""


class Episode:
    """The game being played by an environment, and everything the spaces fix about it."""

    def __init__(
        self,
        game_name: str,
        options: Mapping[str, Any],
        *,
        illegal_action: IllegalPolicy = "terminate",
        render_seat: str = SPECTATOR,
    ) -> None:
        if illegal_action not in ILLEGAL_POLICIES:
            raise ValueError(
                f"illegal_action must be one of {', '.join(ILLEGAL_POLICIES)}; "
                f"got {illegal_action!r}"
            )
        self.game = get_game(game_name)
        self.options = self.game.normalize_options(options)
        self.encoding: Encoding = encoding_for(game_name, self.options)
        self.seats: tuple[str, ...] = self.game.seats(self.options)
        if tuple(self.encoding.seats) != self.seats:
            raise ValueError(f"the encoding of {game_name!r} does not seat {self.seats}")
        self.illegal_action = illegal_action
        if render_seat not in (*self.seats, SPECTATOR, "all"):
            raise ValueError(
                f"render_seat must be a seat, {SPECTATOR!r} or 'all'; got {render_seat!r}"
            )
        self.render_seat = render_seat
        size = self.encoding.observation_size
        self.ids = {seat: self.encoding.action_ids(seat) for seat in self.seats}
        self.index = {seat: self.encoding.action_index(seat) for seat in self.seats}
        #: The *wait* index of each seat: one past its last action id.
        self.wait = {seat: len(ids) for seat, ids in self.ids.items()}
        self.action_spaces = {seat: spaces.Discrete(n + 1) for seat, n in self.wait.items()}
        self.observation_spaces = {
            seat: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (n + 1,), np.int8),
                }
            )
            for seat, n in self.wait.items()
        }
        self._state: State | None = None
        self._seeder: Rng | None = None
        #: The seed of the game being played (for a replay); not part of any observation.
        self.game_seed = 0
        #: True when an illegal action ended the game before its rules did.
        self.forfeited = False

    # The game -----------------------------------------------------------------------------

    @property
    def state(self) -> State:
        if self._state is None:
            raise RuntimeError("no game yet: call reset() first")
        return self._state

    @state.setter
    def state(self, state: State) -> None:
        """Play on from ``state`` (tests and analysis: e.g. a position set up by hand)."""
        self._state = state
        self.forfeited = False

    def new_game(self, seed: int | None) -> None:
        """Start a game. The same seed gives the same game; without a seed the next game
        comes from the stream of the last seed given (or from the OS at first)."""
        if seed is not None:
            seed = int(seed)
            self._seeder = Rng(derive_seed(seed, "resets"))
        else:
            if self._seeder is None:
                self._seeder = Rng(secrets.randbits(64))
            seed = self._seeder.next64() >> 1
        self.game_seed = seed
        self.state = self.game.new_state(self.options, seed)

    @property
    def over(self) -> bool:
        return self.forfeited or self.state.is_over()

    def acting(self) -> tuple[str, ...]:
        """The seats that act now (together, in a parallel step)."""
        if self.over:
            return ()
        return self.encoding.acting_together(self.state.to_act())

    def rewards(self) -> dict[str, float]:
        """Each seat's payoff from ``returns()``: 0 until the game is over."""
        returns = self.state.returns()
        return {seat: float(returns[seat]) for seat in self.seats}

    # Observations -------------------------------------------------------------------------

    def mask(self, seat: str, acting: tuple[str, ...]) -> NDArray[np.int8]:
        mask = np.zeros(self.wait[seat] + 1, np.int8)
        if seat in acting:
            index = self.index[seat]
            for action in self.state.legal_actions(seat):
                try:
                    mask[index[action]] = 1
                except KeyError:
                    raise RuntimeError(
                        f"the encoding of {self.game.name!r} does not list {seat}'s legal "
                        f"action {action!r}"
                    ) from None
        elif not self.over:
            mask[self.wait[seat]] = 1
        return mask

    def observe(self, seat: str, acting: tuple[str, ...] | None = None) -> dict[str, Any]:
        if acting is None:
            acting = self.acting()
        # Sparse to dense: converting a Python list of thousands of floats costs far more
        # than scattering the few hundred that are not zero.
        entries = self.encoding.encode_sparse(self.state.view(seat))
        observation = np.zeros(self.encoding.observation_size, np.float32)
        count = len(entries)
        observation[np.fromiter(entries.keys(), np.intp, count)] = np.fromiter(
            entries.values(), np.float32, count
        )
        return {"observation": observation, "action_mask": self.mask(seat, acting)}

    # Actions ------------------------------------------------------------------------------

    def decode(self, seat: str, action: Any, acting: tuple[str, ...]) -> str | None:
        """The action id of index ``action`` for ``seat`` (``None`` for *wait*), or
        :class:`IllegalActionError` when its mask forbids it now."""
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            if action is None:
                self._refuse(seat, "no action", acting, "the seat must act now")
            raise TypeError(f"an action is an integer index; got {action!r} for {seat}")
        index = int(action)
        n = self.wait[seat]
        if not 0 <= index <= n:
            self._refuse(seat, str(index), acting, f"indices run from 0 to {n}")
        name = WAIT if index == n else self.ids[seat][index]
        if not self.mask(seat, acting)[index]:
            self._refuse(seat, f"{index} ({name})", acting, "its mask forbids it now")
        return None if index == n else name

    def _refuse(self, seat: str, action: str, acting: tuple[str, ...], reason: str) -> NoReturn:
        mask = self.mask(seat, acting)
        legal = [
            f"{i} ({WAIT if i == self.wait[seat] else self.ids[seat][i]})"
            for i in np.flatnonzero(mask)
        ]
        raise IllegalActionError(seat, action, legal, reason)

    def forfeit(self, offenders: list[str], error: IllegalActionError) -> dict[str, float]:
        """PettingZoo's convention for an illegal action: the game ends, each offender gets
        :data:`ILLEGAL_REWARD` and everyone else 0."""
        if self.illegal_action == "raise":
            raise error
        warnings.warn(
            f"{error}; the game ends with {', '.join(offenders)} losing",
            IllegalActionWarning,
            stacklevel=3,
        )
        self.forfeited = True
        return {seat: ILLEGAL_REWARD if seat in offenders else 0.0 for seat in self.seats}

    # Rendering ----------------------------------------------------------------------------

    def render_text(self) -> str:
        """The game's text rendering of ``render_seat``'s view, its markup as ANSI colours."""
        text = self.game.render(self.state.view(self.render_seat))
        out = io.StringIO()
        Console(file=out, force_terminal=True, color_system="standard", width=100).print(text)
        return out.getvalue()
