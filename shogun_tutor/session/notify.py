"""Changes pushed to whoever follows a game, so a page need not poll the store often (issue 47, item 4).

:func:`subscribe` ``(store, code, callback)`` calls ``callback()`` soon after an entry is appended to that game,
from any thread (the caller hands it on, e.g. with ``loop.call_soon_threadsafe``); a callback is a hint to
read the store (:meth:`.session.Session.refresh`), never the change itself, and one change may call it more than
once. What pushes:

* **this process** (every store): :meth:`.store.Store.append` calls :func:`changed` after its commit, and every
  store object of this process on the same file or database hears it at once (:class:`_Hub`);
* **PostgreSQL**, across processes and machines: the append sends ``NOTIFY`` on the game's channel in the same
  transaction (delivered only if it commits); one listening connection per database and process
  (:class:`.listen.Listener`, a daemon thread) ``LISTEN``\\ s to the games followed here. It survives a restarted
  server: it connects again with growing pauses (0.1 s to 5 s) and then calls every callback once, since a
  change may have come while it was away;
* **SQLite**, across processes on one machine: Linux's inotify reports each write of the file or its WAL
  (:mod:`.watch`); every game followed on that file is told (which game changed is not known: each reads its
  ``entries_after``, ~20 µs).

:attr:`Subscription.pushed` says whether another process's change is pushed (PostgreSQL, or SQLite where
inotify works); the page then polls only as a safety net (:data:`FALLBACK_S`), else as before. Nothing here
raises into its caller: a listener that fails logs it and retries, and the page's poll goes on meanwhile
(a store that cannot be read is said by the poll, in the user's language).
"""

from __future__ import annotations

import logging
import threading
from typing import Callable

from .listen import CHANNEL_PREFIX, channel

log = logging.getLogger("shogun_tutor.session")

#: seconds between two looks at the store while changes are pushed: only a safety net (a lost notification)
FALLBACK_S = 2.0


def store_key(store) -> str:
    """What names the same file or database for every store object of this process."""
    key = getattr(store, "notify_key", None)
    return key() if callable(key) else f"object:{id(store)}"


class _Hub:
    """This process's followers: store key -> game code -> callbacks."""

    def __init__(self):
        self.lock = threading.Lock()
        self.followers: dict[str, dict[str, list[Callable[[], None]]]] = {}

    def add(self, key: str, code: str, callback: Callable[[], None]) -> None:
        with self.lock:
            self.followers.setdefault(key, {}).setdefault(code, []).append(callback)

    def remove(self, key: str, code: str, callback: Callable[[], None]) -> bool:
        """Remove one subscription; True when it was the last one on that store in this process."""
        with self.lock:
            games = self.followers.get(key, {})
            callbacks = games.get(code, [])
            if callback in callbacks:
                callbacks.remove(callback)
            if not callbacks:
                games.pop(code, None)
            if games:
                return False
            self.followers.pop(key, None)
            return True

    def codes(self, key: str) -> set[str]:
        with self.lock:
            return set(self.followers.get(key, {}))

    def fire(self, key: str, code: str | None = None) -> int:
        """Call the callbacks of ``code`` (None: of every game on that store); how many were called."""
        with self.lock:
            games = self.followers.get(key, {})
            callbacks = [cb for c, cbs in games.items() if code is None or c == code for cb in cbs]
        for cb in callbacks:
            try:
                cb()
            except Exception:  # a follower's own trouble: never the writer's
                log.exception("a follower of a game failed to take a change")
        return len(callbacks)


HUB = _Hub()


def changed(store, code: str) -> None:
    """An entry of ``code`` was committed through ``store`` in this process: tell this process's followers."""
    HUB.fire(store_key(store), code)


class Subscription:
    """What :func:`subscribe` returns: :meth:`close` ends it; :attr:`pushed`: another process's change is pushed."""

    def __init__(self, key: str, code: str, callback: Callable[[], None], source=None):
        self.key, self.code, self.callback, self.source = key, code, callback, source
        self.closed = False

    @property
    def pushed(self) -> bool:
        return self.source is not None and self.source.working

    def interval(self, polling: float) -> float:
        """How often the follower should still look at the store: ``polling`` while nothing pushes, else the
        source's safety net (:data:`FALLBACK_S` for PostgreSQL, 1 s for a watched SQLite file)."""
        return getattr(self.source, "fallback_s", FALLBACK_S) if self.pushed else polling

    def close(self) -> None:
        """Follow no more; the store's listener or watcher ends with the last follower of this process."""
        if self.closed:
            return
        self.closed = True
        with _SOURCES_LOCK:
            if HUB.remove(self.key, self.code, self.callback):
                source = _SOURCES.pop(self.key, None)
                if source is not None:
                    source.stop()


_SOURCES: dict[str, object] = {}  # store key -> its listener (PostgreSQL) or file watcher (SQLite), one per process
_SOURCES_LOCK = threading.Lock()


def _source_for(store, key: str):
    """The process's listener for this store (made on first use; under ``_SOURCES_LOCK``), or None when nothing
    can push across processes."""
    if key in _SOURCES:
        return _SOURCES[key]
    source = None
    try:
        if getattr(store, "kind", "") == "postgresql":
            from .listen import Listener
            source = Listener(store.url, lambda code: HUB.fire(key, code), lambda: HUB.codes(key))
        elif getattr(store, "kind", "") == "sqlite" and getattr(store, "path", ":memory:") != ":memory:":
            from .watch import FileWatcher

            source = FileWatcher.for_file(store.path, lambda: HUB.fire(key))
    except Exception as exc:  # no listener: the page polls as before
        log.warning("changes of the game store are not pushed (%s); pages poll it", exc)
        source = None
    _SOURCES[key] = source
    return source


def subscribe(store, code: str, callback: Callable[[], None]) -> Subscription:
    """Call ``callback()`` (from any thread) after each change of game ``code`` in ``store``; never raises."""
    key = store_key(store)
    with _SOURCES_LOCK:
        HUB.add(key, code, callback)
        source = _source_for(store, key)
    if source is not None:
        source.follow(code)
    return Subscription(key, code, callback, source)


def close_all() -> None:
    """Stop this process's listeners (tests; a process that ends stops its daemon threads anyway)."""
    with _SOURCES_LOCK:
        sources = [s for s in _SOURCES.values() if s is not None]
        _SOURCES.clear()
    for source in sources:
        source.stop(timeout=3.0)


__all__ = ["CHANNEL_PREFIX", "FALLBACK_S", "HUB", "Subscription", "changed", "channel", "close_all", "store_key",
           "subscribe"]
