"""The static build's plotly.js (deploy/static/build.py): plotly.js' partial bundle and plotly's widget module importing
it are files of the site, as the app's server serves them, and the page's first cell points the figures at the module.

The wheel here holds the two files the build reads from PyPI's plotly wheel, taken from the installed plotly (the
same version: pyproject.toml and the build pin plotly 7.1), so the test needs no download. The browser side (one
plotly.js per visit, the figures drawn) is tests/browser/test_static_site.py's.
"""

from __future__ import annotations

import ast
import json
import re
import zipfile
from pathlib import Path

import plotly
import pytest

from shogun_tutor import plotly_assets
from shogun_tutor.ui.widgets.plotly_widget import PLOTLY_MODULE_ENV, figure_widget
from tests.deploy_scripts import static_script

PACKAGE_DATA = Path(plotly.__file__).parent / "package_data"


@pytest.fixture(scope="module")
def plotly_wheel(tmp_path_factory) -> Path:
    """The files of the installed plotly that the build reads from the shipped plotly wheel."""
    wheel = tmp_path_factory.mktemp("wheels") / f"plotly-{plotly.__version__}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as out:  # stored, not compressed: 10 MB in no time
        for name in ("widgetbundle.js", "plotly.min.js"):
            out.write(PACKAGE_DATA / name, f"plotly/package_data/{name}")
    return wheel


def _first_cell_env(build, setup: str, folder: Path) -> dict:
    build.notebook(setup, folder)
    cell = "".join(json.loads((folder / "index.ipynb").read_text())["cells"][0]["source"])
    line = next(ln for ln in cell.splitlines() if ln.startswith("os.environ.update("))
    return ast.literal_eval(line[len("os.environ.update("):-1])


def test_the_first_cell_points_the_figures_at_the_module_the_site_holds(plotly_wheel, tmp_path, monkeypatch):
    build = static_script("build")
    site = tmp_path / "site"
    module = build.plotly_module(plotly_wheel, site)
    assert re.fullmatch(r"static/plotly/plotly-widget-([0-9a-f]{12})\.js\?v=\1", module), module
    env = _first_cell_env(build, build.setup_source(None, module), tmp_path / "content")
    assert env[PLOTLY_MODULE_ENV] == module and env["SHOGUN_TUTOR_STATIC"] == "1"
    # Voici writes baseUrl "../../" into voici/render/index.html (relative to the page; "/" before it patches it), and
    # the build checks the page it made; both reach the file from the site's root
    folder = site / "static" / "plotly"
    for base_url in ("../../", "/"):
        assert build.served_file(site, base_url, module) == folder / module.split("/")[-1].split("?")[0]
    text = build.served_file(site, "../../", module).read_text()
    partial = plotly_assets.PARTIAL_BUNDLE
    # the module carries no plotly.js: it imports the partial bundle beside it, which the site holds byte for byte
    assert text.startswith(f'import "./{partial.name}?v={plotly_assets.PLOTLY_JS_VERSION}";')
    assert len(text) < 300_000 and "moduleName" not in text
    assert (folder / partial.name).read_bytes() == partial.read_bytes()
    assert (folder / "LICENSE-plotly.js.txt").is_file()
    assert sorted(p.name for p in folder.iterdir()) == sorted([partial.name, "LICENSE-plotly.js.txt",
                                                                module.split("/")[-1].split("?")[0]])
    # the figures made in the first cell's environment import the module by URL instead of carrying plotly's bundle
    monkeypatch.setenv(PLOTLY_MODULE_ENV, env[PLOTLY_MODULE_ENV])
    figure = figure_widget()
    assert json.dumps(module) in figure._esm and len(figure._esm) < 20_000 and "import(url)" in figure._esm


def test_the_build_stops_when_the_partial_bundle_is_not_the_shipped_plotly_js(tmp_path):
    wheel = tmp_path / "plotly-9.9.9-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as out:
        out.writestr("plotly/package_data/plotly.min.js", "/**\n* plotly.js v9.9.9\n*/")
        out.writestr("plotly/package_data/widgetbundle.js", "export{};")
    with pytest.raises(SystemExit, match="plotly.js 9.9.9"):
        static_script("build").plotly_module(wheel, tmp_path / "site")
    assert not (tmp_path / "site").exists()
