"""How moves are typed at the terminal (``typing_help.py``): the forms of the stage the
seat's turn is at, shown by ``help`` in ``getaway play``; and moves typed by a part."""

from __future__ import annotations

import pytest

from getaway.games.escape_from_new_york.game import GAME, EscapeFromNewYorkState
from tests.test_cli_typing import answer_to, play_lines


def test_the_examples_follow_the_stage_of_the_seat_to_act() -> None:
    state = EscapeFromNewYorkState.new({"players": 2, "first_player": "p1"}, 3)
    typed = [t for t, _ in GAME.typing_examples(state.view("p1"))]
    assert typed[:2] == ["recover", "keep"] and "escape" in typed
    state.apply("p1", "keep")
    assert GAME.typing_examples(state.view("p1"))[0][0] == "choose <card>"
    # The other seat, not asked, is shown only the moves of any moment.
    assert "choose <card>" not in [t for t, _ in GAME.typing_examples(state.view("p2"))]


def test_help_and_a_move_typed_by_a_part_at_the_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["escape-from-new-york", "--as", "p1", "--seed", "3", "--option", "first_player=p1"]
    out = play_lines(capsys, monkeypatch, argv, ["help", "keep", "help", "moves"])
    assert "recover" in answer_to(out, "help")
    assert "p1 plays keep" in out
    after_keep = out.split("p1 plays keep", 1)[1]
    assert "choose <card>" in after_keep
    assert "legal moves" in answer_to(after_keep, "moves")
