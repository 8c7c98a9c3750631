"""Teacher mode on a projector (1920x1080 and 1280x720) in headless Chromium: type sizes, the board's legend
inside its figure, the explanations and buttons beside the board (not below it), and quick key presses on
rulebook screens that each build a new try-it (every press counts)."""

import pytest

from .conftest import sized_app_page, visible_text, wait_text

pytestmark = pytest.mark.browser

# the smallest font of elements holding text themselves (not links), under the given selectors
_SMALLEST = """(sel) => Math.min(...[...document.querySelectorAll(sel)]
    .filter(e => e.offsetParent !== null && !e.closest('a')
            && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
    .map(e => parseFloat(getComputedStyle(e).fontSize)))"""

# the legend's box inside its figure's box (both on the page), for every visible board
_LEGENDS = """(sel) => [...document.querySelectorAll(sel)].filter(p => p.getBoundingClientRect().width > 0).map(p => {
    const f = p.querySelector('svg.main-svg').getBoundingClientRect(), l = p.querySelector('g.legend').getBoundingClientRect();
    const items = [...p.querySelectorAll('g.legend .legendtext')];
    const clip = p.querySelector('g.legend .scrollbox');
    const cut = items.filter(t => { const r = t.getBoundingClientRect(), c = clip.getBoundingClientRect();
        return r.right > c.right + 1 || r.bottom > c.bottom + 1; }).map(t => t.textContent);
    return {figure: [f.left, f.top, f.right, f.bottom], legend: [l.left, l.top, l.right, l.bottom],
            font: Math.min(...items.map(t => parseFloat(getComputedStyle(t).fontSize))), cut};
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
