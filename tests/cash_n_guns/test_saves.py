"""Saves: canonical JSON, and corrupt or impossible states refused with a clear message."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from getaway.core import SaveFileError, load_state, save_state
from tests.cash_n_guns.helpers import GAME, craft, new, play


def _base() -> dict[str, Any]:
    state = new({"players": 5, "advanced": True, "undercover_cop": True}, 4)
    state.apply("tino", "load:bbb")
    data: dict[str, Any] = state.to_json()
    return data


def test_a_save_is_canonical_json_and_loads_back():
    state = new({"players": 5}, 2)
    play(state, rounds=2)
    text = save_state(state)
    assert text == json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"))
    assert save_state(load_state(text)) == text
    assert save_state(GAME.state_from_json(json.loads(text))) == text


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        *keys, last = path.split(".")
        target: Any = data
        for key in keys:
            target = target[int(key)] if key.isdigit() else target[key]
        if last.isdigit():
            target[int(last)] = value
        else:
            target[last] = value

    return change


def _drop(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda data: data.pop(key)


CORRUPTIONS = {
    "wrong game": (_set("game", "scotland-yard"), "not a cash-n-guns state"),
    "wrong format": (_set("format", 99), "format"),
    "missing field": (_drop("pot"), "'pot' is missing"),
    "bad options": (_set("options", {"players": 9}), "players"),
    "bad round": (_set("round", 9), "round"),
    "bad step": (_set("step", "dance"), "step"),
    "bad note": (_set("pot", [7_000]), "note values"),
    "unsorted pot": (_set("pot", [5_000, 20_000]), "largest first"),
    "money created": (_set("players.1.money", 5_000), "money does not add up"),
    "odd money": (_set("players.1.money", 2_500), "multiple of $5,000"),
    "extra card": (_set("players.0.hands", [[1, 2, 5]]), "must hold 7 cards"),
    "card swapped": (_set("players.1.hands", [[0, 3, 4]]), "0 to 2"),
    "card duplicated": (_set("players.0.hands", [[1, 2, 4]]), "do not add up"),
    "seat order": (_set("players.0.seat", "igor"), "'players[0].seat' must be 'tino'"),
    "two cops": (_set("players.0.role", "cop"), None),
    "ability twice": (_set("players.1.ability", None), "ability"),
    "unknown status": (_set("players.2.status", "sleeping"), "status"),
    "commit not made": (_set("commits", {}), "'commits' must hold exactly"),
    "commit not fitting": (_set("commits", {"tino": "load:click"}), "does not fit"),
    "waiting dead": (_set("waiting", ["igor"]), "'waiting'"),
    "bad event": (_set("log", [{"type": "party", "round": 1}]), "unknown event type"),
    "grenade without crazy": (_set("grenade", "armed"), "grenade"),
    "phone without cop game": (_set("phone_uses", 4), "phone_uses"),
    "shown unknown": (_set("shown", ["superman"]), "ability names"),
}


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
def test_corrupt_saves_are_refused_with_a_message(name):
    change, message = CORRUPTIONS[name]
    data = copy.deepcopy(_base())
    change(data)
    with pytest.raises(SaveFileError) as err:
        GAME.state_from_json(data)
    if message is not None:
        assert message in str(err.value)


def test_two_cops_are_refused():
    data = _base()
    roles = [p["role"] for p in data["players"]]
    other = roles.index("gangster")
    data["players"][other]["role"] = "cop"
    with pytest.raises(SaveFileError, match="only one cop"):
        GAME.state_from_json(data)


def test_a_dead_player_holding_money_is_refused():
    state = craft({"players": 4}, round_=2, dead=["lotus"])
    data = state.to_json()
    data["players"][2]["money"] = 5_000
    data["removed"] -= 5_000
    with pytest.raises(SaveFileError, match="dead lotus"):
        GAME.state_from_json(data)


def test_not_json_or_not_an_object_is_refused():
    with pytest.raises(SaveFileError):
        load_state("{not json")
    with pytest.raises(SaveFileError):
        load_state("[1, 2]")


def test_a_running_save_must_have_someone_to_act():
    data = _base()
    data["waiting"] = []
    with pytest.raises(SaveFileError, match="to act"):
        GAME.state_from_json(data)
