"""The welcome painted from the page's HTML before the kernel's widgets arrive (issue 46, ui/welcome_skeleton.py).

On a slow phone the page's text, map and doors show as soon as its HTML is parsed, in the page's language; a door
pressed then is pressed on the app's own door once its widgets are there, and the plain copy gives way to the app.
Behaviour only: no time is asserted (tests/browser/bench_phone.py prints the times).
"""

from __future__ import annotations

import pytest

from shogun_tutor import i18n

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SKELETON_DOOR = ".shogun-skeleton button[data-door=play]"
# Lighthouse's mobile network: the page's scripts take seconds, its HTML a fraction of one
NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 204800, "uploadThroughput": 96000}


def _phone(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", NETWORK)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    return context, page


def test_a_door_pressed_on_the_painted_welcome_opens_the_guided_game(browser, voila_url):
    from .conftest import AppPage

    context, page = _phone(browser)
    try:
        ap = AppPage(page)
        page.goto(voila_url + "?lang=nl", wait_until="commit")
        page.wait_for_selector(SKELETON_DOOR, state="visible", timeout=60_000)
        assert page.locator(SKELETON_DOOR).inner_text() == i18n.translator("nl").gettext("Play a guided game")
        assert page.locator("#shogun-skeleton").get_attribute("lang") == "nl"
        page.locator(SKELETON_DOOR).click()  # before the widgets: remembered
        if page.locator(SKELETON_DOOR).count():  # still before the widgets: axe-clean as the app's welcome is
            from .test_screens import axe_problems

            assert axe_problems(page) == []
        page.wait_for_selector(".js-plotly-plot.shogun-board .scatterlayer .trace", timeout=180_000)
        assert page.locator("#shogun-skeleton").count() == 0  # the app took its place
        assert page.locator(".shogun-app .shogun-welcome").count() == 1
        ap.assert_clean()
    finally:
        context.close()


def test_an_address_that_opens_another_tab_paints_no_welcome(browser, voila_url):
    context, page = _phone(browser)
    try:
        page.goto(voila_url + "?tab=lookup", wait_until="domcontentloaded", timeout=120_000)
        assert page.locator("#shogun-skeleton").count() == 0
        assert page.locator(SKELETON_DOOR).count() == 0
    finally:
        context.close()
