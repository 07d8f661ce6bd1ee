"""What Scotland Yard tells a search bot: Nijssen and Winands' techniques (IEEE TCIAIG 4(4),
2012), each one a switch so that its effect can be measured.

* ``categorization``: a detective's determinizations draw Mr. X's station from the exact
  possible set with probability proportional to its category's weight, measured from games
  (``categorization.py``), instead of uniformly.
* ``coalition``: coalition reduction. The detectives share the win, but a detective seat
  gains less (N&W's ``1 - r`` on a 0..1 scale) when another seat's detective made the
  capture, so that no seat leaves the hunt to the others.
* ``playouts``: epsilon-greedy playouts with distance-table look-ups: with probability
  ``1 - epsilon`` Mr. X rides where the nearest hunter is farthest, and a detective rides
  nearest to Mr. X's station in the determinization; otherwise a random move.
* ``filtering``: Mr. X's black and double-move tickets are considered only where they can
  help (N&W's move filtering; the rules are in :func:`filter_mrx_moves`), at each step of
  his turn: ``double`` and each of its legs.

The fifth technique, one tree shared by all determinizations, is the ISMCTS bot itself.
Sixteen more are ours (measured in docs/ai.md):

* ``guided``: playouts play the heuristic bot's move, each seat reading its own view of the
  sample (a detective never sees the sampled station); Mr. X's strength comes from it.
* ``evaluation``: playouts stop ``horizon_rounds`` on and score Mr. X's territory.
* ``shortlist``: the root considers only the heuristic's best few moves.
* ``flat``: below the root every move follows the playout policy.
* ``move-model``: a detective's determinizations also weigh Mr. X's station by how likely
  a fleeing Mr. X was to ride the logged tickets there (``belief.py``), and the detective's
  root shortlist ranks moves by the heuristic reading only the likeliest stations (those
  holding ``focus_mass`` of that belief), not the whole possible set.
* ``mixed-model``: in Mr. X's search the detectives of each playout play one style drawn
  for that playout: the heuristic bot (as ``guided``), a plain chase (each ride ends nearest
  to the public possible set), or random moves (weights ``detective_model_mix``), so that
  his search is not tuned to one opponent.
* ``keep-away``: Mr. X's root never considers a ride that ends one ride from a hunter while
  another ride does not: whatever a model says, any detective may step there.
* ``read-style`` (off by default): ``mixed-model``'s styles are drawn from a posterior given
  how plainly the detectives have closed in on the possible set this game
  (``style_evidence.py``), not from the fixed ``detective_model_mix``.
* ``flee-model`` (off by default): ``move-model`` mixes into its model of Mr. X's rides one of
  a Mr. X who rides where the nearest hunter is farthest (``flee_share``).
* ``read-mover``: ``move-model``'s belief averages three models of Mr. X (the heuristic's
  choices, fleeing by distance, riding at random), each weighed by how well it foretold his
  rides and surfacings this game (``belief.mover_mixture_weights``).
* ``blind-chase`` (off by default): a detective's playouts chase a station drawn from the
  public possible set at each ride, as they do in Mr. X's search, not the sampled Mr. X: a
  playout whose hunters know where he is rates every root move as if they would find him.
* ``cover`` (off by default): ``evaluation`` also scores the share of the public possible
  set no hunter can ride to next (``evaluation.mrx_cover_outlook``), so that the detectives'
  search values hemming in every station he may be on, not only the sampled one.
* ``far-sight`` (off by default): ``evaluation`` scores ``far_horizon_rounds`` ahead instead
  of ``horizon_rounds``.
* ``search-model`` (off by default): ``mixed-model``'s detectives may also play as a
  searching opponent's playouts do (``search_model_share`` of the playouts): each ride ends
  nearest to a station drawn from the public possible set, epsilon-greedy.
* ``tight-budget`` (off by default): a detective's search runs ``tight_budget_factor``
  times its iterations when the public possible set holds at most ``tight_budget_stations``
  stations (he has just surfaced, or the hunt has hemmed him in): the decisions where a
  capture is set up get the time that wide, early ones do not need.

Each side starts from its own default set (``default_off``).
Parameters are class attributes, so a measurement can set them for a whole process.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from itertools import accumulate
from typing import TYPE_CHECKING, Any, ClassVar

from getaway.core import Move, Rng
from getaway.core.search import SearchPolicy
from getaway.games.scotland_yard.belief import (
    NOISE,
    TEMPERATURE,
    move_model_weights,
    mover_mixture_weights,
)
from getaway.games.scotland_yard.board import (
    BLACK,
    BUS,
    FERRY,
    UNDERGROUND,
    Board,
    stations_of,
)
from getaway.games.scotland_yard.bots import detective_scorer, heuristic_move, mrx_scorer
from getaway.games.scotland_yard.categorization import WEIGHTS, category
from getaway.games.scotland_yard.determinizer import hidden_record, state_with_path
from getaway.games.scotland_yard.evaluation import mrx_cover_outlook, mrx_outlook
from getaway.games.scotland_yard.knowledge import sample_path_to
from getaway.games.scotland_yard.moves import DOUBLE_STEP, LEG_PARSE
from getaway.games.scotland_yard.options import DETECTIVES, MRX, normalize, rules_for
from getaway.games.scotland_yard.public import observed_label, public_action
from getaway.games.scotland_yard.state import END_CAPTURE, PHASE_MRX, ScotlandYardState
from getaway.games.scotland_yard.style_evidence import style_posterior

if TYPE_CHECKING:
    from getaway.core import Game, State

CATEGORIZATION = "categorization"
COALITION = "coalition"
PLAYOUTS = "playouts"
FILTERING = "filtering"
EVALUATION = "evaluation"
SHORTLIST = "shortlist"
FLAT = "flat"
GUIDED = "guided"
MOVE_MODEL = "move-model"
MIXED_MODEL = "mixed-model"
KEEP_AWAY = "keep-away"
ANCHOR = "anchor"
READ_STYLE = "read-style"
FLEE_MODEL = "flee-model"
READ_MOVER = "read-mover"
BLIND_CHASE = "blind-chase"
COVER = "cover"
FAR_SIGHT = "far-sight"
SEARCH_MODEL = "search-model"
TIGHT_BUDGET = "tight-budget"
#: The detectives' styles of ``mixed-model``, in the order of ``detective_model_mix``, and
#: ``search-model``'s, added after them.
MODEL_HEURISTIC, MODEL_NEAREST, MODEL_RANDOM, MODEL_SEARCH = 0, 1, 2, 3
CHASE_SAMPLE, CHASE_POSSIBLE = "sample", "possible"


class PreparedSampler:
    """Full states consistent with one view, drawn fast: the view is parsed once, then each
    sample clones a template state and writes a freshly drawn hidden path of Mr. X into it.

    ``weights``, if given, weight Mr. X's present station by its category (location
    categorization); ``prior``, if given, by a probability per station (``belief.py``'s
    model of his moves); both multiply. The rest of the path is drawn backwards as
    ``knowledge.sample_path`` draws it, so every sample is a state the view allows.
    """

    def __init__(
        self,
        view: Mapping[str, Any],
        weights: Sequence[float] | None = None,
        prior: Mapping[int, float] | None = None,
    ) -> None:
        hidden = hidden_record(view)
        if hidden is None:
            path = [view["mrx_start"], *(e["station"] for e in view["mrx_log"])]
            self.sets: list[int] = []
            self.tickets: list[int] = []
            self.stations: list[int] = []
        else:
            self.sets, self.tickets = hidden
            self.stations = stations_of(self.sets[-1])
            if not self.stations:
                raise ValueError("the view is inconsistent: Mr. X has no possible location")
            board = rules_for(normalize(view["options"])).board
            # The template's hidden stations are overwritten in every sample.
            first = sample_path_to(board, self.sets, self.tickets, self.stations[0], Rng(0))
            if first is None:
                raise ValueError("the view is inconsistent: no path reaches a possible location")
            path = first
        self.template = state_with_path(view, path, Rng(0))
        self.template.possible_masks()  # public, hence shared by every sample
        self.board: Board = self.template.rules.board
        self.cumulative: list[float] | None = None
        if (weights is not None or prior is not None) and len(self.stations) > 1:
            hunters = self.template.pos[1:]
            chances = [1.0] * len(self.stations)
            if weights is not None:
                chances = [weights[category(self.board, s, hunters)] for s in self.stations]
            if prior is not None:
                chances = [
                    c * prior.get(s, 0.0) for c, s in zip(chances, self.stations, strict=True)
                ]
            cumulative = list(accumulate(chances))
            # All-zero weights say nothing: sample uniformly then.
            self.cumulative = cumulative if cumulative[-1] > 0 else None

    @property
    def hidden(self) -> bool:
        return bool(self.stations)

    def probability(self, station: int) -> float:
        """The chance that a sample puts Mr. X on ``station`` now."""
        if station not in self.stations:
            return 0.0
        if self.cumulative is None:
            return 1.0 / len(self.stations)
        i = self.stations.index(station)
        low = self.cumulative[i - 1] if i else 0.0
        return (self.cumulative[i] - low) / self.cumulative[-1]

    def sample(self, rng: Rng) -> ScotlandYardState:
        state = self.template.clone()
        state._rng = Rng.from_state(rng.next64())
        if not self.stations:
            return state
        if self.cumulative is None:
            last = self.stations[rng.below(len(self.stations))]
        else:
            x = rng.random() * self.cumulative[-1]
            last = self.stations[min(bisect_right(self.cumulative, x), len(self.stations) - 1)]
        path = sample_path_to(self.board, self.sets, self.tickets, last, rng)
        if path is None:  # cannot happen: every station of F_n has a predecessor in F_n-1
            raise ValueError("the view is inconsistent: no path reaches a possible location")
        state.start = path[0]
        state.log_station = path[1:]
        state.pos[0] = path[-1]
        return state


class ScotlandYardSearchPolicy(SearchPolicy):
    techniques: ClassVar[dict[str, str]] = {
        CATEGORIZATION: "detectives sample Mr. X's station weighted by its measured category",
        COALITION: "a detective seat gains 1 - r when another seat's detective captures",
        PLAYOUTS: "epsilon-greedy playouts: Mr. X flees, detectives close in",
        FILTERING: "Mr. X considers black and double-move tickets only where they can help",
        EVALUATION: "playouts stop a few rounds ahead and score Mr. X's territory",
        SHORTLIST: "the root considers only the heuristic bot's few best moves",
        FLAT: "the search keeps only its root move; later moves follow the playouts",
        GUIDED: "playouts follow the heuristic bot, each seat reading its own view",
        MOVE_MODEL: "detectives weigh Mr. X's stations by how likely his logged rides were "
        "and shortlist moves towards the likeliest ones",
        MIXED_MODEL: "in Mr. X's playouts the detectives play a style drawn per playout: "
        "the heuristic, a plain chase of the nearest possible station, or random moves",
        KEEP_AWAY: "Mr. X's root never considers a ride ending one ride from a hunter while "
        "another ride does not",
        ANCHOR: "Mr. X plays the heuristic bot's move unless another is better by z standard "
        "errors",
        READ_STYLE: "mixed-model's styles are weighed by how plainly the detectives have "
        "closed in so far this game",
        FLEE_MODEL: "move-model also models Mr. X as riding where the nearest hunter is farthest",
        READ_MOVER: "move-model weighs models of Mr. X (the heuristic, fleeing by distance, "
        "random) by how well each foretold his rides and surfacings this game",
        BLIND_CHASE: "a detective's playouts chase the public possible set, not the sampled Mr. X",
        COVER: "evaluation also scores the share of the possible set no hunter rides to next",
        FAR_SIGHT: "evaluation scores playouts further ahead (far_horizon_rounds)",
        SEARCH_MODEL: "mixed-model's detectives may also chase a drawn possible station "
        "epsilon-greedily, as a searching opponent's playouts do",
        TIGHT_BUDGET: "a detective searches longer when Mr. X's possible set is small",
    }

    #: N&W's r, on their 0..1 reward scale (here returns run from -1 to 1).
    coalition_r: ClassVar[float] = 0.1
    #: The chance of a random move in a playout, for Mr. X and for the detectives.
    epsilon_mrx: ClassVar[float] = 0.1
    epsilon_detectives: ClassVar[float] = 0.1
    #: Under ``guided``, the chance that a playout move falls back to ``playouts``' policy.
    epsilon_guided: ClassVar[float] = 0.1
    #: ``iteration_cost`` with ``guided`` on, per round a playout simulates.
    guided_cost_per_round: ClassVar[float] = 4.0
    #: What the playouts' detectives ride towards: Mr. X's station in the determinization
    #: (``sample``, N&W), or a station drawn at each ride from the public possible set
    #: (``possible``), in a search for Mr. X and in one for a detective. In Mr. X's own
    #: search the determinization is the truth, so ``sample`` detectives would always know
    #: where he is and every move of his would look lost.
    chase_as_mrx: ClassVar[str] = "possible"
    chase_as_detective: ClassVar[str] = "sample"
    #: Rounds a playout runs past the decision's round before ``evaluation`` scores it.
    horizon_rounds: ClassVar[int] = 3
    #: The same under ``far-sight``.
    far_horizon_rounds: ClassVar[int] = 6
    #: ``cover``: the weight of the possible set's uncovered share in Mr. X's score at the
    #: horizon (the rest is his territory, ``evaluation.mrx_outlook``).
    cover_weight: ClassVar[float] = 0.5
    #: ``search-model``: the share of Mr. X's playouts whose detectives chase as a searching
    #: opponent's playouts do; the other styles share the rest in ``detective_model_mix``'s
    #: proportions.
    search_model_share: ClassVar[float] = 0.25
    #: ``tight-budget``: a detective's search runs this many times its iterations when the
    #: public possible set holds at most ``tight_budget_stations`` stations.
    tight_budget_factor: ClassVar[float] = 3.0
    tight_budget_stations: ClassVar[int] = 5
    #: How many of the heuristic's best root moves ``shortlist`` keeps (ties kept too), for
    #: Mr. X and for a detective. A detective's playouts are noisy (they hinge on where Mr. X
    #: was sampled), so fewer candidates leave the search fewer ways to be misled.
    shortlist_size: ClassVar[int] = 8
    shortlist_size_detectives: ClassVar[int] = 3
    #: The techniques a seat's search leaves off unless a spec switches them on (``on=``):
    #: measured to hurt that side (see docs/ai.md).
    default_off: ClassVar[dict[str, frozenset[str]]] = {
        MRX: frozenset(
            {
                EVALUATION,
                READ_STYLE,
                READ_MOVER,
                BLIND_CHASE,
                COVER,
                FAR_SIGHT,
                SEARCH_MODEL,
                TIGHT_BUDGET,
            }
        ),
        DETECTIVES: frozenset(
            {
                GUIDED,
                MIXED_MODEL,
                KEEP_AWAY,
                ANCHOR,
                FLEE_MODEL,
                READ_MOVER,
                BLIND_CHASE,
                COVER,
                FAR_SIGHT,
                SEARCH_MODEL,
                TIGHT_BUDGET,
            }
        ),
    }
    #: ``mixed-model``: the chances that a playout's detectives play the heuristic bot, a
    #: plain chase of the nearest possible station, or random moves. Chosen on pilot deals
    #: (docs/ai.md): a quarter of chases brings ``hard`` level with the heuristic Mr. X
    #: against the ``distance`` detectives and keeps his lead against ours; a half, or any
    #: random share, loses some of that lead.
    detective_model_mix: ClassVar[tuple[float, float, float]] = (0.75, 0.25, 0.0)
    #: ``read-style``: the prior over the same three styles, before this game's evidence
    #: (``style_evidence.py``); random moves get a share here, since a searching opponent
    #: closes in less often than either of the other two.
    read_style_prior: ClassVar[tuple[float, float, float]] = (0.6, 0.2, 0.2)
    #: ``flee-model``: the share of the distance-fleeing model of Mr. X in ``move-model``.
    flee_share: ClassVar[float] = 0.5
    #: ``move-model``: the softmax temperature and the uniform share of the model of Mr. X's
    #: choices (``belief.py``).
    model_temperature: ClassVar[float] = TEMPERATURE
    model_noise: ClassVar[float] = NOISE
    #: ``move-model``: the share of the belief the detectives' root shortlist closes in on
    #: (0 or 1: the whole possible set).
    focus_mass: ClassVar[float] = 0.8
    #: Category weights for location categorization (``categorization.WEIGHTS``).
    weights: ClassVar[Sequence[float]] = WEIGHTS

    def __init__(
        self,
        game: Game,
        seat: str,
        view: Mapping[str, Any],
        enabled: frozenset[str] | None = None,
    ) -> None:
        if enabled is None:
            side = MRX if seat == MRX else DETECTIVES
            enabled = frozenset(self.techniques) - self.default_off[side]
        super().__init__(game, seat, view, enabled)
        self._sampler: PreparedSampler | None = None
        ahead = self.far_horizon_rounds if self.uses(FAR_SIGHT) else self.horizon_rounds
        self._horizon = int(view["round"]) + int(ahead)
        self._shortlist: frozenset[str] | None = None
        self._prior: dict[int, float] | None = None
        self._flat = self.uses(FLAT)
        if self.uses(GUIDED):
            # Each ply of a guided playout asks the heuristic (about 0.3-0.5 ms), not a
            # table look-up: a round of it costs about as much as 4-5 plain iterations
            # (measured, docs/ai.md), and a playout runs to the horizon or to the end.
            rounds = int(view["max_rounds"]) - int(view["round"]) + 1
            # The classic game ends with its travel log: a round writes at least one entry.
            entries_left = int(view["options"]["log_fields"]) - len(view["mrx_log"])
            rounds = min(rounds, entries_left + (view["phase"] != "mrx"))
            if self.uses(EVALUATION):
                rounds = min(rounds, int(ahead))
            self.iteration_cost = self.guided_cost_per_round * max(rounds, 1)
        if (
            self.uses(TIGHT_BUDGET)
            and seat != MRX
            and len(view["possible_locations"]) <= self.tight_budget_stations
        ):
            # Mr. X's search is left alone: he sees the whole board, and his budget is set by
            # ``guided``'s cost above.
            self.iteration_cost /= float(self.tight_budget_factor)
        #: Draws of the moves below the root under ``flat``, seeded from the search's
        #: generator at the first determinization.
        self._model_rng: Rng | None = None
        #: ``mixed-model``: the state of the iteration under way (each iteration plays on a
        #: fresh sample, so a new object starts a new playout) and its detectives' style.
        self._styled: State | None = None
        self._style = MODEL_HEURISTIC
        self._mixed = self.seat == MRX and self.uses(MIXED_MODEL) and self.uses(GUIDED)
        self._mix: tuple[float, ...] = tuple(self.detective_model_mix)
        if self._mixed and self.uses(READ_STYLE):
            self._mix = style_posterior(view, self.read_style_prior)
        if self._mixed and self.uses(SEARCH_MODEL):
            share = float(self.search_model_share)
            total = sum(self._mix)
            self._mix = (*(w / total * (1.0 - share) for w in self._mix), share)
        self._cover = self.uses(COVER)

    def prepare(self) -> None:
        """Parse the view once per decision (the sampler)."""
        if self._sampler is None:
            detective = self.seat != MRX
            weights = self.weights if self.uses(CATEGORIZATION) and detective else None
            prior = self._prior = None
            if detective and self.uses(MOVE_MODEL):
                hidden = hidden_record(self.view)
                if hidden is not None:
                    if self.uses(READ_MOVER):
                        prior = self._prior = mover_mixture_weights(self.view, *hidden)[0]
                    else:
                        flee = self.flee_share if self.uses(FLEE_MODEL) else 0.0
                        prior = self._prior = move_model_weights(
                            self.view, *hidden, self.model_temperature, self.model_noise, flee
                        )
            self._sampler = PreparedSampler(self.view, weights, prior)

    @property
    def sampler(self) -> PreparedSampler:
        if self._sampler is None:
            self.prepare()
            assert self._sampler is not None
        return self._sampler

    def determinize(self, rng: Rng) -> State:
        if self._model_rng is None:
            self._model_rng = Rng(rng.next64())
        return self.sampler.sample(rng)

    def simultaneous(self, state: State, seats: Sequence[str]) -> bool:
        """Detectives move one after another, each seeing the earlier moves (spec 9)."""
        return False

    def observed(self, state: State, seat: str, action: str) -> str:
        """``game.public_action``'s text, computed faster (``public.observed_label``): a
        detective sees of Mr. X's move only its tickets, and the station of a surfacing
        entry; every other move is seen by everyone."""
        if seat != MRX:
            return action
        assert isinstance(state, ScotlandYardState)
        if self.seat == MRX:  # never asked: the search asks only about other seats' moves
            return public_action(state, Move(seat, action), MRX).shown  # type: ignore[union-attr]
        return observed_label(state, action)

    def candidates(self, state: State, seat: str, legal: Sequence[str]) -> Sequence[str]:
        if len(legal) < 2:
            return legal
        assert isinstance(state, ScotlandYardState)
        at_root = seat == self.seat and self._at_root(state)
        if at_root and seat == MRX and self.uses(KEEP_AWAY):
            return keep_away(state, self._root_candidates(state, seat, legal), legal)
        return (
            self._root_candidates(state, seat, legal)
            if at_root
            else self._below(state, seat, legal)
        )

    def default_move(self, legal: Sequence[str], rng: Rng) -> str | None:
        if self.seat != MRX or not self.uses(ANCHOR):
            return None
        return heuristic_move(MRX, self.view, legal, rng)

    def _root_candidates(
        self, state: ScotlandYardState, seat: str, legal: Sequence[str]
    ) -> Sequence[str]:
        if self.uses(SHORTLIST):
            shortlist = self._root_shortlist(state, legal)
            return [m for m in legal if m in shortlist] or legal
        if seat != MRX or not self.uses(FILTERING):
            return legal
        return filter_mrx_moves(state, legal)

    def _below(self, state: ScotlandYardState, seat: str, legal: Sequence[str]) -> Sequence[str]:
        if self._flat:
            # Flat Monte Carlo: below the root every move follows the playout policy.
            if self._model_rng is None:
                self._model_rng = Rng(0)
            return (self.playout_action(state, seat, legal, self._model_rng),)
        if seat != MRX or not self.uses(FILTERING):
            return legal
        return filter_mrx_moves(state, legal)

    def _at_root(self, state: ScotlandYardState) -> bool:
        root = self.sampler.template
        return (
            state.round == root.round
            and state.phase == root.phase
            and state.moved == root.moved
            and len(state.log_ticket) == len(root.log_ticket)
            # A step of a double move is a node of its own, below the step before it.
            and state.decision == root.decision
        )

    def _root_shortlist(self, state: ScotlandYardState, legal: Sequence[str]) -> frozenset[str]:
        """The heuristic bot's ``shortlist_size`` best moves from the root view (ties
        kept), computed once per decision."""
        if self._shortlist is None:
            if self.seat == MRX:
                score = mrx_scorer(self.view, legal)
            else:
                score = detective_scorer(self._focused_view())
            ranked = sorted(((score(m), m) for m in legal), reverse=True)
            k = int(self.shortlist_size if self.seat == MRX else self.shortlist_size_detectives)
            cut = ranked[min(k, len(ranked)) - 1][0]
            self._shortlist = frozenset(m for v, m in ranked if v >= cut - 1e-9)
        return self._shortlist

    def _focused_view(self) -> Mapping[str, Any]:
        """The view with the possible set narrowed, under ``move-model``, to its likeliest
        stations holding ``focus_mass`` of the model's belief: the heuristic then closes in
        on where Mr. X probably is, not on every station he could be."""
        self.prepare()
        prior = self._prior
        if prior is None or not 0 < self.focus_mass < 1:
            return self.view
        likely = sorted(prior, key=lambda s: (-prior[s], s))
        kept, mass = [], 0.0
        for station in likely:
            kept.append(station)
            mass += prior[station]
            if mass >= self.focus_mass:
                break
        return {**self.view, "possible_locations": sorted(kept)}

    def playout_action(self, state: State, seat: str, legal: Sequence[str], rng: Rng) -> str:
        if len(legal) < 2:
            return legal[0]
        assert isinstance(state, ScotlandYardState)
        if self._mixed and seat != MRX:
            style = self._detective_style(state, rng)
            if style == MODEL_RANDOM:
                return legal[rng.below(len(legal))]
            if style == MODEL_NEAREST:
                return nearest_chase_move(state, legal, rng)
            if style == MODEL_SEARCH:
                target = random_station(state.possible_mask(), rng) or state.pos[0]
                return greedy_hunter_move(state, legal, rng, self.epsilon_detectives, target)
        if self.uses(GUIDED) and (
            state.decision is not None or rng.random() >= self.epsilon_guided
        ):
            # What the heuristic bot would do in this seat, from this seat's view of the
            # sample: a detective knows only the public possible set. The legs of a double
            # move the heuristic began follow its plan (as the whole move did when it was
            # one action): the random fallback applies to the turn, not to each leg.
            return heuristic_move(seat, state.view(seat), legal, rng)
        if not self.uses(PLAYOUTS):
            return super().playout_action(state, seat, legal, rng)
        if seat == MRX:
            return greedy_mrx_move(state, legal, rng, self.epsilon_mrx)
        chase = self.chase_as_mrx if self.seat == MRX else self.chase_as_detective
        if self.uses(BLIND_CHASE):
            chase = CHASE_POSSIBLE
        if chase == CHASE_POSSIBLE:
            # What a real detective knows: a station of the public possible set.
            target = random_station(state.possible_mask(), rng) or state.pos[0]
        else:
            target = state.pos[0]
        return greedy_hunter_move(state, legal, rng, self.epsilon_detectives, target)

    def _detective_style(self, state: State, rng: Rng) -> int:
        """The detectives' style in this iteration's playout, drawn at its first detective
        move (``detective_model_mix``)."""
        if state is not self._styled:
            self._styled = state
            x = rng.random() * sum(self._mix)
            style = 0
            for weight in self._mix[:-1]:
                if x < weight:
                    break
                x -= weight
                style += 1
            self._style = style
        return self._style

    def evaluate(self, state: State) -> dict[str, float] | None:
        """At the start of Mr. X's turn ``horizon_rounds`` rounds ahead (``far-sight``:
        ``far_horizon_rounds``): his territory (``evaluation.mrx_outlook``, 0..1) as his
        return, its negative as the detectives'; under ``cover`` mixed with the share of the
        possible set no hunter rides to next (``evaluation.mrx_cover_outlook``)."""
        if not self.uses(EVALUATION):
            return None
        assert isinstance(state, ScotlandYardState)
        if state.phase != PHASE_MRX or state.round < self._horizon:
            return None
        x = mrx_outlook(state)
        if self._cover:
            x += self.cover_weight * (mrx_cover_outlook(state) - x)
        return {seat: (x if seat == MRX else -x) for seat in state.rules.seats}

    def reward(self, state: State, returns: Mapping[str, float], seat: str) -> float:
        value = float(returns.get(seat, 0.0))
        if seat == MRX or value <= 0 or not self.uses(COALITION):
            return value
        assert isinstance(state, ScotlandYardState)
        captor = capturing_seat(state)
        if captor is None or captor == seat:
            return value
        # N&W's 1 - r on a 0..1 scale (loss 0, win 1) is 1 - 2r on our -1..1 scale.
        return value * (1.0 - 2.0 * self.coalition_r)


def capturing_seat(state: ScotlandYardState) -> str | None:
    """The detective seat whose own piece captured Mr. X; ``None`` if nobody's own piece did
    (no capture, or a police piece: police belong to every detective seat alike)."""
    if state.end_reason != END_CAPTURE:
        return None
    x = state.pos[0]
    for h in state.rules.hunter_indices:
        if state.pos[h] == x:
            return state.rules.owner[h] or None
    return None


# Epsilon-greedy playouts -------------------------------------------------------------------


def random_station(mask: int, rng: Rng) -> int:
    """A station of ``mask`` drawn uniformly (0 if it is empty), without listing them all."""
    count = mask.bit_count()
    if not count:
        return 0
    for _ in range(rng.below(count)):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def greedy_hunter_move(
    state: ScotlandYardState, legal: Sequence[str], rng: Rng, epsilon: float, target: int
) -> str:
    """With probability ``1 - epsilon`` the move that ends nearest to ``target`` (ties broken
    at random), else a random one."""
    if rng.random() < epsilon:
        return legal[rng.below(len(legal))]
    parse = state.rules.tables.hunter_parse
    row = state.rules.board.hunter_distance[target]
    best: list[str] = []
    nearest = 256
    for a in legal:
        d = row[parse[a][2]]
        if d < nearest:
            nearest, best = d, [a]
        elif d == nearest:
            best.append(a)
    return best[0] if len(best) == 1 else best[rng.below(len(best))]


def nearest_chase_move(state: ScotlandYardState, legal: Sequence[str], rng: Rng) -> str:
    """The move that ends nearest to the nearest station of the public possible set (ties
    broken at random): how a detective who knows no more than distances closes in."""
    parse = state.rules.tables.hunter_parse
    distance = state.rules.board.hunter_distance
    possible = stations_of(state.possible_mask())
    best: list[str] = []
    nearest = 256
    for a in legal:
        row = distance[parse[a][2]]
        d = min([row[p] for p in possible], default=0)
        if d < nearest:
            nearest, best = d, [a]
        elif d == nearest:
            best.append(a)
    return best[0] if len(best) == 1 else best[rng.below(len(best))]


def greedy_mrx_move(
    state: ScotlandYardState, legal: Sequence[str], rng: Rng, epsilon: float
) -> str:
    """A single move (playouts start no double move; one under way is finished leg by leg):
    with probability ``1 - epsilon`` the ride that ends farthest from the nearest hunter, an
    ordinary ticket before a black one (ties broken at random), else a random ride."""
    if state.decision is None:
        legs = state.mrx_single_legs()
    else:
        legs = [(*LEG_PARSE[a], a) for a in legal]
    if rng.random() < epsilon:
        return legs[rng.below(len(legs))][2]
    distance = state.rules.board.hunter_distance
    hunters = state.pos[1:]
    best: list[str] = []
    top = -1
    for t, v, a in legs:
        row = distance[v]
        score = 2 * min([row[h] for h in hunters]) + (t != BLACK)
        if score > top:
            top, best = score, [a]
        elif score == top:
            best.append(a)
    return best[0] if len(best) == 1 else best[rng.below(len(best))]


# Move filtering ----------------------------------------------------------------------------


def keep_away(
    state: ScotlandYardState, moves: Sequence[str], legal: Sequence[str]
) -> Sequence[str]:
    """Mr. X's ``moves`` less the rides that end one ride from a hunter, where some ride of
    ``moves`` (else of ``legal``) does not; ``double`` stays (its legs are checked in turn),
    and is the only move left when every single ride ends next to a hunter but two rides
    can get away. The first leg of a double move is left alone: the hunters do not move
    before the second."""
    steps = state.decision.steps if state.decision is not None else ()
    if len(steps) == 1:
        return moves
    board = state.rules.board
    reach = 0
    for h in state.pos[1:]:
        reach |= board.hunter_mask[h]

    def safe(options: Sequence[str]) -> list[str]:
        return [a for a in options if a != DOUBLE_STEP and not reach >> LEG_PARSE[a][1] & 1]

    kept = safe(moves) or safe(legal)
    if not kept:
        if DOUBLE_STEP in legal and _double_escapes(state, legal, reach):
            return [DOUBLE_STEP]
        return moves
    return [*kept, DOUBLE_STEP] if DOUBLE_STEP in moves else kept


def _double_escapes(state: ScotlandYardState, legal: Sequence[str], reach: int) -> bool:
    """Whether two rides (any line, tickets aside) can end where no hunter rides next."""
    board = state.rules.board
    free = ~reach & ~state.occ
    return any(board.black_mask[LEG_PARSE[a][1]] & free for a in legal if a != DOUBLE_STEP)


def filter_mrx_moves(state: ScotlandYardState, legal: Sequence[str]) -> Sequence[str]:
    """Mr. X's moves worth searching (N&W's move filtering, in our reading), at each step of
    his turn:

    * ``double`` only when he is threatened: a hunter stands one ride from him, or every
      single move ends where a hunter can ride next;
    * a black ticket (a single ride, or either leg of a double move) never on a surfacing
      entry (the station is shown anyway), never before his first surfacing (the detectives'
      set is wide already), and never from a station served by taxi alone (its rides could
      only be taxi rides anyway).

    Never empty: if nothing is left, the black-ticket rules are dropped, then all of them.
    """
    steps = state.decision.steps if state.decision is not None else ()
    board = state.rules.board
    entry = len(state.log_ticket) + 1
    hidden_yet = not any(state.log_revealed)

    def black_ok(origin: int, surfacing: bool) -> bool:
        return not (surfacing or hidden_yet or _taxi_only(board, origin))

    def without_wasted_blacks(rides: Sequence[str], origin: int, surfacing: bool) -> list[str]:
        if black_ok(origin, surfacing):
            return list(rides)
        return [a for a in rides if not a.startswith("black:")]

    if len(steps) == 1:  # the first leg: it never ends his turn
        return without_wasted_blacks(legal, state.pos[0], state.surfaces(entry, False)) or legal
    if len(steps) == 2:  # the second leg, from where the first one ends
        origin = LEG_PARSE[steps[1]][1]
        return without_wasted_blacks(legal, origin, state.surfaces(entry + 1, True)) or legal
    singles = [a for a in legal if a != DOUBLE_STEP]
    double = [DOUBLE_STEP] if len(singles) < len(legal) and _threatened(state, singles) else []
    kept = without_wasted_blacks(singles, state.pos[0], state.surfaces(entry, True)) + double
    return kept or [*singles, *double] or legal


def _threatened(state: ScotlandYardState, singles: Sequence[str]) -> bool:
    board = state.rules.board
    occ = state.occ
    if board.hunter_mask[state.pos[0]] & occ:
        return True
    reach = 0
    for h in state.pos[1:]:
        reach |= board.hunter_mask[h]
    return all(reach >> LEG_PARSE[a][1] & 1 for a in singles)


def _taxi_only(board: Board, station: int) -> bool:
    return not (
        board.nbr_mask[BUS][station]
        or board.nbr_mask[UNDERGROUND][station]
        or board.nbr_mask[FERRY][station]
    )
