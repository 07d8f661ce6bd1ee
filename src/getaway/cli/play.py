"""``getaway play``: a person at the terminal against bots, through the core protocol only.

The person sees only their own seats' views. A bot's move is printed in full only when what
the person sees afterwards tells it apart from every other move that bot could have made
(a detective's move, or Mr. X surfacing); otherwise just "<seat> moved". So the terminal
never shows more than the rules let the person know.
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
    Bot,
    Game,
    GetawayError,
    JSONDict,
    Rng,
    Session,
    State,
    derive_seed,
    match_action,
)

#: Where finished or abandoned games are saved unless ``GETAWAY_REPLAY_DIR`` says otherwise.
REPLAY_DIR_VARIABLE = "GETAWAY_REPLAY_DIR"
#: Beyond this many alternatives a bot move is not checked for visibility: it is hidden.
MAX_ALTERNATIVES = 2000

AS_HELP = (
    "who you play: a seat (e.g. mrx, d1), several seats separated by commas, or a side. "
    "A side that is also a seat means that seat; a side that is not (a team, such as "
    "Scotland Yard's 'detectives' with 3+ players) means every seat that is not itself a "
    "side. Default: the first seat"
)


def resolve_seats(game: Game, options: JSONDict, choice: str | None) -> tuple[str, ...]:
    """The seats a person controls for ``--as`` (see :data:`AS_HELP`)."""
    seats = game.seats(options)
    if choice is None:
        return seats[:1]
    sides = game.sides(options)
    chosen: list[str] = []
    for name in split_names(choice):
        if name in seats:
            chosen.append(name)
        elif name in sides:
            chosen += _team_seats(name, seats, sides)
        else:
            raise UsageError(
                f"--as {name!r} is neither a seat nor a side of {game.name}; "
                f"seats: {', '.join(seats)}; sides: {', '.join(sides)}"
            )
    if not chosen:
        raise UsageError(f"--as names no seat; seats: {', '.join(seats)}")
    return tuple(s for s in seats if s in chosen)


def _team_seats(side: str, seats: Sequence[str], sides: Sequence[str]) -> list[str]:
    teams = [s for s in sides if s not in seats]
    team = [s for s in seats if s not in sides]
    if len(teams) != 1 or not team:
        raise UsageError(
            f"cannot tell which seats play for side {side!r}; name them instead, "
            f"e.g. --as {','.join(seats[:2])}"
        )
    return team


def replay_dir() -> Path:
    configured = os.environ.get(REPLAY_DIR_VARIABLE)
    if configured:
        return Path(configured)
    return Path(tempfile.gettempdir()) / "getaway-replays"


@dataclass
class Match:
    game: Game
    session: Session
    humans: tuple[str, ...]
    bots: dict[str, Bot]
    out: Console
    rngs: dict[str, Rng] = field(default_factory=dict)
    #: The session version last shown to the person, so a view is drawn once per change.
    shown_version: int = -1

    @property
    def state(self) -> State:
        return self.session.state

    def to_act_mine(self) -> list[str]:
        return [seat for seat in self.state.to_act() if seat in self.humans]

    def viewer(self) -> str:
        """Whose view the person sees: a seat of theirs to act now, else their first."""
        mine = self.to_act_mine()
        return mine[0] if mine else self.humans[0]

    def show_view(self) -> None:
        self.out.print(self.game.render(self.state.view(self.viewer())))
        self.shown_version = self.session.version


def new_match(
    game: Game, options: JSONDict, seed: int, humans: tuple[str, ...], bots: dict[str, Bot]
) -> Match:
    session = Session.new(game, options, seed)
    rngs = {seat: Rng(derive_seed(seed, "bot", seat)) for seat in bots}
    return Match(game, session, humans, bots, console(), rngs)


def play(match: Match) -> int:
    """Run the match to its end or until the person quits; the exit code."""
    out = match.out
    say(out, f"{match.game.title}: you play {', '.join(match.humans)}. Type 'help' for help.")
    say(out, f"seed {match.session.replay.seed}")
    while not match.state.is_over():
        if not match.to_act_mine():
            bot_turn(match, match.state.to_act()[0])
            continue
        if match.shown_version != match.session.version:
            match.show_view()
        try:
            line = input(f"{', '.join(match.to_act_mine())}> ")
        except EOFError:
            say(out, "")
            return stop(match, "input ended")
        except KeyboardInterrupt:
            say(out, "")
            stop(match, "interrupted")
            return 130
        if handle_line(match, line) == "quit":
            return stop(match, "you quit")
    finish(match)
    return 0


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
    if match.state.is_over() or visible_to(before, seat, action, legal, match.humans):
        say(match.out, f"{seat} plays {action}")
    else:
        say(match.out, f"{seat} moved")


def visible_to(
    before: State, seat: str, action: str, legal: Sequence[str], viewers: Sequence[str]
) -> bool:
    """Whether ``viewers`` can tell, from their views after it, that ``seat`` played
    ``action`` and not any other of its ``legal`` actions."""
    if len(legal) > MAX_ALTERNATIVES:
        return False

    def seen_after(candidate: str) -> list[JSONDict]:
        trial = before.clone()
        trial.apply(seat, candidate)
        return [trial.view(viewer) for viewer in viewers]

    target = seen_after(action)
    return all(seen_after(other) != target for other in legal if other != action)


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
        match.session.act(seat, action)
    except GetawayError as exc:
        say(match.out, f"{exc}\n(type 'moves' to list your moves, 'help' for commands)")
        return
    say(match.out, f"{seat} plays {action}")


def group_actions(actions: Sequence[str]) -> list[str]:
    """Actions as compact lines: ids sharing all but their last ``:`` token on one line
    (``taxi: 115 116 126``)."""
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
    legal = [a for a in _legal_for_me(match) if _matches_filter(a, words)]
    if not legal:
        say(match.out, f"no legal move matches {rest!r}")
        return None
    lines = group_actions(legal)
    say(match.out, f"{len(legal)} legal moves:")
    say(match.out, "\n".join("  " + line for line in lines))
    return None


def undo(match: Match, rest: str) -> str | None:
    actions = match.session.replay.actions
    if actions and actions[-1].seat not in match.humans:
        # Said here rather than by Session.undo, whose message names the action: a bot's
        # action id can be a secret (Mr. X's station).
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
        "Type a move by its id (e.g. taxi:46) or by enough of it to pick one move",
        "(e.g. '46', 'bus 58'); separate parts with spaces or colons.",
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
    say(match.out, f"game stopped ({why}) after {match.session.version} moves")
    _report_saved(match)
    return 0


def finish(match: Match) -> None:
    state = match.state
    match.show_view()
    winner = state.winner()
    returns = state.returns()
    mine = max(returns.get(seat, 0.0) for seat in match.humans)
    verdict = "you win!" if mine > 0 else "you lose." if mine < 0 else "nobody wins."
    result = f"winner: {winner}" if winner is not None else "no winner"
    say(match.out, f"game over after {match.session.version} moves: {result}; {verdict}")
    _report_saved(match)
