"""All of Escape Plan's content, loaded from ``data/`` and checked once at start-up.

:func:`load_content` reads every file with its schema (``schema.py``), then runs the checks
that span entries and files (``checks.py``). A problem raises
:class:`~getaway.core.content.ContentError` naming the file and the field. To use printed
values instead of the reconstructed ones, edit the data files (see
``docs/games/escape-plan.md``); no code changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel

from getaway.core.content import load_data_files
from getaway.games.escape_plan import checks
from getaway.games.escape_plan.schema import (
    Asset,
    Assets,
    Buildings,
    CityTile,
    CityTiles,
    Components,
    Contacts,
    EquipmentTypes,
    EscapePlans,
    ExitTiles,
    Fixer,
    Fixers,
    LocationDeck,
    Lockers,
    NotorietyTrack,
    Officer,
    PatrolCards,
    PlayerBoard,
    PlayerCount,
    PlayerCounts,
    Police,
    Scoring,
)

DATA_DIR = Path(__file__).with_name("data")

#: Each kind of content: its file in ``data/`` and its schema.
FILES: dict[str, tuple[str, type[BaseModel]]] = {
    "components": ("components.json", Components),
    "city_tiles": ("city_tiles.json", CityTiles),
    "buildings": ("buildings.json", Buildings),
    "escape_plans": ("escape_plans.json", EscapePlans),
    "contacts": ("contacts.json", Contacts),
    "fixers": ("fixers.json", Fixers),
    "equipment": ("equipment.json", EquipmentTypes),
    "lockers": ("lockers.json", Lockers),
    "exit_tiles": ("exit_tiles.json", ExitTiles),
    "patrol_cards": ("patrol_cards.json", PatrolCards),
    "assets": ("assets.json", Assets),
    "inspector_deck": ("inspector_deck.json", LocationDeck),
    "lieutenant_deck": ("lieutenant_deck.json", LocationDeck),
    "notoriety_track": ("notoriety_track.json", NotorietyTrack),
    "police": ("police.json", Police),
    "player_board": ("player_board.json", PlayerBoard),
    "player_counts": ("player_counts.json", PlayerCounts),
    "scoring": ("scoring.json", Scoring),
}


class _Identified(Protocol):
    @property
    def id(self) -> str: ...


_T = TypeVar("_T", bound=_Identified)


@dataclass(frozen=True, slots=True)
class Content:
    """Every content file, validated; the field names are the keys of :data:`FILES`."""

    components: Components
    city_tiles: CityTiles
    buildings: Buildings
    escape_plans: EscapePlans
    contacts: Contacts
    fixers: Fixers
    equipment: EquipmentTypes
    lockers: Lockers
    exit_tiles: ExitTiles
    patrol_cards: PatrolCards
    assets: Assets
    inspector_deck: LocationDeck
    lieutenant_deck: LocationDeck
    notoriety_track: NotorietyTrack
    police: Police
    player_board: PlayerBoard
    player_counts: PlayerCounts
    scoring: Scoring

    def tile(self, tile_id: str) -> CityTile:
        # By id from a table built once per content (the rules ask it on every move).
        known = _TILES_BY_ID.get(id(self))
        if known is None or known[0] is not self:
            tiles = {tile.id: tile for tile in reversed(self.city_tiles.tiles)}
            known = _TILES_BY_ID[id(self)] = (self, tiles)
        return known[1][tile_id]

    def asset(self, asset_id: str) -> Asset:
        """The Asset tile ``asset_id`` (the first of an id, as a scan would find it)."""
        return self._by_id("assets", self.assets.assets)[asset_id]

    def fixer(self, fixer_id: str) -> Fixer:
        """The Fixer tile ``fixer_id`` (the first of an id, as a scan would find it)."""
        return self._by_id("fixers", self.fixers.fixers)[fixer_id]

    def _by_id(self, kind: str, items: Sequence[_T]) -> dict[str, _T]:
        # Built once per content and kind (the executive actions ask on every turn).
        known = _ITEMS_BY_ID.get((id(self), kind))
        if known is None or known[0] is not self:
            table = {item.id: item for item in reversed(items)}
            known = _ITEMS_BY_ID[id(self), kind] = (self, table)
        return known[1]

    @property
    def start_tiles(self) -> tuple[CityTile, ...]:
        return tuple(tile for tile in self.city_tiles.tiles if tile.stack is None)

    def stack(self, letter: str) -> tuple[CityTile, ...]:
        return tuple(tile for tile in self.city_tiles.tiles if tile.stack == letter)

    def for_players(self, players: int) -> PlayerCount:
        """The board side, Business closing and exit costs for ``players`` players."""
        for count in self.player_counts.counts:
            if count.players == players:
                return count
        known = ", ".join(str(count.players) for count in self.player_counts.counts)
        raise ValueError(f"Escape Plan is for {known} players, not {players}")

    def officer_counts(self) -> dict[Officer, int]:
        """How many officers of each type the box holds, in the order of ``police.json``."""
        return {kind.type: kind.count for kind in self.police.officers}


#: Each content's City tiles by id (the first of an id wins, as a scan would find it). Keyed
#: by the content object's id; the content is kept with them, so the id is not reused.
_TILES_BY_ID: dict[int, tuple[Content, dict[str, CityTile]]] = {}
#: Each content's Assets and Fixers by id, keyed like ``_TILES_BY_ID`` with the kind.
_ITEMS_BY_ID: dict[tuple[int, str], tuple[Content, dict[str, Any]]] = {}


def load_content_from(directory: Path) -> Content:
    """Load and check the content files in ``directory`` (uncached: for tests and tools)."""
    loaded, names = load_data_files(directory, FILES)
    content = Content(**loaded)  # type: ignore[arg-type]
    checks.check_all(content, names)
    return content


@cache
def load_content() -> Content:
    """The game's content, loaded and checked once per process."""
    return load_content_from(DATA_DIR)
