"""Text rendering of a Scotland Yard view for the terminal (rich console markup).

Everything here reads the view it is given and the public board, nothing else: a
detective's rendering can show only what the detective's view holds. The output uses rich
markup for colour and reads as plain text once the markup is stripped.

Layout of :func:`render_view`:

* the header: round, whose turn, the result when the game is over;
* Mr. X's travel log as a strip of fields (ticket letters T/B/U/X, ``2`` on the two entries of
  a double move, surfacing fields in parentheses, the stations the view knows);
* the hunters with their stations and tickets, and the common supply;
* the viewing seat's situation: Mr. X's station and neighbours, or the neighbours of each
  piece a detective seat may move now;
* where Mr. X can be, from public information.

The extra pages a player may ask for (``possible``, ``log``, ``board``) are in
``render_topics.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import ceil
from typing import Any

from rich.markup import escape

from getaway.games.scotland_yard.board import TRANSPORTS, Board, board_for

#: Ticket letters on the travel log strip; STYLE colours them like the board's lines.
LETTER = {"taxi": "T", "bus": "B", "underground": "U", "black": "X"}
STYLE = {
    "taxi": "bold yellow",
    "bus": "bold cyan",
    "underground": "bold red",
    "black": "bold reverse",
    "ferry": "bold white",
}
ORDINARY = ("taxi", "bus", "underground")
_SHORT_LIST = 15
_WIDTH = 76

END_REASONS = {
    "capture": "Mr. X was captured",
    "mrx-trapped": "Mr. X was trapped: he had no legal move",
    "time": "Mr. X was not caught before the last round ended",
    "hunters-immobilised": "the hunters were immobilised: none of them could move",
}
_SIDES = {"mrx": "Mr. X", "detectives": "the detectives"}
#: Piece kinds; a police piece wears a ring on the board.
_KIND = {"detective": "detective", "police": "police (ring)"}


# Small formatting helpers --------------------------------------------------------------------


def _styled(text: str, style: str | None) -> str:
    return f"[{style}]{escape(text)}[/]" if style else escape(text)


def _cell(text: str, width: int, style: str | None = None) -> str:
    """``text`` styled and padded to ``width`` visible characters."""
    return _styled(text, style) + " " * max(0, width - len(text))


def _wrap(words: Sequence[str], plain: Sequence[str], indent: int, width: int = _WIDTH) -> str:
    """Join marked-up ``words`` with spaces, wrapping by their plain lengths."""
    lines: list[str] = []
    line: list[str] = []
    used = indent
    for word, text in zip(words, plain, strict=True):
        if line and used + 1 + len(text) > width:
            lines.append(" ".join(line))
            line, used = [], indent
        line.append(word)
        used += len(text) + (1 if len(line) > 1 else 0)
    lines.append(" ".join(line))
    return ("\n" + " " * indent).join(lines)


def _action(text: str) -> str:
    """An action id (or pattern) in markup. Each part between colons gets its own tag, so that
    rich never reads ``:taxi:`` or ``:ticket:`` as an emoji code."""
    return ":".join(_styled(part, STYLE.get(part, "bold")) for part in text.split(":"))


def _bold(text: str) -> str:
    return _styled(text, "bold")


def _dim(text: str) -> str:
    return _styled(text, "dim")


def _seat_name(seat: str) -> str:
    if seat == "mrx":
        return "Mr. X"
    if seat == "detectives":
        return "the detectives"
    return seat


def _board(view: Mapping[str, Any]) -> Board:
    return board_for(view["options"]["board"])


def _sees_mrx(view: Mapping[str, Any]) -> bool:
    """Whether this is Mr. X's own (or the omniscient) view."""
    return view["seat"] in ("mrx", "all")


def _is_detective_seat(view: Mapping[str, Any]) -> bool:
    return view["seat"] not in ("mrx", "all", "spectator")


def _log_capacity(view: Mapping[str, Any]) -> int:
    return int(view["options"]["log_fields"])


def _surfacing_entries(view: Mapping[str, Any]) -> set[int]:
    """The log fields marked for surfacing (only when reveals follow log entries)."""
    options = view["options"]
    if options["reveal_rule"] != "entries":
        return set()
    return {k for k in options["reveal_at"] if k <= _log_capacity(view)}


def _entry_rounds(log: Sequence[Mapping[str, Any]]) -> list[int]:
    """The round of each log entry: one entry per round, two for a double move."""
    rounds: list[int] = []
    r, first_leg = 1, True
    for e in log:
        rounds.append(r)
        if e["double"] and first_leg:
            first_leg = False
        else:
            first_leg = True
            r += 1
    return rounds


def _last_revealed(log: Sequence[Mapping[str, Any]]) -> Mapping[str, Any] | None:
    """The latest surfacing entry of the log, if any."""
    found = [e for e in log if e["revealed"]]
    return found[-1] if found else None


def _occupants(view: Mapping[str, Any]) -> dict[int, str]:
    return {h["station"]: h["id"] for h in view["hunters"]}


def _station_word(
    v: int, occupied: Mapping[int, str], possible: set[int] | None = None
) -> tuple[str, str]:
    """(markup, plain) of a neighbouring station: a hunter on it is named, a station where
    Mr. X may be is starred."""
    if v in occupied:
        text = f"{v}({occupied[v]})"
        return _styled(text, "dim"), text
    if possible is not None and v in possible:
        text = f"{v}*"
        return _styled(text, "bold green"), text
    return str(v), str(v)


def _neighbour_lines(
    board: Board,
    station: int,
    labels: Mapping[str, str],
    occupied: Mapping[int, str],
    possible: set[int] | None = None,
    indent: int = 4,
) -> list[str]:
    """One line per transport in ``labels`` (transport -> label), listing the stations one
    ride away."""
    width = max(len(label) for label in labels.values()) + 2
    lines = []
    for t, transport in enumerate(TRANSPORTS):
        if transport not in labels:
            continue
        nbrs = board.nbrs[t][station]
        label = labels[transport]
        head = " " * indent + _cell(label + ":", width, STYLE[transport])
        if not nbrs:
            lines.append(head + "-")
            continue
        words = [_station_word(v, occupied, possible) for v in nbrs]
        lines.append(head + _wrap([w for w, _ in words], [p for _, p in words], indent + width))
    return lines


# The header ----------------------------------------------------------------------------------


def _header(view: Mapping[str, Any]) -> list[str]:
    seat = view["seat"]
    head = f"Scotland Yard  -  round {view['round']}/{view['max_rounds']}"
    lines = [_bold(head)]
    if view["over"]:
        winner = _SIDES.get(view["winner"], str(view["winner"]))
        reason = END_REASONS.get(view["end_reason"], str(view["end_reason"]))
        if view["end_reason"] == "capture" and view["mrx_location"] is not None:
            by = _occupants(view).get(view["mrx_location"])
            reason += f" at {view['mrx_location']}" + (f" by {by}" if by else "")
        if view["end_reason"] == "time":
            reason = f"Mr. X was not caught in {view['round']} rounds"
        lines.append(_styled(f"Game over: {winner} win. {reason}.", "bold magenta"))
    else:
        to_act = list(view["to_act"])
        if view["phase"] == "mrx":
            turn = "Mr. X's turn"
        else:
            turn = "Detectives' phase (any order)"
        acting = ", ".join(to_act) if to_act else "nobody"
        yours = "  <- your turn" if seat in to_act else ""
        lines.append(f"{turn}; to act: {escape(acting)}" + _styled(yours, "bold green"))
    if seat == "all":
        lines.append(_dim("Omniscient view (replays and debugging): every secret shown."))
    elif seat == "spectator":
        lines.append(_dim("Spectator view: public information only."))
    else:
        lines.append(_dim(f"You play {_seat_name(seat)} (seat {seat})."))
    return lines


# The travel log strip ------------------------------------------------------------------------


def _log_strip(view: Mapping[str, Any]) -> list[str]:
    log = view["mrx_log"]
    fields = max(_log_capacity(view), len(log))
    surfacing = _surfacing_entries(view)
    chunks = ceil(fields / 13)
    per_chunk = ceil(fields / chunks)
    col = 5
    any_known = any(e["station"] is not None for e in log)
    lines = [_bold("Mr. X's travel log")]
    for c in range(chunks):
        numbers = range(c * per_chunk + 1, min(fields, (c + 1) * per_chunk) + 1)
        entry_row, ticket_row, station_row = ["  entry   "], ["  ticket  "], ["  station "]
        for k in numbers:
            label = f"({k})" if k in surfacing else str(k)
            entry_row.append(_cell(label, col, "bold" if k in surfacing else "dim"))
            if k <= len(log):
                e = log[k - 1]
                text = LETTER[e["ticket"]] + ("2" if e["double"] else "")
                ticket_row.append(
                    _styled(LETTER[e["ticket"]], STYLE[e["ticket"]])
                    + ("2" if e["double"] else "")
                    + " " * (col - len(text))
                )
                if e["station"] is None:
                    station_row.append(_cell("?", col, "dim"))
                else:
                    style = "bold green" if e["revealed"] else None
                    station_row.append(_cell(str(e["station"]), col, style))
            else:
                ticket_row.append(_cell("-", col, "dim"))
                station_row.append(" " * col)
        lines.append("".join(entry_row).rstrip())
        lines.append("".join(ticket_row).rstrip())
        if any_known and numbers[0] <= len(log):
            lines.append("".join(station_row).rstrip())
    legend = "T taxi, B bus, U underground, X black; 2 = double move"
    if surfacing:
        legend += "; (n) = surfacing field"
    lines.append("  " + _dim(legend))
    if view["options"]["reveal_rule"] == "rounds":
        rounds = ", ".join(str(r) for r in view["options"]["reveal_at"])
        lines.append("  " + _dim(f"Mr. X surfaces at the end of his turn in rounds {rounds}."))
    tickets = view["mrx_tickets"]
    lines.append(
        f"  Mr. X holds {_styled(str(tickets['black']), 'bold')} black "
        f"and {_styled(str(tickets['double']), 'bold')} double-move tickets."
    )
    return lines


def _next_surfacing(view: Mapping[str, Any]) -> str | None:
    options = view["options"]
    if options["reveal_rule"] == "entries":
        n = len(view["mrx_log"])
        later = [k for k in options["reveal_at"] if n < k <= _log_capacity(view)]
        if not later:
            return None
        k = later[0]
        return f"next surfacing field: entry {k} ({k - n} more entries)"
    r = view["round"] + (0 if view["phase"] == "mrx" else 1)
    later = [x for x in options["reveal_at"] if r <= x <= view["max_rounds"]]
    if not later:
        return None
    return f"next surfacing: end of Mr. X's turn in round {later[0]}"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def _whereabouts(view: Mapping[str, Any]) -> list[str]:
    """Where Mr. X is, as far as this view knows."""
    log = view["mrx_log"]
    location = view["mrx_location"]
    nxt = None if view["over"] else _next_surfacing(view)
    if _sees_mrx(view) or view["over"]:
        if view["over"]:
            text = f"Mr. X was at {location} when the game ended."
        elif view["seat"] == "mrx":
            text = f"You are at {location}."
        else:
            text = f"Mr. X is at {location}."
        if view["mrx_visible"] and not view["over"]:
            who = "Your" if view["seat"] == "mrx" else "His"
            text += f" {who} piece stands on the board (surfaced)."
        line = _styled(text, "bold")
        if log and view.get("mrx_start") is not None:
            line += _dim(f" Start: {view['mrx_start']}.")
        return [line, _dim(_sentence(nxt))] if nxt else [line]
    last = _last_revealed(log)
    if view["mrx_visible"] and location is not None:
        line = _styled(f"Mr. X has surfaced: he stands at {location}.", "bold green")
    elif last is None or location is None:
        line = "Mr. X has not surfaced yet."
    else:
        ago = len(log) - int(last["entry"])
        line = (
            f"Mr. X was last seen at {location} (entry {last['entry']}, "
            f"{ago} {'entry' if ago == 1 else 'entries'} ago)."
        )
    return [line, _dim(_sentence(nxt))] if nxt else [line]


# Hunters and supply --------------------------------------------------------------------------


def _hunter_table(view: Mapping[str, Any]) -> list[str]:
    hunters = view["hunters"]
    seat = view["seat"]
    in_phase = view["phase"] == "detectives" and not view["over"]
    stuck = _stuck_pieces(view) if in_phase else set()
    lines = [
        _bold("Hunters") + _dim("  kind           station  taxi  bus  undgr  seat        status")
    ]
    for h in hunters:
        police = h["kind"] == "police"
        row = "  " + _cell(h["id"], 7, "bold")
        row += _cell(_KIND[h["kind"]], 15, "bold blue" if police else None)
        row += f"{h['station']:>7}  "
        if h["tickets"] is None:
            row += _cell("free", 18, "dim")
        else:
            t = h["tickets"]
            row += _cell(f"{t['taxi']:>4}", 6, STYLE["taxi"] if t["taxi"] else "dim")
            row += _cell(f"{t['bus']:>3}", 5, STYLE["bus"] if t["bus"] else "dim")
            row += _cell(
                f"{t['underground']:>5}", 7, STYLE["underground"] if t["underground"] else "dim"
            )
        owner = h["seat"] if h["seat"] else "any"
        mine = h["seat"] == seat or (police and _is_detective_seat(view))
        row += _cell(owner, 12, "bold green" if mine else None)
        if in_phase:
            if h["moved"]:
                row += _styled("moved", "dim")
            elif h["id"] in stuck:
                row += _styled("stuck (skips)", "red")
            else:
                row += _styled("to move", "bold")
        lines.append(row.rstrip())
    if view["pooled_tickets"]:
        lines.append("  " + _dim("The detectives share one ticket pool (2-player game)."))
    supply = view["supply"]
    text = (
        f"Common supply: taxi {supply['taxi']}, bus {supply['bus']}, "
        f"underground {supply['underground']}"
    )
    if view["supply_unlimited"]:
        text += " (Mr. X's tickets: unlimited)"
    else:
        text += " (Mr. X pays from it)"
    lines.append(escape(text))
    return lines


def _stuck_pieces(view: Mapping[str, Any]) -> set[str]:
    """Unmoved hunters with no legal ride now (they will skip): public information."""
    board = _board(view)
    occupied = _occupants(view)
    stuck = set()
    for h in view["hunters"]:
        if h["moved"]:
            continue
        if not any(_rides(board, h, t, occupied) for t in range(3)):
            stuck.add(h["id"])
    return stuck


def _rides(board: Board, h: Mapping[str, Any], t: int, occupied: Mapping[int, str]) -> list[int]:
    """The free stations hunter ``h`` can ride to by transport ``t`` (tickets permitting)."""
    if h["tickets"] is not None and not h["tickets"][TRANSPORTS[t]]:
        return []
    return [v for v in board.nbrs[t][h["station"]] if v not in occupied]


# The viewing seat's situation ----------------------------------------------------------------


def _mrx_situation(view: Mapping[str, Any]) -> list[str]:
    board = _board(view)
    steps = _open_steps(view)
    station = view["mrx_location"]
    spent = None
    if len(steps) == 2:
        # The second leg of his double move starts where the first one ends.
        spent, _, to = steps[1].partition(":")
        station = int(to)
    supply = view["supply"]
    labels: dict[str, str] = {}
    for transport in ORDINARY:
        left = supply[transport] - (spent == transport)
        if view["supply_unlimited"]:
            labels[transport] = transport
        elif left:
            labels[transport] = f"{transport} (supply {left})"
        else:
            labels[transport] = f"{transport} (supply empty: black only)"
    labels["ferry"] = "ferry (black only)"
    who = "Your" if view["seat"] == "mrx" else "Mr. X's"
    lines = _double_move_lines(view, steps)
    lines.append(_bold(f"{who} rides from {station}") + _dim("  (hunters shown in parentheses)"))
    lines += _neighbour_lines(board, station, labels, _occupants(view))
    if view["phase"] == "mrx" and view["seat"] == "mrx":
        lines.append("  " + _mrx_hint(view, board, steps))
    return lines


def _open_steps(view: Mapping[str, Any]) -> list[str]:
    """The steps of Mr. X's double move under way, as his view (or ``all``'s) shows them."""
    return list(view.get("open_steps") or ())


def _double_move_lines(view: Mapping[str, Any], steps: Sequence[str]) -> list[str]:
    """Where Mr. X's double move stands, while he makes it."""
    if not steps:
        return []
    who = "You are" if view["seat"] == "mrx" else "Mr. X is"
    head = f"{who} making a double move: "
    if len(steps) == 1:
        head += "choose its first leg."
    else:
        head += f"first leg {steps[1]}; choose the second leg."
    note = "Nothing is spent or shown to the detectives until the second leg is chosen."
    return [_styled(head, "bold magenta"), _dim(note)]


def _mrx_legs(
    view: Mapping[str, Any], board: Board, station: int, spent: str | None = None
) -> list[str]:
    """Mr. X's legal legs from ``station`` (ordinary ones first, then black), after paying
    ``spent`` for an earlier leg of the same turn."""
    occupied = _occupants(view)
    supply = dict(view["supply"])
    black = view["mrx_tickets"]["black"]
    if spent == "black":
        black -= 1
    elif spent is not None:
        supply[spent] -= 1
    legs = []
    for t, transport in enumerate(ORDINARY):
        if view["supply_unlimited"] or supply[transport] > 0:
            legs += [f"{transport}:{v}" for v in board.nbrs[t][station] if v not in occupied]
    if black > 0:
        legs += [f"black:{v}" for v in board.black_nbrs[station] if v not in occupied]
    return legs


def _mrx_hint(view: Mapping[str, Any], board: Board, steps: Sequence[str]) -> str:
    """How Mr. X writes his move (or the next step of his double move), with examples that
    are legal now."""
    if len(steps) == 2:
        ticket, _, to = steps[1].partition(":")
        legs = _mrx_legs(view, board, int(to), ticket)
    else:
        legs = _mrx_legs(view, board, view["mrx_location"])
        if steps:  # a first leg must have a second one after it
            legs = [
                leg
                for leg in legs
                if _mrx_legs(view, board, int(leg.partition(":")[2]), leg.partition(":")[0])
            ]
    examples = []
    if legs:
        examples.append(legs[0])
        blacks = [leg for leg in legs if leg.startswith("black:")]
        if blacks and blacks[0] != legs[0]:
            examples.append(blacks[0])
    hint = _dim("Play ") + _action("TICKET:STATION")
    if examples:
        hint += _dim(" (e.g. ") + _dim(", ").join(_action(a) for a in examples) + _dim(")")
    log_room = view["options"]["log_fields"] - len(view["mrx_log"])
    if not steps and view["mrx_tickets"]["double"] and log_room >= 2:
        hint += (
            _dim(",\n  or ")
            + _action("double")
            + _dim(" to start a double move (then its two legs, one at a time)")
        )
    return hint + _dim(".")


def _detective_situation(view: Mapping[str, Any]) -> list[str]:
    seat = view["seat"]
    if view["phase"] != "detectives":
        return [_dim("Mr. X is moving; your pieces move in the detectives' phase.")]
    pieces = [
        h
        for h in view["hunters"]
        if not h["moved"] and (h["seat"] == seat or h["kind"] == "police")
    ]
    if seat not in view["to_act"] or not pieces:
        waiting = ", ".join(view["to_act"])
        return [_dim(f"None of your pieces can move now; waiting for {waiting}.")]
    board = _board(view)
    occupied = _occupants(view)
    possible = set(view["possible_locations"])
    lines = [
        _bold("Your moves")
        + _dim("  (any order; * = Mr. X may be there, hunters shown in parentheses)")
    ]
    examples: list[str] = []
    for h in pieces:
        if h["tickets"] is None:
            head = f"  {h['id']} at {h['station']}: police, rides free (any detective may move it)"
            labels = {tr: tr for tr in ORDINARY}
        else:
            t = h["tickets"]
            head = (
                f"  {h['id']} at {h['station']}: tickets taxi {t['taxi']}, bus {t['bus']}, "
                f"underground {t['underground']}"
            )
            labels = {tr: tr if t[tr] else f"{tr} (no ticket)" for tr in ORDINARY}
        can_move = any(_rides(board, h, k, occupied) for k in range(3))
        if not can_move:
            head += " - no legal ride: it skips this round"
        lines.append(_styled(head, "bold") if can_move else escape(head))
        lines += _neighbour_lines(board, h["station"], labels, occupied, possible, indent=6)
        for k in range(3):
            rides = _rides(board, h, k, occupied)
            if rides and len(examples) < 2:
                if h["tickets"] is None:
                    examples.append(f"{h['id']}:{rides[0]}")
                else:
                    examples.append(f"{h['id']}:{TRANSPORTS[k]}:{rides[0]}")
                break
    if examples:
        lines.append(
            "  "
            + _dim("Play ")
            + _action("PIECE:TICKET:STATION")
            + _dim(" for a detective, ")
            + _action("PIECE:STATION")
            + _dim(" for police\n  (e.g. ")
            + _dim(", ").join(_action(a) for a in examples)
            + _dim(").")
        )
    return lines


def _possible_summary(view: Mapping[str, Any]) -> list[str]:
    possible = view["possible_locations"]
    n = len(possible)
    who = "The detectives can place you" if view["seat"] == "mrx" else "Mr. X can be"
    if n == 0:
        return [f"{who} nowhere: the public record is inconsistent."]
    head = f"{who} at {n} station{'s' if n != 1 else ''}"
    if n <= _SHORT_LIST:
        words = [str(s) for s in possible]
        return [_wrap([_bold(head + ":"), *words], [head + ":", *words], 0)]
    return [f"{head} (topic 'possible' lists them)."]


# Public entry points -------------------------------------------------------------------------


def render_view(view: Mapping[str, Any]) -> str:
    """The whole screen for one view: header, travel log, hunters, situation, Mr. X's
    possible locations."""
    sections = [_header(view), _log_strip(view), _whereabouts(view), _hunter_table(view)]
    if not view["over"]:
        if _sees_mrx(view):
            sections.append(_mrx_situation(view))
        elif _is_detective_seat(view):
            sections.append(_detective_situation(view))
        sections.append(_possible_summary(view))
    return "\n\n".join("\n".join(lines) for lines in sections)
