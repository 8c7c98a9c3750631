"""A whole season planned and played with the keyboard alone (WCAG 2.1.1): the seat picked, the plan laid card
by card on the planning board, confirmed, every step and every decision of the learner up to the next
season's plan, by Tab, Shift+Tab, Enter and the arrow keys; never a mouse click. Each focused control shows
a visible focus ring (2.4.7)."""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from shogun_tutor.i18n import translator

from .conftest import sized_app_page
from .test_seat_season import STATE_JS

pytestmark = pytest.mark.browser

# the focus moved by Tab (or Shift+Tab when the target lies before it) onto the first shown element that
# matches ``sel`` and passes ``ok`` (a JS predicate); returns the key presses it took, or -1
_FOCUSED = """([sel]) => { const a = document.activeElement; return !!a && a.matches(sel) && a.offsetParent !== null
  && !a.disabled; }"""
_BEFORE = """([sel]) => { const t = [...document.querySelectorAll(sel)].find(e => e.offsetParent !== null && !e.disabled);
  const a = document.activeElement; if (!t || !a || a === document.body) return false;
  return !!(a.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_PRECEDING); }"""
_RING = """() => { const a = document.activeElement, cs = getComputedStyle(a);
  return cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2; }"""
# after a control of the game is pressed, the focus settles, with its ring, on what the page shows next (never
# lost to the page: 2.4.3): Play for a decision, a card of the plan, else Next step. One predicate, polled until
# it holds: a pressed Next step keeps the focus for a moment before it is disabled (the browser then hands the
# focus to the page until the app moves it to Play), so "focused" and "ringed" are not read apart.
_NEXT_FOCUSED = """() => { const a = document.activeElement, s = (%s)();
  if (!a || a.offsetParent === null || a.disabled) return false;
  const want = s.play ? '.shogun-play' : s.plan ? '.shogun-plan-card' : s.next ? '.shogun-next' : null;
  return !!want && a.matches(want) && (%s)(); }""" % (STATE_JS, _RING)
_WHERE = """() => { const a = document.activeElement; return a ? `${a.tagName}.${a.className} "${a.innerText || ''}"` : 'none'; }"""


def _tab_to(page, selector: str, limit: int = 400) -> int:
    back = page.evaluate(_BEFORE, [selector])
    for presses in range(limit):
        if page.evaluate(_FOCUSED, [selector]):
            return presses
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"{selector} not reached by keyboard in {limit} presses")


def test_a_season_planned_and_played_without_a_mouse(browser, voila_url):
    t = translator("en").gettext
    with sized_app_page(browser, 1366, 768) as ap:
        page = ap.page
        ap.open(voila_url + "?tab=game")
        page.wait_for_selector(".js-plotly-plot.shogun-board .scatterlayer", timeout=60_000)
        page.wait_for_timeout(1500)
        state = lambda: page.evaluate(STATE_JS)  # noqa: E731
        presses = 0
        # the seat: a dropdown, changed with the arrow key
        presses += _tab_to(page, f"select[title='{t('Your seat')}']")
        assert page.evaluate(_RING), "no visible focus on the seat picker"
        page.keyboard.press("ArrowDown")
        page.wait_for_selector(".shogun-planning-board .shogun-plan-field", timeout=30_000)
        # the plan: a card, then its field, eleven times (the bid takes a war-chest card)
        for i in range(11):
            used = page.locator(".shogun-plan-card-used").count()
            card = ".shogun-plan-card:not(.shogun-plan-card-used)"
            if i == 0:  # war-chest card 0 for the bid
                nth = page.evaluate("(label) => [...document.querySelectorAll('.shogun-plan-card')]"
                                    ".findIndex(b => b.innerText.trim() === label) + 1", t("War-chest card {chests}").format(chests=0))
                assert nth > 0
                card = f".shogun-plan-card:nth-child({nth})"
            presses += _tab_to(page, card)
            assert page.evaluate(_RING), "no visible focus on a card"
            page.keyboard.press("Enter")
            page.wait_for_selector(".shogun-plan-card.mod-info", timeout=30_000)
            field = ".shogun-plan-field:not(.mod-success)"
            if i == 0:
                bid = t("Bid for the turn order")
                page.wait_for_function("(b) => [...document.querySelectorAll('.shogun-plan-field')].some(f => f.innerText.includes(b))",
                                       arg=bid)
                presses += _tab_to(page, ".shogun-plan-field[title='{}']".format(bid))
            else:
                presses += _tab_to(page, field)
            page.keyboard.press("Enter")
            page.wait_for_function(f"document.querySelectorAll('.shogun-plan-card-used').length > {used}", timeout=30_000)
        presses += _tab_to(page, ".shogun-plan-confirm")
        page.keyboard.press("Enter")
        page.wait_for_function("!document.querySelector('.shogun-plan-confirm') || "
                               "document.querySelector('.shogun-plan-confirm').offsetParent === null", timeout=30_000)
        # the season: Next step, or the learner's decision (the dropdown's choice, then Play), until the next plan
        decisions = steps = 0
        for _ in range(300):
            page.wait_for_function(f"(() => {{ const s = ({STATE_JS})(); return s.plan || s.play || s.next; }})()",
                                   timeout=60_000)
            s = state()
            if s["plan"]:
                break
            before = s["sig"]
            if s["next"]:
                presses += _tab_to(page, ".shogun-next")
                page.keyboard.press("Enter")
                steps += 1
            else:
                presses += _tab_to(page, ".shogun-play")
                assert page.evaluate(_RING), "no visible focus on Play"
                page.keyboard.press("Enter")
                decisions += 1
            page.wait_for_function(f"({STATE_JS})().sig !== {before!r}", timeout=60_000)
            try:  # no Tab from the page's top again
                page.wait_for_function(_NEXT_FOCUSED, timeout=30_000)
            except PlaywrightTimeout:
                raise AssertionError(f"the focus did not settle, ringed, on the next control: {page.evaluate(_WHERE)}, "
                                     f"the page shows {state()}") from None
        else:
            raise AssertionError("the season did not end")
        assert decisions >= 2, decisions  # at least the place and one action were the learner's
        assert "Summer" in state()["status"], state()["status"]
        assert page.evaluate("document.activeElement.matches('.shogun-plan-card:not(.shogun-plan-card-used)')"), \
            "the next plan does not start at its first card"
        print(f"\nkeyboard-only season: {presses} Tab presses, {steps} steps, {decisions} decisions of the learner, "
              f"the focus kept after {steps + decisions} presses")
        ap.screenshot("keyboard-season-summer-plan")
        ap.assert_clean()
