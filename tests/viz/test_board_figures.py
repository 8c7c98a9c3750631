"""Board figures for both sides, all player counts and screen widths; hover texts; state layers;
highlights; the side differences and region majorities; the panel and its click lesson."""

import re
from dataclasses import dataclass, field
from types import SimpleNamespace

import pytest
from shapely.geometry import Point

from shogun_tutor import i18n
from shogun_tutor.board import play_board, province_graph
from shogun_tutor.data import BOARD
from shogun_tutor.rules.game import new_game
from shogun_tutor.ui.board_panel import BoardPanel
from shogun_tutor.viz import geometry as geo
from shogun_tutor.viz.board import (
    Highlight,
    board_figure,
    changed_provinces,
    fit,
    highlight_from_event,
    hover_text,
    region_summaries,
    trace_key,
)
from shogun_tutor.viz.palette import EXCLUDED_FILL, PLAYER_STYLES, REGION_FILLS, REGION_LINES

SIDES = ["sun", "moon"]
PLAYERS = [3, 4, 5]


# --- a tiny fake game state with exactly the attributes the figures read ------------------------
@dataclass
class FakeProvince:
    owner: int | None = None
    armies: int = 0
    buildings: list = field(default_factory=list)
    unrest: int = 0


def fake_state(side="sun", players=4, colours=("blue", "red", "yellow", "black", "purple")):
    excluded = BOARD.side(side).three_player_excluded if players == 3 else set()
    provinces = {p.name: FakeProvince() for p in BOARD.provinces if p.name not in excluded}
    provinces["Settsu"] = FakeProvince(owner=0, armies=4, buildings=["castle"], unrest=1)
    provinces["Yamato"] = FakeProvince(owner=1, armies=3, buildings=["theater", "temple"])
    provinces["Ise"] = FakeProvince(owner=2, armies=1)
    provinces["Owari"] = FakeProvince(owner=None, unrest=2)
    provinces["Kii"] = FakeProvince(owner=1, armies=2, buildings=["castle"])
    return SimpleNamespace(side=side, num_players=players, provinces=provinces,
                           players=[SimpleNamespace(colour=c) for c in colours[:players]])


def by_name(fig, name):
    return next(t for t in fig.data if t.name == name)


def _segments(trace) -> int:
    """How many parts (separated by None) a trace's outline has."""
    return list(trace.x).count(None) + 1 if trace.x else 0


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


# --- the board matches the graph ----------------------------------------------------------------
@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("width", [None, 800, 390])
def test_figures_match_the_graph(side, players, width):
    fig = board_figure(side, players, width=width)
    g = province_graph(side, players)
    excluded = set(BOARD.side(side).three_player_excluded) if players == 3 else set()
    areas = {t.name: t for t in fig.data if t.meta == "area"}
    assert sorted(areas) == sorted([f"area:{r}" for r in BOARD.regions] + ["area:out"])
    shapes = geo.province_shapes(fit(width).orientation)
    for region in BOARD.regions:  # one trace per region, each province one closed outline in it
        names = [n for n in g if g.nodes[n]["region"] == region]
        assert areas[f"area:{region}"].fillcolor == REGION_FILLS[region]
        assert _segments(areas[f"area:{region}"]) == sum(len(getattr(shapes[n], "geoms", [shapes[n]])) for n in names)
    out = areas["area:out"]  # out-of-play ones greyed and crossed
    assert out.fillcolor == EXCLUDED_FILL and out.fillpattern.shape == "x"
    assert _segments(out) == sum(len(getattr(shapes[n], "geoms", [shapes[n]])) for n in excluded)
    labels, kanji = by_name(fig, "labels"), by_name(fig, "kanji")
    assert sorted(labels.customdata) == sorted(p.name for p in BOARD.provinces)
    assert list(labels.text) == list(labels.customdata) and labels.textfont.weight == "bold"
    assert all(text.startswith(BOARD.province(n).kanji) for n, text in zip(labels.customdata, kanji.text))
    marked = {n for n, text in zip(labels.customdata, kanji.text) if "✕" in text}
    assert marked == excluded
    sea_edges = {frozenset((a, b)) for a, b, k in g.edges(data="kind") if k == "sea"}
    assert _segments(by_name(fig, "sea")) == len(sea_edges) and by_name(fig, "sea").line.dash == "dash"
    assert _segments(by_name(fig, "sea-out")) == 6 - len(sea_edges)
    assert by_name(fig, "sea-out").visible is (len(sea_edges) < 6)  # nothing to draw: not drawn
    hit = by_name(fig, "hit")  # one hover layer: each point names its province, each text is sent once
    assert hit.mode == "none" and set(hit.customdata) == {p.name for p in BOARD.provinces}
    assert list(hit.meta) == [hover_text(p.name, play_board(side, players)) for p in BOARD.provinces]
    names = [p.name for p in BOARD.provinces]
    assert all(t == f"%{{meta[{names.index(n)}]}}" for n, t in zip(hit.customdata, hit.hovertemplate))
    assert hit.hoverlabel.namelength == 0  # no name box beside the text
    assert len(fig.data) <= 45  # plotly.js redraws every trace on every update
    assert len({trace_key(t) for t in fig.data}) == len(fig.data)


def test_trace_ids_do_not_depend_on_state_view_or_lesson():
    """The panel updates the figure in place only when the trace ids match."""
    plain = [trace_key(t) for t in board_figure("sun", 4).data]
    busy = board_figure(state=fake_state(), highlight=Highlight("battle", "Yamato", "Ise"), view="regions",
                        selected="Ise", reach=["Owari"], width=500)
    assert [trace_key(t) for t in busy.data] == plain
    assert [trace_key(t) for t in board_figure("moon", 4, path=["Aki", "Iyo"]).data] == plain


def test_provinces_look_like_the_board():
    shapes = geo.province_shapes()
    names = sorted(shapes)
    for i, a in enumerate(names):
        assert shapes[a].contains(Point(geo.label_point(a))), a
        for b in names[i + 1:]:
            assert shapes[a].intersection(shapes[b]).area < 1.0, (a, b)
    # neighbours by land share a border; Shikoku is an island
    for b in BOARD.borders:
        touching = shapes[b.a].buffer(2).intersects(shapes[b.b])
        assert touching == (b.kind == "land"), (b.a, b.b, b.kind)
    shikoku = {"Iyo", "Tosa", "Awa-Shikoku", "Sanuki"}
    assert any(set(island) == shikoku for island in geo.islands())
    # sea routes run over water and touch both ends
    land = geo.land()
    for b in BOARD.borders:
        if b.kind == "sea":
            route = geo.sea_route(b.a, b.b)
            assert shapes[b.a].contains(Point(route.coords[0])) and shapes[b.b].contains(Point(route.coords[-1]))
            others = land.difference(shapes[b.a].union(shapes[b.b]).buffer(12))
            assert route.intersection(others).length == 0, (b.a, b.b)


def test_phone_width_turns_the_board():
    phone, laptop = fit(380), fit(1400)
    assert phone.orientation == "tall" and laptop.orientation == "wide"
    assert laptop.font > fit(800).font >= 8
    tall = board_figure("sun", 5, width=380)
    wide = board_figure("sun", 5, width=1400)
    assert tall.layout.height > wide.layout.height
    x, y = geo.label_point("Mutsu", "tall")
    assert y > geo.label_point("Aki", "tall")[1]  # east is up


# --- hover ------------------------------------------------------------------------------------------
def test_hover_text_has_the_right_values():
    text = hover_text("Settsu", play_board("sun", 5))
    assert "Settsu 摂津" in text and "Purple region" in text and "Tax: 7 · Rice: 3" in text
    assert "Building slots: 1 (0 used, 1 free)" in text
    assert "Neighbours: Harima, Kii, Omi, Tamba,<br>    Yamato" in text
    izu = hover_text("Izu", play_board("sun", 5))
    assert "Tax: 6 · Rice: 2" in izu and "Awa-Boso ⚓" in izu and "Shima ⚓" in izu and "Sagami" in izu
    assert "Building slots: 3 (0 used, 3 free)" in izu
    echizen = hover_text("Echizen", play_board("sun", 5))
    assert "Red region" in echizen and "Moon side: Brown region" in echizen
    moon = hover_text("Tosa", play_board("moon", 3))
    assert "Out of play with three players (⚠ assumed)" in moon and "documented assumption" in moon
    sun = hover_text("Tosa", play_board("sun", 3))
    assert "Out of play with three players" in sun and "assumed" not in sun


def test_hover_shows_the_game_state():
    state = fake_state()
    text = hover_text("Settsu", play_board("sun", 4), state)
    assert "Owner: B Blue · Armies: 4" in text  # seat 0 plays blue here: the colour comes from the state
    assert "Buildings: Castle" in text and "Unrest markers: 1" in text
    assert "Building slots: 1 (1 used, 0 free)" in text
    yamato = hover_text("Yamato", play_board("sun", 4), state)
    assert "Owner: R Red · Armies: 3" in yamato and "Nō theater" in yamato and "Temple" in yamato
    assert "Neutral" in hover_text("Owari", play_board("sun", 4), state)
    fig = board_figure(state=state)
    # the hover grid holds what the board says (sent once); the token holds the state
    assert hover_text("Settsu", play_board("sun", 4)) in by_name(fig, "hit").meta
    armies = by_name(fig, "armies")
    token = armies.hovertext[list(armies.text).index("B4")]
    assert "Settsu" in token and "Owner: B Blue · Armies: 4" in token and "Unrest markers: 1" in token


def test_state_layers():
    state = fake_state()
    fig = board_figure(state=state)
    armies = by_name(fig, "armies")
    assert sorted(armies.text) == sorted(["B4", "R3", "Y1", "R2"]) and armies.textfont.weight == "bold"
    i = list(armies.text).index("B4")
    assert armies.marker.color[i] == PLAYER_STYLES["blue"].fill
    buildings = by_name(fig, "buildings")  # one trace, each point its shape
    assert sorted(buildings.marker.symbol) == ["circle", "square", "square", "triangle-up"]
    assert buildings.marker.opacity == 1
    unrest = next(t for t in fig.data if t.meta == "unrest")
    assert sorted(unrest.text) == ["1", "2"]
    assert by_name(fig, "owner:1").line.color == PLAYER_STYLES["red"].fill
    assert by_name(fig, "owner:1").x.count(None) == 2  # Yamato and Kii
    assert not by_name(fig, "owner:3").x  # black holds nothing
    legend = [t.name for t in sorted((t for t in fig.data if t.showlegend), key=lambda t: t.legendrank)]
    assert legend[:4] == ["B Blue", "R Red", "Y Yellow", "K Black"]
    assert "Castle" in legend and "Unrest markers" in legend
    # without a state the layers are empty (and out of the legend)
    empty = board_figure("sun", 4)
    assert not by_name(empty, "armies").x and not any(t.showlegend for t in empty.data if t.meta != "sea-legend")
    assert by_name(empty, "armies").visible is False and by_name(empty, "buildings").visible is False


def test_highlights():
    state = fake_state()
    battle = board_figure(state=state, highlight=Highlight("battle", "Yamato", "Ise"))
    arrow = by_name(battle, "arrow")
    assert len(arrow.x) == 2 and arrow.marker.symbol[-1] == "arrow"
    assert [a.text for a in battle.layout.annotations if a.name == "highlight"] == ["<b>Battle</b>"]
    by_sea = board_figure(state=state, highlight=Highlight("move", "Shima", "Izu"))
    route = geo.sea_route("Shima", "Izu")
    assert list(by_name(by_sea, "arrow").x) == geo.line_xy(route)[0]  # along the sea route, from Shima to Izu
    tax = board_figure(state=state, highlight=Highlight("tax", "Settsu"))
    assert not by_name(tax, "arrow").x and by_name(tax, "highlight").x
    assert [a.text for a in tax.layout.annotations if a.name == "highlight"] == ["<b>Tax</b>"]
    with pytest.raises(KeyError):
        board_figure(state=state, highlight=Highlight("tax", "Atlantis"))


def test_highlights_from_log_events():
    assert highlight_from_event({"rule": "battle.result", "province": "Kozuke", "source": "Shinano"}) == Highlight("battle", "Shinano", "Kozuke")
    assert highlight_from_event({"rule": "move.armies", "province": "Shima", "target": "Izu"}) == Highlight("move", "Shima", "Izu")
    assert highlight_from_event({"rule": "action.income", "province": "Settsu", "action": "tax"}) == Highlight("tax", "Settsu")
    assert highlight_from_event({"rule": "action.build", "province": "Settsu"}) == Highlight("build", "Settsu")
    assert highlight_from_event({"rule": "round.start"}) is None


# --- the two sides and the regions ------------------------------------------------------------------
@pytest.mark.parametrize("side", SIDES)
def test_eight_changed_provinces_are_pointed_out(side):
    changed = changed_provinces()
    assert len(changed) == 8
    other = "moon" if side == "sun" else "sun"
    fig = board_figure(side, 5, view="changes")
    hatches = {t.name.split(":")[1]: t for t in fig.data if t.meta == "hatch"}
    assert sorted(hatches) == sorted(BOARD.regions)
    shapes = geo.province_shapes()
    for region, hatch in hatches.items():  # over the areas, in the colour of the region on the other side
        assert hatch.fillpattern.shape == "/" and hatch.fillpattern.fgcolor == REGION_LINES[region]
        names = [n for n in changed if BOARD.province(n).region(other) == region]
        assert _segments(hatch) == sum(len(getattr(shapes[n], "geoms", [shapes[n]])) for n in names)
    assert sum(_segments(t) for t in hatches.values()) >= 8
    assert any("8 provinces" in a.text for a in fig.layout.annotations)
    plain = board_figure(side, 5)
    assert all(not t.x and t.visible is False for t in plain.data if t.meta == "hatch")


def test_regions_view_shows_the_majorities():
    state = fake_state()
    summaries = region_summaries(play_board("sun", 4), state)
    purple = summaries["purple"]
    assert purple[0] == "<b>Purple region</b>"
    # castles in purple: blue (Settsu) 1, red (Kii) 1: a tie, each one point less
    assert "Castle: <b>B1</b> <b>R1</b> → tie: BR +2 each" in purple
    assert "Temple: <b>R1</b> → R +2" in purple and "Nō theater: <b>R1</b> → R +1" in purple
    assert summaries["green"][1:] == ["Castle: —", "Temple: —", "Nō theater: —"]
    fig = board_figure(state=state, view="regions")
    boxes = [a for a in fig.layout.annotations if (a.name or "").startswith("region:")]
    assert len(boxes) == 5 and any("tie: BR +2 each" in a.text for a in boxes)
    bare = region_summaries(play_board("moon", 3))
    assert "Provinces:" in bare["green"][1]


def test_texts_follow_the_language():
    i18n.set_language("nl")
    fig = board_figure("moon", 5)
    assert "Maanzijde" in fig.layout.title.text
    assert "Buren:" in by_name(fig, "hit").meta[0]


# --- the panel ----------------------------------------------------------------------------------------
def test_click_lesson_reach_and_shortest_path():
    panel = BoardPanel(side="sun", players=5)
    hit = by_name(panel.figure, "hit")
    point = list(hit.customdata).index("Shima")
    panel._on_click(hit, SimpleNamespace(point_inds=[point]), None)  # what a click in the browser does
    assert panel.selected == ["Shima"]
    rings = by_name(panel.figure, "reach")
    assert rings.x.count(None) == 2  # Ise and Izu
    assert "By sea route: Izu." in panel.lesson.value
    panel.select("Awa-Boso")
    assert "Shima → Izu → Awa-Boso (2 moves)" in panel.lesson.value
    assert len(by_name(panel.figure, "path").x) > 3  # via the sea routes
    panel.select("Awa-Boso")  # a third click starts again
    assert panel.selected == ["Awa-Boso"]
    panel.select("Awa-Boso")  # the same again: cleared
    assert panel.selected == []
    panel.players.value = 3
    panel.select("Tosa")
    assert "out of play" in panel.lesson.value and panel.selected == []
    panel.close()


def test_panel_updates_in_place_and_follows_a_game():
    game = new_game(players=3, seed=2)
    panel = BoardPanel()
    traces = list(panel.figure.data)
    panel.players.value = 4
    panel.set_state(fake_state(), Highlight("tax", "Settsu"))
    assert all(a is b for a, b in zip(traces, panel.figure.data))  # same trace objects: no flicker
    assert by_name(panel.figure, "armies").x
    panel.set_state(game.state, Highlight("tax", "Suruga"))
    assert panel.players.value == 3 and panel.side.value == "sun"
    assert by_name(panel.figure, "armies").x
    panel.view.value = "regions"
    assert any((a.name or "").startswith("region:") for a in panel.figure.layout.annotations)
    panel.view.value = "changes"
    assert "change region" in panel.lesson.value
    panel.side.value = "moon"  # exploring another board drops the game
    assert panel.state is None and not by_name(panel.figure, "armies").x
    panel.close()


def test_panel_follows_width_and_language():
    panel = BoardPanel()
    assert panel.figure.layout.meta["orientation"] == "wide"
    panel.probe.width = 390  # the browser reports a phone
    assert panel.figure.layout.meta["orientation"] == "tall"
    assert panel.figure.layout.height > 800 and panel.figure.layout.width == 390
    i18n.set_language("nl")
    assert panel.view.options[0][0] == "Speelbord" and "Maanzijde" in panel.side.options[1][0]
    assert "Buren:" in by_name(panel.figure, "hit").meta[0]
    panel.close()
    i18n.set_language("en")
    assert "Buren:" in by_name(panel.figure, "hit").meta[0]  # a closed panel no longer listens


# --- what a step sends ------------------------------------------------------------------------------
STATIC = ("coast", "regions", "labels", "kanji", "hit")


def _updates(widget):
    """Record the updates the FigureWidget sends to the browser."""
    sent = []
    widget.observe(lambda c: c["new"] is not None and sent.append(c["new"]), names="_py2js_update")
    return sent


def test_a_step_sends_only_the_state_layers():
    import json

    game = new_game(players=4, seed=3)
    panel = BoardPanel(choose_board=False)
    panel.probe.width = 900
    panel.set_state(game.state)
    first = json.dumps(panel.figure.to_plotly_json())
    assert len(first) <= 100_000, len(first)  # the board's first payload
    static = {i for i, t in enumerate(panel.figure.data)
              if t.name in STATIC or t.meta in ("area", "hatch") or str(t.meta).startswith("legend:")}
    assert len(static) == len(STATIC) + 6 + 5 + 3
    sent = _updates(panel.figure)
    for _ in range(12):
        game.apply(game.legal_decisions()[0])
        panel.set_state(game.state, Highlight("province", "Settsu"))
    assert sent, "the steps sent nothing"
    for msg in sent:
        assert not static & set(msg["style_traces"]), msg["style_traces"]
        assert len(json.dumps(msg, default=str)) < 30_000
    assert panel.figure._widget_data is panel.figure._data  # a page connecting later gets the current board
    panel.close()


@pytest.mark.parametrize("width", [900, 380])
def test_a_callout_never_covers_the_name_it_points_at(width):
    """"Armies placed" and the other callouts stand clear of their province's name, on the board
    (a callout placed by the names' centres alone covered part of Settsu's name)."""
    from shogun_tutor.rules.game import new_game
    from shogun_tutor.viz import board_labels, board_state
    from shogun_tutor.viz.board import Highlight, board_traces
    from shogun_tutor.viz.board_base import fit

    state = new_game(players=5, side="sun", seed=3).state
    for name in sorted(state.provinces):
        traces, layout = board_traces(state=state, highlight=Highlight("armies", name), width=width)
        callout = next(a for a in layout["annotations"] if a.get("name") == "highlight")
        f = fit(width)
        label = re.sub("<[^>]+>", "", callout["text"])
        hw, hh = board_state.callout_half_size(label, f)
        cx, cy = callout["x"] + f.px(callout["ax"]), callout["y"] - f.px(callout["ay"])
        labels, kanji = (next(t for t in traces if t["name"] == n) for n in ("labels", "kanji"))
        i = labels["customdata"].index(name)
        first, second = labels["text"][i], kanji["text"][i] if kanji.get("visible", True) else ""
        l0, b0, r0, t0 = board_labels.name_box(first, second, f)
        lx, ly = labels["x"][i], (labels["y"][i] + kanji["y"][i]) / 2 if second else labels["y"][i]
        callout_box, name_box = [cx - hw, cy - hh, cx + hw, cy + hh], [lx + l0, ly + b0, lx + r0, ly + t0]
        assert board_state.overlap_area(callout_box, name_box) == 0, name
        x0, y0, x1, y1 = geo.bounds(f.orientation)
        assert x0 <= cx - hw and cx + hw <= x1 and y0 <= cy - hh and cy + hh <= y1, name
