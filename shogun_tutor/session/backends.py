"""The two kinds of store: :class:`SQLiteStore` (a file, the standard ``sqlite3`` module) and :class:`PostgresStore`
(psycopg 3), and the transaction that turns each driver's errors into :class:`~.errors.StoreUnavailable`.
What they share (the SQL, the retry on a lost connection, checking what is read) is :class:`.store.Store`."""

from __future__ import annotations

import os
import threading
from pathlib import Path

try:
    import sqlite3
except ImportError:  # Pyodide (the static build) has no sqlite3: its store is .memory.MemoryStore
    sqlite3 = None  # type: ignore[assignment]

from .errors import StoreUnavailable
from .notify import channel
from .store import BUSY_TIMEOUT_S, Store


class _Tx:
    """A transaction on a DB-API connection, errors of the driver turned into StoreUnavailable."""

    def __init__(self, store: "SQLiteStore | PostgresStore", begin: str | None):
        self.store, self.begin = store, begin

    def __enter__(self):
        self.store._lock.acquire()
        self.was_open = self.store._conn is not None
        try:
            conn = self.store._connection()
            self.cur = conn.cursor()
            if self.begin:
                self.cur.execute(self.begin)
        except BaseException as exc:
            self.store._lock.release()
            self.store._drop(exc)
            raise StoreUnavailable(str(exc).strip() or type(exc).__name__) from exc
        return self.cur

    def __exit__(self, kind, exc, tb):
        conn = self.store._conn
        try:
            if exc is None:
                try:
                    conn.commit()
                except BaseException as err:
                    self._rollback(conn)
                    err._shogun_was_open = self.was_open
                    self.store._drop(err)
                    raise StoreUnavailable(str(err).strip() or type(err).__name__) from err
                return False
            self._rollback(conn)
            if isinstance(exc, self.store.driver_errors):
                exc._shogun_was_open = self.was_open
                self.store._drop(exc)
                raise StoreUnavailable(str(exc).strip() or type(exc).__name__) from exc
            return False
        finally:
            self.store._lock.release()

    @staticmethod
    def _rollback(conn) -> None:
        try:
            conn.rollback()
        except Exception:  # a dead connection: nothing to roll back
            pass


class SQLiteStore(Store):
    """A SQLite file (WAL, ``synchronous=NORMAL``, ``busy_timeout`` 5 s) or ``":memory:"``; the standard ``sqlite3`` module.

    WAL with ``synchronous=NORMAL`` (SQLite's advice for WAL): a committed decision survives a killed kernel
    or server (it is in the WAL file); only a power cut may lose the last ones, never corrupt the file.
    """

    kind = "sqlite"
    driver_errors = (sqlite3.Error,) if sqlite3 is not None else ()

    def __init__(self, path: str | os.PathLike, create: bool = True):
        """``create=False``: the file must exist and hold the store (no folder, file or table is made)."""
        self.path = str(path)
        self.create = create
        self._lock = threading.RLock()
        self._conn: sqlite3.Connection | None = None
        self._migrate(create)

    def _has_schema(self, cur) -> bool:
        cur.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'")
        return cur.fetchone() is not None

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            if self.path != ":memory:" and not self.create and not Path(self.path).is_file():
                raise StoreUnavailable(f"there is no game store at {self.path} (nothing was created)")
            if self.path != ":memory:" and self.create:
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False)
            try:
                if self.path != ":memory:" and self.create:  # WAL stays set in the file: a store opened
                    conn.execute("PRAGMA journal_mode=WAL")        # with create=False has it already
                conn.execute("PRAGMA synchronous=NORMAL")  # with WAL: a commit survives a killed process; fsync at checkpoints
                conn.execute("PRAGMA foreign_keys=ON")
            except BaseException:
                conn.close()
                raise
            conn.isolation_level = None  # explicit BEGIN/COMMIT
            self._conn = conn
        return self._conn

    def _transaction(self):
        return _SQLiteTx(self)

    def _drop(self, exc: BaseException) -> None:
        """A file that failed: close the connection, the next call opens it again (the folder may be back)."""
        if self.path != ":memory:" and self._conn is not None and not isinstance(exc, sqlite3.IntegrityError):
            try:
                self._conn.close()
            except Exception:
                pass
            self._conn = None

    def _is_unique_violation(self, exc: BaseException) -> bool:
        return isinstance(exc, sqlite3.IntegrityError)

    def notify_key(self) -> str:
        return f"object:{id(self)}" if self.path == ":memory:" else "sqlite:" + os.path.realpath(self.path)

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def __repr__(self) -> str:
        return f"SQLiteStore({self.path!r})"


class _SQLiteTx(_Tx):
    def __init__(self, store: SQLiteStore):
        super().__init__(store, "BEGIN IMMEDIATE")

    def __exit__(self, kind, exc, tb):
        conn = self.store._conn
        if conn is not None and exc is None:
            try:
                conn.execute("COMMIT")
            except BaseException as err:
                self._rollback(conn)
                self.store._drop(err)
                self.store._lock.release()
                raise StoreUnavailable(str(err).strip() or type(err).__name__) from err
            self.store._lock.release()
            return False
        if conn is not None:
            try:
                conn.execute("ROLLBACK")
            except Exception:
                pass
        try:
            if exc is not None and isinstance(exc, self.store.driver_errors):
                self.store._drop(exc)
                raise StoreUnavailable(str(exc).strip() or type(exc).__name__) from exc
            return False
        finally:
            self.store._lock.release()


class PostgresStore(Store):
    """A PostgreSQL database through psycopg 3 (one connection per store, reopened after a failure)."""

    kind = "postgresql"
    placeholder = "%s"

    def __init__(self, url: str, connect_timeout: float = 5.0, create: bool = True):
        try:
            import psycopg
        except ImportError as exc:  # pragma: no cover - psycopg is a dependency
            raise StoreUnavailable("psycopg is not installed") from exc
        self._psycopg = psycopg
        self.driver_errors = (psycopg.Error,)
        self.url = url
        self.connect_timeout = connect_timeout
        self._lock = threading.RLock()
        self._conn = None
        self._migrate(create)

    def _has_schema(self, cur) -> bool:
        cur.execute("SELECT to_regclass('schema_version') IS NOT NULL")
        return bool(cur.fetchone()[0])

    def _connection(self):
        if self._conn is None or self._conn.closed:
            self._conn = self._psycopg.connect(self.url, connect_timeout=max(1, int(self.connect_timeout)),
                                               autocommit=False)
        return self._conn

    def _transaction(self):
        return _Tx(self, None)

    def _lock_schema(self, cur) -> None:
        cur.execute("SELECT pg_advisory_xact_lock(7262817)")  # one migrating process at a time

    def _drop(self, exc: BaseException) -> None:
        if self._conn is not None and not isinstance(exc, self._psycopg.errors.UniqueViolation):
            if self._conn.closed or isinstance(exc, (self._psycopg.OperationalError, self._psycopg.InterfaceError)):
                try:
                    self._conn.close()
                except Exception:
                    pass
                self._conn = None

    def _is_unique_violation(self, exc: BaseException) -> bool:
        return isinstance(exc, self._psycopg.errors.UniqueViolation)

    def notify_key(self) -> str:
        return "postgresql:" + self.url

    def _notify_in(self, cur, code: str, seq: int) -> None:
        """``NOTIFY`` on the game's channel: sent to the listeners (:mod:`.listen`) if and when the append commits."""
        cur.execute("SELECT pg_notify(%s, %s)", (channel(code), str(seq)))

    def _lost_connection(self, exc: BaseException | None) -> bool:
        """A connection that was open broke (server restarted, or an admin ended it); not: cannot connect."""
        p = self._psycopg
        return isinstance(exc, (p.OperationalError, p.InterfaceError)) and getattr(exc, "_shogun_was_open", False)

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def __repr__(self) -> str:
        return "PostgresStore(…)"  # the address may hold a password
