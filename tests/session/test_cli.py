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
        cur.execute(store._sql("UPDATE entries SET created = ? WHERE code = ?"), (time.time() - 40 * 86400, old.code))
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


def _two_games(store_url):
    """A game idle for 40 days and one whose last decision was a minute ago (a class joining it)."""
    store = open_store(store_url)
    idle, playing = Session.create(store, SETUP, new_token()), Session.create(store, SETUP, new_token())
    idle.advance_bots(limit=2)
    playing.advance_bots(limit=2)
    with store._transaction() as cur:
        cur.execute(store._sql("UPDATE sessions SET updated = ? WHERE code = ?"), (time.time() - 40 * 86400, idle.code))
        cur.execute(store._sql("UPDATE entries SET created = ? WHERE code = ?"), (time.time() - 40 * 86400, idle.code))
        cur.execute(store._sql("UPDATE entries SET created = ? WHERE code = ?"), (time.time() - 60, playing.code))
    return store, idle, playing


def test_options_go_before_or_after_the_action(store_url, capsys):
    store, idle, playing = _two_games(store_url)
    assert main(["sessions", "list", "--database", store_url]) == 0
    out = capsys.readouterr().out
    assert idle.code in out and playing.code in out and "2 stored game(s)" in out
    assert main(["sessions", "prune", "--days", "30", "--database", store_url, "--dry-run"]) == 0
    assert f"would remove {idle.code}" in capsys.readouterr().out


def test_prune_dry_run_removes_nothing(store_url, capsys):
    store, idle, playing = _two_games(store_url)
    assert main(["sessions", "--database", store_url, "prune", "--days", "0", "--dry-run", "--yes"]) == 0
    out = capsys.readouterr().out
    assert f"would remove {idle.code}" in out and f"would remove {playing.code}" in out and "nothing was removed" in out
    assert {i.code for i in store.list_sessions()} == {idle.code, playing.code}


def test_a_game_in_play_is_kept_without_yes_and_removed_with_it(store_url, capsys):
    """``prune --days 0`` deleted a game a class was joining (issue 47): now it is kept unless confirmed."""
    store, idle, playing = _two_games(store_url)
    assert main(["sessions", "--database", store_url, "prune", "--days", "0"]) == 0  # no terminal: nobody to ask
    out = capsys.readouterr().out
    assert f"removed {idle.code}" in out and f"kept {playing.code}" in out and "--yes removes it" in out
    assert [i.code for i in store.list_sessions()] == [playing.code]
    assert main(["sessions", "--database", store_url, "prune", "--days", "0", "--yes"]) == 0
    assert f"removed {playing.code}" in capsys.readouterr().out and store.list_sessions() == []


@pytest.mark.parametrize("answer, kept", [("n", True), ("", True), ("y", False)])
def test_a_game_in_play_is_removed_only_after_a_yes_at_the_prompt(store_url, capsys, answer, kept):
    import argparse

    from shogun_tutor.session.cli import run

    store, idle, playing = _two_games(store_url)
    asked = []
    args = argparse.Namespace(database=store_url, sessions_command="prune", days=0.0, dry_run=False, yes=False)
    assert run(args, ask=lambda q: asked.append(q) or answer) == 0
    assert len(asked) == 1 and playing.code in asked[0] and idle.code not in asked[0]
    assert ([i.code for i in store.list_sessions()] == [playing.code]) is kept


def test_list_and_prune_never_create_a_store(tmp_path, capsys):
    typo = tmp_path / "typo" / "x.db"
    for action in (["list"], ["prune", "--days", "1"]):
        assert main(["sessions", *action, "--database", f"sqlite://{typo}"]) == 1
        err = capsys.readouterr().err
        assert err.startswith("error: cannot open the game store") and "nothing was created" in err
        assert not (tmp_path / "typo").exists()
    empty = tmp_path / "empty.db"
    empty.touch()
    assert main(["sessions", "list", "--database", f"sqlite://{empty}"]) == 1
    assert "holds no game store" in capsys.readouterr().err and empty.stat().st_size == 0


def test_list_and_prune_never_create_tables_in_postgresql(pg_server, capsys):
    import psycopg

    url = pg_server.new_database()
    assert main(["sessions", "list", "--database", url]) == 1
    assert "holds no game store" in capsys.readouterr().err
    with psycopg.connect(url) as conn:
        assert conn.execute("SELECT to_regclass('schema_version')").fetchone()[0] is None


def test_a_damaged_row_is_listed_as_damaged(store_url, capsys):
    store, idle, _playing = _two_games(store_url)
    with store._transaction() as cur:
        cur.execute(store._sql("UPDATE sessions SET created = ? WHERE code = ?"), (-5, idle.code))
    assert main(["sessions", "list", "--database", store_url]) == 0
    out = capsys.readouterr().out
    assert f"{idle.code}  DAMAGED" in out and "2 stored game(s)" in out
