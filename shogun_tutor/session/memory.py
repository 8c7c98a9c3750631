"""A store held in the process's memory, with no SQL: the static build's store (Pyodide has no ``sqlite3``).

The browser runs one visitor's Python, so a store in memory holds that visitor's games for as long as the page
is open; what survives a reload is the page's save of the game (``ui/widgets/local_save.py``: the save format of
``rules/savefile.py`` in the browser's localStorage). It keeps the promises of :class:`.store.Store`: one
session per code (:class:`~.errors.CodeInUse`), appends that take the next sequence numbers or none
(:class:`~.errors.Conflict`, an append already stored with the same nonce is success), what is stored is JSON
(copied in and out, so no caller shares a dict with it), and it is bounded (:data:`MAX_SESSIONS`: the games idle
longest go first).
"""

from __future__ import annotations

import json
import threading
import time
from typing import Sequence

from .errors import CodeInUse, Conflict
from .store import SCHEMA_VERSION, Entry, SessionInfo, SessionRow, Store

MAX_SESSIONS = 50  # one visitor's games in one page


class MemoryStore(Store):
    """Sessions and entry logs in dictionaries (one process, no file)."""

    kind = "memory"

    def __init__(self) -> None:
        self._lock = threading.RLock()
        self._sessions: dict[str, tuple[str, str, float, float]] = {}  # code -> (setup JSON, host, created, updated)
        self._entries: dict[str, list[tuple[str, str, str, float]]] = {}  # code -> [(kind, body JSON, nonce, created)]

    def close(self) -> None:
        """Nothing to close (the games stay while the page is open)."""

    def schema_version(self) -> int:
        return SCHEMA_VERSION

    def create_session(self, code: str, setup: dict, host: str, now: float | None = None) -> None:
        now = time.time() if now is None else now
        with self._lock:
            if code in self._sessions:
                raise CodeInUse(code)
            if len(self._sessions) >= MAX_SESSIONS:
                oldest = min(self._sessions, key=lambda c: self._sessions[c][3])
                self._sessions.pop(oldest)
                self._entries.pop(oldest, None)
            self._sessions[code] = (json.dumps(setup, sort_keys=True), host, now, now)
            self._entries[code] = []

    def session(self, code: str) -> SessionRow | None:
        with self._lock:
            row = self._sessions.get(code)
        if row is None:
            return None
        setup, host, created, updated = row
        return SessionRow(code, json.loads(setup), host, created, updated)

    def entries_after(self, code: str, seq: int) -> list[Entry]:
        with self._lock:
            log = list(self._entries.get(code, ()))
        return [Entry(i + 1, kind, json.loads(body), nonce) for i, (kind, body, nonce, _t) in enumerate(log) if i + 1 > seq]

    def append(self, code: str, after: int, entries: Sequence[tuple[str, dict]], nonce: str,
               now: float | None = None) -> None:
        now = time.time() if now is None else now
        rows = [(kind, json.dumps(body, sort_keys=True, separators=(",", ":")), nonce, now) for kind, body in entries]
        with self._lock:
            if code not in self._sessions:
                raise Conflict(after + 1)  # (as a store's foreign key refuses entries of no session)
            log = self._entries[code]
            if len(log) != after:
                if len(log) > after and log[after][2] == nonce:
                    return  # stored already
                raise Conflict(after + 1)
            log.extend(rows)
            setup, host, created, _updated = self._sessions[code]
            self._sessions[code] = (setup, host, created, now)

    def list_sessions(self) -> list[SessionInfo]:
        with self._lock:
            infos = [self._info(c) for c in self._sessions]
        return sorted(infos, key=lambda i: (-i.updated, i.code))

    def _info(self, code: str) -> SessionInfo:
        _setup, _host, created, updated = self._sessions[code]
        log = self._entries.get(code, [])
        last = max((t for kind, _b, _n, t in log if kind == "decision"), default=0.0)
        return SessionInfo(code, created, updated, len(log), last_decision=last)

    def prune(self, days: float, now: float | None = None, *, active_since: float | None = None,
              dry_run: bool = False) -> list[SessionInfo]:
        now = time.time() if now is None else now
        cutoff = now - days * 86400
        with self._lock:
            gone = [self._info(c) for c in sorted(self._sessions, key=lambda c: (self._sessions[c][3], c))
                    if self._sessions[c][3] < cutoff]
            gone = [i for i in gone if active_since is None or i.last_decision < active_since]
            if not dry_run:
                for info in gone:
                    self._sessions.pop(info.code, None)
                    self._entries.pop(info.code, None)
        return gone
