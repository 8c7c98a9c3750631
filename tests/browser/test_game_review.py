"""A learner finishes a year of the guided game and opens the review of the year (issue 21): plans by the hint,
takes whatever the drop-downs offer first for the other decisions (a beginner's choices), reads on to the
winter's scoring, then clicks "Review my year 1" and reads the costliest decisions against the strong bot's.
Then the language is switched to Dutch and the review is read again. Screenshots at 1366x768, 1920x1080 and
390x844 (English and Dutch) go to test-output/browser/. The time the review took is printed, not asserted.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .catalog import Texts, norm
from .test_seat_season import STATE_JS

pytestmark = pytest.mark.browser

#: a control the learner can use is there again (or the year's review button): a plan, a choice, an enabled Next
CONTROL_AGAIN_JS = ("(() => { const s = (" + STATE_JS + ")(); return s.plan || s.play || "
                    "[...document.querySelectorAll('.shogun-next:not([disabled])')].some(e => e.offsetParent !== null) || "
                    "document.querySelector('.shogun-review-year') !== null; })()")

#: the page has been laid out for the viewport ``width``: the review is no wider than it, and every small board is
#: drawn (a box of some size) inside it
BOARDS_FIT_JS = """(width) => {
  if (window.innerWidth !== width) return false;
  const review = document.querySelector('.shogun-game-review');
  if (!review || review.getBoundingClientRect().width > width) return false;
  return [...document.querySelectorAll('.shogun-review-board svg')].every(b => {
    const r = b.getBoundingClientRect();
    return r.width > 100 && r.height > 50 && r.right <= width + 1;
  });
}"""


#: the captions of the review's pictures: the board, the turn-order places, the plan
CAPTIONS = ("The board when you decided: your choice is marked as in the game, the strong bot's provinces are "
            "ringed with blue dots, the rest is pale.",
            "The turn-order places when you decided, each with its special card for the round: your choice in a "
            "thick frame, the strong bot's in a blue dotted frame; a player's letter marks a place already taken.",
            "Your plan when you decided, each field with the card you had put on it: your choice in a thick frame, "
            "the strong bot's in a blue dotted frame.")

#: each costly decision's picture: its accessible name, its caption, its option boxes and map paths
PICTURES_JS = """() => [...document.querySelectorAll('.shogun-review-mistake .shogun-review-board')].map(f => {
  const svg = f.querySelector('svg');
  return {title: svg.querySelector('title').textContent.replace(/\\s+/g, ' ').trim(),
          caption: f.querySelector('figcaption').textContent.replace(/\\s+/g, ' ').trim(),
          boxes: svg.querySelectorAll('rect[rx="4"]').length, paths: svg.querySelectorAll('path').length};
})"""


def test_a_learner_finishes_a_year_and_opens_its_review(browser, voila_url):
    from .conftest import click_shown, guided_game

    t = Texts("en")
    nl = Texts("nl")
    with guided_game(browser, voila_url, 1366, 768, "?tab=game&lang=en", timeout=180_000) as ap:
        page = ap.page
        state = lambda: page.evaluate(STATE_JS)  # noqa: E731
        try:
            page.locator("button", has_text=t("New game")).first.click()
            seat = t("I play {colour}", colour="Red")
            page.locator("select").filter(has=page.locator("option", has_text=seat)).first.select_option(label=seat)
            page.wait_for_selector(".shogun-planning-board .shogun-plan-field", timeout=60_000)
            review_button = page.locator(".shogun-review-year:visible")
            steps, started = 0, time.monotonic()
            while review_button.count() == 0:
                assert steps < 600 and time.monotonic() - started < 1500, "the year did not end"
                page.wait_for_function(f"(() => {{ const s = ({STATE_JS})(); return s.plan || s.play || s.next; }})()",
                                       timeout=120_000)
                s = state()
                before = s["sig"]
                ahead = page.locator(".shogun-next:visible:not([disabled])")
                if ahead.count():
                    try:  # the kernel may disable it again while it answers the step before
                        ahead.first.click(timeout=5000)
                    except PlaywrightTimeout:
                        continue
                elif s["plan"]:
                    # each click on what is shown then; a redraw between the reading and a click (the planning board
                    # drawn before its hint) is read again at the loop's top, within its deadline
                    if not click_shown(page, ".shogun-hint-button", timeout=30_000):
                        continue
                    try:
                        page.wait_for_function("(t) => [...document.querySelectorAll('.shogun-hint')].some(e => e.innerText.includes(t))",
                                               arg=t("The strong bot would plan:"), timeout=120_000)
                    except PlaywrightTimeout:
                        continue
                    if not click_shown(page, ".shogun-hint-take", timeout=30_000):
                        continue
                    if not click_shown(page, ".shogun-planning-board .shogun-plan-confirm", timeout=60_000):
                        continue
                elif s["play"]:  # a beginner takes what the drop-down offers first
                    try:
                        page.locator(".shogun-play:visible").first.click(timeout=5000)
                    except PlaywrightTimeout:
                        continue
                else:  # "next" was read as enabled a moment before the kernel disabled it: wait for a control again
                    page.wait_for_function(CONTROL_AGAIN_JS, timeout=120_000)
                    continue
                page.wait_for_function(f"({STATE_JS})().sig !== {before!r} || "
                                       "document.querySelector('.shogun-review-year') !== null", timeout=120_000)
                steps += 1
            print(f"\n[review] year 1 played in {steps} steps, {time.monotonic() - started:.0f} s")
            assert norm(review_button.first.inner_text()) == t("Review my year {year}", year=1)
            started = time.monotonic()
            review_button.first.click()
            page.wait_for_selector(".shogun-game-review", timeout=600_000)
            print(f"[review] the review of year 1 took {time.monotonic() - started:.1f} s")
            text = norm(page.locator(".shogun-game-review").first.inner_text())
            heads = [t.pattern("Your costliest decision of year {year}, against the strong bot's choice",
                               "Your {n} costliest decisions of year {year}, against the strong bot's choices")]
            none = t("The strong bot would have decided as you did, or otherwise only in details worth less than a point.")
            assert any(h.search(text) for h in heads) or none in text, text
            mistakes = page.locator(".shogun-review-mistake").count()
            assert mistakes <= 3
            from .test_screens import axe_problems

            assert axe_problems(page) == []  # the year review too: every axe rule, no critical or serious violation
            if mistakes:
                cost = t.pattern("Points this choice probably cost you, against the strong bot's choice: {cost}.")
                assert cost.search(text) and t("You chose") in text and t("The strong bot would choose") in text
            print(f"[review] {mistakes} costly decisions shown:\n{text[:1500]}")
            # each costly decision shows the board then: one static image, as wide as the screen allows
            boards = page.locator(".shogun-review-mistake .shogun-review-board svg")
            assert boards.count() == mistakes
            # a decision about a province shows the board cropped to it; one without (a place of the turn order, a
            # war-chest card) shows what it was about: the places with their special cards, or the plan (issue 23)
            captions = [t(c) for c in CAPTIONS]
            pictures = page.evaluate(PICTURES_JS)
            print(f"[review] pictures: {pictures}")
            for p in pictures:
                assert p["title"] in captions and p["caption"] == p["title"], p
                if p["title"] == captions[1]:  # the turn-order places: five boxes, no map
                    assert p["boxes"] == 5 and p["paths"] == 0, p
            box = page.locator(".shogun-game-review").first
            for width, height in ((1366, 768), (1920, 1080), (390, 844)):
                page.set_viewport_size({"width": width, "height": height})
                page.wait_for_function(BOARDS_FIT_JS, arg=width, timeout=30_000)
                box.evaluate("e => e.scrollIntoView({block: 'start'})")
                page.screenshot(path=str(ap.screenshot(f"review-en-{width}x{height}")).replace(".png", "-viewport.png"))
            # the language switched: the review is said again in Dutch, not recomputed
            page.set_viewport_size({"width": 1366, "height": 768})
            page.locator("select.shogun-language, .shogun-language select").first.select_option(label="Nederlands")
            page.wait_for_function("(t) => [...document.querySelectorAll('.shogun-review-year')].some(b => b.innerText.includes(t))",
                                   arg=nl("Review my year {year}", year=1), timeout=60_000)
            # the review is said again after the buttons (its small boards drawn again): wait for its Dutch text
            page.wait_for_function("(ts) => [...document.querySelectorAll('.shogun-game-review')].some("
                                   "e => ts.some(t => e.innerText.includes(t)))",
                                   arg=[nl("You chose"), nl("The strong bot would have decided as you did, or otherwise only "
                                                            "in details worth less than a point.")], timeout=60_000)
            text_nl = norm(page.locator(".shogun-game-review").first.inner_text())
            assert text_nl != text and (nl("You chose") in text_nl or nl(
                "The strong bot would have decided as you did, or otherwise only in details worth less than a point.") in text_nl)
            assert page.locator(".shogun-review-mistake .shogun-review-board svg").count() == mistakes
            assert [p["title"] for p in page.evaluate(PICTURES_JS)] == [
                nl(CAPTIONS[[t(c) for c in CAPTIONS].index(p["title"])]) for p in pictures]
            for width, height in ((1366, 768), (390, 844)):
                page.set_viewport_size({"width": width, "height": height})
                page.wait_for_function(BOARDS_FIT_JS, arg=width, timeout=30_000)
                box.evaluate("e => e.scrollIntoView({block: 'start'})")
                page.screenshot(path=str(ap.screenshot(f"review-nl-{width}x{height}")).replace(".png", "-viewport.png"))
            ap.assert_clean()
        except Exception:
            ap.screenshot("FAILED-review")
            raise
