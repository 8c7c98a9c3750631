"""The board figure of :mod:`.board` as one static SVG image: a position shown in a page without a live
plotly figure (the game review's small boards, issue 21).

:func:`board_svg` draws the very traces :func:`.board.board_traces` makes (province areas, regions, owner
rings, armies, buildings, unrest, the action's highlight and the click lesson's rings and dimming) as SVG
paths, markers and texts, optionally cropped to the provinces that matter. No JavaScript, no request: a
string to put into HTML. The hover layer and the legend entries are left out (nothing to hover or to click).
Compact, as a class quiz sends one to every page at a reveal: path data relative with one decimal, outlines
wholly outside the crop left out, the labels of one style grouped (a quiz picture: about 25 kB, was 57 kB).

>>> svg = board_svg(*board_traces("sun", 4, width=900), fit(900), focus=["Settsu", "Harima"])
>>> svg.startswith("<svg") and "Settsu" in svg and "<script" not in svg
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import groupby
from html import escape
from typing import Iterable, Sequence

from . import geometry as geo
from .board import board_traces  # noqa: F401 (the doctest)
from .board_base import LESSON_COLOUR, Fit, fit  # noqa: F401 (fit: the doctest)
from .board_layout import is_legend
from .palette import HIGHLIGHT

#: traces that only serve the live figure (hover points) or its legend
_SKIPPED = ("hit",)
_TAG = re.compile(r"<[^>]+>")


def _num(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _pick(value, i: int, default=None):
    """A plotly property that is one value for all points or a list with one per point."""
    if isinstance(value, (list, tuple)):
        return value[i] if i < len(value) else default
    return default if value is None else value


def _overlaps(seg: list[tuple[float, float]], x0: float, y0: float, x1: float, y1: float) -> bool:
    """Whether the segment's bounding box meets the box (``x0``..``x1``, ``y0``..``y1``)."""
    xs, ys = [a for a, _b in seg], [b for _a, b in seg]
    return min(xs) <= x1 and max(xs) >= x0 and min(ys) <= y1 and max(ys) >= y0


def _segments(xs: Sequence, ys: Sequence) -> list[list[tuple[float, float]]]:
    """A trace's points split where plotly breaks the line (``None``)."""
    out, cur = [], []
    for x, y in zip(xs, ys):
        if x is None or y is None:
            if cur:
                out.append(cur)
            cur = []
        else:
            cur.append((x, y))
    if cur:
        out.append(cur)
    return out


def _path(segments: list[list[tuple[float, float]]], closed: bool) -> str:
    """Path data, compact: each segment's first point absolute, the next ones relative (``l``), numbers of one
    decimal (the deltas taken between rounded points, so no error adds up along an outline)."""
    out = []
    for seg in segments:
        pts = [(round(a, 1), round(b, 1)) for a, b in seg]
        parts = [f"M{_num(pts[0][0])},{_num(pts[0][1])}"]
        steps = []
        for (ax, ay), (bx, by) in zip(pts, pts[1:]):
            dx, dy = _num(round(bx - ax, 1)), _num(round(by - ay, 1))
            step = dx + ("" if dy.startswith("-") else ",") + dy
            steps.append(step if not steps or step.startswith("-") else " " + step)
        if steps:
            parts.append("l" + "".join(steps))
        out.append("".join(parts) + ("z" if closed else ""))
    return "".join(out)


def _grouped(texts: list[tuple[str, str, str]]) -> list[str]:
    """Texts (style, the element's start before its style, its end) with runs of one style in a group that carries
    it once (the labels of one layer share their size, colour and halo)."""
    out: list[str] = []
    for style, run in groupby(texts, key=lambda t: t[0]):
        elements = [(head, tail) for _s, head, tail in run]
        if len(elements) == 1:
            out.append(f"{elements[0][0]} {style}{elements[0][1]}")
        else:
            out.append(f"<g {style}>" + "".join(head + tail for head, tail in elements) + "</g>")
    return out


def _marker(symbol: str, x: float, y: float, r: float, fill: str, stroke: str, width: float) -> str:
    """One marker (plotly's symbols the board uses: square, circle, diamond, triangle-up)."""
    style = f'fill="{escape(fill)}" stroke="{escape(stroke)}" stroke-width="{_num(width)}"'
    if symbol == "square":
        return f'<rect x="{_num(x - r)}" y="{_num(y - r)}" width="{_num(2 * r)}" height="{_num(2 * r)}" {style}/>'
    if symbol in ("diamond", "triangle-up"):
        pts = ([(x, y - r), (x + r, y), (x, y + r), (x - r, y)] if symbol == "diamond"
               else [(x, y - r), (x + r, y + 0.8 * r), (x - r, y + 0.8 * r)])
        return f'<polygon points="{" ".join(f"{_num(a)},{_num(b)}" for a, b in pts)}" {style}/>'
    return f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r)}" {style}/>'


def board_svg(traces: list[dict], layout: dict, f: Fit, focus: Iterable[str] = (), margin: float = 60.0,
              width_px: int = 360, title: str = "") -> str:
    """The figure (``board_traces(...)``'s traces and layout, made for the fit ``f``) as an SVG string
    ``width_px`` wide.

    ``focus``: provinces the image is cropped to (with ``margin`` board units around them, and at least a square
    of a third of the board's width); none: the whole board. ``title`` is the image's accessible name."""
    x0, x1 = layout["xaxis"]["range"]
    y0, y1 = layout["yaxis"]["range"]
    orientation = layout.get("meta", {}).get("orientation", "wide")
    names = [n for n in focus if n]
    if names:
        shapes = geo.province_shapes(orientation)
        boxes = [shapes[n].bounds for n in names if n in shapes]
        if boxes:
            bx0 = min(b[0] for b in boxes) - margin
            by0 = min(b[1] for b in boxes) - margin
            bx1 = max(b[2] for b in boxes) + margin
            by1 = max(b[3] for b in boxes) + margin
            least = (x1 - x0) / 3
            cx, cy = (bx0 + bx1) / 2, (by0 + by1) / 2
            half_w, half_h = max(bx1 - bx0, least) / 2, max(by1 - by0, least * 0.75) / 2
            x0, x1, y0, y1 = max(x0, cx - half_w), min(x1, cx + half_w), max(y0, cy - half_h), min(y1, cy + half_h)
    unit = f.px(1)  # plotly's pixels (sizes of markers, lines, fonts) in board units
    flip = lambda y: y0 + y1 - y  # noqa: E731 (plotly's y goes up, SVG's down)
    pad = 40 * unit  # markers and texts whose point lies this far outside the image are left out
    inside = lambda x, y: x0 - pad <= x <= x1 + pad and y0 - pad <= y <= y1 + pad  # noqa: E731
    parts: list[str] = []
    for t in traces:
        if t.get("visible") is False or t.get("name") in _SKIPPED or is_legend(t.get("meta")) \
                or t.get("meta") == "sea-legend" or not t.get("x"):
            continue
        mode = t.get("mode", "")
        xs, ys = t["x"], [None if y is None else flip(y) for y in t["y"]]
        line = t.get("line") or {}
        if "lines" in mode or t.get("fill") == "toself":
            segments = [seg for seg in _segments(xs, ys) if _overlaps(seg, x0 - pad, y0 - pad, x1 + pad, y1 + pad)]
            if not segments:
                continue  # wholly outside the crop: nothing of it would show
            d = _path(segments, bool(t.get("fill")))
            fill = t.get("fillcolor", "none") if t.get("fill") == "toself" else "none"
            lw = line.get("width", 2 if fill == "none" else 0) or 0
            stroke = line.get("color", "none") if lw else "none"
            dash = ' stroke-dasharray="{0} {0}"'.format(_num(3 * lw * unit)) if line.get("dash") in ("dot", "dash") else ""
            parts.append(f'<path d="{d}" fill="{escape(fill)}" stroke="{escape(stroke)}" '
                         f'stroke-width="{_num(lw * unit)}" stroke-linejoin="round"{dash}/>')
        if "markers" in mode:
            m = t.get("marker") or {}
            ml = m.get("line") or {}
            for i, (x, y) in enumerate(zip(xs, ys)):
                if x is None or y is None or not inside(x, y):
                    continue
                symbol = _pick(m.get("symbol"), i, "circle")
                if symbol == "arrow":
                    continue  # the arrow's head: the highlight's line and ring say it
                r = _pick(m.get("size"), i, 8) * unit / 2
                parts.append(_marker(symbol, x, y, r, _pick(m.get("color"), i, "#333"), _pick(ml.get("color"), i, "none"),
                                     _pick(ml.get("width"), i, 0) * unit))
        if "text" in mode and t.get("text"):
            tf = t.get("textfont") or {}
            pos = t.get("textposition", "middle center")
            texts: list[tuple[str, str, str]] = []  # (style, start, end): one group per run of one style
            for i, (x, y) in enumerate(zip(xs, ys)):
                label = _pick(t["text"], i, "")
                if x is None or y is None or not label or not inside(x, y):
                    continue
                size = _pick(tf.get("size"), i, 10) * unit
                dy = -0.5 * size if str(_pick(pos, i, "")).startswith("top") else 0.35 * size
                weight = ' font-weight="bold"' if tf.get("weight") == "bold" else ""
                halo = ' stroke="white" stroke-width="{}" paint-order="stroke"'.format(_num(size / 5)) \
                    if tf.get("shadow") else ""
                style = f'font-size="{_num(size)}" fill="{escape(_pick(tf.get("color"), i, "#1A1A1A"))}"{weight}{halo}'
                for k, text in enumerate(str(label).split("<br>")):
                    texts.append((style, f'<text x="{_num(x)}" y="{_num(y + dy + k * 1.1 * size)}"',
                                  f'>{escape(_TAG.sub("", text))}</text>'))
            parts += _grouped(texts)
    w, h = x1 - x0, y1 - y0
    height_px = round(width_px * h / w)
    label = f'<title>{escape(title)}</title>' if title else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="{_num(x0)} {_num(y0)} {_num(w)} {_num(h)}" '
            f'width="{width_px}" height="{height_px}" style="max-width:100%;height:auto;background:'
            f'{escape(layout.get("plot_bgcolor", "white"))}" font-family="sans-serif" text-anchor="middle">'
            f'{label}{"".join(parts)}</svg>')


def _wrap(text: str, width: float, font: float) -> list[str]:
    """``text`` broken into lines of at most ``width`` units at ``font``: between words or after a slash
    ("Gevecht/verplaatsing"), a word longer than a line left whole; CJK text, which has no spaces, between any
    two characters.

    >>> _wrap("Gevecht/verplaatsing A", 80, 10), _wrap("+1 army when defending", 50, 10)
    (['Gevecht/', 'verplaatsing A'], ['+1 army', 'when', 'defending'])
    """
    if " " not in text.strip() and "/" not in text and any(ord(c) > 0x2E80 for c in text):
        per_line = max(2, int(width / font))
        return [text[i:i + per_line] for i in range(0, len(text), per_line)] or [""]
    limit = max(4, int(width / (0.56 * font)))
    lines: list[str] = []
    for match in re.finditer(r"(\s*)([^\s/]*/|\S+?(?=/)|\S+)", text):
        space, piece = match.groups()
        if lines and len(lines[-1]) + bool(space) + len(piece) <= limit:
            lines[-1] += (" " if space else "") + piece
        else:
            lines.append(piece)
    return lines or [""]


@dataclass(frozen=True)
class Choice:
    """One box of :func:`choices_svg`: a field or a place the decision could go to."""

    heading: str
    lines: tuple[str, ...] = ()  # under the heading (a special card's name)
    mark: str | None = None  # "chosen" (the learner's), "better" (the strong bot's), "both" or None
    token: tuple[str, str, str] | None = None  # a player there already: (letter, fill, text colour)
    done: bool = False  # already holds one of the learner's cards (drawn grey)
    options: tuple[tuple[str, str], ...] = ()  # (text, "chosen" or "better"): the two choices within the box, framed


def choices_svg(choices: Sequence[Choice], columns: int, width_px: int = 320, title: str = "") -> str:
    """The options of a decision that names no province (the turn-order places, the plan fields) as an SVG
    ``width_px`` wide: a box per option in ``columns`` columns, the learner's choice in a thick frame in the
    board's highlight colour, the strong bot's in a blue dotted frame, as on the review's boards (or, when both
    chose the same box, each choice's text framed so within it: ``Choice.options``).

    >>> svg = choices_svg([Choice("Place 1", ("+1 chest",), "chosen"), Choice("Place 2", ("6 armies",), "better")], 5)
    >>> svg.count("<rect") >= 4 and "stroke-dasharray" in svg and HIGHLIGHT in svg and "+1 chest" in svg
    True
    """
    gap, font, small = 5.0, 11.0, 10.0
    box_w = (width_px - gap * (columns + 1)) / columns
    inner = box_w - 8
    wrapped = [(_wrap(c.heading, inner, font), [ln for line in c.lines for ln in _wrap(line, inner, small)],
                [(_wrap(text, inner - 6, small), mark) for text, mark in c.options]) for c in choices]
    rows = [wrapped[i:i + columns] for i in range(0, len(wrapped), columns)]
    token = 18.0
    has_token = any(c.token for c in choices)
    row_h = [8 + max(len(h) * font * 1.2 + len(ls) * small * 1.2 + sum(len(o) * small * 1.2 + 10 for o, _m in opts)
                     for h, ls, opts in row) + (token + 6 if has_token else 0) + 6
             for row in rows]
    parts = []
    y = gap
    for r, row in enumerate(rows):
        for k, (heading, lines, options) in enumerate(row):
            c = choices[r * columns + k]
            x = gap + k * (box_w + gap)
            fill = "#E9E9E9" if c.done else "#FFFFFF"
            parts.append(f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(box_w)}" height="{_num(row_h[r])}" rx="4" '
                         f'fill="{fill}" stroke="#8A8A8A" stroke-width="1"/>')
            if c.mark in ("chosen", "both"):
                parts.append(f'<rect x="{_num(x + 2)}" y="{_num(y + 2)}" width="{_num(box_w - 4)}" '
                             f'height="{_num(row_h[r] - 4)}" rx="3" fill="none" stroke="{HIGHLIGHT}" stroke-width="4"/>')
            if c.mark in ("better", "both"):
                inset = 7 if c.mark == "both" else 2
                parts.append(f'<rect x="{_num(x + inset)}" y="{_num(y + inset)}" width="{_num(box_w - 2 * inset)}" '
                             f'height="{_num(row_h[r] - 2 * inset)}" rx="3" fill="none" stroke="{LESSON_COLOUR}" '
                             f'stroke-width="3.5" stroke-dasharray="3 3"/>')
            ty = y + 6
            for line in heading:
                ty += font * 1.2
                parts.append(f'<text x="{_num(x + box_w / 2)}" y="{_num(ty - 2)}" font-size="{_num(font)}" '
                             f'font-weight="bold" text-anchor="middle" fill="#1A1A1A">{escape(line)}</text>')
            for line in lines:
                ty += small * 1.2
                parts.append(f'<text x="{_num(x + box_w / 2)}" y="{_num(ty - 2)}" font-size="{_num(small)}" '
                             f'text-anchor="middle" fill="#1A1A1A">{escape(line)}</text>')
            for option, mark in options:
                top = ty + 4
                for line in option:
                    ty += small * 1.2
                    parts.append(f'<text x="{_num(x + box_w / 2)}" y="{_num(ty + 1)}" font-size="{_num(small)}" '
                                 f'text-anchor="middle" fill="#1A1A1A">{escape(line)}</text>')
                ty += 6
                style = (f'stroke="{HIGHLIGHT}" stroke-width="3"' if mark == "chosen"
                         else f'stroke="{LESSON_COLOUR}" stroke-width="2.5" stroke-dasharray="3 3"')
                parts.append(f'<rect x="{_num(x + 4)}" y="{_num(top)}" width="{_num(box_w - 8)}" height="{_num(ty - top)}" '
                             f'rx="2" fill="none" {style}/>')
                ty += 4
            if c.token:
                letter, colour, text_colour = c.token
                tx, tt = x + box_w / 2 - token / 2, y + row_h[r] - token - 8
                parts.append(f'<rect x="{_num(tx)}" y="{_num(tt)}" width="{_num(token)}" height="{_num(token)}" '
                             f'fill="{escape(colour)}" stroke="#111111" stroke-width="1.2"/>'
                             f'<text x="{_num(tx + token / 2)}" y="{_num(tt + token * 0.72)}" font-size="{_num(small + 1)}" '
                             f'font-weight="bold" text-anchor="middle" fill="{escape(text_colour)}">{escape(letter)}</text>')
        y += row_h[r] + gap
    label = f'<title>{escape(title)}</title>' if title else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 {width_px} {_num(y)}" width="{width_px}" '
            f'height="{round(y)}" style="max-width:100%;height:auto;background:#F6F1E7" font-family="sans-serif">'
            f'{label}{"".join(parts)}</svg>')


__all__ = ["Choice", "board_svg", "choices_svg"]
