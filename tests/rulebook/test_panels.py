"""The rulebook's widgets, driven in Python: welcome, chapters, try-its, lookup, "why?", teacher mode, links."""

from html import escape

import ipywidgets as w
import plotly.graph_objects as go
import pytest

from shogun_tutor import i18n
from shogun_tutor.rulebook import content
from shogun_tutor.ui.app import App


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def figures(widget) -> int:
    """FigureWidgets anywhere below ``widget``."""
    if isinstance(widget, go.FigureWidget):
        return 1
    return sum(figures(c) for c in getattr(widget, "children", ()) if isinstance(c, w.Widget))


def test_first_screen_is_the_welcome_without_any_plotly_figure():
    app = App()
    assert app.tab.selected_index == 0
    assert figures(app.widget) == 0
    welcome = app.panel("welcome")
    assert "Welcome to Shogun" in welcome.intro.value and "<svg" in welcome.map.value
    assert [b.description for b in welcome.buttons.values()] == ["Learn the rules", "Play a guided game",
                                                                  "Look something up", "Play together"]
    welcome.buttons["learn"].click()
    assert app.tab.selected_index == 1
    assert figures(app.widget) == 1  # the first chapter's board, drawn when it is opened
    welcome.buttons["play"].click()
    assert app.tab.selected_index == 3
    welcome.buttons["lookup"].click()
    assert app.tab.selected_index == 2
    welcome.buttons["together"].click()  # the guided game with the "Play together" bar open
    together = app._tabs.holder["together"]
    assert app.tab.selected_index == 3 and together.start_box.layout.display is None


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_every_chapter_opens_in_every_language(lang):
    from shogun_tutor.ui.rulebook_panel import RulebookPanel

    i18n.set_language(lang)
    panel = RulebookPanel()
    for ch in content.CHAPTERS:
        panel.open(ch.key)
        assert escape(i18n._(ch.title)) in panel.text.value  # "Tennō's Court": the apostrophe escaped
        assert panel.visual_box.children
        for sid in ch.scenarios:
            panel.scenario_pick.value = sid
            assert panel.tryit_box.children[0] is panel._tryits[sid].widget
    panel.close()


def test_keys_walk_the_screens_and_cross_chapters():
    from shogun_tutor.ui.rulebook_panel import RulebookPanel

    panel = RulebookPanel()
    seen = [(panel.chapter_key, panel.screen)]
    for _ in range(sum(len(c.screens) for c in content.CHAPTERS) + 2):
        panel.key("next")
        seen.append((panel.chapter_key, panel.screen))
    last, before = content.CHAPTERS[-1], content.CHAPTERS[-2]
    assert seen[-1] == (last.key, len(last.screens) - 1)  # stops at the last screen
    assert [c.key for c in content.CHAPTERS] == list(dict.fromkeys(k for k, _s in seen))
    for screen in range(len(last.screens) - 2, -1, -1):
        panel.key("prev")
        assert (panel.chapter_key, panel.screen) == (last.key, screen)
    panel.key("prev")
    assert (panel.chapter_key, panel.screen) == (before.key, len(before.screens) - 1)  # back across the chapter border
    panel.key("first")
    assert panel.screen == 0


def test_battle_try_it_plays_and_resets():
    from shogun_tutor.ui.rulebook_panel import RulebookPanel

    panel = RulebookPanel("battles")
    t = panel._tryits["kozuke-battle"]
    four = [d for _label, d in t.choice.options if d.target == "Kozuke" and d.count == 4][0]
    t.choice.value = four
    assert "Attack with 4 armies against 3:" in t.odds.value  # the odds of the chosen attack on the real tower
    t.decide(four)
    assert t.odds.value == ""
    assert "3 : 2" in t.result.value or "3:2" in t.result.value.replace(" ", "")
    assert "data-shogun-rule='battle.result'" in t.result.value
    assert t.choice.layout.display == "none"  # done
    t.reset_button.click()
    assert t.game.to_decide() == ("move", 1) and "battle.result" not in t.result.value
    panel.reset()


def test_language_switch_keeps_the_place():
    app = App()
    app.open_from_query("chapter=winter&screen=2")
    rb = app.panel("rulebook")
    assert (rb.chapter_key, rb.screen, app.tab.selected_index) == ("winter", 1, 1)
    app.language.value = "nl"
    assert (rb.chapter_key, rb.screen, app.tab.selected_index) == ("winter", 1, 1)
    assert "Scherm 2 van 3" in rb.position.value


def test_shared_link_opens_chapter_in_teacher_mode_and_language():
    app = App()
    app.open_from_query("lang=de&chapter=battles&teacher=1")
    assert i18n.current_language() == "de"
    assert "shogun-teacher" in app.widget._dom_classes and app.widget.layout.max_width == "none"
    assert app.panel("rulebook").teacher.value is True
    app.panel("rulebook").teacher.value = False
    assert "shogun-teacher" not in app.widget._dom_classes
    app.open_from_query("chapter=nonsense&tab=lookup")
    assert app.tab.selected_index == 2


def test_why_from_the_guided_game_opens_the_rule_and_returns_without_losing_the_game():
    app = App()
    app.show("game")
    game = app.panel("game")
    for _ in range(5):
        game.next_step()
    assert "data-shogun-rule=" in game.now.value and "why?" in game.now.value
    log_before = len(game.game.state.log)
    app.bridge._handle_custom_msg({"why": "battle.result"}, [])  # what the browser sends on a click
    lookup = app.panel("lookup")
    assert app.tab.selected_index == 2 and "Battles" in lookup.rule_view.value
    assert "Battles and the tower" in lookup.rule_view.value  # its chapter
    lookup.back.click()
    assert app.tab.selected_index == 3 and len(game.game.state.log) == log_before


def test_keys_from_the_browser_page_reach_the_shown_tab_only():
    app = App()
    app.show("rulebook")
    assert "shogun-keys" in app.widget._dom_classes and "Home" in app.keys_hint.value
    app.bridge._handle_custom_msg({"key": "next"}, [])
    assert app.panel("rulebook").screen == 1
    app.show("game")  # the guided game: next step, and back to read the step before (nothing undone)
    game = app.panel("game")
    assert "shogun-keys" in app.widget._dom_classes and "next step" in app.keys_hint.value
    before, shown = len(game.game.state.log), game.steps.cursor
    app.bridge._handle_custom_msg({"key": "next"}, [])
    played, ahead = len(game.game.state.log), game.steps.cursor
    assert app.panel("rulebook").screen == 1 and played > before and ahead > shown
    app.bridge._handle_custom_msg({"key": "prev"}, [])
    assert len(game.game.state.log) == played and game.steps.cursor == ahead - 1
    app.show("board")
    assert "shogun-keys" not in app.widget._dom_classes and app.keys_hint.value == ""
    app.bridge._handle_custom_msg({"key": "next"}, [])
    assert len(game.game.state.log) == played and game.steps.cursor == ahead - 1


def test_lookup_answers_a_question_with_the_marked_sentence_and_opens_its_chapter_at_that_screen():
    app = App()
    app.show("lookup")
    lookup = app.panel("lookup")
    assert "Ask as you would ask at the table" in lookup.hint.value
    lookup.query.value = "what happens if only farmers come out of the tower"
    best = lookup.answers[0]
    assert best.rule == "battle" and lookup.best_box.layout.display is None
    assert "<mark>farmers</mark>" in lookup.best.value and "for the defender, it is a draw." in lookup.best.value
    assert "Battles" in lookup.best_related.value or "The tray" in lookup.best_related.value
    assert lookup.more.value.count("data-shogun-rule='chapter:") == min(5, len(lookup.answers) - 1)
    lookup.best_open.click()
    rb = app.panel("rulebook")
    assert app.tab.selected_index == 1 and (rb.chapter_key, rb.screen) == (best.chapter, best.screen)
    second = lookup.answers[1]
    app.bridge._handle_custom_msg({"why": f"chapter:{second.chapter}:{second.screen}"}, [])  # a "more answers" link
    assert (rb.chapter_key, rb.screen) == (second.chapter, second.screen)


def test_lookup_says_nothing_found_and_offers_questions_that_answer():
    app = App()
    lookup = app.panel("lookup")
    lookup.query.value = "xylophone <i>zebra</i>"
    assert "Nothing found" in lookup.nothing.value and "&lt;i&gt;" in lookup.nothing.value
    assert lookup.best_box.layout.display == "none" and len(lookup.suggest.children) == 4
    lookup.suggest.children[1].click()
    assert lookup.query.value == "how much rice do I need in winter" and lookup.answers[0].rule == "winter_rice"
    assert lookup.nothing.value == "" and lookup.suggest.children == ()


def test_why_opens_the_rule_from_the_same_engine_with_its_chapter_screen():
    app = App()
    app.why("battle.result")
    lookup = app.panel("lookup")
    assert lookup.rule_open.layout.display is None and "screen" in lookup.rule_view.value
    lookup.rule_open.click()
    rb = app.panel("rulebook")
    from shogun_tutor.rulebook.lookup import locate
    assert (rb.chapter_key, rb.screen) == locate("battle") and rb.chapter_key == "battles"


def test_a_try_its_choice_starts_empty_and_play_waits_for_one():
    """The dropdown does not start on an unrelated move (the instruction names the move to make)."""
    from shogun_tutor.ui.rulebook_panel import RulebookPanel

    panel = RulebookPanel("battles")
    t = panel._tryits["kozuke-battle"]
    assert len(t.choice.options) > 1 and t.choice.value is None and t.odds.value == ""
    before = len(t.game.state.log)
    t.play.click()  # nothing chosen: nothing played
    assert len(t.game.state.log) == before and t.game.to_decide() == ("move", 1)
    t.reset_button.click()
    assert t.choice.value is None
    panel.reset()
