"""Escape from New York's browser client: ``renderer.js`` (the hex map as it is explored, the
enemies and heroes, New York's board, the timer, each hero's board and own hand, a log of
what the table showed, every legal choice by click), ``style.css``, ``i18n/{en,ru,pt}.json``
and what the page needs of the content as JSON (``content.json``, built from the game's data
by :mod:`getaway.games.escape_from_new_york.web.build_client_data`). The server serves this
folder under ``/games/escape-from-new-york/`` (see docs/server.md, "A game's client")."""
