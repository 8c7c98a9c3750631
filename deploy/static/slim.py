"""PyPI's wheels without the files the tutor never reads in the browser (the static build, ``build.py``).

Every file of a wheel is unpacked into Pyodide's in-memory file system on every visit, so a file the app
never opens costs the visitor its download and its unpacking each time. Three wheels carry most of them:

* **babel**: CLDR data for ~900 locales (10.5 MB zipped, 32 MB unpacked); the app formats numbers and lists
  in its eight languages only, so ``locale-data`` keeps ``root`` and those eight;
* **plotly**: the full plotly.js for offline HTML (``plotly.min.js``), example datasets and the JupyterLab
  extension (the site has its own, from the build's tools), and the 5 MB ``widgetbundle.js`` (1.5 MB zipped),
  which the browser never reads: the figures import the site's own module (build.py's ``plotly_module``, made
  from the downloaded wheel's bundle). The file must still exist: plotly's ``FigureWidget`` class names it as
  its ``_esm`` and anywidget opens that path as the class is made, raising FileNotFoundError without it (plotly
  then silently hands out its stand-in ``FigureWidget`` that is no widget). So a stand-in of a few lines takes
  its place (:data:`ADDED`), one that throws if a page ever ran it;
* **jedi** (IPython's completion): typeshed and django stubs, read only when completing code, which a
  Voici page never does.

A slimmed wheel keeps its name and version, its RECORD lists exactly the files left, and the files it keeps
are byte for byte PyPI's (the stand-ins of :data:`ADDED` aside). Nothing is slimmed that the app reads (``tests/packaging/test_static_slim.py`` runs
the app's Babel calls against the slimmed babel).
"""

from __future__ import annotations

import base64
import hashlib
import re
import shutil
import zipfile
from pathlib import Path
from typing import Callable

from shogun_tutor.i18n import LANGUAGES

#: the languages whose CLDR data the browser keeps: the app's, and the root they inherit from
LOCALES = ("root", *LANGUAGES)

_LOCALE_DATA = re.compile(r"babel/locale-data/(?P<name>[^/]+)\.dat$")


def _babel(name: str) -> bool:
    found = _LOCALE_DATA.match(name)
    return found is None or found.group("name") in LOCALES


PLOTLY_BUNDLE = "plotly/package_data/widgetbundle.js"


def _plotly(name: str) -> bool:
    return not (name in ("plotly/package_data/plotly.min.js", PLOTLY_BUNDLE)
                or name.startswith(("plotly/package_data/datasets/", "plotly/labextension/"))
                or re.match(r"plotly-[^/]+\.data/", name))


def _jedi(name: str) -> bool:
    return not name.startswith("jedi/third_party/")


#: distribution name -> which of its wheel's files to keep
KEEP: dict[str, Callable[[str], bool]] = {"babel": _babel, "plotly": _plotly, "jedi": _jedi}
#: distribution name -> files put in place of dropped ones that must exist (path -> contents)
ADDED: dict[str, dict[str, bytes]] = {"plotly": {PLOTLY_BUNDLE: (
    b"// Shogun Tutor's static build: the site serves plotly's widget module (static/plotly/), which every figure\n"
    b"// imports (SHOGUN_TUTOR_PLOTLY_MODULE). This stand-in only has to exist: anywidget opens plotly's _esm path\n"
    b"// as the FigureWidget class is made.\n"
    b"throw new Error(\"plotly's widgetbundle.js is not shipped in the static build\");\n")}}


def record_line(name: str, data: bytes) -> str:
    """A RECORD line for a file added to a wheel: its path, urlsafe-base64 sha256 without padding, its size."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def rewrite(wheel: Path, target: Path, keep: Callable[[str], bool], added: dict[str, bytes] | None = None) -> None:
    """Write ``wheel`` to ``target`` (which may be ``wheel`` itself) with only the files ``keep`` accepts (its metadata
    always kept) and the files ``added`` (path -> bytes), and a RECORD of exactly those: the kept files' lines as they
    were, the added files' before RECORD's own line."""
    added = added or {}
    tmp = target.with_name(target.name + ".tmp")
    with zipfile.ZipFile(wheel) as src:
        record_name = next(n for n in src.namelist() if n.endswith(".dist-info/RECORD") and n.count("/") == 1)
        kept = {info.filename for info in src.infolist() if ".dist-info/" in info.filename or keep(info.filename)}
        with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as out:
            for info in src.infolist():
                if info.filename in kept and info.filename != record_name:
                    out.writestr(info, src.read(info), compress_type=zipfile.ZIP_DEFLATED)
            for name, data in sorted(added.items()):
                out.writestr(zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0)), data,
                             compress_type=zipfile.ZIP_DEFLATED)
            record = [line for line in src.read(record_name).decode().splitlines()
                      if line and line.rsplit(",", 2)[0] in kept]
            own = next(i for i, line in enumerate(record) if line.rsplit(",", 2)[0] == record_name)
            record[own:own] = [record_line(n, d) for n, d in sorted(added.items())]
            out.writestr(src.getinfo(record_name), "\n".join(record) + "\n", compress_type=zipfile.ZIP_DEFLATED)
    shutil.move(tmp, target)


def slim(wheel: Path, dest: Path, keep: Callable[[str], bool], added: dict[str, bytes] | None = None) -> tuple[Path, int, int]:
    """Copy ``wheel`` into the folder ``dest`` with only the files ``keep`` accepts (its metadata always kept), the
    stand-ins ``added`` and a RECORD of those; return the new wheel's path and how many files and bytes (unpacked)
    were left out."""
    with zipfile.ZipFile(wheel) as src:
        dropped = [info for info in src.infolist() if ".dist-info/" not in info.filename and not keep(info.filename)]
    rewrite(wheel, dest / wheel.name, keep, added)
    return dest / wheel.name, len(dropped), sum(info.file_size for info in dropped)


def slim_all(wheels: list[Path], dest: Path, dist_name: Callable[[Path], str]) -> None:
    """The wheels as the site ships them, in ``dest``: slimmed where :data:`KEEP` names their distribution, else
    copied whole."""
    dest.mkdir(parents=True, exist_ok=True)
    for wheel in wheels:
        keep = KEEP.get(dist_name(wheel))
        if keep is None:
            shutil.copy2(wheel, dest / wheel.name)
            continue
        target, files, size = slim(wheel, dest, keep, ADDED.get(dist_name(wheel)))
        print(f"  {wheel.name}: {files} files ({size / 1e6:.1f} MB unpacked) left out, "
              f"{wheel.stat().st_size / 1e6:.1f} -> {target.stat().st_size / 1e6:.1f} MB", flush=True)
