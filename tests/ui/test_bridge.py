"""The page-wide bridge: every click and key press reaches the kernel once, in order, even when the same key
is pressed again before the kernel has answered (no synced trait to merge or compare values)."""

from shogun_tutor.ui.widgets.bridge import _ESM, Bridge


def _press(bridge, **content):
    bridge._handle_custom_msg(content, [])  # what a message from the browser's model.send() calls


def test_each_message_is_handled_once_in_order_even_the_same_key_twice():
    bridge, keys, whys = Bridge(), [], []
    bridge.on_key(keys.append)
    bridge.on_why(whys.append)
    for content in ({"key": "next"}, {"key": "next"}, {"key": "prev"}, {"why": "battle.result"},
                    {"why": "battle.result"}, {"key": "next"}):
        _press(bridge, **content)
    assert keys == ["next", "next", "prev", "next"]
    assert whys == ["battle.result", "battle.result"]


def test_malformed_messages_are_ignored():
    bridge, keys = Bridge(), []
    bridge.on_key(keys.append)
    for content in ({}, {"key": ""}, {"key": 3}, {"other": "next"}):
        _press(bridge, **content)
    bridge._handle_custom_msg(["next"], [])
    assert keys == []


def test_the_browser_side_sends_messages_not_trait_changes():
    # a trait set by the front end while the kernel is busy is held back and merged with the next one
    assert "model.send(" in _ESM and "model.set(" not in _ESM and "save_changes" not in _ESM


def test_two_quick_presses_on_try_it_screens_move_two_screens():
    from shogun_tutor.ui.app import App

    app = App()
    app.open_from_query("chapter=actions&screen=4")  # Build a castle; the next cards build try-its of their own
    rulebook = app.panel("rulebook")
    assert rulebook.screen == 3
    _press(app.bridge, key="next")
    _press(app.bridge, key="next")
    assert (rulebook.chapter_key, rulebook.screen) == ("actions", 5)
    for key in ("prev", "prev", "next"):
        _press(app.bridge, key=key)
    assert rulebook.screen == 4


def test_the_page_language_and_title_follow_the_app_language():
    from shogun_tutor import i18n
    from shogun_tutor.ui.app import App

    import ipywidgets as w

    app = App("en", tabs=[("Welcome", w.VBox)])
    try:
        assert (app.bridge.lang, app.bridge.title) == ("en", "Shogun Tutor")
        i18n.set_language("zh")
        assert (app.bridge.lang, app.bridge.title) == ("zh-Hans", i18n.translator("zh").gettext("Shogun Tutor"))
        i18n.set_language("nl")
        assert app.bridge.lang == "nl"
    finally:
        i18n.set_language("en")
        app._unsubscribe()
