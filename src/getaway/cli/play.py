"""``getaway play``: people at the terminal against bots, through the core protocol only.

The people see only their own seats' views. Another seat's move is printed as the game
shows it to them (``game.public_action``): in full, as its public part (``ride:?``), or not
at all. So the terminal never shows more than the rules let them know.

Several human seats that may know different things share the terminal in *hot-seat* mode
(see :data:`HOTSEAT_HELP`): before each human seat's turn the screen is cleared and the
program waits until that seat's player has the terminal; only then is the seat's view drawn,
with what it saw happen since its last turn. Other seats' moves reach a player only that way,
each judged against that player's view alone.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console

from getaway.cli.common import UsageError, console, say, split_names
from getaway.core import (
    SPECTATOR,
    Bot,
    Game,
    GetawayError,
    IllegalActionError,
    JSONDict,
    Move,
    PublicAction,
    Rng,
    Session,
    State,
    bot_rng,
    match_action,
)
from getaway.core.actions import NO_MATCH, closest_actions

#: Said at the start of a game on a chosen seed. The seed itself is not repeated: in hot-seat
#: mode other players read the screen.
PRACTICE_BANNER = (
    "Practice game: the seed was chosen (--seed), and whoever knows the seed knows every "
    "hidden card. Leave --seed out for a fair game."
)

#: Where finished or abandoned games are saved unless ``GETAWAY_REPLAY_DIR`` says otherwise.
REPLAY_DIR_VARIABLE = "GETAWAY_REPLAY_DIR"
#: Beyond this many alternatives, hot-seat detection does not try each move: it assumes the
#: move may create a secret.
MAX_ALTERNATIVES = 2000
#: Blank lines printed to push a previous player's screen away when the console cannot
#: clear itself (output is not a terminal, or a dumb one).
CLEAR_LINES = 60
#: Erases the terminal's scrollback (xterm and most emulators), so scrolling back up cannot
#: show the previous player's screen. Terminals that lack it ignore it.
ERASE_SCROLLBACK = "\x1b[3J"

AS_HELP = (
    "who plays at the terminal: a seat, several seats separated by commas, or a side (every "
    "seat of that team; 'getaway games' lists each game's seats and sides). A name that is "
    "both a seat and a side means the seat. Default: the first seat"
)
HUMANS_HELP = "people play the first N seats in table order (instead of --as); bots the rest"
HOTSEAT_HELP = (
    "hot-seat mode: before each human seat's turn the screen is cleared and the program waits "
    "for Enter, so each player sees only their own seat's view (--hotseat: always; "
    "--no-hotseat: never, e.g. when one person plays several seats). Default: on as soon as "
    "two or more human seats could see different things, that is, when their views, leaving "
    "out the 'seat' key, differ at the start or after any move, or would differ after some "
    "move of a human seat about to be asked; once on, it stays on"
)
HOTSEAT_NOW_ON = (
    "The human seats now know different things: hot-seat mode is on. The terminal is "
    "passed to each seat's player before their turn."
)


def resolve_seats(game: Game, options: JSONDict, choice: str | None) -> tuple[str, ...]:
    """The seats a person controls for ``--as`` (see :data:`AS_HELP`)."""
    seats = game.seats(options)
    if choice is None:
        return seats[:1]
    sides = game.sides(options)
    chosen: list[str] = []
    for name in split_names(choice):
        side = sides.get(name)
        if name in seats:
            chosen.append(name)
        elif side is not None:
            chosen += side.seats
        else:
            raise UsageError(
                f"--as {name!r} is neither a seat nor a side of {game.name}; "
                f"seats: {', '.join(seats)}; sides: {', '.join(sides.names)}"
            )
    if not chosen:
        raise UsageError(f"--as names no seat; seats: {', '.join(seats)}")
    return tuple(s for s in seats if s in chosen)


def first_seats(game: Game, options: JSONDict, count: int) -> tuple[str, ...]:
    """The first ``count`` seats in table order, for ``--humans``."""
    seats = game.seats(options)
    if not 1 <= count <= len(seats):
        raise UsageError(
            f"--humans {count}: this game of {game.name} has {len(seats)} seats "
            f"({', '.join(seats)})"
        )
    return seats[:count]


def replay_dir() -> Path:
    configured = os.environ.get(REPLAY_DIR_VARIABLE)
    if configured:
        return Path(configured)
    return Path(tempfile.gettempdir()) / "getaway-replays"


# What the human seats know -----------------------------------------------------------------


def _without_seat(view: JSONDict) -> JSONDict:
    return {key: value for key, value in view.items() if key != "seat"}


def views_differ(state: State, seats: Sequence[str]) -> bool:
    """Whether ``seats`` see different things now (their views without the ``seat`` key)."""
    views = [_without_seat(state.view(seat)) for seat in seats]
    return any(view != views[0] for view in views[1:])


def could_split(state: State, seat: str, seats: Sequence[str]) -> bool:
    """Whether some legal move of ``seat`` would leave ``seats`` seeing different things (its
    choice would be a secret, so it must be typed in private)."""
    legal = state.legal_actions(seat)
    if len(legal) > MAX_ALTERNATIVES:
        return True
    for action in legal:
        trial = state.clone()
        trial.apply(seat, action)
        if views_differ(trial, seats):
            return True
    return False


def clear_screen(out: Console) -> None:
    """Clear the screen (and the scrollback) so the previous player's view is gone; blank
    lines where the console cannot clear."""
    if out.is_terminal and not out.is_dumb_terminal:
        out.clear()
        out.file.write(ERASE_SCROLLBACK)
        out.file.flush()
    else:
        out.print("\n" * CLEAR_LINES, end="", markup=False, highlight=False)


@dataclass
class Match:
    game: Game
    session: Session
    humans: tuple[str, ...]
    bots: dict[str, Bot]
    out: Console
    rngs: dict[str, Rng] = field(default_factory=dict)
    #: A game on a seed the person chose (``--seed``): whoever knows it knows every secret.
    practice: bool = False
    #: ``--hotseat`` (True), ``--no-hotseat`` (False) or decided by :meth:`update_hotseat`.
    hotseat_choice: bool | None = None
    #: Whether hot-seat mode is on now.
    hotseat: bool = False
    #: In hot-seat mode, the seat whose player has the terminal (``None``: nobody yet).
    at_screen: str | None = None
    #: In hot-seat mode, per human seat, the moves it has seen since its last turn as
    #: (session version after the move, line) pairs.
    news: dict[str, list[tuple[int, str]]] = field(default_factory=dict)
    #: The session version last shown to the person, so a view is drawn once per change.
    shown_version: int = -1
    #: The (version, seats asked) last checked for hot-seat mode.
    _checked: tuple[int, tuple[str, ...]] | None = None

    def __post_init__(self) -> None:
        if self.hotseat_choice is not None:
            self.hotseat = self.hotseat_choice

    @property
    def state(self) -> State:
        return self.session.state

    def to_act_mine(self) -> list[str]:
        """The seats whose moves the prompt takes now: in hot-seat mode only the seat at the
        screen, otherwise every human seat to act."""
        to_act = self.state.to_act()
        if self.hotseat:
            return [self.at_screen] if self.at_screen in to_act else []
        return [seat for seat in to_act if seat in self.humans]

    def viewer(self) -> str:
        """Whose view is shown: in hot-seat mode the seat at the screen (the public view if
        nobody is); otherwise a human seat to act now, else the first."""
        if self.hotseat:
            return self.at_screen if self.at_screen is not None else SPECTATOR
        mine = self.to_act_mine()
        return mine[0] if mine else self.humans[0]

    def show_view(self) -> None:
        self.out.print(self.game.render(self.state.view(self.viewer())))
        self.shown_version = self.session.version

    def update_hotseat(self, asking: Sequence[str] = (), announce: bool = True) -> None:
        """Turn hot-seat mode on once two or more human seats see different things now, or
        would after some move of a seat in ``asking`` (see :data:`HOTSEAT_HELP`)."""
        if self.hotseat or self.hotseat_choice is not None or len(self.humans) < 2:
            return
        key = (self.session.version, tuple(asking))
        if key == self._checked:
            return
        self._checked = key
        state = self.state
        if views_differ(state, self.humans) or any(
            could_split(state, seat, self.humans) for seat in asking
        ):
            self.hotseat = True
            if announce:
                say(self.out, HOTSEAT_NOW_ON)

    def announce(self, seat: str, action: str, before: State) -> None:
        """Tell the people that ``seat`` played ``action`` (from ``before``), each as the game
        shows it to them. In hot-seat mode the lines wait for each other human seat's next
        turn; otherwise a bot's move is printed now (a human's own move was already)."""
        move = Move(seat, action)
        if self.hotseat:
            for human in self.humans:
                if human != seat:
                    line = _move_line(self.game.public_action(before, move, human))
                    if line is not None:
                        self.news.setdefault(human, []).append((self.session.version, line))
        elif seat not in self.humans:
            shown = [self.game.public_action(before, move, human) for human in self.humans]
            # One screen for every human seat: the most any of them is shown.
            best = max((s for s in shown if s is not None), key=lambda s: s.full, default=None)
            line = _move_line(best)
            if line is not None:
                say(self.out, line)

    def show_turn(self) -> None:
        """What the seat at the screen saw happen since its last turn, then its view."""
        seat = self.viewer()
        lines = [line for _, line in self.news.pop(seat, [])]
        if lines:
            say(self.out, "since your last turn:\n" + "\n".join(f"  {line}" for line in lines))
        self.show_view()

    def forget_news_after(self, version: int) -> None:
        """Drop the lines about moves that were taken back."""
        for seat, lines in self.news.items():
            self.news[seat] = [(v, line) for v, line in lines if v <= version]


def _move_line(shown: PublicAction | None) -> str | None:
    if shown is None:
        return None
    return f"{shown.seat or 'somebody'} plays {shown.shown}"


def new_match(
    game: Game,
    options: JSONDict,
    seed: int,
    humans: tuple[str, ...],
    bots: dict[str, Bot],
    hotseat: bool | None = None,
    practice: bool = False,
) -> Match:
    session = Session.new(game, options, seed)
    rngs = {seat: bot_rng(seed, "bot", seat) for seat in bots}
    return Match(
        game, session, humans, bots, console(), rngs, hotseat_choice=hotseat, practice=practice
    )


def play(match: Match) -> int:
    """Run the match to its end or until the people quit; the exit code."""
    out = match.out
    match.update_hotseat(_humans_to_act(match), announce=False)
    say(out, f"{match.game.title}: you play {', '.join(match.humans)}. Type 'help' for help.")
    if match.practice:
        say(out, PRACTICE_BANNER)
    if match.hotseat:
        say(out, "Hot-seat mode: the terminal is passed to each seat's player before their turn.")
    # The seed is not printed now: it fixes every secret draw (start positions, dealt
    # cards), so showing it would let a player recompute what they must not know. It is in
    # the replay saved at the end.
    try:
        return _run(match)
    except EOFError:
        say(out, "")
        return stop(match, "input ended")
    except KeyboardInterrupt:
        say(out, "")
        stop(match, "interrupted")
        return 130


def _humans_to_act(match: Match) -> list[str]:
    return [seat for seat in match.state.to_act() if seat in match.humans]


def _run(match: Match) -> int:
    while not match.state.is_over():
        waiting = _humans_to_act(match)
        if not waiting:
            bot_turn(match, match.state.to_act()[0])
            continue
        match.update_hotseat(waiting)
        if match.hotseat:
            # Human seats one at a time, in seat order, each after a hand-over (none while
            # the same seat goes on).
            seat = waiting[0]
            if seat != match.at_screen:
                if not hand_over(match, seat):
                    return stop(match, "you quit")
                match.show_turn()
            elif match.shown_version != match.session.version:
                match.show_turn()
        elif match.shown_version != match.session.version:
            match.show_view()
        line = input(f"{', '.join(match.to_act_mine())}> ")
        if handle_line(match, line) == "quit":
            return stop(match, "you quit")
    finish(match)
    return 0


def hand_over(match: Match, seat: str) -> bool:
    """Clear the screen and wait until ``seat``'s player has the terminal; ``False`` when
    they type quit instead."""
    match.at_screen = None
    clear_screen(match.out)
    say(
        match.out,
        f"Pass the terminal to {seat}. {seat}, press Enter when the others cannot see the screen.",
    )
    if input("").strip().lower() in ("quit", "exit"):
        return False
    match.at_screen = seat
    return True


def bot_turn(match: Match, seat: str) -> None:
    state = match.state
    legal = state.legal_actions(seat)
    before = state.clone()
    try:
        action = match.bots[seat].choose(
            match.game, seat, state.view(seat), legal, match.rngs[seat]
        )
        match.session.act(seat, action)
    except Exception as exc:
        # A broken bot must not end the person's game: say so and play on at random. Only
        # the error's type is shown: its message may name the bot's secret move or options.
        say(
            match.out,
            f"the bot for {seat} failed ({type(exc).__name__}); it plays a random move instead",
        )
        action = match.rngs[seat].choice(legal)
        match.session.act(seat, action)
    match.update_hotseat()
    match.announce(seat, action, before)


def handle_line(match: Match, line: str) -> str | None:
    """Act on one line typed by the person; ``"quit"`` when they want to stop."""
    text = line.strip()
    if not text:
        return None
    word, _, rest = text.partition(" ")
    legal = _legal_for_me(match)
    if text not in legal:
        command = COMMANDS.get(word.lower())
        if command is not None:
            return command(match, rest.strip())
        if word.lower() in match.game.render_topics():
            return show_topic(match, word.lower())
    play_text(match, text, legal)
    return None


def _legal_for_me(match: Match) -> list[str]:
    """Legal actions of all the person's seats to act, without repeats, in seat order."""
    seen: dict[str, None] = {}
    for seat in match.to_act_mine():
        seen.update(dict.fromkeys(match.state.legal_actions(seat)))
    return list(seen)


def play_text(match: Match, text: str, legal: list[str]) -> None:
    mine = match.to_act_mine()
    try:
        action = match_action(text, legal, ", ".join(mine))
        # An action several of the person's seats may play (a shared piece) goes to the
        # first of them in table order.
        seat = next(s for s in mine if action in match.state.legal_actions(s))
        before = match.state.clone()
        match.session.act(seat, action)
    except IllegalActionError as exc:
        say(match.out, f"{_illegal_text(exc, text, legal)}\n{MORE_HELP}")
        return
    except GetawayError as exc:
        say(match.out, f"{exc}\n{MORE_HELP}")
        return
    say(match.out, f"{seat} plays {action}")
    match.update_hotseat()
    match.announce(seat, action, before)


#: Said after a move that was not taken.
MORE_HELP = "(type 'moves' to list your moves, 'help' for commands)"
#: At most this many closest moves are suggested for a move that matches none.
MAX_SUGGESTIONS = 8


def _illegal_text(exc: IllegalActionError, text: str, legal: list[str]) -> str:
    """Why ``text`` was refused, with the legal moves closest to it (see
    :func:`closest_actions`) rather than the first few of all of them."""
    if exc.reason != NO_MATCH:
        return str(exc)
    closest = closest_actions(text, legal)
    shown = ", ".join(closest[:MAX_SUGGESTIONS])
    if len(closest) > MAX_SUGGESTIONS:
        shown += f" and {len(closest) - MAX_SUGGESTIONS} more"
    return f"illegal action {text!r} for {exc.seat}: no legal move matches it; closest: {shown}"


def group_actions(actions: Sequence[str]) -> list[str]:
    """Actions as compact lines: ids sharing all but their last ``:`` token on one line
    (``ride: 115 116 126``)."""
    groups: dict[str, list[str]] = {}
    for action in actions:
        head, sep, tail = action.rpartition(":")
        groups.setdefault(head + sep, []).append(tail)
    return [f"{head} {' '.join(tails)}".strip() for head, tails in groups.items()]


def _matches_filter(action: str, words: Sequence[str]) -> bool:
    tokens = action.replace("/", ":").split(":")
    return all(any(token.startswith(word) for token in tokens) for word in words)


def show_moves(match: Match, rest: str) -> str | None:
    words = rest.lower().replace(":", " ").split()
    every = _legal_for_me(match)
    legal = [a for a in every if _matches_filter(a, words)]
    if not legal:
        say(match.out, f"none of your {_moves(len(every))} matches {rest!r}")
        return None
    if words:
        # Say it is a part, so nobody takes the filtered list for all they can do.
        say(match.out, f"showing {len(legal)} of {_moves(len(every))} matching {rest!r}:")
    else:
        say(match.out, f"{_moves(len(legal))}:")
    say(match.out, "\n".join("  " + line for line in group_actions(legal)))
    return None


def _moves(count: int) -> str:
    return f"{count} legal move" if count == 1 else f"{count} legal moves"


def undo(match: Match, rest: str) -> str | None:
    actions = match.session.replay.actions
    # In hot-seat mode only the seat at the screen is here to take its move back.
    mine = (match.viewer(),) if match.hotseat else match.humans
    if actions and actions[-1].seat not in mine:
        # Said here rather than by Session.undo, whose message names the action: a bot's
        # action id can be a secret (a hidden piece's destination).
        say(
            match.out,
            f"cannot undo: the last move was {actions[-1].seat}'s, and nobody may take back "
            "another seat's move",
        )
        return None
    seat = actions[-1].seat if actions else match.viewer()
    try:
        move = match.session.undo(seat)
    except GetawayError as exc:
        say(match.out, f"cannot undo: {exc}")
        return None
    match.forget_news_after(match.session.version)
    say(match.out, f"took back {move.seat}'s {move.action}")
    return None


def save(match: Match, rest: str) -> str | None:
    if not rest:
        say(match.out, "save needs a file name: save FILE")
        return None
    path = Path(rest).expanduser()
    try:
        match.session.replay.save(path)
    except OSError as exc:
        say(match.out, f"cannot save to {path}: {exc.strerror}")
        return None
    say(match.out, f"replay saved to {path}")
    return None


def show_topic(match: Match, topic: str) -> str | None:
    match.out.print(match.game.render_topic(match.state.view(match.viewer()), topic))
    return None


def show_view(match: Match, rest: str) -> str | None:
    match.show_view()
    return None


def quit_game(match: Match, rest: str) -> str | None:
    return "quit"


def show_help(match: Match, rest: str) -> str | None:
    lines = [
        *_typing_help(match),
        "Commands:",
        "  moves [FILTER]  list your legal moves (FILTER: words the moves must contain)",
        "  view            show the board again",
        "  undo            take back your last move (not once it revealed something)",
        "  save FILE       save the game so far as a replay file",
        "  help            this text",
        "  quit            stop (the game is saved as a replay)",
    ]
    lines += [f"  {topic:<15} {text}" for topic, text in match.game.render_topics().items()]
    say(match.out, "\n".join(lines))
    return None


def _typing_help(match: Match) -> list[str]:
    """How to type a move: the game's own examples for the seat at hand, else one made up
    from the legal moves."""
    lines = [
        "Type a move by its id or by enough of it to pick one move; separate parts with "
        "spaces or colons.",
    ]
    examples = match.game.typing_examples(match.state.view(match.viewer()))
    if examples:
        width = max(len(typed) for typed, _ in examples)
        lines.append("For example:")
        lines += [f"  {typed:<{width}}  {meaning}" for typed, meaning in examples]
        return lines
    legal = _legal_for_me(match)
    if legal:
        last = legal[0].replace("/", ":").split(":")[-1]
        shorter = f", or '{last}' if no other move has that part" if last != legal[0] else ""
        lines.append(f"For example: {legal[0]}{shorter}.")
    return lines


COMMANDS = {
    "help": show_help,
    "?": show_help,
    "moves": show_moves,
    "view": show_view,
    "undo": undo,
    "save": save,
    "quit": quit_game,
    "exit": quit_game,
}


def autosave(match: Match) -> Path | None:
    replay = match.session.replay
    directory = replay_dir()
    path = directory / f"{replay.game}-{replay.seed}-{time.strftime('%Y%m%d-%H%M%S')}.json"
    try:
        directory.mkdir(parents=True, exist_ok=True)
        replay.save(path)
    except OSError as exc:
        say(match.out, f"could not save the replay in {directory}: {exc.strerror}")
        return None
    return path


def _report_saved(match: Match) -> None:
    path = autosave(match)
    if path is not None:
        say(match.out, f"replay saved to {path}")
        say(match.out, f"watch it with: getaway replay {path} --as all")


def stop(match: Match, why: str) -> int:
    if match.hotseat:
        # Nobody should find the last player's view on the screen afterwards.
        clear_screen(match.out)
    say(match.out, f"game stopped ({why}) after {match.session.version} moves")
    _report_saved(match)
    return 0


def finish(match: Match) -> None:
    outcome = match.state.outcome()
    assert outcome is not None
    if match.hotseat:
        # Everyone gathers round the screen: only the public view, and each seat's result.
        clear_screen(match.out)
        match.at_screen = None
        match.show_view()
        verdict = ", ".join(
            f"{seat} {_verdict(outcome.returns.get(seat, 0.0))}" for seat in match.humans
        )
        verdict += "."
    else:
        match.show_view()
        mine = max(outcome.returns.get(seat, 0.0) for seat in match.humans)
        verdict = "you win!" if mine > 0 else "you lose." if mine < 0 else "nobody wins."
    say(match.out, f"game over after {match.session.version} moves: {outcome.summary}")
    if outcome.scores:
        scores = ", ".join(f"{seat} {score:g}" for seat, score in outcome.scores.items())
        say(match.out, f"scores: {scores}")
    say(match.out, verdict)
    say(match.out, f"seed {match.session.replay.seed}")
    _report_saved(match)


def _verdict(payoff: float) -> str:
    return "wins" if payoff > 0 else "loses" if payoff < 0 else "neither wins nor loses"
