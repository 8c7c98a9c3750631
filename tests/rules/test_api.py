"""The engine's API: clear errors for bad parameters and corrupt save files; nothing lost."""

import json

import pytest

from shogun_tutor.rules import errors as E
from shogun_tutor.bots import RandomBot
from shogun_tutor.rules.game import Game, new_game
from shogun_tutor.rules.state import Decision


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"players": 2}, "3 to 5 players"),
        ({"side": "mars"}, "unknown board side"),
        ({"setup": "quick"}, "unknown set-up"),
        ({"side": "moon", "setup": "beginner"}, "sun side only"),
        ({"seed": "x"}, "seed must be a whole number"),
    ],
)
def test_bad_parameters(kwargs, message):
    with pytest.raises(E.SetupError, match=message):
        new_game(**kwargs)


def _mid_game():
    game = new_game(players=4, seed=8)
    bots = [RandomBot(i) for i in range(4)]
    for _ in range(200):
        game.apply(bots[game.to_decide()[1]].decide(game))
    return game


def test_save_load_round_trip_mid_game():
    game = _mid_game()
    text = game.save()
    again = Game.load(text)
    assert again.state.to_dict() == game.state.to_dict()
    assert again.legal_decisions() == game.legal_decisions()


@pytest.mark.parametrize(
    "tamper, message",
    [
        (lambda d: d.update(format_version=7), "format_version is 7"),
        (lambda d: d["players"][0].update(supply=d["players"][0]["supply"] + 5), "armies add up to"),
        (lambda d: d.update(farmer_supply=3), "farmers add up to"),
        (lambda d: d["players"][1]["hand"].append(d["players"][0]["hand"][0]), "held twice|holds the card"),
        (lambda d: d["provinces"].pop("Aki"), "provinces do not match"),
        (lambda d: d["provinces"]["Mino"].update(buildings=["castle", "castle"]), "provinces/Mino/buildings: .*non-unique"),
        (lambda d: d["players"][2].update(chests=-4), "players/2/chests: -4 is less than the minimum"),
        (lambda d: d.update(rng_state=[3, [1, 2], None]), "rng_state"),
        (lambda d: d["players"][0].update(colour_x=1), "players/0: Additional properties .*colour_x"),
        (lambda d: d["tower"]["levels"][0].append(["x", 1, "fill"]), r"tower/levels/0/\d+/0: 'x' is not of type 'integer'"),
    ],
)
def test_tampered_save_files_are_refused(tamper, message):
    game = _mid_game()
    d = json.loads(game.save())
    tamper(d)
    with pytest.raises(E.SaveFileError, match=message):
        Game.load(json.dumps(d))


@pytest.mark.parametrize("text", ["", "{", "[]", "null", '{"format_version": 1}'])
def test_corrupt_save_files_are_refused(text):
    with pytest.raises(E.SaveFileError):
        Game.load(text)


def test_a_failed_load_loses_nothing():
    game = _mid_game()
    before = game.save()
    with pytest.raises(E.SaveFileError):
        Game.load(before[:-10])
    assert game.save() == before


def test_apply_wants_a_decision():
    game = new_game(players=3)
    with pytest.raises(TypeError):
        game.apply("castle in Mino")


def test_legal_decisions_are_all_accepted():
    game = new_game(players=5, seed=4, setup="draft")
    for _ in range(300):
        options = game.legal_decisions()
        assert options, game.to_decide()
        for d in options[:5]:
            game.apply(d)
            game.undo()
        game.apply(options[-1])


def test_planning_must_cover_every_field_while_cards_remain():
    game = new_game(players=3, seed=1)
    with pytest.raises(E.EmptyFieldNotAllowed):
        game.apply(Decision("plan", 0, field="castle", card=None))
    with pytest.raises(E.WrongDecisionKind, match="plan the field 'castle' next"):
        game.apply(Decision("plan", 0, field="tax", card="chest:1"))
    with pytest.raises(E.NotYourDecision):
        game.apply(Decision("plan", 1, field="castle", card="chest:1"))


def test_bid_cannot_exceed_the_war_chest():
    game = new_game(players=3, seed=1)
    game.state.players[0].chests = 2
    cards = list(game.state.players[0].hand)
    fields = ["castle", "temple", "theater", "rice", "tax", "armies5", "armies3", "army1_move", "battle_a", "battle_b"]
    pool = cards + ["chest:0", "chest:1", "chest:2"]
    for f, c in zip(fields, pool):
        game.apply(Decision("plan", 0, field=f, card=c))
    with pytest.raises(E.BidTooHigh) as exc:
        game.apply(Decision("plan", 0, field="bid", card="chest:4"))
    assert exc.value.rule == "bid.cannot_afford"


def test_move_must_leave_one_army_behind():
    from .helpers import empty_board_game, give, run_action

    game = empty_board_game()
    give(game, 0, "Mino", 3)
    give(game, 0, "Owari", 1)
    run_action(game, "army1_move", {0: "Mino"})
    with pytest.raises(E.MustLeaveOneArmy):
        game.apply(Decision("move", 0, province="Mino", target="Owari", count=4))  # 3 + 1 placed = 4
    with pytest.raises(E.NotOwnProvince):
        game.apply(Decision("move", 0, province="Mino", target="Omi", count=1))
    with pytest.raises(E.NotAdjacent):
        game.apply(Decision("move", 0, province="Mino", target="Izu", count=1))
    game.apply(Decision("move", 0, province="Mino", target="Owari", count=3))
    assert game.state.provinces["Owari"].armies == 4 and game.state.provinces["Mino"].armies == 1


def test_sea_routes_count_as_adjacent():
    from .helpers import empty_board_game, give, run_action

    game = empty_board_game()
    give(game, 0, "Shima", 3)
    give(game, 0, "Izu", 1)
    run_action(game, "battle_a", {0: "Shima"})
    game.apply(Decision("move", 0, province="Shima", target="Izu", count=2))
    assert game.state.provinces["Izu"].armies == 3


def test_draft_claims_and_the_same_two_cards_rule():
    game = new_game(players=3, side="moon", seed=12, setup="draft")
    s = game.state
    assert game.to_decide() == ("claim", 0)
    assert len(s.draft.face_up) == 2
    with pytest.raises(E.RedrawNotAllowed):
        game.apply(Decision("redraw", 0))
    # seat 0 takes from the deck, so seats 1 and 2 ... and then seat 0 again sees new cards;
    # force the "same two cards again" situation:
    game.apply(Decision("claim", 0, field="deck", count=0))
    game.apply(Decision("claim", 1, field="deck", count=0))
    game.apply(Decision("claim", 2, field="deck", count=0))
    assert Decision("redraw", 0) in game.legal_decisions()
    offered = list(s.draft.face_up)
    game.apply(Decision("redraw", 0))
    assert s.draft.face_up != offered and set(offered) <= set(s.draft.deck)
    assert Decision("redraw", 0) not in game.legal_decisions()
    while s.phase == "claim":
        game.apply(game.legal_decisions()[-1])
    groups = sorted((p.armies for p in s.provinces.values() if p.owner == 0), reverse=True)
    assert groups == [5, 4, 4, 3, 3, 2, 2, 2, 2]
