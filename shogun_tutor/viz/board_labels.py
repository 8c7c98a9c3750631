"""Where each province's name stands on the drawn board, so that no two names overlap or touch (issue 23:
at 1280×720 "Tosa" and "Awa-Shikoku" ran together and the kanji were left out).

Each name starts at its province's label point (:func:`.geometry.label_point`). Where names would
overlap at the figure's size, they move apart within their provinces: every name has a grid of candidate
places around its point, scored at once (numpy) by how much the name would cover the other names (a
gap of a few pixels included), how much of it would stand outside its own province and how far it moved;
each name in turn takes its best place given the others' (rounds until none moves, in the board's order, so
the same size gives the same places in any process; where names still clash, in the reverse order and with
the most hemmed-in names first, and the result that clashes least is kept). With a game shown, each name is
placed together with its army token (below or above it), which must cover no name either, and the rest of
its token row (unrest, buildings) as far as it can (:func:`token_places`). The kanji line is drawn where
names with it find room (:func:`crowded`). The places are kept on disk per size (``label-places``).

The names' extents are estimated from their texts: the widths of Liberation Sans (the metrics of Arial,
which the browser draws plotly's text in on Debian) per character, bold for the first line, regular for
the kanji line, a full em for CJK characters and symbols.

>>> from shogun_tutor.board import play_board
>>> from shogun_tutor.viz.board_base import fit
>>> places = label_places(play_board("sun", 5), "provinces", fit(1366), True, "en")
>>> len(places), overlapping(places)
(45, [])
>>> round(text_width("Awa-Shikoku", 15, bold=True), 1)
94.2
"""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

try:
    import numpy as np
    import shapely
except ImportError:  # the static build (no numpy, no shapely in the browser): the places shipped (.label_table)
    np = shapely = None

from ..board import PlayBoard
from ..data import BOARD
from .board_base import Fit, fit, overlap_area, second_font  # noqa: F401 (fit: the doctests; second_font: read from here too)
from . import geometry as geo
from .diskcache import disk_cached, fingerprint

# advance widths in thousandths of an em (Liberation Sans = Arial's metrics): bold, regular
_BOLD = dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz -'.()",
                 [722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722,
                  667, 944, 667, 667, 611,
                  556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611,
                  556, 778, 556, 556, 500, 278, 333, 238, 278, 333, 333]))
_REGULAR = dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz -'.()",
                    [667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722,
                     667, 944, 667, 667, 611,
                     556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556,
                     500, 722, 500, 500, 500, 278, 333, 191, 278, 333, 333]))
_BOLD.update(dict.fromkeys("0123456789", 556), **{"+": 584, "/": 278})
_REGULAR.update(dict.fromkeys("0123456789", 556), **{"+": 584, "/": 278})
GAP_PX = 3.0  # at least this much room between two names (they never touch)
KEEP = 400  # candidate places tried per name (the best by their own cost)
LINE_HEIGHT = 1.2  # a line of text's box, times the font size (measured in Chromium: 17 px at 15 px)


def text_width(text: str, font: float, bold: bool = False) -> float:
    """The width in pixels of ``text`` drawn at ``font`` px (an estimate; characters not in the tables, CJK
    and symbols, count one em)."""
    table = _BOLD if bold else _REGULAR
    return sum(table.get(c, 1000) for c in text) * font / 1000


class Place(NamedTuple):
    """A name's point (plot units; where the label trace puts it) and its extent around that point
    (left, bottom, right, top offsets, plot units)."""

    x: float
    y: float
    box: tuple[float, float, float, float]

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        l, b, r, t = self.box
        return (self.x + l, self.y + b, self.x + r, self.y + t)


def name_box(first: str, second: str, f: Fit) -> tuple[float, float, float, float]:
    """The extent of a name drawn as its bold first line above the point and its second line (the kanji or
    the romaji; empty when not shown) below it, as offsets in plot units (left, bottom, right, top)."""
    small = second_font(f)
    width = max(text_width(first, f.font, bold=True), text_width(second, small) if second else 0.0)
    half_w = f.px(width / 2 + 1)
    if second:
        gap = f.font * 0.12
        top, bottom = gap + LINE_HEIGHT * f.font, gap + LINE_HEIGHT * small
    else:
        top = bottom = LINE_HEIGHT * f.font / 2
    return (round(-half_w, 1), round(-f.px(bottom), 1), round(half_w, 1), round(f.px(top), 1))


def overlapping(places: dict[str, Place], gap_px: float = 0.0, scale: float = 1.0) -> list[tuple[str, str]]:
    """The pairs of names whose boxes overlap (or come closer than ``gap_px`` screen pixels at ``scale``).
    Pure Python (45 names: a thousand pairs), so the static build checks its shipped places with it too."""
    names = list(places)
    g = gap_px / scale / 2
    grown = [(x0 - g, y0 - g, x1 + g, y1 + g) for x0, y0, x1, y1 in (places[n].bounds for n in names)]
    return [(names[i], names[j]) for i in range(len(names)) for j in range(i + 1, len(names))
            if overlap_area(grown[i], grown[j]) > 0]


def _candidates(f: Fit, reach_px: tuple[float, float]) -> np.ndarray:
    """Offsets (plot units) a name may move by, nearer first (the first one: not moving)."""
    step = f.px(max(3.0, f.font * 0.3))
    nx, ny = int(f.px(reach_px[0]) / step), int(f.px(reach_px[1]) / step)
    dx, dy = np.meshgrid(np.arange(-nx, nx + 1) * step, np.arange(-ny, ny + 1) * step)
    dx, dy = dx.ravel(), dy.ravel()
    order = np.lexsort((dx, dy, np.hypot(dx, dy * 1.6)))
    return np.stack([dx[order], dy[order]], axis=1)


def _cover(cand: np.ndarray, obstacles: np.ndarray) -> np.ndarray:
    """For each candidate box, the area it shares with the obstacle boxes (all as left, bottom, right, top)."""
    if not len(obstacles):
        return np.zeros(len(cand))
    w = np.minimum(cand[:, None, 2], obstacles[None, :, 2]) - np.maximum(cand[:, None, 0], obstacles[None, :, 0])
    h = np.minimum(cand[:, None, 3], obstacles[None, :, 3]) - np.maximum(cand[:, None, 1], obstacles[None, :, 1])
    return np.where((w > 0) & (h > 0), w * h, 0.0).sum(axis=1)


def _inside(shape, boxes: np.ndarray) -> np.ndarray:
    """For each box, the part of it inside ``shape`` (points sampled on a 7×3 grid)."""
    u, v = np.meshgrid(np.linspace(0.05, 0.95, 7), np.linspace(0.1, 0.9, 3))
    u, v = u.ravel(), v.ravel()
    px = boxes[:, 0:1] + u[None, :] * (boxes[:, 2:3] - boxes[:, 0:1])
    py = boxes[:, 1:2] + v[None, :] * (boxes[:, 3:4] - boxes[:, 1:2])
    return shapely.contains_xy(shape, px, py).mean(axis=1)


def _shifted(box: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    return np.stack([x + box[..., 0], y + box[..., 1], x + box[..., 2], y + box[..., 3]], axis=-1)


@lru_cache(maxsize=64)
def _solve(board: PlayBoard, view: str, f: Fit, kanji: bool, language: str,
           tokens: bool) -> tuple[dict[str, Place], dict[str, tuple[float, float]]]:
    """The names' places and, with ``tokens``, each province's army token (below or above its name),
    placed together: see the module's text."""
    from .board_text import label_texts  # (board_text imports this module's neighbours)

    names = [p.name for p in BOARD.provinces]
    texts = [list(label_texts(n, board, view, kanji)) for n in names]
    if np is None:  # the static build: as placed at build time for this width (label_table)
        from .shipped_places import shipped_places

        placed, spotted = shipped_places(f, language, tokens)
        boxes = [name_box(first, second, f) for first, second in texts]
        return ({n: Place(x, y, box) for n, (x, y), box in zip(names, placed, boxes)},
                dict(zip(names, spotted)) if tokens else {})
    placed, spotted = placed_texts(texts, f, tokens)
    places = {n: Place(x, y, (l, b, r, t)) for n, (x, y, l, b, r, t) in zip(names, placed)}
    return places, {n: (x, y) for n, (x, y) in zip(names, spotted)}


def placed_texts(texts: list[list[str]], f: Fit, tokens: bool) -> tuple[list, list]:
    """The places of names reading ``texts`` (two lines each, in the board's order) at ``f``: see :func:`_solved`."""
    fit_key = [f.width, f.orientation, f.scale, f.font, f.token, f.margin]
    return _solved(_geometry_key(), fit_key, texts, tokens)


@lru_cache(maxsize=1)
def _geometry_key() -> str:
    """A digest of the geometry module (the shapes and the names' points): a change to it places anew."""
    return fingerprint(Path(geo.__file__).read_bytes())


@disk_cached("label-places", encode=list, decode=lambda e: (e[0], e[1]))  # once per installation and size
def _solved(_geometry: str, fit_key: list, texts: list, tokens: bool) -> tuple[list, list]:
    """:func:`_solve` for JSON arguments (the disk cache's key): the places as ``[x, y, left, bottom,
    right, top]`` and the tokens' spots as ``[x, y]``, in the board's order."""
    f = Fit(*fit_key)
    o = f.orientation
    names = [p.name for p in BOARD.provinces]
    n_names = len(names)
    shapes = geo.province_shapes(o)
    for shape in shapes.values():
        shapely.prepare(shape)
    anchors = np.array([geo.label_point(n, o) for n in names])
    boxes = np.array([name_box(first, second, f) for first, second in texts])
    gap = f.px(GAP_PX) / 2
    grown = boxes + np.array([-gap, -gap, gap, gap])
    area = (grown[:, 2] - grown[:, 0]) * (grown[:, 3] - grown[:, 1])
    half = f.px(f.token / 2 + 1)
    token_area = 4 * half * half
    reach = (max(40.0, f.font * 4.0), max(24.0, f.font * 2.2))
    offsets = _candidates(f, reach)
    sides = (0, 1) if tokens else (0,)  # the army token below the name, or above it
    k = len(offsets)
    off = np.tile(offsets, (len(sides), 1))
    side = np.repeat(np.array(sides), k)
    moved = np.hypot(off[:, 0], off[:, 1] * 1.6) / f.px(reach[0]) + side * 0.3
    # the token's box around the name's point, per name and side (relative)
    t_rel = np.empty((n_names, 2, 4))
    t_rel[:, 0] = np.stack([-np.full(n_names, half), boxes[:, 1] - f.px(2) - 2 * half,
                            np.full(n_names, half), boxes[:, 1] - f.px(2)], axis=1)
    t_rel[:, 1] = np.stack([-np.full(n_names, half), boxes[:, 3] + f.px(2),
                            np.full(n_names, half), boxes[:, 3] + f.px(2) + 2 * half], axis=1)
    # the whole token row around it: the unrest marker to the left, up to three buildings to the right
    row_rel = t_rel.copy()
    row_rel[..., 0] -= f.px(3 + f.unrest)
    row_rel[..., 2] += f.px(3 + 3 * (f.building + 2))
    x0, y0, x1, y1 = geo.bounds(o)
    # for each name and candidate: how much of the name (and its token) stands outside its own province
    fixed = np.empty((n_names, len(off)))
    cand_x = anchors[:, 0:1] + off[None, :, 0]
    cand_y = anchors[:, 1:2] + off[None, :, 1]
    for i, n in enumerate(names):
        lb = _shifted(boxes[i], cand_x[i], cand_y[i])
        off_board = (lb[:, 0] < x0) | (lb[:, 2] > x1) | (lb[:, 1] < y0) | (lb[:, 3] > y1)
        fixed[i] = (1.0 - _inside(shapes[n], lb)) * 2.0 + off_board * 20.0 + moved
        if tokens:
            tb = _shifted(t_rel[i][side], cand_x[i], cand_y[i])
            t_off = (tb[:, 0] < x0) | (tb[:, 2] > x1) | (tb[:, 1] < y0) | (tb[:, 3] > y1)
            fixed[i] += (1.0 - _inside(shapes[n], tb)) * 1.5 + t_off * 20.0
    # the names that can meet at all: anchors nearer than both moving their farthest, plus their extents
    ext = np.maximum(np.abs(boxes).max(axis=1), 0) + 4 * half + gap
    far_x, far_y = f.px(reach[0]), f.px(reach[1])
    dx = np.abs(anchors[:, None, 0] - anchors[None, :, 0])
    dy = np.abs(anchors[:, None, 1] - anchors[None, :, 1])
    near = (dx <= 2 * far_x + ext[:, None] + ext[None, :]) & (dy <= 2 * far_y + ext[:, None] + ext[None, :])
    np.fill_diagonal(near, False)
    neighbours = [np.flatnonzero(near[i]) for i in range(n_names)]
    # each name's candidates worth trying: the best by their own cost (inside the province, little moved), in
    # the order of that cost (the first: the name's own best place, where it starts)
    keep = np.argsort(np.round(fixed, 6), axis=1, kind="stable")[:, :KEEP]

    def settle(order, rows: float) -> np.ndarray:
        """Each name in turn takes its best place given the others', until none moves (at most 20 rounds);
        ``rows``: the weight of the token rows' unrest markers and buildings."""
        choice = keep[:, 0].copy()
        for _round in range(20):
            changed = False
            for i in order:
                k = keep[i]
                others = neighbours[i]
                ox, oy = cand_x[others, choice[others]], cand_y[others, choice[others]]
                o_labels = _shifted(grown[others], ox, oy)
                cx, cy, sd = cand_x[i, k], cand_y[i, k], side[k]
                cb = _shifted(grown[i], cx, cy)
                cost = _cover(cb, o_labels) / area[i] * 100.0 + fixed[i, k]
                if tokens:
                    o_tokens = _shifted(t_rel[others, side[choice[others]]], ox, oy)
                    mine = _shifted(t_rel[i][sd], cx, cy)
                    cost += (_cover(cb, o_tokens) + _cover(mine, o_labels)) / token_area * 100.0
                    cost += _cover(mine, o_tokens) / token_area * 30.0
                # the rest of the rows (unrest, buildings) count less: most provinces have neither
                if tokens and rows:
                    o_rows = _shifted(row_rel[others, side[choice[others]]], ox, oy)
                    mine_row = _shifted(row_rel[i][sd], cx, cy)
                    cost += (_cover(cb, o_rows) + _cover(mine_row, o_labels)) / token_area * rows
                best = int(k[int(np.argmin(np.round(cost, 6)))])
                if best != choice[i]:
                    choice[i], changed = best, True
            if not changed:
                break
        return choice

    def clashes(choice: np.ndarray) -> float:
        """How much the names overlap each other (and the army tokens the names), screen px²."""
        idx = np.arange(n_names)
        labels = _shifted(grown, cand_x[idx, choice], cand_y[idx, choice])
        total = (_cover(labels, labels) - area).sum() / 2
        if tokens:
            total += _cover(_shifted(t_rel[idx, side[choice]], cand_x[idx, choice], cand_y[idx, choice]), labels).sum()
        return float(total) * f.scale ** 2

    # the board's order first; where names still clash, without the rows' unrest and buildings, then in the reverse
    # order and with the most hemmed-in names first: the first without a clash, else the one that clashes least
    orders = [range(n_names), range(n_names - 1, -1, -1),
              sorted(range(n_names), key=lambda i: (-len(neighbours[i]), i))]  # the most hemmed in first
    tries = [(order, rows) for order in orders for rows in ((3.0, 0.0) if tokens else (0.0,))]
    best_choice, least = None, math.inf
    for order, rows in tries:
        choice = settle(order, rows)
        clash = clashes(choice)
        if clash < least:
            best_choice, least = choice, clash
        if clash <= 0.01 or clash > 2000:  # a crowded size: another order would not clear it
            break
    choice = best_choice
    idx = np.arange(n_names)
    at_x, at_y = cand_x[idx, choice], cand_y[idx, choice]
    placed = [[round(float(at_x[i]), 1), round(float(at_y[i]), 1), *(float(v) for v in boxes[i])] for i in range(n_names)]
    spotted = []
    if tokens:
        rel = t_rel[idx, side[choice]]
        spotted = [[round(float(at_x[i] + (rel[i, 0] + rel[i, 2]) / 2), 1),
                    round(float(at_y[i] + (rel[i, 1] + rel[i, 3]) / 2), 1)] for i in range(n_names)]
    return placed, spotted


def label_places(board: PlayBoard, view: str, f: Fit, kanji: bool, language: str, tokens: bool = False) -> dict[str, Place]:
    """Every province's name placed clear of the others, in the board's order (``tokens``: a game is shown,
    and each name is placed together with its army token). ``language`` is the cache's key: the texts are the
    current language's."""
    return _solve(board, view, f, kanji, language, tokens)[0]


def token_places(board: PlayBoard, view: str, f: Fit, kanji: bool, language: str) -> dict[str, tuple[float, float]]:
    """Where each province's army token goes (the rest of its row, unrest and buildings, beside it), placed
    with the names (:func:`label_places` with ``tokens``)."""
    return _solve(board, view, f, kanji, language, True)[1]


#: names with their kanji line (and army tokens) taking more than this share of the land never found room
#: (measured: 0.70 still fits, 1.07 does not)
CROWDED = 0.85


def density(texts: list[list[str]], f: Fit, tokens: bool) -> float:
    """The boxes of names reading ``texts`` (with their kanji line) and the army tokens (``tokens``) as a share of
    the land's area."""
    boxes = np.array([name_box(first, second, f) for first, second in texts])
    used = float(((boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])).sum()) * f.scale ** 2
    if tokens:
        used += len(texts) * (f.token + 2) ** 2
    return used / (geo.land(f.orientation).area * f.scale ** 2)


def crowded(board: PlayBoard, view: str, f: Fit, kanji: bool, language: str, tokens: bool) -> bool:
    """Whether names (with their kanji line when ``kanji``) would overlap or touch at this size, or, with a
    game's army tokens (``tokens``), a token would cover a name. In the static build: where the build found no
    room for the kanji line at this width (:mod:`.label_table`), or where the names as drawn overlap."""
    from .board_text import label_texts

    if np is None:
        from .shipped_places import shipped_kanji

        if kanji and not shipped_kanji(f, language, tokens):
            return True
        return bool(overlapping(label_places(board, view, f, kanji, language, tokens), GAP_PX / 2, f.scale))
    if kanji and density([list(label_texts(p.name, board, view, True)) for p in BOARD.provinces], f, tokens) > CROWDED:
        return True  # no need to try
    places, spots = _solve(board, view, f, kanji, language, tokens)
    return clashing(places, spots, f)


def clashing(places: dict[str, Place], spots: dict[str, tuple[float, float]], f: Fit) -> bool:
    """Whether two names overlap or touch, or an army token (at ``spots``, when given) covers a name."""
    if overlapping(places, GAP_PX / 2, f.scale):
        return True
    if not spots:
        return False
    labels = np.array([p.bounds for p in places.values()])
    half = f.px(f.token / 2 + 1)
    marks = np.array([(x - half, y - half, x + half, y + half) for x, y in spots.values()])
    return bool(_cover(marks, labels).any())
