"""A broken content file is refused at load time with an error that names the file, the
field and what is wrong. Each test breaks a copy of the shipped data."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from getaway.core import GetawayError
from getaway.games.escape_from_new_york.content import load_content_from
from tests.escape_from_new_york.helpers import by_id, cell, copy_data, edit, refused


def test_the_unbroken_copy_loads(tmp_path):
    load_content_from(copy_data(tmp_path))


# --- the schema: types, unknown and missing fields, provenance --------------------------------


def test_a_wrong_type_names_file_and_field(tmp_path):
    data = copy_data(tmp_path)
    edit(data, "enemies.json", lambda d: by_id(d["bosses"], "slag").update(hp="eight"))
    error = refused(data)
    assert isinstance(error, GetawayError)
    assert error.file.endswith("enemies.json")
    assert error.fields == ["bosses[1] (id 'slag').hp"]
    assert "valid integer" in str(error) and "'eight'" in str(error)


def test_an_unknown_field_is_named_with_the_allowed_ones(tmp_path):
    data = copy_data(tmp_path)
    edit(data, "landmarks.json", lambda d: d["landmarks"][4].update(colour="red"))
    error = refused(data)
    assert error.fields == ["landmarks[4] (id 'refuge_a').colour"]
    assert "unknown field; allowed fields: source, id, name, role, effects" in str(error)


def test_an_unknown_field_inside_an_effect_is_refused(tmp_path):
    data = copy_data(tmp_path)
    edit(
        data,
        "hero_cards.json",
        lambda d: by_id(d["cards"], "maggie_i_ll_cut_you")["effects"][0].update(splash=True),
    )
    error = refused(data)
    assert error.file.endswith("hero_cards.json")
    assert error.fields == ["cards[16] (id 'maggie_i_ll_cut_you').effects[0].attack.splash"]
    assert "unknown field" in str(error)


def test_an_effect_a_kind_of_content_cannot_have_is_refused(tmp_path):
    # A landmark cannot move the hero: "move" is not among its effects.
    data = copy_data(tmp_path)
    edit(
        data,
        "landmarks.json",
        lambda d: d["landmarks"][7]["effects"].append({"do": "move", "steps": 1}),
    )
    error = refused(data)
    assert error.fields == ["landmarks[7] (id 'crazies_nest').effects[1]"]
    assert "'president', 'enter_boss', 'diplomat_token'" in str(error)


def test_a_missing_field_is_named(tmp_path):
    data = copy_data(tmp_path)
    edit(data, "new_york.json", lambda d: d["cards"][0]["back"].pop("cost"))
    error = refused(data)
    assert error.fields == ["cards[0] (id 'N1').back.cost"]
    assert "field required" in str(error)


def test_a_value_without_provenance_is_refused(tmp_path):
    data = copy_data(tmp_path)
    edit(
        data,
        "events.json",
        lambda d: d["events"][2].update(source={"copies": d["events"][2]["source"]["*"]}),
    )
    error = refused(data)
    assert error.fields == ["events[2] (id 'ambush').source"]
    assert "no provenance for effects, name, sgb" in str(error)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("placeholder: §14.4 [P]", "must name the missing-data item (M-xx)"),
        ("stated: §14.4 [P] M-06", "must cite one of [T]"),
        ("reconstructed: §14.4 [DESIGN]", "must read 'stated: §<section> [T] ...'"),
        ("inferred: 14.4 [I]", "must read"),
    ],
)
def test_a_provenance_outside_the_specs_tags_is_refused(tmp_path, text, why):
    data = copy_data(tmp_path)
    edit(data, "enemies.json", lambda d: d["bosses"][1]["source"].update(hp=text))
    error = refused(data)
    assert error.fields == ["bosses[1] (id 'slag').source.hp"]
    assert why in str(error)


def test_a_file_that_is_not_json_names_the_line(tmp_path):
    data = copy_data(tmp_path)
    (data / "cars.json").write_text('{"cars": [\n  {"id": "car",,}\n]}')
    error = refused(data)
    assert error.file.endswith("cars.json")
    assert error.fields == ["line 2 column 16"]


def test_a_missing_file_is_named(tmp_path):
    data = copy_data(tmp_path)
    (data / "outskirts.json").unlink()
    error = refused(data)
    assert error.file.endswith("outskirts.json") and "cannot be read" in str(error)


# --- dangling references ----------------------------------------------------------------------

_Change = Callable[[Any], None]


def _drop_card(d: Any) -> None:
    hero = by_id(d["heroes"], "brain")
    hero["action_cards"][3] = "brain_mind_control"


@pytest.mark.parametrize(
    ("filename", "change", "field", "message"),
    [
        (
            "heroes.json",
            _drop_card,
            "heroes[2] (id 'brain').action_cards[3]",
            "names no card of hero_cards.json: 'brain_mind_control'",
        ),
        (
            "heroes.json",
            lambda d: by_id(d["heroes"], "snake").update(starting_card="bazooka"),
            "heroes[0] (id 'snake').starting_card",
            "names no starting item",
        ),
        (
            "heroes.json",
            lambda d: by_id(d["heroes"], "maggie")["special_cards"].__setitem__(
                0, "snake_sewer_rat"
            ),
            "heroes[1] (id 'maggie').special_cards[0]",
            "'snake_sewer_rat' is snake's special card",
        ),
        (
            "landmarks.json",
            lambda d: d["landmarks"][2]["effects"][1].update(card="S9"),
            "landmarks[2] (id 'romeros_hideout').effects[1].card",
            "names no New York special card; allowed: S1, S2, S3",
        ),
        (
            "landmarks.json",
            lambda d: d["landmarks"][2]["effects"][0].update(diplomat=None),
            "landmarks[2] (id 'romeros_hideout').effects[0].diplomat",
            "romero carries diplomat (enemies.json)",
        ),
        (
            "landmarks.json",
            lambda d: d["landmarks"][4]["effects"][0].update(slot=7),
            "landmarks[4] (id 'refuge_a').effects[0].slot",
            "slots are 1-4",
        ),
        (
            "objectives.json",
            lambda d: by_id(d["objectives"], "tape")["target"].update(card="real_tape"),
            "objectives[3] (id 'tape').target.card",
            "names no item or diplomat: 'real_tape'",
        ),
        (
            "new_york.json",
            lambda d: by_id(d["cards"], "H8").update(replaces="N1"),
            "cards[17] (id 'H8').replaces",
            "names no special card: N1",
        ),
        (
            "diplomats.json",
            lambda d: by_id(d["diplomats"], "bracelet_sgb").update(replaces="anklet"),
            "diplomats[5] (id 'bracelet_sgb').replaces",
            "names no base diplomat: anklet",
        ),
    ],
)
def test_a_dangling_reference_is_named(tmp_path, filename, change, field, message):
    data = copy_data(tmp_path)
    edit(data, filename, change)
    error = refused(data)
    assert error.file.endswith(filename)
    assert field in error.fields
    assert message in str(error)


def test_a_bridge_without_its_diagram_is_refused(tmp_path):
    data = copy_data(tmp_path)
    edit(
        data,
        "board.json",
        lambda d: d["bridges"].append({"number": 5, "col": 11, "row": 4, "direction": "D"}),
    )
    error = refused(data)
    assert error.file.endswith("items.json")
    assert "bridge 5 needs one Bridge Diagram 5, not 0" in str(error)


# --- counts against §2 ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("filename", "change", "message"),
    [
        ("tiles.json", lambda d: d["tiles"].pop(0), "33 city tiles; components.json says 34"),
        ("tiles.json", lambda d: d["tiles"][36].update(deck="city"), "35 city tiles"),
        ("events.json", lambda d: d["events"][0].update(copies=3), "17 event cards (copies)"),
        ("items.json", lambda d: d["items"][8].update(copies=1), "17 item cards (copies)"),
        ("timer.json", lambda d: d["black"][0].update(copies=4), "13 black timer cards"),
        ("timer.json", lambda d: d["red"][0].update(fatal=True), "2 fatal red cards"),
        ("timer.json", lambda d: d.update(hurry=2), "2 Hurry! cards"),
        ("new_york.json", lambda d: d["cards"].pop(3), "6 New York cards"),
        (
            "hero_cards.json",
            lambda d: d["cards"].append(dict(d["cards"][0], id="snake_extra")),
            "33 action cards",
        ),
        ("objectives.json", lambda d: d["objectives"][0].update(copies=3), "7 blue objectives"),
        ("level_tokens.json", lambda d: d["sets"].pop(), "3 sets; components.json says 4"),
        ("outskirts.json", lambda d: d["tokens"][0].update(copies=5), "15 tokens"),
        ("cars.json", lambda d: d["cars"][0].update(copies=3), "3 car cards"),
        ("landmarks.json", lambda d: d["landmarks"].pop(), "7 landmarks"),
        ("enemies.json", lambda d: d["bosses"].pop(), "must list romero, slag, duke"),
        ("diplomats.json", lambda d: d["diplomats"].pop(4), "4 diplomat cards"),
    ],
)
def test_a_count_that_differs_from_section_2_is_refused(tmp_path, filename, change, message):
    data = copy_data(tmp_path)
    edit(data, filename, change)
    error = refused(data)
    assert error.file.endswith(filename)
    # A count is a problem of the whole list, named by the list's field.
    [field] = [named for named, text in error.problems if message in text]
    assert field.isidentifier()


def test_the_player_count_table_must_add_up(tmp_path):
    data = copy_data(tmp_path)
    edit(data, "player_counts.json", lambda d: d["counts"][1].update(timer_deck=15))
    error = refused(data)
    assert error.fields == ["counts[1].timer_deck"]
    assert "15 is not black_timer_cards + Hurry! + red = 14" in str(error)


def test_each_hero_takes_one_objective_of_each_colour(tmp_path):
    data = copy_data(tmp_path)
    edit(data, "player_counts.json", lambda d: d["counts"][3].update(objectives_left_per_colour=3))
    error = refused(data)
    assert "counts[3].objectives_left_per_colour" in error.fields


# --- the board (§3.1) -------------------------------------------------------------------------


def _recolour(col: int, row: int, kind: str) -> Callable[[Any], None]:
    return lambda d: cell(d, col, row).update(kind=kind)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_recolour(4, 0, "city"), "7 landmark cells; wanted 8 red spaces"),
        (_recolour(1, 1, "city"), "0 wtc cells; wanted 1 blue space"),
        (_recolour(4, 2, "city"), "5 library_ring cells; wanted 6 printed ring spaces"),
        (_recolour(2, 1, "park"), "33 city cells"),
        (lambda d: cell(d, 2, 1).update(outskirts=True), "15 ? spaces"),
        (lambda d: cell(d, 8, 1).update(park_centre=True), "2 park centres"),
        (
            lambda d: d["cells"].append({"col": 1, "row": 0, "kind": "city"}),
            "cell (1, 0) is listed 2 times",
        ),
        (
            lambda d: d["cells"].append({"col": 12, "row": 0, "kind": "city"}),
            "(12, 0) lies outside 12 x 5",
        ),
    ],
)
def test_the_spaces_section_3_1_counts_are_checked(tmp_path, change, message):
    data = copy_data(tmp_path)
    edit(data, "board.json", change)
    error = refused(data)
    assert error.file.endswith("board.json")
    assert message in str(error)


def test_the_library_keeps_its_ring_as_its_six_neighbours(tmp_path):
    # Swap a ring cell with a city cell further away: the counts hold, the shape does not.
    data = copy_data(tmp_path)

    def swap(d: Any) -> None:
        cell(d, 4, 2).update(kind="city")
        cell(d, 3, 2).update(kind="library_ring")

    edit(data, "board.json", swap)
    error = refused(data)
    assert "the Library at (5, 2) must have its 6 printed ring spaces" in str(error)


def test_central_park_lies_right_of_the_library(tmp_path):
    data = copy_data(tmp_path)

    def move_park(d: Any) -> None:
        cell(d, 8, 1).update(kind="city")
        cell(d, 2, 1).update(kind="park")

    edit(data, "board.json", move_park)
    error = refused(data)
    assert "Central Park lies on the right-hand side of the board (§3.1)" in str(error)
    assert "[(2, 1)] are not" in str(error)


def test_the_library_lies_in_the_centre(tmp_path):
    data = copy_data(tmp_path)
    edit(data, "board.json", lambda d: d.update(columns=30))
    error = refused(data)
    assert error.fields == ["cells"]
    assert "the Library at (5, 2) is not in the centre" in str(error)


def test_the_board_must_be_connected(tmp_path):
    # Widen the board and move the top-right ? space far away: it touches no other cell.
    data = copy_data(tmp_path)

    def island(d: Any) -> None:
        d.update(columns=20)
        cell(d, 11, 0).update(col=19)

    edit(data, "board.json", island)
    error = refused(data)
    assert "the board is not connected" in str(error)


def test_an_outskirts_space_lies_on_the_coast(tmp_path):
    data = copy_data(tmp_path)

    def inland(d: Any) -> None:
        cell(d, 1, 0).update(outskirts=False)
        cell(d, 3, 2).update(outskirts=True)

    edit(data, "board.json", inland)
    error = refused(data)
    assert "the ? space (3, 2) is not on the coast" in str(error)


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        (
            lambda d: d["bridges"][0].update(direction="U"),
            "bridges[0].direction",
            "leads off the board",
        ),
        (lambda d: d["bridges"].pop(2), "bridges", "bridge 3 exists"),
        (lambda d: d["bridges"][1].update(number=1), "bridges", "bridge 1 is listed twice"),
        (
            lambda d: d["bridges"][0].update(col=0, row=0),
            "bridges[0]",
            "is not a cell of the board",
        ),
        (
            lambda d: cell(d, 2, 4).update(roads=["U", "UL"]),
            "bridges[0].direction",
            "the cell shows no road there",
        ),
    ],
)
def test_a_bridge_road_leads_off_the_board(tmp_path, change, field, message):
    data = copy_data(tmp_path)
    edit(data, "board.json", change)
    error = refused(data)
    assert field in error.fields
    assert message in str(error)


# --- other cross-entry checks -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("filename", "change", "message", "file", "field"),
    [
        (
            "landmarks.json",
            lambda d: d["landmarks"][1].update(role="dukes_camp"),
            "exactly one landmark is dukes_camp",
            "landmarks.json",
            "landmarks",
        ),
        (
            "landmarks.json",
            lambda d: d["landmarks"][5]["effects"][0].update(slot=3),
            "diplomat slot 3 is named 2 times (A-28)",
            "landmarks.json",
            "landmarks",
        ),
        (
            "landmarks.json",
            lambda d: d["landmarks"][7]["effects"].append({"do": "enter_boss", "boss": "duke"}),
            "the Duke enters only with the President",
            "landmarks.json",
            "landmarks",
        ),
        (
            "landmarks.json",
            lambda d: d["landmarks"][7]["effects"].append({"do": "president"}),
            "the President is at the Duke's Camp only",
            "landmarks.json",
            "landmarks[7] (id 'crazies_nest').effects",
        ),
        (
            "traps.json",
            lambda d: d["cards"][0].update(triggered=False),
            'one trap card is "Triggered"',
            "traps.json",
            "cards",
        ),
        (
            "tiles.json",
            lambda d: d["tiles"][5].update(roads=["U", "D"]),
            "the tile shows none to UR",
            "tiles.json",
            "tiles[5] (id 'C06').symbols.barricades",
        ),
        (
            "level_tokens.json",
            lambda d: d["sets"][0]["tokens"].reverse(),
            "levels [3, 2, 1]; a set covers 1, 2, 3 in order",
            "level_tokens.json",
            "sets[0] (id 'A').tokens",
        ),
        (
            "level_tokens.json",
            lambda d: d["sets"][1]["tokens"][0].update(prisoners=0, items=0),
            "a token asks for prisoners or items",
            "level_tokens.json",
            "sets[1] (id 'B').tokens[0]",
        ),
        (
            "event_track.json",
            lambda d: d.update(levels=[1, 2, 1]),
            "the event level never goes down",
            "event_track.json",
            "levels[2]",
        ),
        (
            "event_track.json",
            lambda d: d.update(levels=[2, 2, 3]),
            "the first cell shows level 1",
            "event_track.json",
            "levels[0]",
        ),
        (
            "objectives.json",
            lambda d: d["objectives"][0].update(colour="purple"),
            "purple mixes vehicles and cards",
            "objectives.json",
            "objectives",
        ),
        (
            "outskirts.json",
            lambda d: d["tokens"][0].update(raft=False),
            "no outskirts token shows a raft",
            "objectives.json",
            "objectives[2] (id 'raft').target",
        ),
        (
            "items.json",
            lambda d: d["items"][4].update(ammo=2),
            "only a weapon has ammo",
            "items.json",
            "items[4] (id 'fake_tape').ammo",
        ),
        (
            "items.json",
            lambda d: d["items"][2].pop("ammo_per_use"),
            "says what a use spends",
            "items.json",
            "items[2] (id 'pistol').ammo_per_use",
        ),
        (
            "hero_cards.json",
            lambda d: d["cards"][0].update(effects=[]),
            "a card does something",
            "hero_cards.json",
            "cards[0] (id 'snake_move_out').effects",
        ),
        (
            "new_york.json",
            lambda d: d["cards"][0]["back"].update(arrows=["U", "U"]),
            "an arrow is drawn twice",
            "new_york.json",
            "cards[0] (id 'N1').back.arrows",
        ),
        (
            "cars.json",
            lambda d: d["cars"][1].update(copies=2),
            "there is one Taxi card",
            "cars.json",
            "cars",
        ),
        (
            "tiles.json",
            lambda d: d["tiles"][42].update(sgb=False),
            "35 city tiles",
            "tiles.json",
            "tiles",
        ),
        (
            "tiles.json",
            lambda d: d["tiles"][0].update(trap=[]),
            "3 trap tiles",
            "tiles.json",
            "tiles",
        ),
        (
            "new_york.json",
            lambda d: d["cards"][19].pop("replaces"),
            "a Hard special card names the one it replaces",
            "new_york.json",
            "cards[19] (id 'H10').replaces",
        ),
        (
            "new_york.json",
            lambda d: d["cards"][18].update(replaces="S1"),
            "special card S1 is replaced 2 times",
            "new_york.json",
            "cards",
        ),
        (
            "diplomats.json",
            lambda d: d["diplomats"][2].update(role="tape"),
            "the base box has exactly one tape",
            "diplomats.json",
            "diplomats",
        ),
        (
            "diplomats.json",
            lambda d: d["president"][2].update(alive=True),
            'the SGB President deck holds "President Dead"',
            "diplomats.json",
            "president",
        ),
        (
            "diplomats.json",
            lambda d: d["president"][1].update(copies=3),
            "6 President set cards",
            "diplomats.json",
            "president",
        ),
        (
            "player_counts.json",
            lambda d: d["advanced"].update(fewer_black_timer_cards=9),
            "would leave no black timer card to play",
            "player_counts.json",
            "advanced.fewer_black_timer_cards",
        ),
        (
            "player_counts.json",
            lambda d: d["counts"].pop(),
            "must list 1, 2, 3 and 4 players",
            "player_counts.json",
            "counts",
        ),
        (
            "board.json",
            lambda d: cell(d, 9, 1).update(kind="city"),
            "is not surrounded by park",
            "board.json",
            "cells",
        ),
        (
            "board.json",
            lambda d: cell(d, 8, 1).update(printed={"prisoners": 1}),
            "only the Library's printed ring shows symbols",
            "board.json",
            "cells[39].printed",
        ),
        (
            "board.json",
            lambda d: cell(d, 4, 0).update(outskirts=True),
            "a ? space takes a tile, so it is black or green",
            "board.json",
            "cells[18].outskirts",
        ),
        (
            "objectives.json",
            lambda d: d["objectives"][3]["target"].update(any_bridge_diagram=True),
            "names one card, or any bridge diagram, not both",
            "objectives.json",
            "objectives[3] (id 'tape').target",
        ),
        (
            "items.json",
            lambda d: d["items"][17].update(starting=False),
            "names no starting item",
            "heroes.json",
            "heroes[0] (id 'snake').starting_card",
        ),
        (
            "heroes.json",
            lambda d: d["heroes"][1]["level_bonuses"].pop(),
            "levels [1, 2]; a board has 1, 2, 3",
            "heroes.json",
            "heroes[1] (id 'maggie').level_bonuses",
        ),
        (
            "heroes.json",
            lambda d: d["heroes"][0].update(starting_card="revolver"),
            "starting card 'revolver' is given to 2 heroes",
            "heroes.json",
            "heroes",
        ),
    ],
)
def test_each_cross_check_refuses_a_crafted_bad_file(
    tmp_path, filename, change, message, file, field
):
    # ``file`` is where the problem shows: a change to one file may break another's reference.
    data = copy_data(tmp_path)
    edit(data, filename, change)
    error = refused(data)
    assert error.file.endswith("/" + file)
    assert field in [named for named, text in error.problems if message in text], str(error)


@pytest.mark.parametrize(
    ("filename", "change", "field", "message"),
    [
        (
            "player_counts.json",
            lambda d: d["counts"][3].update(black_timer_cards=13, timer_deck=17),
            "counts[3].black_timer_cards",
            "13 is more than the 12 black cards",
        ),
        (
            "player_counts.json",
            lambda d: d["counts"][3].update(objectives_per_colour=7, objectives_left_per_colour=3),
            "counts[3].objectives_per_colour",
            "7 is more than the 6 cards of a colour",
        ),
        (
            "player_counts.json",
            lambda d: d["advanced"].update(fewer_prisoners=40),
            "advanced.fewer_prisoners",
            "would leave no prisoner figure",
        ),
        (
            "board.json",
            lambda d: cell(d, 2, 1).update(park_centre=True),
            "cells[9].park_centre",
            "the park's centre is a park space",
        ),
        (
            "tiles.json",
            lambda d: d["tiles"][42].update(deck="park"),
            "tiles[42] (id 'T1').trap",
            "trap tiles are SGB city tiles",
        ),
        (
            "landmarks.json",
            lambda d: d["landmarks"][3]["effects"][0].update(boss="romero", diplomat=1),
            "landmarks",
            "slag enters on exactly one landmark",
        ),
        (
            "landmarks.json",
            lambda d: d["landmarks"][6]["effects"][0].update(card="S1"),
            "landmarks",
            "New York special S1 is added 2 times",
        ),
        (
            "heroes.json",
            lambda d: d["heroes"][2]["sgb_special_cards"].pop(),
            "heroes[2] (id 'brain').sgb_special_cards",
            "1 cards; a hero has 2",
        ),
        (
            "hero_cards.json",
            lambda d: d["cards"].append(dict(d["cards"][0], id="snake_extra", sgb=True)),
            "cards[52] (id 'snake_extra').sgb",
            "the SGB hero cards are special cards",
        ),
        (
            "new_york.json",
            lambda d: d["cards"][0].update(replaces="S1"),
            "cards[0] (id 'N1').replaces",
            "only a Hard special card replaces another",
        ),
        (
            "items.json",
            lambda d: d["items"][5].update(bridge=9),
            "items",
            "Bridge Diagram 9 names no bridge of board.json",
        ),
        (
            "items.json",
            lambda d: d["items"][19].update(copies=2),
            "items[19] (id 'bridge_diagram_3').copies",
            "a starting card is one card",
        ),
        (
            "diplomats.json",
            lambda d: d["diplomats"][4].update(sgb=True),
            "diplomats",
            "2 unnamed diplomats; setup needs 3",
        ),
        (
            "outskirts.json",
            lambda d: d["tokens"][1]["symbols"].update(building="shelter"),
            "tokens[1] (id 'item').symbols.building",
            "a token shows no building",
        ),
        (
            "traps.json",
            lambda d: d["cards"][1].update(copies=3),
            "cards",
            "4 trap cards; components.json says 3",
        ),
    ],
)
def test_the_remaining_checks_name_file_and_field(tmp_path, filename, change, field, message):
    data = copy_data(tmp_path)
    edit(data, filename, change)
    error = refused(data)
    assert error.file.endswith("/" + filename)
    assert field in [named for named, text in error.problems if message in text], str(error)
