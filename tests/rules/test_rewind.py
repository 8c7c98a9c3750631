"""The game as it stood after an earlier step: rebuilt from the undo history, equal to a replay from the start."""

import json

import pytest

from shogun_tutor.bots import make_bot
from shogun_tutor.rules.game import Game, new_game
from shogun_tutor.rules.rewind import position_at
from shogun_tutor.text.steps import steps


def _played(players=4, seed=3, expansions=(), until=lambda g: g.over):
    game = new_game(players=players, seed=seed, expansions=expansions)
    bots = [make_bot("heuristic", seed * 10 + i) for i in range(players)]
    while not until(game):
        game.apply(bots[game.to_decide()[1]].decide_with_reason(game)[0])
    return game


def _replayed_from_the_start(game, ends):
    """A second game from the same seed, without undo history, that writes down its whole state the
    moment its log holds each of ``ends`` events, and again while it waits for a decision with that many
    (the latest state with that log): the positions rebuilt by replaying from the very start."""
    s = game.state
    twin = new_game(players=s.num_players, side=s.side, seed=s.seed, setup=s.setup, history=False,
                    expansions=s.rules.expansions)
    seen = {}

    def observe(_event):
        if len(twin.state.log) in ends:
            seen[len(twin.state.log)] = _json(twin.state)

    twin.add_observer(observe)
    for d in game.decisions:
        if len(twin.state.log) in ends:
            seen[len(twin.state.log)] = _json(twin.state)
        twin.apply(d)
    return seen


def _json(state):
    d = json.loads(json.dumps(state.to_dict()))
    d.pop("rng_state", None)  # synced at decisions, not between the steps of one
    return d


@pytest.mark.parametrize("expansions", [(), ("tenno", "samurai")], ids=["base", "expansions"])
def test_every_step_read_again_is_the_game_replayed_to_that_step(expansions):
    game = _played(seed=3, expansions=expansions, until=lambda g: g.over or g.state.year == 2)
    before = _json(game.state)
    all_steps = steps(game.state.log)
    ends = {s.end for s in all_steps[:-1]}
    truth = _replayed_from_the_start(game, ends)
    first_wait = game.history[0].log_len
    checked, kinds = 0, set()
    for step in all_steps[:-1]:
        pos = position_at(game, step.end)
        assert pos.known and pos.state is not game.state
        if step.end < first_wait:  # the set-up runs without a stop: its first known position is after it
            assert pos.log_len == first_wait and pos.state.log == game.state.log[:first_wait]
            continue
        assert pos.log_len == step.end
        assert _json(pos.state) == truth[step.end], step
        checked += 1
        kinds.add(step.kind)
    # every step after the set-up was checked, a whole year's kinds among them (not a count the bots' play decides)
    assert checked == sum(1 for s in all_steps[:-1] if s.end >= first_wait)
    assert {"plan", "event", "order", "action", "battle", "winter_rice", "scoring"} <= kinds
    assert _json(game.state) == before  # reading back changes nothing


def test_a_position_is_the_state_of_its_season_not_the_present():
    game = _played(players=3, seed=7, until=lambda g: (g.state.year, g.state.season) == (1, "autumn"))
    spring = max(s.end for s in steps(game.state.log) if game.state.log[s.start]["season"] == "spring")
    pos = position_at(game, spring)
    assert (pos.state.year, pos.state.season) == (1, "spring") and game.state.season == "autumn"
    # the armies counted then differ from now after two seasons of battles and placements
    then = {n: (p.owner, p.armies) for n, p in pos.state.provinces.items()}
    assert then != {n: (p.owner, p.armies) for n, p in game.state.provinces.items()}


def test_the_present_is_the_game_itself():
    game = _played(players=3, seed=2, until=lambda g: len(g.decisions) >= 20)
    assert position_at(game, len(game.state.log)).state is game.state
    assert position_at(game, len(game.state.log) + 5).state is game.state


def test_after_an_undo_the_positions_follow_the_shorter_game():
    game = _played(players=3, seed=5, until=lambda g: len(g.decisions) >= 60)
    while len(game.decisions) > 40:
        game.undo()
    ends = [s.end for s in steps(game.state.log)[:-1]]
    truth = _replayed_from_the_start(game, set(ends))
    end = ends[-1]
    assert _json(position_at(game, end).state) == truth[end]


def test_a_loaded_game_knows_its_past_only_from_the_load_on():
    game = _played(players=3, seed=6, until=lambda g: len(g.decisions) >= 30)
    loaded = Game.load(game.save())
    at_load = len(loaded.state.log)
    old = position_at(loaded, 5)
    assert not old.known and old.state is loaded.state  # before the load: only the events are known
    bots = [make_bot("heuristic", 60 + i) for i in range(3)]
    while len(loaded.state.log) < at_load + 12:
        loaded.apply(bots[loaded.to_decide()[1]].decide_with_reason(loaded)[0])
    later = [s.end for s in steps(loaded.state.log)[:-1] if s.end > at_load]
    assert later
    pos = position_at(loaded, later[0])
    assert pos.known and pos.log_len == later[0] and pos.state.log == loaded.state.log[:later[0]]
