"""The rules of play: whose turn it is, which moves are legal, and what a move does.

Internal forms are cheap: stations are ints, station sets are int bitmasks, tickets are the
codes 0-3, and every action id is looked up in precomputed tables (see ``moves.py``). Strings
appear only at the edges.

Turn structure (spec sections 6 and 11), per round r:
1. Mr. X's turn. If he has no legal move, the detectives win (D2). He makes a single or a
   double move; each travel-log entry in ``reveal_at`` surfaces him.
2. If no detective can move (with ``x2_counts_police``: no hunter), Mr. X wins (X2).
   Otherwise the detectives' phase: every hunter moves once, in any order, each against the
   positions as they stand. A hunter moving onto Mr. X captures him (D1). The phase ends when
   no hunter that has not moved can move (the rest skip, spec 9.2 and A6).
3. After round ``max_rounds``, or after the round in which Mr. X filled the last of the travel
   log's ``log_fields`` (the classic edition's clock), Mr. X wins (X1).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from getaway.core import Decision, IllegalActionError, JSONDict, Outcome, Rng, RulesState
from getaway.games.scotland_yard.board import BLACK, TICKETS, TRANSPORTS, mask_of
from getaway.games.scotland_yard.knowledge import can_move_from, settle
from getaway.games.scotland_yard.moves import DOUBLE_STEP, Offer
from getaway.games.scotland_yard.mrx_turn import (
    DOUBLE_MOVE,
    apply_mrx,
    can_ride_from,
    mrx_actions,
    mrx_legs,
    random_mrx_ply,
)
from getaway.games.scotland_yard.options import DETECTIVES, MRX, Rules, rules_for

PHASE_MRX, PHASE_HUNTERS, PHASE_OVER = 0, 1, 2
PHASES = ("mrx", "detectives", "over")
NOBODY, MRX_WINS, DETECTIVES_WIN = 0, 1, 2

#: Why a game ended, by code (shown in views).
END_CAPTURE = "capture"
END_TRAPPED = "mrx-trapped"
END_TIME = "time"
END_IMMOBILE = "hunters-immobilised"
#: Each end reason and the side it makes win.
END_REASONS = {
    END_CAPTURE: DETECTIVES_WIN,
    END_TRAPPED: DETECTIVES_WIN,
    END_TIME: MRX_WINS,
    END_IMMOBILE: MRX_WINS,
}


class ScotlandYardState(RulesState[Rules]):
    """A Scotland Yard position. ``pos[0]`` is Mr. X, ``pos[1:]`` the hunters in
    ``rules.pieces`` order."""

    game_name = "scotland-yard"
    __slots__ = (
        "_fresh",
        "_movable",
        "_possible",
        "_rng",
        "_settled",
        "_to_act",
        "black",
        "decision",
        "doubles",
        "end_reason",
        "log_double",
        "log_revealed",
        "log_station",
        "log_ticket",
        "moved",
        "occ",
        "occupied_at",
        "phase",
        "pos",
        "round",
        "searched",
        "start",
        "start_candidates",
        "supply",
        "wallets",
        "winner_code",
    )

    _rng: Rng
    pos: list[int]
    start: int
    start_candidates: int
    black: int
    doubles: int
    round: int
    phase: int
    moved: int
    occ: int
    winner_code: int
    end_reason: str | None
    #: Mr. X's double move while he makes it (``mrx_turn.DoubleMove``), else ``None``.
    decision: Decision | None
    wallets: list[list[int]]
    supply: list[int]
    log_ticket: list[int]
    log_double: list[bool]
    log_station: list[int]
    log_revealed: list[bool]
    occupied_at: list[int]
    searched: list[int]
    _to_act: tuple[str, ...]
    #: Bitmask of hunters (by position index) that have not moved and can move now.
    _movable: int
    _possible: list[int] | None
    #: F_0..F_{k-1}, settled for good (see ``knowledge.settle``), and F_k before this phase's
    #: searches: kept across moves and clones so that only the new part is ever computed.
    _settled: tuple[int, ...] | None
    _fresh: int

    # Construction -------------------------------------------------------------------------

    @classmethod
    def new(cls, options: dict[str, Any], seed: int) -> ScotlandYardState:
        """Set up a game (spec section 5): deal start cards from the seeded generator."""
        rules = rules_for(options)
        rng = Rng(seed)
        pieces = len(rules.pieces)
        if rules.start_board.shared_deck:
            # Classic: one deck, drawn without replacement by the hunters first, then Mr. X.
            drawn = rng.sample(rules.start_board.hunter_deck, pieces + 1)
            hunters, mrx_start = drawn[:pieces], drawn[pieces]
        else:
            hunters = rng.sample(rules.start_board.hunter_deck, pieces)
            mrx_start = rng.sample(rules.start_board.mrx_deck, 1)[0]
        state = cls.__new__(cls)
        state.rules = rules
        state._seed = seed
        state._rng = rng
        state.pos = [mrx_start, *hunters]
        state.start = mrx_start
        # The detectives know only that he drew a card they did not hold.
        state.start_candidates = mask_of(rules.start_board.mrx_deck) & ~mask_of(hunters)
        state.wallets = [list(w) for w in rules.wallets]
        state.supply = rules.initial_supply()
        state.black = 5
        state.doubles = 2
        state.log_ticket, state.log_double, state.log_station, state.log_revealed = [], [], [], []
        state.occupied_at = []
        state.searched = [0]
        state.round = 1
        state.moved = 0
        state.occ = mask_of(hunters)
        state.winner_code = NOBODY
        state.end_reason = None
        state.decision = None
        state._possible = None
        state._settled = None
        state._fresh = 0
        state._start_mrx_turn()
        return state

    def clone(self) -> ScotlandYardState:
        c = ScotlandYardState.__new__(ScotlandYardState)
        c.rules = self.rules
        c._seed = self._seed
        c._rng = self._rng.clone()
        c.pos = self.pos[:]
        c.start = self.start
        c.start_candidates = self.start_candidates
        c.wallets = [w[:] for w in self.wallets]
        c.supply = self.supply[:]
        c.black = self.black
        c.doubles = self.doubles
        c.log_ticket = self.log_ticket[:]
        c.log_double = self.log_double[:]
        c.log_station = self.log_station[:]
        c.log_revealed = self.log_revealed[:]
        c.occupied_at = self.occupied_at[:]
        c.searched = self.searched[:]
        c.round = self.round
        c.phase = self.phase
        c.moved = self.moved
        c.occ = self.occ
        c.winner_code = self.winner_code
        c.end_reason = self.end_reason
        c.decision = self.decision
        c._to_act = self._to_act
        c._movable = self._movable
        c._possible = self._possible
        c._settled = self._settled
        c._fresh = self._fresh
        return c

    # Protocol: turn and legal actions -----------------------------------------------------

    def to_act(self) -> tuple[str, ...]:
        return self._to_act

    def is_over(self) -> bool:
        return self.phase == PHASE_OVER

    def winner(self) -> str | None:
        """The winning side's name (``"mrx"`` or ``"detectives"``), or ``None`` while the game
        goes on (``outcome()`` says more)."""
        if self.winner_code == MRX_WINS:
            return MRX
        if self.winner_code == DETECTIVES_WIN:
            return DETECTIVES
        return None

    def returns(self) -> dict[str, float]:
        if self.winner_code == NOBODY:
            return dict.fromkeys(self.rules.seats, 0.0)
        x = 1.0 if self.winner_code == MRX_WINS else -1.0
        return {seat: (x if seat == MRX else -x) for seat in self.rules.seats}

    def legal_actions(self, seat: str) -> Sequence[str]:
        if seat not in self._to_act:
            return ()
        if self.phase == PHASE_MRX:
            if self.decision is not None:
                return DOUBLE_MOVE.legal(self, self.decision, MRX)
            return self.mrx_actions()
        movable = self._movable
        actions: Sequence[str] = ()
        for h in self.rules.seat_pieces[seat]:
            if movable >> h & 1:
                # Usually one piece: return its (often precomputed) tuple without copying.
                actions = (
                    [*actions, *self._hunter_actions(h)] if actions else self._hunter_actions(h)
                )
        return actions

    def mrx_actions(self) -> Sequence[str]:
        """Mr. X's legal actions at the start of his turn (``mrx_turn.mrx_actions``)."""
        return mrx_actions(self)

    def may_double(self) -> bool:
        """Whether Mr. X may spend a double-move ticket now, legs aside: he holds one, and
        his travel log has the two free fields it writes (spec 8.4; the classic game's log
        is its clock, decision C12)."""
        return self.doubles > 0 and len(self.log_ticket) + 2 <= self.rules.log_fields

    def mrx_single_legs(self) -> Sequence[tuple[int, int, str]]:
        """Mr. X's legal single moves as ``(ticket, station, id)``, in ``mrx_actions`` order."""
        return mrx_legs(self.rules, self.pos[0], self.occ, self.supply, self.black)

    def _hunter_actions(self, h: int) -> Sequence[str]:
        s = self.pos[h]
        w = self.rules.wallet_of[h]
        occ = self.occ
        if not (self.rules.board.hunter_mask[s] & occ):
            if w < 0:
                return self.rules.tables.hunter_all[h][s]
            wallet = self.wallets[w]
            if wallet[0] and wallet[1] and wallet[2]:
                return self.rules.tables.hunter_all[h][s]
        if w < 0:
            return [a for _, v, a in self.rules.tables.hunter_legs[h][s] if not occ >> v & 1]
        wallet = self.wallets[w]
        return [
            a for t, v, a in self.rules.tables.hunter_legs[h][s] if wallet[t] and not occ >> v & 1
        ]

    def _hunter_legs(self, h: int) -> Sequence[tuple[int, int, str]]:
        """Hunter ``h``'s legal rides as ``(ticket or -1, station, id)``, in the order of
        ``_hunter_actions``."""
        s = self.pos[h]
        w = self.rules.wallet_of[h]
        occ = self.occ
        legs = self.rules.tables.hunter_legs[h][s]
        if w < 0:
            if not self.rules.board.hunter_mask[s] & occ:
                return legs
            return [leg for leg in legs if not occ >> leg[1] & 1]
        wallet = self.wallets[w]
        if wallet[0] and wallet[1] and wallet[2] and not self.rules.board.hunter_mask[s] & occ:
            return legs
        return [leg for leg in legs if wallet[leg[0]] and not occ >> leg[1] & 1]

    def _can_move(self, h: int) -> bool:
        s = self.pos[h]
        board = self.rules.board
        free = board.hunter_mask[s] & ~self.occ
        if not free:
            return False
        w = self.rules.wallet_of[h]
        if w < 0:
            return True
        wallet = self.wallets[w]
        if wallet[0] and wallet[1] and wallet[2]:
            return True
        nbr_mask = board.nbr_mask
        return bool(
            (wallet[0] and nbr_mask[0][s] & free)
            or (wallet[1] and nbr_mask[1][s] & free)
            or (wallet[2] and nbr_mask[2][s] & free)
        )

    def _mrx_can_move(self) -> bool:
        return can_ride_from(self.rules, self.pos[0], self.occ, self.supply, self.black)

    # Protocol: applying actions -----------------------------------------------------------

    def apply(self, seat: str, action: str) -> None:
        if seat not in self._to_act:
            self.reject_seat(seat)
        try:
            if self.phase == PHASE_MRX:
                apply_mrx(self, action)
            else:
                self._apply_hunter(seat, action)
        except (AttributeError, TypeError):
            # Checked only on failure, off the hot path: both raise on a non-text id before
            # they change anything (``startswith``, an unhashable dictionary key).
            if isinstance(action, str):
                raise
            raise IllegalActionError(
                seat, repr(action), self.legal_actions(seat), "an action id is text"
            ) from None

    def illegal(self, seat: str, action: str, reason: str) -> IllegalActionError:
        """The error for ``action``, illegal for ``seat`` because of ``reason``."""
        return IllegalActionError(seat, action, self.legal_actions(seat), reason)

    def end_mrx_turn(self) -> None:
        """His entries are written: surface him by round if he must, then the hunters."""
        if self.rules.reveal_by_round and self.round in self.rules.reveal_at:
            self.log_revealed[-1] = True
        self._start_hunters_phase()

    def write_entry(self, t: int, v: int, double: bool) -> None:
        """Mr. X rides to v: he pays, writes the entry, and surfaces on a reveal entry."""
        rules = self.rules
        if t == BLACK:
            self.black -= 1
        elif not rules.unlimited_supply:
            self.supply[t] -= 1
        self.pos[0] = v
        log_ticket = self.log_ticket
        log_ticket.append(t)
        self.log_double.append(double)
        self.log_station.append(v)
        self.log_revealed.append(not rules.reveal_by_round and len(log_ticket) in rules.reveal_at)
        self.occupied_at.append(self.occ)
        self.searched.append(0)
        self._possible = None

    def _apply_hunter(self, seat: str, action: str) -> None:
        rules = self.rules
        parsed = rules.tables.hunter_parse.get(action)
        if parsed is None:
            if not isinstance(action, str):
                raise TypeError(action)  # apply says that an action id is text
            raise self.illegal(
                seat, action, "not a hunter move (PIECE:TICKET:STATION or POLICE:STATION)"
            )
        h, t, v, origins = parsed
        if (
            not self._movable >> h & 1
            or not origins >> self.pos[h] & 1
            or self.occ >> v & 1
            or h not in rules.seat_pieces[seat]
            or (t >= 0 and not self.wallets[rules.wallet_of[h]][t])
        ):
            raise self._explain_hunter_move(seat, action, h, t, v)
        self._move_hunter(h, t, v)

    def _move_hunter(self, h: int, t: int, v: int) -> None:
        """Hunter ``h`` rides to ``v`` with ticket ``t`` (-1: a police piece, free); the
        caller has checked that the ride is legal."""
        rules = self.rules
        if t >= 0:
            # A detective's ticket goes to the common supply (spec 9.1).
            self.wallets[rules.wallet_of[h]][t] -= 1
            self.supply[t] += 1
        pos = self.pos
        s = pos[h]
        occ = self.occ ^ ((1 << s) | (1 << v))
        self.occ = occ
        pos[h] = v
        moved = self.moved | (1 << h)
        self.moved = moved
        if v == pos[0]:
            self._finish(DETECTIVES_WIN, END_CAPTURE)
            return
        self.searched[-1] |= 1 << v
        self._possible = None
        if rules.shared_wallet:
            # One pooled wallet: a ticket spent by one detective can stop the other.
            self._refresh_hunters_to_act()
            return
        movable = self._movable & ~(1 << h)
        hunter_mask = rules.board.hunter_mask
        near = hunter_mask[s] | hunter_mask[v]
        if near & occ & ~(1 << v):
            # Only unmoved hunters next to the vacated or the entered station can change
            # state; usually there is none (the rider itself stands on v).
            movable = self._recheck_near(near, moved, movable)
        self._movable = movable
        if movable:
            self._to_act = rules.seats_for_movable(movable)
        else:
            self._end_round()

    def _recheck_near(self, near: int, moved: int, movable: int) -> int:
        """``movable`` with the unmoved hunters on the stations of ``near`` checked again."""
        for other in self.rules.tables.unmoved[moved]:
            if near >> self.pos[other] & 1:
                if self._can_move(other):
                    movable |= 1 << other
                else:
                    movable &= ~(1 << other)
        return movable

    def random_step(self, uniform: Callable[[], float]) -> None:
        """One uniformly random legal ply, as ``State.random_step`` defines it (the same
        draw picks the same action), played from the move tables without action ids."""
        if self.phase == PHASE_HUNTERS:
            self._random_hunter_ply(uniform)
        elif self.phase == PHASE_MRX:
            random_mrx_ply(self, uniform)
        else:
            raise ValueError("random_step: the game is over, nobody is to act")

    def random_playout(self, uniform: Callable[[], float], max_plies: int) -> int:
        """``random_step`` until the game ends or ``max_plies`` have been played, as
        ``State.random_playout`` defines it; the number of plies played."""
        plies = 0
        while plies < max_plies:
            phase = self.phase
            if phase == PHASE_HUNTERS:
                self._random_hunter_ply(uniform)
            elif phase == PHASE_MRX:
                random_mrx_ply(self, uniform)
            else:
                break
            plies += 1
        return plies

    def _random_hunter_ply(self, uniform: Callable[[], float]) -> None:
        # The first seat to act offers the rides of its movable pieces, piece by piece in
        # seat_pieces order, exactly as legal_actions lists their ids.
        offer = self.rules.tables.first_offer.get(self._movable) or self._first_offer()
        pos, occ, wallets = self.pos, self.occ, self.wallets
        if len(offer) == 1:
            h, w, rides, reach = offer[0]
            s = pos[h]
            # _hunter_legs, with its common case (nothing blocks the piece) inlined.
            if reach[s] & occ or (w >= 0 and not all(wallets[w])):
                legs = self._hunter_legs(h)
            else:
                legs = rides[s]
            t, v, _ = legs[int(uniform() * len(legs))]
            self._move_hunter(h, t, v)
            return
        # Several pieces (a seat with the police piece too, the 2-player detective).
        offered = [(h, self._hunter_legs(h)) for h, _, _, _ in offer]
        k = int(uniform() * sum(len(legs) for _, legs in offered))
        for h, legs in offered:
            if k < len(legs):
                t, v, _ = legs[k]
                self._move_hunter(h, t, v)
                return
            k -= len(legs)

    def _first_offer(self) -> tuple[Offer, ...]:
        """The movable pieces of the first seat to act, in ``seat_pieces`` order, each as
        (piece, its wallet, its rides by station, the stations it reaches by station),
        memoised in the move tables: in the detectives' phase the seats to act follow from
        ``_movable`` alone."""
        rules, movable = self.rules, self._movable
        offer = tuple(
            (h, rules.wallet_of[h], rules.tables.hunter_legs[h], rules.board.hunter_mask)
            for h in rules.seat_pieces[self._to_act[0]]
            if movable >> h & 1
        )
        rules.tables.first_offer[movable] = offer
        return offer

    def _explain_hunter_move(
        self, seat: str, action: str, h: int, t: int, v: int
    ) -> IllegalActionError:
        rules = self.rules
        piece = rules.pieces[h - 1]
        s = self.pos[h]
        if h not in rules.seat_pieces[seat]:
            why = f"{piece} is not {seat}'s piece"
        elif self.moved >> h & 1:
            why = f"{piece} has already moved this round"
        elif t < 0 and not rules.board.hunter_mask[s] >> v & 1:
            why = f"{piece} cannot ride from {s} to {v}"
        elif t >= 0 and not rules.board.nbr_mask[t][s] >> v & 1:
            why = f"no {TRANSPORTS[t]} line from {s} to {v}"
        elif t >= 0 and not self.wallets[rules.wallet_of[h]][t]:
            why = f"{piece} has no {TICKETS[t]} ticket left"
        elif self.occ >> v & 1:
            why = f"station {v} is occupied by another hunter"
        else:
            why = f"{piece} has no legal move"
        return self.illegal(seat, action, why)

    # Phase flow ---------------------------------------------------------------------------

    def _start_mrx_turn(self) -> None:
        self.phase = PHASE_MRX
        self._possible = None
        self._movable = 0
        # A black ticket and a free neighbour: the common case of _mrx_can_move.
        if (
            self.black > 0 and self.rules.board.black_mask[self.pos[0]] & ~self.occ
        ) or self._mrx_can_move():
            self._to_act = (MRX,)
        else:
            self._finish(DETECTIVES_WIN, END_TRAPPED)

    def _start_hunters_phase(self) -> None:
        self.phase = PHASE_HUNTERS
        self.moved = 0
        movable = self._compute_movable()
        counted = self.rules.x2_pieces
        if not movable & counted:
            # X2: at the start of the detectives' phase no detective (or, with
            # x2_counts_police, no hunter) can move (spec 11, decision A3).
            self._finish(MRX_WINS, END_IMMOBILE)
            return
        self._movable = movable
        self._to_act = self.rules.seats_for_movable(movable)

    def _compute_movable(self, moved: int | None = None) -> int:
        """Bitmask of the hunters that can move now and have not moved (``moved``: the
        phase's, or the bitmask given)."""
        rules = self.rules
        pos, free = self.pos, ~self.occ
        hunter_mask, nbr_mask = rules.board.hunter_mask, rules.board.nbr_mask
        wallet_of, wallets = rules.wallet_of, self.wallets
        movable = 0
        for h in rules.tables.unmoved[self.moved if moved is None else moved]:
            s = pos[h]
            if not hunter_mask[s] & free:
                continue
            w = wallet_of[h]
            # A police piece moves whenever a neighbouring station is free; a detective
            # needs a ticket for a line to one (_can_move, inlined: once per hunter a round).
            if w < 0:
                movable |= 1 << h
                continue
            wallet = wallets[w]
            if (
                (wallet[0] and nbr_mask[0][s] & free)
                or (wallet[1] and nbr_mask[1][s] & free)
                or (wallet[2] and nbr_mask[2][s] & free)
            ):
                movable |= 1 << h
        return movable

    def _refresh_hunters_to_act(self) -> None:
        """Recompute which unmoved hunters can move; none left ends the round."""
        movable = self._compute_movable()
        self._movable = movable
        if movable:
            self._to_act = self.rules.seats_for_movable(movable)
        else:
            self._end_round()

    def _end_round(self) -> None:
        # X1: the last round, or the round that filled the travel log (the classic clock).
        if self.round >= self.rules.max_rounds or len(self.log_ticket) >= self.rules.log_fields:
            self._finish(MRX_WINS, END_TIME)
            return
        self.round += 1
        self._start_mrx_turn()

    def _finish(self, winner: int, reason: str) -> None:
        self.phase = PHASE_OVER
        self.winner_code = winner
        self.end_reason = reason
        self._to_act = ()
        self._movable = 0

    # Knowledge ----------------------------------------------------------------------------

    def possible_masks(self) -> list[int]:
        """F_0..F_n (see ``knowledge.py``), from public information only. During Mr. X's
        turn the last set keeps only stations he can move from (the game did not end)."""
        if self._possible is None:
            sets = [*self._settled_sets(), self._fresh & ~self.searched[-1]]
            if self.phase == PHASE_MRX:
                sets[-1] = self._movable_from(sets[-1])
            self._possible = sets
        return self._possible

    def possible_mask(self) -> int:
        if self._possible is not None:
            return self._possible[-1]
        self._settled_sets()
        mask = self._fresh & ~self.searched[-1]
        return self._movable_from(mask) if self.phase == PHASE_MRX else mask

    def _settled_sets(self) -> tuple[int, ...]:
        settled = self._settled
        n = len(self.log_ticket)
        if settled is None or len(settled) != n:
            known = settled if settled is not None and len(settled) < n else ()
            settled, self._fresh = settle(
                self.rules.board,
                self.start_candidates,
                self.log_ticket,
                [s if r else 0 for s, r in zip(self.log_station, self.log_revealed, strict=True)],
                self.occupied_at,
                self.searched,
                known,
            )
            self._settled = settled
        return settled

    def _movable_from(self, mask: int) -> int:
        return can_move_from(
            self.rules.board, mask, self.occ, self.black, self.supply, self.rules.unlimited_supply
        )

    def surfaces(self, entry: int, last: bool) -> bool:
        """Whether travel-log entry ``entry``, written in this round, surfaces Mr. X
        (``last``: it ends his turn, which is what the round-based reveal rule looks at)."""
        rules = self.rules
        if rules.reveal_by_round:
            return last and self.round in rules.reveal_at
        return entry in rules.reveal_at

    def mrx_move_ends_game(self) -> bool:
        """Whether any move of Mr. X's now ends the game at once (X2: no hunter that counts
        could move in the detectives' phase that follows). His ride changes neither the
        hunters' stations nor their tickets, so this is the same for every move of his."""
        if self.phase != PHASE_MRX:
            return False
        rules, occ, pos, wallets = self.rules, self.occ, self.pos, self.wallets
        hunter_mask, wallet_of, counted = rules.board.hunter_mask, rules.wallet_of, rules.x2_pieces
        for h in rules.hunter_indices:
            # As _compute_movable, but stopping at the first counted hunter that can move.
            if counted >> h & 1 and hunter_mask[pos[h]] & ~occ:
                w = wallet_of[h]
                if w < 0 or all(wallets[w]) or self._can_move(h):
                    return False
        return True

    def last_revealed(self) -> int | None:
        for k in range(len(self.log_revealed) - 1, -1, -1):
            if self.log_revealed[k]:
                return self.log_station[k]
        return None

    def mrx_visible(self) -> bool:
        """Whether Mr. X's piece stands on the board (from a reveal until his next move)."""
        return bool(self.log_revealed) and self.log_revealed[-1]

    # Protocol: undo safety, defaults, views, serialization ---------------------------------

    def would_reveal(self, seat: str, action: str) -> bool:
        """A move by Mr. X reveals only on a surfacing entry, and a step of his double move
        that does not complete it reveals nothing; a hunter's move searches a station and so
        reveals whenever Mr. X could be there, or when it ends the game."""
        if (
            self.phase == PHASE_MRX
            and seat == MRX
            and isinstance(action, str)
            and (self.decision is not None or action == DOUBLE_STEP)
            and not DOUBLE_MOVE.completes(self, self.decision, seat, action)
        ):
            return False
        trial = self.clone()
        trial.apply(seat, action)
        if trial.is_over():
            return True
        if self.phase == PHASE_MRX:
            return any(trial.log_revealed[len(self.log_revealed) :])
        return bool(self.possible_mask() >> trial.pos[self._moved_piece(trial)] & 1)

    def _moved_piece(self, after: ScotlandYardState) -> int:
        return (after.moved & ~self.moved).bit_length() - 1

    def default_action(self, seat: str) -> str | None:
        """Moving is compulsory (spec section 6) and the rules name no default; when a timer
        runs out the first legal action in id order is played."""
        legal = self.legal_actions(seat)
        return legal[0] if legal else None

    def view(self, seat: str) -> JSONDict:
        from getaway.games.scotland_yard.views import build_view

        self.check_viewer(seat)
        return build_view(self, seat)

    def to_json(self) -> JSONDict:
        from getaway.games.scotland_yard.saves import state_to_json

        return state_to_json(self)

    def outcome(self) -> Outcome | None:
        from getaway.games.scotland_yard.outcome import outcome_of

        return outcome_of(self)
