"""Escape from New York (Kevin Wilson; Pendragon Game Studio; «Побег из Нью-Йорка», Hobby World
2023): a co-operative game against an automated city, with a secret way to escape alone.

So far its content layer: every card, tile and table as data with a schema and its
provenance (``content.py``), and the board's hex geometry (``topology.py``); and on it the
state model (``state.py``), the options (``options.py``), the setup (``setup.py``), saves
(``position.py``) and the seats' views (``views.py``). No turn rules yet: the game is not
registered, so no command or server lists it.
"""

from getaway.games.escape_from_new_york.content import Content, load_content
from getaway.games.escape_from_new_york.topology import HexTopology

__all__ = ["Content", "HexTopology", "load_content"]
