"""One package per game. Each imports only :mod:`getaway.core`."""
