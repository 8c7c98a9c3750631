"""The board where shapely and numpy are missing (the static build, Python in the browser): a plain plotly figure.

:func:`.board.board_traces` places names clear of each other (numpy), draws outlines simplified and inset,
sea routes and region names (shapely). In the browser only the province outlines are at hand (shipped by
the build: :mod:`.shipped`), so this draws those: each province filled by its owner's colour (else its
region's), its name (as the sentences write it: characters in Chinese and Japanese) and army
count at the middle of its outline, a highlighted province outlined, and a
hover/click point per province (the trace named ``hit``, as the full board's). Pure Python, a few ms.
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..board import PlayBoard
from ..data import BOARD
from ..text import terms
from . import geometry as geo
from .board_base import Fit
from .palette import EXCLUDED_FILL, HIGHLIGHT, REGION_FILLS, PLAYER_STYLES


def _middle(coords) -> tuple[float, float]:
    xs = [x for x, _y in coords]
    ys = [y for _x, y in coords]
    return (round((min(xs) + max(xs)) / 2, 1), round((min(ys) + max(ys)) / 2, 1))


def light_traces(board: PlayBoard, state: Any, highlight: Any, f: Fit, height: int | None) -> tuple[list[dict], dict]:
    """The traces and layout of the light board (see the module's text)."""
    o = f.orientation
    shapes = geo.province_shapes(o)
    g = board.graph
    marked = set()
    if highlight is not None:
        marked = {n for n in (highlight.source, highlight.target, *highlight.rings) if n}
    traces: list[dict] = []
    names, xs, ys, texts, hovers = [], [], [], [], []
    for p in BOARD.provinces:
        name = p.name
        coords = list(shapes[name].exterior.coords)
        ps = state.provinces.get(name) if state is not None else None
        owner = getattr(ps, "owner", None)
        if owner is not None:
            fill = PLAYER_STYLES[state.players[owner].colour].fill
        elif name in g.nodes:
            fill = REGION_FILLS.get(g.nodes[name]["region"], "#ddd")
        else:
            fill = EXCLUDED_FILL
        traces.append({"type": "scatter", "x": [round(x, 1) for x, _y in coords], "y": [round(y, 1) for _x, y in coords],
                       "mode": "lines", "fill": "toself", "fillcolor": fill, "opacity": 0.85,
                       "line": {"color": HIGHLIGHT if name in marked else "#6b4f2a", "width": 3 if name in marked else 0.8},
                       "hoverinfo": "skip", "showlegend": False, "name": f"area:{name}"})
        x, y = _middle(coords)
        armies = getattr(ps, "armies", 0) if ps is not None else 0
        names.append(name)
        xs.append(x)
        ys.append(y)
        # named as the sentences beside the board name it (characters in Chinese and Japanese: a decision list's
        # 信濃 must be found on the board), with both writings in the hover, as the full board does
        shown = escape(terms.province_name(name))
        texts.append(f"{shown}<br><b>{armies}</b>" if owner is not None else shown)
        hovers.append(escape(terms.province_intro(name)))
    traces.append({"type": "scatter", "x": xs, "y": ys, "mode": "text", "text": texts, "hoverinfo": "skip",
                   "textfont": {"size": max(9, f.font - 2), "color": "#111"}, "showlegend": False, "name": "labels"})
    traces.append({"type": "scatter", "x": xs, "y": ys, "mode": "markers", "marker": {"size": 14, "opacity": 0},
                   "customdata": names, "hovertext": hovers, "hoverinfo": "text", "showlegend": False, "name": "hit"})
    x0, y0, x1, y1 = geo.bounds(o)
    width = f.width
    tall = height or int(width * (y1 - y0) / (x1 - x0))
    layout = {"width": width, "height": tall, "margin": {"l": 0, "r": 0, "t": 0, "b": 0}, "showlegend": False,
              "plot_bgcolor": "#dcebf5", "paper_bgcolor": "#dcebf5", "dragmode": False,
              "xaxis": {"visible": False, "range": [x0, x1], "fixedrange": True},
              "yaxis": {"visible": False, "range": [y0, y1], "fixedrange": True, "scaleanchor": "x"}}
    return traces, layout
