"""The store against SQLite and a real PostgreSQL: schema, appends that race, faults, pruning."""

from __future__ import annotations

import os
import subprocess
import time

import pytest

from shogun_tutor.session import SCHEMA_VERSION, Session, StoreUnavailable, new_token, open_store
from shogun_tutor.session.errors import CodeInUse, Conflict, StaleDecision
from shogun_tutor.session.backends import SQLiteStore
from shogun_tutor.session.opening import user_data_dir
from shogun_tutor.session.store import MIGRATIONS

SETUP = {"players": 4, "side": "sun", "seed": 11, "setup": "beginner"}


def test_schema_version_and_migrations_run_once(store, store_url):
    assert store.schema_version() == SCHEMA_VERSION == max(MIGRATIONS)
    again = open_store(store_url)  # a second process opening the same store: nothing migrated twice
    try:
        assert again.schema_version() == SCHEMA_VERSION
        with again._transaction() as cur:
            cur.execute("SELECT COUNT(*) FROM schema_version")
            assert cur.fetchone()[0] == 1
    finally:
        again.close()


def test_a_newer_schema_is_refused(store, store_url):
    with store._transaction() as cur:
        cur.execute("UPDATE schema_version SET version = 99")
    with pytest.raises(StoreUnavailable, match="version 99"):
        open_store(store_url)


def test_append_is_unique_per_sequence_number(store):
    store.create_session("ACDEFG", {"players": 3}, "h")
    store.append("ACDEFG", 0, [("pace", {"paused": True}), ("pace", {"paused": False})], "n1")
    with pytest.raises(Conflict):
        store.append("ACDEFG", 1, [("pace", {"paused": True})], "n2")  # seq 2 exists
    with pytest.raises(Conflict):
        store.append("ACDEFG", 0, [("pace", {"paused": True})], "n3")
    store.append("ACDEFG", 0, [("pace", {"paused": True})], "n1")  # the same nonce: an answer lost, not a conflict
    assert [(e.seq, e.body) for e in store.entries_after("ACDEFG", 0)] == [(1, {"paused": True}), (2, {"paused": False})]
    assert store.entries_after("ACDEFG", 2) == []


def test_a_failed_batch_leaves_nothing(store):
    store.create_session("ACDEFG", {"players": 3}, "h")
    store.append("ACDEFG", 0, [("pace", {"paused": True})] * 1, "a")
    store.append("ACDEFG", 2, [("pace", {"paused": True})], "b")  # a hole at 2 so that the next batch collides late
    with pytest.raises(Conflict):
        store.append("ACDEFG", 1, [("pace", {"paused": False}), ("pace", {"paused": False})], "c")  # 2 ok, 3 taken
    assert [e.seq for e in store.entries_after("ACDEFG", 0)] == [1, 3]  # the batch's seq 2 was rolled back


def test_codes_are_unique(store):
    store.create_session("ACDEFG", {}, "h")
    with pytest.raises(CodeInUse):
        store.create_session("ACDEFG", {}, "h")


def test_list_and_prune(store, capsys):
    now = time.time()
    store.create_session("OLDAAA"[:0] + "ACDEFG", SETUP, "h", now=now - 40 * 86400)
    store.create_session("HJKMNP", SETUP, "h", now=now - 10 * 86400)
    store.append("HJKMNP", 0, [("pace", {"paused": True})], "x", now=now - 10 * 86400)
    store.create_session("QRTWXY", SETUP, "h", now=now)
    assert [i.code for i in store.list_sessions()] == ["QRTWXY", "HJKMNP", "ACDEFG"]
    assert [i.entries for i in store.list_sessions()] == [0, 1, 0]
    gone = store.prune(30, now=now)
    assert [g.code for g in gone] == ["ACDEFG"]
    gone = store.prune(5, now=now)
    assert [(g.code, g.entries) for g in gone] == [("HJKMNP", 1)]
    assert store.entries_after("HJKMNP", 0) == [] and store.session("HJKMNP") is None
    assert [i.code for i in store.list_sessions()] == ["QRTWXY"]


def test_default_store_is_a_wal_sqlite_file_in_the_data_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("SHOGUN_TUTOR_DATABASE_URL", raising=False)
    monkeypatch.setenv("SHOGUN_TUTOR_SESSIONS", str(tmp_path / "data"))
    store = open_store()
    try:
        assert isinstance(store, SQLiteStore) and user_data_dir() == tmp_path / "data"
        assert store.path == str(tmp_path / "data" / "sessions.sqlite3")
        with store._transaction() as cur:
            cur.execute("PRAGMA journal_mode")
            assert cur.fetchone()[0] == "wal"
    finally:
        store.close()
    with pytest.raises(ValueError, match="unknown store"):
        open_store("mysql://x")


def _read_only(folder, on: bool) -> None:
    """The folder and its files become read-only (root writes anyway: then the immutable attribute)."""
    paths = [folder, *sorted(folder.iterdir())]
    if os.geteuid() == 0:
        done = subprocess.run(["chattr", "+i" if on else "-i", *map(str, paths)], capture_output=True, text=True)
        if done.returncode and on:
            subprocess.run(["chattr", "-i", *map(str, paths)], capture_output=True)
            pytest.skip(f"cannot make a folder read-only as root here: {done.stderr.strip()}")
    else:
        for p in reversed(paths):
            p.chmod((0o555 if p.is_dir() else 0o444) if on else (0o755 if p.is_dir() else 0o644))


def test_read_only_folder_then_back(tmp_path):
    """A folder that cannot be written: StoreUnavailable, the game unchanged; writable again: the retry works."""
    folder = tmp_path / "ro"
    folder.mkdir()
    db = folder / "s.sqlite3"
    store = open_store(f"sqlite://{db}")
    s = Session.create(store, SETUP, new_token())
    s.advance_bots(limit=3)
    store.close()  # the next call opens the file anew, as a new kernel would
    before = (s.seq, s.game.save(), list(s.game.state.log))
    _read_only(folder, True)
    try:
        with pytest.raises(StoreUnavailable) as err:
            s.advance_bots(limit=1)
        assert (s.seq, s.game.save(), s.game.state.log) == before
        assert "readonly" in str(err.value) or "read-only" in str(err.value) or "unable to open" in str(err.value), err.value
        assert "try again" in err.value.sentence()
        with pytest.raises(StoreUnavailable):
            Session.create(store, SETUP, new_token())
    finally:
        _read_only(folder, False)
    assert s.advance_bots(limit=1) == 1  # the store is back: the same call works
    assert Session.open(open_store(f"sqlite://{db}"), s.code).game.state.log == s.game.state.log


def test_disk_full_then_back(tmp_path):
    """SQLite's own 'database or disk is full' (a page limit stands in for the disk): nothing lost, retry works."""
    db = tmp_path / "s.sqlite3"
    store = open_store(f"sqlite://{db}")
    s = Session.create(store, SETUP, new_token())
    s.advance_bots(limit=2)
    conn = store._connection()
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {pages}")
    before = (s.seq, s.game.save())
    with pytest.raises(StoreUnavailable, match="full"):
        s.advance_bots()  # a whole game does not fit
    assert s.seq >= before[0]
    stored = [e.seq for e in s.entries()]
    assert stored == list(range(1, s.seq + 1))  # what the session holds is exactly what was stored
    assert Session.open(open_store(f"sqlite://{db}"), s.code).game.state.log == s.game.state.log
    store._connection().execute("PRAGMA max_page_count = 1073741823")
    assert s.advance_bots(limit=5) == 5


def test_postgresql_down_then_restarted(pg_server):
    """The server stops: StoreUnavailable, the game unchanged; it starts again: the retry works; a restart
    between two decisions is not even noticed (the broken connection is opened anew)."""
    url = pg_server.new_database()
    store = open_store(url)
    s = Session.create(store, SETUP, new_token())
    s.advance_bots(limit=5)
    pg_server.restart()
    assert s.advance_bots(limit=5) == 5  # the restart between two decisions: reconnected
    watcher = Session.open(open_store(url), s.code)
    pg_server.stop()
    try:
        before = (s.seq, s.game.save())
        with pytest.raises(StoreUnavailable):
            s.advance_bots(limit=1)
        with pytest.raises(StoreUnavailable):
            watcher.refresh()
        assert (s.seq, s.game.save()) == before
    finally:
        pg_server.start()
        pg_server.wait_ready()
    assert s.advance_bots(limit=3) == 3
    assert watcher.refresh() and watcher.game.state.log == s.game.state.log
    assert Session.open(open_store(url), s.code).game.save() == s.game.save()


def test_two_stores_race_for_the_same_decision(store_url):
    """Two devices (two connections) answer the same pending decision: exactly one is stored."""
    a_store, b_store = open_store(store_url), open_store(store_url)
    host = new_token()
    a = Session.create(a_store, {**SETUP, "solo": False}, host)
    b = Session.open(b_store, a.code)
    assert a.bot_turn() and not b.game.decisions
    with pytest.raises(StaleDecision) as err:
        b.advance_bots(limit=1) if False else b._write([("pace", {"paused": True})])
    assert err.value.session is b and b.seq == a.seq == 1 and b.game.state.log == a.game.state.log
    assert "quicker" in err.value.sentence()
