"""The learner's seat in the browser: take a seat, plan a season on the planning board, confirm once;
the bots' plans stay face down; reading an earlier step hides the learner's decision until the present."""

import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .catalog import Texts, norm
from .conftest import guided_game

pytestmark = pytest.mark.browser


def _put(page, card_locator, field_index):
    """One card on one field of the planning board (two clicks)."""
    used = page.locator(".shogun-plan-card-used").count()
    card_locator.click()
    page.locator(".shogun-plan-field").nth(field_index).click()
    page.wait_for_function(f"document.querySelectorAll('.shogun-plan-card-used').length > {used}", timeout=15_000)


def _fill_the_plan(page):
    """The bid first (the engine asks it last), then the fields from the bottom up; 22 clicks."""
    _put(page, page.locator(".shogun-plan-card", has_text="War-chest card 0").first, 10)
    for i in range(9, -1, -1):
        _put(page, page.locator(".shogun-plan-card:not(.shogun-plan-card-used)").first, i)


def test_learner_plans_a_season_on_the_planning_board(browser, voila_url):
    from .conftest import AppPage

    context = browser.new_context(viewport={"width": 1366, "height": 768})
    ap = AppPage(context.new_page())
    page = ap.page
    try:
        ap.open(voila_url + "?tab=game")
        page.wait_for_selector(".js-plotly-plot.shogun-board .scatterlayer", timeout=60_000)
        clicks = 0
        # the seat takes effect at once (no "New game" needed): the planning board appears
        seat = page.locator("select").filter(has=page.locator("option", has_text="I play Red")).first
        seat.select_option(label="I play Red")
        clicks += 1
        page.wait_for_selector(".shogun-planning-board .shogun-plan-field", timeout=30_000)
        assert page.locator(".shogun-next").first.is_disabled()  # nothing to step on the learner's turn
        confirm = page.locator(".shogun-plan-confirm").first
        assert confirm.is_disabled()
        fields = page.locator(".shogun-plan-field")
        assert fields.count() == 11

        _fill_the_plan(page)
        clicks += 22
        ap.screenshot("learner-plan-1366")
        board_box = page.locator(".js-plotly-plot.shogun-board").first.bounding_box()
        plan_box = page.locator(".shogun-planning-board").first.bounding_box()
        print(f"\nboard at x={board_box['x']:.0f} w={board_box['width']:.0f}; "
              f"planning board at x={plan_box['x']:.0f} y={plan_box['y']:.0f} h={plan_box['height']:.0f}")
        texts = page.locator(".shogun-planning-board").first.inner_text()
        assert "chest" in texts  # the previews say what each field does
        assert not confirm.is_disabled()
        started = time.monotonic()
        confirm.dblclick()  # a double click sends one plan
        clicks += 1
        page.wait_for_function("!document.querySelector('.shogun-planning-board') || "
                               "document.querySelector('.shogun-planning-board').offsetParent === null", timeout=30_000)
        print(f"clicks from the seat to the confirmed plan: {clicks}; confirm took {time.monotonic() - started:.2f} s")
        page.wait_for_function("document.querySelector('.shogun-status').innerText.length > 0")
        ap.screenshot("learner-plan-confirmed-1366")
        ap.assert_clean()
    finally:
        context.close()


def test_a_seated_learner_reads_back_without_deciding_and_sees_no_hidden_plan(browser, voila_url):
    t = Texts("en")
    hidden = t.pattern("{n} card of the bots' plans stays face down until the game turns it up.",
                       "{n} cards of the bots' plans stay face down until the game turns them up.", n=r"\d+")
    with guided_game(browser, voila_url, 1366, 768, "?tab=game", timeout=120_000) as ap:
        page = ap.page
        page.locator("select").filter(has=page.locator("option", has_text="I play Red")).first.select_option(
            label="I play Red")
        page.wait_for_selector(".shogun-planning-board .shogun-plan-field", timeout=30_000)
        _fill_the_plan(page)
        page.locator(".shogun-plan-confirm").first.click()
        play, banner = page.locator(".shogun-play").first, page.locator(".shogun-reading-back").first
        note = page.locator(".shogun-plans-hidden").first
        seen_note = None
        for _ in range(30):  # Next until the learner's next decision (a place) is offered in the present
            if play.is_visible():
                break
            if note.is_visible():
                seen_note = norm(note.inner_text())
                summary = page.locator("summary", has_text="The bots' plans")
                assert summary.count() == 0 or "(3 cards)" in summary.first.inner_text()  # only the bids
            nxt = page.locator(".shogun-next").first
            if nxt.is_disabled():
                page.wait_for_timeout(300)
                continue
            label = page.locator(".shogun-step-label").first.inner_text()
            try:  # the kernel may disable it again between the reading and the click (it answers the step before)
                nxt.click(timeout=5000)
            except PlaywrightTimeout:
                continue
            page.wait_for_function("(t) => document.querySelector('.shogun-step-label').innerText !== t", arg=label,
                                   timeout=60_000)
        assert seen_note, "the planning step never said the bots' plans stay face down"
        m = hidden.search(seen_note)
        assert m and int(next(v for v in m.groupdict().values() if v)) == 30  # 3 bots x 10 fields; bids shown
        play.wait_for(state="visible", timeout=30_000)
        assert not banner.is_visible()
        label = page.locator(".shogun-step-label").first.inner_text()
        page.locator(".shogun-step-back").first.click()
        page.wait_for_function("(t) => document.querySelector('.shogun-step-label').innerText !== t", arg=label,
                               timeout=60_000)
        banner.wait_for(state="visible", timeout=30_000)
        assert t("It is your turn in the present: “Back to the present” takes you there.") in norm(banner.inner_text())
        assert not play.is_visible() and not page.locator(".shogun-choice-details").first.is_visible() or \
            page.locator(".shogun-choice-details").first.inner_text().strip() == ""
        ap.screenshot("seat-reading-back-1366")
        page.locator(".shogun-to-present").first.click()
        play.wait_for(state="visible", timeout=30_000)
        assert not banner.is_visible()
        ap.screenshot("seat-back-in-the-present-1366")
        ap.assert_clean()
