"""The police: the bag and the draws onto tiles (spec §5.2, §6.3), Patrol cards and Exit
closing (§6.2), effect moves (§8.3) and converging officers (§10.2, §21.5), with the
rulebook's examples §21.6 #2, #3 and #16 as named tests."""

from __future__ import annotations

from collections import Counter

import pytest

from getaway.core.rng import Rng
from getaway.games.escape_plan import load_content
from getaway.games.escape_plan.city import CityMap
from getaway.games.escape_plan.police import (
    CityPolice,
    OfficerMove,
    Patrol,
    PoliceBag,
    PoliceError,
    converge,
    converge_moves,
    draw_onto_tiles,
    effect_move_problem,
    effect_moves,
    exit_tile_revealed,
    move_officer,
    new_patrol,
    patrol_phase,
    police_free_tiles,
    police_problems,
    remove_officer,
    reveal_patrol_card,
    reveal_police,
    setup_police,
)
from tests.escape_plan.helpers import start_city

CONTENT = load_content()


def _city() -> CityMap:
    """START_H (0,0), START_G (1,0), A1 (2,0), B1 (3,0), C1 (1,1), D1 (3,1)."""
    city = start_city()
    for tile_id, cell in (("A1", (2, 0)), ("B1", (3, 0)), ("C1", (1, 1)), ("D1", (3, 1))):
        city = city.with_tile(CONTENT.tile(tile_id), cell)
    return city


# --- the bag -----------------------------------------------------------------------------------


def test_the_bag_starts_with_all_thirty_officers():
    bag = PoliceBag.full(CONTENT)
    assert (bag.federal, bag.local, bag.swat, bag.size) == (10, 10, 10, 30)


def test_a_draw_takes_one_officer_out_of_the_bag():
    officer, bag = PoliceBag(1, 0, 0).draw(Rng(1))
    assert officer == "FEDERAL" and bag.size == 0
    with pytest.raises(PoliceError, match="the police bag is empty"):
        bag.draw(Rng(1))


def test_every_type_can_be_drawn():
    rng = Rng(7)
    seen = Counter(PoliceBag.full(CONTENT).draw(rng)[0] for _ in range(60))
    assert set(seen) == {"FEDERAL", "LOCAL", "SWAT"}


def test_two_of_a_type_on_a_tile_send_one_back_without_replacement():
    bag, placed = draw_onto_tiles(PoliceBag(2, 0, 0), Rng(3), [("A1", 2)])
    assert placed == {"A1": ("FEDERAL",)}
    assert bag == PoliceBag(1, 0, 0)


def test_duplicates_go_back_only_after_every_tile_has_drawn():
    # Had the extra Federal gone back at once, B1 could have drawn it.
    bag, placed = draw_onto_tiles(PoliceBag(2, 0, 0), Rng(3), [("A1", 2), ("B1", 2)])
    assert placed == {"A1": ("FEDERAL",)}
    assert bag.size == 1


def test_when_the_bag_runs_out_the_next_tiles_get_what_is_left():
    bag, placed = draw_onto_tiles(PoliceBag(0, 1, 1), Rng(5), [("A1", 2), ("B1", 2)])
    assert placed == {"A1": ("LOCAL", "SWAT")}
    assert bag.size == 0


def test_asking_for_a_tile_twice_is_refused():
    with pytest.raises(PoliceError, match="asked for twice"):
        draw_onto_tiles(PoliceBag(3, 3, 3), Rng(1), [("A1", 1), ("A1", 1)])


@pytest.mark.parametrize("seed", range(20))
def test_setup_puts_two_police_on_each_display_tile_and_on_start_tile_g(seed):
    display = ["A1", "B1", "C1", "D1"]
    bag, placed = setup_police(CONTENT, PoliceBag.full(CONTENT), Rng(seed), display, "START_G")
    assert set(placed) <= {*display, "START_G"}
    for officers in placed.values():
        assert 1 <= len(officers) <= 2
        assert len(set(officers)) == len(officers)
    assert bag.size + sum(len(officers) for officers in placed.values()) == 30
    assert bag.size >= 30 - 10


def test_the_same_seed_draws_the_same_police():
    display = ["A1", "B1", "C1", "D1"]
    first = setup_police(CONTENT, PoliceBag.full(CONTENT), Rng(11), display, "START_G")
    again = setup_police(CONTENT, PoliceBag.full(CONTENT), Rng(11), display, "START_G")
    assert first == again


def test_newly_revealed_tiles_get_two_police_each():
    bag, placed = reveal_police(CONTENT, PoliceBag(0, 0, 4), Rng(2), ["A2", "B2"])
    assert placed == {"A2": ("SWAT",), "B2": ("SWAT",)}
    assert bag.swat == 2


# --- Patrol (§6.2) -----------------------------------------------------------------------------


def _patrol(deck: list[int], on_space: dict[int, int]) -> Patrol:
    return Patrol(tuple(deck), dict(on_space), ("X", "Y"))


def test_example_2_patrol_the_second_card_closes_exit_3_and_its_stack_goes_on_the_exit():
    patrol = _patrol([1, 3], {1: 0, 2: 0, 3: 1})
    patrol, first = reveal_patrol_card(patrol, Rng(1), visible_exits={1, 3})
    assert (first.exit, first.closed, first.stack) == (1, False, None)
    assert patrol.is_open(1)
    patrol, second = reveal_patrol_card(patrol, Rng(1), visible_exits={1, 3})
    assert (second.exit, second.closed, second.waiting) == (3, True, False)
    assert not patrol.is_open(3)
    assert patrol.stack_at_exit == {3: second.stack}
    assert second.stack in ("X", "Y") and patrol.free_stacks == tuple(
        s for s in ("X", "Y") if s != second.stack
    )


def test_example_3_patrol_the_stack_waits_until_exit_2s_tile_is_revealed():
    patrol = _patrol([2], {1: 0, 2: 1, 3: 0})
    patrol, reveal = reveal_patrol_card(patrol, Rng(4), visible_exits={1})
    assert (reveal.exit, reveal.closed, reveal.waiting) == (2, True, True)
    assert patrol.stack_waiting == {2: reveal.stack} and patrol.stack_at_exit == {}
    patrol = exit_tile_revealed(patrol, 2)
    assert patrol.stack_at_exit == {2: reveal.stack} and patrol.stack_waiting == {}


def test_revealing_an_exit_tile_with_no_waiting_stack_changes_nothing():
    patrol = _patrol([], {1: 1, 2: 0, 3: 0})
    assert exit_tile_revealed(patrol, 1) == patrol


def test_the_setup_deck_holds_five_of_the_six_cards():
    patrol, removed = new_patrol(CONTENT, Rng(9))
    assert len(patrol.deck) == 5
    assert Counter([*patrol.deck, removed]) == {1: 2, 2: 2, 3: 2}
    assert patrol.on_space == {1: 0, 2: 0, 3: 0}
    assert patrol.free_stacks == ("X", "Y")


@pytest.mark.parametrize("seed", range(12))
def test_after_day_3_exactly_one_exit_is_open_the_one_whose_card_was_removed(seed):
    rng = Rng(seed)
    patrol, removed = new_patrol(CONTENT, rng)
    drawn = []
    for day in (1, 2, 3):
        patrol, reveals = patrol_phase(CONTENT, patrol, rng, day, visible_exits={1, 2, 3})
        drawn.append(len(reveals))
    assert drawn == [2, 2, 1]
    assert patrol.open_exits == (removed,)
    assert patrol.deck == () and patrol.free_stacks == ()
    assert len(patrol.stack_at_exit) == 2


def test_a_day_without_a_patrol_phase_and_an_empty_deck_are_refused():
    patrol, _ = new_patrol(CONTENT, Rng(1))
    with pytest.raises(PoliceError, match="day 4 has no Patrol phase; days run 1 to 3"):
        patrol_phase(CONTENT, patrol, Rng(1), 4, ())
    with pytest.raises(PoliceError, match="the Patrol deck is empty"):
        reveal_patrol_card(_patrol([], {1: 0}), Rng(1), ())
    with pytest.raises(PoliceError, match=r"no Exit 4; Exits: \[1, 2, 3\]"):
        patrol.is_open(4)


# --- effect moves (§8.3) -----------------------------------------------------------------------


def test_the_hospital_tile_holds_no_police():
    assert police_free_tiles(_city()) == ("START_H",)


def test_an_effect_moves_an_officer_any_distance_to_a_tile_without_its_type():
    city = _city()
    police: CityPolice = {"START_G": ("FEDERAL",), "D1": ("LOCAL",)}
    moved = move_officer(police, city, OfficerMove("FEDERAL", "START_G", "D1"))
    assert moved == {"D1": ("FEDERAL", "LOCAL")}
    assert police == {"START_G": ("FEDERAL",), "D1": ("LOCAL",)}


def test_an_effect_cannot_move_onto_a_tile_with_that_type_nor_onto_the_hospital_tile():
    city = _city()
    police: CityPolice = {"START_G": ("SWAT",), "A1": ("SWAT",)}
    problem = effect_move_problem(police, city, OfficerMove("SWAT", "START_G", "A1"))
    assert problem == "A1 already has a SWAT officer (R-POL-2)"
    problem = effect_move_problem(police, city, OfficerMove("SWAT", "START_G", "START_H"))
    assert problem is not None and "Hospital" in problem
    targets = {m.target for m in effect_moves(police, city, "SWAT") if m.source == "START_G"}
    assert targets == {"B1", "C1", "D1"}


def test_display_tiles_are_neither_sources_nor_targets():
    city = _city()
    police: CityPolice = {"A2": ("LOCAL",), "A1": ("LOCAL",)}
    assert effect_move_problem(police, city, OfficerMove("LOCAL", "A2", "B1")) is not None
    assert effect_move_problem(police, city, OfficerMove("LOCAL", "A1", "A2")) is not None


def test_an_illegal_effect_move_lists_the_legal_ones():
    city = _city()
    police: CityPolice = {"A1": ("FEDERAL",)}
    with pytest.raises(PoliceError) as caught:
        move_officer(police, city, OfficerMove("FEDERAL", "A1", "A1"))
    message = str(caught.value)
    assert "must move to another tile" in message
    assert "legal: FEDERAL:A1>START_G, FEDERAL:A1>B1, FEDERAL:A1>C1, FEDERAL:A1>D1" in message


def test_a_snitch_removes_the_officer_to_the_box():
    city = _city()
    police: CityPolice = {"A1": ("FEDERAL", "SWAT")}
    assert remove_officer(police, city, "SWAT", "A1") == {"A1": ("FEDERAL",)}
    assert remove_officer({"A1": ("SWAT",)}, city, "SWAT", "A1") == {}
    with pytest.raises(
        PoliceError, match="no LOCAL officer on a placed tile A1; tiles with one: none"
    ):
        remove_officer(police, city, "LOCAL", "A1")


# --- converging (§10.2, §21.5) -----------------------------------------------------------------


def test_example_16_threshold_a_federal_comes_onto_reds_tile_but_a_swat_cannot():
    # Red stands on B1 (3,0), which has a SWAT. START_G (1,0) is 2 tiles away.
    city = _city()
    police: CityPolice = {"START_G": ("FEDERAL", "SWAT"), "B1": ("SWAT",), "C1": ("LOCAL",)}
    legal = converge_moves(police, city, "B1")
    assert OfficerMove("FEDERAL", "START_G", "B1") in legal
    assert OfficerMove("SWAT", "START_G", "B1") not in legal
    # Purple moves the Federal onto Red's tile.
    police = converge(police, city, "B1", OfficerMove("FEDERAL", "START_G", "B1"))
    assert police["B1"] == ("FEDERAL", "SWAT")
    # Yellow moves the Local 1 tile closer (C1 (1,1) is 2 away; A1 (2,0) is 1 away).
    police = converge(police, city, "B1", OfficerMove("LOCAL", "C1", "A1"))
    assert police == {"START_G": ("SWAT",), "B1": ("FEDERAL", "SWAT"), "A1": ("LOCAL",)}


def test_a_converging_officer_must_end_at_least_one_tile_closer():
    city = _city()
    police: CityPolice = {"A1": ("LOCAL",)}
    # A1 (2,0) is 1 from B1 (3,0); D1 (3,1) is also 1 from B1: not closer.
    with pytest.raises(PoliceError, match="at least 1 tile closer"):
        converge(police, city, "B1", OfficerMove("LOCAL", "A1", "D1"))
    assert converge_moves(police, city, "B1") == (OfficerMove("LOCAL", "A1", "B1"),)


def test_no_converging_move_on_the_target_tile_or_toward_the_hospital():
    city = _city()
    police: CityPolice = {"START_G": ("LOCAL",)}
    # The only tile closer to START_H (0,0) than START_G is START_H itself: police-free.
    assert converge_moves(police, city, "START_H") == ()
    assert converge(police, city, "START_H", None) == police
    assert converge_moves({"B1": ("LOCAL",)}, city, "B1") == ()


def test_a_move_must_be_made_when_one_exists():
    city = _city()
    with pytest.raises(PoliceError, match="one must be made; legal: LOCAL:A1>B1"):
        converge({"A1": ("LOCAL",)}, city, "B1", None)


def test_a_target_off_the_city_is_refused():
    with pytest.raises(PoliceError, match="the target A2 is not a placed tile"):
        converge_moves({}, _city(), "A2")


def test_police_problems_names_a_tile_with_two_of_a_type():
    assert police_problems({"A1": ("FEDERAL", "SWAT")}) == []
    assert police_problems({"A1": ("SWAT", "SWAT")}) == [
        "A1 holds ['SWAT', 'SWAT']; a tile lists 1 to 3 different officers in the order "
        "FEDERAL, LOCAL, SWAT"
    ]


@pytest.mark.parametrize("seed", range(8))
def test_converging_and_effect_moves_keep_the_invariants(seed):
    city = _city()
    rng = Rng(seed)
    bag, police = setup_police(
        CONTENT, PoliceBag.full(CONTENT), rng, ["A1", "B1", "C1", "D1"], "START_G"
    )
    moved = 0
    for step in range(12):
        target = ("B1", "START_G", "D1", "C1")[step % 4]
        legal = converge_moves(police, city, target)
        if legal:
            police = converge(police, city, target, legal[rng.below(len(legal))])
            moved += 1
        assert police_problems(police) == []
        assert "START_H" not in police
    assert moved > 0
    assert sum(len(o) for o in police.values()) + bag.size == 30
