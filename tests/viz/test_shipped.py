"""The board geometry shipped to the browser (no shapely, no numpy there) draws the figures shapely's shapes draw."""

import json
import subprocess
import sys

import pytest

from shogun_tutor.ui.welcome import board_svg
from shogun_tutor.viz import geometry, shipped

BROWSER_LIKE = (
    "import sys\n"
    "for name in ('numpy', 'shapely', 'rpds'):\n"
    "    sys.modules[name] = None  # as on Pyodide from npm: no wheel of them\n"
    "import json\n"
    "from shogun_tutor.viz import geometry\n"
    "from shogun_tutor.ui.welcome import board_svg\n"
    "assert geometry.shapely is None\n"
    "print(json.dumps({'svg': board_svg(), 'bounds': {o: geometry.bounds(o) for o in geometry.ORIENTATIONS},\n"
    "                  'boxes': {o: {n: s.bounds for n, s in geometry.province_shapes(o).items()} for o in geometry.ORIENTATIONS},\n"
    "                  'sea': {o: {f'{b.a}|{b.b}': geometry.line_xy(geometry.sea_route(b.a, b.b, o))\n"
    "                              for b in geometry.BOARD.borders if b.kind == 'sea'} for o in geometry.ORIENTATIONS}}))\n"
)


def test_without_shapely_the_shipped_geometry_draws_the_same_welcome_map(shipped_file):
    env = {"PATH": "/usr/bin:/bin", shipped.SHIPPED_ENV: str(shipped_file), "SHOGUN_TUTOR_CACHE": "off"}
    run = subprocess.run([sys.executable, "-c", BROWSER_LIKE], capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stderr
    browser = json.loads(run.stdout)
    assert browser["svg"] == board_svg()
    for o in geometry.ORIENTATIONS:
        assert browser["bounds"][o] == list(geometry.bounds(o))
        assert browser["boxes"][o] == {n: list(s.bounds) for n, s in geometry.province_shapes(o).items()}
        # the sea routes as the full board draws them, each from its first province (the shipped pair reversed or not)
        sea = {f"{b.a}|{b.b}": [list(v) for v in geometry.line_xy(geometry.sea_route(b.a, b.b, o))]
               for b in geometry.BOARD.borders if b.kind == "sea"}
        assert len(sea) >= 5 and browser["sea"][o] == sea


def test_without_shapely_and_without_shipped_data_the_error_says_so():
    code = BROWSER_LIKE.split("print(")[0] + "geometry.bounds()\n"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                         env={"PATH": "/usr/bin:/bin", "SHOGUN_TUTOR_CACHE": "off"})
    assert run.returncode != 0
    assert "ShippedError" in run.stderr and shipped.SHIPPED_ENV in run.stderr


@pytest.fixture
def good(shipped_file) -> dict:
    return json.loads(shipped_file.read_text())


@pytest.mark.parametrize("spoil, message", [
    (lambda d: d.update(version=99), "version"),
    (lambda d: d["orientations"]["wide"]["provinces"].pop("Settsu"), "provinces are not the board's"),
    (lambda d: d["orientations"]["tall"]["provinces"]["Settsu"].__setitem__(0, [float("nan"), 0.0]), "finite"),
    (lambda d: d["orientations"]["wide"]["provinces"].__setitem__("Settsu", [[0, 0]]), "ring"),
    (lambda d: d["orientations"]["wide"].__setitem__("land_bounds", [0, 0, "x", 1]), "land bounds"),
    (lambda d: d["orientations"].pop("tall"), "'tall'"),
    (lambda d: d["orientations"]["wide"].pop("sea"), "sea routes are not the board's"),
    (lambda d: d["orientations"]["tall"]["sea"].pop(sorted(d["orientations"]["tall"]["sea"])[0]), "sea routes"),
    (lambda d: d["orientations"]["wide"]["sea"].__setitem__("Izu|Shima", [[0, float("inf")], [1, 1]]), "sea route Izu|Shima"),
    (lambda d: d["orientations"]["tall"]["label_points"].pop("Iyo"), "'tall' label points"),
    (lambda d: d["orientations"]["wide"]["hit_points"].append(["Atlantis", 1, 1]), "hover points"),
    (lambda d: d["orientations"]["wide"]["hit_points"].__setitem__(slice(None), []), "hover points"),
    (lambda d: d["orientations"]["wide"]["insets"]["Settsu"].__setitem__(1, [1, None]), "insets"),
    (lambda d: d["orientations"]["tall"]["coast"].clear(), "coast"),
    (lambda d: d["orientations"]["wide"]["regions"]["moon"].pop("red"), "regions of the moon side"),
    (lambda d: d["orientations"]["tall"]["region_anchors"]["sun"].__setitem__("red", [0]), "regions of the sun side"),
    (lambda d: d.pop("places"), "no places of the names"),
])
def test_shipped_geometry_is_checked_like_every_input(good, spoil, message):
    data = good
    assert shipped.parse(json.dumps(data))["version"] == shipped.VERSION
    spoil(data)
    with pytest.raises(shipped.ShippedError, match=message):
        shipped.parse(json.dumps(data))


def test_shipped_geometry_is_bounded():
    with pytest.raises(shipped.ShippedError, match="larger"):
        shipped.parse(" " * (shipped.MAX_BYTES + 1))
    with pytest.raises(shipped.ShippedError, match="not JSON"):
        shipped.parse("{")
