"""The small parts of "Play together": the address widget, the poller, the hot-seat curtain."""

from __future__ import annotations

import asyncio

import pytest

from shogun_tutor import i18n
from shogun_tutor.ui.widgets.address import Address, position_query
from shogun_tutor.ui.curtain import Curtain
from shogun_tutor.ui.widgets.live import Poller


@pytest.fixture
def sent(monkeypatch):
    """What each Address sends to its page (custom messages), in order."""
    out: list[dict] = []
    monkeypatch.setattr(Address, "send", lambda self, content, buffers=None: out.append(content))
    return out


def test_position_query_keeps_a_fixed_order_and_drops_empty_values():
    assert position_query({"step": 3, "game": "K7P2QX", "tab": "game"}) == "game=K7P2QX&step=3&tab=game"
    assert position_query({"chapter": "battles", "screen": 2, "lang": "pl", "demo": ""}) == "lang=pl&chapter=battles&screen=2"
    assert position_query({"token": "secret", "tab": "board"}) == "tab=board"  # a seat token is never in the address


def test_the_address_is_replaced_only_when_it_changes(sent):
    a = Address()
    a.replace({"game": "K7P2QX", "step": 1})
    a.replace({"step": 1, "game": "K7P2QX"})
    a.replace({"game": "K7P2QX", "step": 2})
    assert sent == [{"replace": "game=K7P2QX&step=1"}, {"replace": "game=K7P2QX&step=2"}]


def test_hello_keeps_only_well_formed_tokens_and_the_page_address(sent):
    a = Address()
    heard = []
    a.on_hello(lambda base, tokens: heard.append((base, tokens)))
    a._received(a, {"hello": "http://127.0.0.1:8866/", "query": "game=K7P2QX",
                    "tokens": {"K7P2QX": "abcdefghij_-12", "bad code!": "abcdefghijk", "X9X9X9": "short", "Q": 3}}, [])
    assert heard == [("http://127.0.0.1:8866/", {"K7P2QX": "abcdefghij_-12"})]
    assert a.link({"game": "K7P2QX"}) == "http://127.0.0.1:8866/?game=K7P2QX"
    a._received(a, {"hello": "javascript:alert(1)", "tokens": {}}, [])
    assert a.base is None and a.link({"game": "K7P2QX"}) == "?game=K7P2QX"
    late = []
    a._received(a, {"hello": "https://school.example/app/", "tokens": {}}, [])
    a.on_hello(lambda base, tokens: late.append(base))  # a late listener hears what the page said already
    assert late == ["https://school.example/app/"]


def test_tokens_are_kept_and_forgotten_on_the_device(sent):
    a = Address()
    a.keep_token("K7P2QX", "abcdefghij")
    a.forget_token("K7P2QX")
    assert sent == [{"keep": {"code": "K7P2QX", "token": "abcdefghij"}}, {"forget": "K7P2QX"}]
    assert a.tokens == {}


def test_copy_asks_the_page_and_reports_the_answer(sent):
    a = Address()
    answers = []
    a.on_copied(lambda link, ok: answers.append((link, ok)))
    a.copy({"game": "K7P2QX", "step": 4, "tab": "game"})
    assert sent == [{"copy": "game=K7P2QX&step=4&tab=game"}]
    a._received(a, {"copied": "http://h/?game=K7P2QX&step=4&tab=game", "ok": False}, [])
    assert answers == [("http://h/?game=K7P2QX&step=4&tab=game", False)]


def test_the_poller_redraws_on_a_change_and_survives_a_store_that_is_down():
    state = {"seq": 0, "seen": 0, "down": False}
    redraws, errors = [], []

    def check():
        if state["down"]:
            raise OSError("database is locked")
        changed = state["seq"] != state["seen"]
        state["seen"] = state["seq"]
        return changed

    p = Poller(check, lambda: redraws.append(state["seen"]), interval=0.01, on_error=errors.append)

    async def scenario():
        assert p.start()
        await asyncio.sleep(0.05)
        state["seq"] = 1
        await asyncio.sleep(0.05)
        state["down"] = True
        state["seq"] = 2
        await asyncio.sleep(0.05)
        state["down"] = False
        await asyncio.sleep(0.05)
        p.stop()

    asyncio.run(scenario())
    assert redraws == [1, 2]
    assert len(errors) == 2 and isinstance(errors[0], OSError) and errors[1] is None  # said once, then recovered
    assert p.polls >= 10 and not p.running


def test_the_curtain_names_the_next_player_in_each_language_and_only_a_click_lifts_it():
    lifted = []
    c = Curtain(lifted.append)
    try:
        assert c.widget.layout.display == "none" and not c.down
        c.drop(1)
        assert c.down and c.widget.layout.display is None
        assert "Hand the device to Blue." in c.text.value and "Blue" in c.button.description
        i18n.set_language("nl")
        assert "Blauw" in c.text.value and "Hand the device" not in c.text.value
        assert lifted == []
        c.button.click()
        assert lifted == [1] and not c.down and c.widget.layout.display == "none"
    finally:
        i18n.set_language("en")
        c.close()
