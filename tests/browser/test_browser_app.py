"""The Voila app in headless Chromium: it renders, the board hovers, the tower animates, the game steps,
the language follows the URL, and no JavaScript error happens anywhere."""

import pytest

from .conftest import wait_language, wait_text

pytestmark = pytest.mark.browser

HOVER_JS = """(name) => {
  const gd = [...document.querySelectorAll('.js-plotly-plot.shogun-board')].find(g => g.offsetParent !== null);
  const xa = gd._fullLayout.xaxis, ya = gd._fullLayout.yaxis;
  const tr = gd._fullData.find(t => t.name === 'labels');
  const i = tr.customdata.indexOf(name);
  const r = gd.getBoundingClientRect();
  return [r.left + xa._offset + xa.l2p(tr.x[i]), r.top + ya._offset + ya.l2p(tr.y[i])];
}"""


TOKEN_JS = HOVER_JS.replace("t.name === 'labels'", "t.name === 'armies'").replace(
    "tr.customdata.indexOf(name)", "tr.hovertext.findIndex(h => h.includes('<b>' + name + ' '))")


def _hover(page, js: str, name: str, shown: str) -> None:
    """Move the mouse onto ``name``'s point (found by ``js``) until the page shows ``shown`` (a JS predicate).

    The point is looked up again on each try: under load the board may still be laying itself out (its
    width follows the column) when the first position is read, and the mouse then lands on a neighbour."""
    for attempt in range(3):
        x, y = page.evaluate(js, name)
        page.mouse.move(x, y)
        try:
            page.wait_for_function(shown, timeout=15_000)
            return
        except Exception:
            if attempt == 2:
                raise
            page.mouse.move(0, 0)  # off the board: the next move hovers afresh
            page.wait_for_timeout(1000)


def _tab(page, title):
    page.locator(".lm-TabBar-tab, .p-TabBar-tab", has_text=title).first.click()


def test_app_renders_board_with_hover_and_game_steps(app_page, voila_url):
    app_page.open(voila_url)
    page = app_page.page
    assert page.locator(".shogun-app h1.shogun-title").inner_text() == "Shogun Tutor"  # the page's heading
    _tab(page, "Guided game")
    page.wait_for_selector(".js-plotly-plot.shogun-board .scatterlayer", timeout=60_000)
    # hover a province of the game board: its values appear; on its token, its owner
    _hover(page, HOVER_JS, "Yamato",
           "() => [...document.querySelectorAll('.hoverlayer .hovertext')].some(h => h.textContent.includes('Yamato'))")
    label = page.locator(".hoverlayer .hovertext", has_text="Yamato")
    text = label.text_content()
    assert "Tax: 5" in text and "Rice: 4" in text and "Neighbours:" in text
    app_page.screenshot("board-hover")
    _hover(page, TOKEN_JS, "Yamato", "() => [...document.querySelectorAll('.hoverlayer .hovertext')].some("
                                     "h => h.textContent.includes('Yamato') && h.textContent.includes('Armies:'))")
    # step the guided game: explanations appear
    page.locator(".shogun-next button, button.shogun-next").first.click()  # the set-up, then the planning step
    wait_text(page, ".shogun-now", "planned", timeout=30_000)
    app_page.screenshot("app-en")
    app_page.assert_clean()


def test_tower_demo_animates_and_gives_a_verdict(app_page, voila_url):
    app_page.open(voila_url)
    page = app_page.page
    _tab(page, "Battle tower")
    page.wait_for_selector(".shogun-tower-panel .js-plotly-plot", timeout=60_000)
    odds = page.locator(".shogun-odds").inner_text()
    assert "% win" in odds
    page.locator(".shogun-throw").first.click()
    # the verdict waits for the animation, then appears with its reasons
    page.wait_for_function("document.querySelector('.shogun-verdict').innerText.includes('Count:')", timeout=60_000)
    assert "out of the tower" in page.locator(".shogun-verdict").inner_text()
    app_page.screenshot("tower-verdict")
    app_page.assert_clean()


def test_moon_side_board_and_language_from_the_url(app_page, voila_url):
    app_page.open(voila_url + "?lang=nl")
    page = app_page.page
    wait_language(page, "Taal")
    _tab(page, "Speelbord")
    page.locator(".shogun-board-panel .widget-toggle-button:visible", has_text="☾").first.click()
    page.wait_for_function(
        "[...document.querySelectorAll('.shogun-board-panel .gtitle')].some(t => t.textContent.includes('Maan'))", timeout=30_000)
    app_page.screenshot("board-moon-nl")
    app_page.assert_clean()


def test_click_lesson_shows_the_shortest_way(app_page, voila_url):
    app_page.open(voila_url)
    page = app_page.page
    _tab(page, "Board")
    page.wait_for_function(
        "[...document.querySelectorAll('.js-plotly-plot.shogun-board')].some(g => g.offsetParent !== null && g._fullData)",
        timeout=60_000)
    page.wait_for_timeout(3000)  # the board redraws once at the width the panel measured
    for name in ("Shima", "Awa-Boso"):
        x, y = page.evaluate(HOVER_JS, name)
        page.mouse.move(x, y)  # plotly needs hover data before a click registers
        page.wait_for_timeout(300)
        page.mouse.click(x, y)
        page.wait_for_timeout(800)
    page.wait_for_function(
        "[...document.querySelectorAll('.shogun-lesson')].some(e => e.innerText.includes('Shima → Izu → Awa-Boso (2 moves)'))",
        timeout=30_000)
    app_page.screenshot("board-lesson-path")
    app_page.assert_clean()


def test_phone_width_turns_the_board(browser, voila_url):
    from .conftest import AppPage

    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        ap = AppPage(context.new_page())
        ap.open(voila_url + "?tab=game")
        ap.page.wait_for_function(
            "[...document.querySelectorAll('.js-plotly-plot.shogun-board')].some(g => g._fullLayout && g._fullLayout.meta"
            " && g._fullLayout.meta.orientation === 'tall')", timeout=60_000)
        ap.screenshot("phone-guided-game")
        ap.assert_clean()
    finally:
        context.close()
