"""The app shell: tabs, titles and the language picker, driven in Python (no browser)."""

import ipywidgets as w
import pytest

from shogun_tutor import i18n
from shogun_tutor.ui.app import App, language_from_query




def _tabs():
    return [("Board", lambda: w.Label("board")), ("Battle tower", lambda: w.Label("tower"))]


def test_tabs_and_titles():
    app = App(tabs=_tabs())
    assert [app.tab.get_title(i) for i in range(2)] == ["Board", "Battle tower"]
    assert "Shogun Tutor" in app.title.value


def test_language_picker_retranslates_everything():
    app = App(tabs=_tabs())
    app.language.value = "nl"
    assert i18n.current_language() == "nl"
    assert app.language_label.value == "Taal"
    assert app.tab.get_title(1) == "Dobbeltoren"
    # switching elsewhere (e.g. from the URL) moves the picker too
    i18n.set_language("de")
    assert app.language.value == "de" and app.language_label.value == "Sprache"


def test_app_starts_in_the_requested_language():
    app = App("ja", tabs=_tabs())
    assert app.language.value == "ja" and app.language_label.value == "言語"


def test_unknown_language_is_refused_before_anything_is_built():
    with pytest.raises(i18n.UnknownLanguageError):
        App("tlh", tabs=_tabs())
    assert i18n.current_language() == "en"


@pytest.mark.parametrize(
    "query, lang",
    [("lang=fr", "fr"), ("a=1&lang=zh", "zh"), ("lang=../../etc", "en"), ("", "en"), (None, "en")],
)
def test_language_from_query(query, lang, monkeypatch):
    monkeypatch.delenv("SHOGUN_TUTOR_LANG", raising=False)
    assert language_from_query(query) == lang
    monkeypatch.setenv("SHOGUN_TUTOR_LANG", "nl")  # shogun-tutor app --lang nl
    assert language_from_query(query) == (lang if query and "lang=" in query and lang != "en" else "nl")


def test_tabs_and_their_imports_wait_until_shown():
    import subprocess
    import sys

    code = ("import sys; from shogun_tutor.ui.app import default_tabs; tabs = default_tabs(); "
            "print('plotly' in sys.modules, 'shogun_tutor.ui.board_panel' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "False"]


def test_the_real_app_builds_and_wires_the_tower_to_the_game():
    app = App()
    assert [app.tab.get_title(i) for i in range(7)] == [
        "Welcome", "Rulebook", "Look up", "Guided game", "Board", "Battle tower", "Cards and tables"]
    assert app.tab.selected_index == 0 and set(app._tabs.holder) == {"app", "welcome"}  # only the welcome is built
    game_panel = app.panel("game")
    for _ in range(300):
        game_panel.next_step()
        if any(e["rule"] == "battle.result" for e in game_panel.step_events):
            break
    assert game_panel.battle_button.layout.display is None
    game_panel._show_battle()
    assert app.tab.selected_index == 5


def test_an_unknown_demo_in_a_link_is_said_with_the_demonstrations_there_are():
    from html import unescape

    from shogun_tutor.ui.app import default_tabs
    from shogun_tutor.ui.demos import DEMOS

    app = App(tabs=default_tabs())
    try:
        app.open_from_query("demo=tied-regoin")
        text = unescape(app.address_notice.value)
        assert "“tied-regoin”" in text and all(sid in text for sid in DEMOS.values())
        assert app.tab.selected_index == 0 and "game" not in app._tabs.holder  # nothing else built
        i18n.set_language("nl")
        assert "tied-regoin" in app.address_notice.value and unescape(app.address_notice.value) != text  # it speaks the new language
        app.open_from_query("demo=" + "x" * 500)
        assert "x" * 61 not in app.address_notice.value  # bounded
    finally:
        i18n.set_language("en")
        app._unsubscribe()
