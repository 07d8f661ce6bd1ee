"""Scotland Yard's browser client: ``renderer.js`` (the board, the travel log, the tickets),
``style.css``, ``i18n/{en,ru,pt}.json`` and the boards as JSON (``boards/``, built from the
game's CSVs by :mod:`getaway.games.scotland_yard.web.build_board_data`). The server serves
this folder under ``/games/scotland-yard/`` (see docs/server.md, "A game's client")."""
