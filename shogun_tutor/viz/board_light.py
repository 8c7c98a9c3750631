"""The board where shapely and numpy are missing (the static build, Python in the browser): a plain plotly figure.

:func:`.board.board_traces` places names clear of each other (numpy), draws outlines simplified and inset,
sea routes and region names (shapely). In the browser the province outlines and the sea routes are at hand
(shipped by the build: :mod:`.shipped`), so this draws with them, using the full board's own functions
wherever they need neither:

* the provinces in their regions' colours (one trace per region, as the full board), the sea routes
  (:func:`.board_state.sea_routes`), the action (:func:`.board_state.action_layers`: its provinces ringed, an
  arrow for a move or a battle, a callout naming it, straight above);
* each province's name (as the sentences write it: characters in Chinese and Japanese) at the middle of its
  outline and under it the state layers (:func:`.board_state.state_layers`: the owner's army token with its
  letter and count, the buildings, the unrest markers);
* the click lesson (:func:`.board_state.lesson_layers`: the rest dimmed, the reach, the shortest way);
* a hover/click point per province (the trace named ``hit``, as the full board's);
* the legend, title and notes (:func:`.board_layout.layout`: the provinces out of play with their provenance
  mark, the regions view's majorities).

Pure Python, a few ms.
"""

from __future__ import annotations

from html import escape
from typing import Any, Iterable, Sequence

from ..board import PlayBoard
from ..data import BOARD
from ..i18n import _
from ..text import terms
from . import geometry as geo
from .board_base import HIGHLIGHT_LABELS, Fit, append_polyline
from .board_layout import layout as board_layout, legend_names
from .board_state import (action_layers, action_names, callout, lesson_layers, player_legend, sea_routes,
                          state_layers, trimmed)
from .board_static import legend_layers
from .palette import EXCLUDED_FILL, REGION_FILLS

PROVINCE_EDGE = {"color": "#6b4f2a", "width": 0.8}


def _middle(coords) -> tuple[float, float]:
    xs = [x for x, _y in coords]
    ys = [y for _x, y in coords]
    return (round((min(xs) + max(xs)) / 2, 1), round((min(ys) + max(ys)) / 2, 1))


def _joined(outlines: dict[str, tuple[list, list]], names) -> tuple[list, list]:
    """The outlines of ``names`` as one trace's points (separated by ``None``)."""
    xs: list = []
    ys: list = []
    for name in names:
        append_polyline(xs, ys, *outlines[name])
    return xs, ys


def _way(f: Fit, g, middles: dict[str, tuple[float, float]], a: str, b: str) -> list[tuple[float, float]]:
    """Points from province ``a``'s middle to its neighbour ``b``'s: straight over land, along the sea route by sea
    (:func:`.board_state._edge_line` on the full board, from the names' points)."""
    by_sea = g.has_edge(a, b) and g.edges[a, b]["kind"] == "sea"
    return [middles[a], *(geo.sea_route(a, b, f.orientation).coords if by_sea else ()), middles[b]]


def _lesson(f: Fit, g, outlines: dict[str, tuple[list, list]], middles: dict[str, tuple[float, float]],
            selected: str | None, reach: set[str], path: list[str]) -> list[dict]:
    """The click lesson as the full board draws it (:func:`.board_state.lesson_layers`: the same layers, names and
    colours), from the shipped outlines: the rest of the provinces in play dimmed, the reachable ones' outlines dotted,
    the shortest way through the provinces' middles (along the sea route by sea), the ends outlined."""
    keep = set(path) if path else (reach | {selected} if selected else set())
    dim = _joined(outlines, [n for n in outlines if n in g and n not in keep]) if keep else ([], [])
    rings = _joined(outlines, [n for n in (path[1:-1] if path else sorted(reach)) if n in g])
    px: list = []
    py: list = []
    for a, b in zip(path, path[1:]):
        points = _way(f, g, middles, a, b)
        for x, y in points[1:] if px else points:
            px.append(round(x, 1))
            py.append(round(y, 1))
    ends = _joined(outlines, [n for n in ([path[0], path[-1]] if path else [selected] if selected else []) if n in g])
    layers = lesson_layers(f, dim, rings, (px, py), ends)
    return [{**t, "visible": bool(t["x"])} for t in layers]  # a layer with nothing to draw is left out, as on the full board


def _action(f: Fit, g, h: Any, outlines: dict[str, tuple[list, list]],
            middles: dict[str, tuple[float, float]]) -> tuple[list[dict], list[dict]]:
    """The action being carried out, as the full board draws it (:func:`.board_state.action_layers` and
    :func:`.board_state.callout`: the same rings, arrow and callout), from the shipped outlines: its provinces outlined,
    an arrow from the source's middle to the target's (along the sea route by sea), the callout naming the action
    straight above the arrow's middle or the province (the full board places it clear of the names with numpy)."""
    names = action_names(h, g)
    arrow: tuple[list, list] = ([], [])
    anns: list[dict] = []
    if h is not None and names and (h.source or h.kind == "tie"):  # the choices' rings ('choice') have no callout
        points = [middles[n] for n in names] if h.kind == "tie" else [middles[h.source]]
        cx, cy = sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)
        if h.target:
            arrow = trimmed(_way(f, g, middles, h.source, h.target), f)
            cx, cy = (arrow[0][0] + arrow[0][-1]) / 2, (arrow[1][0] + arrow[1][-1]) / 2
        label = _(HIGHLIGHT_LABELS.get(h.kind, HIGHLIGHT_LABELS["province"]))
        anns.append(callout(f, cx, cy, label, (0, -round(f.font * 2.6 + 8))))
    traces = action_layers(f, h.kind if h else None, _joined(outlines, names), arrow)
    return [{**t, "visible": bool(t["x"])} for t in traces], anns


def light_traces(board: PlayBoard, state: Any, highlight: Any, f: Fit, height: int | None,
                 view: str = "provinces", selected: str | None = None, reach: Iterable[str] = (),
                 path: Sequence[str] | None = None) -> tuple[list[dict], dict]:
    """The traces and layout of the light board (see the module's text); ``selected``, ``reach`` and ``path``
    draw the click lesson."""
    o = f.orientation
    shapes = geo.province_shapes(o)
    g = board.graph
    outlines: dict[str, tuple[list, list]] = {}  # every province's outline (the action's rings, the click lesson's)
    areas: dict[str, tuple[list, list]] = {key: ([], []) for key in [*BOARD.regions, "out"]}
    names, xs, ys, mids, texts, hovers = [], [], [], [], [], []
    spots: dict[str, tuple[float, float]] = {}
    middles: dict[str, tuple[float, float]] = {}
    lift = f.px(f.token / 2 + 2)  # the name above the middle, the army token's row below it
    for p in BOARD.provinces:
        name = p.name
        coords = list(shapes[name].exterior.coords)
        x_line, y_line = [round(x, 1) for x, _y in coords], [round(y, 1) for _x, y in coords]
        append_polyline(*areas[g.nodes[name]["region"] if name in g.nodes else "out"], x_line, y_line)
        outlines[name] = (x_line, y_line)
        x, y = _middle(coords)
        middles[name] = (x, y)
        has_token = state is not None and getattr(state.provinces.get(name), "owner", None) is not None
        names.append(name)
        mids.append(y)
        xs.append(x)
        ys.append(round(y + lift * 0.6, 1) if has_token else y)
        spots[name] = (x, round(y - lift * 0.7, 1))
        # named as the sentences beside the board name it (characters in Chinese and Japanese: a decision list's
        # 信濃 must be found on the board), with both writings in the hover, as the full board does
        texts.append(escape(terms.province_name(name)))
        hovers.append(escape(terms.province_intro(name)))
    traces: list[dict] = [
        {"type": "scatter", "x": x, "y": y, "mode": "lines", "fill": "toself",
         "fillcolor": REGION_FILLS[key] if key in REGION_FILLS else EXCLUDED_FILL, "line": PROVINCE_EDGE,
         "hoverinfo": "skip", "showlegend": False, "name": f"area:{key}", "meta": "area"}
        for key, (x, y) in areas.items()]
    traces += sea_routes(f, g, selected)  # the full board's, from the shipped lines
    traces += _lesson(f, g, outlines, middles, selected, set(reach), list(path or []))
    action, callouts = _action(f, g, highlight, outlines, middles)
    traces += action
    traces.append({"type": "scatter", "x": xs, "y": ys, "mode": "text", "text": texts, "hoverinfo": "skip",
                   "textfont": {"size": max(9, f.font - 2), "color": "#111"}, "showlegend": False, "name": "labels"})
    # the full board's armies, buildings and unrest, at each province's token row (empty without a game)
    traces += [{**t, "showlegend": False} for t in state_layers(f, state, board.excluded, spots)]
    traces.append({"type": "scatter", "x": xs, "y": mids, "mode": "markers", "marker": {"size": 14, "opacity": 0},
                   "customdata": names, "hovertext": hovers, "hoverinfo": "text", "showlegend": False, "name": "hit"})
    # the full board's legend, title and notes (the players, the buildings' shapes, the sea route; the provinces out
    # of play with three players, with the provenance mark of an assumed list; the regions view's majorities)
    traces += player_legend(state, board.players) + legend_layers(state is not None)
    layout = board_layout(f, board, state, view if view == "regions" else "provinces", height, callouts,
                          legend_names(traces))
    return traces, layout
