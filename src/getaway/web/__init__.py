"""The browser client: static files (HTML, ES modules, CSS, SVG, JSON) served by the server.

No build step and no Node.js at run time: the server serves ``STATIC_DIR`` under ``/static/``
and ``STATIC_DIR / "index.html"`` for the pages ``/``, ``/play/{id}`` and ``/watch/{id}``.
"""

from __future__ import annotations

from pathlib import Path

#: The folder of the static files (shipped as package data).
STATIC_DIR: Path = Path(__file__).resolve().parent / "static"

__all__ = ["STATIC_DIR"]
