"""The board's static layers: everything no game state changes (coast, province areas, region
outlines, names, the hover layer and the legend's building shapes), built once per side, player
count, view, size, language and whether a game is shown (see :mod:`shogun_tutor.viz.board`).

Few traces, because plotly.js redraws every trace of a figure on every update: the province
areas are one trace per region (``fill="toself"`` over outlines separated by ``None``), the
hover layer is one trace of invisible points (``mode="none"``: nothing is drawn) whose hover
texts are sent once, in ``meta``, and picked per point by ``hovertemplate``.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from typing import Any

from ..board import PlayBoard
from ..data import BOARD, BUILDINGS
from ..i18n import _
from ..text import terms
from . import geometry as geo
from .board_base import (
    BUILDING_SYMBOLS,
    COAST_COLOUR,
    LABEL_COLOUR,
    Fit,
    append_polyline,
    scatter,
    tolerance,
)
from .board_labels import label_places, second_font
from .board_text import hover_text, label_texts
from .shipped import COAST_PX
from .palette import EXCLUDED_FILL, REGION_FILLS, REGION_LINES, SEA_ROUTE

PROVINCE_EDGE = dict(color="rgba(255,255,255,0.9)", width=1.2)
LABEL_SHADOW = "0px 0px 2px rgba(255,255,255,0.95)"


def _areas(board: PlayBoard, view: str, f: Fit) -> list[dict]:
    """One filled trace per region (``area:<region>``), one for the provinces out of play
    (``area:out``, crossed), and in the changes view the provinces that change region hatched
    in their other region's colour (``hatch:<other region>``; empty in the other views)."""
    o = f.orientation
    tol = tolerance(f)
    shapes = geo.province_shapes(o)
    out_of_play, side, other = board.excluded, board.side, board.other
    parts: dict[str, tuple[list, list]] = {key: ([], []) for key in
                                           [f"area:{r}" for r in BOARD.regions] + ["area:out"]
                                           + [f"hatch:{r}" for r in BOARD.regions]}

    def add(key: str, name: str) -> None:
        append_polyline(*parts[key], *geo.outline_xy(shapes[name], tol))

    for p in BOARD.provinces:
        if p.name in out_of_play:
            add("area:out", p.name)
            continue
        add(f"area:{p.region(side)}", p.name)
        if view == "changes" and p.region(other) != p.region(side):
            add(f"hatch:{p.region(other)}", p.name)
    out = []
    for region in BOARD.regions:
        x, y = parts[f"area:{region}"]
        out.append(scatter(x=x, y=y, fill="toself", fillcolor=REGION_FILLS[region], line=PROVINCE_EDGE, mode="lines",
                           name=f"area:{region}", meta="area", hoverinfo="skip", showlegend=False))
    x, y = parts["area:out"]
    out.append(scatter(x=x, y=y, fill="toself", fillcolor=EXCLUDED_FILL, line=PROVINCE_EDGE, mode="lines",
                       fillpattern=dict(shape="x", fgcolor="#9E9E9E", bgcolor=EXCLUDED_FILL, size=9, solidity=0.12),
                       name="area:out", meta="area", hoverinfo="skip", showlegend=False))
    for region in BOARD.regions:  # over the areas: the hatch of the changes view
        x, y = parts[f"hatch:{region}"]
        out.append(scatter(x=x, y=y, fill="toself", fillcolor="rgba(0,0,0,0)", mode="lines",
                           fillpattern=dict(shape="/", fgcolor=REGION_LINES[region], bgcolor="rgba(0,0,0,0)",
                                            size=11, solidity=0.5),
                           line=dict(color="#111111", width=3), name=f"hatch:{region}", meta="hatch",
                           hoverinfo="skip", showlegend=False, visible=bool(x)))
    return out


def _labels(board: PlayBoard, view: str, f: Fit, kanji: bool, with_state: bool, language: str) -> list[dict]:
    """Province names: the name the sentences use in bold (``labels``) and the other one below (``kanji``),
    plain text, each where :func:`.board_labels.label_places` puts it clear of the others."""
    names = [p.name for p in BOARD.provinces]
    places = label_places(board, view, f, kanji, language, with_state)
    lx, ly = zip(*((places[n].x, places[n].y) for n in names))
    gap = f.px(f.font * 0.12) if kanji else 0.0  # half the space between the two lines
    x = [round(v, 1) for v in lx]
    y, ky = [round(v + gap, 1) for v in ly], [round(v - gap, 1) for v in ly]
    texts = [label_texts(n, board, view, kanji) for n in names]
    font = dict(size=f.font, color=LABEL_COLOUR, shadow=LABEL_SHADOW)
    return [
        scatter(x=x, y=y, mode="text", text=[escape(a) for a, _b in texts], customdata=names, name="labels",
                textposition="top center" if kanji else "middle center", textfont={**font, "weight": "bold"},
                hoverinfo="skip", showlegend=False),
        scatter(x=x if kanji else [], y=ky if kanji else [], mode="text", text=[escape(b) for _a, b in texts] if kanji else [],
                name="kanji", textposition="bottom center", textfont={**font, "size": second_font(f)}, hoverinfo="skip",
                showlegend=False, visible=kanji),
    ]


def _hover_layer(board: PlayBoard, f: Fit) -> dict:
    """Invisible points covering every province: hover and click anywhere in a province.
    ``customdata`` names each point's province; the hover texts are sent once (``meta``)."""
    names = [p.name for p in BOARD.provinces]
    index = {n: i for i, n in enumerate(names)}
    out_of_play, side = board.excluded, board.side
    x, y, which = [], [], []
    for name, px, py in geo.hit_points(f.orientation):
        x.append(round(px))
        y.append(round(py))
        which.append(name)
    border = {n: "#777777" if n in out_of_play else REGION_LINES[BOARD.province(n).region(side)] for n in names}
    return scatter(
        x=x, y=y, mode="none", hoveron="points", name="hit", customdata=which,
        meta=[hover_text(n, board) for n in names],
        hovertemplate=[f"%{{meta[{index[n]}]}}" for n in which],
        # namelength 0: no box with the trace's name beside the text (instead of <extra></extra> per point)
        hoverlabel=dict(bordercolor=[border[n] for n in which], namelength=0), showlegend=False)


@lru_cache(maxsize=48)
def static_layers(board: PlayBoard, view: str, f: Fit, kanji: bool, with_state: bool,
                  language: str) -> dict[str, Any]:
    """The layers that no game state changes, built once per key (``language`` is part of the key)."""
    o = f.orientation
    tol = tolerance(f)
    out: dict[str, Any] = {}
    # coast: a band of shallow water around the land
    cx, cy = geo.outline_xy(geo.coast(o, f.px(COAST_PX)), tol)
    out["coast"] = scatter(x=cx, y=cy, fill="toself", fillcolor=COAST_COLOUR, mode="lines",
                           line=dict(width=0, color=COAST_COLOUR), name="coast", hoverinfo="skip", showlegend=False)
    out["areas"] = _areas(board, view, f)
    rx: list = []
    ry: list = []
    for region in BOARD.regions:
        x, y = geo.outline_xy(geo.region_outline(board.side, region, o), tol)
        rx += x + [None]
        ry += y + [None]
    out["regions"] = scatter(x=rx, y=ry, mode="lines", name="regions", hoverinfo="skip", showlegend=False,
                             line=dict(color="#4A3B2C", width=3.2 if view == "regions" else 2.2))
    out["labels"] = _labels(board, view, f, kanji, with_state, language)
    out["hit"] = _hover_layer(board, f)
    for trace in legend_layers(with_state):
        out[trace["meta"]] = trace
    return out


def legend_layers(with_state: bool) -> list[dict]:
    """The legend's entries that no game state changes: the buildings' shapes (the map colours buildings by owner;
    shown with a game) and the sea route, in the current language (``meta`` names each: ``legend:<building>``,
    ``sea-legend``)."""
    out = [scatter(x=[None], y=[None], mode="markers", name=terms.building_name(building), meta=f"legend:{building}",
                   marker=dict(symbol=BUILDING_SYMBOLS[building], size=11, color="#FFFFFF",
                               line=dict(color="#111111", width=1.6)),
                   hoverinfo="skip", showlegend=with_state, legendrank=20 + k)
           for k, building in enumerate(BUILDINGS)]
    out.append(scatter(x=[None], y=[None], mode="lines", name=_("Sea route"), meta="sea-legend",
                       line=dict(color=SEA_ROUTE, width=2.5, dash="dash"), hoverinfo="skip", legendrank=10))
    return out
