"""The static build's slimmed wheels (deploy/static/slim.py): what is left out is what the app never reads.

The wheel slimmed here is made from the babel installed in the test environment (its files and RECORD, as a wheel
holds them), so the test needs no download; the static build slims PyPI's wheel of the same shape.
"""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from importlib import metadata
from pathlib import Path

import pytest

from tests.deploy_scripts import static_script

ROOT = Path(__file__).resolve().parents[2]


slim = static_script("slim")


@pytest.fixture(scope="module")
def babel_wheel(tmp_path_factory) -> Path:
    """The installed babel as a wheel: its package's files and its dist-info (RECORD included)."""
    dist = metadata.distribution("babel")
    wheel = tmp_path_factory.mktemp("wheels") / f"babel-{dist.version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as out:
        for file in dist.files:
            name = str(file)
            if name.startswith(("babel/", f"babel-{dist.version}.dist-info/")) and "__pycache__" not in name:
                out.write(file.locate(), name)
    return wheel


def test_a_slimmed_wheel_keeps_its_files_byte_for_byte_and_a_record_of_exactly_them(babel_wheel, tmp_path):
    target, dropped, size = slim.slim(babel_wheel, tmp_path, slim.KEEP["babel"])
    assert target.name == babel_wheel.name and dropped > 500 and size > 20_000_000
    with zipfile.ZipFile(babel_wheel) as whole, zipfile.ZipFile(target) as slimmed:
        names = set(slimmed.namelist())
        data = {n for n in names if n.startswith("babel/locale-data/") and n.endswith(".dat")}
        assert data == {f"babel/locale-data/{code}.dat" for code in slim.LOCALES}
        assert {n for n in whole.namelist() if not n.startswith("babel/locale-data/")} <= names
        record_name = next(n for n in names if n.endswith(".dist-info/RECORD"))
        for name in names - {record_name}:
            assert slimmed.read(name) == whole.read(name), name
        listed = {line.rsplit(",", 2)[0] for line in slimmed.read(record_name).decode().splitlines() if line}
    assert listed - names <= {record_name} and names <= listed | {record_name}


PROBE = """
import json, sys
from shogun_tutor import i18n
from tests.deploy_scripts import static_script
out = {}
for code in i18n.LANGUAGES:
    i18n.set_language(code)
    out[code] = [i18n.format_number(20000), i18n.format_number(1.5), i18n.format_list(["A", "B", "C"]),
                 i18n.list_separator(), i18n.ngettext("{n} army", "{n} armies", 2)]
import babel
out["babel"] = babel.__file__
print(json.dumps(out))
"""


def _probe(path: Path | None) -> dict:
    env = {"PYTHONPATH": f"{path}:{ROOT}" if path else str(ROOT), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def test_the_apps_babel_calls_give_the_same_in_every_language_with_the_slimmed_babel(babel_wheel, tmp_path):
    target, _, _ = slim.slim(babel_wheel, tmp_path, slim.KEEP["babel"])
    unpacked = tmp_path / "site"
    with zipfile.ZipFile(target) as whl:
        whl.extractall(unpacked)
    slimmed, whole = _probe(unpacked), _probe(None)
    assert slimmed.pop("babel").startswith(str(unpacked)) and not whole.pop("babel").startswith(str(unpacked))
    assert slimmed == whole
    assert slimmed["de"][0] == "20.000" and slimmed["zh"][3] == "、"


@pytest.mark.parametrize("name, kept", [
    ("plotly/package_data/widgetbundle.js", False), ("plotly/package_data/templates/plotly.json", True),
    ("plotly/graph_objs/_figurewidget.py", True), ("plotly/package_data/plotly.min.js", False),
    ("plotly/package_data/datasets/iris.csv.gz", False), ("plotly/labextension/package.json", False),
    ("plotly-7.1.0.data/data/share/jupyter/labextensions/jupyterlab-plotly/package.json", False),
])
def test_plotly_keeps_its_templates_not_its_widget_bundle(name, kept):
    assert slim.KEEP["plotly"](name) is kept


def test_plotly_s_widget_bundle_has_a_stand_in_because_anywidget_opens_it_as_the_figure_class_is_made(tmp_path):
    """The static site's figures import its own plotly module (build.py's plotly_module), never plotly's
    ``widgetbundle.js``; but plotly's ``BaseFigureWidget`` names that file as its ``_esm``, and anywidget opens such a
    path when the class is made: without the file, no class (and ``plotly.graph_objects.FigureWidget`` quietly becomes
    plotly's stand-in without widgets). So slim.py puts a stand-in of a few lines in its place, and a class made with it
    exists."""
    import anywidget
    import plotly.basewidget

    assert '_esm = pathlib.Path(__file__).parent / "package_data" / "widgetbundle.js"' in \
        Path(plotly.basewidget.__file__).read_text()
    with pytest.raises(FileNotFoundError):
        type("Probe", (anywidget.AnyWidget,), {"_esm": tmp_path / "widgetbundle.js"})
    stand_in = tmp_path / "widgetbundle.js"
    stand_in.write_bytes(slim.ADDED["plotly"][slim.PLOTLY_BUNDLE])
    assert type("Probe", (anywidget.AnyWidget,), {"_esm": stand_in})
    assert len(stand_in.read_bytes()) < 1000 and b"throw new Error" in stand_in.read_bytes()


def test_jedi_keeps_its_code_not_its_stubs():
    assert slim.KEEP["jedi"]("jedi/api/__init__.py") and not slim.KEEP["jedi"]("jedi/third_party/typeshed/stdlib/os.pyi")
