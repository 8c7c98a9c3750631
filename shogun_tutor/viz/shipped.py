"""Board geometry computed where shapely runs, shipped as data to where it does not.

The static build runs the tutor on Pyodide in the visitor's browser, and PyPI has no WebAssembly
wheel of shapely (nor of numpy, which it needs). So the build (``deploy/static/build.py``) calls
:func:`export` with shapely at hand (:func:`.geometry.for_shipping`) and ships the result; in the browser :mod:`.geometry` finds no
shapely and reads the shipped data through :func:`province_shapes` and :func:`land_bounds`.

What is shipped: each province's outline (its exterior ring, in plot coordinates) and each sea route (the
line the full board dashes, from the first province of the pair in alphabetical order) for both orientations. The data is read like every input from outside: bounded, then checked against the
board (exactly its 45 provinces, finite coordinates); anything else raises :class:`ShippedError`.
The figures drawn from it are those drawn from shapely's shapes (``tests/viz/test_shipped.py``).
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
MAX_BYTES = 2_000_000
MAX_POINTS = 5000  # per ring
VERSION = 2  # 2: the sea routes


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
class Line:
    """A sea route as shipped: what the browser's callers read of a shapely LineString (its points)."""

    coords: tuple[tuple[float, float], ...]


def sea_pairs() -> list[tuple[str, str]]:
    """The board's sea routes, each pair in alphabetical order (as shipped, keyed ``"A|B"``)."""
    return sorted({tuple(sorted((b.a, b.b))) for b in BOARD.borders if b.kind == "sea"})


def export(shapes: dict[str, dict], land_bounds: dict[str, tuple], sea: dict[str, dict]) -> dict:
    """The data to ship: ``shapes[orientation][name]`` shapely polygons, ``land_bounds[orientation]``,
    ``sea[orientation][(a, b)]`` shapely lines (computed with shapely at build time: :func:`.geometry.for_shipping`)."""
    return {"version": VERSION, "orientations": {
        o: {"provinces": {n: [list(xy) for xy in s.exterior.coords] for n, s in sorted(shapes[o].items())},
            "land_bounds": list(land_bounds[o]),
            "sea": {f"{a}|{b}": [list(xy) for xy in line.coords] for (a, b), line in sorted(sea[o].items())}}
        for o in sorted(shapes)}}


def _finite_pair(v) -> bool:
    return (isinstance(v, list) and len(v) == 2
            and all(isinstance(c, (int, float)) and not isinstance(c, bool) and math.isfinite(c) for c in v))


def parse(text: str) -> dict:
    """The shipped data, checked: the board's provinces in both orientations, finite coordinates."""
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
            if not isinstance(ring, list) or not 4 <= len(ring) <= MAX_POINTS or not all(map(_finite_pair, ring)):
                raise ShippedError(f"the shipped outline of {name} is not a ring of finite points")
        lb = part.get("land_bounds")
        if not (isinstance(lb, list) and len(lb) == 4 and _finite_pair(lb[:2]) and _finite_pair(lb[2:])):
            raise ShippedError(f"the shipped geometry has no {o!r} land bounds")
        sea = part.get("sea")
        if not isinstance(sea, dict) or sorted(sea) != sorted(f"{a}|{b}" for a, b in sea_pairs()):
            raise ShippedError(f"the shipped geometry's {o!r} sea routes are not the board's")
        for pair, line in sea.items():
            if not isinstance(line, list) or not 2 <= len(line) <= MAX_POINTS or not all(map(_finite_pair, line)):
                raise ShippedError(f"the shipped sea route {pair} is not a line of finite points")
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
    rings = shipped()["orientations"][orientation]["provinces"]
    return {n: Outline(_Exterior(tuple((float(x), float(y)) for x, y in ring))) for n, ring in rings.items()}


def land_bounds(orientation: str) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = shipped()["orientations"][orientation]["land_bounds"]
    return (float(x0), float(y0), float(x1), float(y1))


def sea_route(orientation: str, a: str, b: str) -> Line:
    """The shipped sea route between ``a`` and ``b`` (in that alphabetical order)."""
    line = shipped()["orientations"][orientation]["sea"][f"{a}|{b}"]
    return Line(tuple((float(x), float(y)) for x, y in line))
