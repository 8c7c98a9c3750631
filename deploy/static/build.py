"""Build the tutor as static files whose Python runs in the visitor's browser (``make static``).

Voici (a static Voila built on JupyterLite) turns notebooks/app.ipynb into ``build/static/``; the
kernel is ``jupyterlite-pyodide-kernel``. Everything the page loads comes from that folder:

* the Pyodide runtime from the npm registry's ``pyodide`` package (the version the kernel was
  made for), with a ``pyodide-lock.json`` of exactly the wheels the page runs (lock.py; the npm
  package holds none of Pyodide's packages, its lock would send Pyodide to them), which the kernel
  loads as Pyodide starts: nothing is resolved or installed one by one in the browser;
* every Python package a pure-Python wheel from PyPI (``pip download`` for the ``pyodide``
  platform: only ``py3-none-any`` wheels match), slimmed (slim.py), with PyPI switched off;
* the project's own wheel (``make wheel``), installed without its numpy/shapely/jsonschema
  dependencies: the app takes its pure-Python paths where those are missing;
* bytecode for what a visit imports, compiled by the site's own Pyodide under Node (precompile.py);
* plotly.js as the app's server serves it (shogun_tutor.plotly_assets): plotly.js' basic partial bundle and
  plotly's widget module importing it, in ``static/plotly/``, which every figure imports (plotly_module).

Downloads are kept in ``--cache`` (default ``.cache/static``) between runs; a fresh machine
fetches them from the registries (PyPI, npm) and nowhere else. Usage::

    python deploy/static/build.py [--out build/static] [--together-url https://tutor.example.org/]
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import re
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.parse
import venv
import zipfile
import zlib
from pathlib import Path

from lock import rehash, resolve, write_lock  # beside this script: the Pyodide lock of the shipped wheels
from precompile import precompile  # beside this script: bytecode for what a visit imports
from slim import slim_all  # beside this script: PyPI's wheels without what the browser never reads

ROOT = Path(__file__).resolve().parents[2]
#: the build's tools (a venv of their own: Voici pins its JupyterLite); voici-core, not the voici meta-package,
#: which adds the xeus kernel
TOOLS = ["voici-core==0.10.0", "jupyterlite-core==0.7.6", "jupyterlite-pyodide-kernel==0.7.0",
         "anywidget>=0.9,<1"]
#: the Pyodide the kernel 0.7.0 is made for (jupyterlite_pyodide_kernel.constants.PYODIDE_VERSION)
PYODIDE_NPM = "pyodide@0.29.0"
PYODIDE_PLATFORM = "pyodide_2025_0_wasm32"
PYTHON_VERSION = "3.13"
#: what the app imports in the browser (its other dependencies are the server's: voila, websockets, psycopg, brotli,
#: tqdm; numpy, shapely and jsonschema have no WebAssembly wheel on PyPI), and what the kernel itself installs
BROWSER_PACKAGES = ["ipywidgets>=8.1,<9", "networkx>=3.2,<4", "plotly>=7.1,<7.2", "anywidget>=0.9,<1",
                    "babel>=2.14,<3", "snowballstemmer>=3.0.1,<4", "segno>=1.6,<2", "ipython", "jedi", "comm",
                    # the saves' validation (rules/schemas.py): 4.17.3 is the last jsonschema without referencing's
                    # compiled rpds-py (pyrsistent and attrs are pure Python); the app's schemas have no $ref left
                    "jsonschema==4.17.3"]
#: Pyodide's own packages, from PyPI
LOCKED = {"micropip": "micropip==0.11.0", "packaging": "packaging==24.2"}
#: wheels the kernel brings itself (its shims of ipykernel and widgetsnbextension), not PyPI's
KERNEL_SHIMS = {"ipykernel", "widgetsnbextension"}
#: where the site serves plotly.js' partial bundle and plotly's widget module, from its root (the page's baseUrl)
PLOTLY_PATH = "static/plotly"
#: the page Voici makes of the notebook (content/index.ipynb)
PAGE = "voici/render/index.html"
#: what the kernel installs with piplite as it starts unless it is in ``loadPyodideOptions.packages``, spelled as
#: the kernel (0.7.0, worker.ts) compares them; Pyodide reads each as its canonical name
KERNEL_LOADS = ["micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython"]


def run(*cmd, **kw):
    print("+", " ".join(map(str, cmd)), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, **kw)


def tools(cache: Path) -> Path:
    env = cache / "tools"
    # the venv's scripts name its own path (their #! line): a cache moved or copied elsewhere is made again
    marker = env / (hashlib.sha256(" ".join(TOOLS + [str(env)]).encode()).hexdigest()[:12] + ".installed")
    if not marker.exists():
        venv.create(env, with_pip=True, clear=True)
        run(env / "bin" / "python", "-m", "pip", "install", "--quiet", *TOOLS)
        marker.touch()
    return env / "bin"


def pyodide(cache: Path) -> Path:
    folder = cache / "npm"
    dist = folder / "node_modules" / "pyodide"
    version = PYODIDE_NPM.split("@")[1]
    if not (dist / "pyodide.asm.wasm").exists() or json.loads((dist / "package.json").read_text())["version"] != version:
        folder.mkdir(parents=True, exist_ok=True)
        run("npm", "install", "--silent", "--no-audit", "--no-fund", "--prefix", folder, PYODIDE_NPM)
    return dist


def wheels(cache: Path, pip: Path) -> list[Path]:
    folder = cache / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    specs = BROWSER_PACKAGES + list(LOCKED.values())
    stamp = folder / (hashlib.sha256(" ".join(specs).encode()).hexdigest()[:12] + ".downloaded")
    if not stamp.exists():
        run(pip, "download", "--quiet", "--dest", folder, "--only-binary=:all:", "--platform", PYODIDE_PLATFORM,
            "--python-version", PYTHON_VERSION, "--implementation", "cp", "--abi", "cp313", *specs)
        stamp.touch()
    found = sorted(folder.glob("*.whl"))
    not_pure = [w.name for w in found if not w.name.endswith("-none-any.whl")]
    if not_pure:
        raise SystemExit(f"not pure-Python wheels: {not_pure}")
    return found


def project_wheel() -> Path:
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", ROOT / "dist", ROOT)
    from shogun_tutor import __version__

    return ROOT / "dist" / f"shogun_tutor-{__version__}-py3-none-any.whl"


def dist_name(wheel: Path) -> str:
    return wheel.name.split("-")[0].lower().replace("_", "-")


def kernel_wheels(bin_: Path) -> list[Path]:
    """The wheels the kernel brings itself (piplite, its kernel, its shims of ipykernel and widgetsnbextension), from
    the build's tools."""
    folder = bin_.parent / "share" / "jupyter" / "labextensions" / "@jupyterlite" / "pyodide-kernel-extension"
    found = sorted((folder / "static" / "pypi").glob("*.whl"))
    if not found:
        raise SystemExit(f"no wheels of the kernel in {folder}")
    return found


def lite_pyodide(npm_dist: Path, wheel_files: list[Path], dest: Path) -> list[str]:
    """The runtime from npm, with a lock of the wheels the page runs (lock.py: the kernel's, the app's and what they
    require in the browser), shipped beside it; return the names the kernel is to load as Pyodide starts."""
    dest.mkdir(parents=True)
    for f in npm_dist.iterdir():
        if f.is_file() and not f.name.endswith((".map", ".d.ts", ".html", ".md")) and f.name != "package.json":
            shutil.copy2(f, dest / f.name)
    roots = KERNEL_LOADS + BROWSER_PACKAGES + list(LOCKED.values()) + ["shogun-tutor"]
    chosen = resolve(roots, wheel_files, no_deps={"shogun-tutor"})
    write_lock(npm_dist / "pyodide-lock.json", chosen, dest)
    return sorted(set(KERNEL_LOADS) | set(chosen))


def sqlite3_placeholder(dest: Path) -> Path:
    """An empty wheel named sqlite3: the kernel installs ``sqlite3`` as it starts, a module that Pyodide
    unvendors into a package of its full distribution only (not on npm, not on PyPI). The wheel holds
    no module, so ``import sqlite3`` still fails and IPython keeps no history, as it does without it."""
    name = "sqlite3-0.0.0-py3-none-any.whl"
    meta = "sqlite3-0.0.0.dist-info"
    files = {f"{meta}/METADATA": "Metadata-Version: 2.1\nName: sqlite3\nVersion: 0.0.0\n",
             f"{meta}/WHEEL": "Wheel-Version: 1.0\nGenerator: shogun-tutor static build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"}
    files[f"{meta}/RECORD"] = "".join(f"{n},,\n" for n in files) + f"{meta}/RECORD,,\n"
    with zipfile.ZipFile(dest / name, "w") as whl:
        for n, text in files.items():
            whl.writestr(zipfile.ZipInfo(n, date_time=(2020, 1, 1, 0, 0, 0)), text)
    return dest / name


def without_cdn(out: Path) -> None:
    """Voici's page template links Font Awesome 5 from a CDN; its bundle already holds Font Awesome 5.15.4,
    so the links go. Then no page of the site names another host in a link or script."""
    for page in out.rglob("*.html"):
        text = page.read_text()
        cleaned = re.sub(r'\s*<link[^>]+href="https?://[^"]*"[^>]*>', "", text)
        if cleaned != text:
            page.write_text(cleaned)
        left = re.findall(r'<(?:link|script)[^>]+(?:href|src)="(https?://[^"]+)"', cleaned)
        if left:
            raise SystemExit(f"{page} still loads {left}")


def plotly_module(plotly_wheel: Path, site: Path) -> str:
    """plotly.js for the figures as the app's server serves it (shogun_tutor.plotly_assets): plotly's widget module,
    made from the shipped plotly wheel's ``widgetbundle.js``, its plotly.js replaced by an import of plotly.js' basic
    partial bundle, written beside that bundle and its licence into ``site``'s ``static/plotly/``. Returns the module's
    path from the site's root with its ``?v=`` (for SHOGUN_TUTOR_PLOTLY_MODULE: the figures import it against the
    page's baseUrl, :func:`served_file`). Stops if the partial bundle is not the shipped plotly's plotly.js version."""
    from shogun_tutor import plotly_assets

    with zipfile.ZipFile(plotly_wheel) as whl:
        shipped = plotly_assets.bundled_version(whl.read("plotly/package_data/plotly.min.js")[:400].decode())
        bundle = whl.read("plotly/package_data/widgetbundle.js")
    if shipped != plotly_assets.PLOTLY_JS_VERSION:
        raise SystemExit(f"{plotly_wheel.name} carries plotly.js {shipped}; the partial bundle "
                         f"{plotly_assets.PARTIAL_BUNDLE.name} is {plotly_assets.PLOTLY_JS_VERSION}")
    folder = site / PLOTLY_PATH
    folder.mkdir(parents=True, exist_ok=True)
    for file in plotly_assets.PLOTLY_FOLDER.iterdir():  # the partial bundle and plotly.js' licence
        if file.is_file():
            shutil.copy2(file, folder / file.name)
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "widgetbundle.js"
        source.write_bytes(bundle)
        name = plotly_assets.write_widget_module(source, folder)
    return f"{PLOTLY_PATH}/{plotly_assets.versioned(name)}"


def page_base_url(site: Path) -> str:
    """The baseUrl of the page's ``jupyter-config-data`` (Voici writes one relative to the page)."""
    found = re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>',
                      (site / PAGE).read_text(), re.S)
    if not found:
        raise SystemExit(f"no jupyter-config-data in {site / PAGE}")
    return json.loads(found.group(1))["baseUrl"]


def served_file(site: Path, base_url: str, module: str) -> Path:
    """The file of ``site`` that the page at :data:`PAGE` fetches for a figure's module: the URL that
    ``shogun_tutor.ui.widgets.plotly_widget.served_esm`` makes (``new URL(baseUrl + module, location.href)``)."""
    url = urllib.parse.urljoin(f"http://site.invalid/{PAGE}", base_url + module)
    return site / urllib.parse.unquote(urllib.parse.urlsplit(url).path).lstrip("/")


def setup_source(together_url: str | None, plotly_module: str | None = None) -> str:
    """The page's first cell: the static build's environment (with the path of plotly's widget module that the
    figures import, :func:`plotly_module`), and the board geometry and the names' places computed here with shapely
    and numpy (shogun_tutor.viz.shipped, .label_table) written where the app reads it. The data goes compressed
    (zlib, then base64 to be a string in the cell: 0.45 MB of JSON as ~0.14 MB of text; the page is the file every
    visit fetches first)."""
    from shogun_tutor.ui.widgets.plotly_widget import PLOTLY_MODULE_ENV
    from shogun_tutor.viz import label_table, shipped

    data = json.dumps(label_table.for_shipping(), separators=(",", ":"))
    packed = base64.b64encode(zlib.compress(data.encode(), 9)).decode("ascii")
    env = {"SHOGUN_TUTOR_STATIC": "1", "SHOGUN_TUTOR_CACHE": "off", shipped.SHIPPED_ENV: "/tmp/shogun-geometry.json"}
    if plotly_module:
        env[PLOTLY_MODULE_ENV] = plotly_module
    if together_url:
        env["SHOGUN_TUTOR_TOGETHER_URL"] = together_url
    return ("# The static build (deploy/static/build.py): the app's environment and board geometry, then the app.\n"
            "import base64, os, zlib\n"
            f"os.environ.update({env!r})\n"
            # a statement, not an expression: the cell's last expression would show on the page (the count written)
            f"with open({env[shipped.SHIPPED_ENV]!r}, 'wb') as shipped_geometry:\n"
            f"    shipped_geometry.write(zlib.decompress(base64.b64decode({packed!r})))\n")


def notebook(setup: str, dest: Path) -> None:
    """notebooks/app.ipynb with ``setup`` as its first cell (the wheels are installed by then: Pyodide loads them as
    it starts, lite_pyodide)."""
    nb = json.loads((ROOT / "notebooks" / "app.ipynb").read_text())
    cell = {"cell_type": "code", "execution_count": None, "id": "static-setup", "metadata": {}, "outputs": [],
            "source": setup.splitlines(keepends=True)}
    nb["cells"] = [cell] + nb["cells"]
    dest.mkdir(parents=True)
    (dest / "index.ipynb").write_text(json.dumps(nb, indent=1))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "static")
    parser.add_argument("--cache", type=Path, default=Path(os.environ.get("SHOGUN_TUTOR_STATIC_CACHE", ROOT / ".cache" / "static")))
    parser.add_argument("--together-url", default=os.environ.get("SHOGUN_TUTOR_TOGETHER_URL") or None,
                        help="a hosted Shogun Tutor server (Voila) that the page's 'Play together' links to")
    args = parser.parse_args(argv)
    if args.together_url:
        from shogun_tutor.ui.together_static import valid_url

        if valid_url(args.together_url) is None:
            raise SystemExit(f"--together-url (SHOGUN_TUTOR_TOGETHER_URL) must be an absolute http(s) address "
                             f"such as https://tutor.example.org/, not {args.together_url!r}")
    cache, out = args.cache.resolve(), args.out.resolve()
    bin_ = tools(cache)
    npm_dist = pyodide(cache)
    wheel_files = [w for w in wheels(cache, bin_ / "pip") if dist_name(w) not in KERNEL_SHIMS]
    app = project_wheel()

    lite = cache / "lite"  # the build's lite dir, made anew each time
    shutil.rmtree(lite, ignore_errors=True)
    staged = lite / "wheels"  # every wheel at hand; the lock takes those the page runs into static/pyodide
    slim_all(wheel_files + [app], staged, dist_name)
    sqlite3_placeholder(staged)
    pyodide_dir = lite / "static" / "pyodide"
    packages = lite_pyodide(npm_dist, sorted(staged.glob("*.whl")) + kernel_wheels(bin_), pyodide_dir)
    # the site's plotly.js: its module's path goes into the first cell, its files into the site once Voici has built it
    # (the build starts from an empty output folder)
    plotly_site = cache / "plotly-site"
    shutil.rmtree(plotly_site, ignore_errors=True)
    module = plotly_module(next(w for w in wheel_files if dist_name(w) == "plotly"), plotly_site)
    setup = setup_source(args.together_url, module)
    precompile(pyodide_dir, setup)
    rehash(pyodide_dir)  # the wheels now hold bytecode
    notebook(setup, lite / "content")
    settings = {"disablePyPIFallback": True, "loadPyodideOptions": {"packages": packages}}
    (lite / "jupyter-lite.json").write_text(json.dumps({
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {"appName": "Shogun Tutor",
                                "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": settings}},
    }, indent=1))
    shutil.rmtree(out, ignore_errors=True)
    run(bin_ / "voici", "build", "--lite-dir", lite, "--contents", lite / "content", "--output-dir", out,
        "--no-sourcemaps", cwd=lite)
    without_cdn(out)
    shutil.copytree(plotly_site, out, dirs_exist_ok=True)
    if not served_file(out, page_base_url(out), module).is_file():
        raise SystemExit(f"{PAGE} would import plotly's widget module from {module}, which the site does not hold")
    print(f"built {out}: serve it with  python -m http.server -d {os.path.relpath(out)} 8000", flush=True)


if __name__ == "__main__":
    main()
