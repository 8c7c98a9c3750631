"""Benchmark of pushed changes and of storing a step (issue 47, item 4). Prints figures; asserts nothing.

    PYTHONPATH=$PWD .venv/bin/python tests/session/bench_push.py [--writes 40] [--no-postgresql]

1. **Stored -> heard**: a writer process appends a bot decision every 0.2 s; this process follows the game
   (``Session.follow``) and notes when its callback is called. The writer prints ``time.time()`` just after each
   commit (one machine: one clock). SQLite (the watched file, ``session/watch.py``) and PostgreSQL (NOTIFY to
   this process's listener, ``session/listen.py``); for comparison, what a poll every 0.1 s / 0.25 s would add
   on average (half its interval).
2. **Storing a step**: the bots' decisions of a 4-player planning step (44), stored one append each
   (``advance_bots``, as before) or in one append (``bot_steps``), on each store; median of a few steps.
The browser's view of the same (click on one page -> shown on the others) is ``tests/browser/bench_together.py``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from shogun_tutor.session import Session, new_token, notify, open_store  # noqa: E402

SETUP = {"players": 4, "side": "sun", "seed": 3, "setup": "beginner", "solo": False}
WRITER = """
import sys, time
from shogun_tutor.session import Session, open_store
s = Session.open(open_store(sys.argv[1]), sys.argv[2])
for _ in range(int(sys.argv[3])):
    time.sleep(0.2)
    if not s.bot_turn():
        break
    print(repr(time.time()), flush=True)
"""


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def heard_after_stored(url: str, writes: int) -> list[float]:
    """ms from the writer's commit to this process's callback, one per write."""
    session = Session.create(open_store(url), SETUP, new_token())
    heard: list[float] = []
    ready = threading.Event()
    subscription = session.follow(lambda: (heard.append(time.time()), ready.set()))
    ready.wait(5)  # PostgreSQL: told once when its LISTEN is in place
    time.sleep(0.3)
    heard.clear()
    done = subprocess.run([sys.executable, "-c", WRITER, url, session.code, str(writes)], capture_output=True, text=True,
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=300)
    time.sleep(0.3)
    subscription.close()
    stored = [float(x) for x in done.stdout.split()]
    delays = []
    for t in stored:
        after = [h for h in heard if h >= t - 0.001]  # a hint may come a hair before the writer's clock is read
        if after:
            delays.append(max(0.0, (after[0] - t) * 1000))
    return delays


def step_storing(url: str, repeats: int = 5) -> tuple[float, float]:
    """Seconds to store a planning step's bot decisions: one append each, and in one append (medians)."""
    each, one = [], []
    for i in range(repeats):
        a = Session.create(open_store(url), {**SETUP, "seed": 10 + i}, new_token())
        b = Session.create(open_store(url), {**SETUP, "seed": 10 + i}, new_token())
        n = len([d for d in _plan_step(a)])
        started = time.perf_counter()
        b.advance_bots(limit=n)
        each.append(time.perf_counter() - started)
        c = Session.create(open_store(url), {**SETUP, "seed": 10 + i}, new_token())
        started = time.perf_counter()
        c.bot_steps(mark=True, limit=n)
        one.append(time.perf_counter() - started)
        assert [e.body for e in b.entries()] == [e.body for e in c.entries()]
    return statistics.median(each), statistics.median(one)


def _plan_step(session: Session) -> list:
    """The decisions of the first planning step (until the first placement), decided in memory only."""
    game = session.game
    made = []
    while game.state.phase == "plan" or not made:
        who = game.to_decide()
        d, _r = session.bots[who[1]].decide_with_reason(game)
        game.apply(d)
        made.append(d)
    return made


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--writes", type=int, default=40)
    ap.add_argument("--no-postgresql", action="store_true")
    args = ap.parse_args()
    import tempfile

    folder = tempfile.mkdtemp(prefix="bench-push-")
    stores = [("SQLite (watched file)", f"sqlite:///{folder}/s.sqlite3", 0.1)]
    pg = None
    if not args.no_postgresql:
        from tests.pgserver import PgServer

        pg = PgServer().start()
        pg.wait_ready()
        stores.append(("PostgreSQL (NOTIFY)", pg.new_database(), 0.25))
    print(f"machine: {os.cpu_count()} cores; load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg()))
    try:
        for name, url, poll in stores:
            delays = heard_after_stored(url, args.writes)
            print(f"{name}: stored in another process -> heard here: median {statistics.median(delays):.1f} ms, "
                  f"p95 {pct(delays, 0.95):.1f} ms, max {max(delays):.1f} ms ({len(delays)} of {args.writes} writes); "
                  f"a poll every {poll} s would wait {poll * 500:.0f} ms on average, up to {poll * 1000:.0f} ms")
            each, one = step_storing(url)
            print(f"{name}: a planning step's bot decisions stored one append each {each * 1000:.0f} ms, "
                  f"in one append {one * 1000:.0f} ms (median of 5, the bots' thinking included)")
    finally:
        notify.close_all()
        if pg is not None:
            pg.destroy()


if __name__ == "__main__":
    main()
