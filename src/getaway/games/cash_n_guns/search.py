"""What Cash 'n Guns tells a search bot (see :mod:`getaway.core.search`).

The game's secrets are small but decisive: which card each gun holds this round, which card
each player threw away face down in earlier rounds, and the answers already committed in the
current simultaneous step (loads, aims, hide-or-stay, the phone). The uniform determinizer
treats every unseen card as equally likely in every slot and every committed answer as a coin
flip. Players are not like that: a "Bang! Bang! Bang!" is kept for late, few players hide with
nobody aiming at them, a bullet goes to where a hit pays. The techniques, each switchable:

* ``opponent-model``: the other seats' loaded cards and committed answers in the current
  round are drawn from a model of how players choose (:mod:`getaway.games.cash_n_guns.model`,
  the heuristic bot's reasoning on the state), mixed with some uniform noise so that unusual
  players are not ruled out.
* ``aim-evidence`` (with ``opponent-model``): once the aims are shown, each player's loaded
  card is also weighed by how likely his shown aim was with that card (a bullet goes where a
  hit pays, a Click where it scares).
* ``discard-model``: the cards other players threw away face down in earlier rounds are drawn
  round by round from the same loading model (the BBB is rarely the one wasted early), not
  uniformly; the cards they fired constrain the draw so every sample fits the view.
* ``heuristic-playouts``: playouts play the model's choice (cheap, state-based, never reading
  another player's cards) with some uniform moves (epsilon-greedy), not uniform moves.
* ``rank-reward``: the reward is the seat's final rank mapped to [-1, 1] (first 1, last -1),
  not win +1 / lose -1: in a 5-player game second place is worth playing for.
* ``cutoff``: a playout stops at the start of the fourth round after the decision's and
  scores the position by expected ranks (survival chances and income from wounds, score
  spreads from the rounds left) instead of playing to round 8.
* ``move-filter``: the search does not consider aiming at nobody when someone can be aimed at
  (it fires nothing and scares nobody; the game still allows it).
* ``model-opponents``: in the tree, every other seat's move is one drawn from the same model
  (through ``candidates``: one move offered per visit), so the deciding seat's statistics
  measure its best response to how players choose, rather than to opponents searched in
  worlds where they would know the deciding seat's cards.
* ``anchor``: the heuristic bot's move (from the seat's view, as ``heuristic`` plays) is the
  default: the search plays another only when its mean reward is better by ``z`` standard
  errors (:meth:`getaway.core.search.SearchPolicy.default_move`). The model the search
  samples from is the heuristic's own reasoning, simplified; where the two disagree without
  evidence the heuristic is the better judge.

What the deciding seat is shown of the other seats' moves in the tree is the game's own rule
(:mod:`getaway.games.cash_n_guns.public`): ``observed`` labels a secret load ``load:?``, an
aim ``aim:?`` until the last one, a phone answer with nothing, so the seat's later choices in
the tree never depend on what it could not see. That is not a technique to switch off.

Determinization is fast: the view is parsed once per decision into a template state (the
uniform determinizer's sample); each sample then reshuffles only what the view leaves open
(the deck order, each player's unseen cards over his face-down discards, his loaded card and
his hand, the cop among the players the phone allows) and redraws the committed answers. The
Advanced game (abilities add constraints the template cannot keep) samples through the
uniform determinizer each time and applies only ``opponent-model`` on top.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, cast

from getaway.core import ALL, Rng, SecretChoices, State
from getaway.core.search import SearchPolicy
from getaway.games.cash_n_guns.actions import NOT_AIMED
from getaway.games.cash_n_guns.bots import HeuristicBot
from getaway.games.cash_n_guns.cards import (
    BANG,
    BBB,
    BULLET_SET,
    CARD_NAMES,
    CLICK,
    GUN_DISCARDED,
    GUN_LOADED,
    SPENT_FACE_DOWN,
    SPENT_FIRED,
)
from getaway.games.cash_n_guns.determinizer import determinize, parse_log
from getaway.games.cash_n_guns.events import Event
from getaway.games.cash_n_guns.model import AIM_TEMPERATURE, aim_values, load_probs, softmax
from getaway.games.cash_n_guns.model_moves import choose, sample_move
from getaway.games.cash_n_guns.public import shown_to_others
from getaway.games.cash_n_guns.ranking import (
    estimated_ranks,
    estimated_wins,
    final_ranks,
    rank_reward,
)
from getaway.games.cash_n_guns.state import CashNGunsState
from getaway.games.cash_n_guns.steps import (
    STEP_AIM,
    STEP_COURAGE,
    STEP_LOAD,
    STEP_OVER,
    STEP_PHONE,
    STEP_SLY,
)

if TYPE_CHECKING:
    from getaway.core import Game

#: The search levels' iterations in this game (``Game.search_budgets``). Its search stops
#: gaining strength after a few hundred iterations (with the generic budgets, ``hard``'s 1,200
#: placed no better than ``medium``'s 300 at one table), and an iteration cost about 0.8
#: processor-ms when they were set (about 0.5 since issue 16's second speed pass), so 1,200
#: overran ``hard``'s 0.85 s cap on every move; these budgets keep every level well inside its
#: cap on an idle core and far enough apart to be told apart in play (docs/ai.md, "Cash 'n
#: Guns: measured strength").
SEARCH_BUDGETS = {"easy": 20, "medium": 80, "hard": 400}
#: The share of uniform noise mixed into every modelled choice (unusual players exist).
MODEL_NOISE = 0.25
#: Playouts: the share of uniformly random moves among the model's.
EPSILON = 0.1
#: The secret steps whose seats a playout asks in turn (``play_out``).
_SECRET_TURNS = (STEP_LOAD, STEP_AIM, STEP_COURAGE)
#: ``cutoff``: playouts stop at the start of the round this many rounds after the decision's
#: (measured with scripts/cng_decisions.py: 2 rounds judged hiding badly, since the table
#: turns its guns on whoever gets rich only later; 4 was as good as playing to the end).
HORIZON = 4


class CashNGunsSearchPolicy(SearchPolicy):
    techniques: ClassVar[dict[str, str]] = {
        "opponent-model": "other seats' loaded cards and committed answers this round drawn "
        "from a model of how players choose",
        "aim-evidence": "with opponent-model: each loaded card also weighed by how likely "
        "its owner's shown aim was with it",
        "discard-model": "other seats' face-down discards of past rounds drawn from the "
        "loading model (the BBB kept for late), not uniformly",
        "heuristic-playouts": "playouts play the model's choices, epsilon-greedy",
        "rank-reward": "reward from the final rank (first 1, last -1), not win/lose",
        "cutoff": "playouts stop four rounds on and score expected ranks",
        "move-filter": "no aiming at nobody while someone can be aimed at",
        "model-opponents": "in the tree, other seats play moves drawn from the model",
        "anchor": "the heuristic bot's move unless another is better by z standard errors",
    }

    def __init__(
        self,
        game: Game,
        seat: str,
        view: Mapping[str, Any],
        enabled: frozenset[str] | None = None,
    ) -> None:
        super().__init__(game, seat, view, enabled)
        self.model = self.uses("opponent-model")
        self.aim_evidence = self.model and self.uses("aim-evidence")
        self.playouts = self.uses("heuristic-playouts")
        self.ranked = self.uses("rank-reward")
        self.filter = self.uses("move-filter")
        #: ``all`` is shown every move in full.
        self.sees_all = seat == ALL
        self.model_tree = self.uses("model-opponents")
        self._tree_rng = Rng(0)
        self.noise = MODEL_NOISE
        self.epsilon = EPSILON
        self.cut_round = int(view["round"]) + HORIZON if self.uses("cutoff") else 99
        self._sampler: _Sampler | None = None
        self._scored: tuple[State | None, list[float]] = (None, [])

    # Determinization ----------------------------------------------------------------------

    def prepare(self) -> None:
        """Nothing to do before the first sample: the template needs the search's generator,
        so it is drawn by the first :meth:`determinize`."""

    def determinize(self, rng: Rng) -> State:
        # The search's generator drawn through :class:`SplitMix` (the same draws, faster),
        # its state handed back at the end.
        draws = SplitMix.from_state(rng.state) if type(rng) is Rng else rng
        sampler = self._sampler
        if sampler is None:
            sampler = self._sampler = _Sampler(self.view, draws, self.uses("discard-model"))
            self._tree_rng = SplitMix(draws.next64())
        s = sampler.sample(draws)
        if sampler.me >= 0:
            if self.model:
                self._model_loaded_cards(s, sampler.me, draws)
            self._redraw_commits(s, sampler, draws)
        rng.state = draws.state
        return s

    def _model_loaded_cards(self, s: CashNGunsState, me: int, rng: Rng) -> None:
        """Redraw every other player's hidden loaded card from his hand plus that card: by
        the loading model, times the chance of his shown aim with each kind of card."""
        noise = self.noise
        for j in range(s.rules.players):
            if j == me or not s.alive >> j & 1:
                continue
            for g in range(s.guns[j]):
                k = 2 * j + g
                if s.gstate[k] != GUN_LOADED:
                    continue
                b = 3 * k
                hand = s.hand[b : b + 3]
                hand[s.card[k]] += 1
                size = hand[0] + hand[1] + hand[2]
                probs = load_probs(s, j, g, hand)
                weights = [
                    (1.0 - noise) * probs[kind] + noise * hand[kind] / size if hand[kind] else 0.0
                    for kind in range(3)
                ]
                if self.aim_evidence and s.aims_revealed and s.target[k] != NOT_AIMED:
                    weights = self._aim_likelihoods(s, j, g, weights)
                kind = rng.weighted_index(weights)
                s.card[k] = kind
                hand[kind] -= 1
                s.hand[b : b + 3] = hand

    def _aim_likelihoods(
        self, s: CashNGunsState, j: int, g: int, weights: list[float]
    ) -> list[float]:
        """``weights`` times the chance that ``j`` aimed gun ``g`` where he did, with a
        bullet and with a Click (the aim was chosen before the aims were shown)."""
        k = 2 * j + g
        shown_target = s.target[k]
        kept = s.card[k]
        chance = {}
        for label, kind in (("bullet", BANG), ("click", CLICK)):
            s.card[k] = kind
            targets, values = aim_values(s, j, g, shown=False)
            probs = softmax(values, AIM_TEMPERATURE)
            p = probs[targets.index(shown_target)] if shown_target in targets else 0.0
            chance[label] = (1.0 - self.noise) * p + self.noise / len(targets)
        s.card[k] = kept
        return [
            weights[BBB] * chance["bullet"],
            weights[BANG] * chance["bullet"],
            weights[CLICK] * chance["click"],
        ]

    def _redraw_commits(self, s: CashNGunsState, sampler: _Sampler, rng: Rng) -> None:
        """The answers other seats have committed in the current secret step, drawn again
        to fit the sampled cards (a load is the card placed), by the model or uniformly."""
        box = s.box
        if box is None or s.step not in (STEP_LOAD, STEP_SLY, STEP_AIM, STEP_COURAGE, STEP_PHONE):
            return
        me = sampler.me
        index = s.rules.index
        fresh = SecretChoices(box.seats)
        for seat in box.committed():
            j = index[seat]
            choice = box.choice_of(seat)
            if j != me:
                choice = self._commit_of(s, j, rng)
            assert choice is not None
            fresh.commit(seat, choice)
        s.box = fresh

    def _commit_of(self, s: CashNGunsState, j: int, rng: Rng) -> str:
        if s.step in (STEP_LOAD, STEP_SLY):
            # The answer is the card placed, already drawn.
            return "load:" + "/".join(CARD_NAMES[s.card[2 * j + g]] for g in range(s.guns[j]))
        # What he could answer (he has answered, so ``legal_actions`` says nothing now).
        legal = [a for a in s.legal_for(j) if not a.startswith("reveal:")]
        return sample_move(s, j, legal, rng, self.noise if self.model else 1.0)

    # The tree -----------------------------------------------------------------------------

    def candidates(self, state: State, seat: str, legal: Sequence[str]) -> Sequence[str]:
        if self.model_tree and seat != self.seat and len(legal) > 1:
            # The other seats play as the model says, one draw per visit: the deciding seat's
            # statistics become its best response to how players choose.
            s: CashNGunsState = state  # type: ignore[assignment]  # no cast call per visit
            return [sample_move(s, s.rules.index[seat], legal, self._tree_rng, self.noise)]
        if not self.filter or len(legal) < 2 or not legal[0].startswith("aim:"):
            return legal
        aimed = [a for a in legal if not a.startswith("aim:") or "none" not in a]
        return aimed or legal

    def simultaneous(self, state: State, seats: Sequence[str]) -> bool:
        """With ``model-opponents`` the other seats' moves come from the model, which reads
        only public facts and their own cards, never a commit: they cannot react to the
        deciding seat's choice even when the tree lets them answer after it. The step is
        then searched as turns (UCB on the deciding seat's moves, the seat first at the
        root), which tells good moves from bad with far fewer iterations than regret
        matching's sampled estimates."""
        return not self.model_tree

    def observed(self, state: State, seat: str, action: str) -> str:
        """The game's own labels (``game.public_action``'s ``shown``, ``""`` for nothing),
        computed straight from the state: the same labels as the core's default, without a
        :class:`~getaway.core.PublicAction` per move."""
        if self.sees_all:
            return action
        s: CashNGunsState = state  # type: ignore[assignment]  # no cast call per move
        shown = shown_to_others(s, s.rules.index[seat], action)
        return "" if shown is None else shown

    def default_move(self, legal: Sequence[str], rng: Rng) -> str | None:
        if not self.uses("anchor"):
            return None
        return HeuristicBot().choose(self.game, self.seat, self.view, legal, rng)

    # Playouts -----------------------------------------------------------------------------

    def playout_action(self, state: State, seat: str, legal: Sequence[str], rng: Rng) -> str:
        if not self.playouts or rng.random() < self.epsilon:
            return legal[int(rng.random() * len(legal))]
        s: CashNGunsState = state  # type: ignore[assignment]  # no cast call per ply
        return choose(s, s.rules.index[seat], legal, rng)

    def play_out(
        self, state: State, rng: Rng, evaluate_from: int, max_plies: int
    ) -> Mapping[str, float]:
        """A whole playout, ply by ply as the search's own loop plays it (the same draws,
        the same moves, the same estimate where :meth:`evaluate` gives one), without a call
        through the search per ply and without checking moves picked among the legal ones."""
        s: CashNGunsState = state  # type: ignore[assignment]
        # The search's playout generator draws ``random()`` from its ``uniform`` (the same
        # numbers, one call fewer per ply).
        random: Callable[[], float] = getattr(rng, "uniform", rng.random)
        playouts, epsilon = self.playouts, self.epsilon
        index = s.rules.index
        legal_for, play = s.legal_for, s.play
        batch = not s.rules.revealable
        plies = 0
        while s.step != STEP_OVER:
            if plies >= evaluate_from:
                # :meth:`evaluate` answers only at the start of a loading step: asked there.
                if s.step == STEP_LOAD and s.waiting == s.step_seats:
                    estimate = self.evaluate(s)
                    if estimate is not None:
                        s.model_cache = None
                        return estimate
                if plies >= max_plies:
                    break
            seats = s.to_act()
            many = len(seats)
            if batch and many > 1 and s.step in _SECRET_TURNS and plies + many <= max_plies:
                # A secret step without reveals (the Basic game): every seat answers once,
                # in table order, so they are asked in turn without the loop's checks (the
                # same plies: the estimate is asked only where a step begins).
                for seat in seats:
                    i = index[seat]
                    legal = legal_for(i)
                    if not playouts or random() < epsilon:
                        action = legal[int(random() * len(legal))]
                    else:
                        action = choose(s, i, legal, rng)
                    play(i, seat, action)
                plies += many
                continue
            seat = seats[0]
            i = index[seat]
            legal = legal_for(i)
            if not playouts or random() < epsilon:
                action = legal[int(random() * len(legal))]
            else:
                action = choose(s, i, legal, rng)
            play(i, seat, action)
            plies += 1
        s.model_cache = None
        return s.returns()

    def evaluate(self, state: State) -> dict[str, float] | None:
        s: CashNGunsState = state  # type: ignore[assignment]  # asked at every ply
        if s.round < self.cut_round or s.step != STEP_LOAD or s.waiting != s.step_seats:
            return None
        seats = s.rules.seats
        n = s.rules.players
        if self.ranked:
            ranks = estimated_ranks(s)
            return {seat: rank_reward(ranks[i], n) for i, seat in enumerate(seats)}
        wins = estimated_wins(s)
        return {seat: 2.0 * wins[i] - 1.0 for i, seat in enumerate(seats)}

    def reward(self, state: State, returns: Mapping[str, float], seat: str) -> float:
        if not state.is_over() or not self.ranked:
            return float(returns.get(seat, 0.0))
        scored, ranks = self._scored
        if scored is not state:
            s = cast(CashNGunsState, state)
            ranks = [rank_reward(r, s.rules.players) for r in final_ranks(s)]
            # Kept by reference (not id): a later state cannot be mistaken for this one.
            self._scored = (state, ranks)
        s = cast(CashNGunsState, state)
        return ranks[s.rules.index[seat]]


_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_UNIT = 1.0 / (1 << 53)


class SplitMix(Rng):
    """:class:`~getaway.core.Rng`'s SplitMix64, its output function inlined into ``next64``
    and ``random``: the same numbers (``test_search.py`` compares the streams), one or two
    calls fewer per draw. The search's own generators are this: a decision draws a few
    hundred thousand numbers (samples, deals, the other seats' moves in the tree)."""

    __slots__ = ()

    def next64(self) -> int:
        z = self.state = (self.state + _GAMMA) & _MASK
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & _MASK
        z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _MASK
        return z ^ (z >> 31)

    def random(self) -> float:
        z = self.state = (self.state + _GAMMA) & _MASK
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & _MASK
        z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _MASK
        return ((z ^ (z >> 31)) >> 11) * _UNIT


class _Sampler:
    """One decision's determinizations: a template state from the view, reshuffled."""

    def __init__(self, view: Mapping[str, Any], rng: Rng, discard_model: bool) -> None:
        self.view = view
        self.template = determinize(view, rng)
        rules = self.template.rules
        seat = view["seat"]
        self.me = rules.index.get(seat, -1)
        #: The view holds every secret: the template is the state itself.
        self.exact = seat == ALL
        self.fast = not rules.advanced and not self.exact
        self.discard_model = discard_model
        self.hands: list[_HiddenHand] = []
        self.cops: list[int] = []
        #: The view's event log parsed once (the Advanced game samples a whole state each time).
        self.log: list[Event] | None = None
        if self.fast:
            self._parse()

    def _parse(self) -> None:
        s = self.template
        for j in range(s.rules.players):
            if j != self.me and s.alive >> j & 1:
                self.hands.append(_HiddenHand(s, j))
        if s.cop >= 0 and self.me >= 0:
            me = self.view["me"]
            known = me["role"] == "cop" or any(p["role"] for p in self.view["players"])
            if not known:
                seats = s.rules.seats
                candidates = [i for i in range(s.rules.players) if i != self.me]
                for e in self.view["log"]:
                    if e["type"] == "phone" and e["used"]:
                        candidates = [i for i in candidates if seats[i] in e["order"]]
                self.cops = candidates

    def sample(self, rng: Rng) -> CashNGunsState:
        if self.exact:
            return self.template.clone()
        if not self.fast:
            if self.log is None:
                self.log = parse_log(self.view)
            return determinize(self.view, rng, self.log)
        s = self.template.clone()
        rng.shuffle(s.deck)
        for hidden in self.hands:
            hidden.deal(s, rng, self.discard_model)
        if self.cops:
            s.cop = self.cops[rng.below(len(self.cops))]
        return s


class _HiddenHand:
    """One other player's unseen cards (Basic game: one gun): his set minus the cards he
    fired, spread over his face-down discards, his hidden loaded card and his hand."""

    def __init__(self, s: CashNGunsState, j: int) -> None:
        self.j = j
        k = 2 * j
        self.records = s.spent[j]
        #: (position in the spent records, round) of each face-down discard, oldest first.
        self.face_down = [
            (n, rec[0]) for n, rec in enumerate(self.records) if rec[3] == SPENT_FACE_DOWN
        ]
        #: Fired cards by round: they were in his hand until then.
        self.fired = [(rec[0], rec[2]) for rec in self.records if rec[3] == SPENT_FIRED]
        pool = list(BULLET_SET)
        for _, kind in self.fired:
            pool[kind] -= 1
        self.pool = pool
        self.loaded = s.gstate[k] == GUN_LOADED
        self.discarded_now = -1
        if s.gstate[k] == GUN_DISCARDED:
            now = [n for n, rnd in self.face_down if rnd == s.round]
            self.discarded_now = now[0]
        self.hand_size = sum(s.hand[3 * k : 3 * k + 3])

    def deal(self, s: CashNGunsState, rng: Rng, model: bool) -> None:
        left = self.pool[:]
        kinds: dict[int, int] = {}
        for n, rnd in self.face_down:
            if model:
                weights = self._discard_weights(left, rnd)
            else:
                weights = [float(x) for x in left]
            kind = rng.weighted_index(weights)
            kinds[n] = kind
            left[kind] -= 1
        j = self.j
        k = 2 * j
        if self.loaded:
            kind = rng.weighted_index([float(x) for x in left])
            s.card[k] = kind
            left[kind] -= 1
        s.hand[3 * k : 3 * k + 3] = left
        if kinds:
            records = list(self.records)
            for n, kind in kinds.items():
                rnd, gun, _, mode = records[n]
                records[n] = (rnd, gun, kind, mode)
            s.spent[j] = tuple(records)
            if self.discarded_now >= 0:
                s.card[k] = kinds[self.discarded_now]

    def _discard_weights(self, left: list[int], rnd: int) -> list[float]:
        """The chance of each kind for a face-down discard of round ``rnd``: his unseen cards
        ``left`` weighed by how the loading lottery treats his hand of that round (``left``
        plus the cards he fired from then on)."""
        hand = left[:]
        for fired_round, kind in self.fired:
            if fired_round >= rnd:
                hand[kind] += 1
        size = hand[0] + hand[1] + hand[2]
        bullets = hand[BBB] + hand[BANG]
        use = bullets / size if bullets < size else 1.0
        late = rnd >= 6
        lottery = [0.0, 0.0, 1.0 - use]
        lottery[BBB if hand[BBB] and (late or not hand[BANG]) else BANG] = use
        weights = []
        for kind in range(3):
            if not left[kind]:
                weights.append(0.0)
                continue
            relative = lottery[kind] * size / hand[kind]
            weights.append(left[kind] * ((1.0 - MODEL_NOISE) * relative + MODEL_NOISE))
        return weights


__all__ = ["CashNGunsSearchPolicy", "SplitMix"]
