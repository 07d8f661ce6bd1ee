"""Request and response bodies of the HTTP API (they make the OpenAPI schema)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from getaway.server.limits import (
    MAX_BOT_SEATS,
    MAX_NAME_LENGTH,
    MAX_OPTION_DEPTH,
    MAX_OPTION_ITEMS,
    MAX_OPTIONS,
    MAX_TOKEN_LENGTH,
    MAX_VERSION,
)

MAX_ACTION_LENGTH = 1000
MAX_SEED = 2**64 - 1

Name = Annotated[str, Field(max_length=MAX_NAME_LENGTH)]
Token = Annotated[str, Field(max_length=MAX_TOKEN_LENGTH)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CreateMatch(_Strict):
    game: Name = Field(description="a game name from GET /api/games")
    players: int | None = Field(None, description="number of players (the 'players' option)")
    options: dict[Name, Any] = Field(
        default_factory=dict,
        max_length=MAX_OPTIONS,
        description="game options (GET /api/games lists them): each a number, true/false, "
        f"a text of at most {MAX_NAME_LENGTH} characters, null, or a list of at most "
        f"{MAX_OPTION_ITEMS} of those",
    )
    bots: dict[Name, Name] = Field(
        default_factory=dict,
        max_length=MAX_BOT_SEATS,
        description="seats played by bots: {seat: bot level}; every other seat is a person's",
    )
    turn_seconds: float | None = Field(
        None,
        gt=0,
        description="time per decision; when it runs out the rules' default action is "
        "played for the seat (null: no timer)",
    )
    practice: bool = Field(
        False,
        description="a practice match: its seed (chosen with 'seed', or drawn) is shown to "
        "every seat and spectator, since whoever knows it knows every secret",
    )
    seed: int | None = Field(
        None,
        ge=0,
        le=MAX_SEED,
        description="fixes every chance event, so only a practice match may have it (422 "
        "otherwise); leave it out for a fair game (64 random bits from the OS are drawn)",
    )

    @field_validator("options")
    @classmethod
    def _options_within_limits(cls, options: dict[str, Any]) -> dict[str, Any]:
        for key, value in options.items():
            _check_option(key, value, depth=1)
        return options


def _check_option(key: str, value: Any, depth: int) -> None:
    """Options are small plain values: the games read numbers, true/false, short texts and
    short lists of numbers. Anything bigger only costs the server (every match's state
    carries its options), so it is refused here with the limit it broke."""
    if value is None or isinstance(value, bool | int | float):
        return
    if isinstance(value, str):
        if len(value) > MAX_NAME_LENGTH:
            raise ValueError(
                f"option {key!r}: a text option may have at most {MAX_NAME_LENGTH} characters"
            )
        return
    if isinstance(value, list):
        if depth >= MAX_OPTION_DEPTH:
            raise ValueError(f"option {key!r}: lists inside an option's list are not allowed")
        if len(value) > MAX_OPTION_ITEMS:
            raise ValueError(
                f"option {key!r}: a list option may have at most {MAX_OPTION_ITEMS} items"
            )
        for item in value:
            _check_option(key, item, depth + 1)
        return
    raise ValueError(
        f"option {key!r}: an option is a number, true/false, a text, null or a list of those"
    )


class SeatLink(BaseModel):
    seat: str
    token: str = Field(description="the seat's secret: acting for or seeing the seat needs it")
    url: str = Field(description="the invite link for the seat's player")


class CreatedMatch(BaseModel):
    id: str
    seats: list[SeatLink] = Field(description="one invite link per seat played by a person")
    spectator_url: str
    host_token: str = Field(description="for host actions: hand a seat to a bot, rematch")
    bots: dict[str, str]


class OutcomeInfo(BaseModel):
    """The result of a finished game (``getaway.core.Outcome``)."""

    winners: list[str] = Field(description="every winning seat; empty when nobody won")
    side: str | None = Field(description="the winning side, when exactly one side won")
    returns: dict[str, float] = Field(description="each seat's payoff")
    reason: str = Field(description="why the game ended, as a stable code")
    summary: str = Field(description="the same in words, with the particulars (English)")
    scores: dict[str, float] = Field(description="points per seat, where the game counts them")
    facts: dict[str, Any] = Field(description="the particulars of the reason, as data")
    roles: dict[str, str] = Field(description="hidden roles, made public at the end")


class MatchState(BaseModel):
    """What one seat (or a spectator) may know of a match now."""

    match: str
    game: str
    seat: str = Field(description="the seat this is for, or 'spectator'")
    version: int = Field(
        description="send it back with an action; it grows whenever what this seat (or a "
        "spectator) may see changes, and only then"
    )
    over: bool
    outcome: OutcomeInfo | None = Field(description="the result, once the game is over")
    to_act: list[str] = Field(
        description="the seats shown as still to act (in a blind step every seat asked stays "
        "listed until the step resolves, so nobody learns who answered)"
    )
    may_act: bool = Field(description="whether this seat may act now")
    legal_actions: list[str] = Field(description="this seat's legal actions, if it may act")
    can_undo: bool
    view: dict[str, Any] = Field(description="the game's view for this seat")
    seats: list[dict[str, Any]] = Field(
        description="every seat: kind (human or bot), bot_level, claimed, open (anyone may "
        "take it, not only its invitation link), connected"
    )
    turn_seconds: float | None
    deadlines: dict[str, float] = Field(
        description="when each person's pending decision times out (Unix time, seconds)"
    )
    rematch: str | None = Field(description="the rematch's id, once the host started one")
    practice: bool = Field(
        description="a practice match: its seed is known, and with it every hidden card"
    )
    seed: str | None = Field(
        description="the seed of a practice match, in decimal (a string: 64 bits are not exact "
        "in JavaScript); null for a fair match, whose seed is never sent"
    )
    server_time: float = Field(
        description="the server's clock (Unix time, seconds) when this was sent: count down "
        "to `deadlines` from it, not from the device's own clock"
    )


class ActionRequest(_Strict):
    token: Token
    action: str = Field(max_length=MAX_ACTION_LENGTH, description="a legal action id")
    version: int = Field(ge=0, le=MAX_VERSION, description="the version the action was chosen on")


class UndoRequest(_Strict):
    token: Token
    version: int = Field(ge=0, le=MAX_VERSION, description="the version the undo was chosen on")


class JoinRequest(_Strict):
    seat: Name | None = Field(None, description="the seat wanted; default: the first open one")


class Joined(BaseModel):
    seat: str
    token: str
    url: str


class HandOver(_Strict):
    host_token: Token
    seat: Name
    level: Name | None = Field(
        description="a bot level; null hands the seat to a person with a new link"
    )


class SeatHandedOver(BaseModel):
    seat: str
    kind: str
    bot_level: str | None
    token: str | None = Field(description="the new secret when the seat went to a person")
    url: str | None


class RematchRequest(_Strict):
    host_token: Token


class OpenSeatRequest(_Strict):
    host_token: Token


class SeatOpened(BaseModel):
    seat: str
    open: bool = Field(description="always true: anyone may now take the seat")


class Rematch(BaseModel):
    id: str
    spectator_url: str
    note: str


class Step(BaseModel):
    step: int
    seat: str | None = Field(description="who acted; null where the viewer was shown nothing")
    action: str | None = Field(description="the action id, when the viewer may see all of it")
    public: str | None = Field(
        description="what the viewer was shown of the action: the id, or its public part with "
        "'?' for secrets (ride:?); a completed decision in steps as its steps joined by '/'"
    )
    view: dict[str, Any]


class ErrorBody(BaseModel):
    detail: str


class UnprocessableBody(BaseModel):
    detail: str | list[Any] = Field(
        description="why the rules refuse the action (a message naming the legal ones), or "
        "the list of problems of a malformed request"
    )


class ClientInfo(BaseModel):
    """Where a game's browser client is: the files of its ``web`` folder, served under
    ``/games/{name}/`` (see docs/server.md, "A game's client")."""

    renderer: str | None = Field(
        description="URL of the renderer module (an ES module exporting createRenderer)"
    )
    css: str | None = Field(description="URL of the game's style sheet")
    i18n: str | None = Field(
        description="URL pattern of the game's translations, '{lang}' standing for the "
        "language code (en, ru, pt)"
    )


class OptionInfo(BaseModel):
    """One option of a game as the lobby offers it (``getaway.core.options.OptionSpec``)."""

    type: Literal["bool", "int", "choice", "list"] = Field(
        description="bool: true or false; int: a whole number from min to max; choice: one "
        "of choices; list: whole numbers, each from min to max"
    )
    default: Any = Field(description="the value without this option; equals default_options[name]")
    help: str = Field(description="one line in English: what it means and what it takes")
    choices: list[str] | None = Field(default=None, description="choice: the allowed values")
    min: int | None = Field(default=None, description="int and list: the smallest value")
    max: int | None = Field(default=None, description="int and list: the largest value")
    sets: dict[str, dict[str, Any]] | None = Field(
        default=None,
        description="choice and bool: per value chosen (as text: '2014', 'true'), the other "
        "options whose default it changes, and their new default (an edition sets its board)",
    )


class GameInfo(BaseModel):
    name: str
    title: str
    min_players: int
    max_players: int
    options: dict[str, str] = Field(description="per option: one line of help")
    option_schema: dict[str, OptionInfo] = Field(
        description="per option, in the game's order (players included): its type, default, "
        "help, and choices or range; the lobby builds its form from it"
    )
    default_options: dict[str, Any]
    seats: list[str] = Field(description="seats with the default options")
    seats_by_players: dict[str, list[str]] = Field(
        description="per player count: the seats in table order"
    )
    sides: dict[str, Any] = Field(
        description="per player count: the sides ({name, seats}) and hidden roles "
        "({name, among, count, at_most, known_when}; at_most: up to count holders, taken in play)"
    )
    bots: list[str] = Field(description="bot levels for the 'bots' of a new match")
    client: ClientInfo | None = Field(
        description="the game's browser client, or null when it has none (the page then "
        "shows its views as they are)"
    )


class Health(BaseModel):
    status: str
    matches: int
