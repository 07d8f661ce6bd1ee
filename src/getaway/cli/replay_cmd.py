"""``getaway replay``: step through a saved game as one seat saw it.

Each step's action is shown as the game shows it to that viewer (``game.public_action``): in
full, as its public part (a hidden ride as ``ride:?``), or not at all, where the viewer was
shown nothing of it (``"seat": null`` in ``--json``).
"""

from __future__ import annotations

from pathlib import Path

from getaway.cli.common import UsageError, console, print_json, say
from getaway.core import ALL, SPECTATOR, Replay, get_game


def viewers_of(replay: Replay) -> tuple[str, ...]:
    return (*get_game(replay.game).seats(replay.options), SPECTATOR, ALL)


def run_replay(path: Path, viewer: str, as_json: bool, step: bool) -> int:
    replay = Replay.load(path)
    allowed = viewers_of(replay)
    if viewer not in allowed:
        raise UsageError(
            f"--as {viewer!r} is not a seat of this replay; use one of: {', '.join(allowed)}"
        )
    if as_json:
        for record in replay.step_records(viewer):
            print_json(record)
        return 0
    return _print_steps(replay, viewer, step)


def _print_steps(replay: Replay, viewer: str, step: bool) -> int:
    out = console()
    game = get_game(replay.game)
    total = len(replay.actions)
    for number, shown, state in replay.seen_by(viewer):
        if number == 0:
            # The seed fixes every secret draw (the deal), so only "all" sees it.
            seed = f", seed {replay.seed}" if viewer == ALL else ""
            say(out, f"step 0/{total}: {game.title}{seed}, seen by {viewer}")
        elif shown is None:
            say(out, f"\nstep {number}/{total}: (nothing you could see)")
        else:
            who = shown.seat or "somebody"
            say(out, f"\nstep {number}/{total}: {who} played {shown.shown}")
        out.print(game.render(state.view(viewer)))
        outcome = state.outcome()
        if outcome is not None:
            say(out, f"game over: {outcome.summary}")
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
