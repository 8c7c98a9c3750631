"""The wheel works on its own: built from the sources, installed into a fresh venv, run from
another directory — ``shogun-tutor simulate`` and a Voilà render of the app (``shogun-tutor app``).

To stay offline (and fast), the fresh venv gets its *dependencies* from the test's own
environment through a ``.pth`` path entry (paths added that way do not run the test
environment's own ``.pth`` files, so its editable install of the project stays out); the
project itself comes from the wheel alone, which the test checks.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

from ..servers import stop

ROOT = Path(__file__).resolve().parents[2]
SKIP = {".git", ".venv", "test-output", "build", "dist", "__pycache__", ".pytest_cache", ".hypothesis"}
pytestmark = pytest.mark.slow


def _clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "SHOGUN_TUTOR_DATA", "VIRTUAL_ENV", "JUPYTER_PATH", "PYTHONHOME")}
    return {**env, **extra}


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    shutil.copytree(ROOT, src, ignore=lambda _d, names: [n for n in names if n in SKIP or n.endswith(".egg-info")])
    dist = tmp / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                    "-w", str(dist), str(src)], check=True, env=_clean_env(), cwd=tmp)
    wheel = next(dist.glob("shogun_tutor-*.whl"))
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)  # its own pip (bundled, offline)
    py = venv / "bin" / "python"
    site = Path(subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               check=True, capture_output=True, text=True).stdout.strip())
    (site / "_test_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run([str(py), "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", str(wheel)],
                   check=True, env=_clean_env())
    return {"wheel": wheel, "venv": venv, "py": py, "work": tmp / "elsewhere"}


def test_the_wheel_carries_data_notebook_template_and_catalogs(installed):
    names = set(zipfile.ZipFile(installed["wheel"]).namelist())
    for f in (ROOT / "data").rglob("*.json"):
        assert f"shogun_tutor/_data/{f.relative_to(ROOT / 'data').as_posix()}" in names
    assert "shogun_tutor/_notebooks/app.ipynb" in names
    assert "shogun_tutor/share/jupyter/voila/templates/shogun/index.html.j2" in names
    assert "shogun_tutor/share/jupyter/voila/templates/shogun/page_files.json" in names  # the page's preloaded scripts
    assert "shogun_tutor/locale/nl/LC_MESSAGES/messages.po" in names
    assert all(f"shogun_tutor/locale/lookup/{lang}.json" in names for lang in ("en", "nl", "de", "fr", "da", "pl", "zh", "ja"))
    assert "shogun_tutor/ui/widgets/plotly_widget.js" in names  # the figures' widget module (shim)
    assert not any(n.startswith(("tests/", "data/", "notebooks/")) for n in names)


def test_simulate_from_the_installed_wheel(installed):
    work = installed["work"]
    work.mkdir(exist_ok=True)
    venv = installed["venv"]
    where = subprocess.run([str(installed["py"]), "-c",
                            "import shogun_tutor, shogun_tutor.data as d; print(shogun_tutor.__file__); print(d.data_dir())"],
                           check=True, capture_output=True, text=True, cwd=work, env=_clean_env()).stdout.split()
    assert all(Path(p).is_relative_to(venv) for p in where), where  # the package and its data come from the wheel
    run = subprocess.run([str(venv / "bin" / "shogun-tutor"), "simulate", "--players", "3", "--seed", "4",
                          "--out", "game.json"], capture_output=True, text=True, cwd=work, env=_clean_env())
    assert run.returncode == 0, run.stderr
    record = json.loads((work / "game.json").read_text())
    assert record["result"]["points"] and len(record["result"]["points"]) == 3


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_voila_renders_the_app_from_the_installed_wheel(installed):
    work = installed["work"]
    work.mkdir(exist_ok=True)
    port = _free_port()
    # the dependencies' Jupyter files (Voila's templates, the widget extensions) live with them
    env = _clean_env(JUPYTER_PATH=str(Path(sys.prefix) / "share" / "jupyter"))
    log = (work / "voila.log").open("w")
    proc = subprocess.Popen([str(installed["venv"] / "bin" / "shogun-tutor"), "app", "--port", str(port), "--lang", "nl"],
                            cwd=work, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 240
        html = None
        while html is None:
            assert proc.poll() is None, (work / "voila.log").read_text()[-3000:]
            try:
                html = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=120).read().decode()
            except OSError:
                assert time.monotonic() < deadline, (work / "voila.log").read_text()[-3000:]
                time.sleep(1)
        assert "application/vnd.jupyter.widget-view+json" in html  # the notebook ran and shows the app
        assert "Traceback" not in html and "application/vnd.jupyter.stderr" not in html  # no error output
        assert "cdn.jsdelivr.net" not in html and "cdnjs.cloudflare.com" not in html  # the offline template
    finally:
        stop(proc, timeout=20)
        log.close()
