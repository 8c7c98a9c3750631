"""The three rule corrections of issue 8, each pinned by its rulebook example."""

from shogun_tutor.rules.savefile import check_state
from shogun_tutor.rules.state import Decision

from .helpers import empty_board_game, events_of, give, run_action

FEW_RECRUITS = 12  # event card 12: "place 5 armies" places only 3, "place 3 armies" only 2


def test_few_recruits_then_six_armies_places_six():
    """nl: 'Eerst geldt de gebeurteniskaart, dan de speciale kaart. Voorbeeld: Een speler krijgt 6 legers.'

    The special card is a fixed number ("6 instead"), not a bonus on the event's 3.
    """
    game = empty_board_game()
    give(game, 0, "Mino", 2)
    supply, chests = game.state.players[0].supply, game.state.players[0].chests
    run_action(game, "armies5", {0: "Mino"}, special={0: "six_armies"}, event=FEW_RECRUITS)
    ev = events_of(game, "action.armies")[-1]
    assert [(s["by"], s["value"]) for s in ev["steps"]] == [("event", 3), ("special", 6)]
    assert ev["placed"] == 6 and ev["armies"] == 8
    assert game.state.players[0].supply == supply - 6
    assert game.state.players[0].chests == chests - ev["cost"]
    check_state(game.state)


def test_few_recruits_without_the_special_places_three():
    game = empty_board_game()
    give(game, 0, "Mino", 2)
    run_action(game, "armies5", {0: "Mino"}, event=FEW_RECRUITS)
    assert events_of(game, "action.armies")[-1]["placed"] == 3


def test_six_armies_with_exactly_five_in_the_supply_places_five():
    """fr 'peut déployer 6 armées', da 'kan': the special is optional, the base action is carried out in full."""
    game = empty_board_game()
    give(game, 0, "Mino", 2)
    pl = game.state.players[0]
    pl.supply, game.state.provinces["Mino"].armies = 5, pl.supply - 5 + 2  # 5 armies left in the supply
    check_state(game.state)
    run_action(game, "armies5", {0: "Mino"}, special={0: "six_armies"})
    ev = events_of(game, "action.armies")[-1]
    assert ev["placed"] == 5
    assert ev["steps"] == [{"by": "special", "special": "six_armies", "value": 5, "supply_short": True}]
    assert pl.supply == 0
    assert not events_of(game, "action.lapsed")


def test_battle_result_records_the_unrest_from_before_the_battle():
    """A draw clears the province (and its unrest markers); the record keeps the markers it was fought with."""
    game = empty_board_game(script=[{0: 2, 1: 2}])
    give(game, 0, "Mino", 5)
    give(game, 1, "Owari", 2, unrest=2)
    run_action(game, "battle_a", {0: "Mino"})
    game.apply(Decision("move", 0, province="Mino", target="Owari", count=2))
    ev = events_of(game, "battle.result")[-1]
    assert ev["verdict"]["outcome"] == "draw"
    assert ev["verdict"]["farmers_side"] == "none"  # decided by the markers that were there
    assert ev["unrest"] == 2
    assert game.state.provinces["Owari"].unrest == 0 and game.state.provinces["Owari"].owner is None
