"""Property tests of sessions: replay equals live play (with undos, both expansions), two devices racing
always leave one winner and one identical game, and the replay is the same in another process."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shogun_tutor.rules.game import new_game
from shogun_tutor.rules.state import Decision
from shogun_tutor.session import Session, StaleDecision, new_token, open_store

ROOT = Path(__file__).resolve().parents[2]

setups = st.builds(
    lambda players, side, seed, draft, tenno, samurai, bots: {
        "players": players, "side": side, "seed": seed, "setup": "draft" if draft or side == "moon" else "beginner",
        "expansions": [e for e, on in (("tenno", tenno), ("samurai", samurai)) if on], "bots": bots},
    st.integers(3, 5), st.sampled_from(["sun", "moon"]), st.integers(0, 10**9), st.booleans(), st.booleans(),
    st.booleans(), st.sampled_from(["random", "heuristic"]))
# a script of what the devices do: ("bots", n) lets the bots play n decisions, ("undo",) the host's undo
scripts = st.lists(st.one_of(st.tuples(st.just("bots"), st.integers(1, 60)), st.just(("undo",))), min_size=1, max_size=12)


def fingerprint(session: Session) -> str:
    return hashlib.sha256(session.game.save().encode()).hexdigest()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups, scripts)
def test_replay_equals_live_play(setup, script):
    store = open_store("sqlite://")
    host = new_token()
    live = Session.create(store, setup, host)
    follower = Session.open(store, live.code)
    plain = new_game(players=setup["players"], side=setup["side"], seed=setup["seed"], setup=setup["setup"],
                     expansions=tuple(setup["expansions"]))
    for step in script:
        if step[0] == "bots":
            live.advance_bots(limit=step[1])
        elif live.marks:
            live.undo(host)
        follower.refresh()
        assert follower.game.save() == live.game.save() and follower.marks == live.marks
    # the engine alone, fed the surviving decisions, arrives at the same game: the store holds a legal game
    for d in live.game.decisions:
        plain.apply(d)
    assert plain.save() == live.game.save()
    reopened = Session.open(store, live.code)
    assert reopened.game.save() == live.game.save() and reopened.game.state.log == live.game.state.log
    assert reopened.reasons == live.reasons and reopened.marks == live.marks and reopened.seq == live.seq


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 30), st.integers(0, 10**6))
def test_concurrent_appends_one_winner(seed, warmup, pick):
    """Two devices hold the same seat and answer the same pending decision, in either order: the first
    write wins, the second is refused with the winner's game, and both devices then agree."""
    store = open_store("sqlite://")
    host, ann = new_token(), new_token()
    a = Session.create(store, {"players": 3, "side": "sun", "seed": seed, "setup": "beginner", "bots": "random"},
                       host, seats={0: ann})
    a.release_seat(0, ann)
    a.advance_bots(limit=warmup)
    who = a.to_decide()
    if who is None:
        return
    a.claim_seat(who[1], ann)
    b = Session.open(store, a.code)
    options = a.game.legal_decisions()
    da, db = options[pick % len(options)], options[(pick // 7) % len(options)]
    a.submit(da, ann, expected_seq=a.seq)
    with pytest.raises(StaleDecision):
        b.submit(db, ann, expected_seq=b.seq)
    assert b.game.save() == a.game.save() and b.game.decisions[-1] == da
    seqs = [e.seq for e in a.entries()]
    assert seqs == list(range(1, len(seqs) + 1))


REPLAY = """
import hashlib, sys
from shogun_tutor.session import Session, open_store
s = Session.open(open_store(sys.argv[1]), sys.argv[2])
d, r = s.bots[0].decide_with_reason(s.game) if s.game.to_decide() else (None, None)
print(hashlib.sha256(s.game.save().encode()).hexdigest(), s.seq, d)
"""


def test_the_same_log_replays_the_same_in_other_processes(tmp_path):
    db = tmp_path / "s.sqlite3"
    url = f"sqlite://{db}"
    host = new_token()
    s = Session.create(open_store(url), {"players": 5, "side": "moon", "seed": 99, "setup": "draft",
                                         "expansions": ["tenno", "samurai"]}, host)
    s.advance_bots(limit=150)
    s.undo(host)
    s.advance_bots(limit=40)
    outputs = set()
    for hashseed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hashseed, "PYTHONPATH": str(ROOT)}
        done = subprocess.run([sys.executable, "-c", REPLAY, url, s.code], env=env, capture_output=True, text=True,
                              timeout=300, check=True)
        outputs.add(done.stdout.strip())
    assert len(outputs) == 1
    digest, seq, _next = outputs.pop().split(" ", 2)
    assert digest == fingerprint(s) and int(seq) == s.seq
