"""Issue 23 follow-up, as a user sees it: a demonstration opens with what it shows and what to try; an attack
helped by a card says the card's armies apart, in the same words in the option and in the odds headline under
it; the decision list stays in its column (no sideways scroll) on a laptop, a projector and a phone; the intro's first
sentence and the Next button are on the first screen (on a phone too: a visitor opening a ?demo= link sees them)."""

from __future__ import annotations

import time

import pytest

from .catalog import Texts, group, norm
from .test_seat_season import _attack_patterns, _headline_patterns

pytestmark = pytest.mark.browser

# on the page as it opens (nothing scrolled): the intro's first sentence (a range over its first n characters) and the
# shown Next button's box, and whether the button is what a tap at its centre reaches
_FIRST_SCREEN = """(n) => {
  const shown = s => [...document.querySelectorAll(s)].find(e => e.offsetParent !== null);
  const text = shown('.shogun-demo-intro-text'), next = shown('.shogun-next');
  const node = text.firstChild, range = document.createRange();
  range.setStart(node, 0);
  range.setEnd(node, Math.min(node.length, n));
  const s = range.getBoundingClientRect(), b = next.getBoundingClientRect();
  const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
  return {sentence: [Math.round(s.top), Math.round(s.bottom)], next: [Math.round(b.top), Math.round(b.bottom)],
          tappable: !!hit && next.contains(hit), height: window.innerHeight};
}"""

RUNS = [pytest.param("en", 1366, 768, "", id="en-1366x768"),
        pytest.param("en", 390, 844, "", id="en-390x844-phone"),
        pytest.param("nl", 1920, 1080, "&teacher=1", id="nl-1920x1080-teacher")]


@pytest.mark.parametrize(("lang", "width", "height", "extra"), RUNS)
def test_a_demo_says_what_it_shows_and_the_cards_armies_apart(browser, voila_url, lang, width, height, extra):
    from shogun_tutor.rulebook import content
    from shogun_tutor.ui.demos import ANY_SCENARIO
    from shogun_tutor.ui.tryit import PROMPTS

    from .conftest import sized_app_page

    t = Texts(lang)
    with t.current():
        task = t(PROMPTS["castle-defence"], **content.province_values())
    attacks = _attack_patterns(t)
    with sized_app_page(browser, width, height) as ap:
        ap.open(f"{voila_url}?demo=castle-defence&lang={lang}{extra}")
        page = ap.page
        page.wait_for_selector(".shogun-demo-intro .shogun-demo-intro-text", timeout=60_000)
        intro = norm(page.locator(".shogun-demo-intro").first.inner_text())
        assert intro.startswith(norm(t(ANY_SCENARIO))) and norm(task) in intro, intro
        # the first screen, once the board is drawn (it takes its height then): what the demonstration shows, and Next
        page.wait_for_selector(".js-plotly-plot.shogun-board .scatterlayer", timeout=60_000)
        page.wait_for_timeout(500)
        first = page.evaluate(_FIRST_SCREEN, len(t(ANY_SCENARIO)))  # the intro starts with it (asserted above)
        print(f"\n[{lang} {width}x{height}] first screen: {first}")
        assert 0 <= first["sentence"][0] and first["sentence"][1] <= height, f"the intro's first sentence is not on the first screen: {first}"
        assert 0 <= first["next"][0] and first["next"][1] <= height and first["tappable"], f"Next is not on the first screen: {first}"
        # the learner's decision: an attack helped by '+1 army when attacking'
        deadline = time.monotonic() + 90
        select = None
        while select is None:
            for loc in page.locator(".shogun-game-side select:visible").all():
                labels = [norm(x) for x in loc.evaluate("s => [...s.options].map(o => o.text)")]
                if any(attacks[2].match(label) or attacks[3].match(label) for label in labels):
                    select = loc
                    break
            else:
                assert time.monotonic() < deadline, "no attack offered in the demonstration"
                nxt = page.locator(".shogun-next:visible")
                if nxt.count() and nxt.first.is_enabled():
                    nxt.first.click()
                page.wait_for_timeout(1000)
        label = next(x for x in labels if attacks[2].match(x) or attacks[3].match(x))
        chosen = attacks[2].match(label) or attacks[3].match(label)
        assert group(chosen, "extra") == "1", label  # the special card's +1, said apart from the armies moved
        select.select_option(label=next(o for o in select.evaluate("s => [...s.options].map(o => o.text)")
                                        if norm(o) == label))
        deadline = time.monotonic() + 30
        while True:
            details = norm(page.locator(".shogun-choice-details").first.inner_text())
            head = next((m for m in (p.search(details) for p in _headline_patterns(t)) if m), None)
            # the details follow the chosen option once the kernel has answered (a demonstration starts on its
            # prepared attack: until then they speak of that one)
            if head and (group(head, "n"), group(head, "extra")) == (group(chosen, "n"), group(chosen, "extra")):
                break
            assert time.monotonic() < deadline, f"no odds headline for {label!r}: {details!r}"
            page.wait_for_timeout(300)
        assert (group(head, "n"), group(head, "extra")) == (group(chosen, "n"), group(chosen, "extra")), (label, details)
        # its column: the side column, or on a phone during a demonstration the panel's one column it gives its children to
        fits = select.evaluate("""s => { let side = s.closest('.shogun-game-side');
            while (getComputedStyle(side).display === 'contents') side = side.parentElement;
            const r = s.getBoundingClientRect(),
            q = side.getBoundingClientRect(); return [r.left >= q.left - 1 && r.right <= q.right + 1,
            side.scrollWidth <= side.clientWidth + 1, document.documentElement.scrollWidth <= window.innerWidth + 1,
            Math.round(r.width), Math.round(q.width)]; }""")
        print(f"\n[{lang} {width}x{height}] option: {label}\n  headline: {head.group(0)}\n  list {fits[3]} px in a "
              f"column of {fits[4]} px")
        assert fits[0] and fits[1] and fits[2], f"the decision list leaves its column or scrolls sideways: {fits}"
        # one "Teacher mode" button on the page; in teacher mode the game's settings row gives the room to the game
        assert page.locator("button:visible", has_text=t("Teacher mode")).count() == 1
        assert page.locator(".shogun-game-settings").first.is_visible() == (not extra)
        page.wait_for_timeout(800)
        ap.screenshot(f"demo-intro-card-odds-{lang}-{width}x{height}")
        ap.assert_clean()
