"""Setup reads every count from the content files: edited data (other copies of a
placeholder card, another number of components, another player-count table) gives a setup
that follows it, with no code change (issue 14: no rule may depend on a placeholder)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from getaway.core.rng import Rng
from getaway.games.escape_from_new_york.catalogue import HURRY
from getaway.games.escape_from_new_york.content import load_content_from
from getaway.games.escape_from_new_york.invariants import problems
from getaway.games.escape_from_new_york.options import normalize, rules_from
from getaway.games.escape_from_new_york.setup import new_table
from getaway.games.escape_from_new_york.state import Table
from tests.escape_from_new_york.helpers import by_id, copy_data, edit


def set_up(directory: Path, options: dict[str, Any], seed: int = 1) -> Table:
    rules = rules_from(load_content_from(directory), normalize(options))
    table = new_table(rules, Rng(seed))
    assert problems(rules, table) == []
    return table


def test_placeholder_copies_are_read_from_the_data(tmp_path: Path) -> None:
    """Events (M-11) and objectives (M-14) are placeholders: their copies come from the
    files."""
    data = copy_data(tmp_path)

    def events(d: Any) -> None:
        by_id(d["events"], "its_the_duke")["copies"] = 1
        by_id(d["events"], "crazies")["copies"] = 2

    def objectives(d: Any) -> None:
        by_id(d["objectives"], "glider")["copies"] = 1
        by_id(d["objectives"], "helicopter")["copies"] = 3

    edit(data, "events.json", events)
    edit(data, "objectives.json", objectives)
    table = set_up(data, {"players": 4})
    counted = Counter(table.event_deck)
    assert counted["crazies"] == 2 and counted["its_the_duke"] == 1
    blue = [*table.objective_decks["blue"], *(h.objectives[0] for h in table.heroes.values())]
    assert Counter(blue) == Counter({"helicopter": 3, "raft": 2, "glider": 1})


def test_component_counts_are_read_from_the_data(tmp_path: Path) -> None:
    """The prisoners (a hard limit, §8.9), barricades and ammo of components.json."""
    data = copy_data(tmp_path)

    def components(d: Any) -> None:
        d["base"]["prisoners"] = 36
        d["base"]["barricades"] = 20
        d["base"]["ammo_markers"] = 20

    edit(data, "components.json", components)
    table = set_up(data, {"players": 2})
    assert table.prisoner_supply == 36 and table.barricade_supply == 20
    loaded = sum(hero.ammo for hero in table.heroes.values())
    assert table.ammo_markers == 20 - loaded
    assert set_up(data, {"players": 2, "fewer_prisoners": True}).prisoner_supply == 26


def test_the_player_count_table_is_read_from_the_data(tmp_path: Path) -> None:
    data = copy_data(tmp_path)

    def counts(d: Any) -> None:
        two = next(count for count in d["counts"] if count["players"] == 2)
        two["black_timer_cards"], two["timer_deck"] = 8, 12

    edit(data, "player_counts.json", counts)
    table = set_up(data, {"players": 2})
    assert len(table.timer_deck) == 12 and table.timer_deck[8] == HURRY
    assert len(table.box["timer"]) == 4
