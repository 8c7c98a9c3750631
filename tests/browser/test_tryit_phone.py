"""Issue 23, as a phone visitor sees it: a try-it's map comes with its question. At 390×844 the map lies below the
try-it's question and above its options (its own map in a table or tower chapter, the chapter's board in a board
chapter; a card screen's map for its province card too), the chapter's text before them; on a laptop the chapter's
board stays beside the text and the question, and a try-it's own map lies under its question and options (in the
text's column, beside the chapter's table)."""

from __future__ import annotations

import pytest

from .catalog import Texts
from .conftest import OUTPUT, sized_app_page, wait_text
from .test_screens import _serious

pytestmark = pytest.mark.browser

# the shown try-it's boxes: its question, its map (the one with the board drawn), its options (the list and the
# play button) and the chapter's text
BOXES = """() => {
  const shown = (sel) => [...document.querySelectorAll(sel)].find(e => e.offsetParent !== null && e.getBoundingClientRect().height > 0);
  const box = (e) => { if (!e) return null; const r = e.getBoundingClientRect();
    return {top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right}; };
  const map = shown('.shogun-rulebook .js-plotly-plot.shogun-board');
  return {text: box(shown('.shogun-chapter-text')), question: box(shown('.shogun-tryit-prompt')),
          map: box(map && map.closest('.shogun-tryit-map, .shogun-board-panel')), drawn: box(map),
          options: box(shown('.shogun-tryit-controls')), width: document.documentElement.scrollWidth};
}"""

RUNS = [pytest.param("en", 390, 844, id="en-390x844"), pytest.param("zh", 390, 844, id="zh-390x844"),
        pytest.param("en", 1366, 768, id="en-1366x768"), pytest.param("zh", 1920, 1080, id="zh-1920x1080")]

# a table chapter whose try-it has a map of its own (a move; a card screen's province card to lay: the actions
# chapter's castle); a board chapter whose try-it plays on the chapter's board. (chapter, screen)
CHAPTERS = (("winter", 1), ("board", 1), ("actions", 4))


@pytest.mark.parametrize("lang, width, height", RUNS)
def test_a_try_its_map_comes_with_its_question(browser, voila_url, lang, width, height):
    from shogun_tutor.rulebook import content

    t = Texts(lang)
    titles = {c.key: c.title for c in content.CHAPTERS}
    phone = width < 700
    with sized_app_page(browser, width, height) as ap:
        page = ap.page
        for key, screen in CHAPTERS:
            ap.open(voila_url + f"?lang={lang}&chapter={key}&screen={screen}")
            wait_text(page, ".shogun-chapter-title", t(titles[key]), timeout=120_000)
            page.wait_for_function(f"() => {{ const b = ({BOXES})(); return b.map && b.question && b.options && b.text; }}",
                                   timeout=120_000)
            page.wait_for_selector(".shogun-rulebook .js-plotly-plot.shogun-board .scatterlayer", timeout=120_000)
            # measured once the map stays put (it is drawn again at the width its column reports: on a phone turned
            # a quarter, east up)
            page.wait_for_function(f"""() => {{ const now = JSON.stringify(({BOXES})());
                if (window.__boxes !== now) {{ window.__boxes = now; window.__since = Date.now(); return false; }}
                return Date.now() - window.__since > 1500; }}""", polling=250, timeout=60_000)
            b = page.evaluate(BOXES)
            print(f"\n[{lang} {width}x{height} {key}] text {b['text']['top']:.0f}-{b['text']['bottom']:.0f}, question "
                  f"{b['question']['top']:.0f}-{b['question']['bottom']:.0f}, map {b['map']['top']:.0f}-"
                  f"{b['map']['bottom']:.0f} (drawn from {b['drawn']['top']:.0f}), options {b['options']['top']:.0f}-{b['options']['bottom']:.0f}")
            if phone:  # one column: the text, the question, the map, the options
                assert b["text"]["bottom"] <= b["question"]["top"] + 1, b
                assert b["question"]["bottom"] <= b["map"]["top"] + 1, f"the map is not under the question: {b}"
                assert b["map"]["bottom"] <= b["options"]["top"] + 1, f"the options are not under the map: {b}"
                # the drawn map right under the question (its box's view buttons and lesson come after it)
                assert b["drawn"]["top"] - b["question"]["bottom"] < height / 4, f"the map is far below its question: {b}"
                assert b["width"] <= width + 1, f"the page scrolls sideways: {b['width']} px"
            elif key == "board":  # side by side: the chapter's board left of the question
                assert b["map"]["right"] <= b["question"]["left"] + 1, b
                assert b["question"]["bottom"] <= b["options"]["top"] + 1, b
            else:  # a try-it's own map under its question and options, in the text's column beside the table
                assert b["question"]["bottom"] <= b["options"]["top"] + 1, b
                assert b["options"]["bottom"] <= b["map"]["top"] + 1, f"the map is not under the options: {b}"
                assert b["map"]["left"] >= b["question"]["left"] - 4, b
            page.locator(".shogun-tryit-prompt:visible").first.scroll_into_view_if_needed()
            name = f"tryit-map-{key}-{lang}-{width}x{height}"
            ap.screenshot(name)  # the whole page
            page.screenshot(path=str(OUTPUT / f"{name}-view.png"), full_page=False)  # what the visitor sees
        serious = _serious(page)  # axe-core: the reordered column adds no serious violation
        assert not serious, serious
        ap.assert_clean()
