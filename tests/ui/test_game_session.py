"""The guided game is a view of a stored session: a reload (a new panel, a new kernel) continues it."""

from __future__ import annotations

import pytest

from shogun_tutor.session import Session, StoreUnavailable, open_store
from shogun_tutor.ui.app import build_app
from shogun_tutor.ui.game_panel import GamePanel


def test_every_step_is_stored_and_a_new_page_continues_it():
    panel = GamePanel(players=4, seed=3)
    for _ in range(6):
        panel.next_step()
    stored = Session.open(panel.store, panel.code)
    assert stored.game.save() == panel.game.save() and stored.marks == panel._marks
    again = GamePanel(players=3, seed=9)  # another page: its own new game first
    assert again.open_session(panel.code)
    assert again.game.save() == panel.game.save() and again.players.value == 4 and again.seed.value == "3"
    assert again.steps.reasons == panel.steps.reasons  # the bots' reasons come back with their decisions
    again.undo()  # the undo points are stored too
    panel.session.refresh()
    assert panel.game.save() == again.game.save()
    again.next_step()
    assert Session.open(panel.store, panel.code).game.save() == again.game.save()


def test_the_learner_keeps_the_seat_after_a_reload():
    panel = GamePanel(players=3, seed=2)
    panel.human.value = 1
    while not panel.learner_to_decide():
        panel.next_step()
    plan = panel.plan_board.model if panel.plan_board is not None else None
    assert plan is not None
    again = GamePanel()
    again.open_session(panel.code)
    assert again.human.value == 1 and again.learner_to_decide() and again.session.seats_of(again.token) == [1]


def test_a_store_that_cannot_be_written_changes_nothing_and_the_retry_works(monkeypatch):
    panel = GamePanel(players=3, seed=5)
    panel.next_step()
    before, seq = panel.game.save(), panel.session.seq
    real = panel.store.append

    def down(*args, **kwargs):
        raise StoreUnavailable("disk I/O error")

    monkeypatch.setattr(panel.store, "append", down)
    panel.next_round()
    assert panel.game.save() == before and panel.session.seq == seq
    assert "could not be saved" in panel.notice.value
    monkeypatch.setattr(panel.store, "append", real)
    panel.next_round()
    assert panel.notice.value == "" and panel.session.seq > seq
    assert Session.open(panel.store, panel.code).game.save() == panel.game.save()


def test_the_address_carries_the_game_and_the_step_read_again():
    app = build_app()
    app.show("game")
    panel = app.panel("game")
    assert app.address.params == {"game": None, "step": None}  # not played yet: not stored, nothing to reopen
    for _ in range(3):
        panel.next_step()
    assert panel.session.stored
    panel.back()
    step = panel.steps.cursor + 1  # the address counts steps from 1, as docs/sessions.md and visit.py say
    assert app.address.params == {"game": panel.code, "step": str(step)}
    other = build_app()
    other.open_from_query(f"lang=nl&game={panel.code}&step={step}")
    shown = other.panel("game")
    assert other.tab.selected_index == 3 and shown.code == panel.code and shown.steps.cursor == step - 1
    assert shown.game.save() == panel.game.save() and shown.notice.value == ""


@pytest.mark.parametrize("step", ["0", "999"])
def test_a_step_the_game_does_not_have_is_said(step):
    """``step=0`` (the address counts from 1) and a step past the game's end: one sentence, the game where it stands."""
    app = build_app()
    app.show("game")
    panel = app.panel("game")
    for _ in range(3):
        panel.next_step()
    steps = len(panel.steps.steps(panel.game))
    other = build_app()
    other.open_from_query(f"game={panel.code}&step={step}")
    shown = other.panel("game")
    assert shown.code == panel.code and shown.steps.in_present(shown.game)
    assert f"This game has {steps} steps, so there is no step {step}" in shown.notice.value


def test_a_store_that_cannot_be_opened_is_said_on_the_page_and_games_are_stored_once_it_is_back(tmp_path, monkeypatch,
                                                                                                 caplog):
    """No silent stand-in (issue 51): the page says games are not stored, the log warns; once the store can be
    opened, the next new game is stored in it."""
    from shogun_tutor.session import opening as store_module

    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("SHOGUN_TUTOR_DATABASE_URL", f"sqlite://{blocked / 'sessions.sqlite3'}")
    monkeypatch.setattr(store_module, "_SHARED", {})
    monkeypatch.setattr(store_module, "_MEMORY", {})
    monkeypatch.setattr(store_module, "_TRIED", {})
    monkeypatch.setattr(store_module, "RETRY_S", 0.0)
    with caplog.at_level("WARNING", logger="shogun_tutor.session"):
        app = build_app()
        app.show("game")
    panel = app.panel("game")
    assert "Games are not being stored" in panel.store_notice.value
    assert any("NOT being stored" in r.getMessage() for r in caplog.records)
    panel.next_step()
    assert panel.session.store is not None and panel.store_problem is not None
    panel.open_session("ACDEFG")  # a code while the store is unreadable: not "no game has the code" (issue 51)
    assert "The stored games cannot be read just now" in panel.notice.value and "No game has" not in panel.notice.value
    monkeypatch.setenv("SHOGUN_TUTOR_DATABASE_URL", f"sqlite://{tmp_path / 'back' / 'sessions.sqlite3'}")
    panel.new_game()
    panel.next_step()
    assert panel.store_notice.value == "" and panel.store_problem is None
    assert Session.open(open_store(f"sqlite://{tmp_path / 'back' / 'sessions.sqlite3'}"), panel.code).seq > 0


@pytest.mark.parametrize("code", ["WWWWWW", "not-a-code", "0O1IL2"])
def test_a_wrong_code_is_one_sentence_and_keeps_the_game(code):
    app = build_app()
    app.open_from_query(f"game={code}")
    panel = app.panel("game")
    assert "No game has the code" in panel.notice.value and panel.game is not None
    assert app.address.params["game"] is None  # the new game kept, not stored before its first decision


def test_a_new_game_is_stored_at_its_first_decision_only():
    """Every New game is a session from its first decision: one never played leaves nothing in the store."""
    panel = GamePanel(players=3, seed=4)
    store = panel.store
    known = {i.code for i in store.list_sessions()}
    panel.human.value = 1  # a seat taken before any decision: held in the page, stored with the first decision
    for seed in ("5", "6", "7"):
        panel.seed.value = seed  # three new games, none played
        panel.new_game()
    assert not panel.session.stored and {i.code for i in store.list_sessions()} == known
    assert store.session(panel.code) is None and panel.session.refresh() is False
    panel.next_step()  # the bots' first decisions
    assert panel.session.stored
    added = {i.code for i in store.list_sessions()} - known
    assert added == {panel.code}
    again = Session.open(store, panel.code)
    assert again.game.save() == panel.game.save() and again.seats_of(panel.token) == [1]
    assert [e.kind for e in again.entries()][0] == "seat"  # the seat first, then the decisions, one log


def test_a_damaged_stored_game_is_one_sentence_on_the_page():
    """Issue 51: a stored entry that is not JSON raised JSONDecodeError out of ``open_from_query``."""
    app = build_app()
    app.show("game")
    panel = app.panel("game")
    for _ in range(2):
        panel.next_step()
    store = panel.store
    with store._transaction() as cur:
        cur.execute(store._sql("UPDATE entries SET body = ? WHERE code = ? AND seq = ?"), ("{broken", panel.code, 1))
    other = build_app()
    other.open_from_query(f"game={panel.code}")
    shown = other.panel("game")
    assert f"The stored game {panel.code} is damaged and cannot be opened" in shown.notice.value
    assert shown.game is not None and shown.code != panel.code
