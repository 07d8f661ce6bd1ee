"""The Cash 'n Guns heuristic bot: registered, legal in every mode, reproducible, fair (it sees
only the view), clearly stronger than random play, and sensible decision by decision.

The rates asserted here were measured with these exact seeds (see the module constants); the
thresholds leave a margin below the measurement, not a hope above it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from getaway.ai import bot_names, make_bot
from getaway.ai.runner import play_game
from getaway.core import Bot, Rng, bot_rng
from getaway.games.cash_n_guns import CashNGunsState
from getaway.games.cash_n_guns.bots import HeuristicBot, Table
from getaway.games.cash_n_guns.split import split_pot
from getaway.games.cash_n_guns.worth import hit_distribution, share
from tests.cash_n_guns.helpers import GAME, OPTIONS, craft, load, new, option_id
from tests.cash_n_guns.helpers import play as drive

HEURISTIC = make_bot(GAME, "heuristic")
RANDOM = make_bot(GAME, "random")

#: The strength match: one heuristic seat (el-toro, second to act) against random seats,
#: compared with a random el-toro over the same seeds.
STRENGTH_SEAT = "el-toro"
STRENGTH_SEEDS = range(150)


@dataclass(frozen=True)
class Decision:
    seat: str
    view: dict[str, Any]
    legal: Sequence[str]
    action: str
    rng_state: int


def bot_game(
    options: Mapping[str, Any],
    seed: int,
    bots: Mapping[str, Bot],
    decisions: list[Decision] | None = None,
) -> CashNGunsState:
    """A lean game loop through the public protocol (each seat sees only its own view), with
    per-seat bot generators derived from the seed as ``play_game`` does."""
    state = new(options, seed)
    rngs = {seat: bot_rng(seed, "bot", seat) for seat in state.seats}
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        bot = bots[seat]
        if bot is RANDOM:
            action = rngs[seat].choice(legal)
        else:
            view = state.view(seat)
            before = rngs[seat].state
            action = bot.choose(GAME, seat, view, legal, rngs[seat])
            if decisions is not None:
                decisions.append(Decision(seat, view, legal, action, before))
        state.apply(seat, action)
    return state


def rank(state: CashNGunsState, seat: str) -> int:
    """1 + the number of seats that finished strictly ahead: survivors by final score, every
    survivor ahead of every dead player."""

    def key(i: int) -> tuple[int, int]:
        alive = state.alive >> i & 1
        return (alive, state.scores[i] if alive else 0)

    mine = key(state.rules.index[seat])
    return 1 + sum(1 for i in range(state.rules.players) if key(i) > mine)


def heuristic_at(seat: str, options: Mapping[str, Any]) -> dict[str, Bot]:
    return {s: (HEURISTIC if s == seat else RANDOM) for s in GAME.seats(options)}


def choose(state: CashNGunsState, seat: str, k: int = 0) -> str:
    return HEURISTIC.choose(GAME, seat, state.view(seat), state.legal_actions(seat), Rng(k))


def choices(state: CashNGunsState, seat: str, n: int = 20) -> set[str]:
    """The bot's answers under ``n`` different generators (ties are broken by them)."""
    return {choose(state, seat, k) for k in range(n)}


def publicly_fired(state: CashNGunsState, seats: Sequence[str]) -> CashNGunsState:
    """The same position, except that these seats' spent cards were fired (shown) instead
    of discarded face down: the true hands are unchanged, only the public record differs."""
    data = state.to_json()
    for p in data["players"]:
        if p["seat"] in seats:
            p["spent"] = [[r, g, card, "fired"] for r, g, card, _ in p["spent"]]
    return load(data)


def penniless(state: CashNGunsState) -> CashNGunsState:
    """The same position with every player's money sent back to the box (only the bot's
    other reasons to aim then count)."""
    data = state.to_json()
    for p in data["players"]:
        data["removed"] += p["money"]
        p["money"] = 0
    return load(data)


# Registration, legality, reproducibility -----------------------------------------------------


def test_heuristic_is_registered_for_cash_n_guns():
    assert "heuristic" in GAME.bots()
    assert "heuristic" in bot_names(GAME) and "random" in bot_names(GAME)
    assert "heuristic" in GAME.describe()["bots"]
    assert isinstance(HEURISTIC, HeuristicBot) and HEURISTIC.name == "heuristic"


@pytest.mark.parametrize("options", OPTIONS, ids=option_id)
def test_heuristic_games_finish_through_the_runner_in_every_mode(options):
    """The runner validates every action, so a finished game means every choice was legal."""
    bots = dict.fromkeys(GAME.seats(options), HEURISTIC)
    for seed in range(2):
        record = play_game(GAME, options, seed, bots)
        assert record.session.state.is_over()
        outcome = record.session.state.outcome()
        assert outcome is not None and set(outcome.winners) <= set(GAME.seats(options))
        assert record.plies == len(record.session.replay.actions) > 0


def test_the_same_seed_gives_the_same_game():
    options = {"players": 6, "advanced": True, "undercover_cop": True}
    bots = dict.fromkeys(GAME.seats(options), HEURISTIC)
    first = play_game(GAME, options, 5, bots).session.replay
    second = play_game(GAME, options, 5, bots).session.replay
    assert first.dumps() == second.dumps()
    other = play_game(GAME, options, 6, bots).session.replay
    assert other.dumps() != first.dumps()


# Strength -------------------------------------------------------------------------------------


def strength(options: Mapping[str, Any], bots: Mapping[str, Bot]) -> tuple[float, float]:
    """(win rate, mean rank) of STRENGTH_SEAT over STRENGTH_SEEDS; a shared win counts."""
    wins = ranks = 0
    for seed in STRENGTH_SEEDS:
        state = bot_game(options, seed, bots)
        wins += STRENGTH_SEAT in state.winner_seats()
        ranks += rank(state, STRENGTH_SEAT)
    return wins / len(STRENGTH_SEEDS), ranks / len(STRENGTH_SEEDS)


@pytest.mark.parametrize(
    "options",
    [
        {"players": 5, "advanced": False, "undercover_cop": False},
        {"players": 6, "advanced": True, "undercover_cop": True},
    ],
    ids=option_id,
)
def test_a_heuristic_seat_clearly_beats_a_random_seat_in_the_same_position(options):
    """Measured (150 seeds): 5 players, Basic: heuristic el-toro wins 0.87, mean rank 1.32;
    random el-toro wins 0.19, mean rank 2.99. 6 players, Advanced + Cop: heuristic wins
    0.78, mean rank 1.46; random 0.15, mean rank 3.49."""
    heuristic_wins, heuristic_rank = strength(options, heuristic_at(STRENGTH_SEAT, options))
    random_wins, random_rank = strength(options, dict.fromkeys(GAME.seats(options), RANDOM))
    assert heuristic_wins >= 0.65 and random_wins <= 0.30
    assert heuristic_wins - random_wins >= 0.45
    assert heuristic_rank <= 1.8 and random_rank >= 2.7
    assert random_rank - heuristic_rank >= 1.2


# Fairness and speed ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def decisions() -> list[Decision]:
    """Every decision of 30 all-heuristic games, three in each setting."""
    found: list[Decision] = []
    for options in OPTIONS:
        for seed in range(3):
            bot_game(options, seed, dict.fromkeys(GAME.seats(options), HEURISTIC), found)
    return found


def test_the_choice_depends_only_on_the_view(decisions):
    """Two full states drawn from the seat's view (everything it cannot see drawn afresh)
    show it the same view, and the bot, given that view, the legal actions and the same
    generator, answers exactly what it answered in the real game."""
    checked = 0
    for n, d in enumerate(decisions):
        if n % 7 or len(d.legal) < 2:
            continue
        for k in range(2):
            sample = GAME.determinize(d.view, Rng(n * 2 + k))
            seen = sample.view(d.seat)
            assert seen == d.view
            legal = sample.legal_actions(d.seat)
            assert tuple(legal) == tuple(d.legal)
            action = HEURISTIC.choose(GAME, d.seat, seen, legal, Rng.from_state(d.rng_state))
            assert action == d.action
            checked += 1
    assert checked > 300


# Courage --------------------------------------------------------------------------------------

SHOOTERS = {"tino": {"click": 5}, "el-toro": {"click": 5}, "mr-black": {"click": 5}}
AT_LOTUS = {"tino": "aim:lotus", "el-toro": "aim:lotus", "mr-black": "aim:lotus"}


def lotus_at_courage(aims: Mapping[str, str], *, fired: bool) -> CashNGunsState:
    """Round 4, Lotus one wound from death; Tino, El Toro and Mr. Black have spent their BBB
    and both Bang! cards (all their cards are Clicks): face down (``fired`` False: nobody
    can tell) or fired for all to see."""
    state = craft({"players": 5}, round_=4, wounds={"lotus": 2}, hands=SHOOTERS)
    if fired:
        state = publicly_fired(state, list(SHOOTERS))
    drive(state, {"aim": aims}, until="courage")
    return state


def test_it_hides_when_guns_with_public_bullets_point_at_it_and_counts_the_cards():
    """Three guns at Lotus whose owners may still hold bullets (as far as anyone can tell):
    it hides. The same guns when their owners have publicly fired every bullet: it stays
    (the card counting), and with no gun at it, it stays."""
    assert choices(lotus_at_courage(AT_LOTUS, fired=False), "lotus") == {"hide"}
    assert choices(lotus_at_courage(AT_LOTUS, fired=True), "lotus") == {"stay"}
    assert choices(lotus_at_courage({}, fired=False), "lotus") == {"stay"}


def test_it_hides_more_often_the_more_public_bullets_point_at_it(decisions):
    """Over the all-heuristic games: the hide rate when no gun points at the seat is far
    below the rate when guns holding at least one expected bullet (by public counting) do
    (measured: 8 of 539 against 95 of 131)."""
    calm = [0, 0]
    threatened = [0, 0]
    for d in decisions:
        if d.view["step"] != "courage":
            continue
        threat = public_threat(d.view, d.seat)
        bucket = calm if threat == 0 else threatened if threat >= 1.0 else None
        if bucket is not None:
            bucket[0] += d.action == "hide"
            bucket[1] += 1
    assert calm[1] > 100 and threatened[1] > 20
    assert threatened[0] / threatened[1] > 2 * calm[0] / calm[1]


def public_threat(view: Mapping[str, Any], seat: str) -> float:
    """Expected bullets among the guns aimed at ``seat``, counted here from the view: each
    owner's unrevealed bullets over his unrevealed cards (first guns only)."""
    threat = 0.0
    for p in view["players"]:
        if not p["alive"] or p["seat"] == seat:
            continue
        gun = p["guns"][0]
        if gun["target"] != seat or gun["state"] != "loaded":
            continue
        shown = [e["card"] for e in p["spent_revealed"] if e["gun"] == 1 and not e["taken_back"]]
        bullets = 3 - sum(1 for card in shown if card != "click")
        threat += bullets / (8 - len(shown))
    return threat


def test_after_the_backup_call_the_cop_stays_where_a_gangster_would_hide():
    """One gun at Lotus, one wound from death. As a gangster it hides; as the cop who already
    hid once since the backup call, a second hide would throw his win away: he stays."""
    for cop, expected in (("tino", "hide"), ("lotus", "stay")):
        state = craft(
            {"players": 5, "undercover_cop": True}, round_=4, cop=cop, wounds={"lotus": 2},
            phone_uses=3, backup_round=2, shame={"lotus": 1}, beacon={"lotus": 1},
        )  # fmt: skip
        drive(state, {"aim": {"tino": "aim:lotus"}}, until="courage")
        assert choices(state, "lotus") == {expected}, cop


# Aiming ---------------------------------------------------------------------------------------


def test_a_bullet_goes_to_the_rich_player_one_wound_from_death():
    state = craft({"players": 5}, round_=3, wounds={"el-toro": 2}, money={"el-toro": 40_000})
    drive(state, {"load": {"lotus": "load:bang"}}, until="aim")
    assert choices(state, "lotus") == {"aim:el-toro"}


def test_a_bullet_is_not_wasted_on_an_armed_crazy_unless_the_hit_is_worth_the_grenade():
    """A plain El Toro is one target among four equal ones; revealed as the Crazy with his
    grenade armed, hitting him would wound Lotus too: never him. Rich and one wound from
    death, he is worth a wound; but not Lotus's life, when Lotus is one wound from death."""
    options = {"players": 5, "advanced": True}
    abilities = {"el-toro": "crazy", "lotus": "coward"}
    plain = craft(options, round_=3, abilities=abilities)
    drive(plain, {"load": {"lotus": "load:bang"}}, until="aim")
    assert "aim:el-toro" in choices(plain, "lotus")
    armed = craft(options, round_=3, abilities=abilities, shown=["crazy"])
    drive(armed, {"load": {"lotus": "load:bang"}}, until="aim")
    assert choices(armed, "lotus") == {"aim:tino", "aim:mr-black", "aim:haggis"}
    for lotus_wounds, worth_it in ((0, True), (2, False)):
        rich = craft(
            options, round_=3, abilities=abilities, shown=["crazy"],
            wounds={"el-toro": 2, "lotus": lotus_wounds}, money={"el-toro": 40_000},
        )  # fmt: skip
        drive(rich, {"load": {"lotus": "load:bang"}}, until="aim")
        assert ("aim:el-toro" in choices(rich, "lotus")) == worth_it


def test_a_gangster_aims_at_the_players_who_can_be_the_cop():
    """Round 2: Tino and Haggis hid, the phone came back used: the cop is El Toro, Lotus or
    Mr. Black; El Toro knows it is not him. With the money taken off the table, his Bang!
    goes to Lotus or Mr. Black, never to the clean Tino or Haggis."""
    state = craft(
        {"players": 5, "undercover_cop": True}, cop="mr-black", round_=2,
        pot=[10_000, 10_000, 10_000, 5_000, 5_000],
    )  # fmt: skip
    drive(state, {"courage": {"tino": "hide", "haggis": "hide"}, "phone": {"mr-black": "flip"}})
    state = penniless(state)
    assert Table(state.view("el-toro")).cop_odds() == [0.0, 0.0, 0.5, 0.5, 0.0]
    assert Table(state.view("mr-black")).cop_odds() == [0.0] * 5  # the cop knows
    drive(state, {"load": {"el-toro": "load:bang"}}, until="aim")
    assert choices(state, "el-toro") == {"aim:lotus", "aim:mr-black"}


# Loading --------------------------------------------------------------------------------------


def test_the_bbb_is_kept_for_late_rounds_and_bullets_fire_more_often_than_at_random():
    """Measured (5 players, Basic, one heuristic seat, seeds 0-59): the heuristic loads its
    BBB in round 5.8 on average (random: 2.7) and 43% of its bullets fire (random: 20%)."""
    heuristic = bullet_record(heuristic_at(STRENGTH_SEAT, {"players": 5}))
    at_random = bullet_record(dict.fromkeys(GAME.seats({"players": 5}), RANDOM))
    assert heuristic[0] >= 5.0 and at_random[0] <= 3.5
    assert heuristic[1] >= 0.38 and at_random[1] <= 0.28


def bullet_record(bots: Mapping[str, Bot]) -> tuple[float, float]:
    """(mean round of STRENGTH_SEAT's BBB, share of its bullets that fired)."""
    rounds = []
    bullets = fired = 0
    for seed in range(60):
        state = bot_game({"players": 5}, seed, bots)
        for rnd, _, kind, mode in state.spent[state.rules.index[STRENGTH_SEAT]]:
            if kind == 0:
                rounds.append(rnd)
            if kind != 2:
                bullets += 1
                fired += mode == 1
    return sum(rounds) / len(rounds), fired / bullets


def test_the_last_cards_are_loaded_as_the_hand_allows():
    """Round 8 leaves one card; with only bullets left they are loaded, whatever the lottery."""
    state = craft({"players": 4}, round_=7, hands={"tino": {"bbb": 1, "bang": 1}})
    assert choices(state, "tino") <= {"load:bbb", "load:bang"}
    last = craft({"players": 4}, round_=8, hands={"tino": {"bang": 1}})
    assert choices(last, "tino") == {"load:bang"}


# Abilities ------------------------------------------------------------------------------------


@pytest.mark.parametrize("ability", ["kid", "sly"])
def test_the_kid_and_the_sly_are_revealed_at_once(ability):
    state = craft({"players": 4, "advanced": True}, abilities={"tino": ability})
    assert choices(state, "tino") == {f"reveal:{ability}"}


def test_the_crazy_shows_his_grenade_when_guns_point_at_him():
    plain = craft({"players": 4, "advanced": True}, abilities={"lotus": "crazy"})
    assert "reveal:crazy" not in choices(plain, "lotus")
    for aims, expected in (({"tino": "aim:lotus", "el-toro": "aim:lotus"}, "reveal:crazy"),
                           ({}, "pass")):  # fmt: skip
        state = craft({"players": 4, "advanced": True}, abilities={"lotus": "crazy"})
        drive(state, {"aim": aims}, until="crazy-window")
        assert choices(state, "lotus") == {expected}


@pytest.mark.parametrize("lotus_hides", [False, True])
def test_the_specialist_takes_his_bbb_back_giving_up_a_click(lotus_hides):
    """After his BBB fired (Phase 5), or was discarded because its target hid (AMB-18)."""
    state = craft({"players": 4, "advanced": True}, abilities={"tino": "specialist"})
    steps = {"load": {"tino": "load:bbb"}, "aim": {"tino": "aim:lotus"}}
    if lotus_hides:
        steps["courage"] = {"lotus": "hide"}
    drive(state, steps, until="specialist-window" if lotus_hides else "phase5-window")
    assert "specialist:bang" in state.legal_actions("tino")
    assert choices(state, "tino") == {"specialist:click"}


def test_you_wont_need_it_claims_the_dead_player_with_more_bullets_left():
    """Lotus and Haggis die together; Haggis had fired his BBB for all to see."""
    state = craft(
        {"players": 5, "advanced": True}, round_=2,
        abilities={"tino": "you-wont-need-it"}, wounds={"lotus": 2, "haggis": 2},
        hands={"haggis": {"bang": 2, "click": 5}},
    )  # fmt: skip
    state = publicly_fired(state, ["haggis"])
    steps = {
        "load": {"el-toro": "load:bbb", "mr-black": "load:bbb"},
        "aim": {"el-toro": "aim:lotus", "mr-black": "aim:haggis"},
    }
    drive(state, steps, until="phase5-window")
    assert set(state.legal_actions("tino")) == {"pass", "claim:lotus", "claim:haggis"}
    assert choices(state, "tino") == {"claim:lotus"}


def test_doesnt_even_hurt_is_spent_on_a_share_worth_it():
    big = craft(
        {"players": 5, "advanced": True}, round_=3, abilities={"tino": "doesnt-even-hurt"},
        pot=[20_000, 20_000, 20_000, 20_000, 10_000],
    )  # fmt: skip
    hiders = {"courage": dict.fromkeys(("tino", "el-toro", "lotus"), "hide")}
    drive(big, hiders, until="unhurt-window")
    assert choices(big, "tino") == {"unhurt"}  # $20,000 each with Mr. Black and Haggis
    small = craft(
        {"players": 5, "advanced": True}, round_=3, abilities={"tino": "doesnt-even-hurt"},
        pot=[5_000] * 5,
    )  # fmt: skip
    drive(small, {"courage": {"tino": "hide"}}, until="unhurt-window")
    assert choices(small, "tino") == {"pass"}  # $5,000 each among five


# The cop's phone --------------------------------------------------------------------------------


def test_the_cop_flips_with_three_participants_or_when_time_runs_out():
    options = {"players": 5, "undercover_cop": True}
    everyone = craft(options, cop="lotus")
    drive(everyone, until="phone")
    assert len(everyone.to_act()) == 5 and choices(everyone, "lotus") == {"flip"}
    hiders = {"courage": dict.fromkeys(("tino", "el-toro", "haggis"), "hide")}
    two = craft(options, cop="lotus")
    drive(two, hiders, until="phone")
    assert two.to_act() == ("lotus", "mr-black") and choices(two, "lotus") == {"pass"}
    # Round 5 with one use: rounds 5 and 6 are just enough for the two uses left.
    late = craft(options, cop="lotus", round_=5, phone_uses=1)
    drive(late, hiders, until="phone")
    assert late.to_act() == ("lotus", "mr-black") and choices(late, "lotus") == {"flip"}


def test_the_cop_flips_only_when_the_rule_says_so(decisions):
    """Along the all-heuristic cop games: every flip came with three or more participants or
    when the rounds left were just enough; with three or more the cop always flipped."""
    phone = [d for d in decisions if d.view["step"] == "phone" and "flip" in d.legal]
    assert len(phone) > 10
    for d in phone:
        participants = len(d.view["participants"])
        needed = 3 - d.view["phone"]["uses"]
        forced = needed >= 6 - d.view["round"] + 1
        assert (d.action == "flip") == (participants >= 3 or forced)


# Building blocks --------------------------------------------------------------------------------


def test_the_expected_share_follows_the_exact_split():
    pot = [20_000, 10_000, 10_000, 5_000, 5_000]
    assert share(pot, 3) == split_pot(pot, 3).share == 10_000
    assert share(pot, 2.5) == pytest.approx((25_000 + 10_000) / 2)
    assert share(pot, 1) == 50_000


def test_the_hit_distribution_is_a_poisson_binomial_cut_at_the_cap():
    dist = hit_distribution([0.5, 0.5, 0.5], 2)
    assert dist == pytest.approx([0.125, 0.375, 0.5])
    assert sum(hit_distribution([0.2, 0.9, 0.4, 0.7], 3)) == pytest.approx(1.0)
    assert hit_distribution([], 1) == [1.0, 0.0]
