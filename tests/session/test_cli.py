"""``shogun-tutor sessions list`` / ``prune --days N``: every removal printed, nothing silent."""

from __future__ import annotations

import time

import pytest

from shogun_tutor.__main__ import main
from shogun_tutor.session import Session, new_token, open_store

SETUP = {"players": 3, "side": "sun", "seed": 1, "setup": "beginner"}


def test_list_and_prune_print_what_they_do(store_url, capsys):
    store = open_store(store_url)
    old = Session.create(store, SETUP, new_token())
    old.advance_bots(limit=4)
    fresh = Session.create(store, SETUP, new_token())
    with store._transaction() as cur:  # the old game was last changed 40 days ago
        cur.execute(store._sql("UPDATE sessions SET updated = ? WHERE code = ?"), (time.time() - 40 * 86400, old.code))
    assert main(["sessions", "--database", store_url, "list"]) == 0
    out = capsys.readouterr().out
    assert old.code in out and fresh.code in out and "4 entries" in out and "2 stored game(s)" in out
    assert main(["sessions", "--database", store_url, "prune", "--days", "30"]) == 0
    out = capsys.readouterr().out
    assert f"removed {old.code}" in out and "4 entries" in out and "removed 1 game(s)" in out and fresh.code not in out
    assert "1 stored game(s) remain" in out
    assert main(["sessions", "--database", store_url, "prune", "--days", "30"]) == 0
    assert "removed 0 game(s)" in capsys.readouterr().out  # never silent, also when nothing is removed
    assert [i.code for i in store.list_sessions()] == [fresh.code]


@pytest.mark.parametrize("days", ["-1", "nan", "many", "1e9"])
def test_prune_refuses_a_bad_number_of_days(days, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["sessions", "--database", "sqlite://", "prune", "--days", days])
    assert exit_.value.code == 2 and "--days" in capsys.readouterr().err


def test_an_unreachable_store_is_one_line(capsys):
    assert main(["sessions", "--database", "postgresql://nobody@127.0.0.1:1/none?connect_timeout=1", "list"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: cannot open the game store") and "Traceback" not in err
