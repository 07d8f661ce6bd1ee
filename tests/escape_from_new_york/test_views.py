"""The seats' views (§13): every field classified; no seat's view holds another seat's hand,
discard, played cards, objectives or face-down supply cards, nor any face-down content,
checked by planting unique markers in each secret place."""

from __future__ import annotations

import pytest

from getaway.core import ALL, SPECTATOR, UnknownSeatError
from getaway.core.rng import Rng
from getaway.core.serialize import dumps
from getaway.games.escape_from_new_york.invariants import problems
from getaway.games.escape_from_new_york.position import Position
from getaway.games.escape_from_new_york.state import (
    HERO_FIELDS,
    SLOT_FIELDS,
    SPACE_FIELDS,
    TABLE_JSON,
    SupplyCard,
    Table,
)
from getaway.games.escape_from_new_york.views import (
    COUNTED_HERO_FIELDS,
    HIDDEN,
    HIDDEN_TABLE_FIELDS,
    MASKED_HERO_FIELDS,
    MASKED_SLOT_FIELDS,
    MASKED_SPACE_FIELDS,
    MASKED_TABLE_FIELDS,
    PUBLIC_HERO_FIELDS,
    PUBLIC_SLOT_FIELDS,
    PUBLIC_SPACE_FIELDS,
    PUBLIC_TABLE_FIELDS,
    SECRET_HERO_FIELDS,
    build_view,
)
from tests.escape_from_new_york.test_setup import VARIANT_OPTIONS


def test_every_field_of_the_state_is_classified() -> None:
    """A field added to the state must be classified in views.py; until it is, the seats'
    views leave it out."""
    groups = [PUBLIC_TABLE_FIELDS, set(HIDDEN_TABLE_FIELDS), MASKED_TABLE_FIELDS]
    unclassified = set(TABLE_JSON) - set().union(*groups)
    assert not unclassified, f"classify {sorted(unclassified)} in views.py"
    assert sum(len(group) for group in groups) == len(TABLE_JSON)  # and each once
    assert set(Table.__dataclass_fields__) == set(TABLE_JSON)
    hero_groups = [
        PUBLIC_HERO_FIELDS,
        COUNTED_HERO_FIELDS,
        SECRET_HERO_FIELDS,
        MASKED_HERO_FIELDS,
    ]
    assert set().union(*hero_groups) == set(HERO_FIELDS)
    assert sum(len(group) for group in hero_groups) == len(HERO_FIELDS)
    assert PUBLIC_SPACE_FIELDS | set(MASKED_SPACE_FIELDS) == set(SPACE_FIELDS)
    assert not PUBLIC_SPACE_FIELDS & set(MASKED_SPACE_FIELDS)
    assert set(SLOT_FIELDS) == PUBLIC_SLOT_FIELDS | MASKED_SLOT_FIELDS
    assert not PUBLIC_SLOT_FIELDS & MASKED_SLOT_FIELDS


def test_an_unclassified_field_is_left_out_of_the_seats_views(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    position = Position.new({"players": 2}, seed=1)
    monkeypatch.setitem(TABLE_JSON, "new_secret", lambda _: "SECRET-NEW-FIELD")
    assert "SECRET-NEW-FIELD" not in dumps(build_view(position, "p1"))
    assert "SECRET-NEW-FIELD" in dumps(build_view(position, ALL))


def planted(players: int, seed: int, options: dict[str, object] | None = None) -> Position:
    """A position with a unique marker in every secret place: each hero's hand, discard,
    played cards, specials, objectives and a face-down supply card; each face-down
    landmark and outskirts token; each diplomat card in a slot; every deck and the box."""
    position = Position.new({"players": players, **(options or {})}, seed)
    table = position.table
    for seat, hero in table.heroes.items():
        hero.hand.append(f"SECRET-HAND-{seat}")
        hero.discard.append(f"SECRET-DISCARD-{seat}")
        hero.played.append(f"SECRET-PLAYED-{seat}")
        hero.specials.append(f"SECRET-SPECIAL-{seat}")
        hero.objectives.append(f"SECRET-OBJECTIVE-{seat}")
        hero.supply.append(SupplyCard("diplomat", f"SECRET-SUPPLY-{seat}", False))
    for number, (cell, space) in enumerate(table.spaces.items()):
        if space.tile is not None and not space.face_up:
            space.tile = f"SECRET-LANDMARK-{cell}"
        if space.outskirts is not None:
            space.outskirts = f"SECRET-OUTSKIRTS-{number}"
    for number, slot in enumerate(table.diplomat_slots):
        slot.card = f"SECRET-SLOT-{number}"
    for deck in (
        table.timer_deck,
        table.city_deck,
        table.park_deck,
        table.item_deck,
        table.item_discard,
        table.event_deck,
        table.president_slot,
        table.new_york_specials,
        table.timer_discarded,
        *table.objective_decks.values(),
        *table.box.values(),
    ):
        deck.append("SECRET-DECK")
    return position


def seat_secrets(seat: str) -> list[str]:
    return [
        f"SECRET-{kind}-{seat}"
        for kind in ("HAND", "DISCARD", "PLAYED", "SPECIAL", "OBJECTIVE", "SUPPLY")
    ]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_no_view_holds_another_seats_secrets_or_face_down_content(players: int, seed: int) -> None:
    position = planted(players, seed, VARIANT_OPTIONS if seed == 2 else None)
    seats = position.rules.seats
    for viewer in (*seats, SPECTATOR):
        text = dumps(build_view(position, viewer))
        own = seat_secrets(viewer) if viewer in seats else []
        for marker in own:
            assert marker in text, f"{viewer} should see its own {marker}"
        leaked = [
            marker
            for marker in ("SECRET-LANDMARK", "SECRET-OUTSKIRTS", "SECRET-SLOT", "SECRET-DECK")
            if marker in text
        ]
        others = [m for other in seats if other != viewer for m in seat_secrets(other)]
        leaked += [marker for marker in others if marker in text]
        assert not leaked, f"{viewer}'s view shows {leaked}"
    everything = dumps(build_view(position, ALL))
    for marker in ("SECRET-LANDMARK", "SECRET-OUTSKIRTS", "SECRET-SLOT", "SECRET-DECK"):
        assert marker in everything


def test_others_see_how_many_cards_a_hero_holds() -> None:
    """§13.1: card counts are public: hand, action discard, personal supply."""
    position = planted(2, seed=4)
    other = build_view(position, "p2")["table"]["heroes"]["p1"]
    hero = position.table.heroes["p1"]
    assert other["hand_size"] == len(hero.hand) and "hand" not in other
    assert other["discard_size"] == len(hero.discard) and "discard" not in other
    assert other["played_size"] == 1 and other["specials_size"] == len(hero.specials)
    assert "objectives" not in other and "objectives_size" not in other
    assert len(other["supply"]) == len(hero.supply)
    assert other["supply"][-1] == [HIDDEN, HIDDEN, False]


def test_face_up_supply_cards_are_public() -> None:
    """§13.1: Brain's face-up Bridge Diagram 3 (and a revealed Bracelet, the President)."""
    position = Position.new({"players": 2, "hero_p1": "brain"}, seed=3)
    seen = build_view(position, "p2")["table"]["heroes"]["p1"]["supply"]
    assert seen == [["item", "bridge_diagram_3", True]]
    table = position.table
    table.president_slot.remove("president")
    table.heroes["p1"].supply.append(SupplyCard("president", "president", False))
    seen = build_view(position, "p2")["table"]["heroes"]["p1"]["supply"]
    assert seen[-1] == ["president", "president", False]  # who holds him is public


def test_a_revealed_landmark_and_outskirts_token_are_public() -> None:
    position = Position.new({"players": 2}, seed=6)
    table = position.table
    landmark = next(cell for cell, s in table.spaces.items() if s.tile and not s.face_up)
    token = next(cell for cell, s in table.spaces.items() if s.outskirts)
    index = list(table.spaces).index
    before = build_view(position, SPECTATOR)["table"]["spaces"]
    assert before[index(landmark)]["tile"] == HIDDEN
    assert before[index(token)]["outskirts"] == HIDDEN
    table.spaces[landmark].face_up = True
    table.spaces[token].outskirts_face_up = True
    after = build_view(position, SPECTATOR)["table"]["spaces"]
    assert after[index(landmark)]["tile"] == table.spaces[landmark].tile
    assert after[index(token)]["outskirts"] == table.spaces[token].outskirts


def test_a_diplomat_put_back_is_known_to_the_hero_who_put_it() -> None:
    """§13.2: only the player who put a diplomat card into a slot knows what lies there;
    that a card was put there is public."""
    position = Position.new({"players": 3}, seed=2)
    slot = position.table.diplomat_slots[2]
    slot.known_by.append("p2")
    for viewer, shown in (("p2", slot.card), ("p1", HIDDEN), ("p3", HIDDEN)):
        seen = build_view(position, viewer)["table"]["diplomat_slots"][2]
        assert seen["card"] == shown and seen["known_by"] == ["p2"]
    slot.face_up = True
    assert build_view(position, "p1")["table"]["diplomat_slots"][2]["card"] == slot.card


def test_public_parts_of_the_decks() -> None:
    """§13.1: the back of the top New York card, the timer deck's colours, deck sizes."""
    position = Position.new({"players": 4}, seed=12)
    table = position.table
    shown = build_view(position, "p3")["table"]
    content = position.rules.content
    (top,) = [card for card in content.new_york.cards if card.id == table.new_york_deck[0]]
    assert shown["new_york_deck"] == {"cards": 7, "back": top.back.model_dump()}
    assert shown["timer_colours"] == ["black"] * 12 + ["hurry"] + ["red"] * 3
    assert shown["city_deck_size"] == 34 and shown["objective_deck_sizes"] == {
        "blue": 2,
        "purple": 2,
    }
    assert "box" not in shown and "timer_deck" not in shown


def test_the_all_view_holds_everything_and_unknown_viewers_are_refused() -> None:
    position = Position.new({"players": 2}, seed=1)
    everything = build_view(position, ALL)
    assert everything["table"] == position.table.to_json()
    assert everything["seed"] == 1 and everything["rng"] == position.rng.state
    with pytest.raises(UnknownSeatError):
        build_view(position, "p3")


def test_the_spectator_sees_what_every_seat_sees_in_common() -> None:
    """The spectator's view is a seat's view without that seat's own secrets."""
    position = Position.new({"players": 3}, seed=8)
    spectator = build_view(position, SPECTATOR)["table"]
    seat = build_view(position, "p1")["table"]
    assert spectator["heroes"]["p2"] == seat["heroes"]["p2"]
    assert {k: v for k, v in spectator.items() if k != "heroes"} == {
        k: v for k, v in seat.items() if k != "heroes"
    }
    assert "hand" not in spectator["heroes"]["p1"]


def test_over_many_seeded_setups_no_view_leaks_and_the_components_add_up() -> None:
    """A sweep: 120 setups with 1-4 heroes and a random mix of variants (drawn from a seeded
    generator), each checked against the invariants and for leaks of planted secrets."""
    draw = Rng(14)
    for seed in range(120):
        players = 1 + seed % 4
        options: dict[str, object] = {name: draw.below(2) == 1 for name in VARIANT_OPTIONS}
        clean = Position.new({"players": players, **options}, seed)
        assert problems(clean.rules, clean.table) == [], (seed, options)
        position = planted(players, seed, options)
        for viewer in (*position.rules.seats, SPECTATOR):
            text = dumps(build_view(position, viewer))
            others = [m for s in position.rules.seats if s != viewer for m in seat_secrets(s)]
            hidden = ["SECRET-LANDMARK", "SECRET-OUTSKIRTS", "SECRET-SLOT", "SECRET-DECK"]
            assert not [marker for marker in [*others, *hidden] if marker in text], (seed, viewer)
