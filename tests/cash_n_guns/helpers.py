"""Helpers for the Cash 'n Guns rules tests.

* :func:`craft`: a position at the start of a round's loading step, built on the canonical
  JSON form (``to_json`` / ``state_from_json``) with chosen abilities, roles, wounds, shame,
  money, hands, pot and dead players; the spent cards, the deck and the money removed with the
  dead are filled in so the loader's invariants hold.
* :func:`answer` and :func:`play`: drive a game with chosen answers per step, everything
  else answered by ``default_action`` (load a Click, aim at nobody, stay, pass).
* :func:`random_states`: the state before every action of a random game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, cast

from getaway.core import IllegalActionError, Rng, get_game
from getaway.games.cash_n_guns import CashNGunsState

GAME = get_game("cash-n-guns")

#: Every combination of game modes with every player count it allows.
OPTIONS: list[dict[str, Any]] = [
    {"players": players, "advanced": advanced, "undercover_cop": cop}
    for advanced in (False, True)
    for cop in (False, True)
    for players in range(4, 7)
    if not (cop and players < 5)
]

BULLET_SET = {"bbb": 1, "bang": 2, "click": 5}
DECK = [20_000] * 10 + [10_000] * 15 + [5_000] * 15

Answer = str | Sequence[str]
Answers = Mapping[str, Answer]


def option_id(options: Mapping[str, Any]) -> str:
    mode = "+".join(
        name
        for name, on in (("adv", options["advanced"]), ("cop", options["undercover_cop"]))
        if on
    )
    return f"{options['players']}p-{mode or 'basic'}"


def new(options: Mapping[str, Any] | None = None, seed: int = 0) -> CashNGunsState:
    return cast(CashNGunsState, GAME.new_state(options, seed))


def load(data: Mapping[str, Any]) -> CashNGunsState:
    return cast(CashNGunsState, GAME.state_from_json(data))


def _default_hand(round_: int) -> dict[str, int]:
    """A hand with one card per round left: the cards spent so far were Clicks, then Bangs."""
    hand = dict(BULLET_SET)
    spend = round_ - 1
    for kind in ("click", "bang", "bbb"):
        used = min(spend, hand[kind])
        hand[kind] -= used
        spend -= used
    return hand


def craft(
    options: Mapping[str, Any] | None = None,
    *,
    seed: int = 0,
    round_: int = 1,
    abilities: Mapping[str, str] | None = None,
    cop: str | None = None,
    wounds: Mapping[str, int] | None = None,
    shame: Mapping[str, int] | None = None,
    beacon: Mapping[str, int] | None = None,
    money: Mapping[str, int] | None = None,
    hands: Mapping[str, Mapping[str, int]] | None = None,
    pot: Sequence[int] | None = None,
    dead: Sequence[str] = (),
    shown: Sequence[str] = (),
    phone_uses: int = 0,
    backup_round: int = 0,
) -> CashNGunsState:
    """A position at the start of the loading step of ``round_``.

    ``abilities`` reassigns ability cards (the others keep theirs unless they clash: a clashing
    card is swapped with the seat's old one). ``hands`` gives a player's unused cards (default:
    one card per round left, the spent ones having been Clicks first); the spent cards are
    written as face-down discards. ``pot`` defaults to 5 notes; the deck holds 5 notes per
    round still to play (the smallest ones); whatever else is not held counts as removed with
    the dead (so ``money`` needs a round after the first).
    """
    base = new(options, seed).to_json()
    data = dict(base)
    players = [dict(p) for p in base["players"]]
    seats = [p["seat"] for p in players]
    if abilities:
        for seat, name in abilities.items():
            row = players[seats.index(seat)]
            other = next((p for p in players if p["ability"] == name), None)
            if other is not None:
                other["ability"] = row["ability"]
            row["ability"] = name
    if cop is not None:
        for p in players:
            p["role"] = "cop" if p["seat"] == cop else "gangster"
    notes = list(DECK)
    pot_notes = sorted(pot if pot is not None else [20_000, 10_000, 10_000, 5_000, 5_000])
    for note in pot_notes:
        notes.remove(note)
    # The smallest notes stay in the deck, so that the most value is out of it, to be held.
    deck = sorted(notes)[: (8 - round_) * 5]
    for p in players:
        seat = p["seat"]
        alive = seat not in dead
        p["alive"] = alive
        p["wounds"] = (wounds or {}).get(seat, 3 if not alive else 0)
        p["shame"] = (shame or {}).get(seat, 0)
        p["shame_beacon"] = (beacon or {}).get(seat, 0)
        p["money"] = (money or {}).get(seat, 0) if alive else 0
        hand = dict((hands or {}).get(seat, _default_hand(round_)))
        spent = []
        rnd = 1
        for kind in ("click", "bang", "bbb"):
            for _ in range(BULLET_SET[kind] - hand.get(kind, 0)):
                spent.append([min(rnd, round_ - 1) if round_ > 1 else 1, 0, kind, "face-down"])
                rnd += 1
        p["spent"] = spent if round_ > 1 or not alive else []
        p["hands"] = [[hand.get(k, 0) for k in ("bbb", "bang", "click")]] if alive else [[0, 0, 0]]
        p["cards"] = [None, None]
        p["targets"] = [None, None]
        p["gun_states"] = ["empty", "empty"]
        p["status"] = "standing"
        p["hits_round"] = p["wounds_round"] = 0
    living = [p["seat"] for p in players if p["alive"]]
    held = sum(p["money"] for p in players)
    data.update(
        {
            "round": round_,
            "players": players,
            "deck": deck,
            "pot": sorted(pot_notes, reverse=True),
            "removed": sum(DECK) - held - sum(pot_notes) - sum(deck),
            "step": "load",
            "step_seats": living,
            "waiting": living,
            "commits": {},
            "shown": list(shown),
            "grenade": "armed" if "crazy" in shown else "none",
            "first_death_done": bool(dead),
            "phone_uses": phone_uses,
            "backup_round": backup_round,
            "log": [{"type": "round", "round": round_, "notes": list(pot_notes)}],
            "godfather": living[0] if living else seats[0],
        }
    )
    return load(data)


def answer(state: CashNGunsState, answers: Answers | None = None) -> str:
    """Every seat to act in the current step answers, in seat order: its entry in ``answers``
    (one action, or several played in turn, e.g. a reveal then a load), else its
    ``default_action``. Returns the name of the step that was answered."""
    step = state.step_name()
    answers = answers or {}
    round_ = state.round
    pending = {seat: _as_list(answers.get(seat)) for seat in state.to_act()}
    while pending and state.step_name() == step and state.round == round_:
        seat = next(iter(pending))
        if seat not in state.to_act():  # e.g. a Sly who revealed leaves the loading step
            del pending[seat]
            continue
        queue = pending[seat]
        action = queue.pop(0) if queue else state.default_action(seat)
        assert action is not None
        state.apply(seat, action)
        if not queue or seat not in state.to_act():
            del pending[seat]
    return step


def _as_list(value: Answer | None) -> list[str]:
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value)


def play(
    state: CashNGunsState,
    steps: Mapping[str, Answers] | None = None,
    *,
    until: str | None = None,
    rounds: int = 1,
) -> CashNGunsState:
    """Play ``rounds`` rounds (or until the step ``until`` comes up, or the game ends),
    answering each step from ``steps[step name]`` and by default otherwise."""
    steps = steps or {}
    start = state.round
    while not state.is_over() and state.round < start + rounds:
        if until is not None and state.step_name() == until:
            break
        answer(state, steps.get(state.step_name()))
    return state


def events(state: CashNGunsState, kind: str, round_: int | None = None) -> list[dict[str, Any]]:
    """The public events of one type (of one round), as the views show them."""
    return [
        e
        for e in state.view("spectator")["log"]
        if e["type"] == kind and (round_ is None or e["round"] == round_)
    ]


def player(state: CashNGunsState, seat: str, viewer: str = "spectator") -> dict[str, Any]:
    """One player's public entry in a view."""
    found: dict[str, Any] = next(p for p in state.view(viewer)["players"] if p["seat"] == seat)
    return found


def illegal(state: CashNGunsState, seat: str, action: str) -> IllegalActionError:
    """Apply an action that must be refused; check the refusal changed nothing."""
    before = state.to_json()
    try:
        state.apply(seat, action)
    except IllegalActionError as err:
        assert state.to_json() == before
        return err
    raise AssertionError(f"{action!r} by {seat!r} was accepted")


Policy = Callable[[CashNGunsState, str, Sequence[str]], str]


def random_states(
    options: Mapping[str, Any], seed: int, *, final: bool = False
) -> Iterator[CashNGunsState]:
    """The state before every action of a random game (one object, mutated as the game goes
    on), and the final state too when ``final``."""
    state = new(options, seed)
    rng = Rng(seed)
    while not state.is_over():
        yield state
        seat = state.to_act()[rng.below(len(state.to_act()))]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    if final:
        yield state
