"""Province shapes derived from the board positions (computed once, cached).

The data holds only where each province's name stands on the sun-side board
picture. We build the land as blobs around the provinces and along their land
borders (Shikoku is its own island: it meets Honshu only by sea routes), split
it among the provinces (the land nearest to each province's name and to the
half-way lines towards its land neighbours) and clip each piece to its island,
so that neighbours by land share an edge. Sea routes run from coast to coast
over water; where the straight way would cross land (Kaga - Tajima) they bend
out to sea.

Everything is in *plot coordinates*: board pixels with y flipped upward
(``y = -board_y``) for the ``"wide"`` orientation; ``"tall"`` turns the board a
quarter turn anticlockwise (east up, the Sea of Japan on the left) for
phone-width screens.

>>> shapes = province_shapes()
>>> len(shapes), shapes["Settsu"].area > 0
(45, True)
>>> shapes["Iyo"].intersects(shapes["Aki"])  # across the sea
False
>>> route = sea_route("Kaga", "Tajima")
>>> route.intersection(land().difference(shapes["Kaga"].union(shapes["Tajima"]).buffer(12))).length
0.0
"""

from __future__ import annotations

import math
from functools import lru_cache

import networkx as nx

try:
    import shapely
    from shapely import affinity
    from shapely.geometry import LineString, MultiPoint, Point, Polygon
    from shapely.ops import nearest_points, polylabel, unary_union
except ImportError:  # Python in the browser (the static build): the shapes computed at build time (.shipped)
    shapely = None

from ..data import BOARD
from . import shipped
from .diskcache import disk_cached

ORIENTATIONS = ("wide", "tall")
LAND_RADIUS = 62.0  # board px around a province's name
BORDER_WIDTH = 50.0  # half-width of the land strip along a land border
COAST_STEP = 34.0  # spacing of the hover grid inside a province
STRAIT = 14.0  # px of water at least between Honshu and Shikoku
SEED_RADIUS = 14.0  # the disc of points around a province's name
SEED_POINTS = 8
STAR_STEP = 4.0  # spacing of points along the half-way lines to the land neighbours
STAR_REACH = 0.97  # how far towards the half-way point those lines go
BORDER_SMOOTHING = 4.0  # px: tolerance of the border simplification
TOUCH_MIN = 6.0  # px: shorter common borders count as a corner, not a border


def check_orientation(orientation: str) -> str:
    if orientation not in ORIENTATIONS:
        raise ValueError(f"unknown orientation {orientation!r}; expected 'wide' or 'tall'")
    return orientation


def _turn(geom, orientation: str):
    """Board geometry (y up) in the plot coordinates of ``orientation``."""
    if check_orientation(orientation) == "wide":
        return geom
    return affinity.rotate(geom, 90, origin=(0, 0))  # (x, y) -> (-y, x)


def turn_xy(x: float, y: float, orientation: str) -> tuple[float, float]:
    return (x, y) if check_orientation(orientation) == "wide" else (-y, x)


def board_point(name: str, orientation: str = "wide") -> tuple[float, float]:
    """Where the province's name stands, in plot coordinates."""
    x, y = BOARD.province(name).board_xy
    return turn_xy(x, -y, orientation)


@lru_cache(maxsize=1)
def islands() -> list[set[str]]:
    """Groups of provinces joined by land borders (Honshu, Shikoku)."""
    g = nx.Graph()
    g.add_nodes_from(p.name for p in BOARD.provinces)
    g.add_edges_from((b.a, b.b) for b in BOARD.borders if b.kind == "land")
    return [set(c) for c in nx.connected_components(g)]


@lru_cache(maxsize=1)
def _island_shapes() -> dict[frozenset, Polygon]:
    out = {}
    for members in sorted(islands(), key=len, reverse=True):  # the main island first
        parts = [Point(board_point(n)).buffer(LAND_RADIUS, quad_segs=8) for n in sorted(members)]
        parts += [
            LineString([board_point(b.a), board_point(b.b)]).buffer(BORDER_WIDTH, quad_segs=4)
            for b in BOARD.borders
            if b.kind == "land" and b.a in members and b.b in members
        ]
        # close small bays, then round off the blobs: a coast that reads as land, not as beads
        land = unary_union(parts).buffer(26, quad_segs=6).buffer(-30, quad_segs=6).buffer(4, quad_segs=4)
        for other in out.values():  # a strait of water between islands
            land = land.difference(other.buffer(STRAIT))
        if land.geom_type == "MultiPolygon":
            land = max(land.geoms, key=lambda g: g.area)
        out[frozenset(members)] = land.simplify(1.0)
    return out


@lru_cache(maxsize=2)
def land(orientation: str = "wide"):
    """All land (Honshu and Shikoku) as one geometry: the union of the provinces."""
    return unary_union(list(province_shapes(orientation).values())).buffer(0.5).buffer(-0.5)


def _touch(a: Polygon, b: Polygon) -> bool:
    """Two provinces share a border (not just a corner)."""
    return a.buffer(1.5).intersection(b.buffer(1.5)).area > 3 * TOUCH_MIN


def _half_way_lines(pair: frozenset) -> set[tuple]:
    """Each of two neighbours owns the line from its name to the point half-way between them."""
    a, b = sorted(pair)
    (xa, ya), (xb, yb) = board_point(a), board_point(b)
    mid = ((xa + xb) / 2, (ya + yb) / 2)
    return {(a, (xa, ya), mid), (b, (xb, yb), mid)}


def _partition(lines: frozenset) -> dict[str, Polygon]:
    """The land split among the provinces: nearest to each name (a small disc of points), and
    for each ``(province, start, end)`` of ``lines`` nearest to that line."""
    pts: list[tuple[float, float]] = []
    owner: list[str] = []
    for p in BOARD.provinces:
        x0, y0 = board_point(p.name)
        pts.append((x0, y0))
        owner.append(p.name)
        for k in range(SEED_POINTS):
            a = 2 * math.pi * k / SEED_POINTS
            pts.append((x0 + SEED_RADIUS * math.cos(a), y0 + SEED_RADIUS * math.sin(a)))
            owner.append(p.name)
    for name, (x0, y0), (x1, y1) in sorted(lines):
        m = max(1, int(math.hypot(x1 - x0, y1 - y0) * STAR_REACH / STAR_STEP))
        for i in range(1, m + 1):
            t = STAR_REACH * i / m
            pts.append((x0 + (x1 - x0) * t, y0 + (y1 - y0) * t))
            owner.append(name)
    cloud = MultiPoint(pts)
    cells = shapely.voronoi_polygons(cloud, extend_to=cloud.envelope.buffer(400), ordered=True)
    groups: dict[str, list] = {}
    for cell, name in zip(cells.geoms, owner):
        groups.setdefault(name, []).append(cell)
    shapes: dict[str, Polygon] = {}
    strays: list[Polygon] = []
    for members, island in _island_shapes().items():
        for n in sorted(members):  # not the set's order, which follows the hash seed
            shape = unary_union(groups[n]).intersection(island)
            polys = [g for g in getattr(shape, "geoms", [shape]) if g.geom_type == "Polygon" and g.area > 0]
            main = max(polys, key=lambda g: g.contains(Point(board_point(n))) * 1e9 + g.area)
            shapes[n] = main
            strays += [g for g in polys if g is not main]
    # a stray piece (cut off from its province's name) goes to the province it borders most
    for piece in strays:
        best = max(shapes, key=lambda n: shapes[n].buffer(1.0).intersection(piece).area)
        if shapes[best].buffer(1.0).intersects(piece):
            merged = unary_union([shapes[best], piece.buffer(0.3)]).buffer(0)
            if merged.geom_type == "Polygon":
                shapes[best] = merged
    return shapes


def _shapes_to_json(shapes: dict[str, Polygon]) -> dict[str, str]:
    return {n: shapely.to_wkb(g, hex=True) for n, g in shapes.items()}


def _shapes_from_json(stored: dict[str, str]) -> dict[str, Polygon]:
    shapes = {n: shapely.from_wkb(h) for n, h in stored.items()}
    if sorted(shapes) != sorted(p.name for p in BOARD.provinces) or not all(g.geom_type == "Polygon" for g in shapes.values()):
        raise ValueError("not the board's provinces")
    return shapes


@lru_cache(maxsize=1)
@disk_cached("board-shapes", encode=_shapes_to_json, decode=_shapes_from_json)  # once per installation
def _board_shapes() -> dict[str, Polygon]:
    """Voronoi cells around the names, corrected so that the map shows the data's land borders.

    Where two neighbours' cells do not meet, each of them also gets the land nearest to the
    half-way line between their names (Voronoi cells of points sampled along it, merged per
    province), until every land border is an edge on the map. Where two provinces touch
    without being neighbours, the sea cuts in between. The borders are then straightened
    without opening gaps."""
    land_borders = {frozenset((b.a, b.b)) for b in BOARD.borders if b.kind == "land"}
    nbrs: dict[str, set[str]] = {p.name: set() for p in BOARD.provinces}
    for a, b in map(tuple, land_borders):
        nbrs[a].add(b)
        nbrs[b].add(a)
    lines: frozenset = frozenset()
    for _round in range(8):
        shapes = _partition(lines)
        missing = [pair for pair in land_borders if not _touch(*(shapes[n] for n in pair))]
        if not missing:
            break
        lines = lines.union(*(_half_way_lines(pair) for pair in missing))
    # two provinces that touch but are no neighbours (a corner at a bay's head): the bay goes
    # a little further in, between them
    names = sorted(shapes)
    notches = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if frozenset((a, b)) not in land_borders and _touch(shapes[a], shapes[b]):
                contact = shapes[a].buffer(1.5).intersection(shapes[b].buffer(1.5))
                notches.append(contact.centroid.buffer(max(12.0, contact.length / 4 + 8), quad_segs=8))
    if notches:
        water = unary_union(notches)
        notched = {}
        for n, shape in shapes.items():
            cut = shape.difference(water)
            notched[n] = max(getattr(cut, "geoms", [cut]), key=lambda g: g.area)
        if all(_touch(*(notched[n] for n in pair)) for pair in land_borders):
            shapes = notched
    names = sorted(shapes)  # the simplification's result depends on the order of its input
    smooth = shapely.coverage_simplify([shapes[n] for n in names], BORDER_SMOOTHING, simplify_boundary=False)
    return {n: g if g.geom_type == "Polygon" else max(g.geoms, key=lambda q: q.area) for n, g in zip(names, smooth)}


@lru_cache(maxsize=2)
def province_shapes(orientation: str = "wide") -> dict[str, Polygon]:
    """Each province's area (45 polygons that tile the land), in plot coordinates.
    Without shapely: their outlines as shipped by the static build (:mod:`.shipped`)."""
    if shapely is None:
        return shipped.province_shapes(check_orientation(orientation))
    return {n: _turn(s, orientation) for n, s in _board_shapes().items()}


def for_shipping(places: dict, fits: dict) -> dict:
    """The geometry the static build ships to the browser, where shapely is missing (:mod:`.shipped`), with the
    names' ``places`` (:func:`.label_table.export`); ``fits``: each orientation's size for the coast band and the
    insets (:data:`.shipped.SHIPPED_SIZES`, :func:`.label_table.for_shipping`)."""
    parts = {}
    for o in ORIENTATIONS:
        f = fits[o]
        names = [p.name for p in BOARD.provinces]
        parts[o] = {
            "provinces": province_shapes(o), "land_bounds": land(o).bounds,
            "sea": {pair: sea_route(*pair, o) for pair in shipped.sea_pairs()},
            "label_points": {n: label_point(n, o) for n in names}, "hit_points": hit_points(o),
            "coast": coast(o, f.px(shipped.COAST_PX)).simplify(f.px(0.5), preserve_topology=True),
            "insets": {n: inset(n, round(f.px(shipped.INSET_PX), 1), o).simplify(f.px(0.5), preserve_topology=True)
                       for n in names},
            "regions": {side: {r: region_outline(side, r, o).simplify(f.px(0.5), preserve_topology=True)
                               for r in BOARD.regions} for side in ("sun", "moon")},
            "region_anchors": {side: {r: region_anchor(side, r, o) for r in BOARD.regions} for side in ("sun", "moon")},
        }
    return shipped.export(parts, places)


def bounds(orientation: str = "wide", margin: float = 22.0) -> tuple[float, float, float, float]:
    """(xmin, ymin, xmax, ymax) of the land plus a margin of sea."""
    if shapely is None:
        x0, y0, x1, y1 = shipped.land_bounds(check_orientation(orientation))
    else:
        x0, y0, x1, y1 = land(orientation).bounds
    return (x0 - margin, y0 - margin, x1 + margin, y1 + margin)


def outline_xy(shape, tolerance: float = 0.0) -> tuple[list[float | None], list[float | None]]:
    """x and y lists for a polygon's outline (parts separated by None), for plotly.

    With a ``tolerance`` (plot units) the outline is simplified first, and rounded to whole
    units when the tolerance is at least half a unit (fewer and shorter numbers to send).

    >>> from shapely.geometry import box
    >>> sq = box(0, 0, 10.26, 10)
    >>> outline_xy(sq)[0], outline_xy(sq, 0.6)[0]
    ([10.3, 10.3, 0.0, 0.0, 10.3], [10, 10, 0, 0, 10])
    """
    xs: list[float | None] = []
    ys: list[float | None] = []
    if shape.is_empty:
        return [], []
    digits = 1
    if tolerance > 0:
        if shapely is not None:  # (the shipped outlines were simplified at build time)
            shape = shape.simplify(tolerance, preserve_topology=True)
        digits = 0 if tolerance >= 0.5 else 1
    polys = shape.geoms if hasattr(shape, "geoms") else [shape]
    for poly in polys:
        if poly.geom_type != "Polygon" or poly.is_empty:
            continue
        x = [px for px, _py in poly.exterior.coords]
        y = [py for _px, py in poly.exterior.coords]
        if digits:
            xs += [round(v, 1) for v in x] + [None]
            ys += [round(v, 1) for v in y] + [None]
        else:
            xs += [round(v) for v in x] + [None]
            ys += [round(v) for v in y] + [None]
    return xs[:-1], ys[:-1]


def line_xy(line) -> tuple[list[float], list[float]]:
    """x and y lists of a line's points (a shapely line, or a shipped one where shapely is missing)."""
    points = list(line.coords)
    return [round(x, 1) for x, _y in points], [round(y, 1) for _x, y in points]


def coast(orientation: str, distance: float):
    """The land with a band of shallow water ``distance`` wide around it.
    Without shapely: as shipped by the static build (the band computed for one size, :mod:`.shipped`)."""
    if shapely is None:
        return shipped.coast(check_orientation(orientation))
    return land(orientation).buffer(distance, quad_segs=4)


@lru_cache(maxsize=16)
def region_outline(side: str, region: str, orientation: str = "wide"):
    """The union of a region's provinces on ``side``. Without shapely: as shipped by the static build."""
    if shapely is None:
        return shipped.region_outline(check_orientation(orientation), side, region)
    shapes = province_shapes(orientation)
    return unary_union([shapes[p.name] for p in BOARD.provinces if p.region(side) == region]).buffer(0.5).buffer(-0.5)


@lru_cache(maxsize=128)
def inset(name: str, distance: float, orientation: str = "wide"):
    """The province's area shrunk by ``distance`` (a ring drawn on it stays inside the province).
    Without shapely: as shipped by the static build, shrunk by :data:`.shipped.INSET_PX` whatever ``distance``."""
    if shapely is None:
        return shipped.inset(check_orientation(orientation), name)
    shape = province_shapes(orientation)[name].buffer(-distance, quad_segs=4)
    if shape.is_empty:
        return province_shapes(orientation)[name]
    if shape.geom_type == "MultiPolygon":
        shape = max(shape.geoms, key=lambda g: g.area)
    return shape


@lru_cache(maxsize=256)
def label_point(name: str, orientation: str = "wide") -> tuple[float, float]:
    """Where a province's label goes: its name position when inside the shape, else a point inside.
    Without shapely: as shipped by the static build."""
    if shapely is None:
        return shipped.label_point(check_orientation(orientation), name)
    shape = province_shapes(orientation)[name]
    x, y = board_point(name, orientation)
    if shape.buffer(-10).contains(Point(x, y)):
        return (x, y)
    q = polylabel(shape, tolerance=2.0)
    return (q.x, q.y)


@lru_cache(maxsize=2)
def hit_points(orientation: str = "wide") -> tuple[tuple[str, float, float], ...]:
    """A grid of points covering each province (name, x, y), the label point first:
    hovering or clicking anywhere in a province finds one of its points. Without shapely: as shipped by the static
    build."""
    if shapely is None:
        return shipped.hit_points(check_orientation(orientation))
    out = []
    shapes = province_shapes(orientation)
    for p in BOARD.provinces:
        shape = shapes[p.name]
        lx, ly = label_point(p.name, orientation)
        out.append((p.name, round(lx, 1), round(ly, 1)))
        x0, y0, x1, y1 = shape.bounds
        inner = shape.buffer(-COAST_STEP * 0.3)
        y = y0 + COAST_STEP / 2
        row = 0
        while y < y1:
            x = x0 + COAST_STEP / 2 + (COAST_STEP / 2 if row % 2 else 0)
            while x < x1:
                if inner.contains(Point(x, y)) and (x - lx) ** 2 + (y - ly) ** 2 > (COAST_STEP * 0.6) ** 2:
                    out.append((p.name, round(x, 1), round(y, 1)))
                x += COAST_STEP
            y += COAST_STEP * 0.87
            row += 1
    return tuple(out)


@lru_cache(maxsize=32)
def _board_sea_route(a: str, b: str) -> LineString:
    shapes = _board_shapes()
    sa, sb = shapes[a], shapes[b]
    pa, pb = nearest_points(sa, sb)
    # start and end a little inside each province, towards its name, so the line visibly lands there
    ends = []
    for p, name in ((pa, a), (pb, b)):
        cx, cy = board_point(name)
        d = max(((cx - p.x) ** 2 + (cy - p.y) ** 2) ** 0.5, 1e-6)
        step = min(16.0, d * 0.4)
        ends.append((p.x + (cx - p.x) / d * step, p.y + (cy - p.y) / d * step))
    (x0, y0), (x1, y1) = ends
    others = land().difference(sa.union(sb).buffer(12))
    straight = LineString(ends)
    if straight.intersection(others).length == 0:
        return straight
    # bend out to sea: a quadratic curve whose control point moves away from the land
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
    nx_, ny_ = -(y1 - y0) / length, (x1 - x0) / length
    best = straight
    for k in (0.15, 0.25, 0.35, 0.5, 0.65, 0.8, 1.0):
        for sign in (1, -1):
            cx, cy = mx + sign * nx_ * k * length, my + sign * ny_ * k * length
            pts = []
            for i in range(25):
                t = i / 24
                pts.append(((1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t ** 2 * x1,
                            (1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t ** 2 * y1))
            curve = LineString(pts)
            if curve.intersection(others).length == 0:
                return curve
    return best


def sea_route(a: str, b: str, orientation: str = "wide") -> LineString:
    """The dashed sea route between two provinces, coast to coast over water (from ``a`` to ``b``).
    Without shapely: as shipped by the static build (:mod:`.shipped`)."""
    if shapely is None:
        first, second = sorted((a, b))
        route = shipped.sea_route(check_orientation(orientation), first, second)
        return route if first == a else shipped.Line(route.coords[::-1])
    route = _board_sea_route(*sorted((a, b)))
    if sorted((a, b))[0] != a:
        route = LineString(list(route.coords)[::-1])
    return _turn(route, orientation)


@lru_cache(maxsize=16)
def region_anchor(side: str, region: str, orientation: str = "wide") -> tuple[float, float]:
    """A point well inside the region's largest piece (for its name). Without shapely: as shipped by the static build."""
    if shapely is None:
        return shipped.region_anchor(check_orientation(orientation), side, region)
    shape = region_outline(side, region, orientation)
    if shape.geom_type == "MultiPolygon":
        shape = max(shape.geoms, key=lambda g: g.area)
    q = polylabel(shape, tolerance=2.0)
    return (q.x, q.y)
