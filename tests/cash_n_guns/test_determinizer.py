"""The determinizer: full states sampled from a seat's view look the same to that seat, can be
played on, and respect what the public record rules out."""

from __future__ import annotations

from collections import Counter
from math import comb
from typing import Any

import pytest

from getaway.core import SPECTATOR, Rng
from getaway.games.cash_n_guns import GAME, CashNGunsState
from tests.cash_n_guns.helpers import OPTIONS, answer, craft, option_id, play, random_states


def _sample(state: CashNGunsState, seat: str, seed: int) -> CashNGunsState:
    sampled = GAME.determinize(state.view(seat), Rng(seed))
    assert isinstance(sampled, CashNGunsState)
    return sampled


@pytest.mark.parametrize("options", OPTIONS, ids=option_id)
def test_samples_look_the_same_to_every_seat_and_can_be_played_on(options):
    for seed in range(2):
        for n, state in enumerate(random_states(options, seed)):
            if n % 5:
                continue
            for seat in (*state.seats, SPECTATOR):
                view = state.view(seat)
                sampled = GAME.determinize(view, Rng(n))
                assert sampled.view(seat) == view
                # Who still has to answer is public, except in the blind phone step.
                assert sampled.public_to_act() == state.public_to_act()
            # A sample is a real position: it plays on to the end.
            rng = Rng(n)
            while not sampled.is_over():
                actor = sampled.to_act()[0]
                sampled.apply(actor, rng.choice(sampled.legal_actions(actor)))


def test_the_cop_is_sampled_among_those_who_shared_when_the_phone_was_used():
    state = craft(
        {"players": 5, "undercover_cop": True},
        cop="mr-black",
        round_=2,
        pot=[10_000, 10_000, 10_000, 5_000, 5_000],
    )
    play(state, {"courage": {"tino": "hide", "haggis": "hide"}, "phone": {"mr-black": "flip"}})
    cops = Counter(_sample(state, "tino", k).cop for k in range(60))
    assert set(cops) == {1, 2, 3}  # el-toro, lotus, mr-black: Tino and Haggis are clean
    # The cop's own view knows: every sample has him as the cop.
    assert {_sample(state, "mr-black", k).cop for k in range(10)} == {3}


def test_dragon_skin_and_invincible_are_never_given_to_whom_they_would_have_shown():
    abilities = {
        "tino": "coward", "el-toro": "kid", "lotus": "sly", "mr-black": "crazy",
        "haggis": "specialist",
    }  # fmt: skip
    state = craft({"players": 5, "advanced": True, "first_game": False}, abilities=abilities)
    # The deal above leaves Invincible and Dragon Skin undealt: a sample may deal them.
    play(
        state,
        {
            "load": {"tino": "load:bbb", "el-toro": "load:bang"},
            "aim": {"tino": "aim:lotus", "el-toro": "aim:lotus"},
        },
    )
    # Lotus took two bullets in one round without showing Dragon Skin.
    for k in range(40):
        sampled = _sample(state, "tino", k)
        assert sampled.ability_name(2) != "dragon-skin"
    state2 = craft({"players": 4, "advanced": True}, round_=3, dead=["lotus"])
    for k in range(40):
        sampled = _sample(state2, "tino", k)
        assert sampled.ability_name(2) != "invincible"


def test_a_specialists_face_down_cards_before_he_took_his_bbb_back_are_not_that_bbb():
    abilities = {"tino": "specialist", "el-toro": "kid", "lotus": "coward", "mr-black": "sly"}
    state = craft({"players": 4, "advanced": True}, abilities=abilities)
    play(state, {"aim": {"tino": "aim:none"}}, rounds=2)  # two Clicks discarded face down
    play(state, {"load": {"tino": "load:bbb"}, "aim": {"tino": "aim:lotus"}}, until="phase5-window")
    state.apply("tino", "specialist:click")
    for k in range(40):
        sampled = _sample(state, "lotus", k)
        face_down = [kind for _, _, kind, mode in sampled.spent[0] if mode == 0]
        assert 0 not in face_down  # never the BBB
        assert sampled.hand[0] == 1  # the BBB is back in his hand


def test_a_claimers_second_hand_is_what_the_dead_player_left():
    abilities = {
        "tino": "you-wont-need-it", "el-toro": "kid", "lotus": "sly", "mr-black": "coward",
    }  # fmt: skip
    state = craft(
        {"players": 4, "advanced": True}, round_=2, abilities=abilities, wounds={"lotus": 2}
    )
    play(
        state,
        {"load": {"el-toro": "load:bbb"}, "aim": {"el-toro": "aim:lotus"}},
        until="phase5-window",
    )
    state.apply("tino", "claim:lotus")
    answer(state)
    mine = state.view("tino")["me"]["hand"][1]
    for k in range(20):
        sampled = _sample(state, "tino", k)
        assert sampled.hand[3:6] == [mine["bbb"], mine["bang"], mine["click"]]
        assert sampled.claim is not None and list(sampled.claim[3]) == sampled.hand[3:6]


# Along random games: what a sample draws, and what it never draws ------------------------------

KINDS = ("bbb", "bang", "click")
BULLET_SET = (1, 2, 5)


def _unseen(player: dict[str, Any]) -> list[int]:
    """A player's first-gun cards nobody has seen, per kind: his set minus the cards fired
    (a BBB the Specialist took back is his again)."""
    left = list(BULLET_SET)
    for e in player["spent_revealed"]:
        if e["gun"] == 1 and not e["taken_back"]:
            left[KINDS.index(e["card"])] -= 1
    return left


def _likeliest_hand(unseen: list[int], size: int) -> float:
    """The probability of the likeliest make-up of a hand of ``size`` cards dealt at random
    from the ``unseen`` cards (multivariate hypergeometric): 1 when the record pins it."""
    best = 0.0
    for bbb in range(min(unseen[0], size) + 1):
        for bang in range(min(unseen[1], size - bbb) + 1):
            click = size - bbb - bang
            if click <= unseen[2]:
                ways = comb(unseen[0], bbb) * comb(unseen[1], bang) * comb(unseen[2], click)
                best = max(best, ways / comb(sum(unseen), size))
    return best


def _cop_candidates(view: dict[str, Any]) -> set[int]:
    """Who can be the cop by the public record: a participant of every round the phone came
    back used (the dead included: a dead cop keeps his role)."""
    seats = [p["seat"] for p in view["players"]]
    candidates = set(range(len(seats)))
    for e in view["log"]:
        if e["type"] == "phone" and e["used"]:
            candidates &= {seats.index(s) for s in e["order"]}
    return candidates


def _hit_twice(view: dict[str, Any]) -> set[int]:
    """Players two bullets hit in one round while alive (Dragon Skin would have shown)."""
    seats = [p["seat"] for p in view["players"]]
    dead: set[str] = set()
    hits: Counter[tuple[int, str]] = Counter()
    for e in view["log"]:
        if e["type"] == "death":
            dead.add(e["seat"])
        elif e["type"] == "fire" and e["card"] != "click" and e["target"] not in dead:
            hits[(e["round"], e["target"])] += 1
    return {seats.index(seat) for (_, seat), n in hits.items() if n >= 2}


class _Draws:
    """What the samples drew for each hidden part, and whether the view left it open."""

    def __init__(self) -> None:
        self.values: dict[tuple[str, int], set[object]] = {}
        self.open: dict[tuple[str, int], bool] = {}

    def add(self, kind: str, who: int, value: object, is_open: bool) -> None:
        self.values.setdefault((kind, who), set()).add(value)
        self.open[(kind, who)] = is_open


def _checked_views(state: CashNGunsState, step: int) -> list[str]:
    """One seat in turn and the spectator."""
    return [state.seats[step % len(state.seats)], SPECTATOR]


@pytest.mark.parametrize("options", OPTIONS, ids=option_id)
def test_hidden_parts_vary_where_the_view_leaves_them_open_and_only_there(options):
    """12 samples at every 12th step and each fresh courage step of 2 games, from one seat's
    view and the spectator's:
    the deck order, each other player's hand make-up and hidden loaded card, the unrevealed
    abilities and the cop vary across generators whenever the public record leaves them open
    (for a hand or a loaded card: when no single outcome has more than a 60% chance, so that
    12 equal draws would be a 1-in-200 fluke), and a hand the record pins down never varies."""
    open_cases: Counter[str] = Counter()
    varied: Counter[str] = Counter()
    pinned = 0
    for seed in range(2):
        for step, state in enumerate(random_states(options, 50 + seed)):
            # Every 12th step, and each courage step before anyone answers (all the cards
            # placed are still face down then).
            courage = state.step_name() == "courage" and state.waiting == state.step_seats
            if step % 12 and not courage:
                continue
            for viewer in _checked_views(state, step):
                view = state.view(viewer)
                me = state.rules.index.get(viewer, -1)
                samples = [_sample(state, viewer, 100 * step + k) for k in range(12)]
                draws = _Draws()
                pins: dict[int, bool] = {}

                deck_open = sum(1 for n in view["deck_counts"].values() if n) >= 2
                for sample in samples:
                    draws.add("deck", -1, tuple(sample.deck), deck_open)
                    for i, p in enumerate(view["players"]):
                        if i == me or not p["alive"]:
                            continue
                        unseen = _unseen(p)
                        likeliest = _likeliest_hand(unseen, p["hand_size"][0])
                        hand = tuple(sample.hand[6 * i : 6 * i + 3])
                        draws.add("hand", i, hand, likeliest <= 0.6)
                        pins.setdefault(i, likeliest == 1.0)
                        if p["guns"][0]["state"] == "loaded":
                            odds = max(unseen) / sum(unseen)
                            draws.add("loaded", i, sample.card[2 * i], odds <= 0.6)
                        if state.rules.pool and p["ability"] is None:
                            draws.add("ability", i, sample.ability[i], True)
                    if state.rules.cop_game and not view["over"] and state.cop != me:
                        draws.add("cop", -1, sample.cop, len(_cop_candidates(view) - {me}) >= 2)
                for (kind, who), values in draws.values.items():
                    if draws.open[(kind, who)]:
                        open_cases[kind] += 1
                        varied[kind] += len(values) > 1
                    elif kind == "hand" and pins[who]:
                        pinned += 1
                        assert len(values) == 1, (kind, who, values)
    expected = {"deck", "hand", "loaded"}
    if options["advanced"]:
        expected.add("ability")
    if options["undercover_cop"]:
        expected.add("cop")
    assert set(open_cases) == expected
    for kind in expected:
        assert open_cases[kind] >= 10, (kind, open_cases)
        assert varied[kind] >= 0.95 * open_cases[kind], (kind, varied[kind], open_cases[kind])
    assert pinned > 0


@pytest.mark.parametrize("options", [o for o in OPTIONS if o["undercover_cop"]], ids=option_id)
def test_the_sampled_cop_fits_the_phone_and_is_the_viewer_only_when_he_is_the_cop(options):
    """Every 5th step of 3 games, every seat and the spectator: the sampled cop took part in
    every round the phone came back used; a gangster's samples never make him the cop, the
    cop's always do; once the game is over every sample has the true cop."""
    flips = 0
    for seed in range(3):
        for step, state in enumerate(random_states(options, 70 + seed, final=True)):
            if step % 5 and not state.is_over():
                continue
            for viewer in (*state.seats, SPECTATOR):
                view = state.view(viewer)
                sample = _sample(state, viewer, step)
                assert sample.cop in _cop_candidates(view)
                me = state.rules.index.get(viewer)
                if state.is_over() or me == state.cop:
                    assert sample.cop == state.cop
                elif me is not None:
                    assert sample.cop != me
            flips += state.phone_uses
    assert flips > 0, "the test games must see the phone used"


@pytest.mark.parametrize("options", OPTIONS, ids=option_id)
def test_samples_never_give_a_card_or_an_ability_a_player_can_no_longer_have(options):
    """Every 4th step of 2 games, one seat in turn and the spectator: each other player's
    unseen cards (hand, hidden loaded card, face-down discards) are exactly his set minus the
    cards he fired: no kind he has used up; the dead hold nothing; an unrevealed ability is
    never one shown, never the viewer's own, never Invincible for a player who reached 3
    wounds, never Dragon Skin for one two bullets hit in a round, never Six Feet Under or
    Coward once the game is over."""
    checked = 0
    for seed in range(2):
        for step, state in enumerate(random_states(options, 90 + seed, final=True)):
            if step % 4 and not state.is_over():
                continue
            for viewer in _checked_views(state, step // 4):
                view = state.view(viewer)
                me = state.rules.index.get(viewer, -1)
                sample = _sample(state, viewer, step)
                shown = {p["ability"] for p in view["players"] if p["ability"]}
                twice = _hit_twice(view)
                for i, p in enumerate(view["players"]):
                    if i == me:
                        continue
                    if not p["alive"]:
                        assert sample.hand[6 * i : 6 * i + 6] == [0] * 6
                    else:
                        cards = list(sample.hand[6 * i : 6 * i + 3])
                        if sample.gstate[2 * i] == 1:  # loaded, face down
                            cards[sample.card[2 * i]] += 1
                        for _, gun, kind, mode in sample.spent[i]:
                            if gun == 0 and mode == 0:  # discarded face down
                                cards[kind] += 1
                        assert cards == _unseen(p), (p["seat"], cards, _unseen(p))
                        checked += 1
                    if not state.rules.pool or p["ability"]:
                        continue
                    ability = sample.ability_name(i)
                    assert ability not in shown
                    if me >= 0:
                        assert ability != state.ability_name(me)
                    if p["wounds"] >= 3:
                        assert ability != "invincible"
                    if i in twice:
                        assert ability != "dragon-skin"
                    if view["over"]:
                        assert ability not in ("six-feet-under", "coward")
    assert checked > 100
