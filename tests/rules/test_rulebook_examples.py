"""Every worked example of the rulebook, with its exact numbers."""

import pytest

from shogun_tutor.data import COMPONENTS
from shogun_tutor.rules import flow
from shogun_tutor.rules.game import new_game
from shogun_tutor.rules.scoring import score, winners
from shogun_tutor.rules.savefile import check_state
from shogun_tutor.rules.state import Decision

from .helpers import empty_board_game, events_of, give, lodge, run_action

BLUE, YELLOW = 1, 3  # the rulebook's colours, in seat order red, blue, black, yellow, purple


def test_settsu_tax_event_cap_then_special():
    """Arne taxes Settsu (7): the event caps tax at 5, his '+1 chest' special makes it 6."""
    game = empty_board_game()
    give(game, 0, "Settsu", 2)
    chests = game.state.players[0].chests
    run_action(game, "tax", {0: "Settsu"}, special={0: "chest_plus1"}, event=7)
    ev = events_of(game, "action.income")[-1]
    assert ev["base"] == 7
    assert [s["value"] for s in ev["steps"]] == [5, 6]
    assert [s["by"] for s in ev["steps"]] == ["event", "special"]
    assert ev["amount"] == 6
    assert game.state.players[0].chests == chests + 6
    assert game.state.provinces["Settsu"].unrest == 1  # no revolt: an unrest marker is added


@pytest.mark.parametrize("event, expected", [(8, 6), (None, 3)])
def test_tax_minimum_event(event, expected):
    game = empty_board_game()
    give(game, 0, "Hitachi", 1)  # tax 3
    run_action(game, "tax", {0: "Hitachi"}, event=event)
    assert events_of(game, "action.income")[-1]["amount"] == expected


def test_kozuke_battle_3_to_2():
    """Blue moves 4 from Shinano to yellow's Kozuke (3). Out: 3 blue, 1 yellow, 1 farmer."""
    game = empty_board_game(script=[{BLUE: 3, YELLOW: 1, "farmer": 1}])
    give(game, BLUE, "Shinano", 5)
    give(game, YELLOW, "Kozuke", 3)
    lodge(game, None, 1)  # a farmer from an earlier battle, inside the tower
    yellow_supply = game.state.players[YELLOW].supply
    run_action(game, "battle_a", {BLUE: "Shinano"})
    assert game.to_decide() == ("move", BLUE)
    game.apply(Decision("move", BLUE, province="Shinano", target="Kozuke", count=4))
    ev = events_of(game, "battle.result")[-1]
    assert ev["came_out"] == {"attacker": 3, "defender": 1, "farmers": 1, "others": 0}
    v = ev["verdict"]
    assert (v["outcome"], v["attacker_total"], v["defender_total"], v["farmers_side"]) == ("attacker", 3, 2, "defender")
    assert v["winner_armies_lost"] == 2 and v["survivors"] == 1
    s = game.state
    assert (s.provinces["Kozuke"].owner, s.provinces["Kozuke"].armies) == (BLUE, 1)
    assert s.provinces["Shinano"].armies == 1
    assert game.graph.nodes["Kozuke"]["card"] in s.players[BLUE].hand
    assert game.graph.nodes["Kozuke"]["card"] not in s.players[YELLOW].hand
    assert s.players[YELLOW].supply == yellow_supply + 1  # the yellow cube that came out
    assert s.tower.tray == []  # everything that came out belonged to the battle
    assert s.tower_count(YELLOW) == 2 and s.tower_count(BLUE) == 1  # the rest stays inside
    check_state(s)


def test_farmers_stay_in_the_tray_when_the_province_has_unrest():
    game = empty_board_game(script=[{BLUE: 2, YELLOW: 1, "farmer": 2}])
    give(game, BLUE, "Shinano", 5)
    give(game, YELLOW, "Kozuke", 3, unrest=1)
    lodge(game, None, 2)
    run_action(game, "battle_a", {BLUE: "Shinano"})
    game.apply(Decision("move", BLUE, province="Shinano", target="Kozuke", count=3))
    ev = events_of(game, "battle.result")[-1]
    assert ev["verdict"]["farmers_side"] == "none"
    assert ev["verdict"]["outcome"] == "attacker"  # 2 : 1, the farmers do not help yellow
    assert [c.owner for c in game.state.tower.tray] == [None, None]


def test_only_farmers_for_the_defender_is_a_draw():
    game = empty_board_game(script=[{BLUE: 1, "farmer": 2}])
    give(game, BLUE, "Shinano", 5)
    give(game, YELLOW, "Kozuke", 3, buildings=["castle"])
    lodge(game, None, 2)
    run_action(game, "battle_a", {BLUE: "Shinano"})
    game.apply(Decision("move", BLUE, province="Shinano", target="Kozuke", count=2))
    v = events_of(game, "battle.result")[-1]["verdict"]
    assert (v["outcome"], v["draw_reason"]) == ("draw", "only_farmers_for_defender")
    kozuke = game.state.provinces["Kozuke"]
    assert (kozuke.owner, kozuke.armies, kozuke.buildings, kozuke.unrest) == (None, 0, [], 0)
    assert game.graph.nodes["Kozuke"]["card"] in game.state.card_supply
    check_state(game.state)


def test_neutral_province_is_defended_by_one_farmer_or_two_with_the_event():
    for event, farmers in [(None, 1), (3, 2)]:
        game = empty_board_game(script=[{0: 2}])
        give(game, 0, "Mino", 4)
        run_action(game, "battle_b", {0: "Mino"}, event=event)
        game.apply(Decision("move", 0, province="Mino", target="Owari", count=2))
        ev = events_of(game, "battle.result")[-1]
        assert ev["kind"] == "neutral" and ev["thrown"]["farmers"] == farmers
        owari = game.state.provinces["Owari"]
        assert (owari.owner, owari.armies) == (0, 2)  # 2 : 0, the farmers stayed inside
        assert game.graph.nodes["Owari"]["card"] in game.state.players[0].hand


def test_castle_event_and_specials_add_armies_from_the_supply():
    game = empty_board_game(script=[{0: 1}])
    give(game, 0, "Mino", 6)
    give(game, 1, "Owari", 2, buildings=["castle"])
    run_action(game, "battle_a", {0: "Mino"}, special={0: "attack_plus1", 1: "defense_plus1"}, event=4)
    game.apply(Decision("move", 0, province="Mino", target="Owari", count=3))
    ev = events_of(game, "battle.result")[-1]
    assert ev["thrown"]["attacker"] == 4  # 3 moved + 1 special
    assert ev["thrown"]["defender"] == 4  # 2 + 1 special + 1 castle event
    assert sorted(x["by"] for x in ev["extras"]) == ["event", "special", "special"]
    check_state(game.state)


def test_temple_immune_event_forbids_the_attack():
    from shogun_tutor.rules.errors import ProvinceImmune

    game = empty_board_game()
    give(game, 0, "Mino", 6)
    give(game, 1, "Owari", 2, buildings=["temple"])
    run_action(game, "battle_a", {0: "Mino"}, event=6)
    before = game.state.to_dict()
    with pytest.raises(ProvinceImmune) as exc:
        game.apply(Decision("move", 0, province="Mino", target="Owari", count=3))
    assert exc.value.rule == "event.temple_immune"
    assert game.state.to_dict() == before


def test_mikawa_tax_revolt_won():
    """Dirk taxes Mikawa with 2 unrest markers: 2 farmers, his 4 armies and the tray go in."""
    game = empty_board_game(script=[{0: 3, "farmer": 1, 2: 1}])
    give(game, 0, "Mikawa", 4, unrest=2)
    lodge(game, 2, 1)
    game.state.tower.tray = [game.state.tower.levels[2].pop()]  # a black cube waiting in the tray
    chests = game.state.players[0].chests
    run_action(game, "tax", {0: "Mikawa"})
    rv = events_of(game, "battle.revolt")[-1]
    assert rv["farmers"] == 2 and rv["thrown"] == {"defender": 4, "farmers": 2, "tray": 1}
    assert rv["verdict"]["outcome"] == "defender"
    mikawa = game.state.provinces["Mikawa"]
    assert (mikawa.owner, mikawa.armies, mikawa.unrest) == (0, 2, 3)  # kept, one more unrest marker
    assert game.state.players[0].chests == chests + 6
    assert [c.owner for c in game.state.tower.tray] == [2]  # black came out: not involved, stays in the tray
    check_state(game.state)


def test_mikawa_tax_revolt_lost_clears_the_province():
    game = empty_board_game(script=[{0: 1, "farmer": 2}])
    give(game, 0, "Mikawa", 4, buildings=["theater"], unrest=2)
    chests = game.state.players[0].chests
    run_action(game, "tax", {0: "Mikawa"})
    mikawa = game.state.provinces["Mikawa"]
    assert (mikawa.owner, mikawa.armies, mikawa.buildings, mikawa.unrest) == (None, 0, [], 0)
    assert game.state.players[0].chests == chests
    assert events_of(game, "action.lapsed")[-1]["reason"] == "revolt_lost"
    check_state(game.state)


def test_kai_winter_revolt_with_three_farmers():
    """Arne is 2 rice short: 1 province revolts with 2 extra farmers + 1 per unrest marker."""
    game = empty_board_game(players=3, script=[{0: 3}])
    for prov in ("Kai", "Suruga", "Sagami", "Izu"):
        give(game, 0, prov, 3, unrest=1)
    s = game.state
    s.players[0].rice = 2 + 3  # winter card below takes 3
    s.events_face_up = [3]  # rice loss 3
    s.round.turn_order = [0, 1, 2]
    s.season = s.phase = "winter"
    s.pending = None
    flow.enter(game, "winter")
    game._run_automatic()
    rice = events_of(game, "winter.rice")[0]
    assert (rice["loss"], rice["rice"], rice["shortfall"], rice["revolts"], rice["extra_farmers"]) == (3, 2, 2, 1, 2)
    rv = events_of(game, "battle.revolt")[-1]
    assert rv["cause"] == "winter" and rv["farmers"] == 3
    assert rv["farmers_from_unrest"] == 1 and rv["extra_farmers"] == 2


def test_winter_revolts_chosen_order_and_turn_order():
    game = empty_board_game(players=3, script=[{0: 3}, {0: 3}, {1: 3}])
    for prov in ("Kai", "Suruga", "Sagami", "Izu", "Musashi"):
        give(game, 0, prov, 3)
    for prov in ("Mino", "Owari"):
        give(game, 1, prov, 3)
    s = game.state
    s.events_face_up = [7]  # no rice loss
    s.round.turn_order = [1, 0, 2]  # the autumn order applies
    s.season = s.phase = "winter"
    s.pending = None
    flow.enter(game, "winter")
    game._run_automatic()
    # seat 1 (1 short -> 1 province) goes first, then seat 0 (5 short -> 2 provinces, he orders them)
    assert game.to_decide() == ("revolt", 0)
    options = [d.province for d in game.legal_decisions()]
    assert len(options) == 2
    assert [e["player"] for e in events_of(game, "battle.revolt")] == [1]
    game.apply(Decision("revolt", 0, province=options[1]))
    assert [e["province"] for e in events_of(game, "battle.revolt")][1] == options[1]


def test_card_handed_over_from_the_planning_board():
    """Yellow planned to tax Kozuke later; blue takes Kozuke first: the card moves at once, yellow's tax lapses."""
    game = empty_board_game(script=[{BLUE: 4}])
    give(game, BLUE, "Shinano", 6)
    give(game, YELLOW, "Kozuke", 2)
    s = game.state
    run_action(game, "battle_a", {BLUE: "Shinano"}, order=[BLUE, YELLOW, 0, 2, 4])
    s.players[YELLOW].plan["tax"] = game.graph.nodes["Kozuke"]["card"]
    s.round.action_cards = ["battle_a", "tax"] + [a for a in s.round.action_cards if a not in ("battle_a", "tax")]
    game.apply(Decision("move", BLUE, province="Shinano", target="Kozuke", count=4))
    assert game.graph.nodes["Kozuke"]["card"] in s.players[BLUE].hand
    lapsed = [e for e in events_of(game, "action.lapsed") if e["player"] == YELLOW]
    assert lapsed and lapsed[0]["reason"] == "province_lost" and lapsed[0]["action"] == "tax"


def test_aki_temple_leaves_one_slot():
    game = empty_board_game()
    give(game, 0, "Aki", 2)  # 2 building slots
    for b in ("temple", "temple", "castle", "theater"):
        run_action(game, b, {0: "Aki"})
    assert game.state.provinces["Aki"].buildings == ["temple", "castle"]
    reasons = [e["reason"] for e in events_of(game, "action.lapsed")]
    assert reasons == ["already_built", "no_free_slot"]


def test_turn_order_from_bids_with_ties():
    game = new_game(players=5, seed=11)
    s = game.state
    bids = {0: "chest:3", 1: "chest:3", 2: game.state.players[2].hand[0], 3: "chest:0", 4: None}
    chests = [p.chests for p in s.players]
    for pl in s.players:
        pl.plan = {f: None for f in ("castle", "temple", "theater", "rice", "tax", "armies5", "armies3", "army1_move", "battle_a", "battle_b")}
        pl.plan["bid"] = bids[pl.seat]
    s.round.planner = 5
    s.pending = None
    game._run_automatic()
    ev = events_of(game, "order.bids")[-1]
    assert sorted(ev["pick_order"][:2]) == [0, 1] and ev["pick_order"][2:] == [2, 3, 4]
    assert [0, 1] in ev["ties"]
    assert [p.chests for p in s.players] == [chests[0] - 3, chests[1] - 3, chests[2], chests[3], chests[4]]
    # each picks a place in that order; the place fixes turn order and special card
    first = ev["pick_order"][0]
    assert game.to_decide() == ("place", first)
    game.apply(Decision("place", first, count=4))
    assert s.players[first].special == s.round.specials[4]


def test_beginner_setups_and_tower_fill():
    for n in (3, 4, 5):
        game = new_game(players=n, seed=5)
        s = game.state
        setups = COMPONENTS.beginner_setups[n]
        for seat, letter in enumerate(sorted(setups)):
            for prov, armies in setups[letter]:
                assert (s.provinces[prov].owner, s.provinces[prov].armies) == (seat, armies)
        fill = events_of(game, "setup.tower_fill")[0]
        assert fill["thrown"] == {"armies_each": 7, "farmers": 10}
        assert sum(fill["came_out"].values()) + fill["stayed_inside"] == 7 * n + 10  # 31 with 3 players
        assert s.tower.tray == []  # what fell out went back to the supplies
        assert all(p.chests == COMPONENTS.starting_chests[n] for p in s.players)
        check_state(s)


def test_scoring_majorities_ties_and_zero_buildings():
    owners = {"Aki": 0, "Bingo": 1, "Iwami": 2, "Izumo": 0}
    buildings = {"Aki": ["castle"], "Bingo": ["castle", "temple"], "Iwami": [], "Izumo": ["theater"]}
    regions = {n: "green" for n in owners}
    s = score(owners, buildings, regions, 3)
    green = s["regions"]["green"]
    assert green["castle"] == {"counts": [1, 1, 0], "winners": [0, 1], "points": 2, "tie": True}
    assert green["temple"]["winners"] == [1] and green["temple"]["points"] == 2
    assert green["theater"]["winners"] == [0] and green["theater"]["points"] == 1
    totals = [p["total"] for p in s["players"]]
    assert totals == [2 + 2 + 2 + 1, 1 + 2 + 2 + 2, 1]
    # a region where nobody built scores nobody anything
    s2 = score({"Aki": 0}, {"Aki": []}, {"Aki": "green"}, 3)
    assert s2["regions"]["green"]["castle"] == {"counts": [0, 0, 0], "winners": [], "points": 0, "tie": False}


def test_end_of_game_tie_goes_to_most_chests():
    assert winners([40, 40, 12], [3, 7, 50]) == [1]
    assert winners([40, 40], [3, 3]) == [0, 1]
