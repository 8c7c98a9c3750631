"""One name per state field (issue 26): the version-1 flat names live only in the reader of version-1 saves."""

import json
from pathlib import Path

import pytest

from shogun_tutor.rules.game import Game, new_game
from shogun_tutor.rules.savefile import V1_NAMES
from shogun_tutor.rules.state import GameState

SAVES_V1 = json.loads((Path(__file__).parents[1] / "rules" / "corpus" / "saves_v1.json").read_text())


@pytest.mark.parametrize("flat", sorted(V1_NAMES))
def test_the_state_answers_only_to_the_grouped_name(flat):
    group, name = V1_NAMES[flat]
    state = new_game(players=4, seed=3).state
    assert not hasattr(GameState, flat) and not hasattr(state, flat)
    assert hasattr(getattr(state, group), name)


@pytest.mark.parametrize("name", sorted(SAVES_V1))
def test_a_version_1_save_loads_into_the_groups(name):
    raw = SAVES_V1[name]["save"]
    assert raw["format_version"] == 1 and set(V1_NAMES) <= set(raw)
    game = Game.load(json.dumps(raw))
    for flat, (group, field) in V1_NAMES.items():
        assert getattr(getattr(game.state, group), field) == raw[flat], flat
    assert game.legal_decisions()
