"""No seat and no spectator learns a secret the rules keep from it (spec 10.1, 10.3).

The secrets: the deck order, every hand, every card placed face down (loaded, or discarded
without firing), every seat's answer in a secret step until all have answered, unrevealed
abilities, roles until the game is over, and who flipped the phone.

Three checks along random games, for every combination of modes and player counts:

* structure: a seat's view is the spectator's view plus its own ``me`` block, alive or dead;
* direct: where a secret could show in the public view, it does not;
* strong: states that differ only in hidden parts (sampled from the public view by the
  determinizer) give byte-identical public views, and differ in their secrets (so the check
  is not empty).
"""

from __future__ import annotations

import pytest

from getaway.core import SPECTATOR, Rng
from getaway.core.serialize import dumps
from getaway.games.cash_n_guns import GAME, CashNGunsState
from tests.cash_n_guns.helpers import OPTIONS, option_id, random_states

GAMES_PER_SETTING = 3


def _without(view: dict[str, object], *keys: str) -> dict[str, object]:
    return {k: v for k, v in view.items() if k not in keys}


def _check_structure(state: CashNGunsState) -> None:
    public = _without(state.view(SPECTATOR), "seat")
    assert "me" not in public and "secrets" not in public
    for seat in state.seats:
        view = state.view(seat)
        assert view["me"]["seat"] == seat
        assert _without(view, "seat", "me") == public


def _check_direct(state: CashNGunsState) -> None:
    view = state.view(SPECTATOR)
    over = state.is_over()
    for i, p in enumerate(view["players"]):
        assert p["ability"] == (state.ability_name(i) if state.is_revealed(i) else None)
        assert (p["role"] is not None) == (over and state.rules.cop_game)
        assert "hand" not in p and "loaded" not in p
        for g, gun in enumerate(p["guns"]):
            fired = state.gstate[2 * i + g] == 3
            assert (gun["card"] is not None) == fired
        assert all("card" not in e for e in p["spent_face_down"])
    assert all(isinstance(v, bool) for v in view["committed"].values())
    if not state.aims_revealed:
        assert all(gun["target"] is None for p in view["players"] for gun in p["guns"])
    text = dumps(view)
    assert '"deck":' not in text and '"choices"' not in text and '"my_choice"' not in text
    for e in view["log"]:
        if e["type"] == "lowered":
            assert "card" not in e


def _secrets(state: CashNGunsState) -> tuple[object, ...]:
    data = state.to_json()
    return (
        data["deck"],
        data["commits"],
        [(p["hands"], p["cards"], p["spent"], p["ability"], p["role"]) for p in data["players"]],
    )


@pytest.mark.parametrize("options", OPTIONS, ids=option_id)
def test_a_seats_view_is_the_public_view_plus_its_own_secrets(options):
    for seed in range(GAMES_PER_SETTING):
        for state in random_states(options, seed, final=True):
            _check_structure(state)
            _check_direct(state)


@pytest.mark.parametrize("options", OPTIONS, ids=option_id)
def test_public_views_do_not_depend_on_hidden_parts(options):
    compared = differing = 0
    for seed in range(GAMES_PER_SETTING):
        for step, state in enumerate(random_states(options, seed, final=True)):
            if step % 4:
                continue
            public = state.view(SPECTATOR)
            text = dumps(public)
            for k in range(2):
                other = GAME.determinize(public, Rng(step * 2 + k))
                compared += 1
                differing += _secrets(other) != _secrets(state)
                assert dumps(other.view(SPECTATOR)) == text
                seat = state.seats[(step + k) % len(state.seats)]
                assert dumps(_without(other.view(seat), "me")) == dumps(
                    _without(state.view(seat), "me")
                )
    assert compared > 50 and differing > compared * 0.9


def test_a_dead_seat_sees_only_the_public_table_and_its_own_past():
    checked = 0
    for seed in range(4):
        options = {"players": 6, "advanced": True, "undercover_cop": True}
        for state in random_states(options, seed):
            for i, seat in enumerate(state.seats):
                if state.alive >> i & 1:
                    continue
                checked += 1
                view = state.view(seat)
                assert _without(view, "seat", "me") == _without(state.view(SPECTATOR), "seat")
                assert all(sum(h.values()) == 0 for h in view["me"]["hand"])
                assert view["me"]["role"] in ("cop", "gangster")
                assert view["me"]["ability"] == state.ability_name(i)
    assert checked, "the test games must see a death"


def test_the_all_view_holds_every_secret():
    state = GAME.new_state({"players": 5, "advanced": True, "undercover_cop": True}, 1)
    state.apply("tino", "load:bbb")
    view = state.view("all")
    assert view["secrets"]["commits"] == {"tino": "load:bbb"}
    assert view["secrets"]["deck"] == state.deck
    assert {m["role"] for m in view["secrets"]["players"].values()} == {"cop", "gangster"}
    # Sampling from it gives the state itself (only the seed and generator are fresh).
    sampled = GAME.determinize(view, Rng(0)).to_json()
    assert _without(sampled, "seed", "rng") == _without(state.to_json(), "seed", "rng")
