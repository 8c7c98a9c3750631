"""The battle tower drawn from the side, and the frames of a throw: pure functions.

A throw record (``{"paths": [[id, owner, origin, start, end, knocked], ...]}``, as
written by the engine in ``battle.result`` / ``battle.revolt`` events) becomes a
list of frames; each frame places every cube at a stage: 0 the funnel,
1..levels the ledges, levels+1 the tray.

>>> rec = {"paths": [[1, 0, "b", "funnel", "tray", False], [2, None, "fill", 2, "tray", True], [3, 1, "b", "funnel", 0, False]]}
>>> [[stage for _, _, stage in f] for f in throw_stages(rec, levels=3)]
[[0, 3, 0], [1, 3, 1], [2, 3, 1], [3, 3, 1], [4, 4, 1]]
"""

from __future__ import annotations

import plotly.graph_objects as go

from html import escape

from ..data import COMPONENTS
from ..i18n import _
from ..text import terms
from .palette import FARMER_STYLE, PLAYER_STYLES, Style, cube_style

WIDTH = 10.0
FUNNEL_Y = 11.4
TRAY_Y = -1.1
CUBE = 0.58  # a cube's side (data units) when there is room


def ledge_y(level: int, levels: int = 3) -> float:
    return 7.6 - level * (7.5 / levels)  # room for three rows of cubes under the roof (9.8) and on each ledge


def _ledge_span(level: int) -> tuple[float, float]:
    return (2.2, 6.6) if level % 2 == 0 else (3.4, 7.8)


def stage_of(path, frame: int, levels: int) -> int:
    _id, _owner, _origin, start, end, knocked = path
    end_stage = levels + 1 if end == "tray" else int(end) + 1
    if start == "funnel":
        return min(frame, end_stage)
    start_stage = int(start) + 1
    if not knocked:
        return start_stage
    return min(max(frame, start_stage), end_stage) if frame > start_stage else start_stage


def throw_stages(record: dict, levels: int = 3) -> list[list[tuple[int, int | None, int]]]:
    """For each frame, (cube id, owner, stage) of every cube in the throw."""
    paths = record["paths"]
    return [[(p[0], p[1], stage_of(p, f, levels)) for p in paths] for f in range(levels + 2)]


# where the cubes of each stage may lie (their centres), inside the frame drawn for it
MIN_GAP = 0.1  # a cube's side is at most (1 - MIN_GAP) of its spacing: never two cubes on one another
STEP = round(CUBE / (1 - MIN_GAP), 3)  # cube spacing when there is room; a crowded stage's cubes closer and smaller
_FUNNEL_BOX = (3.2, 6.8, 10.15, FUNNEL_Y + 0.6)
_TRAY_BOX = (0.5, 9.5, TRAY_Y - 0.7, TRAY_Y + 0.15)
_INSIDE = (2.0 + 0.35, 8.0 - 0.35)  # between the tower's walls


def _ledge_box(stage: int, levels: int, wide: bool) -> tuple[float, float, float, float]:
    lo, hi = _INSIDE if wide else (lambda a, b: (a + 0.3, b - 0.3))(*_ledge_span(stage - 1))
    y = ledge_y(stage - 1, levels)
    top = ledge_y(stage - 2, levels) - 0.45 if stage > 1 else 9.8 - 0.35  # below the ledge above (or the roof)
    return (lo, hi, y + 0.39, top)


def stage_box(stage: int, levels: int = 3) -> tuple[float, float, float, float]:
    """(x0, x1, y0, y1): the area for the centres of the cubes of ``stage`` (0 funnel, 1..levels ledges, tray).
    A ledge's cubes lie on the ledge while they fit on it; a crowded level (the cubes of a throw falling past
    the ones lying there) fills the tower's width between its walls."""
    if stage == 0:
        return _FUNNEL_BOX
    if stage == levels + 1:
        return _TRAY_BOX
    return _ledge_box(stage, levels, wide=True)


def _fit(n: int, box: tuple[float, float, float, float]) -> tuple[int, float]:
    """(columns, spacing): the widest spacing up to :data:`STEP` at which ``n`` cubes fit in rows inside ``box``."""
    x0, x1, y0, y1 = box
    step = STEP
    while True:
        cols, rows = int((x1 - x0) / step + 1e-9) + 1, int((y1 - y0) / step + 1e-9) + 1
        if cols * rows >= n:
            return cols, step
        step *= 0.97


def _grid(n: int, box: tuple[float, float, float, float], from_top: bool = False) -> tuple[list[tuple[float, float]], float]:
    """``n`` positions in rows inside ``box`` and their spacing: :data:`STEP` when there is room, less when crowded
    (every row as far from the next as from one cube to the next in a row, so that cubes of that spacing's size
    less a gap never overlap)."""
    x0, x1, y0, y1 = box
    cols, step = _fit(n, box)
    out = []
    for i in range(n):
        row, col = divmod(i, cols)
        out.append((x0 + col * step, y1 - row * step if from_top else y0 + row * step))
    return out, step


def stage_layout(cubes: list[tuple[int, int | None, int]], levels: int = 3
                 ) -> tuple[dict[int, tuple[float, float]], dict[int, float]]:
    """Each cube's centre and its side (data units): the cubes of each stage in rows inside its frame, in a stable
    order (by owner, then id); a crowded stage's cubes are drawn smaller, never on one another."""
    by_stage: dict[int, list[tuple[int, int | None]]] = {}
    for cid, owner, stage in cubes:
        by_stage.setdefault(stage, []).append((cid, owner))
    pos, side = {}, {}
    for stage, items in by_stage.items():
        items.sort(key=lambda c: (-1 if c[1] is None else c[1], c[0]))
        box = stage_box(stage, levels)
        if 1 <= stage <= levels and _fit(len(items), _ledge_box(stage, levels, wide=False))[1] >= STEP:
            box = _ledge_box(stage, levels, wide=False)  # they all lie on the ledge
        places, step = _grid(len(items), box, from_top=stage == levels + 1)
        for (cid, _owner), xy in zip(items, places):
            pos[cid], side[cid] = xy, min(CUBE, step * (1 - MIN_GAP))
    return pos, side


def stage_positions(cubes: list[tuple[int, int | None, int]], levels: int = 3) -> dict[int, tuple[float, float]]:
    """The centre of each cube (see :func:`stage_layout`).

    >>> pos = stage_positions([(i, i % 4, 4) for i in range(60)])  # a crowded tray stays in its frame
    >>> x0, x1, y0, y1 = stage_box(4)
    >>> all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in pos.values())
    True
    """
    return stage_layout(cubes, levels)[0]


def cube_trace_values(cubes: list[tuple[int, int | None, int]], levels: int = 3) -> dict:
    """x, y, text, colours and each cube's scale (its side over :data:`CUBE`: 1, less in a crowded stage) for the
    cube scatter trace (same order as ``cubes``)."""
    pos, side = stage_layout(cubes, levels)
    styles = [cube_style(owner) for _cid, owner, _s in cubes]
    return {
        "x": [pos[c[0]][0] for c in cubes],
        "y": [pos[c[0]][1] for c in cubes],
        "text": [terms.cube_letter(s.name) for s in styles],
        "ids": [str(c[0]) for c in cubes],
        "marker_color": [s.fill for s in styles],
        "textfont_color": [s.text for s in styles],
        "scale": [round(side[c[0]] / CUBE, 3) for c in cubes],
    }


def tower_figure(cubes: list[tuple[int, int | None, int]] | None = None, levels: int = 3, height: int = 520) -> go.Figure:
    """The tower (funnel, ledges, tray) with cubes at their stages; trace 0 holds the cubes."""
    cubes = cubes or []
    v = cube_trace_values(cubes, levels)
    base = tower_sizes(0, height=height)
    fig = go.Figure(
        go.Scatter(
            x=v["x"], y=v["y"], ids=v["ids"], text=v["text"], mode="markers+text", customdata=v["scale"],
            marker=dict(symbol="square", size=_scaled(base["cube"], v["scale"]), color=v["marker_color"],
                        line=dict(color="#333", width=1)),
            textfont=dict(color=v["textfont_color"], size=_scaled(base["cube_text"], v["scale"]), family="monospace"),
            hoverinfo="skip", showlegend=False,
        )
    )
    shapes = [
        dict(type="path", path=f"M 1.6 {FUNNEL_Y + 1.0} L 8.4 {FUNNEL_Y + 1.0} L 7.2 9.8 L 2.8 9.8 Z",
             line=dict(color="#8a8a8a"), fillcolor="rgba(200,200,200,0.15)", layer="below"),
        dict(type="rect", x0=2.0, x1=8.0, y0=0.3, y1=9.8, line=dict(color="#6b4f2a", width=2), fillcolor="rgba(222,200,160,0.35)", layer="below"),
        dict(type="rect", x0=0.1, x1=9.9, y0=TRAY_Y - 1.0, y1=TRAY_Y + 0.5, line=dict(color="#8a8a8a"), fillcolor="rgba(200,200,200,0.2)", layer="below"),
    ]
    for lvl in range(levels):
        lo, hi = _ledge_span(lvl)
        y = ledge_y(lvl, levels)
        shapes.append(dict(type="line", x0=lo, x1=hi, y0=y, y1=y, line=dict(color="#6b4f2a", width=5), layer="below"))
    fig.update_layout(
        shapes=shapes,
        xaxis=dict(range=[0, WIDTH], visible=False, fixedrange=True, constrain="domain"),
        yaxis=dict(range=list(Y_RANGE), visible=False, fixedrange=True, scaleanchor="x", scaleratio=1, constrain="domain"),
        margin=dict(MARGIN),
        height=height,
        plot_bgcolor="white",
        annotations=[
            dict(x=9.2, y=FUNNEL_Y + 0.6, text=_("funnel"), showarrow=False, font=dict(size=12, color="#444")),
            dict(x=9.2, y=5.0, text=_("tower"), showarrow=False, font=dict(size=12, color="#444")),
            dict(x=9.2, y=TRAY_Y + 0.9, text=_("tray"), showarrow=False, font=dict(size=12, color="#444")),
        ],
        transition=dict(duration=0),
        meta={"cube": base["cube"], "cube_text": base["cube_text"]},
    )
    return fig


def _scaled(px: float, scales: list[float]) -> list[float]:
    return [round(px * s, 1) for s in scales]


MARGIN = {"l": 5, "r": 5, "t": 30, "b": 5}  # the figure's margins (px)
Y_RANGE = (TRAY_Y - 1.4, FUNNEL_Y + 1.6)


def px_per_unit(width: int, height: int) -> float:
    """Pixels per data unit of a tower drawn ``width`` × ``height`` px (the axes keep a 1:1 scale, so the
    tighter of the two directions sets it; a width of 0: only the height, as before the box is measured)."""
    tall = (height - MARGIN["t"] - MARGIN["b"]) / (Y_RANGE[1] - Y_RANGE[0])
    return tall if width <= 0 else min(tall, (width - MARGIN["l"] - MARGIN["r"]) / WIDTH)


def tower_sizes(width: int, font: int = 0, height: int | None = None) -> dict:
    """The tower drawn for its box: ``width`` px wide (the box's), ``font`` the board font the page asks
    for (teacher mode on a projector; 0 otherwise). On a projector the labels are at least 18 px, the
    drawing as tall as a 1080-line screen allows; a phone's column gets a drawing no taller than it needs.
    A cube is :data:`CUBE` data units wide in pixels (so the cubes laid out apart are drawn apart), its letter
    four fifths of that: 14 px on a phone, more on a laptop and a projector."""
    projector = font > 0
    label = max(18, font + 3) if projector else 12
    if height is None:
        height = min(760, max(520, round(width * 1.15))) if projector else min(520, max(360, round(width * 1.45)))
    shown = width if projector else min(width, 560)
    cube = int(CUBE * px_per_unit(shown, height))  # rounded down: the gap between cubes stays
    return {"label": label, "cube_text": max(8, round(cube * 0.8)), "cube": cube, "height": height, "width": shown}


def apply_tower_sizes(figure, sizes: dict) -> None:
    """Resize a :func:`tower_figure` widget in place (labels, cubes, box)."""
    with figure.batch_update():
        figure.layout.width, figure.layout.height = sizes["width"], sizes["height"]
        figure.layout.meta = {"cube": sizes["cube"], "cube_text": sizes["cube_text"]}
        scales = list(figure.data[0].customdata or ())
        figure.data[0].marker.size = _scaled(sizes["cube"], scales)
        figure.data[0].textfont.size = _scaled(sizes["cube_text"], scales)
        for ann in figure.layout.annotations:
            ann.font.size = sizes["label"]


def cube_sizes(figure, scales: list[float]) -> tuple[list[float], list[float]]:
    """The cubes' sides and letter sizes (px) in a :func:`tower_figure` widget as sized now, for these scales."""
    meta = figure.layout.meta or {}
    return _scaled(meta.get("cube", 17), scales), _scaled(meta.get("cube_text", 12), scales)


def tower_labels(figure) -> None:
    """The tower's labels and its cubes' letters in the current language (after a language switch)."""
    by_fill = {st.fill: st.name for st in CUBE_STYLES}
    with figure.batch_update():
        for ann, text in zip(figure.layout.annotations, (_("funnel"), _("tower"), _("tray"))):
            ann.text = text
        fills = figure.data[0].marker.color
        if fills is not None and not isinstance(fills, str):
            figure.data[0].text = [terms.cube_letter(by_fill[c]) if c in by_fill else "" for c in fills]


#: the cubes' colours in the legend's order: the players' in the rulebook's order, then the farmers'
CUBE_STYLES: tuple[Style, ...] = (*(PLAYER_STYLES[c] for c in COMPONENTS.colours), FARMER_STYLE)


#: the legend's markup (sized in ``em``: it follows the page's text); each entry the cube's letter on its colour
_LEGEND = ("<div class='shogun-tower-legend' role='group' aria-label='{title}'><b>{title}</b>"
           "<ul style='list-style:none;margin:0.2em 0 0;padding:0;display:flex;flex-wrap:wrap'>{items}</ul></div>")
_LEGEND_ITEM = ("<li style='display:inline-flex;align-items:center;gap:0.3em;margin:0 0.9em 0.2em 0'>"
                "<span style='display:inline-block;min-width:1.35em;line-height:1.35em;text-align:center;"
                "font-family:monospace;font-weight:bold;background:{fill};color:{ink};border:1px solid #333'>{letter}</span>"
                "<span>{name}</span></li>")


def tower_legend_html() -> str:
    """The legend beside the tower: each cube's letter on its colour and the colour's name, in the current language.
    Sized in ``em``, so it follows the page's text (teacher mode's projector text from the first paint)."""
    items = "".join(_LEGEND_ITEM.format(fill=st.fill, ink=st.text, letter=escape(terms.cube_letter(st.name)),
                                        name=escape(terms.cube_colour_name(st.name))) for st in CUBE_STYLES)
    return _LEGEND.format(title=escape(_("Cube letters")), items=items)


def tower_state_cubes(tower, levels: int = 3) -> list[tuple[int, int | None, int]]:
    """The cubes of a :class:`TowerState` at rest: lodged ones on their ledges, the tray in the tray."""
    out = [(c.id, c.owner, li + 1) for li, level in enumerate(tower.levels) for c in level]
    out += [(c.id, c.owner, levels + 1) for c in tower.tray]
    return out
