"""Escape Plan's browser client: ``renderer.js`` (the city as it grows, the boards, the
tracks and displays, every legal choice by click), ``style.css``, ``i18n/{en,ru,pt}.json``
and the City tiles' drawings as JSON (``tiles.json``, built from the game's content by
:mod:`getaway.games.escape_plan.web.build_tile_data`). The server serves this folder under
``/games/escape-plan/`` (see docs/server.md, "A game's client")."""
