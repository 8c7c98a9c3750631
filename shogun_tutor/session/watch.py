"""A SQLite store's file, watched with Linux's inotify: another process's commit wakes this one (:mod:`.notify`).

SQLite has no notifications between processes, but every commit writes the file's write-ahead log
(``…-wal``; with another journal mode, the file itself), and the kernel reports each write (``IN_MODIFY``) to a
process that watches the folder. A daemon thread reads those reports and calls ``fire()`` once per burst of
writes, :data:`SETTLE_S` after its last one (a commit writes a frame per page, then its index in ``…-shm``:
a reader woken at the first write would find nothing yet), at least every :data:`MAX_DELAY_S` while writes go on. Which game changed is not known: every game followed on that file reads its
new entries (an idle read costs ~20 µs). Reads write nothing to these files (the ``-shm`` index is a shared
memory map: no report), so a page reading does not wake the others.

Where there is no inotify (not Linux) :meth:`FileWatcher.for_file` raises :class:`OSError` and pages poll as
before. A file on a network share (NFS) is not reported for writes made on other machines; SQLite itself
advises against sharing its files that way.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import os
import select
import struct
import threading
import time
from typing import Callable

log = logging.getLogger("shogun_tutor.session")

IN_MODIFY, IN_CLOSE_WRITE, IN_MOVED_TO, IN_CREATE = 0x2, 0x8, 0x80, 0x100
IN_NONBLOCK, IN_CLOEXEC = 0o4000, 0o2000000
SETTLE_S = 0.01  # a burst of writes (one commit writes a WAL frame per page) is told once, this long after its last
MAX_DELAY_S = 0.1  # a stream of commits is told at least this often
_EVENT = struct.Struct("iIII")  # wd, mask, cookie, len (then len bytes of name)


class FileWatcher:
    """``FileWatcher.for_file(path, fire)``: ``fire()`` after each write of ``path`` or its ``-wal`` by any process."""

    fallback_s = 1.0  # how often a page still polls while this one pushes (a safety net)

    def __init__(self, path: str, fire: Callable[[], None], fd: int, libc):
        self.path, self.fire, self._fd, self._libc = path, fire, fd, libc
        self.names = {os.path.basename(path).encode(), (os.path.basename(path) + "-wal").encode()}
        self._stop = threading.Event()
        self.bursts = 0
        self._thread = threading.Thread(target=self._run, name="shogun-tutor-watch", daemon=True)
        self._thread.start()

    @classmethod
    def for_file(cls, path: str, fire: Callable[[], None]) -> "FileWatcher":
        """Watch the folder of ``path`` (:class:`OSError` where inotify cannot be had)."""
        name = ctypes.util.find_library("c")
        libc = ctypes.CDLL(name or None, use_errno=True)
        if not hasattr(libc, "inotify_init1"):
            raise OSError("this system has no inotify")
        fd = libc.inotify_init1(IN_NONBLOCK | IN_CLOEXEC)
        if fd < 0:
            raise OSError(ctypes.get_errno(), "inotify_init1 failed")
        folder = os.path.dirname(os.path.abspath(path)) or "."
        wd = libc.inotify_add_watch(fd, os.fsencode(folder), IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE)
        if wd < 0:
            err = ctypes.get_errno()
            os.close(fd)
            raise OSError(err, f"cannot watch {folder}: {os.strerror(err)}")
        return cls(path, fire, fd, libc)

    @property
    def working(self) -> bool:
        return self._thread.is_alive() and not self._stop.is_set()

    def follow(self, code: str) -> None:
        """Every game on the file is told of each write: nothing to do per game."""

    def forget(self, code: str) -> None:
        pass

    def stop(self, timeout: float = 3.0) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout)

    def _ours(self, data: bytes) -> bool:
        """Whether a batch of inotify events names the store's file or its WAL."""
        at = 0
        while at + _EVENT.size <= len(data):
            _wd, _mask, _cookie, length = _EVENT.unpack_from(data, at)
            name = data[at + _EVENT.size: at + _EVENT.size + length].rstrip(b"\0")
            at += _EVENT.size + length
            if name in self.names:
                return True
        return False

    def _run(self) -> None:
        first = settle = None  # when the burst began; when it is quiet enough to tell
        try:
            while not self._stop.is_set():
                wait = 0.5 if settle is None else max(0.0, min(settle, first + MAX_DELAY_S) - time.monotonic())
                ready, _w, _x = select.select([self._fd], [], [], wait)
                if ready:
                    try:
                        data = os.read(self._fd, 65536)
                    except BlockingIOError:
                        data = b""
                    if self._ours(data):
                        now = time.monotonic()
                        first = now if first is None else first
                        settle = now + SETTLE_S
                now = time.monotonic()
                if settle is not None and (now >= settle or now >= first + MAX_DELAY_S):
                    first = settle = None
                    self.bursts += 1
                    self.fire()
        except Exception:  # never raised out of the thread: the pages' poll goes on
            log.exception("watching the game store's file failed; pages poll it")
        finally:
            try:
                os.close(self._fd)
            except OSError:
                pass


__all__ = ["FileWatcher"]
