"""The visual rulebook in headless Chromium: the welcome, chapters by keyboard, the battle "try it",
the search (English and Dutch) and a "why?" from the guided game (teacher mode: test_teacher_projector.py)."""

import pytest

from .conftest import VISIBLE, visible_text as _visible_text, wait_language, wait_text as _wait_text

pytestmark = pytest.mark.browser


def _tab(page, title):
    page.locator(".lm-TabBar-tab, .p-TabBar-tab", has_text=title).first.click()


def test_welcome_then_chapters_by_keyboard(app_page, voila_url):
    app_page.open(voila_url)
    page = app_page.page
    _wait_text(page, ".shogun-welcome", "Welcome to Shogun")
    text = _visible_text(page, ".shogun-welcome")
    assert "Learn the rules" in text and "Play a guided game" in text and "Look something up" in text
    assert page.locator(".shogun-welcome svg path").count() >= 45  # the small map, drawn without plotly
    assert page.locator(".js-plotly-plot").count() == 0  # the first screen has no plotly figure
    app_page.screenshot("rulebook-welcome")
    page.locator(".shogun-door-learn").click()
    _wait_text(page, ".shogun-chapter-text", "The goal")
    page.locator(".shogun-chapter-title").first.click()  # focus the page, not a field
    # goal (2 screens) -> board (2) -> set-up: each key press moves one screen
    for title, position in [("The goal", "Screen 2 of 2"), ("Board", "Screen 1 of 2"), ("Board", "Screen 2 of 2"),
                            ("Set-up", "Screen 1 of 2")]:
        page.keyboard.press("ArrowRight")
        _wait_text(page, ".shogun-chapter-title", title)
        _wait_text(page, ".shogun-screen-pos", position)
    page.keyboard.press(" ")
    _wait_text(page, ".shogun-screen-pos", "Screen 2 of 2")
    page.keyboard.press("ArrowLeft")
    _wait_text(page, ".shogun-screen-pos", "Screen 1 of 2")
    app_page.screenshot("rulebook-chapter-setup")
    app_page.assert_clean()


def test_battle_try_it_gives_the_rulebook_3_to_2(app_page, voila_url):
    app_page.open(voila_url + "?chapter=battles")
    page = app_page.page
    _wait_text(page, ".shogun-chapter-title", "Battles and the tower")
    page.wait_for_selector(".shogun-rulebook .js-plotly-plot", timeout=60_000)  # the tower, drawn on demand
    select = page.locator(".shogun-tryit select:visible").first
    select.select_option(label="Move 4 armies from Shinano to Kozuke")  # describe_decision: one ngettext message
    page.locator(".shogun-tryit-play button:visible, button.shogun-tryit-play:visible").first.click()
    _wait_text(page, ".shogun-tryit-result", "Count: Blue 3 : 2 Yellow")
    assert "1 army of Blue occupies Kozuke" in _visible_text(page, ".shogun-tryit-result")
    # the tower follows: 1 blue and 2 yellow cubes stayed inside, the farmer came out
    page.wait_for_function(
        "[...document.querySelectorAll('.shogun-rulebook-tower')].some(g => g.data && g.data[0].text.join('') === 'BYY')",
        timeout=30_000)
    app_page.screenshot("rulebook-battle-try-it")
    page.locator(".shogun-tryit-reset button:visible, button.shogun-tryit-reset:visible").first.click()
    page.wait_for_function(
        f"() => !({VISIBLE})('.shogun-tryit-result').some(e => e.innerText.includes('Count:'))", timeout=30_000)
    app_page.assert_clean()


def _search(app_page, url, language, word, title, related, shot):
    app_page.open(url)
    page = app_page.page
    wait_language(page, language)
    page.locator(".shogun-search input:visible").first.fill(word)
    _wait_text(page, ".shogun-results", title)
    assert related in _visible_text(page, ".shogun-results")
    app_page.screenshot(shot)
    app_page.assert_clean()


def test_search_tray_in_english_and_opstand_in_dutch(app_page, voila_url):
    _search(app_page, voila_url + "?tab=lookup", "Language", "tray", "The tray", "Related rules", "rulebook-search-tray")
    _search(app_page, voila_url + "?tab=lookup&lang=nl", "Taal", "opstand", "Opstanden", "Verwante regels", "rulebook-search-opstand-nl")


def test_why_from_a_guided_game_explanation_and_back(app_page, voila_url):
    app_page.open(voila_url)
    page = app_page.page
    _tab(page, "Guided game")
    page.locator(".shogun-next button, button.shogun-next").first.click()  # the planning step
    _wait_text(page, ".shogun-now", "planned")
    before = None
    while before != _visible_text(page, ".shogun-now"):  # the last step may still be arriving
        before = _visible_text(page, ".shogun-now")
        page.wait_for_timeout(1500)
    page.locator(".shogun-now a.shogun-why:visible").first.click()
    page.wait_for_selector(".shogun-rule-view .shogun-rule", timeout=30_000)
    _wait_text(page, ".shogun-rule-view", "In the rulebook: chapter")
    app_page.screenshot("rulebook-why")
    page.locator(".shogun-back button:visible, button.shogun-back:visible").first.click()
    _wait_text(page, ".shogun-now", "planned")
    assert _visible_text(page, ".shogun-now") == before  # the game was not touched
    app_page.assert_clean()
