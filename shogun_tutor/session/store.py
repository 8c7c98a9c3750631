"""The store: sessions and their append-only entry logs, in SQLite (default) or PostgreSQL.

:func:`.opening.open_store` picks the store: ``url`` or ``$SHOGUN_TUTOR_DATABASE_URL`` naming
``postgresql://…`` -> :class:`PostgresStore` (psycopg 3; several Voilà processes or machines share
sessions); ``sqlite:///path`` or nothing -> :class:`SQLiteStore`, a file in the user's data folder
(``$SHOGUN_TUTOR_SESSIONS`` or ``$XDG_DATA_HOME/shogun-tutor``, WAL mode, nothing to install or start).

Tables (schema version :data:`SCHEMA_VERSION`, migrations in :data:`MIGRATIONS`, run once under a lock):

* ``schema_version(version)``;
* ``sessions(code PRIMARY KEY, setup, host, created, updated)``: ``setup`` is the JSON set-up,
  ``host`` the SHA-256 of the host's token;
* ``entries(code, seq, kind, body, nonce, created, PRIMARY KEY (code, seq))``: the log. An append
  names the sequence numbers it expects to write; the primary key makes exactly one of two racing
  appends win (:class:`~.errors.Conflict` for the other). One transaction per append.

Every failure to reach or write the store (read-only folder, disk full, server down) raises
:class:`~.errors.StoreUnavailable`; nothing half-written stays (the transaction rolls back), and the
next call tries again (a PostgreSQL connection is opened anew). An append whose commit was sent but
whose answer was lost is recognised on retry by its ``nonce``.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Sequence

from .notify import changed, subscribe
from .errors import CodeInUse, Conflict, DamagedGame, StoreReadFailed, StoreUnavailable
from .rows import check_code, entry_fields, session_fields

SCHEMA_VERSION = 1
BUSY_TIMEOUT_S = 5.0

#: version -> statements that bring the schema from version-1 to version (portable SQL)
MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (
        "CREATE TABLE IF NOT EXISTS sessions (code TEXT PRIMARY KEY, setup TEXT NOT NULL, host TEXT NOT NULL,"
        " created DOUBLE PRECISION NOT NULL, updated DOUBLE PRECISION NOT NULL)",
        "CREATE TABLE IF NOT EXISTS entries (code TEXT NOT NULL REFERENCES sessions(code) ON DELETE CASCADE,"
        " seq INTEGER NOT NULL, kind TEXT NOT NULL, body TEXT NOT NULL, nonce TEXT NOT NULL,"
        " created DOUBLE PRECISION NOT NULL, PRIMARY KEY (code, seq))",
        "CREATE INDEX IF NOT EXISTS sessions_updated ON sessions (updated)",
    ),
}


@dataclass(frozen=True)
class Entry:
    """One log entry: ``seq`` (1, 2, …), ``kind`` and its JSON ``body`` (see :mod:`.session`)."""

    seq: int
    kind: str
    body: dict
    nonce: str = ""


@dataclass(frozen=True)
class SessionRow:
    code: str
    setup: dict
    host: str  # SHA-256 hex of the host's token
    created: float
    updated: float


@dataclass(frozen=True)
class SessionInfo:
    """A line of ``shogun-tutor sessions list``."""

    code: str
    created: float
    updated: float
    entries: int
    last_decision: float = 0.0  # when its last decision was stored (0: none)
    damaged: str = ""  # what is wrong with the row (its times are then 0), else empty


class Store:
    """What a store does; :class:`SQLiteStore` and :class:`PostgresStore` differ only in connections and errors."""

    kind = "store"
    placeholder = "?"

    # --- to be provided by a subclass --------------------------------------------------------
    def _transaction(self):  # pragma: no cover - abstract
        """A context manager yielding a cursor inside one transaction; commits, or rolls back on error."""
        raise NotImplementedError

    def _is_unique_violation(self, exc: BaseException) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    def _lock_schema(self, cur) -> None:
        """Serialize migrations between processes (within the transaction)."""

    def close(self) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    # --- the schema ------------------------------------------------------------------------
    def _sql(self, text: str) -> str:
        return text if self.placeholder == "?" else text.replace("?", self.placeholder)

    def _has_schema(self, cur) -> bool:  # pragma: no cover - abstract
        """Whether the store's tables exist (a store that ``create=False`` may open)."""
        raise NotImplementedError

    def _migrate(self, create: bool = True) -> None:
        """Bring the schema to :data:`SCHEMA_VERSION`; ``create=False``: a database without the store's tables is
        refused (:class:`StoreReadFailed`) rather than given them (``sessions list`` and ``prune`` create nothing)."""
        with self._transaction() as cur:
            self._lock_schema(cur)
            if not create and not self._has_schema(cur):
                raise StoreReadFailed(f"{self!r} holds no game store (nothing was created)")
            cur.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            cur.execute("SELECT version FROM schema_version")
            row = cur.fetchone()
            version = row[0] if row else 0
            if isinstance(version, bool) or not isinstance(version, int) or version < 0:
                raise StoreReadFailed(f"the store's schema version {str(version)[:40]!r} is not a version number")
            if version > SCHEMA_VERSION:
                raise StoreUnavailable(f"the store's schema is version {version}, newer than this program's {SCHEMA_VERSION}")
            for v in range(version + 1, SCHEMA_VERSION + 1):
                for statement in MIGRATIONS[v]:
                    cur.execute(statement)
            if row is None:
                cur.execute(self._sql("INSERT INTO schema_version (version) VALUES (?)"), (SCHEMA_VERSION,))
            elif version != SCHEMA_VERSION:
                cur.execute(self._sql("UPDATE schema_version SET version = ?"), (SCHEMA_VERSION,))

    def schema_version(self) -> int:
        with self._transaction() as cur:
            cur.execute("SELECT version FROM schema_version")
            return cur.fetchone()[0]

    # --- sessions ----------------------------------------------------------------------------
    def _retrying(self, fn, *args, **kwargs):
        """``fn`` once more on a fresh connection when the connection broke (a restarted server): a read is
        safe to repeat, and an append is recognised by its nonce. Down twice: :class:`StoreUnavailable`."""
        try:
            return fn(*args, **kwargs)
        except StoreUnavailable as exc:
            if not self._lost_connection(exc.__cause__):
                raise
        return fn(*args, **kwargs)

    def _reading(self, fn, *args):
        """A read (:meth:`_retrying`): a failure is :class:`StoreReadFailed` (nothing was to be written)."""
        try:
            return self._retrying(fn, *args)
        except StoreReadFailed:
            raise
        except StoreUnavailable as exc:
            raise StoreReadFailed(exc.detail) from exc.__cause__

    def _lost_connection(self, exc: BaseException | None) -> bool:
        return False

    def create_session(self, code: str, setup: dict, host: str, now: float | None = None) -> None:
        """A new session; :class:`CodeInUse` if the code is taken."""
        return self._retrying(self._create_session, code, setup, host, now)

    def session(self, code: str) -> "SessionRow | None":
        """The session's row, or None."""
        return self._reading(self._session, code)

    def entries_after(self, code: str, seq: int) -> list[Entry]:
        """The entries with a sequence number above ``seq``, in order (an idle poll: one index lookup, no rows)."""
        return self._reading(self._entries_after, code, seq)

    def append(self, code: str, after: int, entries: Sequence[tuple[str, dict]], nonce: str,
               now: float | None = None) -> None:
        """Append ``entries`` as sequence numbers ``after+1, after+2, …`` in one transaction.

        :class:`Conflict` when another append took one of those numbers first (nothing of this one is
        stored); an append already stored with the same ``nonce`` (its answer was lost) is success.
        """
        self._retrying(self._append, code, after, entries, nonce, now)
        changed(self, code)  # this process's followers at once (PostgreSQL's NOTIFY went with the commit)

    def subscribe(self, code: str, callback):
        """``callback()`` soon after each change of game ``code``, from any thread (:func:`.notify.subscribe`)."""
        return subscribe(self, code, callback)

    def notify_key(self) -> str:
        """What names this file or database for every store object of this process (:mod:`.notify`)."""
        return f"object:{id(self)}"

    def _notify_in(self, cur, code: str, seq: int) -> None:
        """Tell other processes, inside the append's transaction (PostgreSQL: ``NOTIFY``)."""

    def list_sessions(self) -> list[SessionInfo]:
        return self._reading(self._list_sessions)

    def prune(self, days: float, now: float | None = None, *, active_since: float | None = None,
              dry_run: bool = False) -> list[SessionInfo]:
        """Remove the sessions idle (no entry appended) for more than ``days`` days; returns what was (``dry_run``:
        would be) removed. ``active_since``: keep the games with a decision at or after that time (a game in play),
        checked in the same transaction as the removal."""
        return self._retrying(self._prune, days, now, active_since, dry_run)

    def _create_session(self, code: str, setup: dict, host: str, now: float | None = None) -> None:
        """A new session; :class:`CodeInUse` if the code is taken."""
        now = time.time() if now is None else now
        try:
            with self._transaction() as cur:
                cur.execute(self._sql("INSERT INTO sessions (code, setup, host, created, updated) VALUES (?, ?, ?, ?, ?)"),
                            (code, json.dumps(setup, sort_keys=True), host, now, now))
        except StoreUnavailable as exc:
            if isinstance(exc.__cause__, BaseException) and self._is_unique_violation(exc.__cause__):
                raise CodeInUse(code) from None
            raise

    def _session(self, code: str) -> SessionRow | None:
        with self._transaction() as cur:
            cur.execute(self._sql("SELECT code, setup, host, created, updated FROM sessions WHERE code = ?"), (code,))
            row = cur.fetchone()
        if row is None:
            return None
        return SessionRow(code, *session_fields(code, *row[1:]))

    def _entries_after(self, code: str, seq: int) -> list[Entry]:
        """The entries with a sequence number above ``seq``, in order (an idle poll: one index lookup, no rows)."""
        with self._transaction() as cur:
            cur.execute(self._sql("SELECT seq, kind, body, nonce FROM entries WHERE code = ? AND seq > ? ORDER BY seq"),
                        (code, seq))
            rows = cur.fetchall()
        return [Entry(*entry_fields(code, *r)) for r in rows]

    def _append(self, code: str, after: int, entries: Sequence[tuple[str, dict]], nonce: str,
               now: float | None = None) -> None:
        """Append ``entries`` as sequence numbers ``after+1, after+2, …`` in one transaction.

        :class:`Conflict` when another append took one of those numbers first (nothing of this one is
        stored); an append already stored with the same ``nonce`` (its answer was lost) is success.
        """
        now = time.time() if now is None else now
        rows = [(code, after + 1 + i, kind, json.dumps(body, sort_keys=True, separators=(",", ":")), nonce, now)
                for i, (kind, body) in enumerate(entries)]
        try:
            with self._transaction() as cur:
                cur.executemany(self._sql("INSERT INTO entries (code, seq, kind, body, nonce, created) VALUES (?, ?, ?, ?, ?, ?)"),
                                rows)
                cur.execute(self._sql("UPDATE sessions SET updated = ? WHERE code = ?"), (now, code))
                self._notify_in(cur, code, after + len(rows))
        except StoreUnavailable as exc:
            if not (isinstance(exc.__cause__, BaseException) and self._is_unique_violation(exc.__cause__)):
                raise
            with self._transaction() as cur:
                cur.execute(self._sql("SELECT nonce FROM entries WHERE code = ? AND seq = ?"), (code, after + 1))
                row = cur.fetchone()
            if row is None or row[0] != nonce:
                raise Conflict(after + 1) from None

    _INFO = ("SELECT s.code, s.created, s.updated, (SELECT COUNT(*) FROM entries e WHERE e.code = s.code),"
             " (SELECT MAX(e.created) FROM entries e WHERE e.code = s.code AND e.kind = 'decision') FROM sessions s")

    def _list_sessions(self) -> list[SessionInfo]:
        with self._transaction() as cur:
            cur.execute(self._INFO + " ORDER BY s.updated DESC, s.code")
            return [_info(r) for r in cur.fetchall()]

    def _prune(self, days: float, now: float | None, active_since: float | None, dry_run: bool) -> list[SessionInfo]:
        now = time.time() if now is None else now
        cutoff = now - days * 86400
        with self._transaction() as cur:
            cur.execute(self._sql(self._INFO + " WHERE s.updated < ? ORDER BY s.updated, s.code"), (cutoff,))
            rows = cur.fetchall()
            gone = []
            for row in rows:
                info = _info(row)
                if active_since is not None and info.last_decision >= active_since:
                    continue  # in play: kept
                gone.append(info)
                if not dry_run:
                    cur.execute(self._sql("DELETE FROM entries WHERE code = ?"), (row[0],))
                    cur.execute(self._sql("DELETE FROM sessions WHERE code = ?"), (row[0],))
        return gone


def _info(row: Sequence) -> SessionInfo:
    """A line of the list; a damaged row is listed as such (its code as stored, shortened), never raised."""
    code, created, updated, count, last = row
    last = float(last) if isinstance(last, (int, float)) and not isinstance(last, bool) and 0 <= last < 1e11 else 0.0
    try:
        check_code(code)
        for t in (created, updated):
            if isinstance(t, bool) or not isinstance(t, (int, float)) or not 0 <= t < 1e11:
                raise DamagedGame(code, f"the time {str(t)[:40]!r} is not a time")
    except DamagedGame as exc:
        return SessionInfo(str(code)[:12], 0.0, 0.0, int(count), last_decision=last, damaged=str(exc))
    return SessionInfo(code, float(created), float(updated), int(count), last_decision=last)
