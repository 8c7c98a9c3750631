"""Bytecode for what a visit imports, compiled once at build time by the browser's own Python (the static build).

PyPI's wheels hold source only, so the browser's Python compiles every module it imports, on every visit: IPython
alone takes seconds of a phone's CPU. Pyodide's own packages ship bytecode for that reason. Here the site's Pyodide
runs under Node (``precompile.mjs``), loads the wheels as the page does, sets up and builds the app as the page's
first cells do, and compiles every module then imported from the wheels, and every module of the app, to
unchecked-hash ``.pyc`` files (PEP 552: used without comparing them with the source, whose times the browser's unpacking
does not keep). They are added to their wheels beside the sources (tracebacks keep their lines) and listed in RECORD.
The bytecode is the site's Pyodide's (its Python, its magic number), so it is always the one the page runs.

Bytecode zips to about twice the size of its source, and a first visit downloads every wheel, so only what the first
screen imports from the wheels gets it (974 modules, +6 MB: IPython, networkx, ipywidgets...), with all of the app's
own modules; what only other tabs import from the wheels (plotly's figure classes, jsonschema) is compiled in the
browser when first opened, as before (docs/performance.md has the figures).
"""

from __future__ import annotations

import subprocess
import tempfile
import zipfile
from pathlib import Path

from slim import rewrite  # beside this script: a wheel rewritten with its RECORD

HERE = Path(__file__).resolve().parent

#: runs in the site's Pyodide after the page's first cell (its set-up): the app as the page builds it, then the
#: compilation
SCRIPT = """
import importlib.util, pathlib, py_compile, site, sys
import pyodide_kernel  # what the page's worker imports as the kernel starts
sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__  # the kernel's streams go to a page; this one is Node's
# the page's worker sends the kernel's comm messages to the page; here there is none
pyodide_kernel.kernel_instance.interpreter.send_comm = lambda *message, **parts: None
from shogun_tutor.ui.app import build_app
app = build_app()  # the page's first screen
site_packages = pathlib.Path(site.getsitepackages()[0])
files = {pathlib.Path(m.__file__) for m in list(sys.modules.values()) if getattr(m, "__file__", None)}
files = {f for f in files if f.suffix == ".py" and site_packages in f.parents}
files |= set((site_packages / "shogun_tutor").rglob("*.py"))  # and every module of the app's, for its other screens
for source in sorted(files):
    compiled = pathlib.Path(importlib.util.cache_from_source(str(source)))
    target = pathlib.Path("/out") / compiled.relative_to(site_packages)
    target.parent.mkdir(parents=True, exist_ok=True)
    py_compile.compile(str(source), cfile=str(target), dfile=str(source), doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
print(len(files), "modules compiled")
"""


def compile_visit(pyodide_dir: Path, setup: str, out: Path) -> None:
    """Run ``setup`` (the page's first cell) and :data:`SCRIPT` in the site's Pyodide (``pyodide_dir``: the runtime and
    its lock); the ``.pyc`` files land in ``out`` at their paths relative to site-packages."""
    script = setup + SCRIPT
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(script)
    try:
        subprocess.run(["node", str(HERE / "precompile.mjs"), str(pyodide_dir), f.name, str(out)], check=True)
    finally:
        Path(f.name).unlink()


def add_bytecode(wheel: Path, compiled: Path) -> int:
    """Add to ``wheel`` (rewritten in place) the ``.pyc`` files in ``compiled`` whose source it holds; return how many."""
    with zipfile.ZipFile(wheel) as src:
        names = set(src.namelist())
    added = {}
    for pyc in compiled.rglob("*.pyc"):
        rel = pyc.relative_to(compiled)
        source = (rel.parent.parent / (rel.name.split(".")[0] + ".py")).as_posix()
        if rel.parent.name == "__pycache__" and source in names:
            added[rel.as_posix()] = pyc.read_bytes()
    if added:
        rewrite(wheel, wheel, lambda _name: True, added)
    return len(added)


def precompile(pyodide_dir: Path, setup: str) -> None:
    """Compile what a visit imports (after ``setup``, the page's first cell) and add it to the shipped wheels in
    ``pyodide_dir``."""
    with tempfile.TemporaryDirectory() as out:
        compile_visit(pyodide_dir, setup, Path(out))
        total = 0
        for wheel in sorted(pyodide_dir.glob("*.whl")):
            total += add_bytecode(wheel, Path(out))
        print(f"  bytecode of {total} modules added to the wheels", flush=True)
