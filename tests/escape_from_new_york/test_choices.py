"""The view's ``choices`` (``choices.py``): for ``hit:I``, ``deceive:I:C,R``, ``enemy:I`` and
``route:J``, what each number names, checked against what the action then does; carried by
the seat to act alone, and holding nothing that seat may not see."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from getaway.core import ALL, SPECTATOR, Rng
from getaway.core.serialize import dumps
from getaway.games.escape_from_new_york.determinizer import determinize
from getaway.games.escape_from_new_york.game import EscapeFromNewYorkState
from getaway.games.escape_from_new_york.new_york_turn import act_enemies
from getaway.games.escape_from_new_york.state import PRISONER, SupplyCard
from tests.escape_from_new_york.proto_helpers import new, random_moves

#: Random games long enough to meet every kind of numbered choice (1-4 heroes).
SEEDS = range(10)


def positions_with_choices() -> Iterator[tuple[EscapeFromNewYorkState, str]]:
    """Each position of some random games where the seat to act has numbered choices."""
    for seed in SEEDS:
        state = new(seed, 1 + seed % 4)
        for _ in random_moves(state, seed, 300):
            if state.is_over():
                break
            seat = state.to_act()[0]
            if state.turn.stage in ("attack", "deceive", "enemies"):
                yield state, seat


def numbers(legal: list[str], kind: str) -> set[int]:
    return {int(a.split(":")[1]) for a in legal if a.split(":")[0] == kind}


def figures_there(table: Mapping[str, Any], figure: Mapping[str, Any]) -> int:
    """How many figures like ``figure`` the view's table shows on its space."""
    space = next(s for s in table["spaces"] if s["cell"] == figure["cell"])
    if figure["kind"] == "boss":
        return int(figure["boss"] in space["bosses"])
    if figure["kind"] == "car":
        return sum(1 for owner, _ in space["cars"] if owner == PRISONER)
    return int(space["prisoners"])


def enemies_on(state: EscapeFromNewYorkState, cell: list[int]) -> int:
    space = state.table.spaces[(cell[0], cell[1])]
    return space.prisoners + len(space.bosses) + sum(c.owner == PRISONER for c in space.cars)


def test_each_number_names_a_figure_or_route_and_the_action_acts_on_it() -> None:
    kinds_met: set[str] = set()
    for state, seat in positions_with_choices():
        view = state.view(seat)
        legal = list(state.legal_actions(seat))
        choices = view["choices"]
        table = view["table"]
        for kind in ("hit", "deceive", "enemy"):
            if kind not in choices:
                continue
            kinds_met.add(kind)
            listed = choices[kind]
            assert numbers(legal, kind) <= set(range(len(listed)))
            if kind != "hit":  # every figure listed may be deceived or moved
                assert numbers(legal, kind) == set(range(len(listed)))
            # Every figure stands where the table shows it; no two entries are alike.
            for figure in listed:
                assert 1 <= figure["number"] <= figure["alike"] <= figures_there(table, figure)
            assert len({dumps(f) for f in listed}) == len(listed)
        if "route" in choices:
            kinds_met.add("route")
            moving, routes = choices["moving"], choices["route"]
            assert numbers(legal, "route") == set(range(len(routes)))
            assert figures_there(table, moving) >= 1
            assert all(route["cells"][0] == moving["cell"] for route in routes)
            assert len({dumps(r) for r in routes}) == len(routes)
        for action in legal:
            kind, _, rest = action.partition(":")
            after = state.clone()
            if kind == "hit":
                hit = int(rest)
                after.apply(seat, action)
                if after.turn.stage == "attack":
                    assert after.turn.split[hit] == choices["hit"][hit]["assigned"] + 1
            elif kind == "deceive":
                number, _, where = rest.partition(":")
                figure = choices["deceive"][int(number)]
                at = {**figure, "cell": [int(n) for n in where.split(",")]}
                before = figures_there(state.view(ALL)["table"], at)
                after.apply(seat, action)
                # Lying there, deceived, or still there once the turn has run on to its end.
                assert figures_there(after.view(ALL)["table"], at) > before or any(
                    mark.deceived and list(mark.cell) == at["cell"] and mark.kind == at["kind"]
                    for mark in after.table.marks
                ), (action, figure)
            elif kind == "enemy":
                figure = choices["enemy"][int(rest)]
                after.apply(seat, action)
                chosen = after.turn.chosen_enemy
                if chosen is not None:  # None: it was its only route, and it moved
                    assert [chosen.kind, chosen.boss, list(chosen.cell)] == [
                        figure["kind"],
                        figure["boss"],
                        figure["cell"],
                    ]
            elif kind == "route":
                route = choices["route"][int(rest)]
                end = route["cells"][-1]
                cars = any(
                    any(c.owner == "none" for c in state.table.spaces[(c_, r_)].cars)
                    for c_, r_ in route["cells"]
                )
                before = enemies_on(state, end)
                # The move alone, not what the turn runs on to after it.
                act_enemies(after, "route", rest)
                if not route["ram"] and not cars and len(route["cells"]) > 1:
                    assert enemies_on(after, end) > before, (action, route)
    assert kinds_met == {"hit", "deceive", "enemy", "route"}


def test_only_the_seat_to_act_and_all_are_told_and_the_choices_hold_no_secret() -> None:
    """The choices are public facts: the same in every sample drawn from the seat's view
    (whatever the hidden cards), shown to nobody else, and naming no card."""
    met = 0
    for state, seat in positions_with_choices():
        view = state.view(seat)
        assert state.view(ALL)["choices"] == view["choices"]
        for other in (*state.seats, SPECTATOR):
            if other != seat:
                assert "choices" not in state.view(other)
        if met % 5 == 0:
            for k in range(3):
                drawn = determinize(view, Rng(k))
                assert drawn.view(seat)["choices"] == view["choices"]
        met += 1
        keys = {"kind", "boss", "cell", "wound", "deceived", "number", "alike", "assigned"}
        for kind, listed in view["choices"].items():
            entries = [listed] if kind == "moving" else listed
            for entry in entries:
                assert set(entry) <= keys | {"cells", "carry", "ram"}
    assert met > 20


def test_planted_secrets_stay_out_of_the_choices() -> None:
    """Every secret place holds a marker while the seat to act chooses its targets."""
    checked = 0
    for state, seat in positions_with_choices():
        planted = state.clone()
        for other, hero in planted.table.heroes.items():
            hero.hand.append(f"SECRET-HAND-{other}")
            hero.supply.append(SupplyCard("diplomat", f"SECRET-SUPPLY-{other}", False))
        planted.table.item_deck.append("SECRET-DECK")
        text = dumps(planted.view(seat)["choices"])
        assert "SECRET" not in text
        checked += 1
    assert checked
