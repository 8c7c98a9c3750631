"""Brotli for the page's static files: each script and style sheet compressed once, kept on disk, served as it is.

Tornado compresses responses with gzip (level 6) as it sends them. Browsers that accept ``br`` (Chromium, Firefox
and Safari do) get smaller files from brotli at its best quality: on the app's first screen, 1,424 kB of gzip are
1,230 kB of brotli (-14 %; a phone at 1.6 Mbit/s waits a second less). Quality 11 is too slow to compress on
every request (0.5 s for a 360 kB script), so each file is compressed once, in a background thread, and kept in
the server's cache folder under its content's hash (:class:`BrotliStore`); until then it is sent with gzip as
before. At start the server compresses the files its pages load (:meth:`BrotliStore.warm`).

:func:`brotli_handler` makes a Tornado static-file handler (Voilà's ``voila/static``, ``voila/templates`` and
``voila/labextensions`` handlers) send a file's brotli copy to a browser that accepts it, with
``Content-Encoding: br`` (Tornado's gzip then leaves the response alone), the original file's content type, and an
ETag of its own (the brotli copy's hash, so caches never mix the two encodings; ``Vary: Accept-Encoding`` is
Tornado's).

The compression is Google's ``brotli`` package (the reference implementation's bindings).
"""

from __future__ import annotations

import hashlib
import logging
import mimetypes
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

log = logging.getLogger(__name__)

#: the files worth a brotli copy: text the page loads (smaller ones Tornado sends as they are)
SUFFIXES = (".js", ".css", ".json", ".svg", ".html")
MIN_SIZE = 1024
QUALITY = 11


def accepts_brotli(header: str | None) -> bool:
    """Whether an ``Accept-Encoding`` header accepts ``br`` (``br;q=0`` refuses it)."""
    for part in (header or "").split(","):
        name, _, params = part.strip().partition(";")
        if name.strip().lower() == "br":
            q = params.strip().lower()
            return not (q.startswith("q=") and _zero(q[2:]))
    return False


def _zero(text: str) -> bool:
    try:
        return float(text) == 0
    except ValueError:
        return False


class BrotliStore:
    """Brotli copies of static files, made once in a background thread and kept in ``folder`` by content hash."""

    def __init__(self, folder: Path, quality: int = QUALITY, min_size: int = MIN_SIZE):
        self.folder = Path(folder)
        self.quality = quality
        self.min_size = min_size
        self._ready: dict[tuple[str, int, int], Path | None] = {}  # (path, mtime, size) -> its copy (None: no gain)
        self._pending: set[tuple[str, int, int]] = set()
        self._lock = threading.Lock()
        self._executor = ThreadPoolExecutor(1, thread_name_prefix="brotli")
        self._warned = False

    def copy_of(self, path: str) -> Path | None:
        """The brotli copy of ``path`` if it is made, else None (and it is made in the background)."""
        if not path.endswith(SUFFIXES):
            return None
        try:
            st = os.stat(path)
        except OSError:
            return None
        key = (path, st.st_mtime_ns, st.st_size)
        with self._lock:
            if key in self._ready:
                return self._ready[key]
            if st.st_size < self.min_size or key in self._pending:
                return None
            self._pending.add(key)
        self._executor.submit(self._make, key)
        return None

    def _make(self, key: tuple[str, int, int]) -> None:
        import brotli

        from .viz.diskcache import write_atomically

        path = key[0]
        copy: Path | None = None
        try:
            data = Path(path).read_bytes()
            target = self.folder / f"{hashlib.sha256(data).hexdigest()[:40]}-q{self.quality}.br"
            if not target.is_file():
                packed = brotli.compress(data, quality=self.quality)
                if len(packed) < len(data):
                    write_atomically(target, packed)  # servers sharing the cache never read half a file
            copy = target if target.is_file() else None
        except Exception as exc:  # noqa: BLE001 - a file that cannot be compressed is sent with gzip, as before
            if not self._warned:  # once: a read-only cache folder would say it for every file
                self._warned = True
                log.warning("no brotli copy of %s (%s): such files are sent with gzip", path, exc)
        with self._lock:
            self._pending.discard(key)
            self._ready[key] = copy

    def warm(self, roots: list[str], skip: tuple[str, ...] = ()) -> int:
        """Start compressing every script and style sheet under ``roots`` (but folders named in ``skip``);
        returns how many files were queued."""
        queued = 0
        for root in roots:
            for folder, dirs, files in os.walk(root):
                dirs[:] = [d for d in dirs if d not in skip and d != "node_modules"]
                for name in files:
                    if name.endswith(SUFFIXES):
                        self.copy_of(os.path.join(folder, name))
                        queued += 1
        return queued

    def wait(self) -> None:
        """Wait until every queued file is compressed (tests)."""
        self._executor.submit(lambda: None).result()


def brotli_handler(base: type, store: BrotliStore) -> type:
    """``base`` (a Tornado ``StaticFileHandler``) sending a file's brotli copy to browsers that accept it."""

    class BrotliStaticFileHandler(base):
        _original: str | None = None

        def validate_absolute_path(self, root, absolute_path):
            path = super().validate_absolute_path(root, absolute_path)
            self._original = path
            if path is None or not accepts_brotli(self.request.headers.get("Accept-Encoding")):
                return path
            copy = store.copy_of(path)
            if copy is None:
                return path
            try:
                self._stat_result = os.stat(copy)  # Tornado's size and time of the file it sends (StaticFileHandler._stat)
            except OSError:  # removed from the cache meanwhile: the original, with gzip
                return path
            self.set_header("Content-Encoding", "br")
            return str(copy)

        def get_content_type(self):
            if self._original is None or self._original == self.absolute_path:
                return super().get_content_type()
            kind, _encoding = mimetypes.guess_type(self._original)  # as Tornado names the original file's type
            return kind or "application/octet-stream"

    BrotliStaticFileHandler.__name__ = f"Brotli{base.__name__}"
    return BrotliStaticFileHandler


__all__ = ["BrotliStore", "accepts_brotli", "brotli_handler"]
