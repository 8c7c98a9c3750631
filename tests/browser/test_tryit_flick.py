"""Quick screen changes over the try-its that build a map of their own (issue 23's last defect): the events
chapter's screens 5-8 each ask for a move on a map under the events table, its screens 9-14 mix a place to pick (no
map), province cards to lay on an action field (tax, rice, armies: a map each, the cards that may be laid ringed)
and a move. Pressing → and ← quickly over them,
as a user leafing through the cards does, logged ``Error setting state: Cannot read properties of undefined
(reading 'length')``: a map's view taken off the page kept listening to its figure, and the next update of that
figure was drawn into the removed (purged) plot. After the flicking the page is clean and the try-it's map on
the screen landed on is drawn and takes a click; on a card's map a click on a province whose card may be laid
chooses that card, a click on another province does nothing."""

from __future__ import annotations

import pytest

from shogun_tutor.rulebook import content
from shogun_tutor.ui.tryit import PROMPTS

from .catalog import Texts, norm
from .conftest import OUTPUT, sized_app_page, wait_text
from .test_tryit_map import MAP, _click_province, _province_point, _state, _wait_state

pytestmark = pytest.mark.browser

# the events chapter's card screens 5-8: each a try-it with a move to choose on its own map
FIRST, LAST = 5, 8


@pytest.mark.parametrize("lang, width, height", [pytest.param("en", 1366, 768, id="en-1366x768"),
                                                 pytest.param("de", 390, 844, id="de-390x844")])
def test_quick_screen_changes_over_map_try_its_leave_a_clean_page_and_a_working_map(browser, voila_url, lang,
                                                                                     width, height):
    t = Texts(lang)
    from shogun_tutor.text import terms

    with t.current():
        mikawa = terms.province_name("Mikawa")
        landed = norm(t(PROMPTS["temple-immune"], **content.province_values()))  # the landed screen's question
    title = t("Event cards")
    with sized_app_page(browser, width, height) as ap:
        page = ap.page
        ap.open(voila_url + f"?lang={lang}&chapter=events&screen={FIRST}")
        wait_text(page, ".shogun-chapter-title", title, timeout=120_000)
        page.wait_for_selector(MAP + " .scatterlayer", timeout=120_000)
        _wait_state(page, "s.highlight === 'province'", timeout=120_000)
        page.locator(".shogun-chapter-title:visible").first.click()  # the keys go to the page, not to a field
        # leaf through the move try-its' screens quickly, without waiting for the kernel: 5→8, 8→5, three times,
        # then on to screen 8 (temple-immune: which neighbour of Owari can you enter?)
        keys = (["ArrowRight"] * (LAST - FIRST) + ["ArrowLeft"] * (LAST - FIRST)) * 3 + ["ArrowRight"] * (LAST - FIRST)
        for key in keys:
            page.keyboard.press(key)
        total = len(content.chapter("events").screens)
        wait_text(page, ".shogun-screen-pos", t("Screen {screen} of {total}", screen=LAST, total=total), timeout=180_000)
        wait_text(page, ".shogun-prompt", landed, timeout=180_000)
        # the landed screen's map: drawn, its province to act on (Owari) ringed, the drop-down empty
        s = _wait_state(page, "s.highlight === 'province' && s.index === -1 && s.options > 1", timeout=120_000)
        assert s["options"] > 1, s
        # and it takes a click: Mikawa chosen on the map, the drop-down follows, the map draws the move
        s = _click_province(page, "Mikawa", mikawa, ("move", "battle"), deadline=90.0)
        assert mikawa in norm(s["chosen"]), s
        page.screenshot(path=str(OUTPUT.parent / f"tryit-flick-{lang}-{width}x{height}.png"), full_page=False)
        ap.assert_clean()


def test_quick_screen_changes_over_card_try_its_leave_a_working_card_map(browser, voila_url):
    """Events screens 11-14 leafed through quickly (the rice and armies cards' try-its, a move), then on to screen 10
    (event 8: which province do you tax?), which the leafing never passes before (the kernel takes the keys one after
    the other: a screen passed on the way could be read before the last key is done): its map rings Etchu and
    Kozuke, the drop-down is empty; a click on Kozuke chooses its card (the map draws it with the "Tax" callout), a
    click on Shinano, whose card cannot be laid, changes nothing."""
    t = Texts("en")
    first, last, landed_on = 14, 11, 10
    from shogun_tutor.text import terms

    with t.current():
        kozuke = terms.province_name("Kozuke")
        landed = norm(t(PROMPTS["tax-rich"], **content.province_values()))
    with sized_app_page(browser, 1366, 768) as ap:
        page = ap.page
        ap.open(voila_url + f"?lang=en&chapter=events&screen={first}")
        wait_text(page, ".shogun-chapter-title", t("Event cards"), timeout=120_000)
        wait_text(page, ".shogun-screen-pos", t("Screen {screen} of {total}", screen=first,
                                                total=len(content.chapter("events").screens)), timeout=120_000)
        page.locator(".shogun-chapter-title:visible").first.click()  # the keys go to the page, not to a field
        keys = (["ArrowLeft"] * (first - last) + ["ArrowRight"] * (first - last)) * 2 + ["ArrowLeft"] * (first - landed_on)
        for key in keys:
            page.keyboard.press(key)
        total = len(content.chapter("events").screens)
        wait_text(page, ".shogun-screen-pos", t("Screen {screen} of {total}", screen=landed_on, total=total),
                  timeout=180_000)
        wait_text(page, ".shogun-prompt", landed, timeout=180_000)
        wait_text(page, ".shogun-tryit-prompt", t("The provinces whose cards you may lay on this field are ringed on "
                                                  "the board: click one, or pick it from the list."), timeout=60_000)
        # the landed screen's map: the two cards that may be laid ringed (no callout), the drop-down empty
        s = _wait_state(page, "s.highlight === 'choice' && s.index === -1 && s.options > 1", timeout=120_000)
        assert s["callouts"] == [], s
        s = _click_province(page, "Kozuke", kozuke, "tax", deadline=90.0)
        assert kozuke in norm(s["chosen"]) and t("Tax") in " ".join(s["callouts"]), s
        # a province whose card cannot be laid: the click does nothing (no choice, no sentence, no lesson drawn)
        page.mouse.click(*_province_point(page, "Shinano"))
        page.wait_for_timeout(3000)  # the kernel had time to answer: nothing is to come
        after = _state(page)
        assert after == s, (s, after)
        assert not page.locator(".shogun-map-pick:visible [role=alert]").count()
        page.screenshot(path=str(OUTPUT.parent / "tryit-flick-cards-en-1366x768.png"), full_page=False)
        ap.assert_clean()
