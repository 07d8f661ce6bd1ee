"""The player model's shared public reading (``model_public.py``) gives every reader exactly
the values a reading from scratch gives (``model_reference.py``, the model as written before
the sharing), over many seeded random games in every mode, with the readers of one moment
sharing its table, and the table kept on a state that is played on in place (as the search
plays a playout) and whose own cards a search redraws (``_aim_likelihoods``)."""

from __future__ import annotations

from typing import Any, cast

import pytest

from getaway.core import Rng
from getaway.games.cash_n_guns import CashNGunsState
from getaway.games.cash_n_guns.cards import BANG, CLICK, GUN_LOADED
from getaway.games.cash_n_guns.model import Reader, aim_values, courage_margin
from getaway.games.cash_n_guns.shots import add_wounds
from tests.cash_n_guns.helpers import GAME, OPTIONS, option_id
from tests.cash_n_guns.model_reference import ReferenceReader

GAMES_PER_MODE = 3


def readings(reader: Any, s: CashNGunsState) -> dict[str, Any]:
    """Everything a reader answers, asked in an order that builds its caches differently
    from the search's (the shares first)."""
    n = s.rules.players
    me = reader.me
    found: dict[str, Any] = {
        "shares": [reader.expected_share(exclude) for exclude in range(-1, n)],
        "hides": [reader.hide_chance(j) for j in range(n)],
        "hit_odds": [reader.hit_odds(t) for t in range(n)],
        "guns_at": [list(reader.guns_at(t)) for t in range(n)],
        "margins": [reader.margin(j) for j in range(n)],
        "future": reader.future(),
        "courage": reader.courage_margin(),
    }
    for g in range(s.guns[me]):
        found[f"aim{g}"] = reader.aim_values(g)
        b = 6 * me + 3 * g
        if sum(s.hand[b : b + 3]):
            found[f"load{g}"] = reader.load_probs(g)
            found[f"load{g}-hand"] = reader.load_probs(g, [1, 1, 1])
    return found


def check_every_seat(s: CashNGunsState) -> int:
    """Compare both readings for every seat, aims shown as the state says and as not shown;
    then with each loaded card redrawn as a bullet and as a Click, the way the search weighs
    an aim. Returns how many readings were compared."""
    compared = 0
    for me in range(s.rules.players):
        for shown in (None, False):
            # Fresh-built readings first: they must not depend on which reader came first.
            new = readings(Reader(s, me, shown=shown), s)
            assert new == readings(ReferenceReader(s, me, shown=shown), s), (me, shown)
            compared += 1
        # The playouts' courage and aims, without a reader (the state's table shared).
        assert courage_margin(s, me) == ReferenceReader(s, me).courage_margin(), me
        for g in range(s.guns[me]):
            assert aim_values(s, me, g) == ReferenceReader(s, me).aim_values(g), (me, g)
        for g in range(s.guns[me]):
            k = 2 * me + g
            if s.gstate[k] != GUN_LOADED:
                continue
            kept = s.card[k]
            for kind in (BANG, CLICK):
                s.card[k] = kind
                new_values = Reader(s, me, shown=False).aim_values(g)
                assert new_values == ReferenceReader(s, me, shown=False).aim_values(g)
                assert aim_values(s, me, g, shown=False) == new_values
                compared += 1
            s.card[k] = kept
    return compared


@pytest.mark.parametrize("options", OPTIONS, ids=option_id)
def test_the_shared_reading_equals_a_reading_from_scratch(options: dict[str, Any]) -> None:
    compared = 0
    for game_number in range(GAMES_PER_MODE):
        seed = 1_000 * len(options) + game_number + 7 * options["players"]
        s = cast(CashNGunsState, GAME.new_state(options, seed))
        rng = Rng(seed)
        while not s.is_over():
            compared += check_every_seat(s)
            seat = s.to_act()[rng.below(len(s.to_act()))]
            legal = s.legal_actions(seat)
            # Played in place: the table kept on the state must follow every change.
            s.apply(seat, legal[rng.below(len(legal))])
    assert compared > 500


def test_a_clone_does_not_share_its_original_reading() -> None:
    s = cast(CashNGunsState, GAME.new_state(None, 3))
    Reader(s, 0).load_probs(0)
    assert s.model_cache is not None
    assert s.clone().model_cache is None


def test_a_logged_change_within_a_step_gives_a_fresh_reading() -> None:
    # Wounds within a step (the shots resolve between steps, but the table's key does not
    # rely on it): the event's log entry tells the cached table is stale.
    s = cast(CashNGunsState, GAME.new_state(None, 5))
    before = Reader(s, 0).margin(1)
    add_wounds(s, 1, 1, "shot")
    assert Reader(s, 0).margin(1) == before - 1
    assert readings(Reader(s, 0), s) == readings(ReferenceReader(s, 0), s)
