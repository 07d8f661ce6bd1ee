"""Errors the API answers with: each carries its HTTP status and a message for the client.

Raised before anything changes, so a client that gets one knows the match is as it was.
"""

from __future__ import annotations


class ApiError(Exception):
    status = 400

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


class BadRequestError(ApiError):
    """Malformed game, options, seat or bot level (the core's message)."""

    status = 400


class ForbiddenError(ApiError):
    """A missing or wrong token, or something not allowed yet (a replay while playing)."""

    status = 403


class NotFoundError(ApiError):
    status = 404


class ConflictError(ApiError):
    """The request does not fit the match as it is now: a stale version, a seat taken."""

    status = 409


class UnprocessableError(ApiError):
    """An action the rules refuse now."""

    status = 422


class TooManySocketsError(ApiError):
    """One more WebSocket would pass a seat's or a match's cap (limits.py). A socket refused
    so is closed with 1013, "try again later", not with 4000 + this status."""

    status = 429


class UnavailableError(ApiError):
    """The database could not be reached; nothing was changed."""

    status = 503


def stale(version: int, current: int) -> ConflictError:
    return ConflictError(
        f"stale version {version}: the match has moved on; current version is {current}"
    )
