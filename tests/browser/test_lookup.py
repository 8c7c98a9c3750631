"""The lookup in headless Chromium: a whole question typed on a laptop and on a phone, in English, Dutch
and Japanese; the best sentence read with its words marked; its chapter opened at that screen; the
lookup's tap targets on a phone; the search box inside the panel on a phone and a laptop, its focus outline whole; nothing found
with example questions."""

import pytest

from .conftest import VISIBLE, sized_app_page, visible_text, wait_language, wait_text

pytestmark = pytest.mark.browser

SIZES = {"laptop": (1366, 768), "phone": (390, 844), "fullhd": (1920, 1080)}

# (language, its label in the header, question, a marked word, the chapter's title, its screen line)
CASES = {
    "en": ("Language", "what happens if only farmers come out of the tower", "farmers", "Battles and the tower", "Screen 3 of 4"),
    "nl": ("Taal", "hoeveel rijst heb ik nodig in de winter", "rijst", "Winter", None),
    "ja": ("言語", "塔から農民だけ出てきたらどうなる", "農民", None, None),
}

_SMALL_TARGETS = """() => {
  const root = [...document.querySelectorAll('.shogun-lookup')].find(e => e.offsetParent !== null);
  const els = root.querySelectorAll('button, input, a.shogun-why, .lm-AccordionPanel-title, .jupyter-widget-Collapse-header');
  return [...els].filter(e => e.offsetParent !== null).map(e => {
    const r = e.getBoundingClientRect();
    return {tag: e.tagName, text: (e.innerText || e.value || '').slice(0, 30), w: Math.round(r.width), h: Math.round(r.height)};
  }).filter(t => t.w < 44 || t.h < 44);
}"""


# the search box on a phone, focused: its edges against the lookup panel's, the focus outline (its width and offset
# around the box) against every ancestor that clips (overflow other than visible: the outline is cut at its padding box),
# the panel's and the page's sideways scrolling
_SEARCH_BOX = """() => {
  const shown = s => [...document.querySelectorAll(s)].find(e => e.offsetParent !== null);
  const root = shown('.shogun-lookup'), input = shown('.shogun-search input');
  const hint = shown('.shogun-search-hint');
  input.focus();
  const r = input.getBoundingClientRect(), p = root.getBoundingClientRect(), cs = getComputedStyle(input);
  const grow = (parseFloat(cs.outlineWidth) || 0) + (parseFloat(cs.outlineOffset) || 0);
  const ring = {left: r.left - grow, right: r.right + grow, top: r.top - grow, bottom: r.bottom + grow};
  const cut = [];
  for (let e = input.parentElement; e && e !== document.documentElement; e = e.parentElement) {
    const s = getComputedStyle(e);
    if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
    const q = e.getBoundingClientRect(), left = q.left + e.clientLeft, top = q.top + e.clientTop;
    if (ring.left < left - 0.5 || ring.right > left + e.clientWidth + 0.5 || ring.top < top - 0.5
        || ring.bottom > top + e.clientHeight + 0.5)
      cut.push(e.className.split(' ').filter(c => c.startsWith('shogun') || c.startsWith('widget')).join('.'));
  }
  return {outline: [cs.outlineStyle, grow], left: r.left - p.left, right: p.right - r.right, hint_left: hint.getBoundingClientRect().left - r.left,
          cut, panel_scrolls: root.scrollWidth > root.clientWidth || root.scrollLeft !== 0,
          page_scrolls: document.documentElement.scrollWidth > window.innerWidth};
}"""


def _ask(ap, url, lang, size, question):
    label = CASES[lang][0]
    ap.open(url + f"?tab=lookup&lang={lang}")
    page = ap.page
    wait_language(page, label)
    page.locator(".shogun-search input:visible").first.fill(question)
    page.wait_for_selector(".shogun-best-answer mark", timeout=60_000)
    return page


@pytest.mark.parametrize("lang, size", [("en", "laptop"), ("en", "phone"), ("nl", "laptop"), ("nl", "phone"),
                                        ("ja", "phone"), ("en", "fullhd")])
def test_a_question_typed_whole_is_answered_by_a_marked_sentence_and_opens_its_chapter(browser, voila_url, lang, size):
    _label, question, word, chapter_title, screen_line = CASES[lang]
    width, height = SIZES[size]
    with sized_app_page(browser, width, height) as ap:
        page = _ask(ap, voila_url, lang, size, question)
        marks = page.evaluate(f"() => ({VISIBLE})('.shogun-best-answer mark').map(m => m.innerText)")
        assert word in marks, marks
        answer = visible_text(page, ".shogun-best-answer")
        assert len(answer) < 600  # a sentence with its title and place, not a chapter
        assert visible_text(page, ".shogun-search-hint")  # the hint under the box
        box = page.locator(".shogun-best:visible").first.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1  # no sideways scrolling
        if size == "phone":
            small = page.evaluate(_SMALL_TARGETS)
            assert small == [], small
        ap.screenshot(f"lookup-{lang}-{size}-answer")
        page.locator(".shogun-best button.shogun-open-chapter:visible, .shogun-best .shogun-open-chapter button:visible").first.click()
        page.wait_for_selector(".shogun-chapter-title:visible", timeout=60_000)
        if chapter_title:
            wait_text(page, ".shogun-chapter-title", chapter_title)
        if screen_line:
            wait_text(page, ".shogun-screen-pos", screen_line)
        page.wait_for_timeout(500)
        ap.screenshot(f"lookup-{lang}-{size}-chapter")
        ap.assert_clean()


def _ask_in_english(ap, voila_url: str, question: str):
    """The Look up tab opened by its address, the question typed into its box; returns the page."""
    ap.open(voila_url + "?tab=lookup")
    page = ap.page
    wait_language(page, "Language")
    page.locator(".shogun-search input:visible").first.fill(question)
    return page


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_search_box_sits_inside_the_panel_its_focus_outline_whole(browser, voila_url, size):
    # on a laptop the panel cut the outline's left 3 px (the inner margin was a phone's only)
    with sized_app_page(browser, *SIZES[size]) as ap:
        page = _ask_in_english(ap, voila_url, "rice")
        page.wait_for_selector(".shogun-best-answer mark", timeout=60_000)
        page.wait_for_timeout(300)
        m = page.evaluate(_SEARCH_BOX)
        ap.screenshot(f"lookup-en-{size}-search-box")
        assert m["outline"][0] != "none" and m["outline"][1] >= 3, m  # the page's focus outline (3 px, 2 px off the box)
        assert m["right"] >= 8 and m["left"] >= 8, m  # an inner margin on both sides, not the panel's edge
        if size == "phone":  # the box fills the column (on a laptop it keeps its own width)
            assert abs(m["left"] - m["right"]) <= 1, m  # as much room on the right as on the left
        assert abs(m["hint_left"]) <= 1, m  # in line with the hint under it (the tab's content)
        assert m["cut"] == [], m  # the focus outline whole: no box around it clips it
        assert not m["panel_scrolls"] and not m["page_scrolls"], m  # no sideways scrolling
        ap.assert_clean()


def test_nothing_found_offers_questions_that_answer(browser, voila_url):
    with sized_app_page(browser, *SIZES["phone"]) as ap:
        page = _ask_in_english(ap, voila_url, "xylophone zebra")
        wait_text(page, ".shogun-nothing", "Nothing found")
        page.wait_for_selector(".shogun-suggestion:visible", timeout=30_000)
        page.wait_for_timeout(300)
        assert page.locator(".shogun-suggestion:visible").count() == 4
        assert page.evaluate(_SMALL_TARGETS) == []
        ap.screenshot("lookup-en-phone-nothing-found")
        page.locator(".shogun-suggestion:visible").nth(1).click()
        page.wait_for_selector(".shogun-best-answer mark", timeout=60_000)
        assert "rice" in visible_text(page, ".shogun-best-answer").casefold()
        ap.assert_clean()
