"""The site's ``pyodide-lock.json``: every wheel the page runs, loaded by Pyodide as it starts (the static build, ``build.py``).

Without it the kernel asks piplite (micropip) for its own packages and the app's first cell for the app's, one
after another on every visit: fetch an index, read each wheel's requirements, resolve, install. With every wheel
in the lock and named in the kernel's ``loadPyodideOptions.packages``, Pyodide fetches them all at once as it
starts and installs them without resolving anything: the resolution is done here, once, at build time, and
written as each entry's ``depends``. The kernel (``jupyterlite-pyodide-kernel``) skips its own piplite installs of
the packages it finds in that list.

Requirements are read from each wheel's METADATA and their markers evaluated for Pyodide's Python (emscripten,
wasm32), as micropip would in the browser; a requirement no shipped wheel satisfies stops the build.
"""

from __future__ import annotations

import email.parser
import hashlib
import json
import zipfile
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

#: the browser's Python as markers see it (Pyodide 0.29: CPython 3.13.2 on emscripten)
ENVIRONMENT = {"sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
               "platform_machine": "wasm32", "implementation_name": "cpython",
               "platform_python_implementation": "CPython", "python_version": "3.13",
               "python_full_version": "3.13.2", "implementation_version": "3.13.2", "platform_release": "",
               "platform_version": "", "extra": ""}


def requirements(wheel: Path) -> list[Requirement]:
    """The wheel's ``Requires-Dist`` lines."""
    with zipfile.ZipFile(wheel) as whl:
        name = next(n for n in whl.namelist() if n.endswith(".dist-info/METADATA") and n.count("/") == 1)
        meta = email.parser.Parser().parsestr(whl.read(name).decode())
    return [Requirement(line) for line in meta.get_all("Requires-Dist") or []]


def _applies(req: Requirement, extras: set[str]) -> bool:
    if req.marker is None:
        return True
    return any(req.marker.evaluate({**ENVIRONMENT, "extra": extra}) for extra in extras | {""})


def resolve(roots: list[str], wheels: list[Path], no_deps: set[str] = frozenset()) -> dict[str, tuple[Path, list[str]]]:
    """The closure of ``roots`` over ``wheels``: canonical name -> (its wheel, its dependencies' canonical names).
    Where several wheels of one name are shipped, the newest that every requirement met so far allows is taken.
    ``no_deps`` names distributions whose requirements are not followed (the app's own wheel: its numpy, shapely and
    jsonschema are the server's; in the browser it takes its pure-Python paths)."""
    by_name: dict[str, list[tuple[object, Path]]] = {}
    for wheel in wheels:
        name, version, _build, _tags = parse_wheel_filename(wheel.name)
        by_name.setdefault(name, []).append((version, wheel))
    chosen: dict[str, tuple[Path, list[str]]] = {}
    todo = [Requirement(r) for r in roots]
    while todo:
        req = todo.pop()
        name = canonicalize_name(req.name)
        candidates = sorted(((v, w) for v, w in by_name.get(name, []) if req.specifier.contains(v, prereleases=True)),
                            key=lambda vw: vw[0], reverse=True)
        if name in chosen:
            if not any(w == chosen[name][0] for _v, w in candidates):
                raise SystemExit(f"the shipped {chosen[name][0].name} does not meet {req} (wanted by another package)")
            continue
        if not candidates:
            raise SystemExit(f"no shipped wheel meets {req}: add it to the build's downloads")
        wheel = candidates[0][1]
        deps = [] if name in no_deps else [r for r in requirements(wheel) if _applies(r, set(req.extras))]
        chosen[name] = (wheel, sorted({canonicalize_name(r.name) for r in deps}))
        todo.extend(deps)
    return chosen


def write_lock(npm_lock: Path, chosen: dict[str, tuple[Path, list[str]]], dest: Path) -> None:
    """``dest/pyodide-lock.json``: npm's lock (its ``info``: Pyodide's version and ABI) with only the chosen wheels,
    which are copied beside it (Pyodide fetches a lock's files from its own folder)."""
    lock = json.loads(npm_lock.read_text())
    packages = {}
    for name, (wheel, depends) in sorted(chosen.items()):
        if wheel.parent != dest:
            (dest / wheel.name).write_bytes(wheel.read_bytes())
        _dist, version, _build, _tags = parse_wheel_filename(wheel.name)
        packages[name] = {"name": wheel.name.split("-")[0], "version": str(version), "file_name": wheel.name,
                          "install_dir": "site", "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
                          "package_type": "package", "imports": [], "depends": depends,
                          "unvendored_tests": False, "shared_library": False}
    lock["packages"] = packages
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))


def rehash(dest: Path) -> None:
    """Write into ``dest/pyodide-lock.json`` the sha256 of each of its wheels as it is now (Pyodide checks them)."""
    path = dest / "pyodide-lock.json"
    lock = json.loads(path.read_text())
    for entry in lock["packages"].values():
        entry["sha256"] = hashlib.sha256((dest / entry["file_name"]).read_bytes()).hexdigest()
    path.write_text(json.dumps(lock, indent=1))
