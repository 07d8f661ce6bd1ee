"""``getaway replay``: step through a saved game as one seat saw it.

An action id can itself be a secret (Mr. X's ``taxi:46`` names his station), so a step shows
the action only to the seat that played it, to ``all``, or once the game is over; everyone
else gets ``"action": null`` and sees only what their view shows.
"""

from __future__ import annotations

from pathlib import Path

from getaway.cli.common import UsageError, console, print_json, say
from getaway.core import ALL, SPECTATOR, Move, Replay, State, get_game


def viewers_of(replay: Replay) -> tuple[str, ...]:
    return (*get_game(replay.game).seats(replay.options), SPECTATOR, ALL)


def shown_action(viewer: str, move: Move, after: State) -> str | None:
    """The action id if ``viewer`` may see it (see the module docstring), else ``None``."""
    if viewer in (ALL, move.seat) or after.is_over():
        return move.action
    return None


def run_replay(path: Path, viewer: str, as_json: bool, step: bool) -> int:
    replay = Replay.load(path)
    allowed = viewers_of(replay)
    if viewer not in allowed:
        raise UsageError(
            f"--as {viewer!r} is not a seat of this replay; use one of: {', '.join(allowed)}"
        )
    if as_json:
        _print_json_lines(replay, viewer)
        return 0
    return _print_steps(replay, viewer, step)


def _print_json_lines(replay: Replay, viewer: str) -> None:
    for number, (move, state) in enumerate(replay.states()):
        action = shown_action(viewer, move, state) if move is not None else None
        print_json(
            {
                "step": number,
                "seat": move.seat if move is not None else None,
                "action": action,
                "view": state.view(viewer),
            }
        )


def _print_steps(replay: Replay, viewer: str, step: bool) -> int:
    out = console()
    game = get_game(replay.game)
    total = len(replay.actions)
    for number, (move, state) in enumerate(replay.states()):
        if move is None:
            # The seed fixes every secret draw (Mr. X's start card), so only "all" sees it.
            seed = f", seed {replay.seed}" if viewer == ALL else ""
            say(out, f"step 0/{total}: {game.title}{seed}, seen by {viewer}")
        else:
            action = shown_action(viewer, move, state)
            what = f"played {action}" if action is not None else "moved"
            say(out, f"\nstep {number}/{total}: {move.seat} {what}")
        out.print(game.render(state.view(viewer)))
        if step and number < total and not _wait_for_enter():
            return 0
    return 0


def _wait_for_enter() -> bool:
    """Wait for Enter; ``False`` when the person wants to stop (q, end of input, Ctrl-C)."""
    try:
        answer = input("Enter: next step, q: stop> ")
    except (EOFError, KeyboardInterrupt):
        return False
    return answer.strip().lower() not in ("q", "quit")
