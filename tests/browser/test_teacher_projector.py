"""Teacher mode on a projector (1920x1080 and 1280x720) in headless Chromium: type sizes, the board's legend
inside its figure, the explanations and buttons beside the board (not below it), and quick key presses on
rulebook screens that each build a new try-it (every press counts)."""

import pytest

from .conftest import sized_app_page, visible_text, wait_text
from .test_board_labels import AT_ITS_WIDTH_JS

pytestmark = pytest.mark.browser

# the smallest font of elements holding text themselves (not links), under the given selectors
_SMALLEST = """(sel) => Math.min(...[...document.querySelectorAll(sel)]
    .filter(e => e.offsetParent !== null && !e.closest('a')
            && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
    .map(e => parseFloat(getComputedStyle(e).fontSize)))"""

# every legend entry's text inside the legend's own background (plotly clips the legend to it) and clear of
# the next entry in its row, and the legend inside its figure, for every visible board
_LEGENDS = """(sel) => [...document.querySelectorAll(sel)].filter(p => p.getBoundingClientRect().width > 0).map(p => {
    const f = p.querySelector('svg.main-svg').getBoundingClientRect();
    const bg = p.querySelector('g.legend rect.bg').getBoundingClientRect();
    const items = [...p.querySelectorAll('g.legend g.traces')].map(g => {
        const t = g.querySelector('.legendtext'), r = t.getBoundingClientRect(), b = g.getBoundingClientRect();
        return {name: t.textContent, left: b.left, right: r.right, top: r.top, bottom: r.bottom,
                font: parseFloat(getComputedStyle(t).fontSize)};
    });
    const cut = items.filter(i => i.right > bg.right + 1 || i.bottom > bg.bottom + 1
        || items.some(o => o !== i && Math.abs(o.top - i.top) < 2 && o.left > i.left && i.right > o.left + 1)).map(i => i.name);
    return {figure: [f.left, f.top, f.right, f.bottom], legend: [bg.left, bg.top, bg.right, bg.bottom],
            font: Math.min(...items.map(i => i.font)), cut};
})"""


def _box(page, selector):
    return page.evaluate(f"document.querySelector('{selector}').getBoundingClientRect().toJSON()")


def _assert_legends_inside(page, selector):
    legends = page.evaluate(_LEGENDS, selector)
    assert legends, "no board drawn"
    for g in legends:
        (fl, ft, fr, fb), (ll, lt, lr, lb) = g["figure"], g["legend"]
        assert fl - 1 <= ll and lr <= fr + 1 and ft - 1 <= lt and lb <= fb + 1, g
        assert not g["cut"], g
    return legends


def test_two_quick_key_presses_on_try_it_screens_both_count(app_page, voila_url):
    app_page.open(voila_url + "?chapter=actions&screen=4")  # Build a castle: each next card builds its own try-it
    page = app_page.page
    wait_text(page, ".shogun-card", "Build a castle")
    wait_text(page, ".shogun-prompt", "castle field")
    page.locator(".shogun-chapter-title").first.click()  # focus the page, not a field
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")  # at once, while the kernel builds the first try-it
    wait_text(page, ".shogun-screen-pos", "Screen 6 of 13")
    wait_text(page, ".shogun-card", "Build a Nō theater")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowRight")  # three at once: two back, one forward
    wait_text(page, ".shogun-screen-pos", "Screen 5 of 13")
    wait_text(page, ".shogun-card", "Build a temple")
    page.wait_for_timeout(1500)  # nothing more arrives late
    assert "Screen 5 of 13" in visible_text(page, ".shogun-screen-pos")
    app_page.assert_clean()


# (body text, board labels) at least, in px: the figures for 1920x1080, a readable minimum at 1280x720
_MINIMUM = {1920: (24, 16), 1280: (18, 14)}


def _smallest_label(page, scope):
    return page.evaluate("(sel) => Math.min(...[...document.querySelectorAll(sel)]"
                         ".map(t => parseFloat(getComputedStyle(t).fontSize)))", f"{scope} .js-plotly-plot .textpoint text")


@pytest.mark.parametrize("width, height", [(1920, 1080), (1280, 720)])
def test_teacher_mode_guided_game_on_a_projector(browser, voila_url, width, height):
    with sized_app_page(browser, width, height) as ap:
        ap.open(voila_url + "?demo=full-tray-battle&teacher=1")
        page = ap.page
        page.wait_for_selector(".shogun-app.shogun-teacher", timeout=60_000)
        wait_text(page, ".shogun-status", "Blue decides")
        page.wait_for_function("document.querySelectorAll('.shogun-game-board .js-plotly-plot .textpoint text').length > 0",
                               timeout=60_000)
        # drawn at the width its panel measured (the first size a new kernel places the names for takes a moment)
        page.wait_for_function(AT_ITS_WIDTH_JS, arg=".shogun-game-board .js-plotly-plot", timeout=60_000)
        page.wait_for_timeout(2000)
        ap.screenshot(f"teacher-game-{width}x{height}")
        body = page.evaluate(_SMALLEST, ".shogun-status *, .shogun-now *, .shogun-game-side table td, "
                                        ".shogun-game-side table th, .shogun-game-side button")
        labels = _smallest_label(page, ".shogun-game-board")
        legends = _assert_legends_inside(page, ".shogun-game-board .js-plotly-plot")
        b, s = _box(page, ".shogun-game-board"), _box(page, ".shogun-game-side")
        nxt = page.locator(".shogun-game-side button:visible", has_text="Next step").first.bounding_box()
        print(f"\nguided game, teacher mode {width}x{height}: body {body} px, board labels {labels} px, "
              f"legend {legends[0]['font']} px, board {b['width']:.0f}x{b['height']:.0f} at x={b['x']:.0f}, "
              f"explanations {s['width']:.0f} px at x={s['x']:.0f}, Next step at y={nxt['y']:.0f}")
        least_body, least_labels = _MINIMUM[width]
        assert body >= least_body and labels >= least_labels
        assert s["x"] >= b["x"] + b["width"] - 5 and s["y"] < b["y"] + b["height"]  # beside the board
        assert b["width"] >= 0.5 * width  # the board big
        assert nxt["x"] >= b["x"] + b["width"] - 5 and nxt["y"] + nxt["height"] <= height  # on the first screen
        ap.assert_clean()


@pytest.mark.parametrize("width, height", [(1920, 1080), (1280, 720)])
def test_teacher_mode_rulebook_on_a_projector(browser, voila_url, width, height):
    with sized_app_page(browser, width, height) as ap:
        ap.open(voila_url + "?chapter=board&teacher=1")
        page = ap.page
        page.wait_for_selector(".shogun-app.shogun-teacher", timeout=60_000)
        page.wait_for_function("document.querySelectorAll('.shogun-rulebook .js-plotly-plot .textpoint text').length > 0",
                               timeout=60_000)
        page.wait_for_function(AT_ITS_WIDTH_JS, arg=".shogun-rulebook .js-plotly-plot", timeout=60_000)
        page.wait_for_timeout(2000)
        ap.screenshot(f"teacher-rulebook-{width}x{height}")
        body = page.evaluate(_SMALLEST, ".shogun-screen, .shogun-screen *")
        labels = _smallest_label(page, ".shogun-rulebook")
        legends = _assert_legends_inside(page, ".shogun-rulebook .js-plotly-plot")
        v, s = _box(page, ".shogun-chapter-visual"), _box(page, ".shogun-chapter-side")
        nxt = page.locator(".shogun-rulebook button:visible", has_text="Next").first.bounding_box()
        print(f"\nrulebook, teacher mode {width}x{height}: body {body} px, board labels {labels} px, "
              f"legend {legends[0]['font']} px, visual {v['width']:.0f}x{v['height']:.0f} at x={v['x']:.0f}, "
              f"text {s['width']:.0f} px at x={s['x']:.0f}, Next at y={nxt['y']:.0f}")
        least_body, least_labels = _MINIMUM[width]
        assert body >= least_body and labels >= least_labels
        assert abs(s["x"] - (v["x"] + v["width"])) < 40 or s["x"] + s["width"] <= v["x"] + 5  # side by side
        assert s["y"] < v["y"] + v["height"] and nxt["y"] + nxt["height"] <= height
        app_width = page.evaluate("document.querySelector('.shogun-app').getBoundingClientRect().width")
        assert app_width > width - 80  # the full width, no empty margin
        ap.assert_clean()


def test_the_header_toggle_redraws_the_board_for_the_projector_and_back(browser, voila_url):
    with sized_app_page(browser, 1280, 720) as ap:
        ap.open(voila_url + "?demo=full-tray-battle")
        page = ap.page
        wait_text(page, ".shogun-status", "Blue decides")
        board = ".shogun-game-board"
        page.wait_for_function(f"document.querySelectorAll('{board} .js-plotly-plot .textpoint text').length > 0",
                               timeout=60_000)
        page.wait_for_timeout(1500)
        small = _smallest_label(page, board)
        toggle = page.locator(".shogun-teacher-header button, button.shogun-teacher-header").first
        page.wait_for_timeout(1000)
        toggle.click()  # the same page width: only the style changes, and the board follows it
        page.wait_for_function("(sel) => Math.min(...[...document.querySelectorAll(sel)]"
                               ".map(t => parseFloat(getComputedStyle(t).fontSize))) >= 14",
                               arg=f"{board} .js-plotly-plot .textpoint text", timeout=60_000)
        _assert_legends_inside(page, f"{board} .js-plotly-plot")
        toggle.click()
        page.wait_for_function("([sel, n]) => Math.min(...[...document.querySelectorAll(sel)]"
                               ".map(t => parseFloat(getComputedStyle(t).fontSize))) === n",
                               arg=[f"{board} .js-plotly-plot .textpoint text", small], timeout=60_000)
        print(f"\nheader toggle at 1280x720: board labels {small} px -> at least 14 px -> {small} px")
        ap.assert_clean()
