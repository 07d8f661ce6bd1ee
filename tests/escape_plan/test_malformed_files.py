"""A broken content file is refused at load time with an error that names the file, the
field and what is allowed (issue 13's acceptance line). Each test breaks a copy."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from getaway.core import GetawayError
from getaway.core.content import ContentError
from getaway.games.escape_plan.content import load_content_from
from tests.escape_plan.helpers import copy_data, edit


def _refused(directory: Path) -> ContentError:
    with pytest.raises(ContentError) as caught:
        load_content_from(directory)
    return caught.value


def _tile(data: Any, tile_id: str) -> Any:
    return next(tile for tile in data["tiles"] if tile["id"] == tile_id)


def test_the_unbroken_copy_loads(tmp_path):
    load_content_from(copy_data(tmp_path))


def test_a_wrong_type_names_file_and_field(tmp_path):
    data = copy_data(tmp_path)
    edit(data, "city_tiles.json", lambda d: _tile(d, "A2").update(heliport_tile="yes"))
    error = _refused(data)
    assert isinstance(error, GetawayError)
    assert error.file.endswith("city_tiles.json")
    assert error.fields == ["tiles[3] (id 'A2').heliport_tile"]
    assert "city_tiles.json: tiles[3] (id 'A2').heliport_tile:" in str(error)
    assert "valid boolean" in str(error) and "'yes'" in str(error)


def test_a_value_outside_the_allowed_ones_lists_them(tmp_path):
    data = copy_data(tmp_path)
    edit(data, "city_tiles.json", lambda d: _tile(d, "B1")["areas"]["com"].update(terrain="LAVA"))
    error = _refused(data)
    assert error.fields == ["tiles[5] (id 'B1').areas.com.terrain"]
    assert "'IND', 'COM', 'RES' or 'WAT'" in str(error) and "'LAVA'" in str(error)


def test_a_missing_field_is_named(tmp_path):
    data = copy_data(tmp_path)
    edit(data, "city_tiles.json", lambda d: _tile(d, "START_H").pop("stack"))
    error = _refused(data)
    assert error.fields == ["tiles[0] (id 'START_H').stack"]
    assert "field required" in str(error)


def test_an_unknown_field_is_named_with_the_allowed_ones(tmp_path):
    data = copy_data(tmp_path)
    edit(data, "fixers.json", lambda d: d["fixers"][0].update(colour="red"))
    error = _refused(data)
    assert error.file.endswith("fixers.json")
    assert error.fields == ["fixers[0] (id 'phone').colour"]
    assert "unknown field; allowed fields: source, id, name, price, effect, timing" in str(error)


def test_a_dangling_deck_reference_is_named(tmp_path):
    data = copy_data(tmp_path)
    edit(data, "inspector_deck.json", lambda d: d["cards"][9].update(location="store:E"))
    error = _refused(data)
    assert error.file.endswith("inspector_deck.json")
    assert "cards[9] (id 'store:E').location" in error.fields
    assert "names no location; allowed: business:casino" in str(error)


def test_a_dangling_escape_plan_line_is_named(tmp_path):
    data = copy_data(tmp_path)
    edit(
        data,
        "escape_plans.json",
        lambda d: d["cards"][0]["lines"].update(
            {"business:spa": d["cards"][0]["lines"].pop("business:casino")}
        ),
    )
    error = _refused(data)
    assert error.fields == ["cards[0] (id 1).lines"]
    assert "missing business:casino; unknown business:spa" in str(error)


def test_an_exit_number_on_two_tiles_is_refused(tmp_path):
    data = copy_data(tmp_path)
    edit(data, "city_tiles.json", lambda d: _tile(d, "C3")["locations"]["exit"].update(exit=2))
    error = _refused(data)
    assert error.file.endswith("city_tiles.json")
    assert "exit 2 appears on more than one location" in str(error)


def test_a_deck_without_a_card_for_every_location_is_refused(tmp_path):
    data = copy_data(tmp_path)
    edit(data, "lieutenant_deck.json", lambda d: d["cards"].pop(0))
    error = _refused(data)
    assert error.file.endswith("lieutenant_deck.json")
    assert "15 cards; components.json says 16" in str(error)
    assert "no card for business:casino" in str(error)


def test_a_tile_of_the_wrong_size_is_refused(tmp_path):
    data = copy_data(tmp_path)
    edit(data, "city_tiles.json", lambda d: _tile(d, "A1")["cells"].pop())
    error = _refused(data)
    assert "tiles[2] (id 'A1').cells" in error.fields
    assert "must be 3 rows of 3 cells (got rows of 3, 3)" in str(error)


def test_a_cell_naming_no_node_is_refused(tmp_path):
    data = copy_data(tmp_path)
    edit(data, "city_tiles.json", lambda d: _tile(d, "A1")["cells"][1].__setitem__(1, "park"))
    error = _refused(data)
    assert "tiles[2] (id 'A1').cells[1][1]" in error.fields
    assert "'park' is not an area or location of this tile; allowed: com, exit, ind" in str(error)


def test_an_area_in_two_pieces_is_refused(tmp_path):
    data = copy_data(tmp_path)
    # A2's residential row loses its middle cell to commerce: two residential pieces.
    edit(data, "city_tiles.json", lambda d: _tile(d, "A2")["cells"][0].__setitem__(1, "com"))
    error = _refused(data)
    assert "the cells of 'res' are not in one piece" in str(error)


def test_a_side_without_a_street_is_refused(tmp_path):
    data = copy_data(tmp_path)

    def flood(d: Any) -> None:
        tile = _tile(d, "B1")
        tile["cells"][0][2] = "wat"
        tile["cells"][1][2] = "wat"
        tile["cells"][2][2] = "wat"

    edit(data, "city_tiles.json", flood)
    error = _refused(data)
    assert "side E has no street segment" in str(error)


def test_touching_areas_of_one_terrain_must_be_one_area(tmp_path):
    data = copy_data(tmp_path)

    def split(d: Any) -> None:
        tile = _tile(d, "A1")
        tile["areas"]["ind2"] = {"terrain": "IND"}
        tile["cells"][0][1] = "ind2"

    edit(data, "city_tiles.json", split)
    error = _refused(data)
    assert "areas 'ind' and 'ind2' are both IND and touch" in str(error)


def test_start_tiles_that_do_not_meet_are_refused(tmp_path):
    data = copy_data(tmp_path)

    def redraw(d: Any) -> None:
        tile = _tile(d, "START_H")
        tile["areas"] = {"com": {"terrain": "COM"}, "res": {"terrain": "RES"}}
        tile["cells"] = [
            ["com", "com", "com"],
            ["hospital", "res", "com"],
            ["metro", "res", "com"],
        ]

    edit(data, "city_tiles.json", redraw)
    error = _refused(data)
    assert "start tiles START_H (west) and START_G (east) turned 0° share no terrain" in str(error)


def test_a_count_that_differs_from_section_2_is_refused(tmp_path):
    data = copy_data(tmp_path)
    edit(data, "contacts.json", lambda d: d["cards"][3].update(copies=1))
    error = _refused(data)
    assert error.file.endswith("contacts.json")
    assert "32 cards (copies); components.json says 33" in str(error)


def test_a_value_without_provenance_is_refused(tmp_path):
    data = copy_data(tmp_path)
    edit(
        data,
        "fixers.json",
        lambda d: d["fixers"][2].update(source={"price": "stated: §17.3 [BOTH]"}),
    )
    error = _refused(data)
    assert error.fields == ["fixers[2] (id 'disguise').source"]
    assert "no provenance for effect, name, timing" in str(error)


def test_a_reconstructed_value_must_cite_a_design_section(tmp_path):
    data = copy_data(tmp_path)
    edit(
        data,
        "exit_tiles.json",
        lambda d: d["stacks"][0].update(source={"values": "reconstructed: §17.5 [BOTH]"}),
    )
    error = _refused(data)
    assert error.fields == ["stacks[0] (id 'X').source.values"]
    assert "must cite one of [DESIGN]" in str(error)


def test_a_source_key_naming_no_field_is_refused(tmp_path):
    data = copy_data(tmp_path)
    edit(
        data,
        "patrol_cards.json",
        lambda d: d["cards"][0]["source"].update(colour="stated: §2 [BOTH]"),
    )
    error = _refused(data)
    assert "names no field of this entry: colour; allowed keys: *, copies, exit" in str(error)


def test_a_file_that_is_not_json_names_the_line(tmp_path):
    data = copy_data(tmp_path)
    (data / "lockers.json").write_text('{"stacks": [\n  {"colour": "green",,}\n]}')
    error = _refused(data)
    assert error.file.endswith("lockers.json")
    assert error.fields == ["line 2 column 22"]


def test_a_missing_file_is_named(tmp_path):
    data = copy_data(tmp_path)
    (data / "assets.json").unlink()
    error = _refused(data)
    assert error.file.endswith("assets.json") and "cannot be read" in str(error)


def test_a_police_count_that_differs_from_section_2_is_refused(tmp_path):
    data = copy_data(tmp_path)
    edit(data, "police.json", lambda d: d["officers"][2].update(count=9))
    error = _refused(data)
    assert error.file.endswith("police.json")
    assert error.fields == ["officers"]
    assert "29 officers; components.json says 30" in str(error)


def test_patrol_draws_that_do_not_deal_five_cards_are_refused(tmp_path):
    data = copy_data(tmp_path)
    edit(data, "police.json", lambda d: d.update(patrol_draws_per_day=[2, 2, 2]))
    error = _refused(data)
    assert error.fields == ["patrol_draws_per_day"]
    assert "adding up to the 5 Patrol cards" in str(error) and "got [2, 2, 2]" in str(error)


def test_an_officer_type_out_of_the_allowed_ones_is_named(tmp_path):
    data = copy_data(tmp_path)
    edit(data, "police.json", lambda d: d["officers"][0].update(type="SHERIFF"))
    error = _refused(data)
    assert error.fields == ["officers[0].type"]
    assert "'FEDERAL', 'LOCAL' or 'SWAT'" in str(error)


def test_a_board_too_small_for_its_starting_assets_is_refused(tmp_path):
    data = copy_data(tmp_path)
    edit(data, "player_board.json", lambda d: d.update(item_spaces=2))
    error = _refused(data)
    assert error.file.endswith("player_board.json")
    assert error.fields == ["item_spaces"]
    assert "2 spaces cannot hold the 3 Assets that start there" in str(error)


def test_a_negative_gas_can_limit_is_named(tmp_path):
    data = copy_data(tmp_path)
    edit(data, "player_board.json", lambda d: d.update(gas_cans=-1))
    error = _refused(data)
    assert error.fields == ["gas_cans"]
    assert "greater than or equal to 0" in str(error)


def test_an_exit_cost_row_of_the_wrong_length_is_refused(tmp_path):
    data = copy_data(tmp_path)
    edit(data, "player_counts.json", lambda d: d["counts"][3]["exit_costs"].pop())
    error = _refused(data)
    assert error.file.endswith("player_counts.json")
    assert error.fields == ["counts[3].exit_costs"]
    assert "4 costs, one per escapee" in str(error) and "got [0, 5, 10]" in str(error)


def test_a_closing_threshold_that_differs_within_a_board_side_is_refused(tmp_path):
    data = copy_data(tmp_path)
    edit(data, "player_counts.json", lambda d: d["counts"][4].update(business_closes_at=2))
    error = _refused(data)
    assert error.fields == ["counts[4].business_closes_at"]
    assert "side 4-5 closes a Business at 3 cubes on every player count" in str(error)


def test_a_wrong_board_side_is_refused(tmp_path):
    data = copy_data(tmp_path)
    edit(data, "player_counts.json", lambda d: d["counts"][2].update(board_side="4-5"))
    error = _refused(data)
    assert "counts[2].board_side" in error.fields
    assert "3 players use side 1-3" in str(error)


def test_a_contact_bonus_table_not_matching_the_contact_spaces_is_refused(tmp_path):
    data = copy_data(tmp_path)
    edit(data, "scoring.json", lambda d: d["contact_set_bonus"].append(150))
    error = _refused(data)
    assert error.file.endswith("scoring.json")
    assert error.fields == ["contact_set_bonus"]
    assert "6 values, for 0 to 5 Contact cards" in str(error)
