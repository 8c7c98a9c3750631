"""Board geometry computed where shapely runs, shipped as data to where it does not.

The static build runs the tutor on Pyodide in the visitor's browser, and PyPI has no WebAssembly
wheel of shapely (nor of numpy, which it needs). So the build (``deploy/static/build.py``) calls
:func:`export` with shapely at hand (:func:`.geometry.for_shipping`) and ships the result; in the browser :mod:`.geometry` finds no
shapely and reads the shipped data through :func:`province_shapes` and :func:`land_bounds`.

What is shipped, for both orientations (plot coordinates): each province's outline (its exterior ring), each sea
route (the line the full board dashes, from the first province of the pair in alphabetical order), each province's
label point and the hover grid's points, the coast band, each region's outline and name point on both sides, and each
province's outline inset by :data:`INSET_PX` screen pixels (the rings drawn inside a province; the full board insets
each ring by its own 2.5–5 px). The coast band and the insets are computed for one size per orientation
(:data:`SHIPPED_SIZES`), the rest does not depend on the size. Beside the geometry: where the names and the army tokens
stand at a set of widths in every language (``places``, made and read by :mod:`.label_table`).

The data is read like every input from outside: bounded, then checked against the board (exactly its 45 provinces,
its regions and sea routes, finite coordinates); anything else raises :class:`ShippedError`. The figures drawn from
it are those drawn from shapely's shapes (``tests/viz/test_shipped.py``).
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..data import BOARD

#: where the shipped file is (set by the static build's first cell)
SHIPPED_ENV = "SHOGUN_TUTOR_SHIPPED_GEOMETRY"
MAX_BYTES = 4_000_000
MAX_POINTS = 5000  # per ring
MAX_RINGS = 20  # per coast or region
VERSION = 3  # 2: the sea routes; 3: label and hover points, coast, regions, insets, the names' places
#: the screen width each orientation's coast band and insets are computed for (a phone's board, a laptop's)
SHIPPED_SIZES = {"wide": 1000, "tall": 390}
COAST_PX = 7.0  # the band of shallow water, screen px (as the full board's)
INSET_PX = 4.0  # the rings inside a province, screen px


class ShippedError(ValueError):
    """The shipped geometry is missing, too large, or not the board's."""


@dataclass(frozen=True)
class _Exterior:
    coords: tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class Outline:
    """A province's shape as shipped: what the browser's callers read of a shapely Polygon."""

    exterior: _Exterior
    geom_type: str = "Polygon"
    is_empty: bool = False

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        xs = [x for x, _y in self.exterior.coords]
        ys = [y for _x, y in self.exterior.coords]
        return (min(xs), min(ys), max(xs), max(ys))


@dataclass(frozen=True)
class Parts:
    """A coast band or a region as shipped: what the browser's callers read of a shapely MultiPolygon."""

    geoms: tuple[Outline, ...]
    geom_type: str = "MultiPolygon"

    @property
    def is_empty(self) -> bool:
        return not self.geoms


@dataclass(frozen=True)
class Line:
    """A sea route as shipped: what the browser's callers read of a shapely LineString (its points)."""

    coords: tuple[tuple[float, float], ...]


def sea_pairs() -> list[tuple[str, str]]:
    """The board's sea routes, each pair in alphabetical order (as shipped, keyed ``"A|B"``)."""
    return sorted({tuple(sorted((b.a, b.b))) for b in BOARD.borders if b.kind == "sea"})


def _ring(coords) -> list[list[float]]:
    return [[round(x, 1), round(y, 1)] for x, y in coords]


def _rings(geom) -> list[list[list[float]]]:
    """A polygon's or a multipolygon's exterior rings."""
    return [_ring(g.exterior.coords) for g in getattr(geom, "geoms", [geom]) if g.geom_type == "Polygon"]


def export(parts: dict[str, dict], places: dict) -> dict:
    """The data to ship, from ``parts[orientation]`` computed with shapely at build time
    (:func:`.geometry.for_shipping`): ``provinces`` and ``insets`` (name: polygon), ``land_bounds``, ``sea``
    ((a, b): line), ``label_points`` (name: point), ``hit_points`` ((name, x, y), ...), ``coast`` (a polygon or
    multipolygon), ``regions`` and ``region_anchors`` (side: region: multipolygon or point); with the names'
    ``places`` (:func:`.label_table.export`)."""
    out: dict = {"version": VERSION, "orientations": {}, "places": places}
    for o, p in sorted(parts.items()):
        out["orientations"][o] = {
            # the outlines and routes exact (the welcome's map is drawn from them as on the server)
            "provinces": {n: [list(xy) for xy in s.exterior.coords] for n, s in sorted(p["provinces"].items())},
            "land_bounds": list(p["land_bounds"]),
            "sea": {f"{a}|{b}": [list(xy) for xy in line.coords] for (a, b), line in sorted(p["sea"].items())},
            "label_points": {n: [x, y] for n, (x, y) in sorted(p["label_points"].items())},
            "hit_points": [[n, round(x, 1), round(y, 1)] for n, x, y in p["hit_points"]],
            "coast": _rings(p["coast"]),
            "insets": {n: _ring(s.exterior.coords) for n, s in sorted(p["insets"].items())},
            "regions": {side: {r: _rings(g) for r, g in sorted(regions.items())} for side, regions in p["regions"].items()},
            "region_anchors": {side: {r: [x, y] for r, (x, y) in sorted(anchors.items())}
                               for side, anchors in p["region_anchors"].items()},
        }
    return out


def finite_pair(v) -> bool:
    return (isinstance(v, list) and len(v) == 2
            and all(isinstance(c, (int, float)) and not isinstance(c, bool) and math.isfinite(c) for c in v))


def _ring_ok(ring) -> bool:
    return isinstance(ring, list) and 4 <= len(ring) <= MAX_POINTS and all(map(finite_pair, ring))


def _check_orientation(o: str, part: dict, names: list[str]) -> None:
    """The parts added in version 3 (see the module's text)."""
    where = f"the shipped geometry's {o!r}"
    points = part.get("label_points")
    if not isinstance(points, dict) or sorted(points) != names or not all(map(finite_pair, points.values())):
        raise ShippedError(f"{where} label points are not the board's provinces' finite points")
    hits = part.get("hit_points")
    if (not isinstance(hits, list) or not len(names) <= len(hits) <= 50 * len(names)
            or not all(isinstance(h, list) and len(h) == 3 and h[0] in points and finite_pair(h[1:]) for h in hits)
            or {h[0] for h in hits} != set(names)):
        raise ShippedError(f"{where} hover points are not points of the board's provinces")
    insets = part.get("insets")
    if not isinstance(insets, dict) or sorted(insets) != names or not all(map(_ring_ok, insets.values())):
        raise ShippedError(f"{where} insets are not rings of the board's provinces")
    coast = part.get("coast")
    if not isinstance(coast, list) or not 1 <= len(coast) <= MAX_RINGS or not all(map(_ring_ok, coast)):
        raise ShippedError(f"{where} coast is not a list of rings")
    regions, anchors = part.get("regions"), part.get("region_anchors")
    for side in ("sun", "moon"):
        shapes = regions.get(side) if isinstance(regions, dict) else None
        points = anchors.get(side) if isinstance(anchors, dict) else None
        if (not isinstance(shapes, dict) or sorted(shapes) != sorted(BOARD.regions)
                or not all(isinstance(v, list) and 1 <= len(v) <= MAX_RINGS and all(map(_ring_ok, v)) for v in shapes.values())
                or not isinstance(points, dict) or sorted(points) != sorted(BOARD.regions)
                or not all(map(finite_pair, points.values()))):
            raise ShippedError(f"{where} regions of the {side} side are not the board's")


def parse(text: str) -> dict:
    """The shipped data, checked: the board's provinces, sea routes and regions in both orientations, finite
    coordinates (the names' places: :func:`.shipped_places.check`, as they are first read)."""
    if len(text) > MAX_BYTES:
        raise ShippedError(f"the shipped geometry is larger than {MAX_BYTES} bytes")
    try:
        data = json.loads(text)
    except ValueError as e:
        raise ShippedError(f"the shipped geometry is not JSON: {e}") from None
    if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("orientations"), dict):
        raise ShippedError("the shipped geometry is not of this version")
    names = sorted(p.name for p in BOARD.provinces)
    for o in ("wide", "tall"):
        part = data["orientations"].get(o)
        if not isinstance(part, dict) or not isinstance(part.get("provinces"), dict):
            raise ShippedError(f"the shipped geometry has no {o!r} provinces")
        if sorted(part["provinces"]) != names:
            raise ShippedError("the shipped geometry's provinces are not the board's")
        for name, ring in part["provinces"].items():
            if not _ring_ok(ring):
                raise ShippedError(f"the shipped outline of {name} is not a ring of finite points")
        lb = part.get("land_bounds")
        if not (isinstance(lb, list) and len(lb) == 4 and finite_pair(lb[:2]) and finite_pair(lb[2:])):
            raise ShippedError(f"the shipped geometry has no {o!r} land bounds")
        sea = part.get("sea")
        if not isinstance(sea, dict) or sorted(sea) != sorted(f"{a}|{b}" for a, b in sea_pairs()):
            raise ShippedError(f"the shipped geometry's {o!r} sea routes are not the board's")
        for pair, line in sea.items():
            if not isinstance(line, list) or not 2 <= len(line) <= MAX_POINTS or not all(map(finite_pair, line)):
                raise ShippedError(f"the shipped sea route {pair} is not a line of finite points")
        _check_orientation(o, part, names)
    if not isinstance(data.get("places"), dict):
        raise ShippedError("the shipped geometry has no places of the names (read by .shipped_places)")
    return data


@lru_cache(maxsize=1)
def shipped() -> dict:
    where = os.environ.get(SHIPPED_ENV)
    if not where:
        raise ShippedError(f"shapely is not installed and ${SHIPPED_ENV} names no shipped geometry")
    try:
        text = Path(where).read_text()
    except OSError as e:
        raise ShippedError(f"the shipped geometry cannot be read: {e}") from None
    return parse(text)


@lru_cache(maxsize=2)
def province_shapes(orientation: str) -> dict[str, Outline]:
    return {n: _outline(ring) for n, ring in _part(orientation)["provinces"].items()}


def land_bounds(orientation: str) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = shipped()["orientations"][orientation]["land_bounds"]
    return (float(x0), float(y0), float(x1), float(y1))


def sea_route(orientation: str, a: str, b: str) -> Line:
    """The shipped sea route between ``a`` and ``b`` (in that alphabetical order)."""
    line = shipped()["orientations"][orientation]["sea"][f"{a}|{b}"]
    return Line(tuple((float(x), float(y)) for x, y in line))


def _outline(ring) -> Outline:
    return Outline(_Exterior(tuple((float(x), float(y)) for x, y in ring)))


def _point(v) -> tuple[float, float]:
    return (float(v[0]), float(v[1]))


def _part(orientation: str) -> dict:
    return shipped()["orientations"][orientation]


def label_point(orientation: str, name: str) -> tuple[float, float]:
    return _point(_part(orientation)["label_points"][name])


@lru_cache(maxsize=2)
def hit_points(orientation: str) -> tuple[tuple[str, float, float], ...]:
    return tuple((n, float(x), float(y)) for n, x, y in _part(orientation)["hit_points"])


@lru_cache(maxsize=2)
def coast(orientation: str) -> Parts:
    """The land with its band of shallow water (:data:`COAST_PX` at the orientation's :data:`SHIPPED_SIZES`)."""
    return Parts(tuple(map(_outline, _part(orientation)["coast"])))


@lru_cache(maxsize=128)
def inset(orientation: str, name: str) -> Outline:
    """The province's outline :data:`INSET_PX` inside it (at the orientation's :data:`SHIPPED_SIZES`)."""
    return _outline(_part(orientation)["insets"][name])


@lru_cache(maxsize=32)
def region_outline(orientation: str, side: str, region: str) -> Parts:
    return Parts(tuple(map(_outline, _part(orientation)["regions"][side][region])))


def region_anchor(orientation: str, side: str, region: str) -> tuple[float, float]:
    return _point(_part(orientation)["region_anchors"][side][region])


def places() -> dict:
    """The names' places as shipped (checked and read by :mod:`.shipped_places`)."""
    return shipped()["places"]
