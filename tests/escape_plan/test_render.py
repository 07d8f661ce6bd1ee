"""The terminal rendering of Escape Plan: it renders every position of random games for 1-5
players, names the facts of the view, fits 100 columns, holds no markup and no ANSI codes
unless asked, shows hidden fields as ``?``, draws tiles as they lie, and lists every legal
choice with its cost."""

from __future__ import annotations

import copy
import io
import re
from dataclasses import replace
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text

from getaway.core import ALL, GetawayError, Rng
from getaway.games.escape_plan import CityMap, PlacedTile, render_city, tiles
from getaway.games.escape_plan.content import load_content
from getaway.games.escape_plan.game import EscapePlanState
from getaway.games.escape_plan.render import MAX_WIDTH, TOPICS, render_topic, render_view
from getaway.games.escape_plan.render_adapter import adapt, step_cost
from getaway.games.escape_plan.render_boards import board_lines
from getaway.games.escape_plan.render_menu import typing_examples
from getaway.games.escape_plan.topology import DIRECTIONS, ROTATIONS, SquareTopology
from tests.escape_plan.play import new_game, random_step

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def positions(players: int, seed: int, every: int = 7) -> list[EscapePlanState]:
    """Copies of a random game's positions, one every ``every`` actions, and the last."""
    state = new_game(players, seed=seed)
    rng = Rng(seed + 500)
    found, number = [], 0
    while not state.is_over():
        if number % every == 0:
            found.append(state.clone())
        random_step(state, rng)
        number += 1
    found.append(state)
    return found


def check_page(text: str) -> None:
    assert max(len(line) for line in text.splitlines()) <= MAX_WIDTH
    assert "\x1b" not in text
    # Plain text through rich: nothing is read as markup. Emoji codes are off in the
    # terminal (cli/common.py console()): ``visit:pick:90:4`` holds ``:pick:``.
    assert Text.from_markup(text, emoji=False).plain == text


def check_facts(state: EscapePlanState, text: str) -> None:
    table = state.table
    assert f"Day {table.day} of 3" in text
    for entry in table.city.placed:
        # The tile's header: its id, (H) on a Heliport tile, its police letters.
        letters = "".join(officer[0] for officer in table.police.get(entry.tile.id, ()))
        header = rf"\|{entry.tile.id}(?: \(H\))? *{letters}\|"
        assert re.search(header, text), (entry.tile.id, letters)
    for seat, player in table.players.items():
        assert re.search(rf"^  {seat} +\${player.cash}k  noto +{player.notoriety} ", text, re.M)
    for seat, player in table.players.items():
        where = player.location if player.status == "city" else player.status
        assert re.search(rf"^  {seat} +{re.escape(str(where))}", text, re.M), (seat, where)
    for name, bot in table.automata.items():
        where = bot.location if bot.status == "city" else bot.status
        assert re.search(rf"^  {name} +{re.escape(str(where))}", text, re.M), (name, where)
    for seat in state.to_act():
        menu = text.split(f"Choices for {seat} (type the id):\n", 1)[1]
        for action in state.legal_actions(seat):
            # The whole id, as a word of the menu: alone, before its cost, a comma or the
            # column of a bare verb's title.
            found = re.search(rf"(?<![\w:.]){re.escape(action)}(?=$|,| \(|  )", menu, re.M)
            assert found, action
    if state.is_over():
        assert "The game is over." in text


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_every_position_of_random_games_renders_with_its_facts(players: int) -> None:
    for seed in (players, players + 10):
        for state in positions(players, seed):
            view = state.view(ALL)
            text = render_view(view)
            check_page(text)
            check_facts(state, text)
            for topic in TOPICS:
                check_page(render_topic(view, topic))
            assert typing_examples(view)


def test_an_unknown_topic_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        render_topic(new_game(2).view(ALL), "weather")


def test_ansi_codes_only_when_asked() -> None:
    view = positions(3, 4)[-1].view(ALL)  # the whole city: water on some tile
    coloured = render_view(view, ansi=True)
    assert "\x1b[" in coloured
    assert ANSI.sub("", coloured) == render_view(view)


def test_rendering_does_not_change_the_view() -> None:
    state = positions(3, 2)[5]
    view = state.view(ALL)
    before = copy.deepcopy(view)
    render_view(view)
    for topic in TOPICS:
        render_topic(view, topic)
    assert view == before


# Hidden fields -------------------------------------------------------------------------------


def seat_like_view(state: EscapePlanState, seat: str) -> dict[str, Any]:
    """The most a seat's view might leave out, cut from the ``all`` view by hand: others'
    cash and Escape Plan cards gone, their face-down tiles without an id, deck orders as
    sizes or gone, and the seat's legal actions as a plain list."""
    view = copy.deepcopy(state.view(ALL))
    view["seat"] = seat
    view.pop("legal_actions", None)  # the all view's, once ep-views is merged: every seat's
    table = view["table"]
    for other, board in table["players"].items():
        if other == seat:
            continue
        del board["cash"], board["escape_plan"]
        board["items"] = [
            p if p is None or p[2] else {"kind": p[0], "face_up": False} for p in board["items"]
        ]
    for key in ("contact_deck", "patrol_deck"):
        table[key] = len(table[key])
    del table["exit_stacks"], table["patrol_removed"]
    for bot in table["automata"].values():
        del bot["deck"], bot["escape_plan"]
    view["legal"] = list(state.legal_actions(seat)) if seat in state.to_act() else []
    return view


def has_seat_views(state: EscapePlanState) -> bool:
    """Whether the game has the seats' views (ep-views' ``views.py``, once merged)."""
    try:
        state.view(state.rules.seats[0])
    except GetawayError:  # "no view for 'p1' yet": only the all view exists
        return False
    return True


def seat_view(state: EscapePlanState, seat: str) -> dict[str, Any]:
    """The seat's real view where the game has one, else the same shape built by hand
    (:func:`ep_views_view`)."""
    return state.view(seat) if has_seat_views(state) else ep_views_view(state, seat)


def ep_views_view(state: EscapePlanState, seat: str) -> dict[str, Any]:
    """A seat's view in the shape ep-views' ``views.py`` documents (not on this branch):
    ``to_act``, ``over``, ``legal_actions`` by seat, the decision as the seat's own steps;
    ``None`` for others' cash and cards, ``black:?`` for their face-down tiles, the hidden
    decks as sizes under ``*_size(s)`` names, the automata's decks as ``deck_cards``."""
    full = state.view(ALL)
    table = copy.deepcopy(full["table"])
    for old, new in (
        ("stacks", "stack_sizes"),
        ("exit_stacks", "exit_stack_sizes"),
        ("lockers", "locker_sizes"),
    ):
        table[new] = {k: len(v) for k, v in table.pop(old).items()}
    for old, new in (("patrol_deck", "patrol_deck_size"), ("contact_deck", "contact_deck_size")):
        table[new] = len(table.pop(old))
    del table["patrol_removed"]
    for other, board in table["players"].items():
        if other != seat:
            board["cash"] = board["escape_plan"] = None
            for row in ("items", "contacts"):
                board[row] = [
                    [p[0], p[1].rpartition(":")[0] + ":?", False]
                    if p is not None and p[0] in ("locker", "exit") and not p[2]
                    else p
                    for p in board[row]
                ]
    for bot in table["automata"].values():
        bot["deck_cards"] = sorted(bot.pop("deck"))
        bot["escape_plan"] = None
    decision = state.decision
    return {
        "game": full["game"],
        "seat": seat,
        "options": full["options"],
        "over": state.is_over(),
        "to_act": list(state.to_act()),
        "table": table,
        "decision": None if decision is None else decision.seen_by(seat),
        "legal_actions": (
            {seat: list(state.legal_actions(seat))} if seat in state.to_act() else {}
        ),
    }


@pytest.mark.parametrize("players", [1, 3, 5])
def test_views_in_ep_views_shape_render_for_every_seat(players: int) -> None:
    for state in positions(players, players + 20, every=11):
        for seat in state.rules.seats:
            view = seat_view(state, seat)
            text = render_view(view)
            check_page(text)
            scene = adapt(view)
            assert scene.viewer == seat and scene.contact_deck == len(state.table.contact_deck)
            for board in scene.players:
                secret = state.table.players[board.seat]
                # Every board opens at the end (ep-views, §14).
                sees = board.seat == seat or (state.is_over() and has_seat_views(state))
                assert board.cash == (secret.cash if sees else None)
            if seat in state.to_act():
                for action in state.legal_actions(seat):
                    assert action in text
            elif not state.is_over():
                assert "Choices for" not in text
            if state.decision is not None and state.decision.seat == seat:
                assert scene.decision_steps == state.decision.steps
            else:
                assert scene.decision_steps == ()
            for topic in TOPICS:
                check_page(render_topic(view, topic))


def test_a_face_down_locker_in_ep_views_shape_shows_its_stack_not_its_value() -> None:
    state = new_game(2, seed=1)
    state.table.players["p2"].items[0] = _locker()
    text = render_topic(seat_view(state, "p1"), "boards")
    assert "locker black:? (down)" in text and "black:70" not in text


def test_hidden_fields_render_as_question_marks() -> None:
    state = positions(3, 3)[-2]
    view = seat_like_view(state, "p1")
    text = render_view(view)
    check_page(text)
    scene = adapt(view)
    for board in scene.players:
        lines = "\n".join(board_lines(scene, board))
        if board.seat == "p1":
            assert f"cash ${state.table.players['p1'].cash}k" in lines
        else:
            assert "cash ?" in lines and "Escape Plan card ?" in lines
    for topic in TOPICS:
        check_page(render_topic(view, topic))


def test_a_face_down_tile_of_another_seat_shows_its_kind_only() -> None:
    state = new_game(2, seed=1)
    state.table.players["p2"].items[0] = _locker()
    view = seat_like_view(state, "p1")
    text = render_topic(view, "boards")
    assert "locker ?" in text and "black:70" not in text
    assert "locker black:70 (down)" in render_topic(state.view(ALL), "boards")


def test_fields_hidden_from_all_may_be_missing_altogether() -> None:
    """Deck orders, stacks, the police bag and the Locker stacks left out entirely (not
    even a size) still render, as ``?`` or nothing."""
    state = positions(2, 8)[4]
    view = seat_like_view(state, "p2")
    table = view["table"]
    for key in ("contact_deck", "patrol_deck", "stacks", "bag", "lockers"):
        del table[key]
    text = render_view(view)
    check_page(text)
    assert "Contacts (deck ?" in text and "Patrol: deck ?" in text


def test_a_seat_s_view_lists_the_legal_actions_it_carries() -> None:
    state = positions(3, 6)[3]
    acting = state.to_act()[0]
    idle = next(seat for seat in state.rules.seats if seat != acting)
    text = render_view(seat_like_view(state, acting))
    assert f"Choices for {acting}" in text
    for action in state.legal_actions(acting):
        assert action in text
    text = render_view(seat_like_view(state, idle))
    assert "Choices for" not in text and f"Waiting for {acting}." in text


def _locker() -> Any:
    from getaway.games.escape_plan.state import Piece

    return Piece("locker", "black:70", face_up=False)


# The map -------------------------------------------------------------------------------------


@pytest.mark.parametrize("rotation", ROTATIONS)
def test_a_tile_is_drawn_turned_as_the_topology_turns_its_sides(rotation: int) -> None:
    """The drawn border rows and columns are the sides ``topology`` says face each way."""
    topology = SquareTopology()
    for tile in load_content().city_tiles.tiles:
        drawn = render_city.rotated_cells(tile, rotation)
        seen = tiles.sides(tile)
        drawn_sides = {
            "N": tuple(drawn[0]),
            "E": tuple(row[-1] for row in drawn),
            "S": tuple(reversed(drawn[-1])),
            "W": tuple(row[0] for row in reversed(drawn)),
        }
        for direction in DIRECTIONS:
            assert drawn_sides[direction] == seen[topology.side_after_rotation(direction, rotation)]


def test_pawns_are_marked_in_their_location_on_the_map() -> None:
    state = positions(2, 5)[6]
    scene = adapt(state.view(ALL))
    text = "\n".join(render_city.draw_city(scene))
    for seat, player in state.table.players.items():
        if player.status == "city" and player.location:
            assert seat[1:] in text
    assert render_city.pawn_mark("p4") == "4" and render_city.pawn_mark("costa") == "C"


def test_the_city_phase_shows_where_the_tile_may_go() -> None:
    state = new_game(3, seed=2)
    assert state.table.stage == "place"
    seat = state.to_act()[0]
    state.apply(seat, state.legal_actions(seat)[0])
    cells = state.legal_actions(seat)
    text = render_view(state.view(ALL))
    for cell in cells:
        x, y = cell.split(":")[1].split(",")
        assert f"? {x},{y}" in text


def test_an_open_move_shows_its_path_and_the_mp_of_each_walk() -> None:
    state = new_game(2, seed=3)
    rng = Rng(9)
    while not (
        state.decision and state.decision.steps[0] == "move" and len(state.decision.steps) > 1
    ):
        random_step(state, rng)
        if state.table.stage == "turn" and state.decision is None:
            seat = state.to_act()[0]
            if "move" in state.legal_actions(seat):
                state.apply(seat, "move")
    text = render_view(state.view(ALL))
    assert state.decision is not None
    seat = state.decision.seat
    city = state.table.city
    here = state.decision.steps[-1].split(":", 1)[1]  # the last walk's node
    for action in state.legal_actions(seat):
        if action.startswith("walk:"):
            node = action.split(":", 1)[1]
            assert f"{action} ({city.links[here][node]} MP)" in text
    assert "so far: move > walk:" in text
    assert "*" in "\n".join(render_city.draw_city(adapt(state.view(ALL))))


def test_the_income_unlock_costs_three_thousand_and_the_rest_unlock_nothing() -> None:
    scene = adapt(new_game(2, seed=1).view(ALL))
    assert step_cost(replace(scene, stage="income_unlock"), "p1", "unlock:heal") == "$3k"
    assert step_cost(replace(scene, stage="turn"), "p1", "unlock:heal") == "free (Rest)"
    assert step_cost(scene, "p1", "disc") == "1 Extra Action disc"


def test_typing_examples_are_legal_actions_typed_with_spaces() -> None:
    state = new_game(3, seed=2)
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    examples = typing_examples(state.view(ALL))
    typed = examples[0][0]
    assert typed.replace(" ", ":") in legal


# Tracks and displays -------------------------------------------------------------------------


def test_the_tracks_topic_puts_every_marker_on_its_level_under_three_lines() -> None:
    state = positions(2, 12)[-1]
    state.table.players["p1"].notoriety = 6
    text = render_topic(state.view(ALL), "tracks")
    assert text.count("threshold line") == 3
    rows = {int(line.split()[0]): line for line in text.splitlines() if line[:5].strip().isdigit()}
    assert sorted(rows) == list(range(1, 11))
    assert "p1" in rows[6] and "-$30k" in rows[6] and "$0k" in rows[1]
    for name, bot in state.table.automata.items():
        assert name in rows[bot.notoriety]
    assert "Escape costs in the order of escaping: $0k, $10k" in text


def test_the_part_of_the_day_is_marked_on_the_time_track() -> None:
    state = positions(3, 1)[-2]
    assert state.table.phase == "ACTIONS"
    text = render_topic(state.view(ALL), "tracks")
    part = state.table.part
    paid = " (disc)" if part in ("NIGHT", "DAWN") else ""
    assert f"{part.capitalize()}{paid} <- now" in text


def test_gang_locations_show_their_members_and_controller() -> None:
    state = positions(3, 1)[-2]
    node = next(iter(state.table.gangs))
    state.table.gangs[node].control = "p2"
    text = render_view(state.view(ALL))
    members = state.table.gangs[node].members
    assert f"{node} {members} member" in text and "(controlled by p2)" in text


def test_a_view_whose_choices_cannot_be_worked_out_still_renders_and_says_why() -> None:
    view = new_game(2, seed=1).view(ALL)
    view.pop("legal_actions", None)  # so that they are worked out from the table
    view["table"]["players"]["p1"]["income_cubes"] = 4  # 4 + 0 cubes out: not the 9 of §21.7
    text = render_view(view)
    check_page(text)
    assert "The choices cannot be listed: save file: the table breaks the rules" in text
    assert "Waiting for" in text


def test_the_widest_city_the_area_allows_fits_in_100_columns() -> None:
    """Six tiles across (x from -2 to 3, §18.5's bounds), each row of the area."""
    content = load_content()
    topology = SquareTopology()
    xs = sorted({cell[0] for cell in topology.cells()})
    ys = sorted({cell[1] for cell in topology.cells()})
    assert len(xs) == 6
    ids = [tile.id for tile in content.city_tiles.tiles]
    placed = [
        PlacedTile(content.tile(ids[n]), (xs[n % 6], ys[n // 6]), 90 * (n % 4))
        for n in range(len(ids))
    ]
    scene = replace(adapt(new_game(5).view(ALL)), city=CityMap(topology, placed))
    lines = render_city.draw_city(scene)
    assert max(len(line) for line in lines) == MAX_WIDTH
    for tile_id in ids:
        assert any(tile_id in line for line in lines)


def test_movement_steps_of_the_movement_module_show_their_mp() -> None:
    """The ids ``movement.py`` offers (not in the engine's turn yet) get their MP."""
    scene = adapt(new_game(2, seed=1).view(ALL))
    assert step_cost(scene, "p1", "fly:START_G.gang") == "1 MP"
    assert step_cost(scene, "p1", "heli:chopper:START_G.gang") == "1 MP"
    assert step_cost(scene, "p1", "metro:START_H.metro") == "1 MP (first ride this turn)"
    ridden = replace(scene, decision_seat="p1", decision_steps=("move", "metro:A3.metro"))
    assert step_cost(ridden, "p1", "metro:START_H.metro") == "0 MP"
    assert step_cost(scene, "p1", "escape") == "escape cost $0k"
    assert step_cost(replace(scene, escaped=("p2",)), "p1", "escape") == "escape cost $10k"
    assert step_cost(scene, "p1", "wound:START_G:LOCAL") == "1 Wound"
    assert step_cost(scene, "p1", "sandra:LOCAL") == ""


def test_buildings_show_where_they_stand_their_cubes_and_closing() -> None:
    state = positions(4, 3)[-1]
    placed = next(b for b in state.table.businesses.values() if b.placed_on)
    placed.cubes = [("p2", "money"), ("sandra", "income")]
    placed.closed = True
    text = render_view(state.view(ALL))
    assert f"{placed.placed_on} CLOSED; p2 money hex, sandra income hex" in text
    assert "a Business closes at 3)" in text  # 4 players: the 4-5 side (§18)


def test_rich_prints_the_pages_as_they_are() -> None:
    """The terminal prints through rich with markup on and emoji codes off (cli/common.py
    console(); ``visit:pick:90:4`` holds ``:pick:``): ``walk:B1.store``, the ``:::`` fill
    and the rest come out unchanged."""
    for players in (1, 3, 5):
        for state in positions(players, players, every=9):
            view = state.view(ALL)
            for text in [render_view(view), *(render_topic(view, t) for t in TOPICS)]:
                console = Console(
                    file=io.StringIO(), width=MAX_WIDTH, color_system=None, emoji=False
                )
                console.print(text)
                assert isinstance(console.file, io.StringIO)
                assert console.file.getvalue() == text + "\n"
