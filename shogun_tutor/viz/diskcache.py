"""Results derived from the board's data, computed once per installation and kept on disk.

Every visitor's kernel would otherwise derive the same things again: the province shapes (the
welcome's map, ~0.15 s of shapely) and where each province's token row goes (~0.25 s when the
guided game's board is first drawn). ``@disk_cached`` keeps a function's results in a JSON file
that every later process reads instead.

* The file's name carries a fingerprint of everything the results are computed from: the board's
  data file, the source of the module that computes them, and the versions of shapely and numpy.
  A change to any of them reads and writes another file; an old one is never used.
* Writes go to a temporary file renamed into place, so kernels starting together never read half
  a file (two that add results at once may lose one's addition: it is computed again later). A
  caller that asks for many results at once wraps them in ``fn.batch()``: the file is written
  once at the end, not once per new result (45 token rows with a full file: 816 ms → one write).
* The folder is ``$SHOGUN_TUTOR_CACHE``, else ``$XDG_CACHE_HOME/shogun-tutor``, else
  ``~/.cache/shogun-tutor``. ``SHOGUN_TUTOR_CACHE=off`` turns the cache off; a folder that cannot
  be written, or a file that cannot be read or decoded, leaves the results computed in memory as
  before — the cache only ever saves time, it never decides a result.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable, Iterator

CACHE_ENV = "SHOGUN_TUTOR_CACHE"
#: entries kept per function: the token places are keyed by the board's size on screen, and a
#: server meets many sizes; past this, the oldest entries go (45 provinces per size: ~90 sizes)
MAX_ENTRIES = 4000


def user_cache_dir() -> Path:
    """The app's folder among the user's caches (also where ``shogun-tutor app`` keeps plotly's module)."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "shogun-tutor"


def template_share(cache: Path, kind: str, template: str, name: str, text: str) -> Path:
    """Write ``text`` as ``<share>/voila/templates/<template>/<name>`` in ``cache/<kind>-<hash>/jupyter`` (named after
    the text's hash: servers with other languages or versions never share a file; written whole or not at all);
    returns ``<share>``, the Jupyter data folder to put on ``JUPYTER_PATH`` (``shogun-tutor app``'s page pieces)."""
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    share = cache / f"{kind}-{digest}" / "jupyter"
    path = share / "voila" / "templates" / template / name
    if not path.is_file():
        write_atomically(path, text.encode("utf-8"))
    return share


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` as ``path`` (its folders made): a temporary file beside it, then renamed, so that processes and
    threads sharing the cache read the whole file or none. Raises OSError (the temporary file removed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def cache_dir() -> Path | None:
    """The geometry cache's folder, or None when the cache is off."""
    chosen = os.environ.get(CACHE_ENV, "")
    if chosen.lower() == "off":
        return None
    return Path(chosen) if chosen else user_cache_dir()


def fingerprint(*parts: bytes | str) -> str:
    """A short digest of what a result is computed from."""
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()[:16]


def _sources(module: str) -> list[bytes | str]:
    import numpy
    import shapely

    from ..data import data_dir

    return [Path(sys.modules[module].__file__).read_bytes(), (data_dir() / "board.json").read_bytes(),
            shapely.__version__, numpy.__version__]


class _Store:
    """One function's results: ``{json key: encoded result}`` in memory and in one file."""

    def __init__(self, name: str, module: str):
        self.name, self.module = name, module
        self._entries: dict[str, Any] | None = None
        self._path: Path | None = None
        self._batches = 0  # open batch() blocks: writes wait for the outermost to end
        self._unsaved = False

    def path(self) -> Path | None:
        folder = cache_dir()
        if folder is None:
            return None
        if self._path is None or self._path.parent != folder:
            self._path = folder / f"{self.name}-{fingerprint(*_sources(self.module))}.json"
            self._entries = None
        return self._path

    def entries(self) -> dict[str, Any]:
        path = self.path()
        if self._entries is None:
            self._entries = {}
            if path is not None:
                try:
                    loaded = json.loads(path.read_text())
                    if isinstance(loaded, dict):
                        self._entries = loaded
                except (OSError, ValueError):
                    pass
        return self._entries

    def add(self, key: str, encoded: Any) -> None:
        self.entries()[key] = encoded
        self._unsaved = True
        if not self._batches:
            self._save()

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        """Results added inside are written once, when the outermost batch ends."""
        self._batches += 1
        try:
            yield
        finally:
            self._batches -= 1
            if not self._batches and self._unsaved:
                self._save()

    def _save(self) -> None:
        self._unsaved = False
        entries = self.entries()
        path = self.path()
        if path is None:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            try:  # what other processes added meanwhile
                on_disk = json.loads(path.read_text())
                if isinstance(on_disk, dict):
                    entries.update({k: v for k, v in on_disk.items() if k not in entries})
            except (OSError, ValueError):
                pass
            for old in list(entries)[:max(0, len(entries) - MAX_ENTRIES)]:
                del entries[old]
            write_atomically(path, json.dumps(entries, separators=(",", ":")).encode())
        except OSError:
            pass  # a folder that cannot be written: the result stays in memory


def disk_cached(name: str, encode: Callable[[Any], Any] = lambda r: r,
                decode: Callable[[Any], Any] = lambda e: e) -> Callable[[Callable], Callable]:
    """Keep ``fn``'s results on disk, keyed by its arguments (which must be JSON-serialisable).

    ``encode`` turns a result into JSON data and ``decode`` back; ``decode(encode(r))`` must equal
    ``r`` exactly (floats survive JSON as they are). A stored entry that ``decode`` refuses is
    computed again."""

    def wrap(fn: Callable) -> Callable:
        store = _Store(name, fn.__module__)

        @functools.wraps(fn)
        def cached(*args):
            key = json.dumps(args)
            entries = store.entries()
            if key in entries:
                try:
                    return decode(entries[key])
                except Exception:  # noqa: BLE001 - whatever a damaged entry raises, it is computed again
                    pass
            result = fn(*args)
            store.add(key, encode(result))
            return result

        cached.store = store
        cached.batch = store.batch
        return cached

    return wrap
