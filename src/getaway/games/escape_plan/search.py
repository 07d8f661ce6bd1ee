"""What Escape Plan tells a search bot (see :mod:`getaway.core.search`).

Samples come from the game's determinizer (``determinizer.py``: deck orders, unseen tiles
and Escape Plan cards, the other players' cash), drawn from the deciding seat's view only.
A game is long (hundreds of decisions, most of them steps of a Move), so uniformly random
playouts to the end say little: random players never escape. The techniques, each
switchable:

* ``heuristic-playouts``: in a playout each seat plays the heuristic bot's move from its
  own view of the sample (:mod:`getaway.games.escape_plan.bots`), with some uniformly
  random moves (epsilon-greedy), not uniform moves.
* ``cutoff``: a playout stops ``HORIZON`` parts of the day after the decision's, once no
  step decision is open, and the position is scored (:func:`estimate`: cash, the money of
  the Escape Plan lines visited, the escape and its prospects, notoriety's penalty, Wounds)
  instead of playing on to the end of Day 3.
* ``rank-reward``: a cutoff's score is each seat's rank by that estimate mapped to [-1, 1]
  (first 1, last -1; solo: the estimate against a par), a fifth of it the margin over the
  others' mean, not +1 for the leader and -1 for the rest: in a 5-player game second place
  is worth playing for. (At the real end the game's own returns are used; they rank by
  final place already.)
* ``move-filter``: in the tree the search does not consider steps the heuristic rates as
  wasted (a walk onto a node already walked, an escape it cannot pay, a First Aid without a
  Wound), while another step remains.
* ``anchor``: the heuristic bot's move (from the seat's view, as ``heuristic`` plays) is the
  default: the search plays another only when its mean reward is better by ``z`` standard
  errors (:meth:`getaway.core.search.SearchPolicy.default_move`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, cast

from getaway.core.rng import Rng
from getaway.core.search import SearchPolicy
from getaway.games.escape_plan.bots import HeuristicBot, score
from getaway.games.escape_plan.bots_view import SeatView
from getaway.games.escape_plan.notoriety import penalty
from getaway.games.escape_plan.scoring import plan_money
from getaway.games.escape_plan.state import PARTS, Table
from getaway.games.escape_plan.views import lazy_view

if TYPE_CHECKING:
    from getaway.core.game import Game, State
    from getaway.games.escape_plan.game import EscapePlanState
    from getaway.games.escape_plan.options import Rules

#: Iterations per level: one iteration (a sample, a tree walk, a heuristic playout to the
#: cutoff) costs far more than a uniform playout, and the levels' time caps bind first.
SEARCH_BUDGETS = {"easy": 12, "medium": 40, "hard": 120}
#: Playouts: the share of uniformly random moves among the heuristic's.
EPSILON = 0.1
#: ``cutoff``: parts of the day (Morning ... Dawn) played out before the estimate.
HORIZON = 3
#: What an escape is worth in the estimate ($k): an arrested player scores nothing.
ESCAPED = 100.0
#: Share of ``ESCAPED`` counted for a pawn still in the city: before the last Day, and on it
#: with or without the escape cost in hand.
PROSPECT_EARLY = 0.6
PROSPECT_PAID = 0.8
PROSPECT_UNPAID = 0.2
#: Estimate of an arrested player: below anyone else.
ARRESTED = -1000.0
#: A red Wound ($k): it slows the pawn and may end in the Hospital.
WOUND = 5.0
#: Solo ``rank-reward``: the estimate that counts as even against Lieutenant Costa, and its
#: scale.
SOLO_PAR = ESCAPED + 40.0
SOLO_SCALE = 40.0
#: ``rank-reward``: the share of the reward that is the margin over the others ($k, scaled).
MARGIN_SHARE = 0.2
MARGIN_SCALE = 40.0
#: ``move-filter``: a step the heuristic scores at or below this is wasted.
WASTED = -2.5


def clock(day: int, phase: str, part: str) -> int:
    """Where the game stands in parts of the day: Income to Turn Order before the Morning,
    the Day Change after the Dawn."""
    if phase in ("INCOME", "PATROL", "CITY", "TURN_ORDER"):
        within = 0
    elif phase in ("DAY_CHANGE", "END"):
        within = len(PARTS) + 1
    else:
        within = PARTS.index(part) + 1 if part in PARTS else 0
    return day * (len(PARTS) + 2) + within


def estimate(rules: Rules, table: Table, seat: str) -> float:
    """A seat's final score as the position promises it ($k), see the module docstring."""
    player = table.players[seat]
    if player.status == "arrested":
        return ARRESTED
    content = rules.content
    visited = [
        f"{kind}:{ident}"
        for kind, buildings in (("business", table.businesses), ("safe_house", table.safe_houses))
        for ident, building in buildings.items()
        if any(owner == seat for owner, _ in building.cubes)
    ]
    value = float(player.cash + sum(plan_money(content, player.escape_plan, visited).values()))
    value += penalty(content.notoriety_track, player.notoriety) - WOUND * player.wounds_red
    if player.status == "escaped":
        return value + ESCAPED
    last_day = len(content.police.patrol_draws_per_day)
    if table.day < last_day:
        return value + PROSPECT_EARLY * ESCAPED
    costs = content.for_players(len(rules.seats)).exit_costs
    cost = costs[min(len(table.escaped), len(costs) - 1)]
    return value + (PROSPECT_PAID if player.cash >= cost else PROSPECT_UNPAID) * ESCAPED


def rank_rewards(values: Mapping[str, float]) -> dict[str, float]:
    """Rank by value mapped to [-1, 1] (first 1, last -1, ties sharing their places' mean),
    refined by the margin over the others' mean: a few ranks alone are too coarse for a
    search with few playouts (equal rewards look certain)."""
    seats = list(values)
    n = len(seats)
    if n == 1:
        (seat,) = seats
        return {seat: math.tanh((values[seat] - SOLO_PAR) / SOLO_SCALE)}
    total = sum(values.values())
    rewards = {}
    for seat in seats:
        above = sum(1 for other in seats if values[other] > values[seat])
        tied = sum(1 for other in seats if values[other] == values[seat])
        place = above + (tied - 1) / 2.0
        margin = values[seat] - (total - values[seat]) / (n - 1)
        rank = 1.0 - 2.0 * place / (n - 1)
        rewards[seat] = (1.0 - MARGIN_SHARE) * rank + MARGIN_SHARE * math.tanh(
            margin / MARGIN_SCALE
        )
    return rewards


def leader_rewards(values: Mapping[str, float]) -> dict[str, float]:
    """+1 for the leaders (solo: above the par), -1 for the rest."""
    top = max(values.values()) if len(values) > 1 else SOLO_PAR
    return {seat: 1.0 if value >= top else -1.0 for seat, value in values.items()}


class EscapePlanSearchPolicy(SearchPolicy):
    techniques: ClassVar[dict[str, str]] = {
        "heuristic-playouts": "playouts play the heuristic bot's move from each seat's view "
        "of the sample, epsilon-greedy",
        "cutoff": f"playouts stop {HORIZON} parts of the day on and score the position (cash, "
        "plan money, escape prospects, notoriety, Wounds)",
        "rank-reward": "a cutoff scores each seat's estimated rank in [-1, 1], not +1 for "
        "the leader and -1 for the rest",
        "move-filter": "the tree skips steps the heuristic rates as wasted while others remain",
        "anchor": "the heuristic bot's move unless another is better by z standard errors",
    }
    #: Left at 1: the game's own ``SEARCH_BUDGETS`` are counted in this policy's iterations
    #: (measured: about 8 ms each with every technique on, 3 players, against about 28 ms
    #: for a uniform playout to the end).
    iteration_cost = 1.0

    def __init__(
        self,
        game: Game,
        seat: str,
        view: Mapping[str, Any],
        enabled: frozenset[str] | None = None,
    ) -> None:
        super().__init__(game, seat, view, enabled)
        self.playouts = self.uses("heuristic-playouts")
        self.ranked = self.uses("rank-reward")
        self.filter = self.uses("move-filter")
        self.cut: int | None = None
        self._bot = HeuristicBot()

    def prepare(self) -> None:
        if self.uses("cutoff"):
            table = self.view["table"]
            self.cut = clock(int(table["day"]), str(table["phase"]), str(table["part"])) + HORIZON

    # The tree -----------------------------------------------------------------------------

    def candidates(self, state: State, seat: str, legal: Sequence[str]) -> Sequence[str]:
        if not self.filter or len(legal) < 2:
            return legal
        reader = SeatView(lazy_view(cast("EscapePlanState", state), seat), seat)
        kept = [action for action in legal if score(reader, action) > WASTED]
        return kept or legal

    def default_move(self, legal: Sequence[str], rng: Rng) -> str | None:
        if not self.uses("anchor"):
            return None
        return self._bot.choose(self.game, self.seat, self.view, legal, rng)

    # Playouts -----------------------------------------------------------------------------

    def playout_action(self, state: State, seat: str, legal: Sequence[str], rng: Rng) -> str:
        if len(legal) == 1:
            return legal[0]
        if not self.playouts or rng.random() < EPSILON:
            return legal[int(rng.random() * len(legal))]
        # The seat's view built field by field as the heuristic reads it (``lazy_view``):
        # the same view, without the nine tenths of the table it never reads.
        view = lazy_view(cast("EscapePlanState", state), seat)
        return self._bot.choose(self.game, seat, view, legal, rng)

    def evaluate(self, state: State) -> dict[str, float] | None:
        if self.cut is None:
            return None
        s = cast("EscapePlanState", state)
        table = s.table
        if s.decision is not None or clock(table.day, table.phase, table.part) < self.cut:
            return None
        values = {seat: estimate(s.rules, s.table, seat) for seat in s.rules.seats}
        return rank_rewards(values) if self.ranked else leader_rewards(values)
