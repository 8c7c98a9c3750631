"""Province shapes derived from the board positions (computed once, cached).

The data holds only where each province's name stands on the board. We build
the land as blobs around the provinces and their land borders (Shikoku is its
own island: it meets Honshu only by sea routes), split it into Voronoi cells
around the name positions, and clip each cell to its island. Coordinates are
board pixels with y flipped upward (``y = -board_y``).

>>> shapes = province_shapes()
>>> len(shapes), shapes["Settsu"].area > 0
(45, True)
>>> shapes["Iyo"].intersects(shapes["Aki"])  # across the sea
False
"""

from __future__ import annotations

from functools import lru_cache

import networkx as nx
import shapely
from shapely.geometry import LineString, MultiPoint, Point, Polygon
from shapely.ops import unary_union

from ..data import BOARD

LAND_RADIUS = 62.0  # px around a province's name
BORDER_WIDTH = 50.0  # half-width of the land strip along a land border


def board_point(name: str) -> tuple[float, float]:
    x, y = BOARD.province(name).board_xy
    return (x, -y)


@lru_cache(maxsize=1)
def islands() -> list[set[str]]:
    """Groups of provinces joined by land borders (Honshu, Shikoku)."""
    g = nx.Graph()
    g.add_nodes_from(p.name for p in BOARD.provinces)
    g.add_edges_from((b.a, b.b) for b in BOARD.borders if b.kind == "land")
    return [set(c) for c in nx.connected_components(g)]


@lru_cache(maxsize=1)
def island_shapes() -> dict[frozenset, Polygon]:
    out = {}
    for members in islands():
        parts = [Point(board_point(n)).buffer(LAND_RADIUS, quad_segs=8) for n in members]
        parts += [
            LineString([board_point(b.a), board_point(b.b)]).buffer(BORDER_WIDTH, quad_segs=4)
            for b in BOARD.borders
            if b.kind == "land" and b.a in members and b.b in members
        ]
        land = unary_union(parts).buffer(18, quad_segs=6).buffer(-14, quad_segs=6)  # round off the blobs
        out[frozenset(members)] = land
    return out


@lru_cache(maxsize=1)
def province_shapes() -> dict[str, Polygon]:
    names = [p.name for p in BOARD.provinces]
    pts = MultiPoint([board_point(n) for n in names])
    cells = shapely.voronoi_polygons(pts, extend_to=pts.envelope.buffer(400))
    by_point = {}
    for cell in cells.geoms:
        for n in names:
            if cell.contains(Point(board_point(n))):
                by_point[n] = cell
                break
    shapes = {}
    for members, land in island_shapes().items():
        for n in members:
            shape = by_point[n].intersection(land)
            if shape.geom_type == "MultiPolygon":  # keep the piece around the name
                shape = max(shape.geoms, key=lambda g: g.contains(Point(board_point(n))) * 1e9 + g.area)
            shapes[n] = shape.simplify(1.5)
    return shapes


def outline_xy(shape) -> tuple[list[float | None], list[float | None]]:
    """x and y lists for a polygon's outline (parts separated by None), for plotly."""
    xs: list[float | None] = []
    ys: list[float | None] = []
    polys = shape.geoms if hasattr(shape, "geoms") else [shape]
    for poly in polys:
        x, y = poly.exterior.coords.xy
        xs += list(x) + [None]
        ys += list(y) + [None]
    return xs[:-1], ys[:-1]


@lru_cache(maxsize=4)
def region_outline(side: str, region: str):
    shapes = province_shapes()
    return unary_union([shapes[p.name] for p in BOARD.provinces if p.region(side) == region]).buffer(0.5).buffer(-0.5)


def label_point(name: str) -> tuple[float, float]:
    """Where a province's label goes: its name position when inside the shape, else a point inside."""
    shape = province_shapes()[name]
    p = Point(board_point(name))
    if shape.contains(p):
        return board_point(name)
    q = shape.representative_point()
    return (q.x, q.y)
