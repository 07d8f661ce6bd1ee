"""What Escape from New York tells a search bot (see :mod:`getaway.core.search`).

Samples come from the game's determinizer (``determinizer.py``), drawn from the deciding
seat's view only. A game runs to some 300 actions and uniformly random heroes never escape,
so random playouts to the end say nothing; the techniques, each switchable:

* ``anchor``: the heuristic bot's move (``bots.py``, from the seat's view) is the default:
  the search plays another only when its mean reward is better by ``z`` standard errors.
* ``move-filter``: in the tree the search considers the heuristic's best few actions
  (:data:`KEPT`), not the dozens of steps, hits and supply uses a choice may offer.
* ``cutoff``: a playout stops once the turn under way at the decision is over (New York's
  phase and its choices included) and the position is scored by :func:`progress` (the
  team's way to the escape, its time and health, the enemies about it) instead of playing
  on to the fatal red card.
* ``focus``: the budget goes to the choices that shape a hero's turn (:data:`FOCUS`:
  whether to recover, the two cards, their order and the personal ability); every other
  choice (a step, a hit, New York's enemies) is the heuristic's, checked by one iteration.
* ``guided``: the rest of the turn is played by the heuristic (each seat from its own view
  in the sample), so a card pair is scored by what the hero would then do with it.
* ``shared-samples``: the decision's iterations share :data:`SAMPLES` determinizations,
  taken in turn, so the moves compared met the same hidden cards and the same draws.

The game is co-operative: every seat is scored by the team's progress (a hero escaping
alone scores +1 for itself and -1 for the others at the real end, as the game's returns
say).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, cast

from getaway.core.rng import Rng
from getaway.core.search import SearchPolicy
from getaway.games.escape_from_new_york import board
from getaway.games.escape_from_new_york.bots import NEVER, HeuristicBot, score
from getaway.games.escape_from_new_york.bots_view import SeatView

if TYPE_CHECKING:
    from getaway.core.game import Game, State
    from getaway.games.escape_from_new_york.game import EscapeFromNewYorkState
    from getaway.games.escape_from_new_york.options import Rules
    from getaway.games.escape_from_new_york.state import Table

#: Iterations per level, spent at the choices of :data:`FOCUS` (``focus``): an iteration
#: costs a shared sample's copy, the heuristic's scores at each new tree node and, with
#: ``guided``, the heuristic's moves to the end of the turn (some 10-20 ms in all).
SEARCH_BUDGETS = {"easy": 4, "medium": 8, "hard": 16}
#: ``move-filter``: the heuristic's best actions the tree considers.
KEPT = 4
#: ``focus``: the stages whose choices shape a hero's turn.
FOCUS = frozenset({"recover", "choose"})
#: ``shared-samples``: the determinizations a decision's iterations share.
SAMPLES = 4
#: What a decision outside :data:`FOCUS` declares one iteration to cost under ``focus``:
#: enough that any level's budget comes to a single iteration there.
UNFOCUSED_COST = 1e9

#: :func:`progress`'s weights (a sum mapped to [-1, 1]). The clock is the scale: a black
#: timer card is worth :data:`TIME` / (the black cards dealt); a card in hand some eighth of
#: that (a recovery gives a whole hand back for one timer card).
PRESIDENT = 1.5
TAPE = 0.6
DIAGRAM = 0.4
LANDMARK = 0.1
TIME = 1.5
CARDS = 0.02
THREAT = 0.04
GATHER = 0.06
#: The value that scores 0: a team about half-way to the escape.
PAR = 1.6


def progress(rules: Rules, table: Table) -> float:
    """The team's prospects in [-1, 1]: the President rescued, the Tape and a Diagram with
    the heroes, landmarks explored, the black timer cards left, cards in hand (health),
    the enemies within reach of the heroes, and after the rescue how far the heroes stand
    from the nearest bridgehead of a Diagram they hold."""
    held = {card.id for hero in table.heroes.values() for card in hero.supply}
    diagrams = {i.id: i.bridge for i in rules.content.items.items if i.bridge is not None}
    value = PRESIDENT * table.president_taken + TAPE * ("tape" in held)
    bridges = sorted(diagrams[c] for c in held if c in diagrams)
    value += DIAGRAM * bool(bridges)
    hidden = sum(1 for cell in table.spaces if board.hidden_landmark(rules, table, cell))
    value += LANDMARK * (len(rules.content.landmarks.landmarks) - hidden)
    reds = {card.id for card in rules.content.timer.red}
    black = sum(1 for card in table.timer_deck if card not in reds)
    value += TIME * black / max(rules.black_timer_cards, 1)
    for hero in table.heroes.values():
        value += CARDS * len(hero.hand)
        value -= THREAT * sum(
            board.enemy_count(table, there)
            for there in [hero.cell, *board.road_neighbours(rules, table, hero.cell)]
        )
    if table.president_taken and bridges:
        # The nearest of those bridges, as the heuristic's heroes gather at the nearest.
        heads = [(b.col, b.row) for b in rules.content.board.bridges if b.number in bridges]
        value -= GATHER * min(
            sum(rules.topology.distance(hero.cell, head) for hero in table.heroes.values())
            for head in heads
        )
    return math.tanh(value - PAR)


class EscapeFromNewYorkSearchPolicy(SearchPolicy):
    techniques: ClassVar[dict[str, str]] = {
        "anchor": "the heuristic bot's move unless another is better by z standard errors",
        "move-filter": f"the tree considers the heuristic's best {KEPT} actions",
        "cutoff": "playouts stop at the end of the turn under way and score the team's progress",
        "focus": "the budget goes to recovering and the cards; other choices are the "
        "heuristic's, checked by one iteration",
        "guided": "the rest of the turn is played by the heuristic, each seat from its view",
        "shared-samples": f"a decision's iterations share {SAMPLES} determinizations",
    }
    iteration_cost = 1.0

    def __init__(
        self,
        game: Game,
        seat: str,
        view: Mapping[str, Any],
        enabled: frozenset[str] | None = None,
    ) -> None:
        super().__init__(game, seat, view, enabled)
        self._bot = HeuristicBot()
        self.filter = self.uses("move-filter")
        self.guided = self.uses("guided")
        #: ``cutoff``: playouts stop at the end of the turn under way (the sample's turn
        #: object, replaced by the rules when it ends).
        self.cutoff = False
        #: ``focus``: whether this decision gets the level's budget.
        self.focused = not self.uses("focus") or str(view["turn"]["stage"]) in FOCUS
        if not self.focused:
            self.iteration_cost = UNFOCUSED_COST
        self._default: str | None = None
        self._turn_object: object = None
        self._samples: list[State] = []
        self._drawn = 0
        #: The guided playouts' tie-breaks: a generator of their own, seeded per sample, so
        #: that every move compared on a sample meets the same draws.
        self._ties = Rng(0)

    def prepare(self) -> None:
        self.cutoff = self.uses("cutoff")

    # Samples ------------------------------------------------------------------------------

    def determinize(self, rng: Rng) -> State:
        if not self.uses("shared-samples"):
            sample = cast("EscapeFromNewYorkState", self.game.determinize(self.view, rng))
        else:
            if len(self._samples) < SAMPLES:
                self._samples.append(self.game.determinize(self.view, rng))
            index = self._drawn % len(self._samples)
            self._drawn += 1
            self._ties = Rng(index + 1)
            sample = cast("EscapeFromNewYorkState", self._samples[index].clone())
        # The turn under way: the rules replace this object when the turn ends (with one
        # hero the seat to play never changes, so the seat cannot tell).
        self._turn_object = sample.turn
        return sample

    # The tree -----------------------------------------------------------------------------

    def candidates(self, state: State, seat: str, legal: Sequence[str]) -> Sequence[str]:
        if not self.focused:
            # One iteration checks the heuristic's move: it is the only one offered.
            default = self._default
            chosen = default if default is not None and default in legal else None
            return [chosen or self._heuristic(state, seat, legal)]
        reader = SeatView(cast("EscapeFromNewYorkState", state).view(seat), seat)
        scores = {action: score(reader, action) for action in legal}
        # What the heuristic rules out is not searched either: abandoning a car and taking
        # it back are free and undo each other, so a tree that may abandon can put off a
        # forced recovery (and its timer card) for ever, each playout cut before it.
        allowed = [action for action in legal if scores[action] > NEVER] or list(legal)
        if not self.filter or len(allowed) <= KEPT:
            return allowed
        ranked = sorted(allowed, key=lambda action: -scores[action])
        kept = set(ranked[:KEPT])
        return [action for action in allowed if action in kept]

    def default_move(self, legal: Sequence[str], rng: Rng) -> str | None:
        if not self.uses("anchor"):
            return None
        self._default = self._bot.choose(self.game, self.seat, self.view, legal, rng)
        return self._default

    # Playouts -----------------------------------------------------------------------------

    def playout_action(self, state: State, seat: str, legal: Sequence[str], rng: Rng) -> str:
        if len(legal) == 1:
            return legal[0]
        if not self.guided or not self.focused:
            return legal[rng.below(len(legal))]
        return self._heuristic(state, seat, legal)

    def _heuristic(self, state: State, seat: str, legal: Sequence[str] | None = None) -> str:
        moves = state.legal_actions(seat) if legal is None else legal
        view = cast("EscapeFromNewYorkState", state).view(seat)
        return self._bot.choose(self.game, seat, view, moves, self._ties)

    def evaluate(self, state: State) -> dict[str, float] | None:
        if not self.cutoff:
            return None
        s = cast("EscapeFromNewYorkState", state)
        if self.focused and s.turn is self._turn_object:
            return None  # the turn goes on (New York's phase is still this hero's turn)
        # Outside the focus the one iteration checks nothing a playout could change.
        value = progress(s.rules, s.table)
        return dict.fromkeys(s.rules.seats, value)
