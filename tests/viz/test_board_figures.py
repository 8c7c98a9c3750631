"""Board figures for both sides and all player counts, their hover texts, and the click lesson."""

from types import SimpleNamespace

import pytest

from shogun_tutor.board import province_graph
from shogun_tutor.data import BOARD
from shogun_tutor.rules.game import new_game
from shogun_tutor.ui.board_panel import BoardPanel
from shogun_tutor.viz.board import Highlight, board_figure, changed_provinces, highlight_from_event, hover_text, regions_figure
from shogun_tutor.viz.geometry import province_shapes




@pytest.mark.parametrize("side", ["sun", "moon"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_figures_match_the_graph(side, players):
    fig = board_figure(side, players)
    g = province_graph(side, players)
    areas = [t for t in fig.data if t.meta == "province"]
    assert len(areas) == 45  # out-of-play provinces are drawn too, greyed
    greyed = {t.name for t in areas if t.fillpattern and t.fillpattern.shape == "x"}
    assert greyed == (set(BOARD.side(side).three_player_excluded) if players == 3 else set())
    labels = next(t for t in fig.data if t.name == "labels")
    assert len(labels.text) == 45
    assert sum("✕" in t for t in labels.text) == (8 if players == 3 else 0)
    sea = next(t for t in fig.data if t.name == "sea")
    sea_edges = [(a, b) for a, b, k in g.edges(data="kind") if k == "sea"]
    assert len(sea.x) == 3 * len(sea_edges) and sea.line.dash == "dash"
    regions = {t.fillcolor for t in areas if t.name in g}
    assert len(regions) == 5


def test_shapes_do_not_overlap():
    shapes = province_shapes()
    names = sorted(shapes)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert shapes[a].intersection(shapes[b]).area < 1.0, (a, b)


def test_hover_text_has_the_right_values():
    text = hover_text("Settsu", "sun", 5)
    assert "Settsu 摂津" in text and "Purple region" in text and "Tax: 7 · Rice: 3" in text
    assert "Building slots: 1 free of 1" in text
    assert "Neighbours: Harima, Kii, Omi, Tamba, Yamato" in text
    izu = hover_text("Izu", "sun", 5)
    assert "Awa-Boso ⚓" in izu and "Shima ⚓" in izu
    moon = hover_text("Tosa", "moon", 3)
    assert "Out of play with three players (⚠ assumed)" in moon


def test_hover_shows_the_game_state():
    game = new_game(players=4, seed=1)
    s = game.state
    s.provinces["Yamato"].buildings = ["castle"]
    s.provinces["Yamato"].unrest = 2
    text = hover_text("Yamato", "sun", 4, s)
    assert "Owner: Red · Armies: 5" in text
    assert "Buildings: Castle" in text and "Unrest markers: 2" in text
    assert "Building slots: 1 free of 2" in text
    fig = board_figure(state=s, highlight=Highlight("battle", "Yamato", "Ise"))
    armies = next(t for t in fig.data if t.name == "armies")
    assert "R5" in armies.text
    assert next(t for t in fig.data if t.meta == "castle").x  # one castle drawn
    assert fig.layout.annotations and any(a.showarrow for a in fig.layout.annotations)


def test_highlights_from_log_events():
    assert highlight_from_event({"rule": "battle.result", "province": "Kozuke", "source": "Shinano"}) == Highlight("battle", "Shinano", "Kozuke")
    assert highlight_from_event({"rule": "action.income", "province": "Settsu", "action": "tax"}) == Highlight("tax", "Settsu")
    assert highlight_from_event({"rule": "round.start"}) is None


def test_eight_changed_provinces_and_regions_view():
    assert len(changed_provinces()) == 8
    fig = board_figure("sun", 5, show_changes=True)
    thick = [t.name for t in fig.data if t.meta == "province" and t.line.color == "#000000"]
    assert sorted(thick) == changed_provinces()
    state = SimpleNamespace(side="sun", num_players=3, provinces={
        "Aki": SimpleNamespace(owner=0, buildings=["castle"]), "Bingo": SimpleNamespace(owner=1, buildings=["castle"]),
        "Mino": SimpleNamespace(owner=2, buildings=[])}, players=[])
    rf = regions_figure(state)
    assert len(rf.data) == 3
    assert "R+2" in rf.data[0].text and "B+2" in rf.data[1].text  # a tie: one point less


def test_click_lesson_reach_and_shortest_path():
    panel = BoardPanel(side="sun", players=5)
    panel.select("Shima")
    reach = [t.name for t in panel.figure.data if t.meta == "province" and t.line.color == "#0072B2"]
    assert sorted(reach) == ["Ise", "Izu"]
    assert "By sea route: Izu." in panel.lesson.value
    panel.select("Awa-Boso")
    assert "Shima → Izu → Awa-Boso (2 moves)" in panel.lesson.value.replace("&gt;", ">")
    assert len(next(t for t in panel.figure.data if t.name == "path").x) == 3
    panel.players.value = 3
    panel.select("Tosa")
    assert "out of play" in panel.lesson.value


def test_panel_follows_a_game_state():
    game = new_game(players=3, seed=2)
    panel = BoardPanel()
    panel.set_state(game.state, Highlight("tax", "Suruga"))
    assert panel.players.value == 3 and panel.side.value == "sun"
    assert any(t.name == "armies" for t in panel.figure.data)
    panel.view.value = "regions"
    assert panel._box.children[0] is panel.regions
