"""The board's layers that follow the game and the learner: owner rings, sea routes, the click
lesson, the action being carried out, army tokens, buildings, unrest and the players' legend
(see :mod:`shogun_tutor.viz.board`). Rebuilt for every state as cheap plotly JSON."""

from __future__ import annotations

import math
from functools import lru_cache
from html import escape
from typing import Any, Iterable

from ..data import BOARD, BUILDINGS, COMPONENTS
from ..i18n import _
from ..text import terms
from . import geometry as geo
from .board_base import (
    BUILDING_SYMBOLS,
    HIGHLIGHT_LABELS,
    LESSON_COLOUR,
    UNREST_COLOUR,
    Fit,
    append_polyline,
    fit,  # noqa: F401 (the doctests)
    overlap_area,
    scatter as _scatter,
    style as _style,
    tolerance as _tolerance,
)
from .board_labels import text_width, token_places
from .board_text import state_hover
from .palette import HIGHLIGHT, NEUTRAL_FILL, PLAYER_STYLES, SEA_ROUTE


def player_legend(state: Any, players: int) -> list[dict]:
    """The legend entries of the players (shown with a game)."""
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


def owner_rings(f: Fit, state: Any, excluded: frozenset[str]) -> list[dict]:
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


def sea_routes(f: Fit, g, selected: str | None = None) -> list[dict]:
    """The sea routes dashed (``sea``; the selected province's routes wider, ``sea-selected``) and
    those out of play with three players dotted grey (``sea-out``): one trace each."""
    parts: dict[str, tuple[list, list]] = {"sea": ([], []), "sea-selected": ([], []), "sea-out": ([], [])}
    for b in sorted((b for b in BOARD.borders if b.kind == "sea"), key=lambda b: (b.a, b.b)):
        x, y = geo.line_xy(geo.sea_route(b.a, b.b, f.orientation))
        in_play = b.a in g and b.b in g
        key = "sea-out" if not in_play else "sea-selected" if selected in (b.a, b.b) else "sea"
        append_polyline(*parts[key], x, y)
    width = max(2.0, f.font / 4.5)
    looks = {"sea": dict(color=SEA_ROUTE, width=width, dash="dash"),
             "sea-selected": dict(color=SEA_ROUTE, width=2 * width, dash="dash"),
             "sea-out": dict(color="#9E9E9E", width=width, dash="dot")}
    return [_scatter(x=x, y=y, mode="lines", name=key, line=looks[key], hoverinfo="skip", showlegend=False,
                     visible=bool(x))
            for key, (x, y) in parts.items()]


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


def lesson(f: Fit, g, selected: str | None, reach: set[str], path: list[str]) -> list[dict]:
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
    rx, ry = _rings([n for n in (path[1:-1] if path else sorted(reach)) if n in shapes], 3.5, f)
    px: list = []
    py: list = []
    for a, b in zip(path, path[1:]):
        pts = _edge_line(a, b, f, g)
        for x, y in pts[1:] if px else pts:
            px.append(round(x, 1))
            py.append(round(y, 1))
    ends = [path[0], path[-1]] if path else [selected] if selected else []
    sx, sy = _rings([n for n in ends if n in shapes], 3.0, f)
    return lesson_layers(f, (dx, dy), (rx, ry), (px, py), (sx, sy))


def lesson_layers(f: Fit, dim: tuple[list, list], reach: tuple[list, list], path: tuple[list, list],
                  selected: tuple[list, list]) -> list[dict]:
    """The click lesson's four layers from their points (``dim``: the rest, filled pale; ``reach``: the reachable
    provinces' rings, dotted; ``path``: the shortest way; ``selected``: the ends' rings)."""
    return [
        _scatter(x=dim[0], y=dim[1], fill="toself", fillcolor="rgba(255,255,255,0.62)", mode="lines",
                 line=dict(width=0), name="dim", hoverinfo="skip", showlegend=False),
        _scatter(x=reach[0], y=reach[1], mode="lines", name="reach", hoverinfo="skip", showlegend=False,
                 line=dict(color=LESSON_COLOUR, width=3.5, dash="dot")),
        _scatter(x=path[0], y=path[1], mode="lines", name="path", hoverinfo="skip", showlegend=False,
                 line=dict(color="rgba(0,114,178,0.7)", width=max(4, f.font / 2.2))),
        _scatter(x=selected[0], y=selected[1], mode="lines", name="selected", hoverinfo="skip", showlegend=False,
                 line=dict(color=LESSON_COLOUR, width=5)),
    ]


#: where a callout may go around its spot: above first, then around it (degrees), at these distances
CALLOUT_ANGLES = (90, 70, 110, 50, 130, 30, 150, 10, 170, 270, 250, 290, 230, 310, 210, 330, 190, 350)
CALLOUT_RINGS = ((1.0, 0.0), (1.3, 0.02), (1.6, 0.04), (2.0, 0.08))  # (times the base distance, cost × box area)


def callout_half_size(label: str, f: Fit) -> tuple[float, float]:
    """Half the width and height of a callout's box (plot units), estimated from its text."""
    return f.px(len(label) * 0.62 * (f.font + 1) + 12) / 2, f.px((f.font + 1) * 1.25 + 9) / 2


def _callout_offset(x: float, y: float, label: str, f: Fit, places: dict,
                    avoid: Iterable[tuple[float, float]] = (), own: str | None = None) -> tuple[int, int]:
    """A screen offset (px, y down) from (x, y) for a callout reading ``label``, whose box covers
    no province name, no token row and stays on the board where such a place is near, and whose
    leader line crosses no other name (``own``: the province whose name it points at); else where
    it covers them least. Among equally free places: nearer first, then above before below.

    The callout's box is estimated from its text as the names' boxes are (``places``, from
    :func:`.board_labels.label_places`): bold text at the board's font size plus one, with its padding and border.
    Pure Python (the static build has no numpy): only the names and token rows within the farthest candidate's
    reach are scored, a few dozen boxes against 72 places; this runs on every step that highlights a province."""
    o = f.orientation
    half_w, half_h = callout_half_size(label, f)
    area = 4 * half_w * half_h
    base_px = max(38.0, f.token * 2.4)
    # the candidates, nearer rings first, each ring's directions in CALLOUT_ANGLES' order
    candidates = []
    for ring, cost in CALLOUT_RINGS:
        for angle in CALLOUT_ANGLES:
            a = math.radians(angle)
            dx, dy = base_px * ring * math.cos(a) * 1.4, base_px * ring * math.sin(a)  # callouts are wider than tall
            candidates.append((dx, dy, x + f.px(dx), y + f.px(dy), cost))
    # what any candidate could touch: the boxes within the reach of the farthest one
    reach_x = f.px(base_px * CALLOUT_RINGS[-1][0] * 1.4) + half_w
    reach_y = f.px(base_px * CALLOUT_RINGS[-1][0]) + half_h
    near = (x - reach_x, y - reach_y, x + reach_x, y + reach_y)
    c0, d0, c1, d1 = token_cluster(f)
    obstacles = [(places[n].bounds, 50.0 if n == own else 1.0, n != own) for n in places]  # its own name most
    obstacles += [((tx + c0, ty + d0, tx + c1, ty + d1), 1.0, False) for tx, ty in avoid]
    obstacles = [(b, w, other) for b, w, other in obstacles if overlap_area(b, near) > 0]
    names = [b for b, _w, other in obstacles if other]
    board = geo.bounds(o)
    best, best_key = (0.0, 0.0), None
    for i, (dx, dy, cx, cy, cost) in enumerate(candidates):
        box = (cx - half_w, cy - half_h, cx + half_w, cy + half_h)
        covered = sum(overlap_area(box, b) * w for b, w, _other in obstacles)
        off_board = area - overlap_area(box, board)
        # the leader line's points (1/8 … 7/8 of the way) that stand inside another name
        lo_x, hi_x, lo_y, hi_y = min(x, cx), max(x, cx), min(y, cy), max(y, cy)
        met = [b for b in names if b[0] <= hi_x and b[2] >= lo_x and b[1] <= hi_y and b[3] >= lo_y]
        crossed = sum(any(b[0] <= px <= b[2] and b[1] <= py <= b[3] for b in met)
                      for px, py in ((x + (cx - x) * k / 8, y + (cy - y) * k / 8) for k in range(1, 8))) if met else 0
        total = covered + 20 * off_board + crossed * 0.03 * area + cost * area
        key = (round(total, 1), i)
        if best_key is None or key < best_key:
            best, best_key = (dx, dy), key
    return round(best[0]), -round(best[1])


def highlight_layers(f: Fit, h: Any, g, avoid: list[tuple[float, float]] = (),
                     places: dict | None = None) -> tuple[list[dict], list[dict]]:
    """The action being carried out: a dotted ring around the province(s), an arrow for moves and
    battles, and a callout naming the action, placed clear of the names (``places``: where
    :func:`.board_labels.label_places` drew them) and the token rows ``avoid``. Returns the two traces
    and the callout annotation."""
    o = f.orientation
    ax: list = []
    ay: list = []
    names = action_names(h, g)
    hx, hy = _rings(names, 2.5, f)
    anns: list[dict] = []
    if h is not None and names and (h.source or h.kind == "tie"):  # the choices' rings ('choice') have no callout
        at = (lambda n: (places[n].x, places[n].y)) if places else (lambda n: geo.label_point(n, o))
        points = [at(n) for n in names] if h.kind == "tie" else [at(h.source)]
        cx, cy = sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)
        if h.target:
            ax, ay = trimmed(_edge_line(h.source, h.target, f, g), f)
            cx, cy = ax[len(ax) // 2], ay[len(ay) // 2]
            if len(ax) % 2 == 0:
                cx, cy = (ax[len(ax) // 2 - 1] + cx) / 2, (ay[len(ay) // 2 - 1] + cy) / 2
        label = _(HIGHLIGHT_LABELS.get(h.kind, HIGHLIGHT_LABELS["province"]))
        offset = _callout_offset(cx, cy, label, f, places, avoid, None if h.target or h.kind == "tie" else h.source)
        anns.append(callout(f, cx, cy, label, offset))
    return action_layers(f, h.kind if h else None, (hx, hy), (ax, ay)), anns


def action_names(h: Any, g) -> list[str]:
    """The provinces an action's highlight rings: its source and target, or every province in play of the tied
    region(s), then its further ``rings``; an unknown province is an error, not a silent miss."""
    if h is not None and h.kind == "tie":  # every province of the tied region(s) in play
        names = sorted(n for n in g if g.nodes[n]["region"] in h.regions)
    else:
        names = [h.source] + ([h.target] if h.target else []) if h is not None and h.source else []
    names += [n for n in (h.rings if h is not None else ()) if n not in names]
    for n in names:
        BOARD.province(n)
    return names


def trimmed(points: list[tuple[float, float]], f: Fit) -> tuple[list[float], list[float]]:
    """An action's arrow along ``points`` (province to province), stopping short of the names so they stay readable:
    a straight arrow shortened at both ends, one by sea without its first and last points (inside the provinces)."""
    (x0, y0), (x1, y1) = points[0], points[-1]
    if len(points) == 2:
        trim = f.px(f.font * 1.3)
        d = math.hypot(x1 - x0, y1 - y0) or 1.0
        t = min(trim / d, 0.2)
        points = [(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t), (x1 - (x1 - x0) * t, y1 - (y1 - y0) * t)]
    else:
        points = points[1:-1]
    return [round(p[0], 1) for p in points], [round(p[1], 1) for p in points]


def callout(f: Fit, x: float, y: float, label: str, offset: tuple[int, int]) -> dict:
    """The annotation naming the action at (x, y), its box ``offset`` screen pixels away."""
    return dict(x=round(x, 1), y=round(y, 1), xref="x", yref="y", text=f"<b>{escape(label)}</b>", showarrow=True,
                arrowhead=0, arrowwidth=2, arrowcolor=HIGHLIGHT, ax=offset[0], ay=offset[1], bgcolor=HIGHLIGHT,
                bordercolor="#FFFFFF", borderwidth=1.5, borderpad=3, font=dict(color="#FFFFFF", size=f.font + 1),
                name="highlight")


def action_layers(f: Fit, kind: str | None, rings: tuple[list, list], arrow: tuple[list, list]) -> list[dict]:
    """The action's two layers from their points: the rings (``highlight``, dotted) and the arrow with its head
    (``arrow``), in one colour for every action, clear of every player's (the callout names the action)."""
    colour = HIGHLIGHT
    traces = [_scatter(x=rings[0], y=rings[1], mode="lines", name="highlight", meta=kind, hoverinfo="skip",
                       showlegend=False, line=dict(color=colour, width=4, dash="dot"))]
    ax, ay = arrow
    n = len(ax)
    symbols = ["circle"] * (n - 1) + ["arrow"] if n else "circle"
    sizes = [f.font * 0.9] + [0] * (n - 2) + [f.font * 2.4] if n >= 2 else 0
    traces.append(_scatter(
        x=ax, y=ay, mode="lines+markers", name="arrow", meta=kind, hoverinfo="skip", showlegend=False,
        line=dict(color=colour, width=max(4.5, f.font / 2.2)),
        marker=dict(symbol=symbols, size=sizes, angleref="previous", color=colour, line=dict(color="white", width=1.5)),
    ))
    return traces


def token_cluster(f: Fit) -> tuple[float, float, float, float]:
    """The extent of a token row (unrest, the army token, up to three buildings) around its spot."""
    t, b, u = f.token, f.building, f.unrest
    return (round(-f.px(t / 2 + 3 + u), 1), round(-f.px(t / 2 + 1), 1),
            round(f.px(t / 2 + 3 + 3 * (b + 2)), 1), round(f.px(t / 2 + 1), 1))


def token_spots(f: Fit, state: Any, excluded: frozenset[str], board, view: str, kanji: bool,
                language: str) -> dict[str, tuple[float, float]]:
    """Where each province's army token goes (provinces of the state in play), clear of the names."""
    if state is None:
        return {}
    spots = token_places(board, view, f, kanji, language)
    return {n: spots[n] for n in state.provinces if n not in excluded}


def army_font(f: Fit, text: str) -> int:
    """The size of a token's text ("R3", "B12"): as large as the names where it fits inside the token (a
    projector's numbers as readable as its names), never over 0.58 of the token.

    >>> army_font(fit(668, 15), "R3"), army_font(fit(668, 15), "R12"), army_font(fit(1200), "K4")
    (14, 11, 11)
    """
    wide = text_width(text, 1.0, bold=True)  # in ems
    return max(8, min(f.font, round(f.token * 0.58), int((f.token - 3) / wide)))


def state_layers(f: Fit, state: Any, excluded: frozenset[str], spots: dict[str, tuple[float, float]]) -> list[dict]:
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
        at.append(f"{style.letter}{ps.armies}")
        ac.append(style.fill)
        atc.append(style.text)
        aline.append("#FFFFFF" if style.name == "black" else "#111111")
        ah.append(state_hover(n, state))
    out = [_scatter(
        x=ax, y=ay, mode="markers+text", text=at, name="armies", textposition="middle center",
        marker=dict(symbol="square", size=t, color=ac, line=dict(color=aline, width=1.5)),
        textfont=dict(color=atc, size=[army_font(f, text) for text in at], weight="bold"), hovertext=ah, hoverinfo="text",
        showlegend=False,
    )]
    # the buildings of every province in one trace (each point its shape, size and owner's colour)
    bx, by, bc, bs, bsize = [], [], [], [], []
    for n, ps in provinces:
        if n in excluded:
            continue
        x, y = spots[n]
        for slot, building in enumerate(sorted(ps.buildings, key=BUILDINGS.index)):
            bx.append(round(x + f.px(t / 2 + 3 + b / 2 + slot * (b + 2)), 1))
            by.append(round(y, 1))
            bc.append(_style(state, ps.owner).fill if ps.owner is not None else NEUTRAL_FILL)
            bs.append(BUILDING_SYMBOLS[building])
            bsize.append(b + (2 if building == "temple" else 0))
    out.append(_scatter(
        x=bx, y=by, mode="markers", name="buildings",
        marker=dict(symbol=bs, size=bsize, color=bc, opacity=1, line=dict(color="#111111", width=1.4)),  # (sizes per point: plotly's default opacity would be 0.7)
        hoverinfo="skip", showlegend=False,
    ))
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
