"""Issue 23, as a user sees it: every option of the guided game's decision list is read whole, the odds of an
attack included ("… win 27 %, dr…" was cut at 1280 px), on a projector at 1280×720, a laptop, a large screen and a
phone, and nothing scrolls sideways; the arrow keys still choose in it and the odds headline follows."""

from __future__ import annotations

import time

import pytest

from .catalog import Texts, group, norm
from .conftest import click_shown, sized_app_page
from .test_seat_season import _attack_patterns, _headline_patterns

pytestmark = pytest.mark.browser

RUNS = [pytest.param("en", 1280, 720, "&teacher=1", id="en-1280x720-teacher"),
        pytest.param("en", 390, 844, "", id="en-390x844-phone"),
        pytest.param("ja", 1280, 720, "&teacher=1", id="ja-1280x720-teacher"),
        pytest.param("ja", 390, 844, "", id="ja-390x844-phone"),
        pytest.param("en", 1366, 768, "", id="en-1366x768"),
        pytest.param("ja", 1920, 1080, "&teacher=1", id="ja-1920x1080-teacher")]

LIST = ".shogun-game-choice .shogun-choice-list select"

# each shown option: its text fits its line box (wrapped, never cut), the option lies inside the list box, the
# list box inside its column, and the page does not scroll sideways
_MEASURE = """(sel) => {
  const s = [...document.querySelectorAll(sel)].find(e => e.offsetParent !== null);
  let side = s.closest('.shogun-game-side');  // on a phone during a demonstration: the panel's one column it gives its children to
  while (getComputedStyle(side).display === 'contents') side = side.parentElement;
  const r = s.getBoundingClientRect(), q = side.getBoundingClientRect();
  const options = [...s.options].map(o => { const b = o.getBoundingClientRect();
    return {text: o.text, sw: o.scrollWidth, cw: o.clientWidth, left: b.left, right: b.right, height: b.height}; });
  return {options, size: s.size, list: [r.left, r.right, s.scrollWidth, s.clientWidth], column: [q.left, q.right],
          page: [document.documentElement.scrollWidth, window.innerWidth]};
}"""


def _attack_list(page, attacks, deadline: float) -> list[str]:
    """The option texts once the learner's list offers an attack (Next step until it does)."""
    while True:
        texts = page.evaluate("""(sel) => { const s = [...document.querySelectorAll(sel)].find(e => e.offsetParent
            !== null); return s ? [...s.options].map(o => o.text) : []; }""", LIST)
        if any(p.match(norm(x)) for x in texts for p in attacks):
            return texts
        assert time.monotonic() < deadline, f"no attack offered: {texts}"
        if not texts:
            click_shown(page, ".shogun-next", timeout=2_000)
        page.wait_for_function("""(sel) => [...document.querySelectorAll(sel)].some(e => e.offsetParent !== null
            && e.options.length)""", arg=LIST, timeout=60_000)


@pytest.mark.parametrize(("lang", "width", "height", "extra"), RUNS)
def test_every_decision_option_is_read_whole(browser, voila_url, lang, width, height, extra):
    t = Texts(lang)
    attacks = _attack_patterns(t)
    with sized_app_page(browser, width, height) as ap:
        ap.open(f"{voila_url}?demo=castle-defence&lang={lang}{extra}")
        page = ap.page
        texts = _attack_list(page, attacks, time.monotonic() + 120)
        m = page.evaluate(_MEASURE, LIST)
        longest = max(m["options"], key=lambda o: len(o["text"]))
        print(f"\n[{lang} {width}x{height}] {len(m['options'])} options, list {m['list'][1] - m['list'][0]:.0f} px; "
              f"longest ({len(longest['text'])} chars) {longest['height']:.0f} px tall: {norm(longest['text'])}")
        # a list box: each option drawn in the page (a drop-down's closed box shows one option, cut to its width)
        assert m["size"] >= 2, m["size"]
        cut = [o["text"] for o in m["options"] if o["sw"] > o["cw"] + 1]
        assert not cut, f"options cut at {width} px: {cut}"
        outside = [o["text"] for o in m["options"] if o["left"] < m["list"][0] - 1 or o["right"] > m["list"][1] + 1]
        assert not outside, f"options wider than their list: {outside}"
        assert m["list"][2] <= m["list"][3] + 1, f"the list scrolls sideways: {m['list']}"
        assert m["column"][0] - 1 <= m["list"][0] and m["list"][1] <= m["column"][1] + 1, m
        assert m["page"][0] <= m["page"][1] + 1, f"the page scrolls sideways: {m['page']}"
        # keyboard: focus the list, the arrow key chooses the next option, the details follow it
        lst = page.locator(f"{LIST}:visible").first
        before = lst.evaluate("s => s.selectedIndex")
        lst.focus()
        page.keyboard.press("ArrowDown" if before < len(texts) - 1 else "ArrowUp")
        page.wait_for_function("""([sel, i]) => { const s = [...document.querySelectorAll(sel)].find(e =>
            e.offsetParent !== null); return s && s.selectedIndex !== i && s.selectedIndex >= 0; }""",
                               arg=[LIST, before], timeout=10_000)
        chosen = norm(lst.evaluate("s => s.options[s.selectedIndex].text"))
        match = next((m for m in (p.match(chosen) for p in attacks) if m), None)
        if match is not None:  # the odds headline under the list speaks of the option the key chose
            want = (group(match, "n"), group(match, "extra"))
            deadline = time.monotonic() + 30
            while True:
                details = norm(page.locator(".shogun-choice-details:visible").first.inner_text())
                head = next((h for h in (p.search(details) for p in _headline_patterns(t)) if h), None)
                got = (group(head, "n"), group(head, "extra")) if head else None
                if got == want:
                    break
                assert time.monotonic() < deadline, f"the details do not follow {chosen!r}: {details!r}"
                page.wait_for_function("(d) => [...document.querySelectorAll('.shogun-choice-details')].some(e =>"
                                       " e.offsetParent !== null && e.innerText !== d)", arg=details, timeout=30_000)
        lst.scroll_into_view_if_needed()
        ap.screenshot(f"decision-list-{lang}-{width}x{height}")
        ap.assert_clean()
