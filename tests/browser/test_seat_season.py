"""A learner plays a whole year's first season and on to the winter at 1366x768, as a new player would:
plans on the planning board, picks a place after reading the special cards and taking a hint, attacks on
the map after reading the odds, reads the season's review, reaches the winter and reads the scoring.

Figures are printed, not asserted: clicks from "New game" to the first confirmed plan, each step's time.
Screenshots go to /tmp/seat/ (and test-output/browser/).
"""

from __future__ import annotations

import re
import statistics
import time
from pathlib import Path

import pytest

from .test_browser_app import HOVER_JS

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/seat")

STATE_JS = """() => {
  const shown = (sel) => [...document.querySelectorAll(sel)].some(e => e.offsetParent !== null);
  const text = (sel) => [...document.querySelectorAll(sel)].filter(e => e.offsetParent !== null).map(e => e.innerText).join('\\n');
  return {plan: shown('.shogun-planning-board .shogun-plan-confirm'), play: shown('.shogun-play'),
          next: shown('.shogun-next') && !document.querySelector('.shogun-next').disabled,
          status: text('.shogun-status'), now: text('.shogun-now'), review: text('.shogun-season-review'),
          sig: text('.shogun-status') + '|' + text('.shogun-now').length + '|' + text('.shogun-choice-details') + '|'
               + shown('.shogun-play') + shown('.shogun-planning-board .shogun-plan-confirm') + '|'
               + [...document.querySelectorAll('select')].filter(e => e.offsetParent !== null).map(e => e.options.length + ':' + e.selectedIndex).join(',')};
}"""

HERE_JS = """() => [...document.querySelectorAll('.js-plotly-plot.shogun-board .annotation-text')]
  .filter(a => a.closest('.js-plotly-plot').offsetParent !== null).map(a => a.textContent)"""


def _shot(ap, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    ap.page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    ap.screenshot(name)


def test_a_learner_plays_to_the_winter_at_1366(browser, voila_url):
    from .conftest import AppPage

    context = browser.new_context(viewport={"width": 1366, "height": 768})
    ap = AppPage(context.new_page())
    page = ap.page
    state = lambda: page.evaluate(STATE_JS)  # noqa: E731
    step_times: list[float] = []

    def wait_changed(before: str, timeout: float = 60.0) -> float:
        started = time.monotonic()
        page.wait_for_function(f"({STATE_JS})().sig !== {before!r}", timeout=timeout * 1000)
        return time.monotonic() - started

    def advance(learner: bool = True) -> None:
        """One step of the game: the learner's pending choice (as offered) or the plan (by the hint), else Next step;
        with ``learner=False`` only a Next step (nothing when the learner must decide)."""
        page.wait_for_function(f"(() => {{ const s = ({STATE_JS})(); return s.plan || s.play || s.next; }})()", timeout=60_000)
        s = state()
        if not learner and (s["plan"] or s["play"]):
            return
        if s["plan"]:
            plan_with_hint()
        elif s["play"]:
            click_and_time(page.locator(".shogun-play:visible").first)
        else:
            click_and_time(page.locator(".shogun-next").first)

    def click_and_time(locator) -> None:
        """Click, wait until the panel has changed and then stayed the same for 0.6 s; the step's time is
        from the click to its last change (the kernel's answer arrives in several messages)."""
        before = state()["sig"]
        started = time.monotonic()
        locator.click()
        wait_changed(before)
        last_change, sig = time.monotonic(), state()["sig"]
        while time.monotonic() - last_change < 0.6:
            page.wait_for_timeout(100)
            now = state()["sig"]
            if now != sig:
                last_change, sig = time.monotonic(), now
        step_times.append(last_change - started)

    def plan_with_hint() -> None:
        page.locator(".shogun-hint-button:visible").first.click()
        page.wait_for_function("[...document.querySelectorAll('.shogun-hint')].some(e => e.innerText.includes('would plan'))",
                               timeout=60_000)
        page.locator(".shogun-hint-take:visible").first.click()
        page.wait_for_function("document.querySelector('.shogun-plan-confirm:not([disabled])') !== null", timeout=30_000)
        click_and_time(page.locator(".shogun-plan-confirm").first)

    try:
        ap.open(voila_url + "?tab=game")
        page.wait_for_selector(".js-plotly-plot.shogun-board .scatterlayer", timeout=60_000)
        page.wait_for_timeout(2000)  # the board redraws once at the width the panel measured
        # --- New game, the seat, the plan on the board -------------------------------------------
        clicks = 0
        started_game = time.monotonic()
        page.locator("button", has_text="New game").first.click()
        clicks += 1
        page.locator("select").filter(has=page.locator("option", has_text="I play Red")).first.select_option(label="I play Red")
        clicks += 1
        page.wait_for_selector(".shogun-planning-board .shogun-plan-field", timeout=30_000)

        def put(card: str, field: str) -> None:
            nonlocal clicks
            used = page.locator(".shogun-plan-card-used").count()
            covered = page.locator(".shogun-plan-field.mod-success").count()
            page.locator(".shogun-plan-card:not(.shogun-plan-card-used)", has_text=card).first.click()
            page.locator(".shogun-plan-field:not(.mod-success)", has_text=field).first.click()
            clicks += 2
            page.wait_for_function(f"document.querySelectorAll('.shogun-plan-card-used').length > {used} && "
                                   f"document.querySelectorAll('.shogun-plan-field.mod-success').length > {covered}",
                                   timeout=15_000)

        put("War-chest card 0", "Bid for the turn order")
        put("Yamato", "Battle / move A")  # the biggest army
        assert "Here" in page.evaluate(HERE_JS)  # the board marks the province of the card just laid
        for _ in range(9):
            card = page.locator(".shogun-plan-card:not(.shogun-plan-card-used)").first.inner_text()
            field = page.locator(".shogun-plan-field:not(.mod-success)").first.inner_text()
            put(card, field)
        fields = page.locator(".shogun-plan-field")
        widths = [(fields.nth(i).inner_text(), fields.nth(i).evaluate("b => b.scrollWidth <= b.clientWidth + 1"))
                  for i in range(fields.count())]
        assert all(fits for _t, fits in widths), widths  # every field name whole ("(hidden card)" not cut)
        _shot(ap, "1-plan-on-the-board")
        click_and_time(page.locator(".shogun-plan-confirm").first)
        clicks += 1
        print(f"\nclicks from 'New game' to the first confirmed plan: {clicks} "
              f"({time.monotonic() - started_game:.1f} s)")
        page.wait_for_timeout(1500)
        assert "Here" not in page.evaluate(HERE_JS), "the planning highlight stays after confirm"

        # --- the turn order: the places with their special cards, and a hint --------------------------
        while not state()["play"]:  # the bots plan and bid; the learner's place comes
            advance(learner=False)
        details = page.locator(".shogun-choice-details").first.inner_text()
        assert "each with its special card" in details and "one more army from your supply" in details
        options = page.locator("select:visible").filter(has=page.locator("option", has_text="Place ")).first
        assert re.search(r"Place \d: \+1 (chest|rice)", options.inner_text().replace("\xa0", " "))
        page.locator(".shogun-hint-button:visible").first.click()
        page.wait_for_function("[...document.querySelectorAll('.shogun-hint')].some(e => e.innerText.includes('would play'))",
                               timeout=60_000)
        hint = page.locator(".shogun-hint").first.inner_text()
        _shot(ap, "2-place-with-hint")
        page.locator(".shogun-hint-take:visible").first.click()
        page.wait_for_timeout(500)
        chosen = options.evaluate("s => s.options[s.selectedIndex].text").replace("\xa0", " ")
        assert chosen in hint, (chosen, hint)
        click_and_time(page.locator(".shogun-play:visible").first)

        # --- the attack, chosen on the map after reading the odds -------------------------------------
        while not (state()["play"] and "Attack" in page.locator("select:visible").last.inner_text().replace("\xa0", " ")):
            advance()
        select = page.locator("select:visible").filter(has=page.locator("option", has_text="Attack")).first
        labels = [t.replace("\xa0", " ") for t in select.evaluate("s => [...s.options].map(o => o.text)")]
        attack = next(label for label in labels if label.startswith("Attack "))
        target = re.match(r"Attack (?:the neutral province )?(\S+) from", attack).group(1)
        assert re.search(r"odds: win \d+ %, draw \d+ %, lose \d+ %", attack)
        print(f"the learner reads: {attack}")
        other = next((i for i, label in enumerate(labels) if f" {target} " not in f" {label} ".replace(" from", " ")), None)
        if other is not None:  # another target chosen in the list first: the click on the map must change it
            select.select_option(index=other)
            page.wait_for_timeout(1000)
        x, y = page.evaluate(HOVER_JS, target)
        page.mouse.move(x, y)  # plotly needs hover data before a click registers
        page.wait_for_timeout(300)
        page.mouse.click(x, y)
        page.wait_for_function("(t) => { const s = [...document.querySelectorAll('select')].find(s => s.offsetParent && "
                               "[...s.options].some(o => o.text.startsWith('Attack'))); "
                               "return s && s.options[s.selectedIndex].text.replace(/\\u00a0/g, ' ').includes(' ' + t + ' from'); }",
                               arg=target,
                               timeout=30_000)
        page.wait_for_function("[...document.querySelectorAll('.shogun-choice-details')].some(e => e.innerText.includes('simulated throws'))",
                               timeout=30_000)
        page.wait_for_function(f"({HERE_JS})().includes('Battle')", timeout=30_000)  # the board marks the attack
        page.mouse.move(5, 5)  # the province's hover label away from the arrow
        page.wait_for_timeout(500)
        _shot(ap, "3-attack-on-the-map")
        click_and_time(page.locator(".shogun-play:visible").first)

        # --- on to the winter: the season's review, then the scoring ------------------------------------
        review_seen = False
        for _ in range(400):
            s = state()
            if not review_seen and s["review"]:
                review_seen = True
                assert "actions carried out" in s["review"] or "action carried out" in s["review"]
                _shot(ap, "4-season-review")
            if "Scoring of year 1" in s["now"]:
                break
            advance()
        else:
            raise AssertionError("the winter's scoring never came")
        assert review_seen
        now = state()["now"]
        assert "for provinces" in now and "Points so far" in now
        page.locator(".shogun-event-scoring").first.evaluate("e => e.scrollIntoView({block: 'start'})")
        _shot(ap, "5-winter-scoring")
        print(f"steps: {len(step_times)}; step time median {statistics.median(step_times):.2f} s, "
              f"p90 {statistics.quantiles(step_times, n=10)[-1]:.2f} s, max {max(step_times):.2f} s")
        print("step times (s): " + " ".join(f"{t:.2f}" for t in step_times))
        ap.assert_clean()
    except Exception:
        _shot(ap, "FAILED-seat-season")
        raise
    finally:
        context.close()
