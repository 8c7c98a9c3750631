"""The expansions' chapters in headless Chromium, on a laptop and on a phone: the Tennō's Court try-it (three
court fields laid, a privilege card taken, the court boards following) and the Samurai try-it (a place, then the
bonus), with their explanations and visuals."""

import os
import shutil
from pathlib import Path

import pytest

from .conftest import sized_app_page, visible_text, wait_text

pytestmark = pytest.mark.browser

SIZES = [(1366, 768), (390, 844)]
SHOTS = os.environ.get("SHOGUN_SHOTS")  # a folder to copy the screenshots to (a reviewer looks at them)


def _play(page, label: str) -> None:
    """Choose ``label`` in the try-it's list and play it."""
    select = page.locator(".shogun-tryit select:visible").first
    select.select_option(label=label)
    page.locator(".shogun-tryit-play button:visible, button.shogun-tryit-play:visible").first.click()


def _wait_option(page, text: str, timeout: float = 60_000) -> None:
    """Wait until the try-it's list offers a choice that holds ``text`` (the engine moved on to the next decision)."""
    page.wait_for_function(
        "(t) => [...document.querySelectorAll('.shogun-tryit select')].some(s => [...s.options].some(o => o.text.replace(/\u00a0/g, ' ').includes(t)))",
        arg=text, timeout=timeout)


def _shot(ap, name: str) -> None:
    path = ap.screenshot(name)
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(SHOTS) / path.name)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_tenno_court_chapter_try_it(browser, voila_url, width, height):
    with sized_app_page(browser, width, height) as ap:
        ap.open(voila_url + "?chapter=tenno")
        page = ap.page
        wait_text(page, ".shogun-chapter-title", "Tennō's Court")
        wait_text(page, ".shogun-rulebook-court", "Privilege cards in the audience hall")
        court = visible_text(page, ".shogun-rulebook-court")
        assert "Card 19: gain 3 victory points. ⚠ inferred" in court and "Costs 4 court officials" in court
        _shot(ap, f"rulebook-tenno-start-{width}")
        _play(page, "Kai on the court field for 3 armies")
        _wait_option(page, "on the court field for 2 armies")
        _play(page, "Battle-tower card on the court field for 2 armies")
        _wait_option(page, "on the court field for 1 army")
        _play(page, "Shinano on the court field for 1 army")
        wait_text(page, ".shogun-tryit-result", "Red now has 7 court officials in the entrance hall.")
        _wait_option(page, "Take privilege card 19")
        result = visible_text(page, ".shogun-tryit-result")
        assert "Red turns 3 armies from Kai into court officials" in result
        assert "Red takes 2 armies out of the tray and turns them into court officials" in result
        assert "Audience with the Tennō, in this order: Red, Blue, and Black" in result
        wait_text(page, ".shogun-rulebook-court", "converted")
        _shot(ap, f"rulebook-tenno-audience-{width}")
        _play(page, "Take privilege card 19 for 4 court officials. Card 19: gain 3 victory points. ⚠ inferred")
        wait_text(page, ".shogun-tryit-result", "The audience with the Tennō ends")
        result = visible_text(page, ".shogun-tryit-result")
        assert "Red gains 3 victory points" in result and "Black cannot afford a privilege card" in result
        assert "This value is not printed in any rulebook; it was inferred." in result
        _shot(ap, f"rulebook-tenno-done-{width}")
        ap.assert_clean()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_samurai_chapter_try_it(browser, voila_url, width, height):
    with sized_app_page(browser, width, height) as ap:
        ap.open(voila_url + "?chapter=samurai")
        page = ap.page
        wait_text(page, ".shogun-chapter-title", "Samurai")
        wait_text(page, ".shogun-rulebook-samurai", "Samurai stack: card 2 of 4 on top")
        assert "Provinces in 4 regions (4 needed for a bonus)" in visible_text(page, ".shogun-rulebook-samurai")
        _shot(ap, f"rulebook-samurai-start-{width}")
        _play(page, "Place 1: +1 rice")
        wait_text(page, ".shogun-tryit-result", "Red holds provinces in 4 regions and turns a samurai card")
        _wait_option(page, "Samurai bonus: 4 chests")
        _play(page, "Samurai bonus: 4 chests ⚠ inferred")
        wait_text(page, ".shogun-tryit-result", "Red takes the samurai bonus: 4 chests")
        result = visible_text(page, ".shogun-tryit-result")
        assert "Blue holds provinces in only 3 regions: no samurai bonus" in result
        wait_text(page, ".shogun-rulebook-samurai", "Samurai stack: card 3 of 4 on top")
        _shot(ap, f"rulebook-samurai-done-{width}")
        ap.assert_clean()
