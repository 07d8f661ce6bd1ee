"""Playing whole games between bots through the public protocol."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from getaway.core import Bot, Game, Outcome, Session, bot_rng


@dataclass
class GameRecord:
    session: Session
    plies: int

    @property
    def outcome(self) -> Outcome | None:
        return self.session.state.outcome()


def play_game(
    game: Game,
    options: Mapping[str, object] | None,
    seed: int,
    bots: Mapping[str, Bot],
    max_plies: int = 100_000,
) -> GameRecord:
    """Play one game where ``bots[seat]`` acts for each seat. Each seat's bot gets only that
    seat's view. The bots' randomness is derived from ``seed`` one way
    (:func:`~getaway.core.bot_rng`): the game is reproducible and no bot can work back to the
    seed."""
    session = Session.new(game, options, seed)
    state = session.state
    rngs = {seat: bot_rng(seed, "bot", seat) for seat in state.seats}
    plies = 0
    while not session.state.is_over():
        if plies >= max_plies:
            raise RuntimeError(f"game did not end within {max_plies} plies")
        seat = session.state.to_act()[0]
        legal = session.state.legal_actions(seat)
        action = bots[seat].choose(game, seat, session.state.view(seat), legal, rngs[seat])
        session.act(seat, action)
        plies += 1
    return GameRecord(session, plies)
