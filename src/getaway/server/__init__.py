"""The game server: an HTTP and WebSocket API (FastAPI) over a database of matches.

See ``docs/server.md``. :func:`getaway.server.app.create_app` builds the application;
``getaway serve`` runs it with uvicorn.
"""

__version__ = "0.1.0"
