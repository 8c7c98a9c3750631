"""Fault test: writer processes submit to one session at once and are killed at random (SIGKILL);
afterwards the log is one line of entries without gaps or duplicates that replays to a legal game."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from shogun_tutor.rules.game import new_game
from shogun_tutor.session import Session, new_token, open_store

ROOT = Path(__file__).resolve().parents[2]
WRITERS = 4
KILLS = 10
LIMIT_S = 120.0  # a bound, not a timing assertion: the test ends after KILLS kills or when the game is over


def _start(url: str, code: str, token: str, seed: int, out: Path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "tests.session.writer", url, code, token, str(seed)],
                            stdout=out.open("w"), stderr=subprocess.STDOUT, env=env, cwd=ROOT)


def test_writers_killed_at_random_leave_a_legal_log(store_url, tmp_path):
    token = new_token()
    setup = {"players": 5, "side": "sun", "seed": 17, "setup": "beginner", "solo": False}
    store = open_store(store_url)
    session = Session.create(store, setup, token, seats={i: token for i in range(5)})
    rng = random.Random(5)
    procs: dict[int, subprocess.Popen] = {}
    outputs = []
    kills = 0
    for i in range(WRITERS):
        outputs.append(tmp_path / f"w{len(outputs)}.txt")
        procs[i] = _start(store_url, session.code, token, rng.randrange(10**6), outputs[-1])
    outputs_of = dict(enumerate(outputs))

    def started(i: int) -> bool:  # a writer's imports take seconds on a loaded machine: kill only those writing
        return outputs_of[i].stat().st_size > 0 and procs[i].poll() is None

    deadline = time.monotonic() + LIMIT_S
    while time.monotonic() < deadline and not any(started(i) for i in range(WRITERS)):
        time.sleep(0.1)
    while kills < KILLS and time.monotonic() < deadline:
        time.sleep(rng.uniform(0.1, 0.5))
        if all(procs[i].poll() is not None for i in range(WRITERS)):
            break  # the game is over
        writing = [i for i in range(WRITERS) if started(i)]
        if not writing:
            continue
        victim = rng.choice(writing)
        procs[victim].send_signal(signal.SIGKILL)
        procs[victim].wait()
        kills += 1
        outputs.append(tmp_path / f"w{len(outputs)}.txt")
        outputs_of[victim] = outputs[-1]
        procs[victim] = _start(store_url, session.code, token, rng.randrange(10**6), outputs[-1])
    for p in procs.values():
        p.send_signal(signal.SIGKILL)
        p.wait()
    lines = [line for out in outputs for line in out.read_text().split()]
    crashed = [out.read_text() for out in outputs if "Traceback" in out.read_text()]
    assert not crashed, crashed[0]
    counts = {k: lines.count(k) for k in ("submit", "ok", "stale", "unavailable", "undo")}
    entries = Session.open(open_store(store_url), session.code).entries()
    print(f"\n[{store_url.split(':')[0]}] {WRITERS} writers, {len(outputs)} processes, {kills} SIGKILLs: "
          f"{counts['submit']} submissions, {counts['ok']} stored (incl. {counts['undo']} undos tried), "
          f"{counts['stale']} rejected as stale, {counts['unavailable']} store unavailable; {len(entries)} entries")
    # one line of entries: 1..n, no gap, no duplicate (the primary key forbids forks)
    assert [e.seq for e in entries] == list(range(1, len(entries) + 1))
    assert counts["submit"] > 20 and kills > 0
    # stored: at least every confirmed write (a killed writer may also have committed one it never confirmed)
    assert len(entries) >= counts["ok"]
    # the log replays (Session.open checks every decision with the engine) to the game the engine alone plays
    reopened = Session.open(open_store(store_url), session.code)
    plain = new_game(players=5, side="sun", seed=17, setup="beginner")
    for d in reopened.game.decisions:
        plain.apply(d)
    assert plain.save() == reopened.game.save()
    # every device that polls arrives at the same game
    session.refresh()
    assert session.game.save() == reopened.game.save()
