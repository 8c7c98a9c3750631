"""A SQLite store's file, watched with Linux's inotify: another process's commit wakes this one (:mod:`.notify`).

SQLite has no notifications between processes, but every commit writes the file's write-ahead log
(``…-wal``; with another journal mode, the file itself), and the kernel reports each write (``IN_MODIFY``) to a
process that watches the folder. One daemon thread per process (one inotify instance: the system allows each
user only a few, 128 by default) reads those reports and calls each watcher's ``fire()`` once per burst of
writes, :data:`SETTLE_S` after its last one (a commit writes a frame per page, then its index in ``…-shm``: a
reader woken at the first write would find nothing yet), at least every :data:`MAX_DELAY_S` while writes go on.
Which game changed is not known: every game followed on that file reads its new entries (an idle read costs
~20 µs). Reads write nothing to these files (the ``-shm`` index is a shared memory map: no report), so a page
reading does not wake the others.

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
SETTLE_S = 0.01  # a burst of writes is told once, this long after its last
MAX_DELAY_S = 0.1  # a stream of commits is told at least this often
_EVENT = struct.Struct("iIII")  # wd, mask, cookie, len (then len bytes of name)


class FileWatcher:
    """``FileWatcher.for_file(path, fire)``: ``fire()`` after each write of ``path`` or its ``-wal`` by any process."""

    fallback_s = 1.0  # how often a page still polls while this one pushes (a safety net)

    def __init__(self, path: str, fire: Callable[[], None]):
        self.path, self.fire = path, fire
        self.folder = os.path.dirname(os.path.abspath(path)) or "."
        self.names = {os.path.basename(path).encode(), (os.path.basename(path) + "-wal").encode()}
        self.bursts = 0
        self.first: float | None = None  # when the burst being told began
        self.settle: float | None = None  # when it is quiet enough to tell
        self.stopped = False
        self.wd: int | None = None  # the folder's watch

    @classmethod
    def for_file(cls, path: str, fire: Callable[[], None]) -> "FileWatcher":
        """Watch ``path`` (:class:`OSError` where inotify cannot be had or the folder cannot be watched)."""
        watcher = cls(path, fire)
        _inotify().add(watcher)
        return watcher

    @property
    def working(self) -> bool:
        return not self.stopped and _INOTIFY is not None and _INOTIFY.thread.is_alive()

    def follow(self, code: str) -> None:
        """Every game on the file is told of each write: nothing to do per game."""

    def forget(self, code: str) -> None:
        pass

    def stop(self, timeout: float = 0.0) -> None:
        """No longer watched (the folder's watch is removed with its last watcher)."""
        self.stopped = True
        if _INOTIFY is not None:
            _INOTIFY.remove(self)


class _Inotify:
    """The process's inotify instance and its thread: folder watch -> the watchers of files in that folder."""

    def __init__(self):
        name = ctypes.util.find_library("c")
        self.libc = ctypes.CDLL(name or None, use_errno=True)
        if not hasattr(self.libc, "inotify_init1"):
            raise OSError("this system has no inotify")
        self.fd = self.libc.inotify_init1(IN_NONBLOCK | IN_CLOEXEC)
        if self.fd < 0:
            err = ctypes.get_errno()
            raise OSError(err, f"inotify_init1 failed: {os.strerror(err)}")
        self.lock = threading.Lock()
        self.folders: dict[int, list[FileWatcher]] = {}  # watch descriptor -> watchers
        self.thread = threading.Thread(target=self._run, name="shogun-tutor-watch", daemon=True)
        self.thread.start()

    def add(self, watcher: FileWatcher) -> None:
        wd = self.libc.inotify_add_watch(self.fd, os.fsencode(watcher.folder),
                                         IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE)
        if wd < 0:
            err = ctypes.get_errno()
            raise OSError(err, f"cannot watch {watcher.folder}: {os.strerror(err)}")
        with self.lock:  # the same folder again gives the same watch descriptor
            self.folders.setdefault(wd, []).append(watcher)
            watcher.wd = wd

    def remove(self, watcher: FileWatcher) -> None:
        with self.lock:
            wd = watcher.wd
            watchers = self.folders.get(wd, [])
            if watcher in watchers:
                watchers.remove(watcher)
            if wd is not None and not watchers:
                self.folders.pop(wd, None)
                self.libc.inotify_rm_watch(self.fd, wd)

    def _written(self, data: bytes, now: float) -> None:
        at = 0
        while at + _EVENT.size <= len(data):
            wd, _mask, _cookie, length = _EVENT.unpack_from(data, at)
            name = data[at + _EVENT.size: at + _EVENT.size + length].rstrip(b"\0")
            at += _EVENT.size + length
            with self.lock:
                watchers = list(self.folders.get(wd, []))
            for w in watchers:
                if name in w.names:
                    w.first = now if w.first is None else w.first
                    w.settle = now + SETTLE_S

    def _due(self, now: float) -> float:
        """Tell the watchers whose burst is over; seconds until the next one is due (0.5 when none waits)."""
        with self.lock:
            watchers = [w for ws in self.folders.values() for w in ws if w.settle is not None]
        wait = 0.5
        for w in watchers:
            due = min(w.settle, w.first + MAX_DELAY_S)
            if now >= due:
                w.first = w.settle = None
                w.bursts += 1
                try:
                    w.fire()
                except Exception:
                    log.exception("telling the followers of a game store failed")
            else:
                wait = min(wait, due - now)
        return wait

    def _run(self) -> None:
        wait = 0.5
        try:
            while True:
                ready, _w, _x = select.select([self.fd], [], [], wait)
                if ready:
                    try:
                        self._written(os.read(self.fd, 65536), time.monotonic())
                    except BlockingIOError:
                        pass
                wait = self._due(time.monotonic())
        except Exception:  # never raised out of the thread: the pages' poll goes on
            log.exception("watching the game store's file failed; pages poll it")


_INOTIFY: _Inotify | None = None
_LOCK = threading.Lock()


def _inotify() -> _Inotify:
    global _INOTIFY
    with _LOCK:
        if _INOTIFY is None or not _INOTIFY.thread.is_alive():
            _INOTIFY = _Inotify()
        return _INOTIFY


__all__ = ["FileWatcher"]
