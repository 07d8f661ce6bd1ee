"""What a game may tell a search bot: the seam between game-agnostic search and a game's
own knowledge.

A search bot (``getaway.ai.ismcts``) knows no game. Before each decision it asks the game
(``Game.search_policy``) for a :class:`SearchPolicy` built from the deciding seat's *view*
(never the true state) and uses it to sample determinizations, prune moves, play out games
cheaply and score the end. Every
method has a game-agnostic default, so any game can be searched; a game overrides what it
knows better (location categorization, coalition reduction, epsilon-greedy playouts, move
filtering, opponent models).

Each game-specific improvement is a named *technique* that can be switched off, so its effect
can be measured: ``techniques`` lists them with a one-line description, and the bot passes the
set that is on (``enabled``) when it builds the policy.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from getaway.core.game import Game, State
    from getaway.core.rng import Rng


class SearchPolicy:
    """The game-agnostic default: uniform determinizations from ``game.determinize``, every
    legal action a candidate, uniformly random playouts, the game's own ``returns``."""

    #: Technique name -> one-line description. Subclasses list what they implement.
    techniques: ClassVar[dict[str, str]] = {}
    #: What one iteration of this policy costs, in iterations with uniformly random
    #: playouts. A bot's iteration budget is divided by it, so that a level keeps its time
    #: per move when a game's playouts are dearer (heuristic-guided ones).
    iteration_cost: float = 1.0

    def __init__(
        self,
        game: Game,
        seat: str,
        view: Mapping[str, Any],
        enabled: frozenset[str] | None = None,
    ) -> None:
        self.game = game
        #: The deciding seat (the root of the search).
        self.seat = seat
        #: That seat's view: all the policy may know of the real game.
        self.view = view
        #: The techniques in use; ``None`` means every one this policy has.
        self.enabled = frozenset(self.techniques) if enabled is None else enabled

    def uses(self, technique: str) -> bool:
        return technique in self.enabled

    def prepare(self) -> None:
        """Called once per decision, before the first ``determinize``: the place to parse
        ``view`` once (possible locations, card counts) so that each sample is cheap."""

    def simultaneous(self, state: State, seats: Sequence[str]) -> bool:
        """Whether the ``seats`` of ``state.to_act()`` (more than one) choose without seeing
        each other's choices. The search then keeps separate statistics per seat at that step
        and picks with regret matching, so no seat conditions on choices it cannot see.

        The default, ``True``, is always safe. A game says ``False`` where the seats act one
        after another in any order and each sees the earlier moves (a team moving its pieces
        in the open); the search then lets them act in turn, ``seats[0]`` first."""
        return True

    def observed(self, state: State, seat: str, action: str) -> str:
        """How the deciding seat (``self.seat``) sees ``seat`` play ``action`` in ``state``:
        actions with the same label cannot be told apart by it (a hidden piece's moves seen by
        its hunters: only the ticket). Only asked for seats other than ``self.seat``; the
        search tree then branches on labels, not on moves the deciding seat never sees.

        The default is the game's own rule, ``game.public_action``: what the seat is shown of
        the move (``""`` when it is shown nothing). A game overrides this only to compute
        the same labels faster."""
        from getaway.core.replay import Move

        shown = self.game.public_action(state, Move(seat, action), self.seat)
        return "" if shown is None else shown.shown

    def determinize(self, rng: Rng) -> State:
        """A full state consistent with ``view``. Policies may weight the samples (location
        categorization) but must only return states the view allows."""
        return self.game.determinize(self.view, rng)

    def candidates(self, state: State, seat: str, legal: Sequence[str]) -> Sequence[str]:
        """The actions the search considers for ``seat`` in ``state`` (a subset of ``legal``,
        never empty when ``legal`` is not): move filtering prunes here."""
        return legal

    def default_move(self, legal: Sequence[str], rng: Rng) -> str | None:
        """A move the deciding seat plays unless the search shows, with confidence, that
        another of ``legal`` is better (a strong heuristic's choice), or ``None`` to play the
        search's own choice. With a default the search checks a good player's move rather
        than replaces it, so a biased model or noisy playouts cannot talk it out of a good
        move without evidence. Asked once per decision, after ``prepare``."""
        return None

    def playout_action(self, state: State, seat: str, legal: Sequence[str], rng: Rng) -> str:
        """The action ``seat`` plays in a simulated continuation."""
        return legal[rng.below(len(legal))]

    def evaluate(self, state: State) -> dict[str, float] | None:
        """A payoff estimate per seat for a non-terminal ``state`` where a playout may stop
        early, or ``None`` to play on to the end."""
        return None

    def reward(self, state: State, returns: Mapping[str, float], seat: str) -> float:
        """What ``seat`` gains from a finished (or evaluated) playout, in [-1, 1]. Coalition
        reduction reshapes this for team games."""
        return float(returns.get(seat, 0.0))
