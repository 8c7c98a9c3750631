"""The learner's seat in the browser: take a seat, plan a season on the planning board, confirm once."""

import time

import pytest

pytestmark = pytest.mark.browser


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

        def put(card_locator, field_index):
            nonlocal clicks
            used = page.locator(".shogun-plan-card-used").count()
            card_locator.click()
            page.locator(".shogun-plan-field").nth(field_index).click()
            clicks += 2
            page.wait_for_function(f"document.querySelectorAll('.shogun-plan-card-used').length > {used}",
                                   timeout=15_000)

        # the bid first (the engine asks it last), then the fields from the bottom up
        put(page.locator(".shogun-plan-card", has_text="War-chest card 0").first, 10)
        for i in range(9, -1, -1):
            put(page.locator(".shogun-plan-card:not(.shogun-plan-card-used)").first, i)
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
