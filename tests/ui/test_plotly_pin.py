"""The plotly version is one the widget shim is tested with, and pyproject.toml pins exactly those (issue 26).

The shim relies on plotly internals; an untested plotly must fail here, loudly, instead of mis-drawing the
board in a browser.
"""

import tomllib
from pathlib import Path

import plotly
from packaging.requirements import Requirement

from shogun_tutor.ui.widgets.plotly_widget import TESTED_PLOTLY, plotly_minor

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def _pin():
    deps = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]["dependencies"]
    return next(Requirement(d) for d in deps if Requirement(d).name == "plotly")


def test_the_installed_plotly_is_a_tested_minor():
    assert plotly_minor() in TESTED_PLOTLY, (
        f"plotly {plotly.__version__} is installed, but the widget shim (ui/widgets/plotly_widget.js, ui/widgets/plotly_widget.py, "
        f"ui/widgets/bridge.py) is tested only with plotly {', '.join(TESTED_PLOTLY)}: run the browser tests with it, then "
        "add its minor to TESTED_PLOTLY and to the pin in pyproject.toml")


def test_pyproject_pins_exactly_the_tested_minors():
    spec = _pin().specifier
    for minor in TESTED_PLOTLY:
        major, m = map(int, minor.split("."))
        assert spec.contains(f"{major}.{m}.0") and spec.contains(f"{major}.{m}.9")
    tested = {tuple(map(int, m.split("."))) for m in TESTED_PLOTLY}
    for major in range(5, 10):
        for m in range(0, 12):
            if (major, m) not in tested:
                assert not spec.contains(f"{major}.{m}.0"), f"pyproject.toml allows the untested plotly {major}.{m}"


def test_the_minor_is_read_from_the_version_string():
    assert plotly_minor("7.1.0") == "7.1" and plotly_minor("6.10.2rc1") == "6.10"
