"""The store in memory (the static build's: Pyodide has no sqlite3) keeps the promises of the SQL stores."""

from __future__ import annotations

import time

import pytest

from shogun_tutor.session import Session, new_token
from shogun_tutor.session.errors import CodeInUse, Conflict
from shogun_tutor.session.memory import MAX_SESSIONS, MemoryStore

SETUP = {"players": 4, "side": "sun", "seed": 11, "setup": "beginner"}


def test_appends_take_the_next_numbers_or_none():
    store = MemoryStore()
    store.create_session("ACDEFG", {"players": 3}, "h")
    store.append("ACDEFG", 0, [("pace", {"paused": True}), ("pace", {"paused": False})], "n1")
    with pytest.raises(Conflict):
        store.append("ACDEFG", 1, [("pace", {"paused": True})], "n2")
    store.append("ACDEFG", 0, [("pace", {"paused": True})], "n1")  # the same nonce: stored already
    assert [(e.seq, e.body) for e in store.entries_after("ACDEFG", 0)] == [(1, {"paused": True}), (2, {"paused": False})]
    assert store.entries_after("ACDEFG", 2) == []
    body = store.entries_after("ACDEFG", 0)[0].body
    body["paused"] = "changed"  # a copy: the store is not changed through it
    assert store.entries_after("ACDEFG", 0)[0].body == {"paused": True}


def test_codes_are_unique_and_the_store_is_bounded():
    store = MemoryStore()
    store.create_session("ACDEFG", {}, "h")
    with pytest.raises(CodeInUse):
        store.create_session("ACDEFG", {}, "h")
    now = time.time()
    for i in range(MAX_SESSIONS + 5):
        store.create_session(f"C{i:05d}", {}, "h", now=now + i)
    assert len(store.list_sessions()) == MAX_SESSIONS
    assert store.session("ACDEFG") is None  # the longest idle went first


def test_list_and_prune():
    store = MemoryStore()
    now = time.time()
    store.create_session("ACDEFG", SETUP, "h", now=now - 40 * 86400)
    store.create_session("HJKMNP", SETUP, "h", now=now - 10 * 86400)
    store.append("HJKMNP", 0, [("pace", {"paused": True})], "x", now=now - 10 * 86400)
    store.create_session("QRTWXY", SETUP, "h", now=now)
    assert [i.code for i in store.list_sessions()] == ["QRTWXY", "HJKMNP", "ACDEFG"]
    assert [g.code for g in store.prune(30, now=now)] == ["ACDEFG"]
    assert [(g.code, g.entries) for g in store.prune(5, now=now)] == [("HJKMNP", 1)]
    assert [i.code for i in store.list_sessions()] == ["QRTWXY"]


def test_a_session_is_stored_and_opened_again():
    store = MemoryStore()
    session = Session.create(store, SETUP, new_token())
    again = Session.open(store, session.code)
    assert again.code == session.code and store.session(session.code) is not None
