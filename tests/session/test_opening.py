"""True sentences when the store fails, and no silent stand-in: an unreadable store is not an unknown code, a read
is not a write, and the health endpoint says whether games are stored (issue 51)."""

from __future__ import annotations

import asyncio

import pytest

from shogun_tutor.session import (CodeNotFound, Session, StoreReadFailed, new_token, open_store, shared_store,
                                  store_status)
from shogun_tutor.session import opening

SETUP = {"players": 3, "side": "sun", "seed": 2, "setup": "beginner"}


def test_an_unreadable_store_is_not_an_unknown_code(tmp_path):
    path = tmp_path / "sessions.sqlite3"
    store = open_store(f"sqlite://{path}")
    s = Session.create(store, SETUP, new_token())
    s.advance_bots(limit=2)
    store.close()
    for extra in ("-wal", "-shm"):
        (tmp_path / f"sessions.sqlite3{extra}").unlink(missing_ok=True)
    path.write_bytes(b"this is not a database" * 500)  # what a disk fault or a bad restore leaves
    with pytest.raises(StoreReadFailed) as err:  # before: CodeNotFound, "No game has the code …"
        Session.open(store, s.code)
    assert not isinstance(err.value, CodeNotFound)
    sentence = err.value.sentence()
    assert sentence == ("The stored games cannot be read just now; nothing was changed. Try again in a moment, "
                        "or tell whoever runs this server.")


def test_a_read_that_fails_does_not_say_a_step_was_not_saved(tmp_path):
    store = open_store(f"sqlite://{tmp_path / 's.sqlite3'}")
    s = Session.create(store, SETUP, new_token())
    store.close()
    (tmp_path / "s.sqlite3").write_bytes(b"\0" * 4096)
    with pytest.raises(StoreReadFailed) as err:  # before: "The game could not be saved just now, so this step …"
        s.refresh()
    assert "saved" not in err.value.sentence() and "cannot be read" in err.value.sentence()


def test_health_says_whether_games_are_stored(tmp_path, monkeypatch, pg_server):
    from shogun_tutor import serve

    monkeypatch.setenv(opening.DATABASE_ENV, "postgresql://nobody:secret@127.0.0.1:1/none?connect_timeout=1")
    monkeypatch.setattr(serve, "_STORE_SEEN", {})
    down = asyncio.run(serve.games_status())
    assert down["stored"] is False and "secret" not in str(down) and down["problem"]
    assert asyncio.run(serve.games_status()) is down  # asked again only after STORE_CHECK_S
    monkeypatch.setenv(opening.DATABASE_ENV, pg_server.new_database())
    assert asyncio.run(serve.games_status(now=10**9))["stored"] is True  # the database is back
    monkeypatch.setenv(opening.DATABASE_ENV, f"sqlite://{tmp_path / 'ok.sqlite3'}")
    assert store_status() == {"stored": True, "store": "sqlite"}


def test_the_stand_in_is_used_only_while_the_configured_store_is_down(tmp_path, monkeypatch, caplog):
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    monkeypatch.setenv(opening.DATABASE_ENV, f"sqlite://{blocked / 'x.sqlite3'}")
    for name in ("_SHARED", "_MEMORY", "_TRIED"):
        monkeypatch.setattr(opening, name, {})
    with caplog.at_level("WARNING", logger="shogun_tutor.session"):
        store, problem = shared_store(now=0.0)
        again, same = shared_store(now=1.0)  # not tried again before RETRY_S
    assert problem is not None and same is problem and again is store
    assert sum("NOT being stored" in r.getMessage() for r in caplog.records) == 1
    monkeypatch.setenv(opening.DATABASE_ENV, f"sqlite://{tmp_path / 'good.sqlite3'}")
    with caplog.at_level("WARNING", logger="shogun_tutor.session"):
        real, none = shared_store(now=1.0 + opening.RETRY_S)
    assert none is None and real is not store and real.path.endswith("good.sqlite3")
    assert any("is back" in r.getMessage() for r in caplog.records)
