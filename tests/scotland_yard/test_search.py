"""Scotland Yard's search policy: each Nijssen and Winands technique does what it says, and
each one's switch turns it off.

Distances and line kinds that decide what a technique should do are computed here from the
shipped CSV files (``helpers.nbrs``), not from the engine's tables.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from getaway.ai import make_bot
from getaway.ai.ismcts import ISMCTSBot
from getaway.core import SPECTATOR, Rng
from getaway.games.scotland_yard import GAME
from getaway.games.scotland_yard.bots import HeuristicBot, detective_scorer, mrx_scorer
from getaway.games.scotland_yard.categorization import WEIGHTS
from getaway.games.scotland_yard.evaluation import mrx_outlook, mrx_territory
from getaway.games.scotland_yard.search import (
    ANCHOR,
    BLIND_CHASE,
    CATEGORIZATION,
    COALITION,
    COVER,
    EVALUATION,
    FAR_SIGHT,
    FILTERING,
    FLAT,
    FLEE_MODEL,
    GUIDED,
    KEEP_AWAY,
    MIXED_MODEL,
    MOVE_MODEL,
    PLAYOUTS,
    READ_MOVER,
    READ_STYLE,
    SEARCH_MODEL,
    SHORTLIST,
    TIGHT_BUDGET,
    PreparedSampler,
    ScotlandYardSearchPolicy,
    random_station,
)
from getaway.games.scotland_yard.state import ScotlandYardState
from tests.scotland_yard.helpers import craft, destination, distances_from, nbrs, random_states
from tests.scotland_yard.test_determinizer import assert_legal_hidden_path, without_randomness

#: Every technique but the pilots that change how the others score and chase (their own tests
#: are in ``test_search_pilots.py``).
ALL_ON = frozenset(ScotlandYardSearchPolicy.techniques) - {
    BLIND_CHASE,
    COVER,
    FAR_SIGHT,
    SEARCH_MODEL,
    TIGHT_BUDGET,
}
#: Every technique but heuristic-guided playouts, which take over from the greedy ones.
UNGUIDED = ALL_ON - {GUIDED}


def nearest_hunter(station: int, hunters: Sequence[int]) -> int:
    return min(distances_from(h)[station] for h in hunters)


def expected_category(station: int, hunters: Sequence[int]) -> int:
    distance = min(nearest_hunter(station, hunters), 5)
    lines = 2 if nbrs(station, "underground") else 1 if nbrs(station, "bus") else 0
    return (distance - 1) * 3 + lines


def policy(
    state: ScotlandYardState, seat: str, enabled: frozenset[str] = ALL_ON, **params: Any
) -> ScotlandYardSearchPolicy:
    """The policy for ``seat``, with class parameters overridden by ``params``."""
    cls = type("Tuned", (ScotlandYardSearchPolicy,), params) if params else None
    view = state.view(seat)
    if cls is None:
        found = GAME.search_policy(seat, view, enabled)
        assert isinstance(found, ScotlandYardSearchPolicy)
        return found
    tuned = cls(GAME, seat, view, enabled)
    assert isinstance(tuned, ScotlandYardSearchPolicy)
    return tuned


# The seam -----------------------------------------------------------------------------------


def test_the_game_offers_its_policy_with_its_techniques():
    state = GAME.new_state({"players": 4}, 1)
    found = GAME.search_policy("d1", state.view("d1"))
    assert isinstance(found, ScotlandYardSearchPolicy)
    assert set(found.techniques) == {
        CATEGORIZATION,
        COALITION,
        PLAYOUTS,
        FILTERING,
        EVALUATION,
        SHORTLIST,
        FLAT,
        GUIDED,
        MOVE_MODEL,
        MIXED_MODEL,
        KEEP_AWAY,
        ANCHOR,
        READ_STYLE,
        FLEE_MODEL,
        READ_MOVER,
        BLIND_CHASE,
        COVER,
        FAR_SIGHT,
        SEARCH_MODEL,
        TIGHT_BUDGET,
    }
    assert GAME.search_policy("d1", state.view("d1"), frozenset()).enabled == frozenset()


# The prepared sampler -----------------------------------------------------------------------


@pytest.mark.parametrize("options", [{"players": 4}, {"players": 2, "edition": "classic"}])
@pytest.mark.parametrize("weighted", [False, True])
def test_samples_are_states_the_view_allows(options, weighted):
    checked = 0
    for step, state in enumerate(random_states(options, 5)):
        for seat in (*state.seats, SPECTATOR):
            view = state.view(seat)
            sampler = PreparedSampler(view, WEIGHTS if weighted else None)
            for k in range(3):
                sample = sampler.sample(Rng(step * 10 + k))
                assert sample.view(seat) == view
                assert sample.to_act() == state.to_act()
                # The loader's own checks accept it: a state the rules could reach.
                assert GAME.state_from_json(sample.to_json()).to_json() == sample.to_json()
                if seat in ("mrx",):
                    assert without_randomness(sample.to_json()) == without_randomness(
                        state.to_json()
                    )
                else:
                    assert sample.pos[0] in view["possible_locations"]
                    assert_legal_hidden_path(view, sample)
                checked += 1
    assert checked > 300


def test_samples_do_not_share_mutable_parts():
    state = next(s for i, s in enumerate(random_states({"players": 4}, 2)) if i == 12)
    sampler = PreparedSampler(state.view("d1"))
    first = sampler.sample(Rng(1))
    before = first.to_json()
    second = sampler.sample(Rng(2))
    seat = second.to_act()[0]
    second.apply(seat, second.legal_actions(seat)[0])
    assert first.to_json() == before
    third = sampler.sample(Rng(1))
    assert third.to_json() == before


def test_uniform_sampling_reaches_every_possible_location_evenly():
    state = wide_detective_state()
    view = state.view("d1")
    possible = view["possible_locations"]
    sampler = PreparedSampler(view)
    draws = 200 * len(possible)
    counts = Counter(sampler.sample(Rng(k)).pos[0] for k in range(draws))
    assert set(counts) == set(possible)
    # Each count is binomial with mean 200 and sd ~14: 200 +- 70 is five sds.
    assert all(130 <= counts[s] <= 270 for s in possible)


# Location categorization --------------------------------------------------------------------


def wide_detective_state() -> ScotlandYardState:
    """A detectives'-phase position with a possible set spread over several categories."""
    for state in random_states({"players": 4}, 11):
        if state.phase != 1:
            continue
        possible = state.possible_mask().bit_count()
        hunters = state.pos[1:]
        cats = {
            expected_category(s, hunters)
            for s in state.view("d1")["possible_locations"]
            if possible
        }
        if 6 <= possible <= 40 and len(cats) >= 3:
            return state.clone()
    raise AssertionError("no suitable position in the game")


def test_categorization_weights_stations_by_their_category():
    checked = 0
    for seed in (11, 12):
        for state in random_states({"players": 5}, seed):
            if state.phase != 1 or state.possible_mask().bit_count() < 2:
                continue
            seat = state.to_act()[0]
            possible = state.view(seat)["possible_locations"]
            weights = {s: WEIGHTS[expected_category(s, state.pos[1:])] for s in possible}
            total = sum(weights.values())
            sampler = policy(state, seat, ALL_ON - {MOVE_MODEL}).sampler
            for s in possible:
                assert sampler.probability(s) == pytest.approx(weights[s] / total)
            assert sampler.probability(min(set(range(1, 200)) - set(possible))) == 0.0
            checked += 1
    assert checked > 20


def test_categorization_shifts_the_samples():
    state = wide_detective_state()
    hunters = state.pos[1:]
    possible = state.view("d1")["possible_locations"]
    sampler = policy(state, "d1", ALL_ON - {MOVE_MODEL}).sampler
    weights = {s: WEIGHTS[expected_category(s, hunters)] for s in possible}
    total = sum(weights.values())
    draws = 6000
    counts = Counter(sampler.sample(Rng(k)).pos[0] for k in range(draws))
    assert set(counts) <= set(possible)
    heavy = max(possible, key=weights.__getitem__)
    light = min(possible, key=weights.__getitem__)
    expected_heavy = draws * weights[heavy] / total
    assert abs(counts[heavy] - expected_heavy) < 5 * expected_heavy**0.5 + 5
    assert counts[heavy] > counts[light]


def test_categorization_can_only_choose_among_possible_stations():
    """Weights that favour one category absolutely still never leave the possible set."""
    state = wide_detective_state()
    hunters = state.pos[1:]
    possible = state.view("d1")["possible_locations"]
    target = expected_category(possible[0], hunters)
    one_hot = tuple(1.0 if c == target else 0.0 for c in range(len(WEIGHTS)))
    sampler = policy(state, "d1", ALL_ON - {MOVE_MODEL}, weights=one_hot).sampler
    found = {sampler.sample(Rng(k)).pos[0] for k in range(300)}
    assert found == {s for s in possible if expected_category(s, hunters) == target}


def test_categorization_off_samples_uniformly():
    state = wide_detective_state()
    possible = state.view("d1")["possible_locations"]
    sampler = policy(state, "d1", ALL_ON - {CATEGORIZATION, MOVE_MODEL}).sampler
    for s in possible:
        assert sampler.probability(s) == pytest.approx(1 / len(possible))


def test_mrx_never_samples_he_knows_where_he_is():
    state = wide_detective_state()
    sampler = policy(state, "mrx").sampler
    assert {sampler.sample(Rng(k)).pos[0] for k in range(20)} == {state.pos[0]}


# Coalition reduction ------------------------------------------------------------------------


def capture_position() -> tuple[ScotlandYardState, int]:
    """4 players, detectives' phase: d1 and the police piece p1 can both step onto Mr. X."""
    mrx = 67
    near = sorted(nbrs(mrx, "taxi"))
    hunters = {"d1": near[0], "d2": 8, "d3": 9, "p1": near[1]}
    state = craft(
        {"players": 4},
        mrx=mrx,
        hunters=hunters,
        phase="detectives",
        turns=taxi_walk(mrx, 4, avoid=list(hunters.values())),
    )
    return state, mrx


def test_coalition_reduction_gives_the_captor_more_than_its_teammates():
    state, mrx = capture_position()
    state.apply("d1", f"d1:taxi:{mrx}")
    assert state.winner() == "detectives"
    returns = state.returns()
    p = policy(state, "d2", coalition_r=0.25)
    assert p.reward(state, returns, "d1") == 1.0
    assert p.reward(state, returns, "d2") == pytest.approx(0.5)  # 1 - r = 0.75 on 0..1
    assert p.reward(state, returns, "d3") == pytest.approx(0.5)
    assert p.reward(state, returns, "mrx") == -1.0
    off = policy(state, "d2", ALL_ON - {COALITION}, coalition_r=0.25)
    assert [off.reward(state, returns, s) for s in state.seats] == [-1.0, 1.0, 1.0, 1.0]


def test_a_police_capture_is_everyone_s():
    state, mrx = capture_position()
    state.apply("d2", f"p1:{mrx}")
    assert state.winner() == "detectives"
    p = policy(state, "d1", coalition_r=0.25)
    assert [p.reward(state, state.returns(), s) for s in state.seats] == [-1.0, 1.0, 1.0, 1.0]


def test_coalition_reduction_leaves_losses_alone():
    state = craft({"players": 4}, mrx=67, hunters={"d1": 13, "d2": 174, "d3": 197, "p1": 1})
    won = {"mrx": 1.0, "d1": -1.0, "d2": -1.0, "d3": -1.0}
    p = policy(state, "d1", coalition_r=0.25)
    assert [p.reward(state, won, s) for s in state.seats] == [1.0, -1.0, -1.0, -1.0]


# Epsilon-greedy playouts --------------------------------------------------------------------


def test_greedy_detectives_close_in_on_the_sampled_mrx():
    checked = 0
    for state in random_states({"players": 4}, 3):
        if state.phase != 1:
            continue
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        p = policy(state, seat, UNGUIDED, epsilon_detectives=0.0)
        sample = p.sampler.sample(Rng(checked))
        x = sample.pos[0]
        best = min(distances_from(x)[destination(a)] for a in legal)
        for k in range(5):
            chosen = p.playout_action(sample, seat, legal, Rng(k))
            assert distances_from(x)[destination(chosen)] == best
        checked += 1
    assert checked > 10


def test_in_mrx_s_search_detectives_chase_what_they_know():
    """Mr. X's determinization is the truth; the playouts' detectives still ride towards a
    station of the public possible set (each ride a new draw), not to where he is."""
    checked = 0
    for state in random_states({"players": 4}, 8):
        if state.phase != 1:
            continue
        possible = state.view("d1")["possible_locations"]
        if len(possible) < 4:
            continue
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        p = policy(state, "mrx", UNGUIDED, epsilon_detectives=0.0)
        chosen = {p.playout_action(state, seat, legal, Rng(k)) for k in range(40)}
        for a in chosen:
            v = destination(a)
            assert any(
                distances_from(t)[v] == min(distances_from(t)[destination(b)] for b in legal)
                for t in possible
            )
        sample = policy(state, "mrx", UNGUIDED, epsilon_detectives=0.0, chase_as_mrx="sample")
        x = state.pos[0]
        best = min(distances_from(x)[destination(b)] for b in legal)
        for k in range(5):
            a = sample.playout_action(state, seat, legal, Rng(k))
            assert distances_from(x)[destination(a)] == best
        # Not knowing where he is, they do not all ride his way.
        checked += any(distances_from(x)[destination(a)] > best for a in chosen)
    assert checked > 5


def test_random_station_draws_every_station_evenly():
    stations = [3, 40, 41, 100, 199]
    mask = sum(1 << s for s in stations)
    rng = Rng(4)
    counts = Counter(random_station(mask, rng) for _ in range(5000))
    assert set(counts) == set(stations)
    assert all(880 <= n <= 1120 for n in counts.values())  # 1000 +- 4 sds
    assert random_station(0, rng) == 0


def test_greedy_mrx_flees_with_a_single_move():
    checked = 0
    for state in random_states({"players": 5}, 4):
        if state.phase != 0:
            continue
        legal = state.legal_actions("mrx")
        hunters = state.pos[1:]
        singles = [a for a in legal if a != "double"]
        best = max(nearest_hunter(destination(a), hunters) for a in singles)
        p = policy(state, "mrx", UNGUIDED, epsilon_mrx=0.0)
        for k in range(5):
            chosen = p.playout_action(state, "mrx", legal, Rng(k))
            assert chosen in singles
            assert nearest_hunter(destination(chosen), hunters) == best
            if any(
                nearest_hunter(destination(a), hunters) == best and not a.startswith("black:")
                for a in singles
            ):
                assert not chosen.startswith("black:")
        checked += 1
    assert checked > 5


def test_epsilon_one_plays_every_single_move_at_random():
    state = craft({"players": 4}, mrx=67, hunters={"d1": 13, "d2": 174, "d3": 197, "p1": 1})
    legal = state.legal_actions("mrx")
    singles = {a for a in legal if a != "double"}
    p = policy(state, "mrx", UNGUIDED, epsilon_mrx=1.0)
    seen = {p.playout_action(state, "mrx", legal, Rng(k)) for k in range(40 * len(singles))}
    assert seen == singles


def test_playouts_off_play_uniformly_among_all_legal_moves():
    state = craft({"players": 4}, mrx=67, hunters={"d1": 13, "d2": 174, "d3": 197, "p1": 1})
    legal = state.legal_actions("mrx")
    p = policy(state, "mrx", UNGUIDED - {PLAYOUTS}, epsilon_mrx=0.0)
    seen = Counter(p.playout_action(state, "mrx", legal, Rng(k)) for k in range(40 * len(legal)))
    assert set(seen) == set(legal) and "double" in seen


def test_greedy_playouts_finish_a_double_move_under_way_leg_by_leg():
    """A playout starts no double move, but one open at the root is finished greedily."""
    state = craft({"players": 4}, mrx=67, hunters={"d1": 13, "d2": 174, "d3": 197, "p1": 1})
    state.apply("mrx", "double")
    p = policy(state, "mrx", UNGUIDED, epsilon_mrx=0.0)
    for _ in range(2):
        legal = state.legal_actions("mrx")
        hunters = state.pos[1:]
        best = max(nearest_hunter(destination(a), hunters) for a in legal)
        chosen = p.playout_action(state, "mrx", legal, Rng(3))
        assert chosen in legal and nearest_hunter(destination(chosen), hunters) == best
        state.apply("mrx", chosen)
    assert state.phase == 1 and state.log_double == [True, True]


# Move filtering -----------------------------------------------------------------------------

#: At the root the shortlist would decide; these tests look at filtering alone.
NO_SHORTLIST = ALL_ON - {SHORTLIST}


def taxi_walk(end: int, rides: int, avoid: Sequence[int] = ()) -> list[str]:
    """Mr. X's past turns: ``rides`` taxi rides ending on ``end``."""
    path = [end]
    for _ in range(rides):
        path.append(min(s for s in nbrs(path[-1], "taxi") if s not in avoid))
    path.reverse()
    return [f"taxi:{s}" for s in path[1:]]


FAR_HUNTERS = {"d1": 8, "d2": 9, "d3": 19, "p1": 20}  # the north-west corner, no underground


def filtering_state(mrx: int, rides: int, hunters: dict[str, int] | None = None) -> Any:
    hunters = hunters or FAR_HUNTERS
    return craft(
        {"players": 4},
        mrx=mrx,
        hunters=hunters,
        turns=taxi_walk(mrx, rides, avoid=list(hunters.values())),
    )


def test_no_double_move_when_mrx_is_not_threatened():
    state = filtering_state(161, 4)  # far south-east, after his first surfacing
    legal = state.legal_actions("mrx")
    assert "double" in legal
    kept = policy(state, "mrx", NO_SHORTLIST).candidates(state, "mrx", legal)
    assert kept and "double" not in kept
    assert set(kept) <= set(legal)


def test_double_moves_stay_when_a_hunter_is_one_ride_away():
    mrx = 161
    neighbour = min(nbrs(mrx, "taxi"))
    hunters = {**FAR_HUNTERS, "d1": neighbour}
    state = filtering_state(mrx, 4, hunters)
    kept = policy(state, "mrx", NO_SHORTLIST).candidates(state, "mrx", state.legal_actions("mrx"))
    assert "double" in kept


def underground_station_far_from(hunters: Sequence[int]) -> int:
    return next(
        s for s in range(199, 0, -1) if nbrs(s, "underground") and nearest_hunter(s, hunters) >= 4
    )


def test_black_tickets_after_a_reveal_from_a_station_with_fast_lines():
    mrx = underground_station_far_from(list(FAR_HUNTERS.values()))
    state = filtering_state(mrx, 4)  # next entry is the 5th: not a surfacing one
    kept = policy(state, "mrx", NO_SHORTLIST).candidates(state, "mrx", state.legal_actions("mrx"))
    assert any(a.startswith("black:") for a in kept)


def test_no_black_ticket_on_a_surfacing_entry():
    mrx = underground_station_far_from(list(FAR_HUNTERS.values()))
    neighbour = min(nbrs(mrx, "taxi"))
    hunters = {**FAR_HUNTERS, "d1": neighbour}  # threatened: doubles stay
    state = filtering_state(mrx, 7, hunters)  # next entry is the 8th: he surfaces
    kept = policy(state, "mrx", NO_SHORTLIST).candidates(state, "mrx", state.legal_actions("mrx"))
    assert "double" in kept and not any(a.startswith("black:") for a in kept)
    # The first leg of a double move is the surfacing entry 8: no black there either.
    state.apply("mrx", "double")
    legal = state.legal_actions("mrx")
    assert any(a.startswith("black:") for a in legal)
    kept = policy(state, "mrx", NO_SHORTLIST).candidates(state, "mrx", legal)
    assert kept and not any(a.startswith("black:") for a in kept)
    # The second leg (entry 9) does not surface: black is fine there.
    state.apply("mrx", kept[0])
    kept = policy(state, "mrx", NO_SHORTLIST).candidates(state, "mrx", state.legal_actions("mrx"))
    assert any(a.startswith("black:") for a in kept)


def test_no_black_ticket_before_the_first_surfacing():
    mrx = underground_station_far_from(list(FAR_HUNTERS.values()))
    state = filtering_state(mrx, 1)
    kept = policy(state, "mrx", NO_SHORTLIST).candidates(state, "mrx", state.legal_actions("mrx"))
    assert kept and not any("black:" in a for a in kept)


def test_no_black_ticket_from_a_taxi_only_station():
    hunters = list(FAR_HUNTERS.values())
    mrx = next(
        s
        for s in range(199, 0, -1)
        if not (nbrs(s, "bus") or nbrs(s, "underground") or nbrs(s, "ferry"))
        and nearest_hunter(s, hunters) >= 4
    )
    state = filtering_state(mrx, 4)
    kept = policy(state, "mrx", NO_SHORTLIST).candidates(state, "mrx", state.legal_actions("mrx"))
    assert kept and not any(a.startswith("black:") for a in kept)


def test_filtering_never_empties_the_candidates():
    state = filtering_state(underground_station_far_from(list(FAR_HUNTERS.values())), 1)
    blacks = [a for a in state.legal_actions("mrx") if a.startswith("black:")]
    assert len(blacks) >= 2
    assert list(policy(state, "mrx", NO_SHORTLIST).candidates(state, "mrx", blacks)) == blacks


def test_filtering_off_and_for_detectives_keeps_every_move():
    state = filtering_state(161, 4)
    legal = state.legal_actions("mrx")
    off = policy(state, "mrx", NO_SHORTLIST - {FILTERING, KEEP_AWAY})
    assert off.candidates(state, "mrx", legal) == legal
    state.apply("mrx", legal[0])
    seat = state.to_act()[0]
    hunter_legal = state.legal_actions(seat)
    assert policy(state, seat, NO_SHORTLIST).candidates(state, seat, hunter_legal) == hunter_legal


# What a detective sees of Mr. X's moves -----------------------------------------------------


def test_mrx_moves_with_one_label_look_the_same_to_the_detectives():
    """Two moves get the same label exactly when every detective's view after them is the
    same, surfacing entries included."""
    checked = surfacing = 0
    for state in random_states({"players": 3}, 6):
        if state.phase != 0:
            continue
        legal = state.legal_actions("mrx")
        p = policy(state, "d1")
        views: dict[str, Any] = {}
        for action in legal[:: max(1, len(legal) // 60)]:
            label = p.observed(state, "mrx", action)
            after = state.clone()
            after.apply("mrx", action)
            view = after.view("d1")
            if label in views:
                assert views[label] == view, (label, action)
            else:
                assert view not in views.values(), (label, action)
                views[label] = view
            surfacing += any(ch.isdigit() for ch in label)
            checked += 1
    assert checked > 200
    assert surfacing > 5


def test_moves_everyone_sees_keep_their_ids():
    state = filtering_state(161, 4)
    legal = state.legal_actions("mrx")
    as_mrx = policy(state, "mrx")
    singles = [a for a in legal if not a.startswith("double:")]
    assert [as_mrx.observed(state, "mrx", a) for a in singles] == singles
    as_d1 = policy(state, "d1")
    assert as_d1.observed(state, "mrx", "taxi:" + str(min(nbrs(161, "taxi")))) == "taxi:?"
    state.apply("mrx", legal[0])
    seat = state.to_act()[0]
    for a in state.legal_actions(seat):
        assert as_d1.observed(state, seat, a) == a
    assert as_d1.simultaneous(state, state.to_act()) is False


# Evaluation at the horizon ------------------------------------------------------------------


def test_playouts_are_scored_at_mrx_s_turn_past_the_horizon():
    state = filtering_state(161, 4)  # Mr. X to move in round 5
    p = policy(state, "d1", horizon_rounds=2)
    assert p.evaluate(state) is None  # round 5: before the horizon (round 7)
    later = state.clone()
    while not (later.phase == 0 and later.round == 7):
        seat = later.to_act()[0]
        later.apply(seat, later.legal_actions(seat)[-1])
    assert not later.is_over()
    hunters = later.pos[1:]
    x = later.pos[0]
    own = [
        s
        for s in distances_from(x)
        if distances_from(x)[s] < min(distances_from(h).get(s, 255) for h in hunters)
    ]
    assert mrx_territory(later) == len(own)
    expected = math.log2(len(own) + 1) / math.log2(len(later.rules.board.hunter_distance) + 1)
    assert 0 < expected < 1
    assert mrx_outlook(later) == pytest.approx(expected)
    values = p.evaluate(later)
    assert values is not None
    assert values.keys() == set(later.seats)
    assert values["mrx"] == pytest.approx(expected)
    for seat in later.seats[1:]:
        assert values[seat] == pytest.approx(-expected)
    off = policy(state, "d1", ALL_ON - {EVALUATION}, horizon_rounds=2)
    assert off.evaluate(later) is None
    later.apply("mrx", later.legal_actions("mrx")[0])
    assert p.evaluate(later) is None  # only at the start of his turn


# The heuristic's shortlist at the root, flat search below it --------------------------------


def test_the_root_keeps_the_heuristic_s_best_moves_only():
    state = next(
        s.clone()
        for i, s in enumerate(random_states({"players": 4}, 9))
        if s.phase == 1 and len(s.legal_actions(s.to_act()[0])) > 6
    )
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    p = policy(state, seat, shortlist_size_detectives=3, shortlist_size=1)
    # The heuristic reads the likely part of the possible set (test_belief.py).
    score = detective_scorer(p._focused_view())
    ranked = sorted(legal, key=score, reverse=True)
    kept = p.candidates(p.determinize(Rng(1)), seat, legal)
    assert set(kept) >= set(ranked[:3])
    assert all(score(m) >= score(ranked[2]) - 1e-9 for m in kept)
    assert len(kept) < len(legal)
    off = policy(state, seat, ALL_ON - {SHORTLIST, FLAT})
    assert off.candidates(off.determinize(Rng(1)), seat, legal) == legal


def test_mrx_s_shortlist_has_its_own_size():
    state = filtering_state(161, 4)
    legal = state.legal_actions("mrx")
    score = mrx_scorer(state.view("mrx"), legal)
    ranked = sorted(legal, key=score, reverse=True)
    p = policy(state, "mrx", shortlist_size=2, shortlist_size_detectives=5)
    kept = p.candidates(p.determinize(Rng(1)), "mrx", legal)
    assert set(kept) >= set(ranked[:2])
    assert all(score(m) >= score(ranked[1]) - 1e-9 for m in kept)
    assert len(kept) < 5


def test_flat_search_follows_the_playout_policy_below_the_root():
    state = next(
        s.clone() for s in random_states({"players": 4}, 9) if s.phase == 1 and not s.moved
    )
    seat = state.to_act()[0]
    p = policy(state, seat, ALL_ON - {GUIDED}, epsilon_detectives=0.0, epsilon_mrx=0.0)
    sample = p.sampler.sample(Rng(2))
    sample.apply(seat, sample.legal_actions(seat)[0])  # below the root now
    other = sample.to_act()[0]
    legal = sample.legal_actions(other)
    kept = p.candidates(sample, other, legal)
    assert len(kept) == 1
    x = sample.pos[0]
    best = min(distances_from(x)[destination(a)] for a in legal)
    assert distances_from(x)[destination(kept[0])] == best
    # Switched off, or in Mr. X's search, the tree searches every move there.
    assert policy(state, seat, ALL_ON - {FLAT}).candidates(sample, other, legal) == legal


def test_each_side_leaves_off_what_hurt_it():
    state = GAME.new_state({"players": 4}, 1)
    every = frozenset(ScotlandYardSearchPolicy.techniques)
    assert GAME.search_policy("d1", state.view("d1")).enabled == every - {
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
    assert GAME.search_policy("mrx", state.view("mrx")).enabled == every - {
        EVALUATION,
        READ_STYLE,
        READ_MOVER,
        BLIND_CHASE,
        COVER,
        FAR_SIGHT,
        SEARCH_MODEL,
        TIGHT_BUDGET,
    }


# Heuristic-guided playouts -------------------------------------------------------------------


def test_guided_playouts_play_the_heuristic_s_move_from_the_seat_s_own_view():
    state = filtering_state(161, 4)
    p = policy(state, "d1", epsilon_guided=0.0)
    sample = p.sampler.sample(Rng(3))
    legal = sample.legal_actions("mrx")
    move = p.playout_action(sample, "mrx", legal, Rng(4))
    score = mrx_scorer(sample.view("mrx"), legal)
    assert score(move) == pytest.approx(max(score(m) for m in legal))
    sample.apply("mrx", move)
    seat = sample.to_act()[0]
    legal = sample.legal_actions(seat)
    move = p.playout_action(sample, seat, legal, Rng(4))
    score = detective_scorer(sample.view(seat))
    assert score(move) == pytest.approx(max(score(m) for m in legal))


def test_a_guided_detective_move_ignores_where_mrx_is_in_the_sample():
    state = filtering_state(161, 4)
    state.apply("mrx", state.legal_actions("mrx")[0])
    seat = state.to_act()[0]
    p = policy(state, seat, epsilon_guided=0.0)
    legal = state.legal_actions(seat)
    samples = [p.sampler.sample(Rng(i)) for i in range(40)]
    assert len({s.pos[0] for s in samples}) > 1
    assert len({p.playout_action(s, seat, legal, Rng(9)) for s in samples}) == 1


def test_guided_searches_divide_the_budget_by_their_cost():
    state = GAME.new_state({"players": 4}, 1)
    view, legal = state.view("mrx"), state.legal_actions("mrx")
    per_round = ScotlandYardSearchPolicy.guided_cost_per_round
    # To the end of the game (22 rounds), or to the horizon (3 rounds) with evaluation on.
    full = GAME.search_policy("mrx", view, ALL_ON - {EVALUATION})
    assert full.iteration_cost == per_round * 22
    cut = GAME.search_policy("mrx", view, ALL_ON)
    assert cut.iteration_cost == per_round * ScotlandYardSearchPolicy.horizon_rounds
    assert GAME.search_policy("mrx", view, UNGUIDED).iteration_cost == 1.0
    for spec, cost in (
        ("ismcts:iterations=600:seconds=none", full.iteration_cost),
        ("ismcts:iterations=600:seconds=none:on=evaluation", cut.iteration_cost),
        ("ismcts:iterations=150:seconds=none:off=guided", 1.0),
    ):
        bot = ISMCTSBot(spec)
        bot.choose(GAME, "mrx", view, legal, Rng(1))
        assert bot.last is not None
        assert bot.last.iterations == bot.last.budget == math.ceil(bot.settings.iterations / cost)


def test_guided_playouts_play_the_legs_of_a_double_move_as_the_heuristic_planned():
    """The random fallback of guided playouts is for a turn, not for each leg: a double move
    under way follows the heuristic's plan even when every turn would fall back."""
    state = craft({"players": 4}, mrx=67, hunters={"d1": 13, "d2": 174, "d3": 197, "p1": 1})
    state.apply("mrx", "double")
    p = policy(state, "mrx", ALL_ON, epsilon_guided=1.0)
    for _ in range(2):
        legal = state.legal_actions("mrx")
        planned = HeuristicBot().choose(GAME, "mrx", state.view("mrx"), legal, Rng(0))
        assert {p.playout_action(state, "mrx", legal, Rng(k)) for k in range(6)} == {planned}
        state.apply("mrx", planned)


# anchor ------------------------------------------------------------------------------------


def _mrx_states(count: int) -> list[ScotlandYardState]:
    found = []
    for state in random_states({"players": 4}, 7):
        mrx_turn = state.to_act() == ("mrx",) and state.decision is None
        if mrx_turn and len(state.legal_actions("mrx")) > 1:
            found.append(state.clone())
        if len(found) == count:
            break
    return found


def test_anchor_makes_the_heuristic_s_move_mr_x_s_default():
    for state in _mrx_states(4):
        view, legal = state.view("mrx"), state.legal_actions("mrx")
        for seed in range(3):
            expected = HeuristicBot().choose(GAME, "mrx", view, legal, Rng(seed))
            assert policy(state, "mrx").default_move(legal, Rng(seed)) == expected
        assert policy(state, "mrx", ALL_ON - {ANCHOR}).default_move(legal, Rng(0)) is None


def test_the_detectives_have_no_default_move():
    state = GAME.new_state({"players": 4}, 1)
    state.apply("mrx", state.legal_actions("mrx")[0])
    seat = state.to_act()[0]
    assert policy(state, seat, ALL_ON).default_move(state.legal_actions(seat), Rng(0)) is None


def test_with_an_unreachable_bar_mr_x_plays_the_heuristic_s_move():
    bot = make_bot(GAME, "hard:iterations=1200:seconds=none:z=1000")
    assert isinstance(bot, ISMCTSBot)
    for n, state in enumerate(_mrx_states(4)):
        view, legal = state.view("mrx"), state.legal_actions("mrx")
        move = bot.choose(GAME, "mrx", view, legal, Rng(n))
        assert bot.search is not None and bot.search.default in legal
        assert move == bot.search.default
