"""Which store a process uses: :func:`open_store` from an address, :func:`shared_store` (the process's default,
with a stand-in in memory that is never silent while the configured one cannot be opened) and
:func:`store_status` for the health endpoint."""

from __future__ import annotations

import logging
import os
import time
from pathlib import Path

from . import backends
from .backends import PostgresStore, SQLiteStore
from .errors import StoreUnavailable
from .store import Store

DATABASE_ENV = "SHOGUN_TUTOR_DATABASE_URL"
DATA_ENV = "SHOGUN_TUTOR_SESSIONS"  # (SHOGUN_TUTOR_DATA names the game facts folder: data.py)


def user_data_dir() -> Path:
    """The folder of the sessions store among the user's data (``$SHOGUN_TUTOR_SESSIONS`` first)."""
    chosen = os.environ.get(DATA_ENV, "")
    if chosen:
        return Path(chosen)
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "shogun-tutor"


def open_store(url: str | None = None, *, create: bool = True) -> "Store":
    """The store named by ``url``, else by ``$SHOGUN_TUTOR_DATABASE_URL``, else the SQLite file in the user's
    data folder. ``sqlite://`` (nothing after) is a store in memory (one process; tests, a read-only machine).
    ``create=False``: only a store that exists already (:class:`StoreUnavailable` naming what is missing)."""
    url = url or os.environ.get(DATABASE_ENV) or ""
    if url.startswith(("postgresql://", "postgres://")):
        return PostgresStore(url, create=create)
    if backends.sqlite3 is None:
        from .memory import MemoryStore  # the browser (the static build): no sqlite3, no file; the page keeps the game

        return MemoryStore()
    if url.startswith("sqlite://"):
        return SQLiteStore(url[len("sqlite://"):] or ":memory:", create=create)  # sqlite:///abs/path.sqlite3
    if url:
        raise ValueError(f"unknown store address {url!r}: use postgresql://… or sqlite:///path")
    return SQLiteStore(user_data_dir() / "sessions.sqlite3", create=create)


_SHARED: dict[str, "Store"] = {}
_TRIED: dict[str, float] = {}  # when opening the default store last failed
_MEMORY: dict[str, "Store"] = {}  # the stand-in while it cannot be opened (one per process)
RETRY_S = 15.0  # how often a store that could not be opened is tried again
log = logging.getLogger("shogun_tutor.session")


def shared_store(now: float | None = None) -> tuple["Store", "StoreUnavailable | None"]:
    """This process's default store (:func:`open_store`, opened once) and None; or, while it cannot be opened (a
    read-only home, the configured database down), a store in memory and the reason. The stand-in is never
    silent: the reason is logged (a warning, each time opening fails), the pages say that games are not stored,
    and :func:`store_status` reports it. Each call after :data:`RETRY_S` seconds tries the real store again, so
    once the database is back, new games are stored there again."""
    if "default" in _SHARED:
        return _SHARED["default"], None
    now = time.monotonic() if now is None else now
    problem = _MEMORY.get("problem")
    if problem is None or now - _TRIED.get("default", -RETRY_S) >= RETRY_S:
        _TRIED["default"] = now
        try:
            _SHARED["default"] = open_store()
        except (StoreUnavailable, OSError, ValueError) as exc:
            problem = exc if isinstance(exc, StoreUnavailable) else StoreUnavailable(str(exc))
            _MEMORY["problem"] = problem  # type: ignore[assignment]
            log.warning("games are NOT being stored: the game store %s cannot be opened (%s); a store in memory "
                        "stands in, tried again every %g s", _where(), problem.detail, RETRY_S)
        else:
            if problem is not None:
                log.warning("the game store %s is back: new games are stored again", _where())
            _MEMORY.pop("problem", None)
            return _SHARED["default"], None
    if "store" not in _MEMORY:
        _MEMORY["store"] = open_store("sqlite://")
    return _MEMORY["store"], problem  # type: ignore[return-value]


def _where() -> str:
    url = os.environ.get(DATABASE_ENV) or ""
    return url.split("@")[-1].split("?")[0] if url else str(user_data_dir() / "sessions.sqlite3")


def store_status(timeout: float = 3.0) -> dict:
    """For the health endpoint: whether games are stored (``{"stored": true, "store": kind}``), or why not
    (``"stored": false, "problem": ...``). It opens the configured store once (no password in the answer)."""
    url = os.environ.get(DATABASE_ENV) or ""
    try:
        store = PostgresStore(url, connect_timeout=timeout) if url.startswith(("postgresql://", "postgres://")) \
            else open_store(url or None)
    except (StoreUnavailable, OSError, ValueError) as exc:
        detail = exc.detail if isinstance(exc, StoreUnavailable) else str(exc)
        return {"stored": False, "store": _where(), "problem": detail.replace(url, "…")[:300] if url else detail[:300]}
    try:
        return {"stored": True, "store": store.kind}
    finally:
        store.close()
