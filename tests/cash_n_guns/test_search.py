"""Cash 'n Guns' search policy: each technique does what it says and can be switched off, and
every determinization fits the deciding seat's view (the policy is given nothing else)."""

from __future__ import annotations

from collections import Counter
from typing import cast

import pytest

from getaway.ai import make_bot
from getaway.ai.ismcts import ISMCTSBot
from getaway.core import Rng
from getaway.games.cash_n_guns import GAME, CashNGunsState
from getaway.games.cash_n_guns.bots import HeuristicBot
from getaway.games.cash_n_guns.model_moves import choose
from getaway.games.cash_n_guns.ranking import estimated_ranks, final_ranks, rank_reward
from getaway.games.cash_n_guns.search import CashNGunsSearchPolicy, SplitMix
from tests.cash_n_guns.helpers import craft, load, play, random_states

ALL_ON = frozenset(CashNGunsSearchPolicy.techniques)
SEATS5 = ("tino", "el-toro", "lotus", "mr-black", "haggis")


def _policy(state: CashNGunsState, seat: str, off: tuple[str, ...] = ()) -> CashNGunsSearchPolicy:
    policy = GAME.search_policy(seat, state.view(seat), ALL_ON - frozenset(off))
    assert isinstance(policy, CashNGunsSearchPolicy)
    policy.prepare()
    return policy


def _samples(policy: CashNGunsSearchPolicy, n: int, seed: int = 1) -> list[CashNGunsState]:
    rng = Rng(seed)
    return [cast(CashNGunsState, policy.determinize(rng)) for _ in range(n)]


# The seam ----------------------------------------------------------------------------------


def test_the_game_hands_out_its_own_policy_with_every_technique_switchable():
    state = craft()
    policy = GAME.search_policy("tino", state.view("tino"))
    assert isinstance(policy, CashNGunsSearchPolicy)
    assert policy.enabled == ALL_ON
    assert {
        "opponent-model",
        "discard-model",
        "heuristic-playouts",
        "rank-reward",
        "cutoff",
        "move-filter",
        "model-opponents",
    } <= ALL_ON
    few = GAME.search_policy("tino", state.view("tino"), frozenset({"cutoff"}))
    assert few.uses("cutoff")
    assert not few.uses("opponent-model")


# Determinizations fit the view -------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [{"players": 5}, {"players": 6, "undercover_cop": True}, {"players": 5, "advanced": True}],
    ids=["5p-basic", "6p-cop", "5p-advanced"],
)
@pytest.mark.parametrize("off", [(), tuple(ALL_ON)], ids=["all-on", "all-off"])
def test_every_sample_shows_the_deciding_seat_exactly_its_view(options, off):
    rng = Rng(5)
    checked = 0
    for seed in range(2):
        for n, state in enumerate(random_states(options, seed)):
            if n % 9:
                continue
            for seat in state.to_act()[-1:] + state.seats[:1]:
                view = state.view(seat)
                policy = _policy(state, seat, off)
                for _ in range(2):
                    sample = cast(CashNGunsState, policy.determinize(rng))
                    assert sample.view(seat) == view
                    assert list(sample.legal_actions(seat)) == list(state.legal_actions(seat))
                    # The loader's invariants hold (cards add up, commits fit the step).
                    assert load(sample.to_json()).to_json() == sample.to_json()
                    checked += 1
    assert checked > 50


def test_samples_depend_on_the_view_alone_not_on_the_hidden_truth():
    state = craft(round_=3, seed=4)
    play(state, until="courage")
    answer_some(state, 3)
    seat = state.to_act()[-1]
    view = state.view(seat)
    # Another full state that this seat cannot tell from the real one.
    other = GAME.determinize(view, Rng(99))
    assert other.view(seat) == view
    assert other.to_json() != state.to_json()
    first = [s.to_json() for s in _samples(_policy(state, seat), 5, seed=3)]
    second = [s.to_json() for s in _samples(_policy(other, seat), 5, seed=3)]
    assert first == second


def answer_some(state: CashNGunsState, count: int, action: str | None = None) -> None:
    """The first ``count`` seats still to act in the current step answer (default action
    unless ``action``)."""
    for seat in state.to_act()[:count]:
        chosen = action or state.default_action(seat)
        assert chosen is not None
        state.apply(seat, chosen)


# opponent-model ---------------------------------------------------------------------------


def _committed_hides(off: tuple[str, ...]) -> float:
    # A pot that five can share: staying pays even at a full table.
    state = craft(seed=2, pot=[10_000] * 5)
    play(state, {"aim": dict.fromkeys(SEATS5, "aim:none")}, until="courage")
    answer_some(state, 4, "stay")
    assert state.to_act() == ("haggis",)
    choices: Counter[str] = Counter()
    for sample in _samples(_policy(state, "haggis", off), 150):
        assert sample.box is not None
        for seat in SEATS5[:4]:
            choices[str(sample.box.choice_of(seat))] += 1
    return choices["hide"] / sum(choices.values())


def test_opponent_model_rarely_has_a_player_hide_with_no_gun_on_him():
    assert _committed_hides(()) < 0.2
    assert 0.4 < _committed_hides(("opponent-model",)) < 0.6


def _committed_loads(off: tuple[str, ...]) -> Counter[str]:
    state = craft(seed=3)
    answer_some(state, 4)
    assert state.to_act() == ("haggis",)
    cards: Counter[str] = Counter()
    for sample in _samples(_policy(state, "haggis", off), 150):
        assert sample.box is not None
        for seat in SEATS5[:4]:
            i = SEATS5.index(seat)
            card = ("bbb", "bang", "click")[sample.card[2 * i]]
            # The committed answer is the card placed.
            assert sample.box.choice_of(seat) == f"load:{card}"
            cards[card] += 1
    return cards


def test_opponent_model_keeps_the_bbb_for_late_in_loads_already_placed():
    modelled = _committed_loads(())
    uniform = _committed_loads(("opponent-model",))
    assert modelled["bbb"] / modelled.total() < 0.07
    assert 0.08 < uniform["bbb"] / uniform.total() < 0.18


def _bullet_share(aim_of_el_toro: str, off: tuple[str, ...] = ()) -> float:
    """How often el-toro's loaded card is a bullet in haggis's samples, once the aims are
    shown: lotus is one wound from death (a bullet there is a kill)."""
    state = craft(round_=3, seed=6, wounds={"lotus": 2})
    aims = {
        "tino": "aim:mr-black",
        "el-toro": aim_of_el_toro,
        "lotus": "aim:tino",
        "mr-black": "aim:tino",
        "haggis": "aim:tino",
    }
    play(state, {"aim": aims}, until="courage")
    bullets = 0
    samples = _samples(_policy(state, "haggis", off), 300)
    for sample in samples:
        bullets += sample.card[2 * SEATS5.index("el-toro")] != 2
    return bullets / len(samples)


def test_opponent_model_reads_a_bullet_into_an_aim_at_a_dying_player():
    at_kill = _bullet_share("aim:lotus")
    at_nobody = _bullet_share("aim:none")
    assert at_kill > at_nobody + 0.15
    # Without the model the aim says nothing about the card.
    assert (
        abs(
            _bullet_share("aim:lotus", ("opponent-model",))
            - _bullet_share("aim:none", ("opponent-model",))
        )
        < 0.1
    )


def test_the_model_expects_a_player_who_often_hid_to_hide_more():
    from getaway.games.cash_n_guns.model import hide_probability, hide_shift

    state = craft(round_=5, seed=16, shame={"lotus": 4, "tino": 0})
    # Four hides in four rounds against none: lotus leans towards hiding, tino away from it.
    assert hide_shift(state, 2) > 1.0
    assert hide_shift(state, 0) < 0.0
    assert hide_probability(5_000.0, hide_shift(state, 2)) > 3 * hide_probability(
        5_000.0, hide_shift(state, 0)
    )


# discard-model ----------------------------------------------------------------------------


def _bbb_among_discards(off: tuple[str, ...]) -> float:
    # Round 4: everyone has three face-down discards (rounds 1-3) and five cards left.
    state = craft(round_=4, seed=8)
    samples = _samples(_policy(state, "tino", off), 200)
    found = 0
    for sample in samples:
        for j in range(1, 5):
            found += any(kind == 0 for _, _, kind, _ in sample.spent[j])
    return found / (4 * len(samples))


def test_discard_model_seldom_puts_the_bbb_among_early_discards():
    # Uniformly, the BBB is one of the three discards with chance 3/8.
    assert 0.3 < _bbb_among_discards(("discard-model",)) < 0.45
    assert _bbb_among_discards(()) < 0.2


# heuristic-playouts -------------------------------------------------------------------------


def _endangered() -> CashNGunsState:
    """Courage step of round 5: tino, one wound from death, has two guns on him."""
    state = craft(round_=5, seed=9, wounds={"tino": 2}, money={"tino": 40_000})
    aims = {
        "tino": "aim:lotus",
        "el-toro": "aim:tino",
        "lotus": "aim:tino",
        "mr-black": "aim:lotus",
        "haggis": "aim:lotus",
    }
    loads = {"el-toro": "load:bbb", "lotus": "load:bang"}
    play(state, {"load": loads, "aim": aims}, until="courage")
    return state


def test_heuristic_playouts_hide_a_player_facing_death_and_random_ones_do_not():
    state = _endangered()
    legal = state.legal_actions("tino")
    for off, low, high in (((), 0.85, 1.0), (("heuristic-playouts",), 0.3, 0.7)):
        policy = _policy(state, "haggis", off)
        rng = Rng(4)
        hides = sum(policy.playout_action(state, "tino", legal, rng) == "hide" for _ in range(200))
        assert low <= hides / 200 <= high


def test_playout_choices_never_read_another_players_cards():
    state = _endangered()
    twin = state.clone()
    # Swap the cards placed by el-toro and lotus: what tino cannot see.
    k1, k2 = 2 * 1, 2 * 2
    twin.card[k1], twin.card[k2] = twin.card[k2], twin.card[k1]
    for seat in ("tino", "mr-black", "haggis"):
        legal = state.legal_actions(seat)
        for seed in range(20):
            i = SEATS5.index(seat)
            assert choose(state, i, legal, Rng(seed)) == choose(twin, i, legal, Rng(seed))


# model-opponents --------------------------------------------------------------------------


def test_model_opponents_offer_other_seats_one_move_drawn_from_the_model():
    state = _endangered()
    legal = state.legal_actions("tino")
    policy = _policy(state, "haggis")
    _samples(policy, 1)  # the first sample seeds the policy's own draws
    offered = [policy.candidates(state, "tino", legal) for _ in range(200)]
    assert all(len(moves) == 1 and moves[0] in legal for moves in offered)
    hides = sum(moves[0] == "hide" for moves in offered) / len(offered)
    # The model hides a player facing death (plus some uniform noise), never always.
    assert 0.8 < hides < 1.0
    # The deciding seat itself is searched over every move.
    assert list(policy.candidates(state, "haggis", legal)) == list(legal)
    plain = _policy(state, "haggis", ("model-opponents",))
    assert list(plain.candidates(state, "tino", legal)) == list(legal)


# anchor -----------------------------------------------------------------------------------


def test_anchor_makes_the_heuristic_s_move_the_default():
    state = _endangered()
    legal = state.legal_actions("tino")
    view = state.view("tino")
    for seed in range(5):
        expected = HeuristicBot().choose(GAME, "tino", view, legal, Rng(seed))
        assert _policy(state, "tino").default_move(legal, Rng(seed)) == expected
    assert _policy(state, "tino", ("anchor",)).default_move(legal, Rng(0)) is None


def test_with_an_unreachable_bar_the_search_plays_its_default():
    bot = make_bot(GAME, "ismcts:iterations=120:seconds=none:z=1000")
    assert isinstance(bot, ISMCTSBot)
    searched = 0
    for state in random_states({"players": 5}, 4):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(legal) < 2:
            continue
        if searched == 8:
            break
        move = bot.choose(GAME, seat, state.view(seat), legal, Rng(searched))
        assert bot.search is not None and bot.search.default in legal
        assert move == bot.search.default
        searched += 1
    assert searched >= 5


# rank-reward ------------------------------------------------------------------------------


def _finished() -> CashNGunsState:
    money = {"tino": 50_000, "el-toro": 30_000, "lotus": 30_000, "mr-black": 10_000}
    state = craft(round_=8, seed=10, money=money, dead=["haggis"])
    play(state)
    assert state.is_over()
    return state


def test_final_ranks_winner_first_ties_share_the_dead_last():
    state = _finished()
    assert final_ranks(state) == [1.0, 2.5, 2.5, 4.0, 5.0]
    assert state.winner_seats() == ("tino",)


def test_rank_reward_spreads_places_over_minus_one_to_one_and_can_be_switched_off():
    state = _finished()
    on = _policy(state, "tino")
    off = _policy(state, "tino", ("rank-reward",))
    returns = state.returns()
    assert [on.reward(state, returns, s) for s in SEATS5] == [1.0, 0.25, 0.25, -0.5, -1.0]
    assert [off.reward(state, returns, s) for s in SEATS5] == [1.0, -1.0, -1.0, -1.0, -1.0]
    assert rank_reward(1.0, 5) == 1.0
    assert rank_reward(5.0, 5) == -1.0


# cutoff -----------------------------------------------------------------------------------


def test_cutoff_scores_expected_ranks_four_rounds_on_and_not_before():
    state = craft(round_=2, seed=11)
    policy = _policy(state, "tino")
    later = state.clone()
    play(later, rounds=3)
    assert later.round == 5
    assert policy.evaluate(later) is None
    play(later)
    assert later.round == 6
    estimate = policy.evaluate(later)
    assert estimate is not None
    assert set(estimate) == set(SEATS5)
    assert all(-1.0 <= v <= 1.0 for v in estimate.values())
    answer_some(later, 1)
    assert policy.evaluate(later) is None  # not at the start of the round any more
    play(later)
    assert _policy(state, "tino", ("cutoff",)).evaluate(later) is None


def test_estimated_ranks_favour_the_rich_and_healthy_and_put_the_dead_last():
    money = {"tino": 60_000, "el-toro": 20_000, "lotus": 20_000, "mr-black": 20_000}
    state = craft(round_=5, seed=12, money=money, wounds={"lotus": 2}, dead=["haggis"])
    ranks = estimated_ranks(state)
    assert sum(ranks) == pytest.approx(15.0)
    assert ranks[0] < ranks[1] < ranks[2] < ranks[4]
    assert ranks[1] == pytest.approx(ranks[3])
    assert ranks[4] == max(ranks)


# move-filter and hidden-loads --------------------------------------------------------------


def test_move_filter_drops_aiming_at_nobody_unless_switched_off():
    state = craft(seed=13)
    play(state, until="aim")
    legal = state.legal_actions("tino")
    assert "aim:none" in legal
    filtered = _policy(state, "tino").candidates(state, "tino", legal)
    assert "aim:none" not in filtered
    assert set(filtered) == set(legal) - {"aim:none"}
    assert _policy(state, "tino", ("move-filter",)).candidates(state, "tino", legal) == legal
    courage = ["hide", "stay"]
    assert _policy(state, "tino").candidates(state, "tino", courage) == courage


def test_the_tree_sees_others_secret_commits_only_as_their_kind():
    state = craft(seed=14)
    policy = _policy(state, "tino")
    for action in ("load:bbb", "load:bang", "load:click"):
        assert policy.observed(state, "lotus", action) == "load:?"
    play(state, until="aim")
    assert policy.observed(state, "lotus", "aim:tino") == "aim:?"
    assert policy.observed(state, "lotus", "aim:none") == "aim:?"


@pytest.mark.parametrize(
    "options",
    [{"players": 5}, {"players": 6, "advanced": True, "undercover_cop": True}],
    ids=["5p-basic", "6p-adv+cop"],
)
def test_the_tree_labels_are_the_games_public_actions(options):
    """The policy's fast ``observed`` gives exactly the labels of the core's default, which
    asks ``game.public_action``, for every other seat's every legal move, seen from every
    seat, the spectator and ``all``."""
    from getaway.core.search import SearchPolicy

    checked = 0
    for seed in range(3):
        for n, state in enumerate(random_states(options, seed)):
            if n % 3:
                continue
            deciding = state.seats[n % len(state.seats)]
            for viewer in (deciding, "spectator", "all"):
                policy = GAME.search_policy(viewer, state.view(viewer))
                for seat in state.to_act():
                    if seat == viewer:
                        continue
                    for action in state.legal_actions(seat):
                        fast = policy.observed(state, seat, action)
                        assert fast == SearchPolicy.observed(policy, state, seat, action)
                        checked += 1
    assert checked > 1000


def test_the_levels_play_this_games_own_budgets_inside_their_caps():
    from getaway.ai.spec import LEVELS
    from getaway.games.cash_n_guns.search import SEARCH_BUDGETS

    for level in LEVELS:
        bot = make_bot(GAME, level)
        assert isinstance(bot, ISMCTSBot)
        assert bot.settings.iterations == SEARCH_BUDGETS[level]
        assert bot.settings.seconds == LEVELS[level].seconds
    assert SEARCH_BUDGETS["easy"] < SEARCH_BUDGETS["medium"] < SEARCH_BUDGETS["hard"]


@pytest.mark.parametrize("seed", [0, 1, 12_345, 2**63 + 7])
def test_the_search_generator_draws_what_rng_draws(seed: int) -> None:
    core, fast = Rng(seed), SplitMix(seed)
    assert [core.next64() for _ in range(300)] == [fast.next64() for _ in range(300)]
    assert [core.random() for _ in range(300)] == [fast.random() for _ in range(300)]
    assert [core.below(n) for n in range(1, 300)] == [fast.below(n) for n in range(1, 300)]
    weights = [0.5, 0.0, 2.0, 1.25]
    assert [core.weighted_index(weights) for _ in range(300)] == [
        fast.weighted_index(weights) for _ in range(300)
    ]
    deck, same = list(range(40)), list(range(40))
    core.shuffle(deck)
    fast.shuffle(same)
    assert deck == same
    assert core.state == fast.state
