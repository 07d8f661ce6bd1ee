"""The turn on the protocol (spec §6): the hero phase, New York's phase, saves, views and
seeded random play (``turns.py``); an illegal action is refused before anything changes."""

from __future__ import annotations

import json
import random

import pytest

from getaway.core.errors import IllegalActionError, NotYourTurnError
from getaway.games.escape_from_new_york import hero_effects, turns
from getaway.games.escape_from_new_york.game import EscapeFromNewYorkState
from getaway.games.escape_from_new_york.invariants import problems
from getaway.games.escape_from_new_york.turn_common import current_seat, parse_cell


def new(seed: int = 1, **options: object) -> EscapeFromNewYorkState:
    """A game of ``options`` (2 heroes unless they say otherwise)."""
    return EscapeFromNewYorkState.new({"players": 2, **options}, seed)


def saved(state: EscapeFromNewYorkState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def random_game(
    seed: int, plies: int = 150, **options: object
) -> tuple[list[str], EscapeFromNewYorkState]:
    """Random legal actions through the protocol. Checks the invariants and the save after each."""
    state, pick = new(seed, **options), random.Random(seed)
    played: list[str] = []
    while not state.is_over() and len(played) < plies:
        seat = state.to_act()[0]
        action = pick.choice(list(state.legal_actions(seat)))
        state.apply(seat, action)
        played.append(action)
        assert not problems(state.rules, state.table), problems(state.rules, state.table)
        again = EscapeFromNewYorkState.from_json(json.loads(saved(state)))
        assert saved(again) == saved(state)
    return played, state


def test_the_first_player_is_asked_step_1_first() -> None:
    state = new()
    seat = current_seat(state.table)
    assert state.to_act() == (seat,)
    assert state.legal_actions(seat)[:2] == ["recover", "keep"]  # then "fire" for a weapon
    other = next(s for s in state.seats if s != seat)
    assert state.legal_actions(other) == ()
    with pytest.raises(NotYourTurnError):
        state.apply(other, "keep")


def test_an_illegal_action_names_the_legal_ones_and_changes_nothing() -> None:
    state = new()
    seat = state.to_act()[0]
    before = saved(state)
    with pytest.raises(IllegalActionError) as caught:
        state.apply(seat, "choose:nonsense")
    assert "keep" in str(caught.value)
    assert saved(state) == before


def test_a_changed_legal_list_does_not_change_what_apply_accepts() -> None:
    """The list ``legal_actions`` hands out is the caller's: adding to it makes nothing
    legal (``apply`` checks against its own copy)."""
    state = new()
    seat = state.to_act()[0]
    handed = state.legal_actions(seat)
    assert "escape" not in handed
    handed.append("escape")  # type: ignore[attr-defined]
    with pytest.raises(IllegalActionError):
        state.apply(seat, "escape")
    assert not state.is_over()


def _playable(state: EscapeFromNewYorkState) -> list[str]:
    """Cards of the hand whose effects are all built, attacks and moves first."""
    hero = state.table.heroes[current_seat(state.table)]
    cards = {c.id: c for c in state.rules.content.hero_cards.cards}
    return [
        card
        for card in hero.hand
        if not cards[card].item_symbol
        and all(e.do in hero_effects.HERO_EFFECTS_BUILT for e in cards[card].effects)
    ]


def test_a_whole_turn_through_the_protocol() -> None:
    """Step 1 kept, two cards chosen face down, each resolved, the car step, noise and
    discard, damage, the Library, then New York's steps 10-12 and the next player."""
    state = new(seed=3)
    seat = state.to_act()[0]
    hero = state.table.heroes[seat]
    state.apply(seat, "keep")
    first, second = _playable(state)[:2]
    state.apply(seat, f"choose:{first}")
    state.apply(seat, f"choose:{second}")
    assert hero.played == [first, second]
    assert state.turn.stage == "resolve"
    new_york_cards = len(state.table.new_york_discard) + len(state.table.new_york_in_play)
    pick = random.Random(0)
    while state.to_act() == (seat,):
        legal = [a for a in state.legal_actions(seat) if a != "library:item"]
        state.apply(seat, pick.choice(legal))
        if state.turn.stage == "recover":
            break
    assert state.to_act() == (state.table.turn_order[1],)
    assert (state.table.phase, state.table.step, state.turn.stage) == ("hero", 1, "recover")
    # Both played cards went to the discard at step 6 (the Library, step 9, may have
    # returned one of the discard at random).
    assert not hero.played and len(hero.hand) + len(hero.discard) == 8
    assert {first, second} & set(hero.discard)
    after = len(state.table.new_york_discard) + len(state.table.new_york_in_play)
    assert after > new_york_cards or len(state.table.new_york_deck) > 1


def test_e1_forced_recovery_returns_the_discard_before_the_timer_card() -> None:
    """E1: no card in hand, so a timer card must be revealed; the 8 cards come back first,
    and "explore 1 landmark of your choice" may explore one that is not adjacent."""
    state = new(seed=2)
    seat = state.to_act()[0]
    hero = state.table.heroes[seat]
    hero.discard.extend(hero.hand)
    hero.hand.clear()
    deck = state.table.timer_deck
    deck.insert(0, deck.pop(deck.index("explore_landmark")))
    legal = state.legal_actions(seat)
    assert legal[0] == "recover" and "keep" not in legal
    state.apply(seat, "recover")
    assert len(hero.hand) == 8 and not hero.discard
    assert state.table.timer_revealed == ["explore_landmark"]
    assert state.turn.stage == "landmark"
    choices = state.legal_actions(seat)
    around = state.rules.topology.neighbours(hero.cell).values()
    far = [a for a in choices if parse_cell(a.split(":")[1]) not in around]
    assert far, "a landmark that is not adjacent may be chosen"
    state.apply(seat, far[0])
    assert state.table.spaces[parse_cell(far[0].split(":")[1])].face_up
    assert state.turn.stage == "choose"


def _at_step_11(card: str, noise: int) -> EscapeFromNewYorkState:
    state = new(seed=4)
    deck = state.table.new_york_deck
    deck.insert(0, deck.pop(deck.index(card)))
    state.table.noise = noise
    state.turn.stage = "ny11"
    return state


def test_e7_new_york_pays_for_its_card() -> None:
    """E7: noise at least the cost: pay it, resolve the card (N6 moves 2 mission markers),
    discard it; then step 12 and the next player's turn."""
    state = _at_step_11("N6", noise=4)
    turns.run(state)
    assert state.table.noise == 1
    assert state.table.missions_moved == 2
    assert state.table.new_york_discard[-1] == "N6"
    assert state.turn.stage == "recover" and state.table.current == 1


def test_step_11_discards_an_unpaid_card_for_1_noise() -> None:
    state = _at_step_11("N6", noise=2)
    turns.run(state)
    assert state.table.noise == 3
    assert state.table.missions_moved == 0
    assert state.table.new_york_discard[-1] == "N6"


def test_a_special_new_york_card_stays_in_play() -> None:
    """§8.8: a special card paid for stays above the New York board."""
    state = new(seed=4)
    special = state.table.new_york_specials.pop(0)
    state.table.new_york_deck.insert(0, special)
    state.table.noise = 5
    state.turn.stage = "ny11"
    turns.run(state)
    assert special in state.table.new_york_in_play


def test_the_new_york_deck_is_recycled_at_one_card() -> None:
    """§6 recycling (A-14): with one card left, the deck, the discard and the specials in
    play form a new deck."""
    state = new(seed=5)
    table = state.table
    table.new_york_discard.extend(table.new_york_deck[2:])
    del table.new_york_deck[2:]
    total = len(table.new_york_deck) + len(table.new_york_discard)
    state.turn.stage = "ny10"
    turns.run(state)
    assert len(table.new_york_deck) + len(table.new_york_discard) == total
    assert len(table.new_york_deck) > 1


def test_the_ability_hides_its_card_from_the_other_seats() -> None:
    state = new(seed=6)
    seat = state.to_act()[0]
    state.apply(seat, "keep")
    first, second = state.table.heroes[seat].hand[:2]
    state.apply(seat, f"choose:{first}")
    state.apply(seat, f"choose:{second}")
    state.apply(seat, f"ability:0:{first}")
    other = next(s for s in state.seats if s != seat)
    assert first not in json.dumps(state.view(other)["turn"])
    assert state.view(other)["turn"]["ability_used"] is True
    assert state.view(seat)["turn"]["hidden"] == first


# Four seeds in ./dev test, twelve in ./dev test-long.
@pytest.mark.parametrize(
    "seed", [*range(4), *(pytest.param(seed, marks=pytest.mark.long) for seed in range(4, 12))]
)
def test_random_play_keeps_the_invariants_and_replays_byte_for_byte(seed: int) -> None:
    played, state = random_game(seed)
    assert len(played) >= 4
    again, other = random_game(seed)
    assert again == played
    assert saved(other) == saved(state)


def test_random_play_reaches_several_turns() -> None:
    """Over a few seeds the built rules carry games through New York's phase and on."""
    turns_reached = []
    for seed in range(8):
        _, state = random_game(seed)
        turns_reached.append(len(state.table.new_york_discard) + len(state.table.new_york_in_play))
    assert max(turns_reached) >= 3


@pytest.mark.parametrize("seed", range(3))
def test_no_view_shows_another_seats_hand_in_random_play(seed: int) -> None:
    """§13.2: a seat's view never names a card in another hero's hand, discard or supply
    (face down) that the table has not shown (cards revealed this turn aside)."""
    state, pick = new(seed), random.Random(seed)
    for _ in range(120):
        if state.is_over():
            break
        for seat in state.seats:
            text = json.dumps(state.view(seat))
            for other in state.seats:
                if other == seat:
                    continue
                hero = state.table.heroes[other]
                secret = {*hero.hand, *hero.discard, *hero.played} - set(state.turn.revealed)
                # Face-down supply cards but the President (who holds him is public).
                secret |= {c.id for c in hero.supply if not c.face_up and c.kind != "president"}
                assert not [card for card in secret if f'"{card}"' in text], (seat, other)
        actor = state.to_act()[0]
        state.apply(actor, pick.choice(list(state.legal_actions(actor))))


def test_illegal_actions_at_every_stage_change_nothing() -> None:
    """At each choice of a random game, an action id of another stage, a malformed one and
    one that is not text are refused, naming the legal actions, and the save (the
    generator's state with it) and the legal list are unchanged: ``apply`` checks before it
    changes anything, whether the legal actions were listed first or not (it has no
    snapshot to roll back to)."""
    state, pick = new(7), random.Random(7)
    stages = set()
    for _ in range(150):
        if state.is_over():
            break
        seat = state.to_act()[0]
        listed = pick.random() < 0.5
        legal = list(state.legal_actions(seat) if listed else turns.legal(state))
        stages.add(state.turn.stage)
        before = saved(state)
        for wrong in ("choose:nobody", "hit:99", "step:0,0:road", "", "play", "stay", 7):
            if wrong in legal:
                continue
            with pytest.raises(IllegalActionError) as caught:
                state.apply(seat, wrong)  # type: ignore[arg-type]
            assert legal[0] in str(caught.value)
            assert saved(state) == before
        assert list(state.legal_actions(seat)) == legal
        state.apply(seat, pick.choice(legal))
    assert {"recover", "choose", "resolve"} <= stages


VARIANTS: list[dict[str, object]] = [
    {},
    {"hard_new_york": True},
    {"traps": True, "wanted": True, "dead_or_alive": True},
    {"extra_specials": True, "crossbows": True, "explosions": True, "extra_timer_cards": True},
    {"fewer_timer_cards": True, "fewer_prisoners": True},
]


@pytest.mark.parametrize("players", [1, 3, 4])
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_random_play_for_each_player_count_and_variant(players: int, variant: int) -> None:
    """1, 3 and 4 heroes with each set of variants: the invariants and saves hold."""
    played, state = random_game(players + variant, 120, players=players, **VARIANTS[variant])
    assert len(played) >= 4 or state.is_over()
