"""The board figure's layout: size and margins, the title, the legend, the notes below the map
and the regions view's majority boxes (see :mod:`shogun_tutor.viz.board`)."""

from __future__ import annotations

import math
import re
import textwrap
from html import escape, unescape
from typing import Any, Sequence

from ..data import COMPONENTS
from ..i18n import _, ngettext
from ..text import terms
from . import geometry as geo
from .board_base import LABEL_COLOUR, SEA_COLOUR, SIDE_SYMBOLS, Fit, fit  # noqa: F401 (fit: the doctests)
from ..board import PlayBoard
from .board_text import region_summaries
from .palette import REGION_FILLS, REGION_LINES


_TAG = re.compile(r"<[^>]+>")


def _region_boxes(f: Fit, board: PlayBoard, state: Any, top_px: float) -> tuple[list[dict], float]:
    """Annotations for the regions view below the map; returns them and the height they take."""
    boxes = region_summaries(board, state)
    # as many columns as boxes of the widest line fit side by side (issue 23: in teacher mode at 1280 px five
    # columns of 256 px cut "Région verte" at the left); a bold character is taken as 0.62 of the font size
    widest = max(len(unescape(_TAG.sub("", line))) for lines in boxes.values() for line in lines)
    box_w = widest * 0.62 * f.font + 2 * 5 + 4 + 8
    cols = max(1, min(5, int((f.width - 2 * f.margin) // box_w)))
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


def is_legend(meta: Any) -> bool:
    return isinstance(meta, str) and (meta.startswith(("player:", "legend:")) or meta in ("sea-legend", "unrest"))


def legend_names(traces: Sequence[dict]) -> list[str]:
    """The names of the legend's entries among ``traces``, in the order plotly shows them (by rank), so the rows
    they take are estimated right."""
    shown = [t for t in traces if t.get("showlegend", True) and is_legend(t.get("meta"))]
    return [t["name"] for t in sorted(shown, key=lambda t: t.get("legendrank", 1000))]


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


def layout(f: Fit, board: PlayBoard, state: Any, view: str, height: int | None, callouts: list[dict],
           legend: Sequence[str] = ()) -> dict:
    """The figure's layout as plotly JSON."""
    side, players = board.side, board.players
    notes: list[tuple[str, str | None]] = []  # (text, hover explanation)
    if board.excluded:
        prov = board.data.excluded_provenance
        note = "✕ " + _("Greyed: out of play with three players")
        hover = None
        if board.excluded_flagged:
            note += f" — {terms.provenance_mark(prov)}"
            hover = terms.provenance_text(prov)
        notes.append((note, hover))
    if view == "changes":
        # one sentence per side: the side's name would need declining inside it (pl "na stronie księżyca")
        notes.append((_("Hatched: the 8 provinces whose region differs on the moon side; the hatch shows that region's colour.")
                      if side == "sun" else
                      _("Hatched: the 8 provinces whose region differs on the sun side; the hatch shows that region's colour."), None))
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
        boxes, used = _region_boxes(f, board, state, y_px + 4)
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
