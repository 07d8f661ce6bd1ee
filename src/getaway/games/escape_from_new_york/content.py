"""All of Escape from New York's content, loaded from ``data/`` and checked once.

:func:`load_content` reads every file with its schema (``schema.py``), then runs the checks
that span entries and files (``checks.py``) and holds every effect the files name to the
effects the rules apply (``vocabulary.py``). A problem raises
:class:`~getaway.core.content.ContentError` naming the file and the field. To use printed
values instead of the placeholders, edit the data files (see
``docs/games/escape-from-new-york.md``); no code changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path

from pydantic import BaseModel

from getaway.core.content import load_data_files
from getaway.games.escape_from_new_york import checks
from getaway.games.escape_from_new_york.schema import (
    Board,
    Cars,
    Components,
    Diplomats,
    Enemies,
    Events,
    EventTrack,
    HeroCard,
    HeroCards,
    Heroes,
    Items,
    Landmarks,
    LevelTokens,
    NewYorkCards,
    Objectives,
    Outskirts,
    PlayerCount,
    PlayerCounts,
    Tiles,
    TimerCards,
    Traps,
)
from getaway.games.escape_from_new_york.topology import Cell, HexTopology

DATA_DIR = Path(__file__).with_name("data")

#: Each kind of content: its file in ``data/`` and its schema.
FILES: dict[str, tuple[str, type[BaseModel]]] = {
    "components": ("components.json", Components),
    "player_counts": ("player_counts.json", PlayerCounts),
    "board": ("board.json", Board),
    "tiles": ("tiles.json", Tiles),
    "traps": ("traps.json", Traps),
    "landmarks": ("landmarks.json", Landmarks),
    "enemies": ("enemies.json", Enemies),
    "heroes": ("heroes.json", Heroes),
    "hero_cards": ("hero_cards.json", HeroCards),
    "new_york": ("new_york.json", NewYorkCards),
    "items": ("items.json", Items),
    "diplomats": ("diplomats.json", Diplomats),
    "events": ("events.json", Events),
    "timer": ("timer.json", TimerCards),
    "event_track": ("event_track.json", EventTrack),
    "objectives": ("objectives.json", Objectives),
    "level_tokens": ("level_tokens.json", LevelTokens),
    "outskirts": ("outskirts.json", Outskirts),
    "cars": ("cars.json", Cars),
}


@dataclass(frozen=True)
class Content:
    """Every content file, validated; the field names are the keys of :data:`FILES`."""

    components: Components
    player_counts: PlayerCounts
    board: Board
    tiles: Tiles
    traps: Traps
    landmarks: Landmarks
    enemies: Enemies
    heroes: Heroes
    hero_cards: HeroCards
    new_york: NewYorkCards
    items: Items
    diplomats: Diplomats
    events: Events
    timer: TimerCards
    event_track: EventTrack
    objectives: Objectives
    level_tokens: LevelTokens
    outskirts: Outskirts
    cars: Cars
    #: The board's geometry, built once from ``board.json``.
    topology: HexTopology = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "topology", board_topology(self.board))

    def hero_card(self, card_id: str) -> HeroCard:
        """A hero action card by id."""
        return self._hero_cards_by_id[card_id]

    @cached_property
    def _hero_cards_by_id(self) -> dict[str, HeroCard]:
        # Built on first use: the rules will ask on every card played.
        return {card.id: card for card in self.hero_cards.cards}

    def for_players(self, players: int) -> PlayerCount:
        """The timer deck and objective draw for ``players`` heroes (§4.1)."""
        for count in self.player_counts.counts:
            if count.players == players:
                return count
        known = ", ".join(str(count.players) for count in self.player_counts.counts)
        raise ValueError(f"Escape from New York is for {known} players, not {players}")


def board_topology(board: Board) -> HexTopology:
    """The geometry of ``board``: its cells, offset and printed roads."""
    cells: list[Cell] = [(cell.col, cell.row) for cell in board.cells]
    roads = {(cell.col, cell.row): cell.roads for cell in board.cells if cell.roads is not None}
    return HexTopology(cells, board.offset, roads)


def load_content_from(directory: Path) -> Content:
    """Load and check the content files in ``directory`` (uncached: for tests and tools)."""
    loaded, names = load_data_files(directory, FILES)
    content = Content(**loaded)  # type: ignore[arg-type]
    checks.check_all(content, names)
    # Imported here: the rules modules it reads import this one (their content's types).
    from getaway.games.escape_from_new_york.vocabulary import check_effects_applied

    check_effects_applied(content, names)
    return content


@cache
def load_content() -> Content:
    """The game's content, loaded and checked once per process."""
    return load_content_from(DATA_DIR)
