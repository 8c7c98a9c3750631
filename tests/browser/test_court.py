"""Both expansions in the browser: a guided game with Tennō's Court and Samurai, stepped through one court
phase; the court's explanation and the court display (privilege cards, court boards, samurai stacks) are
checked, and screenshots are taken at 1366×768 and at phone width (390×844)."""

import os
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

SHOTS = Path(os.environ.get("SHOGUN_COURT_SHOTS", "/tmp/court"))
MAX_STEPS = 60  # the first court phase comes after the plans, the bids and the turn order: ~20 steps


def _now_text(page) -> str:
    return page.evaluate("() => [...document.querySelectorAll('.shogun-now')].map(e => e.innerText).join('\\n')")


def _step_until(page, done) -> int:
    """Press "Next step" until ``done()``; the number of presses."""
    for presses in range(1, MAX_STEPS + 1):
        before = _now_text(page)
        page.locator(".shogun-next").first.click()
        page.wait_for_function("(old) => [...document.querySelectorAll('.shogun-now')].map(e => e.innerText).join('\\n') !== old",
                               arg=before, timeout=30_000)
        if done():
            return presses
    raise AssertionError(f"not done within {MAX_STEPS} steps")


def _shots(page, court, name: str, width: int, height: int) -> None:
    """What the learner sees with the court display scrolled into view, then the whole display on a tall page."""
    court.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"{name}.png"))
    page.set_viewport_size({"width": width, "height": 2400})
    page.wait_for_timeout(500)
    court.screenshot(path=str(SHOTS / f"{name}-panel.png"))
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_timeout(500)


def test_a_guided_game_with_both_expansions_through_one_court_phase(browser, voila_url):
    from .conftest import guided_game

    SHOTS.mkdir(parents=True, exist_ok=True)
    with guided_game(browser, voila_url, 1366, 768) as ap:
        page = ap.page
        assert not page.locator(".shogun-court").first.is_visible()  # no expansion: no court display
        for label in ("Expansion: Tennō's Court", "Expansion: Samurai"):
            page.locator(".widget-checkbox:visible", has_text=label).locator("input").first.check()
        # a setting takes effect on New game (issue 49: a tick alone never throws the game away)
        assert not page.locator(".shogun-court").first.is_visible()
        page.locator(".shogun-game-settings button", has_text="New game").first.click()
        court = page.locator(".shogun-court").first
        court.wait_for(state="visible", timeout=30_000)
        page.wait_for_function("() => document.querySelector('.shogun-court').innerText.includes('Samurai stack')",
                               timeout=30_000)  # the second box ticked: a game with both expansions
        text = court.inner_text()
        assert "Tennō's Court and Samurai" in text and "Privilege cards in the audience hall" in text
        assert page.locator(".shogun-court .sc-card[data-card]").count() == 3  # spring's three privilege cards
        assert page.locator(".shogun-court .sc-player").count() == 4
        assert "⚠ inferred" in text and "Samurai stack: card 1 of 4 on top" in text

        presses = _step_until(page, lambda: "Audience with the Tennō" in _now_text(page))  # fields revealed, then the order
        now = _now_text(page)
        assert "into court officials" in now or "the court action lapses" in now or "nothing happens" in now
        text = court.inner_text()
        revealed = page.locator(".shogun-court .sc-field.sc-convert, .shogun-court .sc-field.sc-lapsed").count()
        assert revealed == 4 * 3  # every court field of every player revealed, with what it did
        assert "converted" in text and "Court officials in the supply:" in text
        _shots(page, court, "court-audience-1366", 1366, 768)

        # every card taken or out of the game: the court ends, told in a step of its own
        presses += _step_until(page, lambda: "The audience with the Tennō ends" in _now_text(page))
        # the display follows the game, which may have played on past the step read (the bots' actions need no decision)
        page.wait_for_function("() => document.querySelectorAll('.shogun-court .sc-card.sc-empty').length === 3", timeout=30_000)
        assert "out of the game:" in court.inner_text()
        print(f"\n'Next step' pressed {presses} times to the end of the first court phase")
        _shots(page, court, "court-end-1366", 1366, 768)

        page.set_viewport_size({"width": 390, "height": 844})  # the same game at phone width
        page.wait_for_timeout(1500)
        box = court.bounding_box()
        assert box["width"] <= 390 and box["x"] >= 0
        widest = page.evaluate("() => Math.max(...[...document.querySelectorAll('.shogun-court .sc-player')]"
                               ".map(e => e.getBoundingClientRect().right))")
        assert widest <= 392, widest  # the court boards wrap to the phone's width
        _shots(page, court, "court-end-390", 390, 844)
        ap.assert_clean()
