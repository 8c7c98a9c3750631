"""The card screens by keyboard with an action's try-it, the castle what-if, and teacher mode with keys in the
guided game at 1920x1080 (a prepared demonstration opened by link), in headless Chromium."""

import pytest

from .test_rulebook import VISIBLE, _visible_text, _wait_text

pytestmark = pytest.mark.browser


def _click(page, cls):
    page.locator(f".{cls} button:visible, button.{cls}:visible").first.click()


def test_card_screens_by_keyboard_and_the_castle_try_it(app_page, voila_url):
    app_page.open(voila_url + "?chapter=actions&screen=4")  # the first card of the actions chapter
    page = app_page.page
    _wait_text(page, ".shogun-card", "Build a castle")
    _wait_text(page, ".shogun-screen-pos", "Screen 4 of 13")
    page.locator(".shogun-chapter-title").first.click()  # focus the page, not a field
    # each card brings its own try-it; a presenter's pace: the next key once the screen is complete
    for key, name, position, prompt in [("ArrowRight", "Build a temple", "Screen 5 of 13", "temple field"),
                                        ("ArrowRight", "Build a Nō theater", "Screen 6 of 13", "unrest marker"),
                                        ("ArrowLeft", "Build a temple", "Screen 5 of 13", "temple field"),
                                        ("ArrowLeft", "Build a castle", "Screen 4 of 13", "castle field")]:
        page.keyboard.press(key)
        _wait_text(page, ".shogun-card", name)
        _wait_text(page, ".shogun-screen-pos", position)
        _wait_text(page, ".shogun-prompt", prompt)
        page.wait_for_timeout(1000)
    select = page.locator(".shogun-tryit select:visible").first
    select.select_option(label="Hida on Build a castle")
    _click(page, "shogun-tryit-play")
    _wait_text(page, ".shogun-tryit-result", "Done.")
    result = _visible_text(page, ".shogun-tryit-result")
    assert "Hida" in result and "castle" in result
    app_page.screenshot("rulebook-card-castle-try-it")
    app_page.assert_clean()


def test_moving_a_castle_recomputes_the_region(app_page, voila_url):
    app_page.open(voila_url + "?chapter=scoring")
    page = app_page.page
    _wait_text(page, ".shogun-chapter-title", "Scoring")
    page.locator(".shogun-chapter-side button:visible", has_text="Move a castle").first.click()
    _wait_text(page, ".shogun-castle-result", "Red region: Red, Blue, and Yellow tie with 1 castle each")
    page.locator(".shogun-castle-source select").select_option(label="Owari")
    page.locator(".shogun-castle-target select").select_option(label="Mino")
    _click(page, "shogun-castle-go")
    _wait_text(page, ".shogun-castle-result", "Red region: Red has the most castles (2). The majority scores 3 points.")
    rows = page.evaluate("[...document.querySelectorAll('.shogun-castle-table tbody tr')].map(r => r.innerText.split('\\t'))")
    assert ["Red", "1", "2", "6", "8"] in [[c.strip() for c in r] for r in rows]
    app_page.screenshot("rulebook-castle-move")
    app_page.assert_clean()


@pytest.mark.parametrize("width, height", [(1366, 768), (1920, 1080), (390, 844)])
def test_the_castle_what_if_names_the_region_as_a_label_in_polish(browser, voila_url, width, height):
    """Issue 24: the region's name heads its sentence ("Region czerwony: …"), never "w regionie Region czerwony"."""
    from .conftest import sized_app_page

    with sized_app_page(browser, width, height) as ap:
        ap.open(voila_url + "?chapter=scoring&lang=pl")
        page = ap.page
        _wait_text(page, ".shogun-chapter-title", "Punktacja")
        page.locator(".shogun-chapter-side button:visible", has_text="Przenieś zamek").first.click()
        _wait_text(page, ".shogun-castle-result", "Region czerwony: Czerwony, Niebieski i Żółty remisują – każdy ma 1 zamek.")
        page.locator(".shogun-castle-source select").select_option(label="Owari")
        page.locator(".shogun-castle-target select").select_option(label="Mino")
        _click(page, "shogun-castle-go")
        _wait_text(page, ".shogun-castle-result", "Region czerwony: Czerwony ma najwięcej zamków (2).")
        assert "w regionie Region" not in _visible_text(page, ".shogun-castle-result")
        ap.screenshot(f"rulebook-castle-move-pl-{width}x{height}")
        ap.assert_clean()


def test_teacher_mode_and_keys_in_the_guided_game_at_1920(browser, voila_url):
    from .conftest import sized_app_page

    with sized_app_page(browser, 1920, 1080) as ap:
        ap.open(voila_url + "?demo=full-tray-battle&teacher=1")  # a prepared demonstration, by link
        page = ap.page
        page.wait_for_selector(".shogun-app.shogun-teacher", timeout=60_000)
        _wait_text(page, ".shogun-status", "Blue decides")
        # the demonstration says what it shows, then what to try (issue 23)
        _wait_text(page, ".shogun-demo-intro", "This demonstration shows a battle while cubes from earlier battles "
                                               "already lie in the tray. You are blue.")
        _wait_text(page, ".shogun-keys-hint", "Keys: → or space for the next step")
        board = ".shogun-game-board .js-plotly-plot .textpoint text"
        page.wait_for_function(f"document.querySelectorAll('{board}').length > 0", timeout=60_000)
        page.wait_for_timeout(2000)
        ap.screenshot("rulebook-teacher-game-1920x1080-start")
        # body text: the status line, the explanations and the player table (elements holding text themselves)
        body = page.evaluate("""() => Math.min(...[...document.querySelectorAll(
            '.shogun-status *, .shogun-now *, .shogun-game-side table td, .shogun-game-side table th')]
            .filter(e => e.offsetParent !== null && !e.closest('a')
                    && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
            .map(e => parseFloat(getComputedStyle(e).fontSize)))""")
        labels = page.evaluate(f"Math.min(...[...document.querySelectorAll('{board}')].map(t => parseFloat(getComputedStyle(t).fontSize)))")
        b = page.evaluate("document.querySelector('.shogun-game-board').getBoundingClientRect().toJSON()")
        s = page.evaluate("document.querySelector('.shogun-game-side').getBoundingClientRect().toJSON()")
        print(f"guided game, teacher mode 1920x1080: body {body} px, smallest board label {labels} px, "
              f"board {b['width']:.0f}x{b['height']:.0f} at x={b['x']:.0f}, explanations {s['width']:.0f} px at x={s['x']:.0f}")
        assert body >= 24 and labels >= 16
        assert b["width"] >= 1000 and s["x"] >= b["x"] + b["width"] - 5 and s["y"] < b["y"] + b["height"]  # beside it
        choice = page.locator(".shogun-game-side select:visible").first
        attack = next(t for t in choice.locator("option").all_inner_texts()  # ipywidgets shows spaces as no-break spaces
                      if t.replace("\xa0", " ").startswith("Attack Kozuke from Shinano with 4 armies — odds"))
        choice.select_option(label=attack)
        page.locator(".shogun-game-side button:visible", has_text="Play").first.click()
        _wait_text(page, ".shogun-now", "Kozuke")
        ap.screenshot("rulebook-teacher-game-1920x1080")
        page.locator(".shogun-status").first.click()  # focus the page, not a field
        before = _visible_text(page, ".shogun-now")
        page.keyboard.press("ArrowRight")  # next step by key
        page.wait_for_function(f"([sel, t]) => ({VISIBLE})(sel).map(e => e.innerText).join('\\n') !== t",
                               arg=[".shogun-now", before], timeout=30_000)
        after = _visible_text(page, ".shogun-now")
        page.keyboard.press("ArrowLeft")  # read the step before again
        page.wait_for_function(f"([sel, t]) => ({VISIBLE})(sel).map(e => e.innerText).join('\\n') !== t",
                               arg=[".shogun-now", after], timeout=30_000)
        ap.screenshot("rulebook-teacher-game-keys")
        ap.assert_clean()
