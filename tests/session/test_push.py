"""Changes pushed to the followers of a game (session/notify.py, listen.py, watch.py; issue 47 item 4): nothing
here polls the store: each follower waits on what its callback is told, then reads.

PostgreSQL: a decision stored by another process reaches this one by NOTIFY, and the listener survives a restarted
server. SQLite: another store object of this process is told at once; another process through the watched file."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from shogun_tutor.session import Session, new_token, open_store
from shogun_tutor.session import notify

ROOT = Path(__file__).resolve().parents[2]
SETUP = {"players": 3, "side": "sun", "seed": 5, "setup": "beginner", "solo": False}
WAIT_S = 60.0  # a bound on a loaded machine, not a timing assertion
WRITE = ("import sys; from shogun_tutor.session import Session, open_store; "
         "s = Session.open(open_store(sys.argv[1]), sys.argv[2]); assert s.bot_turn(); print(s.seq)")


@pytest.fixture(autouse=True)
def _listeners():
    yield
    notify.close_all()


def write_elsewhere(url: str, code: str) -> int:
    """One bot decision stored by another process; its new sequence number."""
    done = subprocess.run([sys.executable, "-c", WRITE, url, code], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
    assert done.returncode == 0, done.stderr
    return int(done.stdout.split()[-1])


def until(predicate, timeout: float = WAIT_S) -> bool:
    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > end:
            return False
        time.sleep(0.02)
    return True


class Heard:
    """A follower's callback: counts the hints, and an event to wait on."""

    def __init__(self):
        self.event, self.count = threading.Event(), 0

    def __call__(self) -> None:
        self.count += 1
        self.event.set()

    def wait(self) -> bool:
        ok = self.event.wait(WAIT_S)
        self.event.clear()
        return ok


def test_sqlite_another_store_object_of_this_process_is_told_at_once(tmp_path):
    url = f"sqlite:///{tmp_path / 's.sqlite3'}"
    writer = Session.create(open_store(url), SETUP, new_token())
    follower = Session.open(open_store(url), writer.code)  # another store object on the same file
    heard = Heard()
    subscription = follower.follow(heard)
    assert writer.bot_turn()
    assert heard.count >= 1  # told in the writer's own call, before any read
    assert follower.refresh() and follower.seq == writer.seq
    subscription.close()
    before = heard.count
    assert writer.bot_turn()
    assert heard.count == before  # no longer following


def test_a_store_in_memory_tells_its_followers():
    store = open_store("sqlite://")
    writer = Session.create(store, SETUP, new_token())
    follower = Session.open(store, writer.code)
    heard = Heard()
    subscription = follower.follow(heard)
    assert not subscription.pushed  # nothing across processes: such a page polls as before
    assert subscription.interval(0.1) == 0.1
    writer.advance_bots(limit=3)
    assert heard.count >= 3 and follower.refresh() and follower.seq == writer.seq
    subscription.close()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="inotify is Linux's")
def test_sqlite_file_written_by_another_process_is_pushed(tmp_path):
    url = f"sqlite:///{tmp_path / 's.sqlite3'}"
    follower = Session.create(open_store(url), SETUP, new_token())
    heard = Heard()
    subscription = follower.follow(heard)
    assert subscription.pushed and subscription.interval(0.1) == subscription.source.fallback_s
    seq = write_elsewhere(url, follower.code)
    assert heard.wait(), "no change was pushed from the other process"
    assert until(lambda: follower.refresh() or follower.seq == seq, 5) and follower.seq == seq
    subscription.close()
    assert not subscription.source.working  # the folder is no longer watched


def test_postgresql_notify_reaches_another_process_without_polling(pg_server):
    url = pg_server.new_database()
    follower = Session.create(open_store(url), SETUP, new_token())
    heard = Heard()
    subscription = follower.follow(heard)
    assert heard.wait(), "the listener did not start listening"  # told once when its LISTEN is in place
    assert subscription.pushed and subscription.interval(0.25) == subscription.source.fallback_s
    seq = write_elsewhere(url, follower.code)
    assert heard.wait(), "the NOTIFY did not reach this process"
    assert follower.refresh() and follower.seq == seq
    listener = subscription.source
    subscription.close()  # the last follower of that database here: its listener ends, its connection closes
    assert until(lambda: not listener._thread.is_alive()) and notify.store_key(follower.store) not in notify._SOURCES


def test_postgresql_listener_reconnects_after_the_server_restarts(pg_server):
    url = pg_server.new_database()
    follower = Session.create(open_store(url), SETUP, new_token())
    heard = Heard()
    subscription = follower.follow(heard)
    listener = subscription.source
    assert heard.wait() and listener.connections == 1
    pg_server.restart()
    assert until(lambda: listener.connections >= 2 and listener.working), "the listener did not reconnect"
    assert listener.failures >= 1
    assert heard.wait()  # told after reconnecting: a change may have come while it was away
    seq = write_elsewhere(url, follower.code)
    assert heard.wait(), "no NOTIFY after the restart"
    assert follower.refresh() and follower.seq == seq
    subscription.close()


def test_a_listener_that_cannot_connect_raises_nothing_and_pages_poll():
    from shogun_tutor.session.listen import Listener

    fired = []
    listener = Listener("postgresql://nobody@127.0.0.1:1/none?connect_timeout=1", fired.append, lambda: {"K7X4PQ"})
    try:
        time.sleep(1.0)  # a few attempts, with pauses between them
        assert listener._thread.is_alive() and not listener.working  # still trying, quietly
        assert listener.connections == 0 and fired == []
    finally:
        listener.stop(timeout=10.0)
    assert not listener._thread.is_alive()


def test_a_step_of_bot_decisions_is_one_append_one_notification_and_the_same_log(store_url):
    """session/stepping.py: the bots' decisions of a step, stored at once, make the very log that storing each
    decision by itself makes; the pages following the game hear of the step once."""
    one = Session.create(open_store(store_url), SETUP, new_token())
    each = Session.create(open_store(store_url), SETUP, new_token())
    heard = Heard()
    subscription = one.follow(heard)
    heard.count = 0  # (a listener's first hint, when it starts listening, is not a change)
    made = one.bot_steps(mark=True, limit=40)
    assert made == 40 and one.seq == 40 and heard.count >= 1
    if one.store.kind == "sqlite":
        assert heard.count <= 10  # this process's hint and the watched file's (once per burst of writes): not 40
    assert each.advance_bots(limit=40) == 40
    assert [e.body for e in one.entries()] == [e.body for e in each.entries()]
    assert Session.open(one.store, one.code).game.save() == one.game.save()
    assert one.marks == each.marks == [0]
    subscription.close()


def test_a_step_stored_second_is_taken_back_whole(tmp_path):
    url = f"sqlite:///{tmp_path / 's.sqlite3'}"
    a = Session.create(open_store(url), SETUP, new_token())
    b = Session.open(open_store(url), a.code)
    assert a.bot_turn()  # b has not seen it
    assert b.bot_steps(limit=10) == 0  # another device was first: nothing of b's step stays
    assert b.seq == a.seq == 1 and len(b.game.decisions) == 1
    assert b.game.save() == a.game.save()
