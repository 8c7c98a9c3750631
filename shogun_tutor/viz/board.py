"""The board as plotly figures: pure functions of (side, player count, game state, highlight).

:func:`board_figure` draws the board of one side: every province as an area in
its region's colour, placed as on the real board, with romaji and kanji; sea
routes dashed; provinces out of play with three players greyed and marked (the
moon side's list is an assumption and says so). With a game state it adds the
owner (a ring in the player's colour and a token with the player's letter and
army count), buildings, unrest markers and the action being carried out.

Views: ``"provinces"`` (the board), ``"changes"`` (the 8 provinces whose region
differs between the sun and the moon side, hatched in their other colour) and
``"regions"`` (the scoring majorities of each region, below the map).

The figure is sized for a given screen width in pixels (:func:`fit`): fonts and
tokens scale with it, and below :data:`TALL_BELOW` pixels the board is turned
a quarter turn (east up) so it fills a phone's width.

Trace layout (the UI updates traces in place by name; the set of traces does
not depend on the state, the highlight or the lesson):

* ``coast`` shallow water; one area per province (``meta="province"``, ``name`` = province)
* ``regions`` region outlines; ``owner-edge`` and ``owner:<seat>`` owner rings
* one trace per sea route (``meta="sea"`` in play, ``"sea-out"`` not in play with 3 players)
* ``dim``, ``reach``, ``path`` for the click lesson; ``highlight``, ``arrow`` for the action
* ``labels`` names; ``armies``, ``castle``, ``temple``, ``theater``, ``unrest`` state layers
* ``hit``: invisible points covering every province, with the hover text (``customdata`` = province)
* ``player:<seat>``, ``sea-legend``: legend entries

>>> fig = board_figure("moon", 5)
>>> sum(1 for t in fig.data if t.meta == "province")
45
>>> sum(1 for t in fig.data if t.meta == "sea")  # five players use all six sea routes
6
"""

from __future__ import annotations

import math
import textwrap
from dataclasses import dataclass
from functools import lru_cache
from html import escape
from typing import Any, Iterable, Sequence

import plotly.graph_objects as go

from ..board import province_graph
from ..data import BOARD, BUILDINGS, COMPONENTS
from .. import i18n
from ..i18n import N_, _, format_list, list_separator, ngettext
from ..rules.scoring import score
from ..text import terms
from . import geometry as geo
from .palette import (
    EXCLUDED_FILL,
    NEUTRAL_FILL,
    PLAYER_STYLES,
    REGION_FILLS,
    REGION_LINES,
    SEA_ROUTE,
    Style,
)

__all__ = [
    "Highlight",
    "Fit",
    "fit",
    "board_figure",
    "board_traces",
    "state_hover",
    "hover_text",
    "changed_provinces",
    "highlight_from_event",
    "region_summaries",
    "trace_key",
    "VIEWS",
    "TALL_BELOW",
]

VIEWS = ("provinces", "changes", "regions")
TALL_BELOW = 620  # px: narrower screens get the board turned a quarter (east up)
DEFAULT_WIDTH = 1200
SEA_COLOUR = "#D6E9F5"
COAST_COLOUR = "#BCD9EC"
LABEL_COLOUR = "#1A1A1A"
LESSON_COLOUR = "#0072B2"  # Okabe-Ito blue
BATTLE_COLOUR = "#D55E00"  # Okabe-Ito vermillion
UNREST_COLOUR = "#A50F15"
SIDE_SYMBOLS = {"sun": "☀", "moon": "☾"}
BUILDING_SYMBOLS = {"castle": "square", "temple": "triangle-up", "theater": "circle"}
HIGHLIGHT_LABELS = {
    "move": N_("Move"),
    "battle": N_("Battle"),
    "tax": N_("Tax"),
    "rice": N_("Rice"),
    "build": N_("Build"),
    "armies": N_("Armies placed"),
    "revolt": N_("Revolt"),
    "province": N_("Here"),
}


@dataclass(frozen=True)
class Highlight:
    """The action being carried out, drawn on the board.

    ``kind`` is 'move' or 'battle' (an arrow from ``source`` to ``target``) or
    'tax', 'rice', 'build', 'armies', 'revolt', 'province' (a ring around ``source``).
    """

    kind: str
    source: str
    target: str | None = None


def highlight_from_event(event: dict | None) -> Highlight | None:
    """The highlight for a game-log event (None for events that are not about a province)."""
    if not event or "province" not in event or not event.get("province"):
        return None
    rule = event["rule"]
    if rule == "battle.result":
        return Highlight("battle", event["source"], event["province"])
    if rule == "move.armies":
        return Highlight("move", event["province"], event["target"])
    kind = {"action.income": event.get("action"), "action.build": "build", "action.armies": "armies",
            "battle.revolt": "revolt"}.get(rule, "province")
    return Highlight(kind if kind in HIGHLIGHT_LABELS else "province", event["province"])


# --- sizing -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fit:
    """How the board fits a screen width: orientation, board px -> screen px, font and token sizes."""

    width: int
    orientation: str
    scale: float
    font: int
    token: int
    margin: int = 6

    @property
    def building(self) -> int:
        return max(8, round(self.token * 0.55))

    @property
    def unrest(self) -> int:
        return max(11, round(self.token * 0.8))

    def px(self, pixels: float) -> float:
        """Screen pixels as plot units."""
        return pixels / self.scale

    @property
    def plot_height(self) -> int:
        x0, y0, x1, y1 = geo.bounds(self.orientation)
        return round((y1 - y0) * self.scale)


def fit(width: int | None = None, font: int | None = None) -> Fit:
    """Sizes for a figure ``width`` pixels wide (None: a laptop-sized default). ``font`` asks for
    labels at least that large (teacher mode on a projector); tokens grow with them.

    >>> fit(1400).orientation, fit(1400).font, fit(380).orientation
    ('wide', 12, 'tall')
    """
    font_asked = font
    width = int(width or DEFAULT_WIDTH)
    width = max(width, 240)
    orientation = "tall" if width < TALL_BELOW else "wide"
    x0, _y0, x1, _y1 = geo.bounds(orientation)
    margin = 6
    scale = (width - 2 * margin) / (x1 - x0)
    font = min(14, max(9, round(4.5 + 10.0 * scale)))
    if orientation == "tall":
        font = min(font, 10)
    token = min(24, max(14, round(1.7 * font)))
    if font_wanted := int(font_asked or 0):  # a projector: the army numbers inside the tokens as large as the labels
        font = max(font, font_wanted)
        token = max(token, min(34, round(1.9 * font)))
    return Fit(width, orientation, scale, font, token, margin)


# --- texts --------------------------------------------------------------------------------------


def _style(state: Any, seat: int) -> Style:
    return PLAYER_STYLES[state.players[seat].colour]


def _pstate(state: Any, name: str):
    if state is None:
        return None
    return state.provinces.get(name)


def changed_provinces() -> list[str]:
    """The 8 provinces whose region differs between the sun and the moon side."""
    return sorted(p.name for p in BOARD.provinces if p.region("sun") != p.region("moon"))


def _excluded(side: str, players: int) -> frozenset[str]:
    return BOARD.side(side).three_player_excluded if players == 3 else frozenset()


def _wrap_names(names: Sequence[str], per_line: int = 4) -> str:
    sep = list_separator()
    rows = [sep.join(names[i:i + per_line]) for i in range(0, len(names), per_line)]
    return (sep.rstrip() + "<br>    ").join(escape(r) for r in rows)


def hover_text(name: str, side: str, players: int, state: Any = None) -> str:
    """Everything about a province: values, region, slots, owner, armies, buildings, unrest, neighbours."""
    p = BOARD.province(name)
    full = province_graph(side, 5)
    lines = [f"<b>{escape(terms.province_intro(name))}</b>", escape(terms.region_name(p.region(side)))]
    other = "moon" if side == "sun" else "sun"
    if p.region(other) != p.region(side):
        lines.append(escape(_("{side}: {region}").format(side=terms.side_name(other), region=terms.region_name(p.region(other)))))
    if name in _excluded(side, players):
        prov = BOARD.side(side).excluded_provenance
        mark = terms.provenance_mark(prov)
        lines.append("✕ " + escape(_("Out of play with three players")) + (f" ({escape(mark)})" if mark else ""))
        if prov.flagged:
            lines.append("<i>" + escape(terms.provenance_text(prov)) + "</i>")
    lines.append(escape(_("Tax: {tax} · Rice: {rice}").format(tax=p.tax, rice=p.rice)))
    ps = _pstate(state, name)
    used = len(ps.buildings) if ps is not None else 0
    lines.append(escape(_("Building slots: {slots} ({used} used, {free} free)").format(
        slots=p.building_slots, used=used, free=p.building_slots - used)))
    if ps is not None:
        if ps.owner is None:
            lines.append(escape(_("Neutral")))
        else:
            style = _style(state, ps.owner)
            owner = f"{style.letter} {terms.colour_name(style.name)}"
            lines.append(escape(_("Owner: {owner} · Armies: {armies}").format(owner=owner, armies=ps.armies)))
        if ps.buildings:
            lines.append(escape(_("Buildings: {buildings}").format(
                buildings=format_list([terms.building_name(b) for b in ps.buildings]))))
        if ps.unrest:
            lines.append(escape(_("Unrest markers: {unrest}").format(unrest=ps.unrest)))
    in_play = province_graph(side, players)
    g = in_play if name in in_play else full
    nbrs = sorted(g.adj[name])
    named = [terms.province_name(n) + (" ⚓" if full.edges[name, n]["kind"] == "sea" else "") for n in nbrs]
    lines.append(escape(_("Neighbours: {names}").format(names="\x00")).replace("\x00", _wrap_names(named)))
    return "<br>".join(lines)


def _label(name: str, side: str, players: int, view: str, kanji: bool = True) -> str:
    p = BOARD.province(name)
    text = f"<b>{escape(name)}</b>" + (f"<br>{p.kanji}" if kanji else "")
    if name in _excluded(side, players):
        text += " ✕" + (" ⚠" if BOARD.side(side).excluded_provenance.flagged else "")
    if view == "changes" and p.region("sun") != p.region("moon"):
        text += " " + SIDE_SYMBOLS["moon" if side == "sun" else "sun"]
    return text


# --- the figure ----------------------------------------------------------------------------------
#
# The figure is built as plain plotly JSON (dicts), in two kinds of layers:
# * static layers (coast, province areas, region outlines, names, the hover grid, legend shapes)
#   depend only on the side, the player count, the view, the size, the language and whether a
#   game is shown: they are built once per such key (cached) and the very same dict objects are
#   returned every time, so the panel sees at once that they did not change and never resends them;
# * state layers (owner rings, armies, buildings, unrest, the action, the click lesson, the legend
#   of the players) are cheap dicts rebuilt for each state; the panel sends only the properties
#   that differ from what it sent before.
# Building dicts instead of ``go.Scatter`` objects skips plotly's validation (most of the time
# of a step before, see docs/performance.md); :func:`board_figure` validates the whole once.


def _scatter(**props: Any) -> dict:
    """A scatter trace as plotly JSON (``None`` properties are left out, as plotly does)."""
    return {"type": "scatter", **{k: v for k, v in props.items() if v is not None}}


def _tolerance(f: Fit) -> float:
    """Outlines are simplified to half a screen pixel (whole plot units when that is finer than a pixel)."""
    return f.px(0.5)


def board_traces(
    side: str = "sun",
    players: int = 5,
    state: Any = None,
    highlight: Highlight | None = None,
    *,
    view: str = "provinces",
    show_changes: bool = False,
    selected: str | None = None,
    reach: Iterable[str] = (),
    path: Sequence[str] | None = None,
    width: int | None = None,
    height: int | None = None,
    font: int | None = None,
) -> tuple[list[dict], dict]:
    """The board of one side for a player count, with the game state's layers when given, as
    plotly JSON: the traces and the layout (:func:`board_figure` makes them a ``Figure``).

    ``state`` (duck-typed: ``side``, ``num_players``, ``provinces[name].owner/armies/buildings/unrest``,
    ``players[seat].colour``) overrides ``side`` and ``players``. ``selected``, ``reach`` and
    ``path`` draw the click lesson. ``width`` is the screen width the figure is made for
    (see :func:`fit`); ``height`` overrides the height that follows from it; ``font`` asks for
    larger labels (teacher mode).

    Static layers are shared dicts: never mutate what this returns.

    >>> a, _ = board_traces("sun", 4)
    >>> b, _ = board_traces("sun", 4, selected="Ise")
    >>> a[0] is b[0], [t["name"] for t in a[:2]]  # the coast is built once
    (True, ['coast', 'Aki'])
    """
    if show_changes:
        view = "changes"
    if view not in VIEWS:
        raise ValueError(f"unknown view {view!r}; expected one of {', '.join(VIEWS)}")
    if state is not None:
        side, players = state.side, state.num_players
    g = province_graph(side, players)  # checks side and players
    f = fit(width, font)
    excluded = _excluded(side, players)
    # with tokens on a small board the kanji would be unreadable: they stay in the hover
    kanji = state is None or f.scale >= 0.5
    static = _static_layers(side, players, view, f, kanji, state is not None, i18n.current_language())
    traces: list[dict] = [static["coast"], *static["provinces"], static["regions"]]
    traces += _owner_rings(f, state, excluded)
    traces += _sea_routes(f, g, selected)
    traces += _lesson(f, g, selected, set(reach), list(path or []))
    spots = _token_spots(f, state, excluded, kanji)
    highlight_traces, callouts = _highlight(f, highlight, g, list(spots.values()))
    traces += highlight_traces
    traces.append(static["labels"])
    traces += _state_layers(f, state, excluded, spots, static)
    traces += static["hit"]
    traces += _player_legend(state, players)
    traces.append(static["sea-legend"])
    legend = [t["name"] for t in traces if t.get("showlegend", True) and _is_legend(t.get("meta"))]
    layout = _layout(f, side, players, state, view, excluded, BOARD.side(side).excluded_provenance.flagged,
                     height, callouts, legend)
    return traces, layout


def board_figure(*args: Any, **kwargs: Any) -> go.Figure:
    """:func:`board_traces` as a plotly ``Figure`` (the same arguments)."""
    traces, layout = board_traces(*args, **kwargs)
    return go.Figure(data=traces, layout=layout)


def trace_key(trace) -> str:
    """A trace's stable id (a plotly trace or its JSON): the same for every state, view and lesson.
    Legend traces have translated names: their key is their ``meta``; the others' is their name."""
    meta, name = (trace.get("meta"), trace.get("name")) if isinstance(trace, dict) else (trace.meta, trace.name)
    if isinstance(meta, str) and (meta.startswith(("player:", "legend:")) or meta in ("sea-legend", "unrest")):
        return meta
    return name


@lru_cache(maxsize=48)
def _static_layers(side: str, players: int, view: str, f: Fit, kanji: bool, with_state: bool,
                   language: str) -> dict[str, Any]:
    """The layers that no game state changes, built once per key (``language`` is part of the key)."""
    o = f.orientation
    tol = _tolerance(f)
    shapes = geo.province_shapes(o)
    excluded = _excluded(side, players)
    other = "moon" if side == "sun" else "sun"
    out: dict[str, Any] = {}
    # coast: a band of shallow water around the land
    cx, cy = geo.outline_xy(geo.land(o).buffer(f.px(7), quad_segs=4), tol)
    out["coast"] = _scatter(x=cx, y=cy, fill="toself", fillcolor=COAST_COLOUR, mode="lines",
                            line=dict(width=0, color=COAST_COLOUR), name="coast", hoverinfo="skip", showlegend=False)
    provinces = []
    for p in BOARD.provinces:
        x, y = geo.outline_xy(shapes[p.name], tol)
        region = p.region(side)
        pattern = None
        line = dict(color="rgba(255,255,255,0.9)", width=1.2)
        if p.name in excluded:
            fill = EXCLUDED_FILL
            pattern = dict(shape="x", fgcolor="#9E9E9E", bgcolor=EXCLUDED_FILL, size=9, solidity=0.12)
        else:
            fill = REGION_FILLS[region]
            if view == "changes" and p.region(other) != region:
                pattern = dict(shape="/", fgcolor=REGION_LINES[p.region(other)], bgcolor=fill, size=11, solidity=0.5)
                line = dict(color="#111111", width=3)
        provinces.append(_scatter(x=x, y=y, fill="toself", fillcolor=fill, fillpattern=pattern, line=line, mode="lines",
                                  name=p.name, meta="province", hoverinfo="skip", showlegend=False))
    out["provinces"] = provinces
    rx: list = []
    ry: list = []
    for region in BOARD.regions:
        x, y = geo.outline_xy(geo.region_outline(side, region, o), tol)
        rx += x + [None]
        ry += y + [None]
    out["regions"] = _scatter(x=rx, y=ry, mode="lines", name="regions", hoverinfo="skip", showlegend=False,
                              line=dict(color="#4A3B2C", width=3.2 if view == "regions" else 2.2))
    # names (hover comes from the hit grid; customdata names the province)
    names = [p.name for p in BOARD.provinces]
    lx, ly = zip(*(geo.label_point(n, o) for n in names))
    out["labels"] = _scatter(
        x=[round(v, 1) for v in lx], y=[round(v, 1) for v in ly], mode="text",
        text=[_label(n, side, players, view, kanji) for n in names],
        textfont=dict(size=f.font, color=LABEL_COLOUR, shadow="0px 0px 2px rgba(255,255,255,0.95)"),
        customdata=names, name="labels", hoverinfo="skip", showlegend=False)
    # the hit grid: hover and click anywhere in a province; one trace per province, so its
    # hover text is sent once and not once per grid point
    grid: dict[str, tuple[list, list]] = {n: ([], []) for n in names}
    for name, x, y in geo.hit_points(o):
        grid[name][0].append(round(x))
        grid[name][1].append(round(y))
    size = max(6, round(geo.COAST_STEP * f.scale * 1.1))
    out["hit"] = [
        _scatter(x=grid[n][0], y=grid[n][1], mode="markers", name=f"hit:{n}", meta="hit",
                 marker=dict(size=size, color="rgba(0,0,0,0)", opacity=0),
                 hovertext=hover_text(n, side, players), hoverinfo="text",
                 hoverlabel=dict(bordercolor="#777777" if n in excluded else REGION_LINES[BOARD.province(n).region(side)]),
                 showlegend=False)
        for n in names]
    # legend shapes of the buildings (the map colours buildings by owner)
    for k, building in enumerate(BUILDINGS):
        out[f"legend:{building}"] = _scatter(
            x=[None], y=[None], mode="markers", name=terms.building_name(building), meta=f"legend:{building}",
            marker=dict(symbol=BUILDING_SYMBOLS[building], size=11, color="#FFFFFF", line=dict(color="#111111", width=1.6)),
            hoverinfo="skip", showlegend=with_state, legendrank=20 + k)
    out["sea-legend"] = _scatter(x=[None], y=[None], mode="lines", name=_("Sea route"), meta="sea-legend",
                                 line=dict(color=SEA_ROUTE, width=2.5, dash="dash"), hoverinfo="skip", legendrank=10)
    return out


def _player_legend(state: Any, players: int) -> list[dict]:
    out = []
    for seat, colour in enumerate(COMPONENTS.colours):
        st = PLAYER_STYLES[colour]
        if state is not None and seat < len(state.players):
            st = _style(state, seat)
        out.append(_scatter(
            x=[None], y=[None], mode="markers", name=f"{st.letter} {terms.colour_name(st.name)}", meta=f"player:{seat}",
            marker=dict(symbol="square", size=13, color=st.fill, line=dict(color="#222", width=1)),
            showlegend=state is not None and seat < players, hoverinfo="skip", legendrank=seat))
    return out


@lru_cache(maxsize=2048)
def _inset_xy(name: str, distance: float, orientation: str, tolerance: float) -> tuple[tuple, tuple]:
    x, y = geo.outline_xy(geo.inset(name, distance, orientation), tolerance)
    return tuple(x), tuple(y)


def _owner_rings(f: Fit, state: Any, excluded: frozenset[str]) -> list[dict]:
    """A ring in the owner's colour inside each held province (on a dark edge, so yellow shows on yellow)."""
    ring = round(min(4.0, max(2.5, f.scale * 5.5)), 1)
    rings: dict[int, tuple[list, list]] = {s: ([], []) for s in range(len(COMPONENTS.colours))}
    ex: list = []
    ey: list = []
    if state is not None:
        for name, ps in sorted(state.provinces.items()):
            if ps.owner is None or name in excluded:
                continue
            x, y = _inset_xy(name, round(f.px(ring / 2 + 2.5), 1), f.orientation, _tolerance(f))
            rings[ps.owner][0].extend(x + (None,))
            rings[ps.owner][1].extend(y + (None,))
            ex += x + (None,)
            ey += y + (None,)
    out = [_scatter(x=ex, y=ey, mode="lines", name="owner-edge", hoverinfo="skip", showlegend=False,
                    line=dict(color="rgba(20,20,20,0.85)", width=ring + (2.5 if f.scale > 0.6 else 1.5)))]
    for seat, (x, y) in rings.items():
        colour = _style(state, seat).fill if state is not None and seat < len(state.players) else NEUTRAL_FILL
        out.append(_scatter(x=x, y=y, mode="lines", name=f"owner:{seat}", hoverinfo="skip", showlegend=False,
                            line=dict(color=colour, width=ring)))
    return out


def _sea_routes(f: Fit, g, selected: str | None = None) -> list[dict]:
    out = []
    for b in sorted((b for b in BOARD.borders if b.kind == "sea"), key=lambda b: (b.a, b.b)):
        x, y = geo.line_xy(geo.sea_route(b.a, b.b, f.orientation))
        in_play = b.a in g and b.b in g
        width = max(2.0, f.font / 4.5) * (2 if selected in (b.a, b.b) and in_play else 1)
        out.append(_scatter(
            x=x, y=y, mode="lines", name=f"sea:{b.a}–{b.b}", meta="sea" if in_play else "sea-out",
            line=dict(color=SEA_ROUTE if in_play else "#9E9E9E", width=width, dash="dash" if in_play else "dot"),
            hoverinfo="skip", showlegend=False))
    return out


def _edge_line(a: str, b: str, f: Fit, g) -> list[tuple[float, float]]:
    """Points from province ``a`` to its neighbour ``b``: straight over land, along the sea route by sea."""
    o = f.orientation
    if g.has_edge(a, b) and g.edges[a, b]["kind"] == "sea":
        route = list(geo.sea_route(a, b, o).coords)
        return [geo.label_point(a, o)] + route + [geo.label_point(b, o)]
    return [geo.label_point(a, o), geo.label_point(b, o)]


def _rings(names: Iterable[str], distance_px: float, f: Fit) -> tuple[list, list]:
    xs: list = []
    ys: list = []
    for name in names:
        x, y = _inset_xy(name, round(f.px(distance_px), 1), f.orientation, _tolerance(f))
        xs += x + (None,)
        ys += y + (None,)
    return xs, ys


def _lesson(f: Fit, g, selected: str | None, reach: set[str], path: list[str]) -> list[dict]:
    """The click lesson: the rest dimmed, reachable provinces ringed, the shortest path drawn."""
    shapes = geo.province_shapes(f.orientation)
    keep = set(path) if path else (reach | {selected} if selected else set())
    dx: list = []
    dy: list = []
    if keep:
        for name in shapes:
            if name not in keep:
                x, y = geo.outline_xy(shapes[name], _tolerance(f))
                dx += x + [None]
                dy += y + [None]
    out = [_scatter(x=dx, y=dy, fill="toself", fillcolor="rgba(255,255,255,0.62)", mode="lines",
                    line=dict(width=0), name="dim", hoverinfo="skip", showlegend=False)]
    rx, ry = _rings([n for n in (path[1:-1] if path else sorted(reach)) if n in shapes], 3.5, f)
    out.append(_scatter(x=rx, y=ry, mode="lines", name="reach", hoverinfo="skip", showlegend=False,
                        line=dict(color=LESSON_COLOUR, width=3.5, dash="dot")))
    px: list = []
    py: list = []
    for a, b in zip(path, path[1:]):
        pts = _edge_line(a, b, f, g)
        for x, y in pts[1:] if px else pts:
            px.append(round(x, 1))
            py.append(round(y, 1))
    out.append(_scatter(x=px, y=py, mode="lines", name="path", hoverinfo="skip", showlegend=False,
                        line=dict(color="rgba(0,114,178,0.7)", width=max(4, f.font / 2.2))))
    ends = [path[0], path[-1]] if path else [selected] if selected else []
    sx, sy = _rings([n for n in ends if n in shapes], 3.0, f)
    out.append(_scatter(x=sx, y=sy, mode="lines", name="selected", hoverinfo="skip", showlegend=False,
                        line=dict(color=LESSON_COLOUR, width=5)))
    return out


def _free_direction(x: float, y: float, distance_px: float, f: Fit,
                    avoid: Iterable[tuple[float, float]] = ()) -> tuple[int, int]:
    """A screen offset (px, y down) from (x, y) that lands as far as possible from every province
    name and from the points ``avoid`` (tokens)."""
    labels = [geo.label_point(p.name, f.orientation) for p in BOARD.provinces] + list(avoid)
    best, best_d = (0, -round(distance_px)), -1.0
    for angle in (90, 60, 120, 30, 150, 270, 240, 300, 0, 180):
        dx = distance_px * math.cos(math.radians(angle)) * 1.4  # callouts are wider than tall
        dy = distance_px * math.sin(math.radians(angle))
        px, py = x + f.px(dx), y + f.px(dy)
        d = min(math.hypot(px - lx, (py - ly) * 2.2) for lx, ly in labels)
        if d > best_d * 1.15:
            best, best_d = (round(dx), -round(dy)), d
    return best


def _highlight(f: Fit, h: Highlight | None, g, avoid: list[tuple[float, float]] = ()) -> tuple[list[dict], list[dict]]:
    """The action being carried out: a dotted ring around the province(s), an arrow for moves and
    battles, and a callout naming the action. Returns the two traces and the callout annotation."""
    o = f.orientation
    ax: list = []
    ay: list = []
    colour = BATTLE_COLOUR if h is not None and h.kind in ("battle", "revolt") else "#111111"
    names = [h.source] + ([h.target] if h.target else []) if h is not None else []
    for n in names:
        BOARD.province(n)  # an unknown province is an error, not a silent miss
    hx, hy = _rings(names, 2.5, f)
    anns: list[dict] = []
    if h is not None:
        cx, cy = geo.label_point(h.source, o)
        if h.target:
            pts = _edge_line(h.source, h.target, f, g)
            (x0, y0), (x1, y1) = pts[0], pts[-1]
            # stop short of the names so they stay readable
            trim = f.px(f.font * 1.3)
            if len(pts) == 2:
                d = math.hypot(x1 - x0, y1 - y0) or 1.0
                t = min(trim / d, 0.2)
                pts = [(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t), (x1 - (x1 - x0) * t, y1 - (y1 - y0) * t)]
            else:
                pts = pts[1:-1]
            ax = [round(p[0], 1) for p in pts]
            ay = [round(p[1], 1) for p in pts]
            cx, cy = ax[len(ax) // 2], ay[len(ay) // 2]
            if len(ax) % 2 == 0:
                cx, cy = (ax[len(ax) // 2 - 1] + cx) / 2, (ay[len(ay) // 2 - 1] + cy) / 2
        label = _(HIGHLIGHT_LABELS.get(h.kind, HIGHLIGHT_LABELS["province"]))
        off_x, off_y = _free_direction(cx, cy, max(38.0, f.token * 2.4), f, avoid)
        anns.append(dict(
            x=round(cx, 1), y=round(cy, 1), xref="x", yref="y", text=f"<b>{escape(label)}</b>", showarrow=True,
            arrowhead=0, arrowwidth=2, arrowcolor=colour, ax=off_x, ay=off_y, bgcolor=colour, bordercolor="#FFFFFF",
            borderwidth=1.5, borderpad=3, font=dict(color="#FFFFFF", size=f.font + 1), name="highlight",
        ))
    kind = h.kind if h else None
    traces = [_scatter(x=hx, y=hy, mode="lines", name="highlight", meta=kind, hoverinfo="skip",
                       showlegend=False, line=dict(color=colour, width=4, dash="dot"))]
    n = len(ax)
    symbols = ["circle"] * (n - 1) + ["arrow"] if n else "circle"
    sizes = [f.font * 0.9] + [0] * (n - 2) + [f.font * 2.4] if n >= 2 else 0
    traces.append(_scatter(
        x=ax, y=ay, mode="lines+markers", name="arrow", meta=kind, hoverinfo="skip", showlegend=False,
        line=dict(color=colour, width=max(4.5, f.font / 2.2)),
        marker=dict(symbol=symbols, size=sizes, angleref="previous", color=colour, line=dict(color="white", width=1.5)),
    ))
    return traces, anns


def _label_box(name: str, f: Fit, kanji: bool) -> tuple[float, float, float, float]:
    """The extent of a province's name around its label point (left, bottom, right, top), plot units."""
    half_w = f.px(max(len(name) * 0.62 * f.font, 2.2 * f.font) / 2)
    half_h = f.px((2.3 if kanji else 1.2) * f.font / 2)
    return (round(-half_w, 1), round(-half_h, 1), round(half_w, 1), round(half_h, 1))


def _token_spots(f: Fit, state: Any, excluded: frozenset[str], kanji: bool) -> dict[str, tuple[float, float]]:
    """Where each province's token row goes (provinces of the state in play)."""
    if state is None:
        return {}
    t, b, u = f.token, f.building, f.unrest
    cluster = (round(-f.px(t / 2 + 3 + u), 1), round(-f.px(t / 2 + 1), 1),
               round(f.px(t / 2 + 3 + 3 * (b + 2)), 1), round(f.px(t / 2 + 1), 1))
    return {n: geo.token_point(n, f.orientation, _label_box(n, f, kanji), cluster)
            for n in state.provinces if n not in excluded}


def state_hover(name: str, state: Any) -> str:
    """A held province's token hover: its name, owner and armies, buildings and unrest."""
    ps = state.provinces[name]
    style = _style(state, ps.owner)
    owner = f"{style.letter} {terms.colour_name(style.name)}"
    lines = [f"<b>{escape(name)} {BOARD.province(name).kanji}</b>",
             escape(_("Owner: {owner} · Armies: {armies}").format(owner=owner, armies=ps.armies))]
    if ps.buildings:
        lines.append(escape(_("Buildings: {buildings}").format(
            buildings=format_list([terms.building_name(b) for b in ps.buildings]))))
    if ps.unrest:
        lines.append(escape(_("Unrest markers: {unrest}").format(unrest=ps.unrest)))
    return "<br>".join(lines)


def _state_layers(f: Fit, state: Any, excluded: frozenset[str], spots: dict[str, tuple[float, float]],
                  static: dict[str, Any]) -> list[dict]:
    """Army tokens, buildings and unrest; the traces exist (empty) without a state, so the layout never changes."""
    provinces = sorted(state.provinces.items()) if state is not None else []
    t, b, u = f.token, f.building, f.unrest
    ax, ay, at, ac, atc, aline, ah = [], [], [], [], [], [], []
    for n, ps in provinces:
        if n in excluded or ps.owner is None:
            continue
        x, y = spots[n]
        style = _style(state, ps.owner)
        ax.append(round(x, 1))
        ay.append(round(y, 1))
        at.append(f"<b>{style.letter}{ps.armies}</b>")
        ac.append(style.fill)
        atc.append(style.text)
        aline.append("#FFFFFF" if style.name == "black" else "#111111")
        ah.append(state_hover(n, state))
    out = [_scatter(
        x=ax, y=ay, mode="markers+text", text=at, name="armies", textposition="middle center",
        marker=dict(symbol="square", size=t, color=ac, line=dict(color=aline, width=1.5)),
        textfont=dict(color=atc, size=max(8, round(t * 0.5))), hovertext=ah, hoverinfo="text", showlegend=False,
    )]
    for building in BUILDINGS:
        bx, by, bc = [], [], []
        for n, ps in provinces:
            if n in excluded or building not in ps.buildings:
                continue
            x, y = spots[n]
            slot = sorted(ps.buildings, key=BUILDINGS.index).index(building)
            bx.append(round(x + f.px(t / 2 + 3 + b / 2 + slot * (b + 2)), 1))
            by.append(round(y, 1))
            bc.append(_style(state, ps.owner).fill if ps.owner is not None else NEUTRAL_FILL)
        out.append(_scatter(
            x=bx, y=by, mode="markers", name=building, meta=building,
            marker=dict(symbol=BUILDING_SYMBOLS[building], size=b + (2 if building == "temple" else 0), color=bc,
                        line=dict(color="#111111", width=1.4)),
            hoverinfo="skip", showlegend=False,
        ))
        out.append(static[f"legend:{building}"])
    ux, uy, ut = [], [], []
    for n, ps in provinces:
        if n in excluded or not ps.unrest:
            continue
        x, y = spots[n]
        ux.append(round(x - f.px(t / 2 + 3 + u / 2), 1))
        uy.append(round(y, 1))
        ut.append(str(ps.unrest))
    out.append(_scatter(
        x=ux, y=uy, mode="markers+text", text=ut, name=_("Unrest markers"), meta="unrest", textposition="middle center",
        marker=dict(symbol="diamond", size=u * 1.25, color="#FFFFFF", line=dict(color=UNREST_COLOUR, width=2)),
        textfont=dict(color=UNREST_COLOUR, size=max(8, round(u * 0.6))), hoverinfo="skip",
        showlegend=state is not None, legendrank=30,
    ))
    return out


# --- region majorities ------------------------------------------------------------------------


def region_summaries(side: str, players: int, state: Any = None) -> dict[str, list[str]]:
    """Per region, the lines of its summary box (HTML): the majorities when a state is given,
    else what the region holds (provinces, building slots, tax and rice)."""
    g = province_graph(side, players)
    out: dict[str, list[str]] = {}
    result = None
    if state is not None:
        owners = {n: ps.owner for n, ps in state.provinces.items() if n in g}
        buildings = {n: list(ps.buildings) for n, ps in state.provinces.items() if n in g}
        regions = {n: g.nodes[n]["region"] for n in g}
        result = score(owners, buildings, regions, players)
    west_to_east = sorted(BOARD.regions, key=lambda r: geo.region_anchor(side, r)[0])
    for region in west_to_east:
        names = [n for n in g if g.nodes[n]["region"] == region]
        lines = [f"<b>{escape(terms.region_name(region))}</b>"]
        if result is None:
            lines.append(escape(_("Provinces: {provinces} · Building slots: {slots}").format(
                provinces=len(names), slots=sum(g.nodes[n]["building_slots"] for n in names))))
            lines.append(escape(_("Tax: {tax} · Rice: {rice}").format(
                tax=sum(g.nodes[n]["tax"] for n in names), rice=sum(g.nodes[n]["rice"] for n in names))))
        else:
            table = result["regions"].get(region, {})
            for building in BUILDINGS:
                row = table.get(building)
                name = escape(terms.building_name(building))
                if not row or not row["winners"]:
                    lines.append(escape(_("{building}: —")).format(building=name))
                    continue
                counts = sorted(((c, s) for s, c in enumerate(row["counts"]) if c), key=lambda cs: (-cs[0], cs[1]))
                shown = " ".join(
                    (f"<b>{_style(state, s).letter}{c}</b>" if s in row["winners"] else f"{_style(state, s).letter}{c}")
                    for c, s in counts)
                win = "".join(_style(state, s).letter for s in row["winners"])
                # the message is escaped first, then filled with markup it must keep (the bold winners)
                message = _("{building}: {counts} → tie: {who} +{points} each") if row["tie"] else _("{building}: {counts} → {who} +{points}")
                lines.append(escape(message).format(building=name, counts=shown, who=escape(win), points=row["points"]))
        out[region] = lines
    return out


def _region_boxes(f: Fit, side: str, players: int, state: Any, top_px: float) -> tuple[list[dict], float]:
    """Annotations for the regions view below the map; returns them and the height they take."""
    boxes = region_summaries(side, players, state)
    cols = max(1, min(5, int(f.width // 200)))
    rows = math.ceil(len(boxes) / cols)
    line_h = f.font * 1.45
    box_h = line_h * (max(len(v) for v in boxes.values())) + 12
    anns = []
    plot_h = f.plot_height
    for i, (region, lines) in enumerate(boxes.items()):
        r, c = divmod(i, cols)
        anns.append(dict(
            x=(c + 0.5) / cols, xref="paper", xanchor="center",
            y=-(top_px + r * (box_h + 8)) / plot_h, yref="paper", yanchor="top",
            text="<br>".join(lines), align="left", showarrow=False,
            bgcolor=REGION_FILLS[region], bordercolor=REGION_LINES[region], borderwidth=2, borderpad=5,
            font=dict(size=f.font, color=LABEL_COLOUR), name=f"region:{region}",
        ))
    return anns, rows * (box_h + 8)


def _is_legend(meta: Any) -> bool:
    return isinstance(meta, str) and (meta.startswith(("player:", "legend:")) or meta == "sea-legend")


def legend_row_count(f: Fit, names: Sequence[str]) -> int:
    """How many rows plotly's horizontal legend takes for these entries across the figure's width
    (a generous estimate of each entry: symbol and gaps, then its text), so the room left below
    the board holds the whole legend at any font size.

    >>> legend_row_count(fit(1400), ["Red", "Blue", "Sea route"]), legend_row_count(fit(400), ["Nō theater"] * 6)
    (1, 2)
    """
    room, rows, used = f.width - 2 * f.margin, 1, 0.0
    for name in names:
        item = 48 + 0.62 * f.font * len(name)
        if used and used + item > room:
            rows, used = rows + 1, 0.0
        used += item
    return rows


def _layout(f: Fit, side: str, players: int, state: Any, view: str, excluded: frozenset[str],
            flagged: bool, height: int | None, callouts: list[dict], legend: Sequence[str] = ()) -> dict:
    """The figure's layout as plotly JSON."""
    notes: list[tuple[str, str | None]] = []  # (text, hover explanation)
    if excluded:
        prov = BOARD.side(side).excluded_provenance
        note = "✕ " + _("Greyed: out of play with three players")
        hover = None
        if flagged:
            note += f" — {terms.provenance_mark(prov)}"
            hover = terms.provenance_text(prov)
        notes.append((note, hover))
    if view == "changes":
        notes.append((_("Hatched: the 8 provinces whose region differs on the {other}; the hatch shows that region's colour.").format(
            other=terms.side_name("moon" if side == "sun" else "sun")), None))
    if view == "regions":
        sc = COMPONENTS.scoring
        notes.append((_("Each winter, the majorities in a region score: castles {castle}, temples {temple}, Nō theaters {theater}; "
                        "tied players score one point less.").format(
            castle=sc.region_majority["castle"], temple=sc.region_majority["temple"], theater=sc.region_majority["theater"]), None))
        if state is None:
            notes.append((_("Start a game (Guided game tab) to see who holds the majorities."), None))
    chars = max(30, int((f.width - 20) / (f.font * 0.58)))
    plot_h = f.plot_height
    anns: list[dict] = []
    y_px = 6.0
    legend_rows = legend_row_count(f, legend)
    y_px += legend_rows * (f.font + 10) + 6
    for text, hover in notes:
        lines = textwrap.wrap(text, chars)
        anns.append(dict(
            x=0, xref="paper", xanchor="left", y=-y_px / plot_h, yref="paper", yanchor="top",
            text="<br>".join(escape(l) for l in lines), align="left", showarrow=False,
            font=dict(size=f.font, color="#7A2E00" if hover else LABEL_COLOUR),
            hovertext=escape(hover) if hover else None, name="note",
            bgcolor="#FFF4E5" if hover else "rgba(255,255,255,0)", bordercolor="#E69F00" if hover else "rgba(0,0,0,0)",
            borderpad=3,
        ))
        y_px += len(lines) * f.font * 1.35 + 10
    if view == "regions":
        boxes, used = _region_boxes(f, side, players, state, y_px + 4)
        anns += boxes
        y_px += used + 8
    anns += callouts
    title = " · ".join([f"{SIDE_SYMBOLS[side]} {terms.side_name(side)}",  # i18n-ok: two labels of a title, not one sentence
                        ngettext("{n} player", "{n} players", players).format(n=players)])
    top = round(f.font * 2.4 + 8)
    bottom = round(y_px + 6)
    x0, y0, x1, y1 = geo.bounds(f.orientation)
    return dict(
        height=height or (plot_h + top + bottom),
        margin=dict(l=f.margin, r=f.margin, t=top, b=bottom, autoexpand=False),
        title=dict(text=escape(title), x=0.01, xanchor="left", y=1 - 4 / (plot_h + top + bottom), yanchor="top",
                   yref="container", font=dict(size=f.font + 4)),
        # constrain="domain": when the box is not the board's shape, plotly shrinks the drawing
        # area instead of widening the ranges (widened ranges would stick in the browser)
        xaxis=dict(visible=False, range=[x0, x1], fixedrange=True, constrain="domain"),
        yaxis=dict(visible=False, range=[y0, y1], scaleanchor="x", scaleratio=1, fixedrange=True, constrain="domain"),
        plot_bgcolor=SEA_COLOUR,
        paper_bgcolor="white",
        hovermode="closest",
        hoverdistance=max(12, round(geo.COAST_STEP * f.scale)),
        hoverlabel=dict(bgcolor="white", font=dict(size=max(12, f.font + 1), color=LABEL_COLOUR), align="left"),
        dragmode=False,
        showlegend=True,
        legend=dict(orientation="h", x=0, xanchor="left", y=-4 / plot_h, yanchor="top", font=dict(size=f.font),
                    bgcolor="rgba(255,255,255,0)", itemclick=False, itemdoubleclick=False),
        annotations=anns,
        meta=dict(side=side, players=players, view=view, orientation=f.orientation),
    )
