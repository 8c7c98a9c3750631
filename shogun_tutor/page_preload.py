"""The scripts a page loads before its first screen, named in the page itself so that the browser fetches them at once.

Voilà's page discovers its scripts in a chain: ``voila.js`` asks for its ~55 chunks, those load the JupyterLab
extensions' entry points, which ask for their own chunks, and the kernel's connection asks for ~16 more chunks. On a
phone each link of that chain waits for the previous one's download and for its script to run, so the network idles
between them (the phone profile: the last chunks were asked for 9 s after the page). The page's template names them
all as ``<link rel="preload" fetchpriority="low">`` after the page's content (``shogun_preload.html``, included by
``index.html.j2``): the browser fetches them while it runs the first ones, behind the style sheets and scripts the
welcome's first paint waits for (low priority), and each script finds its file already there when it asks for it.

The list is recorded from a real page (``tests/browser/record_page_files.py``, the scripts Chromium fetched before
the app's welcome showed) into ``page_files.json`` in the template's folder. Voilà's and the extensions' file names
change with their versions, so :func:`write_preload` names only the files the server has
(:func:`installed_file`): after an upgrade the page loads as before, only without the head start, until the list is
recorded again (a test compares the list with a page's requests).
"""

from __future__ import annotations

import json
import logging
import os
from functools import lru_cache
from pathlib import Path

log = logging.getLogger(__name__)

HERE = Path(__file__).resolve().parent
TEMPLATE_FOLDER = HERE / "share" / "jupyter" / "voila" / "templates" / "shogun"
#: the scripts a page fetched before its first screen, in the order asked (relative to the server's base URL)
PAGE_FILES = TEMPLATE_FOLDER / "page_files.json"
PRELOAD_FILE = "shogun_preload.html"  # included at the end of the page's body by index.html.j2
#: ``SHOGUN_TUTOR_PRELOAD=0``: pages without the preload lines (to record the list again, or to compare)
PRELOAD_ENV = "SHOGUN_TUTOR_PRELOAD"


def preload_wanted() -> bool:
    """Whether pages name their scripts ahead (unless ``SHOGUN_TUTOR_PRELOAD=0``)."""
    return os.environ.get(PRELOAD_ENV, "1").strip() != "0"


def page_files() -> list[str]:
    """The recorded scripts, as URL paths relative to the server's base URL (``voila/static/7155.voila.js``,
    ``voila/labextensions/anywidget/static/2.3dbf81c0.js``, a ``?v=`` query kept)."""
    data = json.loads(PAGE_FILES.read_text(encoding="utf-8"))
    files = data["files"]
    if not isinstance(files, list) or not all(isinstance(f, str) and _safe(f) for f in files):
        raise ValueError(f"{PAGE_FILES}: 'files' must be a list of relative URL paths")
    return files


def _safe(path: str) -> bool:
    plain = path.split("?", 1)[0]
    return plain.startswith(("voila/static/", "voila/labextensions/")) and ".." not in plain.split("/") \
        and not any(c in path for c in "\"'<>\\ ")


@lru_cache(maxsize=1)
def _roots() -> tuple[tuple[Path, ...], tuple[Path, ...]]:
    """Where Voilà finds ``voila/static/`` (its lab template's static folders) and ``voila/labextensions/``."""
    from voila.paths import collect_static_paths
    from voila.utils import get_voila_labextensions_path

    return (tuple(Path(p) for p in collect_static_paths(["voila", "nbconvert"], "lab")),
            tuple(Path(p) for p in get_voila_labextensions_path()))


def installed_file(url_path: str) -> Path | None:
    """The file the server sends for ``url_path`` (one of :func:`page_files`), or None if it has none."""
    plain = url_path.split("?", 1)[0]
    static, extensions = _roots()
    for prefix, roots in (("voila/static/", static), ("voila/labextensions/", extensions)):
        if plain.startswith(prefix):
            for root in roots:
                candidate = root / plain[len(prefix):]
                if candidate.is_file():
                    return candidate
    return None


def preload_html(files: list[str]) -> str:
    """The template's ``<link rel="preload">`` lines for ``files`` (Jinja: the page's base URL before each)."""
    return "".join(f'<link rel="preload" as="script" fetchpriority="low" href="{{{{ resources.base_url }}}}{f}">\n'
                   for f in files)


def write_preload(cache: Path, template: str) -> Path:
    """Write the preload lines of the recorded files this server has as ``<share>/voila/templates/<template>/``
    ``shogun_preload.html``, in a folder named after its content's hash; returns ``<share>`` (for ``JUPYTER_PATH``)."""
    files = page_files()
    present = [f for f in files if installed_file(f) is not None]
    if len(present) < len(files):
        log.warning("%d of the %d scripts in %s are not installed (Voilà or an extension has another version): "
                    "the page preloads the other %d; record the list again (tests/browser/record_page_files.py)",
                    len(files) - len(present), len(files), PAGE_FILES.name, len(present))
    from .viz.diskcache import template_share

    return template_share(cache, "preload", template, PRELOAD_FILE, preload_html(present))


__all__ = ["PAGE_FILES", "PRELOAD_ENV", "PRELOAD_FILE", "preload_wanted", "installed_file", "page_files", "preload_html", "write_preload"]
