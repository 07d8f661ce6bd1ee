"""Escape from New York (Kevin Wilson; Pendragon Game Studio; «Побег из Нью-Йорка», Hobby World
2023): a co-operative game against an automated city, with a secret way to escape alone.

Its content layer: every card, tile and table as data with a schema and its provenance
(``content.py``), and the board's hex geometry (``topology.py``); on it the state model
(``state.py``), the options (``options.py``), the setup (``setup.py``), saves
(``position.py``), the seats' views (``views.py``), the turn (``turns.py``), and the game
on the protocol with its bots (``game.py``, ``bots.py``, ``search.py``), registered as
``escape-from-new-york``.
"""

from getaway.games.escape_from_new_york.content import Content, load_content
from getaway.games.escape_from_new_york.topology import HexTopology

__all__ = ["Content", "HexTopology", "load_content"]
