"""A whole season planned and played with the keyboard alone (WCAG 2.1.1): the seat picked, the plan laid card
by card on the planning board, confirmed, every step and every decision of the learner up to the next
season's plan, by Tab, Shift+Tab, Enter and the arrow keys; never a mouse click (no pointer event reaches the page). Each focused control shows
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


def _focused(page, selector: str, timeout: float = 30_000) -> None:
    """Wait until the keyboard focus is on a shown, enabled element matching ``selector`` (the kernel moved it)."""
    try:
        page.wait_for_function(_FOCUSED, arg=[selector], timeout=timeout)
    except PlaywrightTimeout:
        raise AssertionError(f"the focus is not on {selector}: {page.evaluate(_WHERE)}") from None


# pointer events of any kind: the test fails if one reaches the page (the season is played by keyboard alone)
_NO_POINTER = """() => { window.__pointer = 0; for (const k of ['pointerdown', 'mousedown', 'mouseup', 'touchstart'])
  document.addEventListener(k, () => { window.__pointer += 1; }, true); }"""


def ax_nodes(page) -> list[tuple[str, str]]:
    """(role, name) of every node of Chromium's accessibility tree (CDP ``Accessibility.getFullAXTree``): what a
    screen reader is given, names as computed from labels, not from the page's markup."""
    cdp = page.context.new_cdp_session(page)
    try:
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        cdp.detach()
    value = lambda n, key: ((n.get(key) or {}).get("value") or "")  # noqa: E731
    return [(value(n, "role"), " ".join(str(value(n, "name")).split())) for n in nodes if not n.get("ignored")]


# the text of the polite live region and the title of the step shown
_SPOKEN = """() => { const r = document.querySelector('.shogun-announce'), b = document.querySelector('.shogun-step-label b');
  return [r ? r.getAttribute('aria-live') + '|' + r.textContent : '', b ? b.innerText.trim() : '']; }"""


def test_a_season_planned_and_played_without_a_mouse(browser, voila_url):
    """Issue 49: the seat, a plan of eleven cards laid with Enter and the arrow keys at <= 5 key presses a card on
    average (the focus goes from a card to the first empty field, and from a laid card to the next card), then
    bid, actions, battles and winter step by step up to the next plan; not one pointer event."""
    t = translator("en").gettext
    with sized_app_page(browser, 1366, 768) as ap:
        page = ap.page
        ap.open(voila_url + "?tab=game")
        page.wait_for_selector(".js-plotly-plot.shogun-board .scatterlayer", timeout=60_000)
        page.wait_for_timeout(1500)
        page.evaluate(_NO_POINTER)
        state = lambda: page.evaluate(STATE_JS)  # noqa: E731
        presses = 0
        # the seat: a dropdown named for screen readers, changed with the arrow key (in this game: nothing lost)
        presses += _tab_to(page, ".shogun-game-settings input[type=text]")  # the seed: a visible focus too
        assert page.evaluate(_RING), "no visible focus on the seed field"
        presses += _tab_to(page, ".shogun-seat-pick select")
        assert page.evaluate(_RING), "no visible focus on the seat picker"
        assert page.evaluate("document.activeElement.labels[0].innerText") == t("Your seat")
        page.keyboard.press("ArrowDown")
        page.wait_for_selector(".shogun-planning-board .shogun-plan-field", timeout=30_000)
        # names and roles as a screen reader gets them: the settings named by labels, the plan's buttons by their text
        nodes = ax_nodes(page)
        for role, name in [("combobox", t("Your seat")), ("combobox", t("Board side")), ("combobox", t("Set-up")),
                           ("combobox", t("Players")), ("textbox", t("Seed")), ("button", t("New game")),
                           ("button", t("Confirm the plan")), ("button", t("Bid for the turn order"))]:
            assert (role, name) in nodes, (role, name, [n for n in nodes if n[0] in ("combobox", "textbox", "button")][:40])
        assert any(role == "status" for role, _name in nodes), "no live region in the accessibility tree"
        # the plan: eleven cards; the bid takes war-chest card 0 (reached with the arrow keys), the others go on
        # the first empty field in turn; every press inside the board counted
        plan_presses = _tab_to(page, ".shogun-plan-card")
        for i in range(11):
            used = page.locator(".shogun-plan-card-used").count()
            if i == 0:
                want = t("War-chest card {chests}").format(chests=0)
                for _ in range(40):  # along the cards with → until the war-chest card 0
                    if page.evaluate("() => document.activeElement.innerText.trim()") == want:
                        break
                    page.keyboard.press("ArrowRight")
                    plan_presses += 1
                else:
                    raise AssertionError(f"{want} not reached with the arrow keys")
            _focused(page, ".shogun-plan-card:not(.shogun-plan-card-used)")
            assert page.evaluate(_RING), "no visible focus on a card"
            page.keyboard.press("Enter")  # picked: the focus goes to the first empty field
            plan_presses += 1
            _focused(page, ".shogun-plan-field:not(.mod-success)")
            assert page.evaluate(_RING), "no visible focus on a field"
            if i == 0:
                page.keyboard.press("End")  # the bid: the last field
                plan_presses += 1
                assert t("Bid for the turn order") in page.evaluate("() => document.activeElement.innerText")
            page.keyboard.press("Enter")  # laid: the focus goes on to the next card (or to Confirm)
            plan_presses += 1
            page.wait_for_function(f"document.querySelectorAll('.shogun-plan-card-used').length > {used}", timeout=30_000)
        _focused(page, ".shogun-plan-confirm")
        page.keyboard.press("Enter")
        plan_presses += 1
        per_card = plan_presses / 11
        print(f"\nkeyboard planning: {plan_presses} key presses for 11 cards ({per_card:.2f} a card)")
        assert per_card <= 5, per_card
        presses += plan_presses
        page.wait_for_function("!document.querySelector('.shogun-plan-confirm') || "
                               "document.querySelector('.shogun-plan-confirm').offsetParent === null", timeout=30_000)
        # the year: Next step, or the learner's decision (the dropdown's choice, then Play); summer's and autumn's
        # plans taken from the strong bot's hint (its button, Take, Confirm: by keyboard too); up to next year's plan
        decisions = steps = 0
        plans = 1
        for _ in range(900):
            page.wait_for_function(f"(() => {{ const s = ({STATE_JS})(); return s.plan || s.play || s.next; }})()",
                                   timeout=60_000)
            s = state()
            if s["plan"]:
                if plans == 1:  # spring is over: summer's plan begins at its first card, the focus kept
                    assert decisions >= 2, decisions  # at least the place and one action were the learner's
                    assert "Summer" in s["status"], s["status"]
                    page.wait_for_function("document.activeElement.matches('.shogun-plan-card:not(.shogun-plan-card-used)')",
                                           timeout=30_000)
                    print(f"\nkeyboard-only spring: {presses} key presses, {steps} steps, {decisions} decisions")
                    ap.screenshot("keyboard-season-summer-plan")
                if plans == 3:  # autumn is over, and the winter: the next year's plan
                    break
                presses += _tab_to(page, ".shogun-hint-button") + 1
                page.keyboard.press("Enter")
                page.wait_for_function("(t) => [...document.querySelectorAll('.shogun-hint')].some(e => e.innerText.includes(t))",
                                       arg=t("The strong bot would plan:"), timeout=180_000)
                presses += _tab_to(page, ".shogun-hint-take") + 1
                page.keyboard.press("Enter")
                page.wait_for_function("() => { const b = document.querySelector('.shogun-plan-confirm'); return b && !b.disabled; }",
                                       timeout=60_000)
                presses += _tab_to(page, ".shogun-plan-confirm") + 1
                page.keyboard.press("Enter")
                page.wait_for_function("!document.querySelector('.shogun-plan-confirm') || "
                                       "document.querySelector('.shogun-plan-confirm').offsetParent === null", timeout=60_000)
                plans += 1
                continue
            before = s["sig"]
            if s["next"]:
                presses += _tab_to(page, ".shogun-next")
                page.keyboard.press("Enter")
                steps += 1
                # the new step's text is announced politely: the live region holds its title and its text
                page.wait_for_function(f"(() => {{ const [r, b] = ({_SPOKEN})(); return ({STATE_JS})().sig !== {before!r}"
                                       " && b && r.startsWith('polite|' + b); })()", timeout=60_000)
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
            raise AssertionError("the year did not end")
        # the winter is over: the year's review is offered, and the next spring's plan is shown
        assert page.locator(".shogun-review-year:visible").count() == 1
        assert "Spring" in state()["status"], state()["status"]
        assert page.evaluate("window.__pointer") == 0, "a pointer event reached the page"
        print(f"keyboard-only year: {presses} key presses, {steps} steps, {decisions} decisions of the learner, "
              f"the focus kept after {steps + decisions} presses")
        ap.assert_clean()
