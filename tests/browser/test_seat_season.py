"""A learner plays a whole year's first season and on to the winter, as a new player would: at 1366x768 in
English and on a phone (390x844) in Dutch. Plans on the planning board, picks a place after reading the
special cards and taking a hint, attacks on the map after reading the odds, reads the season's review,
reaches the winter and reads the scoring. Every expected text comes from the language's catalog; on the
phone every control the learner uses is checked to be inside the screen, wide enough and not covered.

Figures are printed, not asserted: clicks from "New game" to the first confirmed plan, each step's time.
Screenshots go to /tmp/phone/ (and test-output/browser/).
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

import pytest

from .catalog import Texts, group, norm
from .test_browser_app import HOVER_JS

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/phone")

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


# every shown control of ``sel`` scrolled into view: its box, its promised minimum width, and whether a finger
# at its centre reaches it (nothing laid over it)
REACH_JS = """(sel) => [...document.querySelectorAll(sel)].filter(e => e.offsetParent !== null && e.getBoundingClientRect().width > 0)
  .map(e => {
    e.scrollIntoView({block: 'center', inline: 'nearest'});
    const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {text: (e.innerText || '').slice(0, 30), tag: e.tagName, left: Math.round(r.left), right: Math.round(r.right),
            width: Math.round(r.width), height: Math.round(r.height), screen: document.documentElement.clientWidth,
            promised: !!e.closest('.shogun-game-panel') && e.tagName === 'BUTTON',
            reached: !!hit && (hit === e || e.contains(hit))};
  })"""

# the board's scrolling box (on a phone the board scrolls in a box of its own) brought into view and scrolled so
# that the point (in page coordinates now) is in its middle; returns what was scrolled, for the message
CENTRE_JS = """([x, y]) => {
  const gd = [...document.querySelectorAll('.js-plotly-plot.shogun-board')].find(g => g.offsetParent !== null);
  const g0 = gd.getBoundingClientRect(), dx = x - g0.left, dy = y - g0.top;
  let box = gd.parentElement;
  while (box && !(box.scrollHeight > box.clientHeight + 1 && /(auto|scroll)/.test(getComputedStyle(box).overflowY)))
    box = box.parentElement;
  if (!box || box === document.body || box === document.documentElement) {
    window.scrollBy(0, g0.top + dy - innerHeight / 2);
    return 'page';
  }
  box.scrollIntoView({block: 'start'});
  const b = box.getBoundingClientRect(), g = gd.getBoundingClientRect();
  box.scrollTop += g.top + dy - (b.top + box.clientHeight / 2);
  box.scrollLeft += g.left + dx - (b.left + box.clientWidth / 2);
  const chain = [];
  for (let e = gd; e && e !== box; e = e.parentElement) {
    const cs = getComputedStyle(e);
    chain.push(`${e.className.slice(0, 40)} ${e.clientHeight}/${e.scrollHeight} ${cs.overflowY} top ${e.scrollTop}`);
  }
  return box.className + ' scrollTop ' + box.scrollTop + ' | ' + chain.join(' < ');
}"""

RUNS = [pytest.param("en", 1366, 768, id="en-1366x768"), pytest.param("nl", 390, 844, id="nl-390x844-phone")]


def _shot(ap, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    ap.page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    ap.page.screenshot(path=str(SHOTS / f"{name}-viewport.png"))  # what the learner sees without scrolling
    ap.screenshot(name)


def _attack_patterns(t: Texts) -> list:
    """The attack options' labels, the neutral one first (the other would read "the neutral province X" as X)."""
    num = {"n": r"\d+", "win": r"\d+", "draw": r"\d+", "loss": r"\d+"}
    return [t.pattern(f"Attack {kind}{{target}} from {{source}} with {{n}} army — odds: win {{win}} %, draw {{draw}} %, lose {{loss}} %",
                      f"Attack {kind}{{target}} from {{source}} with {{n}} armies — odds: win {{win}} %, draw {{draw}} %, lose {{loss}} %",
                      **num)
            for kind in ("the neutral province ", "")] + [
        t.pattern(f"Attack {kind}{{target}} from {{source}} with {{n}} army + {{extra}} from the cards — odds: win {{win}} %, draw {{draw}} %, lose {{loss}} %",
                  f"Attack {kind}{{target}} from {{source}} with {{n}} armies + {{extra}} from the cards — odds: win {{win}} %, draw {{draw}} %, lose {{loss}} %",
                  extra=r"\d+", **num)
        for kind in ("the neutral province ", "")]  # a card's armies said apart (issue 23)


def _headline_patterns(t: Texts) -> list:
    """The odds headline under the list, in the option's words: the armies moved, then the cards' ones."""
    num = {"n": r"\d+", "win": r"\d+", "draw": r"\d+", "defenders": r"\d+", "extra": r"\d+"}
    return [t.pattern("Attack with {n} army + {extra} from the cards against {defenders}: {win} % win, {draw} % draw.",
                      "Attack with {n} armies + {extra} from the cards against {defenders}: {win} % win, {draw} % draw.", **num),
            t.pattern("Attack with {n} army against {defenders}: {win} % win, {draw} % draw.",
                      "Attack with {n} armies against {defenders}: {win} % win, {draw} % draw.", **num),
            t.pattern("Attack a neutral province with {n} army + {extra} from the cards: {win} % win, {draw} % draw.",
                      "Attack a neutral province with {n} armies + {extra} from the cards: {win} % win, {draw} % draw.", **num),
            t.pattern("Attack a neutral province with {n} army: {win} % win, {draw} % draw.",
                      "Attack a neutral province with {n} armies: {win} % win, {draw} % draw.", **num)]


@pytest.mark.parametrize(("lang", "width", "height"), RUNS)
def test_a_learner_plays_to_the_winter(browser, voila_url, lang, width, height):
    from .conftest import AppPage

    t = Texts(lang)
    phone = width < 700  # the layout's phone breakpoint (PACING_CSS)
    attacks = _attack_patterns(t)
    place_re = t.pattern("Place {place}: {special}", place=r"\d")
    context = browser.new_context(viewport={"width": width, "height": height})
    ap = AppPage(context.new_page())
    page = ap.page
    state = lambda: page.evaluate(STATE_JS)  # noqa: E731
    step_times: list[float] = []

    def shot(name: str) -> None:
        _shot(ap, f"{lang}-{width}-{name}")

    def reachable(stage: str, selector: str) -> None:
        """On the phone: every control the learner uses here is inside the screen, not covered, and a button
        the layout promises a finger's width (44 px) has it."""
        if not phone:
            return
        controls = page.evaluate(REACH_JS, selector)
        assert controls, f"{stage}: no control shown for {selector}"
        bad = [c for c in controls if c["left"] < -1 or c["right"] > c["screen"] + 1 or not c["reached"]
               or (c["promised"] and (c["width"] < 44 or c["height"] < 44))]
        assert not bad, f"{stage}: controls cut off, covered or too small: {bad}"
        clipped = page.evaluate("() => { const g = [...document.querySelectorAll('.js-plotly-plot.shogun-board')]"
                                ".find(g => g.offsetParent !== null); return g.scrollHeight - g.clientHeight; }")
        assert clipped <= 1, f"{stage}: {clipped} px of the map cut off (the board box must scroll to them)"
        sideways = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert sideways <= 1, f"{stage}: the page scrolls {sideways} px sideways"
        print(f"phone, {stage}: {len(controls)} controls reachable "
              f"(narrowest {min(c['width'] for c in controls)} px, selects {[c['width'] for c in controls if c['tag'] == 'SELECT']})")

    def select_with(regex):
        """The shown drop-down with an option that matches ``regex`` (and its option labels), or (None, [])."""
        selects = page.locator("select:visible")
        for i in range(selects.count()):
            labels = [norm(x) for x in selects.nth(i).evaluate("s => [...s.options].map(o => o.text)")]
            if any(regex.search(label) for label in labels):
                return selects.nth(i), labels
        return None, []

    def attack_of(label: str):
        return next((m for m in (p.match(label) for p in attacks) if m), None)

    def wait_changed(before: str, timeout: float = 60.0) -> float:
        started = time.monotonic()
        page.wait_for_function(f"({STATE_JS})().sig !== {before!r}", timeout=timeout * 1000)
        return time.monotonic() - started

    def advance(learner: bool = True) -> None:
        """One step of the game: Next step while steps already played lie ahead (the learner reads them all, the
        winter's too, before deciding), else the learner's pending choice (as offered) or the plan (by the hint);
        with ``learner=False`` only a Next step (nothing when the learner must decide)."""
        page.wait_for_function(f"(() => {{ const s = ({STATE_JS})(); return s.plan || s.play || s.next; }})()", timeout=60_000)
        s = state()
        if s["next"]:
            click_and_time(page.locator(".shogun-next").first)
        elif not learner:
            return
        elif s["plan"]:
            plan_with_hint()
        else:
            click_and_time(page.locator(".shogun-play:visible").first)

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

    def wait_hint(head: str) -> None:
        page.wait_for_function("(t) => [...document.querySelectorAll('.shogun-hint')].some(e => e.innerText.includes(t))",
                               arg=head, timeout=60_000)

    def plan_with_hint() -> None:
        page.locator(".shogun-hint-button:visible").first.click()
        wait_hint(t("The strong bot would plan:"))
        page.locator(".shogun-hint-take:visible").first.click()
        page.wait_for_function("document.querySelector('.shogun-plan-confirm:not([disabled])') !== null", timeout=30_000)
        click_and_time(page.locator(".shogun-plan-confirm").first)

    def province_point(name: str) -> tuple[float, float]:
        """Where the learner clicks the province on the board, the board (and its own box) scrolled to it."""
        scrolled = page.evaluate(CENTRE_JS, page.evaluate(HOVER_JS, name))
        x, y = page.evaluate(HOVER_JS, name)
        assert page.evaluate("([x, y]) => !!document.elementFromPoint(x, y)?.closest('.js-plotly-plot.shogun-board')",
                             [x, y]), f"{name} on the board is covered or off the screen at {x:.0f},{y:.0f} ({scrolled})"
        return x, y

    try:
        ap.open(voila_url + f"?lang={lang}&tab=game")
        page.wait_for_selector(".js-plotly-plot.shogun-board .scatterlayer", timeout=60_000)
        page.wait_for_timeout(2000)  # the board redraws once at the width the panel measured
        with t.current():
            from shogun_tutor.text import terms

            red, yamato = terms.colour_name("red"), terms.province_name("Yamato")
            special_texts = [terms.special_text(k) for k in terms.SPECIAL_NAMES]
        # --- New game, the seat, the plan on the board -------------------------------------------
        clicks = 0
        started_game = time.monotonic()
        reachable("set-up", ".shogun-game-settings select, .shogun-game-settings button")
        page.locator("button", has_text=t("New game")).first.click()
        clicks += 1
        seat = t("I play {colour}", colour=red)
        page.locator("select").filter(has=page.locator("option", has_text=seat)).first.select_option(label=seat)
        clicks += 1
        page.wait_for_selector(".shogun-planning-board .shogun-plan-field", timeout=30_000)

        def put(card: str, field: str) -> None:
            nonlocal clicks
            used = page.locator(".shogun-plan-card-used").count()
            covered = page.locator(".shogun-plan-field.mod-success").count()
            page.locator(".shogun-plan-card:not(.shogun-plan-card-used)", has_text=card).first.click()
            # the board redraws its buttons after each click: the field is clicked once the card shows as chosen
            page.wait_for_function("(c) => [...document.querySelectorAll('.shogun-plan-card.mod-info')]"
                                   ".some(b => b.innerText.includes(c))", arg=card, timeout=60_000)
            page.locator(".shogun-plan-field:not(.mod-success)", has_text=field).first.click()
            clicks += 2
            page.wait_for_function(f"document.querySelectorAll('.shogun-plan-card-used').length > {used} && "
                                   f"document.querySelectorAll('.shogun-plan-field.mod-success').length > {covered}",
                                   timeout=60_000)

        reachable("planning board", ".shogun-plan-card, .shogun-plan-field, .shogun-hint-button:not(.shogun-hint-take)")
        put(t("War-chest card {chests}", chests=0), t("Bid for the turn order"))
        put(yamato, t("Battle / move A"))  # the biggest army
        assert t("Here") in page.evaluate(HERE_JS)  # the board marks the province of the card just laid
        for _ in range(9):
            card = page.locator(".shogun-plan-card:not(.shogun-plan-card-used)").first.inner_text()
            field = page.locator(".shogun-plan-field:not(.mod-success)").first.inner_text()
            put(card, field)
        fields = page.locator(".shogun-plan-field")
        widths = [(fields.nth(i).inner_text(), fields.nth(i).evaluate("b => b.scrollWidth <= b.clientWidth + 1"))
                  for i in range(fields.count())]
        assert all(fits for _t, fits in widths), widths  # every field name whole ("(hidden card)" not cut)
        reachable("plan laid", ".shogun-plan-field, .shogun-plan-confirm")
        shot("1-plan-on-the-board")
        click_and_time(page.locator(".shogun-plan-confirm").first)
        clicks += 1
        print(f"\n[{lang} {width}x{height}] clicks from 'New game' to the first confirmed plan: {clicks} "
              f"({time.monotonic() - started_game:.1f} s)")
        page.wait_for_timeout(1500)
        assert t("Here") not in page.evaluate(HERE_JS), "the planning highlight stays after confirm"

        # --- the turn order: the places with their special cards, and a hint --------------------------
        while not state()["play"]:  # the bots plan and bid; the learner's place comes
            advance(learner=False)
        details = norm(page.locator(".shogun-choice-details").first.inner_text())
        assert t("The five places of the turn order, each with its special card for this round:") in details
        assert len(place_re.findall(details)) == 5 and any(text in details for text in special_texts), details
        options, labels = select_with(place_re)
        assert options is not None, "no drop-down of places"
        with t.current():
            money = [terms.special_name(k) for k in ("chest_plus1", "rice_plus1")]
        assert any(group(m, "special") in money for m in map(place_re.fullmatch, labels) if m), labels
        page.locator(".shogun-hint-button:visible").first.click()
        wait_hint(t("The strong bot would play:"))
        hint = norm(page.locator(".shogun-hint").first.inner_text())
        reachable("place with hint", ".shogun-play, .shogun-hint-take, .shogun-game-side select")
        shot("2-place-with-hint")
        page.locator(".shogun-hint-take:visible").first.click()
        page.wait_for_timeout(500)
        chosen = norm(options.evaluate("s => s.options[s.selectedIndex].text"))
        assert chosen in hint, (chosen, hint)
        click_and_time(page.locator(".shogun-play:visible").first)

        # --- the attack, chosen on the map after reading the odds -------------------------------------
        while not (state()["play"] and select_with(attacks[1])[0] is not None):
            advance()
        select, labels = select_with(attacks[1])
        attack = next(label for label in labels if attack_of(label))
        target = group(attack_of(attack), "target")
        print(f"[{lang}] the learner reads: {attack}")
        other = next((i for i, label in enumerate(labels)
                      if not attack_of(label) or group(attack_of(label), "target") != target), None)
        if other is not None:  # another target chosen in the list first: the click on the map must change it
            select.select_option(index=other)
            page.wait_for_timeout(1000)
        x, y = province_point(t.province_key(target))
        page.mouse.move(x, y)  # plotly needs hover data before a click registers
        page.wait_for_timeout(300)
        page.mouse.click(x, y)
        deadline = time.monotonic() + 30
        while True:
            chosen = attack_of(norm(select.evaluate("s => s.options[s.selectedIndex].text")))
            if chosen and group(chosen, "target") == target:
                break
            assert time.monotonic() < deadline, f"the click on {target} did not choose the attack"
            page.wait_for_timeout(200)
        odds_note = t.pattern("Odds from {n} simulated throw on this tower as it is now.",
                              "Odds from {n} simulated throws on this tower as it is now.")
        deadline = time.monotonic() + 30
        while not odds_note.search(norm(page.locator(".shogun-choice-details").first.inner_text())):
            assert time.monotonic() < deadline, "the odds of the attack are not explained"
            page.wait_for_timeout(200)
        page.wait_for_function(f"({HERE_JS})().includes({t('Battle')!r})", timeout=30_000)  # the board marks the attack
        page.mouse.move(5, 5)  # the province's hover label away from the arrow
        page.wait_for_timeout(500)
        reachable("attack", ".shogun-play, .shogun-game-side select")
        shot("3-attack-on-the-map")
        # the option and the headline under it count the same armies (issue 23), and the list stays in its column
        chosen = attack_of(norm(select.evaluate("s => s.options[s.selectedIndex].text")))
        details = norm(page.locator(".shogun-choice-details").first.inner_text())
        head = next((m for m in (p.search(details) for p in _headline_patterns(t)) if m), None)
        assert head and group(head, "n") == group(chosen, "n"), (chosen.group(0), details)
        assert group(head, "extra") == group(chosen, "extra"), (chosen.group(0), details)
        fits = select.evaluate("""s => { const side = s.closest('.shogun-game-side'), r = s.getBoundingClientRect(),
            q = side.getBoundingClientRect(); return [r.left >= q.left - 1 && r.right <= q.right + 1,
            side.scrollWidth <= side.clientWidth + 1, r.width]; }""")
        assert fits[0] and fits[1], f"the decision list leaves its column or scrolls sideways: {fits}"
        click_and_time(page.locator(".shogun-play:visible").first)

        # --- on to the winter: the season's review, then the scoring ------------------------------------
        review_re = t.pattern("Your {season} of year {year}: {n} action carried out, {lapsed} lapsed",
                              "Your {season} of year {year}: {n} actions carried out, {lapsed} lapsed", n=r"\d+", lapsed=r"\d+")
        scoring = t("Scoring of year {year}", year=1)
        review_seen = False
        seen: list[str] = []  # the steps read on the way, for the message if the scoring never comes
        for _ in range(400):
            s = state()
            seen.append(norm(s["status"])[:60] + " / " + norm(s["now"])[:80].replace("\n", " | "))
            if not review_seen and s["review"]:
                review_seen = True
                assert review_re.search(norm(s["review"])), s["review"]
                reachable("season review", ".shogun-next")
                shot("4-season-review")
            if scoring in norm(s["now"]):
                break
            try:
                advance()
            except Exception as exc:
                raise AssertionError("the steps read before:\n" + "\n".join(seen[-30:])) from exc
        else:
            raise AssertionError("the winter's scoring never came; the last steps read:\n" + "\n".join(seen[-40:]))
        assert review_seen
        now = norm(state()["now"])
        assert t.pattern("{player}: {provinces} for provinces + {buildings} for buildings + {majority} for majorities = {total}.").search(now)
        assert t.pattern("Points so far: {points}.").search(now)
        page.locator(".shogun-event-scoring").first.evaluate("e => e.scrollIntoView({block: 'start'})")
        shot("5-winter-scoring")
        print(f"[{lang} {width}x{height}] steps: {len(step_times)}; step time median {statistics.median(step_times):.2f} s, "
              f"p90 {statistics.quantiles(step_times, n=10)[-1]:.2f} s, max {max(step_times):.2f} s")
        print("step times (s): " + " ".join(f"{s:.2f}" for s in step_times))
        ap.assert_clean()
    except Exception:
        shot("FAILED")
        raise
    finally:
        context.close()
