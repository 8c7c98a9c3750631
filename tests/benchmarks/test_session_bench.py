"""Session figures (run with `make benchmark`; skipped in the normal test run). Prints, does not assert:

* replaying a whole stored 5-player game (``Session.open``) from SQLite and PostgreSQL;
* one idle ``refresh()`` poll (nothing new): µs per poll, and the CPU it costs per minute at one poll a
  second (one idle kernel following a session);
* appending one decision (one transaction) to SQLite (WAL) and PostgreSQL.

``python -m pytest --benchmark-only --benchmark-enable -s tests/benchmarks/test_session_bench.py``
"""

from __future__ import annotations

import statistics
import time

import pytest

from shogun_tutor.session import Session, new_token, open_store

SETUP = {"players": 5, "side": "sun", "seed": 11, "setup": "beginner", "expansions": ["tenno", "samurai"]}


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite://{tmp_path / 's.sqlite3'}"
    from ..pgserver import PgServer, pg_bin

    if pg_bin() is None:
        pytest.skip("PostgreSQL is not installed")
    server = PgServer().start()
    server.wait_ready()
    request.addfinalizer(server.destroy)
    return server.new_database()


def _ms(values):
    values = sorted(values)
    return f"median {statistics.median(values):.2f} ms, p90 {values[int(0.9 * len(values))]:.2f} ms"


def test_bench_session_store(benchmark, url):
    kind = url.split(":")[0]
    store = open_store(url)
    host = new_token()
    s = Session.create(store, SETUP, host)
    appends = []
    while not s.game.over:
        t = time.perf_counter()
        if not s.bot_turn():
            break
        appends.append(time.perf_counter() - t)
    decisions, entries = len(s.game.decisions), s.seq
    # the bot's thinking is part of bot_turn: time the store's own append apart
    pure = []
    for _ in range(200):
        t = time.perf_counter()
        s._write([("pace", {"paused": False})])
        pure.append(1000 * (time.perf_counter() - t))
    print(f"\n[{kind}] a whole 5-player game with both expansions: {decisions} decisions, {entries} entries "
          f"(+200 pacing entries timed below)")
    print(f"[{kind}] append one entry (one transaction): {_ms(pure)}; a bot decision incl. thinking and storing: "
          f"{_ms([1000 * a for a in appends])}")
    opens = []
    for _ in range(5):
        t = time.perf_counter()
        again = Session.open(open_store(url), s.code)
        opens.append(1000 * (time.perf_counter() - t))
    assert again.game.save() == s.game.save()
    print(f"[{kind}] replay the whole game (Session.open, {decisions} decisions, with the undo history the guided "
          f"game reads back from): {_ms(opens)}")
    polls = 2000
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(polls):
        again.refresh()
    cpu, wall = (time.process_time() - cpu) / polls, (time.perf_counter() - wall) / polls
    print(f"[{kind}] idle refresh(): {wall * 1e6:.0f} µs wall, {cpu * 1e6:.0f} µs CPU per poll; at one poll a second "
          f"{cpu * 60 * 1000:.1f} ms CPU per minute = {cpu * 100:.3f} % of one core")
    benchmark(again.refresh)
