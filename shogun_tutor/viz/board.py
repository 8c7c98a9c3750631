"""The board as plotly figures: pure functions of (side, player count, game state, highlight).

Trace layout of :func:`board_figure` (the UI updates traces by name):

* one filled area per province in play or out of play (``name`` = province)
* ``regions``: thick outlines of the five regions
* ``sea``: the six sea routes, dashed
* ``labels``: a point per province with romaji + kanji and the full hover text
* ``armies``: owner letter and army count per held province
* ``castle`` / ``temple`` / ``theater``: building symbols
* ``unrest``: unrest markers
* ``reach`` / ``path``: the click lesson's highlights

>>> fig = board_figure("moon", 5)
>>> sum(1 for t in fig.data if t.meta == "province")
45
>>> len([t for t in fig.data if t.name == "sea"][0].x)  # 6 routes: 2 points + a gap each
18
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any, Iterable

import plotly.graph_objects as go

from ..board import province_graph
from ..data import BOARD, BUILDINGS, COMPONENTS
from ..i18n import _
from ..ui import terms
from .geometry import board_point, label_point, outline_xy, province_shapes, region_outline
from .palette import EXCLUDED_FILL, NEUTRAL_FILL, PLAYER_STYLES, REGION_FILLS, SEA_ROUTE, player_style

BUILDING_SYMBOLS = {"castle": "square", "temple": "triangle-up", "theater": "circle"}
BUILDING_OFFSETS = {"castle": -22, "temple": 0, "theater": 22}


@dataclass(frozen=True)
class Highlight:
    """The action being carried out: ``kind`` is 'move', 'battle', 'tax', 'rice', 'build', 'armies' or 'revolt'."""

    kind: str
    source: str
    target: str | None = None


def highlight_from_event(event: dict | None) -> Highlight | None:
    """The highlight for a game-log event (None for events that are not about a province)."""
    if not event or "province" not in event:
        return None
    rule = event["rule"]
    if rule == "battle.result":
        return Highlight("battle", event["source"], event["province"])
    if rule == "move.armies":
        return Highlight("move", event["province"], event["target"])
    kind = {"action.income": event.get("action"), "action.build": "build", "action.armies": "armies",
            "battle.revolt": "revolt"}.get(rule, "province")
    return Highlight(kind or "province", event["province"])


def _state_of(state: Any, name: str):
    if state is None:
        return None
    return state.provinces.get(name)


def hover_text(name: str, side: str, players: int, state: Any = None) -> str:
    """Everything about a province: values, region, slots, owner, armies, buildings, unrest, neighbours."""
    p = BOARD.province(name)
    g = province_graph(side, 5)
    lines = [f"<b>{escape(name)} {p.kanji}</b>", escape(terms.region_name(p.region(side)))]
    excluded = players == 3 and name in BOARD.side(side).three_player_excluded
    if excluded:
        prov = BOARD.side(side).excluded_provenance
        mark = terms.provenance_mark(prov)
        lines.append(escape(_("Out of play with three players")) + (f" ({escape(mark)})" if mark else ""))
    lines.append(escape(_("Tax: {tax} · Rice: {rice}").format(tax=p.tax, rice=p.rice)))
    ps = _state_of(state, name)
    used = len(ps.buildings) if ps else 0
    lines.append(escape(_("Building slots: {free} free of {slots}").format(free=p.building_slots - used, slots=p.building_slots)))
    if ps is not None:
        if ps.owner is None:
            lines.append(escape(_("Neutral")))
        else:
            owner = terms.colour_name(state.players[ps.owner].colour)
            lines.append(escape(_("Owner: {owner} · Armies: {armies}").format(owner=owner, armies=ps.armies)))
        if ps.buildings:
            lines.append(escape(_("Buildings: {buildings}").format(buildings=", ".join(terms.building_name(b) for b in ps.buildings))))
        if ps.unrest:
            lines.append(escape(_("Unrest markers: {n}").format(n=ps.unrest)))
    in_play = province_graph(side, players)
    nbrs = sorted(in_play.adj[name]) if name in in_play else sorted(g.adj[name])
    sea = {n for n in nbrs if g.edges[name, n]["kind"] == "sea"}
    lines.append(escape(_("Neighbours: {names}").format(names=", ".join(n + (" ⚓" if n in sea else "") for n in nbrs))))
    return "<br>".join(lines)


def changed_provinces() -> list[str]:
    """The 8 provinces whose region differs between the sun and the moon side."""
    return sorted(p.name for p in BOARD.provinces if p.region("sun") != p.region("moon"))


def board_figure(
    side: str = "sun",
    players: int = 5,
    state: Any = None,
    highlight: Highlight | None = None,
    *,
    show_changes: bool = False,
    reach: Iterable[str] = (),
    path: list[str] | None = None,
    height: int = 620,
) -> go.Figure:
    """The board of one side for a player count, with the game state's layers when given."""
    if state is not None:
        side, players = state.side, state.num_players
    g = province_graph(side, players)
    shapes = province_shapes()
    excluded = BOARD.side(side).three_player_excluded if players == 3 else frozenset()
    changed = set(changed_provinces()) if show_changes else set()
    reach = set(reach)
    fig = go.Figure()
    for p in BOARD.provinces:
        x, y = outline_xy(shapes[p.name])
        ps = _state_of(state, p.name)
        region = p.region(side)
        if p.name in excluded:
            fill, pattern = EXCLUDED_FILL, dict(shape="x", fgcolor="#9e9e9e", size=8, solidity=0.15)
        else:
            fill, pattern = REGION_FILLS[region], None
        line = dict(color="white", width=1.2)
        if ps is not None and ps.owner is not None:
            line = dict(color=player_style(ps.owner).fill, width=3)
        if p.name in changed:
            line = dict(color="#000000", width=3.5)
        if p.name in reach:
            line = dict(color="#0072B2", width=4)
        fig.add_trace(go.Scatter(
            x=x, y=y, fill="toself", fillcolor=fill, fillpattern=pattern, line=line, mode="lines",
            name=p.name, meta="province", hoveron="fills", hoverinfo="text",
            text=hover_text(p.name, side, players, state), showlegend=False,
        ))
    # region outlines
    rx: list = []
    ry: list = []
    for region in BOARD.regions:
        x, y = outline_xy(region_outline(side, region))
        rx += x + [None]
        ry += y + [None]
    fig.add_trace(go.Scatter(x=rx, y=ry, mode="lines", line=dict(color="#5a4a3a", width=2.2), name="regions",
                             hoverinfo="skip", showlegend=False))
    # sea routes
    sx: list = []
    sy: list = []
    for b in BOARD.borders:
        if b.kind == "sea" and b.a in g and b.b in g:  # routes to provinces out of play are not used
            (x0, y0), (x1, y1) = board_point(b.a), board_point(b.b)
            sx += [x0, x1, None]
            sy += [y0, y1, None]
    fig.add_trace(go.Scatter(x=sx, y=sy, mode="lines", line=dict(color=SEA_ROUTE, width=2.5, dash="dash"),
                             name="sea", hoverinfo="skip", showlegend=False))
    # path and reach (click lesson)
    px, py = zip(*(label_point(n) for n in path)) if path else ((), ())
    fig.add_trace(go.Scatter(x=list(px), y=list(py), mode="lines+markers", line=dict(color="#0072B2", width=5),
                             marker=dict(size=10), name="path", hoverinfo="skip", showlegend=False))
    # labels with the full hover
    names = [p.name for p in BOARD.provinces]
    lx, ly = zip(*(label_point(n) for n in names))
    label_text = [f"{n}<br>{BOARD.province(n).kanji}" + (" ✕" if n in excluded else "") for n in names]
    fig.add_trace(go.Scatter(
        x=lx, y=ly, mode="text", text=label_text, textfont=dict(size=11, color="#222"),
        hovertext=[hover_text(n, side, players, state) for n in names], hoverinfo="text",
        customdata=names, name="labels", showlegend=False,
    ))
    _state_layers(fig, state)
    _highlight(fig, highlight)
    notes = []
    if players == 3:
        prov = BOARD.side(side).excluded_provenance
        note = _("✕ out of play with three players")
        if prov.flagged:
            note += f" ({terms.provenance_mark(prov)}: {terms.provenance_text(prov)})"
        notes.append(note)
    if show_changes:
        notes.append(_("Black outline: the 8 provinces whose region differs between the sun and the moon side"))
    fig.update_layout(
        height=height,
        margin=dict(l=4, r=4, t=36, b=4),
        title=dict(text=terms.side_name(side) + " · " + _("{n} players").format(n=players), x=0.01, font=dict(size=15)),
        xaxis=dict(visible=False, range=[120, 2010]),
        yaxis=dict(visible=False, scaleanchor="x", scaleratio=1, range=[-1330, -600]),
        plot_bgcolor="#dcecf5",
        paper_bgcolor="white",
        hoverlabel=dict(bgcolor="white", font_size=13),
        dragmode="pan",
        annotations=[dict(x=0.01, y=0.01 + 0.05 * i, xref="paper", yref="paper", text=escape(t), showarrow=False,
                          xanchor="left", font=dict(size=12), bgcolor="rgba(255,255,255,0.8)") for i, t in enumerate(notes)],
        legend=dict(orientation="h", y=-0.01, x=1.0, xanchor="right", yanchor="top"),
    )
    return fig


def _state_layers(fig: go.Figure, state: Any) -> None:
    """Armies, buildings and unrest; the traces exist (empty) without a state, so the layout never changes."""
    provinces = state.provinces if state is not None else {}
    held = [(n, ps) for n, ps in provinces.items() if ps.owner is not None]
    ax, ay, at, ac, atc = [], [], [], [], []
    for n, ps in held:
        x, y = label_point(n)
        style = PLAYER_STYLES[state.players[ps.owner].colour]
        ax.append(x)
        ay.append(y - 34)
        at.append(f"{style.letter}{ps.armies}")
        ac.append(style.fill)
        atc.append(style.text)
    fig.add_trace(go.Scatter(
        x=ax, y=ay, mode="markers+text", text=at, name="armies",
        marker=dict(symbol="square", size=24, color=ac, line=dict(color="#222", width=1)),
        textfont=dict(color=atc, size=11, family="monospace"), hoverinfo="skip", showlegend=False,
    ))
    for b in BUILDINGS:
        bx, by, bc = [], [], []
        for n, ps in provinces.items():
            if b in ps.buildings:
                x, y = label_point(n)
                bx.append(x + BUILDING_OFFSETS[b])
                by.append(y + 30)
                bc.append(player_style(ps.owner).fill if ps.owner is not None else NEUTRAL_FILL)
        fig.add_trace(go.Scatter(
            x=bx, y=by, mode="markers", name=terms.building_name(b),
            marker=dict(symbol=BUILDING_SYMBOLS[b], size=13, color=bc, line=dict(color="#111", width=1.5)),
            hoverinfo="skip", showlegend=state is not None, meta=b,
        ))
    ux, uy, ut = [], [], []
    for n, ps in provinces.items():
        if ps.unrest:
            x, y = label_point(n)
            ux.append(x + 40)
            uy.append(y - 34)
            ut.append(f"!{ps.unrest}")
    fig.add_trace(go.Scatter(
        x=ux, y=uy, mode="markers+text", text=ut, name=_("Unrest markers"), meta="unrest",
        marker=dict(symbol="diamond", size=20, color="#fde0dd", line=dict(color="#b2182b", width=2)),
        textfont=dict(color="#b2182b", size=11), hoverinfo="skip", showlegend=state is not None,
    ))


def _highlight(fig: go.Figure, h: Highlight | None) -> None:
    if h is None:
        fig.add_trace(go.Scatter(x=[], y=[], mode="markers", name="highlight", hoverinfo="skip", showlegend=False))
        return
    x0, y0 = label_point(h.source)
    if h.target:
        fig.add_trace(go.Scatter(x=[], y=[], mode="markers", name="highlight", hoverinfo="skip", showlegend=False))
        x1, y1 = label_point(h.target)
        colour = "#D55E00" if h.kind == "battle" else "#0072B2"
        fig.add_annotation(x=x1, y=y1, ax=x0, ay=y0, xref="x", yref="y", axref="x", ayref="y", showarrow=True,
                           arrowhead=3, arrowsize=1.6, arrowwidth=3.5, arrowcolor=colour, text="")
    else:
        fig.add_trace(go.Scatter(x=[x0], y=[y0], mode="markers", name="highlight", hoverinfo="skip", showlegend=False,
                                 marker=dict(symbol="circle-open", size=70, color="#D55E00", line=dict(width=4))))


def regions_figure(state: Any, height: int = 420) -> go.Figure:
    """The scoring majorities: buildings of each type per region and player, leaders marked."""
    side = state.side
    counts = {r: {b: [0] * state.num_players for b in BUILDINGS} for r in BOARD.regions}
    for n, ps in state.provinces.items():
        if ps.owner is not None:
            for b in ps.buildings:
                counts[BOARD.province(n).region(side)][b][ps.owner] += 1
    fig = go.Figure()
    xs = [(terms.region_name(r), terms.building_name(b)) for r in BOARD.regions for b in BUILDINGS]
    for seat in range(state.num_players):
        style = player_style(seat)
        ys = [counts[r][b][seat] for r in BOARD.regions for b in BUILDINGS]
        texts = []
        for r in BOARD.regions:
            for b in BUILDINGS:
                c = counts[r][b]
                top = max(c)
                lead = top > 0 and c[seat] == top
                tie = lead and c.count(top) > 1
                pts = COMPONENTS.scoring.region_majority[b] - (COMPONENTS.scoring.tie_penalty if tie else 0)
                texts.append(f"{style.letter}+{pts}" if lead else "")
        fig.add_trace(go.Bar(
            x=[list(t) for t in zip(*xs)], y=ys, name=f"{style.letter} {terms.colour_name(style.name)}",
            marker=dict(color=style.fill, pattern=dict(shape=style.pattern), line=dict(color="#222", width=1)),
            text=texts, textposition="outside",
        ))
    fig.update_layout(barmode="group", height=height, margin=dict(l=40, r=10, t=40, b=60),
                      title=_("Buildings per region: who holds the majority (+points)"),
                      yaxis=dict(title=_("Buildings"), dtick=1), legend=dict(orientation="h"))
    return fig
