"""Every effect the content names is one the rules apply, checked as the content loads
(``vocabulary.py``): what lets ``apply`` play an action in place with no snapshot. A rule
taken out of the rules' vocabulary (as a schema grown ahead of its rules would be) makes the
shipped data refused, naming the file and the field."""

from __future__ import annotations

from typing import Any, get_args

import pytest

from getaway.core.content import ContentError
from getaway.games.escape_from_new_york import exploring, hero_effects, new_york_turn
from getaway.games.escape_from_new_york.content import DATA_DIR, load_content_from
from getaway.games.escape_from_new_york.schema import CardEffect, CityEffect, LandmarkEffect


def _dos(union: Any) -> set[str]:
    """The ``do`` values a schema's effect union accepts."""
    members = get_args(get_args(union)[0])
    return {get_args(member.model_fields["do"].annotation)[0] for member in members}


def test_the_rules_apply_every_effect_the_schema_accepts() -> None:
    assert _dos(CardEffect) == hero_effects.HERO_EFFECTS_BUILT
    assert _dos(CityEffect) == new_york_turn.CITY_EFFECTS_BUILT
    assert _dos(LandmarkEffect) == exploring.LANDMARK_EFFECTS_BUILT


def _refused(monkeypatch: pytest.MonkeyPatch, module: Any, name: str, left_out: str) -> Any:
    monkeypatch.setattr(module, name, getattr(module, name) - {left_out})
    with pytest.raises(ContentError) as caught:
        load_content_from(DATA_DIR)
    return caught.value


def test_a_hero_effect_the_rules_do_not_apply_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    error = _refused(monkeypatch, hero_effects, "HERO_EFFECTS_BUILT", "steal")
    assert error.file.endswith("hero_cards.json")
    assert error.fields == [
        f"cards[{index}] (id {card!r}).effects[0].do"
        for index, card in (
            (8, "snake_not_according_to_plan"),
            (21, "maggie_pickpocket"),
            (34, "brain_sleight_of_hand"),
            (47, "cabbie_light_fingers"),
        )
    ]
    assert "'steal' is not an effect these rules apply here" in str(error)


def test_a_city_effect_the_rules_do_not_apply_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    error = _refused(monkeypatch, new_york_turn, "CITY_EFFECTS_BUILT", "destroy_glider")
    assert error.file.endswith("new_york.json")
    assert all(field.endswith(".do") and ".effects[" in field for field in error.fields)
    assert "'destroy_glider' is not an effect" in str(error)


def test_a_landmark_effect_the_rules_do_not_apply_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    error = _refused(monkeypatch, exploring, "LANDMARK_EFFECTS_BUILT", "enter_boss")
    assert error.file.endswith("landmarks.json")
    assert all(field.startswith("landmarks[") for field in error.fields)
    assert "'enter_boss' is not an effect" in str(error)
