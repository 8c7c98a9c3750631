"""Random play over many seeds, player counts and both sides: the game's conservation laws always hold."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shogun_tutor.data import COMPONENTS
from shogun_tutor.rules import errors as E
from shogun_tutor.bots import RandomBot, play
from shogun_tutor.rules.game import Game, new_game
from shogun_tutor.rules.scoring import score
from shogun_tutor.rules.savefile import check_state
from shogun_tutor.rules.state import Decision

games = st.builds(
    lambda players, side, seed, draft: (players, side, seed, "draft" if draft or side == "moon" else "beginner"),
    st.integers(3, 5),
    st.sampled_from(["sun", "moon"]),
    st.integers(0, 2**31),
    st.booleans(),
)


def invariants(game: Game) -> None:
    s = game.state
    check_state(s)  # armies (supply + provinces + tower + tray), farmers, cards, buildings, nothing negative
    for name, pv in s.provinces.items():
        assert len(pv.buildings) <= game.graph.nodes[name]["building_slots"]
        assert len(set(pv.buildings)) == len(pv.buildings)
    cards = [c for p in s.players for c in p.hand] + s.card_supply + s.draft.deck + s.draft.face_up
    assert len(cards) == len(set(cards)) == game.graph.number_of_nodes()
    assert s.buildings_left["castle"] + sum("castle" in p.buildings for p in s.provinces.values()) == 28


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_random_games_keep_every_invariant(params):
    players, side, seed, setup = params
    game = new_game(players=players, side=side, seed=seed, setup=setup, history=False)
    bots = [RandomBot(seed + i) for i in range(players)]
    while not game.over:
        game.apply(bots[game.to_decide()[1]].decide(game))
        invariants(game)
    assert len(game.state.scores) == COMPONENTS.years
    assert game.state.winners


@settings(max_examples=15, deadline=None)
@given(games)
def test_scoring_recomputed_from_the_record_matches_the_points(params):
    players, side, seed, setup = params
    game = play(new_game(players=players, side=side, seed=seed, setup=setup, history=False),
                [RandomBot(seed + i) for i in range(players)])
    total = [0] * players
    for snap in game.state.scores:
        owners = {n: p["owner"] for n, p in snap["provinces"].items()}
        buildings = {n: p["buildings"] for n, p in snap["provinces"].items()}
        regions = {n: game.graph.nodes[n]["region"] for n in owners}
        again = score(owners, buildings, regions, players)
        assert again == snap["scoring"]
        total = [t + p["total"] for t, p in zip(total, again["players"])]
    assert total == [p.points for p in game.state.players]


@settings(max_examples=10, deadline=None)
@given(games, st.integers(1, 300))
def test_save_and_load_mid_game_continues_identically(params, cut):
    players, side, seed, setup = params

    def run(save_at):
        game = new_game(players=players, side=side, seed=seed, setup=setup, history=False)
        bots = [RandomBot(seed + i) for i in range(players)]
        steps = 0
        while not game.over:
            if steps == save_at:
                text = game.save()
                game = Game.load(text, history=False)
                assert game.save() == text
            game.apply(bots[game.to_decide()[1]].decide(game))
            steps += 1
        return game.state.to_dict()

    assert run(cut) == run(-1)


@settings(max_examples=10, deadline=None)
@given(games, st.integers(0, 10**6))
def test_illegal_decisions_change_nothing(params, salt):
    players, side, seed, setup = params
    game = new_game(players=players, side=side, seed=seed, setup=setup)
    bots = [RandomBot(seed + i) for i in range(players)]
    rng = random.Random(salt)
    for _ in range(rng.randrange(0, 400)):
        if game.over:
            break
        game.apply(bots[game.to_decide()[1]].decide(game))
    if game.over:
        return
    kind, seat = game.to_decide()
    legal = game.legal_decisions()
    before = json.dumps(game.state.to_dict(), sort_keys=True)
    provinces = sorted(game.state.provinces)
    candidates = [
        Decision(kind, (seat + 1) % players),
        Decision("place" if kind != "place" else "plan", seat),
        Decision(kind, seat, field="nowhere", card="Atlantis", province=rng.choice(provinces),
                 target=rng.choice(provinces), count=rng.randrange(-3, 40)),
    ]
    for d in candidates:
        if d in legal:
            continue
        with pytest.raises(E.RuleViolation) as exc:
            game.apply(d)
        assert exc.value.rule
        assert json.dumps(game.state.to_dict(), sort_keys=True) == before


def test_undo_restores_the_state_exactly():
    game = new_game(players=4, seed=2)
    bots = [RandomBot(i) for i in range(4)]
    for _ in range(150):
        before = game.state.to_dict()
        decision = bots[game.to_decide()[1]].decide(game)
        game.apply(decision)
        after = game.state.to_dict()
        game.undo()
        assert game.state.to_dict() == before
        # the randomness lives in the state, so the same decision gives the same result again
        game.apply(decision)
        assert game.state.to_dict() == after
    with pytest.raises(E.NothingToUndo):
        new_game(players=3).undo()


def test_same_seed_same_decisions_same_game():
    def run():
        return play(new_game(players=5, side="sun", seed=99, setup="draft", history=False),
                    [RandomBot(i) for i in range(5)]).state.log

    assert run() == run()


def test_different_seeds_differ():
    logs = [play(new_game(players=3, seed=s, history=False), [RandomBot(1)] * 3).state.log for s in (1, 2)]
    assert logs[0] != logs[1]


def test_regression_logged_revolt_provinces_are_not_consumed_by_the_decision():
    """Found by hypothesis: the winter revolt event shared its list with the pending decision."""
    def run(save_at):
        game = new_game(players=3, side="sun", seed=5, setup="beginner", history=False)
        bots = [RandomBot(5 + i) for i in range(3)]
        for step in range(10**5):
            if game.over:
                return game.state.to_dict()
            if step == save_at:
                game = Game.load(game.save(), history=False)
            game.apply(bots[game.to_decide()[1]].decide(game))

    assert run(122) == run(-1)
