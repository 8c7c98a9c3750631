"""The guided game where Python runs in the browser (the static build): no numpy, shapely or sqlite3 there.

In a subprocess with those modules made unimportable (as on Pyodide from npm) and the shipped geometry at
hand, the guided game is made, takes Next steps that change its step text, and draws the light board
(:mod:`shogun_tutor.viz.board_light`): each province's outline, the owners' colours, a click point per province."""

import json
import subprocess
import sys

from shogun_tutor.viz import geometry, shipped

BROWSER_LIKE = (
    "import sys\n"
    "for name in ('numpy', 'shapely', 'sqlite3'):\n"
    "    sys.modules[name] = None  # as on Pyodide from npm (jsonschema: 4.17.3 there, the venv's here)\n"
    "import json\n"
    "from shogun_tutor.viz import geometry\n"
    "from shogun_tutor.session import shared_store\n"
    "from shogun_tutor.ui.game_panel import GamePanel\n"
    "assert geometry.shapely is None\n"
    "p = GamePanel(players=4, seed=1)\n"
    "texts = [p.now.value]\n"
    "for _ in range(5):\n"
    "    p.next_step()\n"
    "    texts.append(p.now.value)\n"
    "print(json.dumps({'texts': texts, 'store': shared_store()[0].kind,\n"
    "                  'traces': [t.name for t in p.board.figure.data],\n"
    "                  'fills': sorted({t.fillcolor for t in p.board.figure.data if t.name.startswith('area:')}),\n"
    "                  'armies': list(next(t for t in p.board.figure.data if t.name == 'armies').text or [])}))\n"
)


def test_the_guided_game_steps_and_draws_its_board_without_numpy_shapely_sqlite3(tmp_path):
    path = tmp_path / "geometry.json"
    path.write_text(json.dumps(geometry.for_shipping()))
    env = {"PATH": "/usr/bin:/bin", shipped.SHIPPED_ENV: str(path), "SHOGUN_TUTOR_CACHE": "off",
           "HOME": str(tmp_path), "PYTHONPATH": ":".join(sys.path)}
    run = subprocess.run([sys.executable, "-c", BROWSER_LIKE], capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    out = json.loads(run.stdout.strip().splitlines()[-1])
    assert out["store"] == "memory"
    assert len(set(out["texts"])) == 6, "each Next step changes the step text"
    # the provinces in their regions' colours (one trace per region and one for those out of play, as the full board)
    assert out["traces"].count("hit") == 1 and sum(t.startswith("area:") for t in out["traces"]) == 6
    assert len(out["fills"]) == 6
    # the full board's state layers: each owner's army token with its letter and count, the buildings, the unrest
    assert {"armies", "buildings", "labels", "highlight", "sea"} <= set(out["traces"])
    assert len(out["armies"]) >= 10 and all(a[0] in "RBYKGP" and a[1:].isdigit() for a in out["armies"]), out["armies"]


def test_the_light_board_names_provinces_as_the_sentences_do_in_every_language():
    """Chinese and Japanese sentences name a province in characters (信濃): the light board's labels do too, so a
    decision list's province is found on the board; the hover gives both writings, as the full board's does."""
    from shogun_tutor import i18n
    from shogun_tutor.board import play_board
    from shogun_tutor.text import terms
    from shogun_tutor.viz.board_base import fit
    from shogun_tutor.viz.board_light import light_traces

    try:
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            traces, _layout = light_traces(play_board("sun", 4), None, None, fit(900), None)
            labels = next(t for t in traces if t["name"] == "labels")
            hit = next(t for t in traces if t["name"] == "hit")
            i = hit["customdata"].index("Shinano")
            assert labels["text"][i] == terms.province_name("Shinano", lang), lang
            assert hit["hovertext"][i] == terms.province_intro("Shinano", lang)
            assert ("信濃" in labels["text"][i]) == (lang == "ja") and ("信浓" in labels["text"][i]) == (lang == "zh")
    finally:
        i18n.set_language("en")


def test_the_light_board_shows_every_owner_building_and_unrest_marker_of_a_game():
    """The light board draws the full board's own state layers: a token per owned province (its owner's letter and
    armies), a marker per building, an unrest marker per province with unrest, and the action's provinces outlined."""
    import random

    from shogun_tutor.board import play_board
    from shogun_tutor.rules.game import new_game
    from shogun_tutor.viz.board import Highlight
    from shogun_tutor.viz.board_base import fit, style
    from shogun_tutor.viz.board_light import light_traces

    game, rng = new_game(players=4, seed=1), random.Random(2)
    seen_buildings = seen_unrest = False
    for _ in range(400):
        decisions = game.legal_decisions()
        if not decisions:
            break
        game.apply(rng.choice(decisions))
        s = game.state
        board = play_board(s.side, s.num_players)
        traces, _layout = light_traces(board, s, Highlight("battle", "Shinano", "Kozuke"), fit(900), None)
        by = {t.get("meta") if t.get("meta") == "unrest" else t["name"]: t for t in traces}
        owned = [p for n, p in sorted(s.provinces.items()) if p.owner is not None and n not in board.excluded]
        assert by["armies"]["text"] == [f"{style(s, p.owner).letter}{p.armies}" for p in owned]
        buildings = sum(len(p.buildings) for n, p in s.provinces.items() if n not in board.excluded)
        unrest = sum(1 for n, p in s.provinces.items() if p.unrest and n not in board.excluded)
        assert len(by["buildings"]["x"]) == buildings and len(by["unrest"]["x"]) == unrest
        assert by["highlight"]["visible"] and by["highlight"]["x"].count(None) == 1  # two provinces ringed
        assert by["arrow"]["visible"] and by["arrow"]["marker"]["symbol"][-1] == "arrow"  # from Shinano to Kozuke
        assert [a["text"] for a in _layout["annotations"] if a.get("name") == "highlight"] == ["<b>Battle</b>"]
        assert by["sea"]["x"].count(None) >= 4  # the sea routes, dashed as on the full board
        seen_buildings |= buildings > 0
        seen_unrest |= unrest > 0
    assert seen_buildings and seen_unrest


def test_the_light_board_has_the_full_boards_legend_title_and_its_marked_notes():
    """The legend (players, buildings, the sea route), the title and the notes are the full board's: with three
    players on the moon side the note on the greyed provinces carries the provenance mark of the assumed list."""
    from shogun_tutor.board import play_board
    from shogun_tutor.rules.game import new_game
    from shogun_tutor.text import terms
    from shogun_tutor.viz.board_base import fit
    from shogun_tutor.viz.board_layout import layout as full_layout, legend_names
    from shogun_tutor.viz.board_light import light_traces

    board = play_board("moon", 3)
    assert board.excluded_flagged  # the moon side's list for three players is marked as assumed in the data
    state = new_game(players=3, side="moon", seed=4, setup="draft").state
    traces, layout = light_traces(board, state, None, fit(900), None)
    notes = " ".join(a["text"] for a in layout["annotations"])
    assert terms.provenance_mark(board.data.excluded_provenance) in notes
    assert layout["meta"]["orientation"] == "wide" and "3" in layout["title"]["text"]
    legend = [t["name"] for t in traces if t.get("meta") == "sea-legend" or str(t.get("meta")).startswith(("legend:", "player:"))]
    assert terms.building_name("castle") in legend and len(legend) >= 5
    # the same layout the full board makes for that board (its geometry aside): title, notes, legend rows
    full = full_layout(fit(900), board, state, "provinces", None, [], legend_names(traces))
    assert layout["title"] == full["title"] and layout["annotations"] == full["annotations"]
    tall = light_traces(board, state, None, fit(390), None)[1]
    assert tall["meta"]["orientation"] == "tall"  # the review's small boards read it (board_svg)


def test_the_light_board_draws_the_click_lesson_the_reach_and_the_way_by_sea():
    """A click on the Board tab lights up where the armies can go, a second one the shortest way (issue 52: in the
    static build the lesson's sentence changed and the map did not): the full board's layers, from shipped outlines."""
    from shogun_tutor.board import neighbours, play_board, shortest_path
    from shogun_tutor.viz import geometry
    from shogun_tutor.viz.board_base import fit
    from shogun_tutor.viz.board_light import light_traces

    board = play_board("sun", 4)
    reach = sorted(neighbours(board.graph, "Shima"))
    traces, _layout = light_traces(board, None, None, fit(900), None, selected="Shima", reach=reach)
    by = {t["name"]: t for t in traces}
    assert by["dim"]["visible"] and by["dim"]["x"].count(None) == len(board.graph) - len(reach) - 1 - 1
    assert by["reach"]["visible"] and by["reach"]["x"].count(None) == len(reach) - 1
    assert by["selected"]["visible"] and None not in by["selected"]["x"] and not by["path"]["visible"]
    assert "Izu" in reach and by["sea-selected"]["visible"]  # Shima's sea route drawn wider, as on the full board
    path = shortest_path(board.graph, "Shima", "Izu")
    traces, _layout = light_traces(board, None, None, fit(900), None, path=path)
    way = next(t for t in traces if t["name"] == "path")
    route = geometry.line_xy(geometry.sea_route("Shima", "Izu", "wide"))
    assert path == ["Shima", "Izu"] and way["visible"] and way["x"][1:-1] == route[0] and way["y"][1:-1] == route[1]
    cleared, _layout = light_traces(board, None, None, fit(900), None)
    assert not any(t["visible"] for t in cleared if t["name"] in ("dim", "reach", "path", "selected"))


def test_the_light_board_draws_the_action_as_the_full_board_by_sea_and_for_a_tied_region():
    from shogun_tutor.board import play_board
    from shogun_tutor.viz import geometry
    from shogun_tutor.viz.board import Highlight
    from shogun_tutor.viz.board_base import fit
    from shogun_tutor.viz.board_light import light_traces

    board = play_board("sun", 4)
    traces, layout = light_traces(board, None, Highlight("move", "Shima", "Izu"), fit(900), None)
    arrow = next(t for t in traces if t["name"] == "arrow")
    route = geometry.line_xy(geometry.sea_route("Shima", "Izu", "wide"))
    assert arrow["x"] == route[0] and arrow["y"] == route[1]  # along the sea route (the full board trims the same way)
    assert [a["text"] for a in layout["annotations"] if a.get("name") == "highlight"] == ["<b>Move</b>"]
    traces, layout = light_traces(board, None, Highlight("tie", "", regions=("red",)), fit(900), None)
    ring = next(t for t in traces if t["name"] == "highlight")
    red = [n for n in board.graph if board.graph.nodes[n]["region"] == "red"]
    assert ring["x"].count(None) == len(red) - 1 and not next(t for t in traces if t["name"] == "arrow")["visible"]
    traces, layout = light_traces(board, None, None, fit(900), None)
    assert not any(t["visible"] for t in traces if t["name"] in ("highlight", "arrow"))
    assert not [a for a in layout["annotations"] if a.get("name") == "highlight"]
