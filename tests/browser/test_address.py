"""Issue 25: a shared link with an unknown chapter, a screen that is not a number or an unknown demo opens the
app with a visible sentence above the tabs (with the list), never an error; screenshots at three sizes."""

import pytest

from .conftest import sized_app_page, visible_text, wait_text

SIZES = [(1366, 768), (1920, 1080), (390, 844)]


@pytest.mark.browser
@pytest.mark.parametrize("width, height", SIZES)
def test_an_unknown_chapter_and_a_bad_screen_are_said_above_the_tabs(browser, voila_url, width, height):
    with sized_app_page(browser, width, height) as ap:
        ap.open(voila_url + "?chapter=nonsense&tab=lookup")
        wait_text(ap.page, ".shogun-address-problem", "No chapter “nonsense” was found")
        assert "battles" in visible_text(ap.page, ".shogun-address-problem")
        ap.screenshot(f"address-unknown-chapter-en-{width}x{height}")
        ap.assert_clean()
    with sized_app_page(browser, width, height) as ap:
        ap.open(voila_url + "?lang=nl&chapter=battles&screen=%C2%B2")  # screen=²
        wait_text(ap.page, ".shogun-address-problem", "“²” is geen schermnummer")
        ap.screenshot(f"address-bad-screen-nl-{width}x{height}")
        ap.assert_clean()


@pytest.mark.browser
def test_an_unknown_demo_lists_the_demonstrations(browser, voila_url):
    with sized_app_page(browser, 1366, 768) as ap:
        ap.open(voila_url + "?lang=nl&demo=no-such-demo&teacher=1")
        wait_text(ap.page, ".shogun-address-problem", "Geen demonstratie “no-such-demo” gevonden")
        assert "tied-region" in visible_text(ap.page, ".shogun-address-problem")
        ap.screenshot("address-unknown-demo-nl-1366x768")
        ap.assert_clean()
