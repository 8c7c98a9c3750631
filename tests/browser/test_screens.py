"""Every screen as its user sees it (issue 23): the page follows the language (``<html lang>``, the title)
and has the app's own icon; tap targets, type sizes and figures measured on every tab at phone size."""

from __future__ import annotations

import time

import pytest

from shogun_tutor.i18n import LANGUAGES, translator

from .conftest import sized_app_page, wait_language

pytestmark = pytest.mark.browser


def _page_lang_and_title(page) -> tuple[str, str]:
    return tuple(page.evaluate("[document.documentElement.lang, document.title]"))


def test_page_language_title_and_icon_follow_the_app(browser, voila_url):
    with sized_app_page(browser, 1366, 768) as ap:
        ap.open(voila_url + "?lang=fr")
        page = ap.page
        wait_language(page, "Langue")
        page.wait_for_function("document.documentElement.lang === 'fr'")
        assert _page_lang_and_title(page) == ("fr", translator("fr").gettext("Shogun Tutor"))
        # a language switch in the header: the page follows
        page.select_option(".shogun-language select", label=LANGUAGES["ja"])
        page.wait_for_function("document.documentElement.lang === 'ja'")
        assert page.evaluate("document.title") == translator("ja").gettext("Shogun Tutor") != "app"
        page.wait_for_function("new URLSearchParams(location.search).get('lang') === 'ja'")  # the address follows (issue 49)
        page.select_option(".shogun-language select", label=LANGUAGES["zh"])
        page.wait_for_function("document.documentElement.lang === 'zh-Hans'")
        assert page.evaluate("document.title") == translator("zh").gettext("Shogun Tutor")
        # the icon: one link, served by the app's own server as an SVG
        hrefs = page.evaluate("[...document.querySelectorAll('link[rel~=icon]')].map(l => l.href)")
        assert len(hrefs) == 1 and hrefs[0].startswith(voila_url), hrefs
        answer = page.request.get(hrefs[0])
        assert answer.status == 200 and "<svg" in answer.text(), (answer.status, answer.text()[:200])
        ap.assert_clean()


# every control that can be tapped, on the shown tab: its box, its kind, and whether it is a main control
# (a button, a dropdown, a field, a tab: >= 44 px on a phone) or a link or box (>= 24 px everywhere)
_TARGETS = """() => [...document.querySelectorAll('.shogun-app button, .shogun-app select, .shogun-app input,'
    + ' .shogun-app a[href], .shogun-app [role=button], .shogun-app [role=slider], .shogun-app .lm-TabBar-tab,'
    + ' .shogun-app summary')]
  .filter(e => e.offsetParent !== null && e.getBoundingClientRect().width > 0)
  .map(e => { const r = e.getBoundingClientRect();
    return {name: (e.innerText || e.value || e.getAttribute('aria-label') || e.tagName).trim().slice(0, 40),
            main: ['BUTTON', 'SELECT'].includes(e.tagName) || e.classList.contains('lm-TabBar-tab')
                  || (e.tagName === 'INPUT' && ['text', 'search', 'number'].includes(e.type)),
            w: r.width, h: r.height}; })"""

# the smallest font of the shown elements that hold text themselves (plot text left out: measured apart)
_SMALLEST_TEXT = """() => Math.min(...[...document.querySelectorAll('.shogun-app *')]
  .filter(e => e.offsetParent !== null && !e.closest('svg')
          && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
  .map(e => parseFloat(getComputedStyle(e).fontSize)))"""

# figures (and tables and pictures) whose right edge is beyond the window
_OVERFLOW = """() => [...document.querySelectorAll('.shogun-app svg.main-svg, .shogun-app img, .shogun-app .js-plotly-plot')]
  .filter(e => e.getBoundingClientRect().width > 0 && e.getBoundingClientRect().right > innerWidth + 1)
  .map(e => `${e.tagName} ${Math.round(e.getBoundingClientRect().right)} px`)"""


def _measure(page) -> dict:
    targets = page.evaluate(_TARGETS)
    return {
        "small": [t for t in targets if min(t["w"], t["h"]) < 24],
        "small_main": [t for t in targets if t["main"] and min(t["w"], t["h"]) < 44],
        "count": len(targets),
        "font": page.evaluate(_SMALLEST_TEXT),
        "overflow": page.evaluate(_OVERFLOW),
        "scroll": page.evaluate("document.documentElement.scrollWidth - innerWidth"),
    }


def _fine(m: dict) -> bool:
    return (m["count"] > 0 and not m["small"] and not m["small_main"] and m["font"] >= 12 and not m["overflow"]
            and m["scroll"] <= 0)


def _settled_measure(page, timeout: float = 30.0) -> dict:
    """The shown tab measured once it has settled: a figure is first drawn at a default width and redrawn at
    its column's when the column reports it, so the measure is read again until it passes or the time is up
    (then the last reading is what the test asserts on); a passing reading counts once the next one is the same."""
    deadline, last = time.monotonic() + timeout, None
    while True:
        m = _measure(page)
        if (_fine(m) and m == last) or time.monotonic() > deadline:  # passes, and the same twice in a row
            return m
        last = m
        page.wait_for_timeout(500)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_phone_tap_targets_text_and_figures_on_every_tab(browser, voila_url, lang):
    """At 390x844: every control >= 24 px, every main control (buttons, dropdowns, fields, tabs) >= 44 px,
    body text >= 16 px and no label under 12 px, no figure beyond the window, no sideways scrolling; on every
    tab and on the battles chapter (its tower) and its try-it."""
    with sized_app_page(browser, 390, 844) as ap:
        ap.open(voila_url + f"?lang={lang}")
        page = ap.page
        tabs = page.locator(".shogun-app .lm-TabBar-tab")
        seen = {}
        for i in range(tabs.count()):
            tabs.nth(i).click()
            page.wait_for_function("(i) => document.querySelectorAll('.shogun-app .lm-TabBar-tab')[i]"
                                   ".classList.contains('lm-mod-current')", arg=i)
            # the tab's panel built and drawn (a figure, if it has one, drawn at the column's width)
            page.wait_for_function("() => { const p = document.querySelector('.shogun-app .widget-tab-contents > "
                                   ":not(.lm-mod-hidden)'); return p && p.querySelector('.widget-html-content, button'); }",
                                   timeout=120_000)
            seen[tabs.nth(i).inner_text()] = _settled_measure(page)
        ap.page.goto(voila_url + f"?lang={lang}&chapter=battles&screen=3")
        page.wait_for_selector(".shogun-rulebook-tower .main-svg", timeout=120_000)
        page.wait_for_function("() => document.querySelector('.shogun-rulebook-tower .main-svg').getBoundingClientRect().right"
                               " <= innerWidth", timeout=30_000)
        page.wait_for_selector(".shogun-tryit-play", timeout=120_000)
        seen["battles"] = _settled_measure(page)
        ap.screenshot(f"phone-battles-{lang}")
        for where, m in seen.items():
            assert m["count"] > 0, where
            assert not m["small"], (where, m["small"])
            assert not m["small_main"], (where, m["small_main"])
            assert m["font"] >= 12, (where, m["font"])
            assert not m["overflow"], (where, m["overflow"])
            assert m["scroll"] <= 0, (where, m["scroll"])
        body = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.shogun-screen')).fontSize)")
        assert body >= 16, body
        ap.assert_clean()


# WCAG 2.0-2.2 A and AA rules of axe-core (its JS ships with axe-playwright-python: no download)
_WCAG_AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]}}


def _serious(page) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    result = Axe().run(page, options=_WCAG_AA)
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:4]]} {v['nodes'][0].get('failureSummary', '')[:300]}"
            for v in result.response["violations"] if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("lang, width, height, teacher", [("en", 1366, 768, False), ("en", 390, 844, False),
                                                           ("ja", 1366, 768, False), ("ja", 390, 844, False),
                                                           ("fr", 1280, 720, True)])
def test_axe_finds_no_serious_violation_on_any_tab_or_chapter(browser, voila_url, lang, width, height, teacher):
    """axe-core's WCAG 2.2 A/AA rules on every tab, the battles chapter with its try-it and a guided game
    after its first steps: no serious or critical violation (contrast, names of fields, pictures, lang);
    also in teacher mode at a projector's 1280x720, where the tables scroll sideways."""
    mode = "&teacher=1" if teacher else ""
    with sized_app_page(browser, width, height) as ap:
        ap.open(voila_url + f"?lang={lang}{mode}")
        page = ap.page
        found = {}
        tabs = page.locator(".shogun-app .lm-TabBar-tab")
        for i in range(tabs.count()):
            tabs.nth(i).click()
            page.wait_for_function("() => { const p = document.querySelector('.shogun-app .widget-tab-contents > "
                                   ":not(.lm-mod-hidden)'); return p && p.querySelector('.widget-html-content, button'); }",
                                   timeout=120_000)
            page.wait_for_timeout(1500)
            if tabs.nth(i).inner_text() == translator(lang).gettext("Guided game"):
                page.locator(".shogun-next").first.click()
                page.wait_for_timeout(1500)
            found[tabs.nth(i).inner_text()] = _serious(page)
        page.goto(voila_url + f"?lang={lang}{mode}&chapter=battles&screen=3")
        page.wait_for_selector(".shogun-tryit-play", timeout=120_000)
        found["battles"] = _serious(page)
        assert len(found) == 8
        bad = {where: v for where, v in found.items() if v}
        assert not bad, bad
        ap.assert_clean()


@pytest.mark.parametrize("lang, width, height", [("en", 1366, 768), ("ja", 390, 844), ("nl", 1920, 1080)])
def test_planning_board_shows_the_years_event_cards_and_the_places_special_cards(browser, voila_url, lang, width, height):
    """While the learner plans spring, the year's four face-up event cards (all still possible) and the
    special card on each of the five places lie on the planning board, in the page's language; the seat
    picker is found by its name for screen readers."""
    t = translator(lang).gettext
    with sized_app_page(browser, width, height) as ap:
        ap.open(voila_url + f"?tab=game&lang={lang}")
        page = ap.page
        page.wait_for_selector(".js-plotly-plot.shogun-board .scatterlayer", timeout=60_000)
        seat = page.get_by_label(t('Your seat'), exact=True)
        seat.wait_for(timeout=30_000)
        seat.select_option(index=1)
        page.wait_for_selector(".shogun-planning-board .shogun-plan-field", timeout=30_000)
        events = page.locator(".shogun-plan-table-cards [data-event]")
        specials = page.locator(".shogun-plan-table-cards [data-special]")
        assert events.count() == 4 and specials.count() == 5
        for i in range(4):
            assert events.nth(i).is_visible()
            assert t("Still possible this season.") in events.nth(i).inner_text()
        for i in range(5):
            assert specials.nth(i).is_visible()
            assert t("Place {place}: {special}").split("{")[0] in specials.nth(i).inner_text()
        # the cards sit before the learner's hand and fields: seen before the first card is placed
        first_field = page.locator(".shogun-plan-field").first.bounding_box()
        assert events.first.bounding_box()["y"] < first_field["y"]
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert _serious(page) == []  # the planning board too: contrast, names
        ap.screenshot(f"plan-table-cards-{lang}-{width}")
        ap.assert_clean()


@pytest.mark.parametrize("lang, width, height", [("ja", 390, 844), ("zh", 1366, 768), ("en", 1366, 768)])
def test_the_board_names_provinces_as_the_sentences_do(browser, voila_url, lang, width, height):
    """In Chinese and Japanese the map's bold names are the characters the sentences use (ja 越後, zh 越后;
    not Echigo), the romaji beside them; in other languages the romaji first."""
    from shogun_tutor.data import BOARD
    from shogun_tutor.text.terms import province_name

    with sized_app_page(browser, width, height) as ap:
        ap.open(voila_url + f"?tab=board&lang={lang}")
        page = ap.page
        page.wait_for_selector(".js-plotly-plot.shogun-board .textpoint text", timeout=60_000)
        page.wait_for_timeout(1000)
        bold = page.evaluate("[...document.querySelectorAll('.js-plotly-plot.shogun-board .textpoint text')]"
                             ".filter(t => getComputedStyle(t).fontWeight >= 600).map(t => t.textContent.trim())")
        expected = province_name("Echigo", lang)  # zh: the simplified form (data/province_names.json)
        assert any(t.startswith(expected) for t in bold), bold[:12]
        if lang in ("zh", "ja"):
            assert not any(t.startswith("Echigo") for t in bold)
        # the board's text alternative: the province table, opened by its fold's header (a button)
        page.locator(".shogun-board-table-fold .jupyter-widget-Collapse-header").first.click()
        page.wait_for_selector(".shogun-province-table tbody tr", timeout=30_000)
        rows = page.locator(".shogun-province-table tbody th[scope=row]")
        assert rows.count() == len(BOARD.provinces)
        assert any(expected in rows.nth(i).inner_text() for i in range(rows.count()))
        assert _serious(page) == []
        ap.screenshot(f"board-names-{lang}-{width}")
        ap.assert_clean()


_TOWER_LABELS = """(sel) => [...document.querySelectorAll(sel + ' .annotation-text')].filter(t => t.getBoundingClientRect().width > 0)
  .map(t => [t.textContent, parseFloat(t.style.fontSize || getComputedStyle(t).fontSize)])"""


# the tower tab's controls in teacher mode: each shown slider's label and the combat dropdown, as boxes in the page
_TOWER_CONTROLS = """() => { const shown = (sel) => [...document.querySelectorAll(sel)].filter(e => e.offsetParent !== null);
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return {labels: shown('.shogun-tower-controls .widget-hslider > .widget-label').map(e => [e.innerText, box(e)]),
          dropdown: shown('.shogun-tower-controls .widget-dropdown').map(box)[0],
          select: shown('.shogun-tower-controls .widget-dropdown select').map(box)[0],
          throw: shown('.shogun-throw').map(e => e.innerText.trim())[0]}; }"""


def _intersect(a, b) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


@pytest.mark.parametrize("width, height", [(1920, 1080), (1280, 720)])
def test_projector_tower_labels_at_least_18_px_and_tower_labels_follow_the_language(browser, voila_url, width, height):
    """Teacher mode on a projector: the tower tab's drawing as wide as half the screen, its labels >= 18 px, no
    slider's label over the combat dropdown (they overlapped once); the tab's labels (the drawing's, the sliders',
    the dropdown's, the buttons') and the battles chapter's tower speak the language picked after they were drawn
    (nl, then fr)."""
    t_nl, t_fr = translator("nl").gettext, translator("fr").gettext
    with sized_app_page(browser, width, height) as ap:
        ap.open(voila_url + "?tab=tower&teacher=1&lang=nl")
        page = ap.page
        page.wait_for_function(f"(sel) => ({_TOWER_LABELS})(sel).length === 3 && ({_TOWER_LABELS})(sel).every(([_t, px]) => px >= 18)",
                               arg=".shogun-tower-panel", timeout=60_000)
        labels = page.evaluate(_TOWER_LABELS, ".shogun-tower-panel")
        assert [t for t, _px in labels] == [t_nl("funnel"), t_nl("tower"), t_nl("tray")]
        width_drawn = page.evaluate("document.querySelector('.shogun-tower-panel .main-svg').getBoundingClientRect().width")
        assert width_drawn >= (700 if width >= 1920 else 520), width_drawn  # not the laptop's 560 px at 1920
        controls = page.evaluate(_TOWER_CONTROLS)
        assert [t for t, _box in controls["labels"]] == [t_nl("Attacking armies"), t_nl("Defending armies"), t_nl("Unrest markers")]
        for text, box in controls["labels"]:
            assert not _intersect(box, controls["dropdown"]), (text, box, controls["dropdown"])
            assert not _intersect(box, controls["select"]), (text, box, controls["select"])
        ap.screenshot(f"teacher-tower-{width}-nl")
        # the tab's own labels follow a language switch
        page.select_option(".shogun-language select", label=LANGUAGES["fr"])
        page.wait_for_function(f"([sel, word]) => ({_TOWER_LABELS})(sel).map(([t, _px]) => t).includes(word)",
                               arg=[".shogun-tower-panel", t_fr("funnel")], timeout=30_000)
        assert [t for t, _px in page.evaluate(_TOWER_LABELS, ".shogun-tower-panel")] == [t_fr("funnel"), t_fr("tower"), t_fr("tray")]
        page.wait_for_function(f"(t) => ({_TOWER_CONTROLS})().throw === t", arg=t_fr("Throw"), timeout=30_000)
        controls = page.evaluate(_TOWER_CONTROLS)
        assert [t for t, _box in controls["labels"]] == [t_fr("Attacking armies"), t_fr("Defending armies"), t_fr("Unrest markers")]
        assert page.locator(".shogun-tower-controls .widget-dropdown select").first.evaluate(
            "s => s.options[s.selectedIndex].text").replace("\xa0", " ") == t_fr("Attack another player")
        for text, box in controls["labels"]:  # the French labels are longer: still clear of the dropdown
            assert not _intersect(box, controls["dropdown"]), (text, box, controls["dropdown"])
        ap.screenshot(f"teacher-tower-{width}-fr")
        page.goto(voila_url + "?chapter=battles&screen=3&teacher=1&lang=nl")
        page.wait_for_function(f"(sel) => ({_TOWER_LABELS})(sel).length === 3", arg=".shogun-rulebook-tower", timeout=60_000)
        assert [t for t, _px in page.evaluate(_TOWER_LABELS, ".shogun-rulebook-tower")][0] == t_nl("funnel")
        page.select_option(".shogun-language select", label=LANGUAGES["fr"])
        page.wait_for_function(f"([sel, word]) => ({_TOWER_LABELS})(sel).map(([t, _px]) => t).includes(word)",
                               arg=[".shogun-rulebook-tower", t_fr("funnel")], timeout=30_000)
        assert [t for t, _px in page.evaluate(_TOWER_LABELS, ".shogun-rulebook-tower")] == [t_fr("funnel"), t_fr("tower"), t_fr("tray")]
        assert min(px for _t, px in page.evaluate(_TOWER_LABELS, ".shogun-rulebook-tower")) >= 18
        ap.screenshot(f"teacher-chapter-tower-{width}-fr")
        ap.assert_clean()


def axe_problems(page) -> list[str]:
    """Every rule of axe-core (WCAG A/AA and its best practices, among them ``label-title-only`` and ``select-name``):
    the critical and serious violations on the page as shown, one line each."""
    from axe_playwright_python.sync_playwright import Axe

    result = Axe().run(page)
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:4]]} {v['nodes'][0].get('failureSummary', '')[:300]}"
            for v in result.response["violations"] if v["impact"] in ("serious", "critical")]


def test_axe_all_rules_clean_on_every_screen(browser, voila_url):
    """Issue 49: axe-core with all its rules finds no critical and no serious violation on the welcome, a rulebook
    chapter with its try-it, the lookup, the battle tower, the guided game after three steps, the planning board,
    the Play together host's screen and a phone that joins by the link (the year review: test_game_review.py)."""
    from .test_together import start_session

    found = {}
    with sized_app_page(browser, 1366, 768) as ap:
        page = ap.page
        ap.open(voila_url + "?lang=en")
        page.wait_for_selector(".shogun-doors button", timeout=60_000)
        found["welcome"] = axe_problems(page)
        page.goto(voila_url + "?chapter=battles&screen=3")
        page.wait_for_selector(".shogun-tryit-play", timeout=120_000)
        found["chapter"] = axe_problems(page)
        page.goto(voila_url + "?tab=lookup")
        page.wait_for_selector(".shogun-search input", timeout=60_000)
        found["lookup"] = axe_problems(page)
        page.goto(voila_url + "?tab=tower")
        page.wait_for_selector(".shogun-tower-panel .main-svg", timeout=60_000)
        found["tower"] = axe_problems(page)
        # a throw's verdict is read out: the tower's polite live region says what the verdict box shows
        page.locator(".shogun-tower-panel button.shogun-throw").first.click()
        page.wait_for_function("() => { const r = document.querySelector('.shogun-tower-panel .shogun-announce'),"
                               " v = document.querySelector('.shogun-tower-panel .shogun-verdict b');"
                               " return r && v && r.getAttribute('aria-live') === 'polite' && r.textContent.startsWith(v.innerText.trim()); }",
                               timeout=60_000)
        page.wait_for_timeout(1500)  # the panel's last redraw after the throw reaches the page before it is left
        page.goto(voila_url + "?tab=game")
        page.wait_for_selector(".js-plotly-plot.shogun-board .scatterlayer", timeout=60_000)
        spoken = "() => (document.querySelector('.shogun-announce') || {}).textContent || ''"
        for _step in range(3):  # each step announced in the live region
            before = page.evaluate(spoken)
            page.locator(".shogun-next").first.click()
            page.wait_for_function(f"(b) => {{ const t = ({spoken})(); return t && t !== b; }}", arg=before, timeout=60_000)
        found["guided game"] = axe_problems(page)
        page.locator(".shogun-game-settings button.mod-primary").first.click()  # New game: planned from its start
        page.wait_for_function("() => document.querySelector('button.shogun-step-back').disabled", timeout=60_000)
        page.locator(".shogun-seat-pick select").select_option(index=1)
        page.wait_for_selector(".shogun-planning-board .shogun-plan-field", timeout=60_000)
        found["planning board"] = axe_problems(page)
        code = start_session(ap, 4)
        page.wait_for_selector(".shogun-host-controls select", timeout=60_000)
        found["host"] = axe_problems(page)
        ap.assert_clean()
    with sized_app_page(browser, 390, 844) as phone:
        phone.open(voila_url + f"?game={code}")
        phone.page.wait_for_selector(".shogun-together-state", timeout=120_000)
        phone.page.wait_for_timeout(1000)
        found["join on a phone"] = axe_problems(phone.page)
        phone.assert_clean()
    bad = {where: v for where, v in found.items() if v}
    assert not bad, bad
