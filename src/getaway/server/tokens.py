"""Seat and host secrets: random URL-safe strings; the database keeps only their sha256."""

from __future__ import annotations

import hashlib
import secrets

TOKEN_BYTES = 24
ID_BYTES = 9  # 12 URL-safe characters: match ids are unguessable, so a watch link is private


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_match_id() -> str:
    return secrets.token_urlsafe(ID_BYTES)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()
