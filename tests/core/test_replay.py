"""Replay files rebuild games exactly; broken ones are refused with a clear reason."""

import json
from pathlib import Path

import pytest

from getaway.core import Move, Replay, SaveFileError, get_game, save_state


def _played_replay(seed: int = 5) -> Replay:
    game = get_game("scotland-yard")
    replay = Replay.start(game, {"players": 4}, seed)
    state = replay.new_state()
    for ply in range(30):
        if state.is_over():
            break
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = legal[ply * 7 % len(legal)]
        state.apply(seat, action)
        replay.actions.append(Move(seat, action))
    return replay


def test_replay_round_trips_through_a_file(tmp_path: Path):
    replay = _played_replay()
    path = tmp_path / "game.json"
    replay.save(path)
    loaded = Replay.load(path)
    assert loaded == replay
    assert save_state(loaded.final_state()) == save_state(replay.final_state())
    data = json.loads(path.read_text())
    assert set(data) >= {"game", "options", "seed", "actions"}
    assert data["actions"][0] == {"seat": "mrx", "action": replay.actions[0].action}


def test_states_yields_every_step():
    replay = _played_replay()
    steps = list(replay.states())
    assert len(steps) == len(replay.actions) + 1
    assert steps[0][0] is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "JSON object"),
        ('{"game": "scotland-yard", "options": {}, "seed": "x", "actions": []}', "'seed'"),
        ('{"game": "chess", "options": {}, "seed": 1, "actions": []}', "unknown game"),
        (
            '{"game": "scotland-yard", "options": {"players": 9}, "seed": 1, "actions": []}',
            "players",
        ),
        (
            '{"game": "scotland-yard", "options": {}, "seed": 1, "actions": [{"seat": 1}]}',
            "action 1",
        ),
        ('{"format": "other/9", "game": "scotland-yard"}', "unsupported replay format"),
    ],
)
def test_broken_replays_are_refused_with_a_reason(text: str, message: str):
    with pytest.raises(SaveFileError, match=message):
        Replay.loads(text)


def test_an_action_that_does_not_apply_names_its_number():
    replay = _played_replay()
    replay.actions[3] = Move(replay.actions[3].seat, "taxi:999")
    with pytest.raises(SaveFileError, match="replay action 4"):
        replay.final_state()


def test_missing_file_is_a_save_file_error(tmp_path: Path):
    with pytest.raises(SaveFileError, match="cannot read"):
        Replay.load(tmp_path / "absent.json")
