"""A tiny simultaneous game used to test the core without any real game.

Matching pennies over three rounds: both seats secretly commit ``heads`` or ``tails``; when
both have committed the coins are revealed together; ``a`` wins the round on a match, ``b``
otherwise; the round winner then draws a bonus of 0-2 points from the seeded generator
(a chance event hidden until drawn).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from getaway.core import (
    ALL,
    SPECTATOR,
    Game,
    GetawayError,
    IllegalActionError,
    JSONDict,
    Move,
    OptionsError,
    Outcome,
    PublicAction,
    Rng,
    SaveFileError,
    SaveReader,
    SecretChoices,
    Sides,
    State,
    UnknownSeatError,
)
from getaway.core.options import OptionSpec
from getaway.core.saves import reading

SEATS = ("a", "b")
COINS = ("heads", "tails")


class PenniesGame(Game):
    name = "toy-pennies"
    title = "Matching pennies (test game)"
    min_players = 2
    max_players = 2

    def normalize_options(self, options: Mapping[str, Any] | None = None) -> JSONDict:
        options = dict(options or {})
        rounds = options.pop("rounds", 3)
        players = options.pop("players", 2)
        if options or players != 2 or not isinstance(rounds, int) or not 1 <= rounds <= 9:
            raise OptionsError("toy-pennies takes players=2 and rounds from 1 to 9")
        return {"players": 2, "rounds": rounds}

    def option_specs(self) -> tuple[OptionSpec, ...]:
        return (
            OptionSpec("players", "int", 2, "number of players: 2", min=2, max=2),
            OptionSpec("rounds", "int", 3, "rounds to play (1-9)", min=1, max=9),
        )

    def seats(self, options: Mapping[str, Any] | None = None) -> tuple[str, ...]:
        return SEATS

    def sides(self, options: Mapping[str, Any] | None = None) -> Sides:
        return Sides.solo(SEATS)

    def public_action(self, before: State, move: Move, viewer: str) -> PublicAction | None:
        """A lone commit shows others only that the seat committed; the last one reveals
        both coins."""
        assert isinstance(before, PenniesState)
        if viewer in (ALL, move.seat):
            return PublicAction.whole(move.seat, move.action)
        if len(before.box.waiting()) == 1:
            return self.last_commit(move)
        return self.hidden_commit(move)

    def hidden_commit(self, move: Move) -> PublicAction | None:
        return PublicAction.part(move.seat, "?")

    def last_commit(self, move: Move) -> PublicAction:
        return PublicAction.whole(move.seat, move.action)

    def new_state(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> PenniesState:
        return PenniesState(self.normalize_options(options), seed)

    def state_from_json(self, data: Mapping[str, Any]) -> PenniesState:
        return reading(self._load, data)

    def _load(self, r: SaveReader) -> PenniesState:
        options = self.normalize_options(r.header(self.name, 1))
        state = self.new_state(options, r.integer("seed", 0, 2**64))
        state.rng = Rng.from_state(r.integer("rng", 0, 2**64 - 1))
        state.round = r.integer("round", 1, state.options["rounds"] + 1)
        scores = r.object("scores")
        state.scores = {seat: scores.integer(seat, 0, 3 * state.round) for seat in SEATS}
        try:
            state.box = SecretChoices.from_json(r.get("box"))
        except (GetawayError, AttributeError) as exc:
            raise SaveFileError(f"save file: 'box': {exc}") from None
        state.history = r.items("history", _round_record)
        return state

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> PenniesState:
        state = self.new_state(view["options"], 0)
        state.rng = Rng(rng.next64())
        state.round = view["round"]
        state.scores = dict(view["scores"])
        state.history = [list(h) for h in view["history"]]
        state.box = SecretChoices(SEATS)
        for seat in SEATS:
            # A blind view shows no commits but the seat's own.
            done = view["committed"].get(seat, seat == view["seat"] and view.get("my_choice"))
            if done:
                mine = view.get("my_choice") if seat == view["seat"] else None
                state.box.commit(seat, mine or rng.choice(COINS))
        return state

    def render(self, view: Mapping[str, Any]) -> str:
        return f"round {view['round']} scores {view['scores']}"


def _round_record(value: Any, where: str) -> list[Any]:
    if not (isinstance(value, list) and len(value) == 4):
        raise SaveFileError(f"save file: {where!r} must be [coin a, coin b, winner, bonus]")
    return list(value)


class PenniesState(State):
    def __init__(self, options: JSONDict, seed: int) -> None:
        self._options = options
        self._seed = seed
        self.rng = Rng(seed)
        self.round = 1
        self.scores = dict.fromkeys(SEATS, 0)
        self.box = SecretChoices(SEATS)
        self.history: list[list[Any]] = []

    @property
    def game(self) -> Game:
        return GAME

    @property
    def options(self) -> Mapping[str, Any]:
        return self._options

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def seats(self) -> tuple[str, ...]:
        return SEATS

    def is_over(self) -> bool:
        return bool(self.round > self._options["rounds"])

    def to_act(self) -> tuple[str, ...]:
        return () if self.is_over() else self.box.waiting()

    def legal_actions(self, seat: str) -> Sequence[str]:
        return COINS if seat in self.to_act() else ()

    def apply(self, seat: str, action: str) -> None:
        self.check_seat(seat)
        if action not in COINS:
            raise IllegalActionError(seat, action, COINS)
        self.box.commit(seat, action)
        if self.box.complete():
            coins = self.box.reveal()
            winner = "a" if coins["a"] == coins["b"] else "b"
            bonus = self.rng.below(3)
            self.scores[winner] += 1 + bonus
            self.history.append([coins["a"], coins["b"], winner, bonus])
            self.round += 1
            self.box = SecretChoices(SEATS)

    def would_reveal(self, seat: str, action: str) -> bool:
        # Completing the box reveals both coins and draws a bonus; a lone commit reveals nothing.
        return len(self.box.waiting()) == 1

    def winner(self) -> str | None:
        if not self.is_over():
            return None
        a, b = self.scores["a"], self.scores["b"]
        return "a" if a > b else "b" if b > a else "draw"

    def returns(self) -> dict[str, float]:
        w = self.winner()
        if w in (None, "draw"):
            return dict.fromkeys(SEATS, 0.0)
        return {s: (1.0 if s == w else -1.0) for s in SEATS}

    def outcome(self) -> Outcome | None:
        w = self.winner()
        if w is None:
            return None
        points = f"{self.scores['a']} to {self.scores['b']}"
        if w == "draw":
            return Outcome((), self.returns(), "draw", f"a draw, {points}", scores=self.scores)
        return Outcome(
            (w,), self.returns(), "points", f"{w} wins {points}", side=w, scores=self.scores
        )

    def view(self, seat: str) -> JSONDict:
        if seat not in (*SEATS, SPECTATOR, ALL):
            raise UnknownSeatError(seat, SEATS)
        view: JSONDict = {
            "seat": seat,
            "options": dict(self._options),
            "round": self.round,
            "scores": dict(self.scores),
            "history": [list(h) for h in self.history],
            "committed": self.box.public_view(),
            "over": self.is_over(),
        }
        if seat in SEATS:
            view["my_choice"] = self.box.choice_of(seat)
        if seat == ALL:
            view["choices"] = {s: self.box.choice_of(s) for s in SEATS}
        return view

    def clone(self) -> PenniesState:
        c = type(self)(self._options, self._seed)
        c.rng = self.rng.clone()
        c.round = self.round
        c.scores = dict(self.scores)
        c.box = self.box.clone()
        c.history = [list(h) for h in self.history]
        return c

    def to_json(self) -> JSONDict:
        return {
            "game": self.game.name,
            "format": 1,
            "options": dict(self._options),
            "seed": self._seed,
            "rng": self.rng.state,
            "round": self.round,
            "scores": dict(self.scores),
            "box": self.box.to_json(),
            "history": [list(h) for h in self.history],
        }


GAME = PenniesGame()
