"""The static build keeps the guided game in the page (localStorage) and a reload continues it (ui/local_game.py)."""

from __future__ import annotations

import json

import pytest

from shogun_tutor.ui.app import build_app
from shogun_tutor.ui.widgets.address import position_query
from shogun_tutor.session.memory import MemoryStore
from shogun_tutor.ui.local_game import FORMAT, kept_rows, kept_text


@pytest.fixture
def static(monkeypatch):
    """As in the static build: the env it sets, the store in the page's memory (a new page: call it again)."""
    monkeypatch.setenv("SHOGUN_TUTOR_STATIC", "1")

    def page_memory():
        store = MemoryStore()
        monkeypatch.setattr("shogun_tutor.ui.game_panel.shared_store", lambda: (store, None))
        return store
    page_memory()
    return page_memory


def _played(app, steps: int = 4):
    app.show("game")
    panel = app.panel("game")
    for _ in range(steps):
        panel.next_step()
    return panel


def test_a_reload_continues_the_kept_game_at_its_steps(static):
    app = build_app()
    panel = _played(app)
    code, kept = panel.session.code, app.address._kept_sent
    assert json.loads(kept)["code"] == code and json.loads(kept)["format"] == FORMAT
    status, now, state = panel.status.value, panel.now.value, panel.game.state.to_dict()
    static()  # the reload: the page's memory is gone (a fresh store in the new page)
    again = build_app()  # the reloaded page: its address and what its localStorage kept
    query = position_query(app.position())  # the page's address as the app left it: ?game=CODE&step=N&tab=game
    assert f"game={code}" in query
    again.address.kept, again.address.query = kept, query
    again._static_hello()
    panel2 = again.panel("game")
    assert panel2.session.code == code
    assert panel2.status.value == status and panel2.now.value == now and panel2.game.state.to_dict() == state
    panel2.next_step()  # and it goes on, kept again
    assert panel2.now.value != now and json.loads(again.address._kept_sent)["code"] == code


def test_what_the_page_gives_back_is_checked_like_every_stored_game(static):
    app = build_app()
    panel = _played(app, 2)
    code = panel.session.code
    good = kept_text(panel.store, code)
    assert kept_rows(good, code) is not None
    assert kept_rows(good, "HJKMNP") is None  # another game's code
    data = json.loads(good)
    bad_entry = json.loads(good)
    bad_entry["entries"][0][2] = {"d": "lots"}
    bad_host = {**data, "host": "me"}
    hole = {**data, "entries": data["entries"][1:]}
    for text in (json.dumps(bad_entry), json.dumps(bad_host), json.dumps(hole), "{" * 5000, "not json", "[]",
                 "x" * 2_000_001, None, ""):
        assert kept_rows(text, code) is None
    store = MemoryStore()
    from shogun_tutor.ui.local_game import restore_kept

    class Page:
        kept = json.dumps(bad_entry)
    assert not restore_kept(Page, store, code) and store.session(code) is None
def test_off_the_static_build_nothing_is_kept(monkeypatch):
    monkeypatch.delenv("SHOGUN_TUTOR_STATIC", raising=False)
    app = build_app()
    _played(app, 2)
    assert app.address._kept_sent is None


def test_the_notebooks_empty_address_keeps_what_the_pages_address_showed(static):
    """In the static build the page tells its address (``_static_hello``), sometimes before the notebook's own
    ``open_from_query(query_string())`` runs with an empty one: that call once cleared the sentence about an
    unknown demo (found in Chromium: ``?lang=nl&demo=no-such-demo`` showed no sentence)."""
    app = build_app()
    app.address.query = "lang=nl&demo=no-such-demo"
    app._static_hello()
    shown = app.address_notice.value
    assert "no-such-demo" in shown and "castle-defence" in shown
    app.open_from_query("")  # the notebook's call, after the page's hello
    assert app.address_notice.value == shown
    app.set_language("en")
