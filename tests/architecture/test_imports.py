"""The package's import graph has no loop and no arrow that runs upward (issue 26).

Read from the source (:mod:`.imports`, with :mod:`ast`): imports inside functions count (they tie two
modules together just the same, only later), imports under ``if TYPE_CHECKING:`` do not (they never run).
"""

import pytest

from . import imports

# Each area of the package in its layer, from the bottom: an area imports only areas of lower layers
# (and itself); two areas of one layer do not import each other.
LAYERS = (
    ("data_records",),  # the facts' immutable records, below their loader
    ("data", "i18n", "plotly_assets"),  # plotly_assets: the partial plotly.js bundle and the widget module using it
    ("board",),
    ("rules",),  # the engine: pure, deterministic, only the board's and the components' data below it
    ("bots",),  # players of the rules: they import the engine, the engine never imports them
    ("review",),
    ("text", "botstats", "tower_calibration", "connection_notice"),
    ("rulebook", "viz", "session"),
    # the routes, brotli copies and preloaded scripts of the pages; whether the server's port is free
    ("ui", "web_handlers", "web_brotli", "page_preload", "server_port"),
    ("serve", ""),  # "" is the package's own __init__
    ("__main__",),  # the command line
)
LAYER = {area: i for i, layer in enumerate(LAYERS) for area in layer}


def area(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def test_every_module_has_an_area_in_a_layer():
    assert {area(m) for m in imports.graph()} <= set(LAYER)


def test_every_import_of_the_package_names_one_of_its_modules():
    imports.graph()
    assert imports.UNRESOLVED == []


def test_no_import_loop_in_the_package():
    loops = imports.loops()
    assert loops == [], "import loops: " + "; ".join(" <-> ".join(loop) for loop in loops)


@pytest.mark.parametrize("layer", [a for layer in LAYERS for a in layer])
def test_no_import_runs_upward_or_sideways(layer):
    wrong = [f"{a} -> {b} (line {d['line']})" for a, b, d in imports.graph().edges(data=True)
             if area(a) == layer and area(b) != layer and LAYER[area(b)] >= LAYER[layer]]
    assert wrong == []


def test_the_bots_are_a_package_beside_the_engine_and_the_engine_never_imports_them():
    g = imports.graph()
    assert "shogun_tutor.bots" in g and not any(m.startswith("shogun_tutor.rules.bots") for m in g)
    assert not [(a, b) for a, b in g.edges() if area(a) == "rules" and area(b) == "bots"]
    assert any(area(a) == "bots" and area(b) == "rules" for a, b in g.edges())


def test_the_engine_imports_only_the_data_and_the_board():
    wrong = sorted({area(b) for a, b in imports.graph().edges() if area(a) == "rules"} - {"rules", "data", "board"})
    assert wrong == []


def test_the_reader_sees_function_level_imports_and_skips_type_checking_ones():
    g = imports.graph()
    assert g.has_edge("shogun_tutor.rules.game", "shogun_tutor.rules.flow")
    assert not g.has_edge("shogun_tutor.rules.flow", "shogun_tutor.rules.game")  # only under TYPE_CHECKING
    assert g.has_edge("shogun_tutor.rulebook.scenario", "shogun_tutor.rules.savefile")  # inside a function


def test_the_widget_plumbing_is_a_room_of_its_own_below_the_panels():
    """``ui/widgets/`` (what talks to the browser: the figures' widget, the bridge, the address, the poll) never
    imports a panel of ``ui/``; the panels use it."""
    g = imports.graph()
    plumbing = [m for m in g if m.startswith("shogun_tutor.ui.widgets.")]
    assert {m.rsplit(".", 1)[1] for m in plumbing} >= {"plotly_widget", "bridge", "keys", "board_scroll", "address",
                                                          "visit", "live"}
    up = [(a, b) for a, b in g.edges() if a in plumbing and b.startswith("shogun_tutor.ui.")
          and not b.startswith("shogun_tutor.ui.widgets")]
    assert up == []
    assert any(b in plumbing and not a.startswith("shogun_tutor.ui.widgets") for a, b in g.edges())
