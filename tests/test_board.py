"""Province graphs of both board sides: the facts the issue lists, checked on the graphs."""

import networkx as nx
import pytest

from shogun_tutor.board import (
    border_provinces,
    neighbours,
    province_graph,
    provinces_of_region,
    regions_touched,
    shortest_path,
)
from shogun_tutor.data import BOARD, COMPONENTS, SIDES

SEA_ROUTES = {
    frozenset(p)
    for p in [
        ("Izu", "Shima"),
        ("Izu", "Awa-Boso"),
        ("Kii", "Awa-Shikoku"),
        ("Harima", "Sanuki"),
        ("Iyo", "Aki"),
        ("Kaga", "Tajima"),
    ]
}


@pytest.mark.parametrize("side", SIDES)
def test_45_provinces_in_5_regions_of_9(side):
    g = province_graph(side)
    assert g.number_of_nodes() == 45
    regions = {}
    for _, region in g.nodes(data="region"):
        regions[region] = regions.get(region, 0) + 1
    assert regions == {r: 9 for r in BOARD.regions}
    assert len(regions) == 5


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("players", [3, 4, 5])
def test_graph_is_connected_and_undirected(side, players):
    g = province_graph(side, players)
    assert not g.is_directed()
    assert nx.is_connected(g)
    assert g.number_of_nodes() == (37 if players == 3 else 45)


@pytest.mark.parametrize("side", SIDES)
def test_exactly_the_six_sea_routes(side):
    g = province_graph(side)
    sea = {frozenset((a, b)) for a, b, k in g.edges(data="kind") if k == "sea"}
    assert sea == SEA_ROUTES
    assert {k for _, _, k in g.edges(data="kind")} == {"land", "sea"}


def test_eight_provinces_change_region_between_the_sides():
    sun, moon = province_graph("sun"), province_graph("moon")
    changed = {n for n in sun if sun.nodes[n]["region"] != moon.nodes[n]["region"]}
    assert len(changed) == 8
    # exactly those provinces have a card of their own on each side
    assert changed == {p.name for p in BOARD.provinces if p.own_card_per_side}


def test_53_province_cards():
    cards = BOARD.province_cards()
    assert len(cards) == 53 == len(set(cards))
    # each side uses one card per province
    for side in SIDES:
        assert len({BOARD.card_for(p.name, side) for p in BOARD.provinces}) == 45


@pytest.mark.parametrize("side", SIDES)
def test_three_player_graph_drops_the_eight_marked_provinces(side):
    g3, g5 = province_graph(side, 3), province_graph(side, 5)
    dropped = set(g5) - set(g3)
    assert dropped == set(BOARD.side(side).three_player_excluded)
    assert len(dropped) == 8
    assert all(g5.nodes[n]["three_player_excluded"] for n in dropped)
    assert not any(g3.nodes[n]["three_player_excluded"] for n in g3)


def test_moon_exclusions_are_marked_as_assumed():
    assert BOARD.side("sun").excluded_provenance.status == "verified"
    moon = BOARD.side("moon").excluded_provenance
    assert moon.status == "ASSUMED" and moon.flagged
    assert province_graph("moon", 3).nodes["Hida"]["excluded_status"] == "ASSUMED"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_beginner_setups_use_provinces_in_play(players):
    g = province_graph(COMPONENTS.beginner_setup_side, players)
    setup = COMPONENTS.beginner_setups[players]
    assert len(setup) == players
    for seat, rows in setup.items():
        assert [a for _, a in rows] == list(COMPONENTS.start_groups[players])
        for province, _ in rows:
            assert province in g, f"{seat}: {province} is not in play with {players} players"


def test_node_attributes():
    n = province_graph("sun").nodes["Etchu"]
    assert (n["tax"], n["rice"], n["building_slots"], n["kanji"], n["region"]) == (7, 3, 3, "越中", "brown")
    assert n["xy"] == (1318.5, 812.0)
    assert province_graph("moon").nodes["Echizen"]["region"] == "brown"
    assert province_graph("sun").nodes["Echizen"]["region"] == "red"


def test_queries():
    g = province_graph("sun")
    assert neighbours(g, "Izu") == {"Sagami", "Suruga", "Shima", "Awa-Boso"}
    assert sorted(provinces_of_region(g, "yellow")) == sorted(
        ["Awa-Boso", "Izu", "Kai", "Kazusa", "Musashi", "Sagami", "Shimosa", "Suruga", "Totomi"]
    )
    assert regions_touched(g, ["Izu", "Echizen", "Mino"]) == {"yellow", "red"}
    assert border_provinces(g, ["Iyo", "Tosa", "Awa-Shikoku", "Sanuki"]) == {"Iyo", "Awa-Shikoku", "Sanuki"}
    assert shortest_path(g, "Shima", "Awa-Boso") == ["Shima", "Izu", "Awa-Boso"]
    # with 3 players Awa-Boso is out of play
    g3 = province_graph("sun", 3)
    with pytest.raises(ValueError, match="not in play"):
        neighbours(g3, "Awa-Boso")


@pytest.mark.parametrize(
    "args, message",
    [
        (("mars",), "unknown board side 'mars'"),
        (("sun", 2), "3 to 5 players, got 2"),
        (("sun", 6), "3 to 5 players, got 6"),
        (("sun", "4"), "whole number"),
    ],
)
def test_bad_parameters_are_clear_errors(args, message):
    with pytest.raises(ValueError, match=message):
        province_graph(*args)


def test_unknown_queries_raise():
    g = province_graph("sun")
    with pytest.raises(ValueError, match="unknown province 'Edo'"):
        neighbours(g, "Edo")
    with pytest.raises(ValueError, match="unknown region"):
        provinces_of_region(g, "blue")


def test_graphs_are_frozen_so_callers_cannot_corrupt_the_cache():
    g = province_graph("sun")
    with pytest.raises(nx.NetworkXError):
        g.add_node("Edo")


def test_the_board_side_is_resolved_once_into_one_object_per_side_and_count():
    from shogun_tutor.board import play_board
    from shogun_tutor.data import BOARD as DATA
    from shogun_tutor.rules.game import new_game

    b = play_board("moon", 3)
    assert b is play_board("moon", 3) and b is not play_board("moon", 4)
    assert b.excluded == DATA.side("moon").three_player_excluded and not play_board("moon", 4).excluded
    assert set(b.graph) == set(b.full) - b.excluded and b.other == "sun"
    assert b.excluded_flagged == DATA.side("moon").excluded_provenance.flagged
    assert new_game(players=3, side="moon", seed=1, setup="draft").rules.board is b
    with pytest.raises(ValueError):
        play_board("mars", 3)
