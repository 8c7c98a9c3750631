"""The battles chapter's try-it 2 (issue 23): its text says two farmers, a black and a purple cube lie in the tray;
the tower drawn in the browser shows exactly those in its tray (read from the drawn SVG, each with its colour's letter
in the page's language, named in the legend beside the tower; axe-clean), and playing the attack
animates the throw (the cubes are seen at several places on their way down) in view before the tray settles."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from .catalog import Texts
from .conftest import OUTPUT, sized_app_page, wait_text

pytestmark = pytest.mark.browser

TOWER = ".shogun-rulebook-tower"
LEGEND = ".shogun-rulebook .shogun-tower-legend"
SCENARIO = Path(__file__).resolve().parents[2] / "data" / "scenarios" / "full-tray-battle.json"

# the letters of the cubes drawn inside the tray's frame (the SVG text of the cube trace, placed by its pixels)
TRAY_JS = """(sel) => {
  const gd = [...document.querySelectorAll(sel)].find(g => g.offsetParent !== null);
  if (!gd || !gd._fullLayout || !gd._fullLayout.shapes) return null;
  const xa = gd._fullLayout.xaxis, ya = gd._fullLayout.yaxis, r = gd.getBoundingClientRect();
  const tray = gd._fullLayout.shapes.find(s => s.type === 'rect' && s.y1 < 0.3 && s.x0 < 1);  // the tray's frame
  const px = (x) => r.left + xa._offset + xa.l2p(x), py = (y) => r.top + ya._offset + ya.l2p(y);
  const [left, right, top, bottom] = [px(tray.x0), px(tray.x1), py(tray.y1), py(tray.y0)];
  const cubes = [...gd.querySelectorAll('.scatterlayer .trace')].find(t => t.__data__[0].trace.index === 0);
  const letters = [...cubes.querySelectorAll('.textpoint text')].filter(e => {
    const b = e.getBoundingClientRect(), cx = (b.left + b.right) / 2, cy = (b.top + b.bottom) / 2;
    return left <= cx && cx <= right && top <= cy && cy <= bottom;
  }).map(e => e.textContent);
  return {tray: letters.sort(), all: [...cubes.querySelectorAll('.textpoint text')].length};
}"""

# while the throw plays: every distinct drawing of the cubes (their positions), sampled by the page itself
RECORD_JS = """(sel) => {
  const gd = [...document.querySelectorAll(sel)].find(g => g.offsetParent !== null);
  window.__towerFrames = [];
  const take = () => {
    const d = gd._fullData[0], key = JSON.stringify([d.x, d.y]);
    if (window.__towerFrames[window.__towerFrames.length - 1] !== key) window.__towerFrames.push(key);
  };
  take();
  window.__towerTimer = setInterval(take, 40);
}"""


def _expected_tray(t: Texts) -> Counter:
    """The tray's cubes from the scenario file: a farmer's letter, or the letter of the seat's colour (in the
    page's language, issue 49)."""
    from shogun_tutor.text import terms
    from shogun_tutor.viz.palette import cube_style

    tray = json.loads(SCENARIO.read_text())["tower"]["tray"]
    with t.current():
        return Counter(terms.cube_letter(cube_style(None if c == "farmer" else c).name) for c in tray)


# the legend beside the tower as shown: each entry's letter and colour name, and the legend's text size
LEGEND_JS = """(sel) => { const l = [...document.querySelectorAll(sel)].find(e => e.offsetParent !== null);
  if (!l) return null;
  return {entries: [...l.querySelectorAll('li')].map(li => [...li.querySelectorAll('span')].map(s => s.textContent)),
          px: Math.min(...[...l.querySelectorAll('span, b')].map(e => parseFloat(getComputedStyle(e).fontSize))),
          name: l.getAttribute('aria-label')}; }"""


def _legend_and_axe(page, t: Texts, shown: Counter, teacher: bool) -> None:
    """The legend names each cube colour with the letter the cubes carry in this language (those in the tray among
    them), at projector size in teacher mode; axe-core finds nothing critical or serious in the tower and legend."""
    from axe_playwright_python.sync_playwright import Axe

    from shogun_tutor.text import terms
    from shogun_tutor.viz.tower import CUBE_STYLES

    page.wait_for_function(f"() => ({LEGEND_JS})('{LEGEND}') !== null", timeout=30_000)
    legend = page.evaluate(LEGEND_JS, LEGEND)
    with t.current():
        expected = [[terms.cube_letter(st.name), terms.cube_colour_name(st.name)] for st in CUBE_STYLES]
    assert legend["entries"] == expected, legend
    assert legend["name"] == t("Cube letters")
    assert set(shown) <= {letter for letter, _name in legend["entries"]}
    assert legend["px"] >= (18 if teacher else 12), legend["px"]
    result = Axe().run(page, context={"include": [[TOWER], [LEGEND]]})
    problems = [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:4]]}"
                for v in result.response["violations"] if v["impact"] in ("serious", "critical")]
    assert problems == []


@pytest.mark.parametrize("lang, width, height", [pytest.param("en", 1366, 768, id="en-1366x768"),
                                                 pytest.param("de", 1920, 1080, id="de-1920x1080-teacher"),
                                                 pytest.param("de", 390, 844, id="de-390x844")])
def test_the_full_tray_try_it_draws_its_tray_and_animates_the_throw(browser, voila_url, lang, width, height):
    t = Texts(lang)
    expected = _expected_tray(t)
    teacher = width >= 1920  # a projector: teacher mode
    from shogun_tutor.ui.tryit import PROMPTS

    assert sorted(expected.values()) == [1, 1, 2]  # the text's two farmers, one black, one purple cube
    assert "Two farmers, a black and a purple cube lie in the tray" in PROMPTS["full-tray-battle"]
    shots = Path(OUTPUT).parent
    from shogun_tutor import i18n
    from shogun_tutor.rulebook import content

    with t.current():
        prompt = i18n._(PROMPTS["full-tray-battle"]).format(**content.province_values())
    with sized_app_page(browser, width, height) as ap:
        page = ap.page
        ap.open(voila_url + f"?lang={lang}&chapter=battles" + ("&teacher=1" if teacher else ""))
        wait_text(page, ".shogun-chapter-title", t("Battles and the tower"), timeout=120_000)
        page.locator(".shogun-rulebook .widget-toggle-buttons button", has_text=t("Try it") + " 2").first.click()
        wait_text(page, ".shogun-prompt", prompt.split(".")[0].split("。")[0], timeout=60_000)
        # the tray as drawn: exactly the cubes the text names
        page.wait_for_function(f"() => {{ const s = ({TRAY_JS})('{TOWER}'); return s && s.tray.length === {sum(expected.values())}; }}",
                               timeout=60_000)
        drawn = page.evaluate(TRAY_JS, TOWER)
        assert Counter(drawn["tray"]) == expected, drawn
        _legend_and_axe(page, t, expected, teacher)
        tower = page.locator(TOWER).first
        tower.scroll_into_view_if_needed()
        page.screenshot(path=str(shots / f"tryit-tower-{lang}-{width}x{height}{'-teacher' if teacher else ''}-1-tray.png"), full_page=False)
        # the attack: the throw is animated (several drawings of the cubes on their way), then the tray settles
        select = page.locator(".shogun-tryit select:visible").first
        option = next(o for o in select.evaluate("s => [...s.options].map(o => o.text)") if "Kozuke" in o and "4" in o)
        select.select_option(label=option)
        page.evaluate(RECORD_JS, TOWER)
        page.locator(".shogun-tryit-play:visible").first.click()
        page.wait_for_function("() => [...document.querySelectorAll('.shogun-tryit-tower-replay')].some(b => b.offsetParent !== null)",
                               timeout=120_000)
        # the throw has come down when the drawing stayed the same for 2 s
        page.wait_for_function("""() => { const f = window.__towerFrames; const now = Date.now();
            if (window.__last !== f.length) { window.__last = f.length; window.__since = now; }
            return f.length > 1 && now - window.__since > 2000; }""", polling=200, timeout=60_000)
        frames = page.evaluate("() => { clearInterval(window.__towerTimer); return window.__towerFrames.length; }")
        assert frames >= 4, f"the throw was drawn {frames} times: no animation"
        # the page brought the tower into view when the throw played (on a phone it lies above the question)
        top, bottom = page.evaluate(f"() => {{ const r = document.querySelector('{TOWER}').getBoundingClientRect(); return [r.top, r.bottom]; }}")
        assert top >= -1 and bottom <= height + 1, (top, bottom)
        page.screenshot(path=str(shots / f"tryit-tower-{lang}-{width}x{height}{'-teacher' if teacher else ''}-2-after.png"), full_page=False)
        # "Replay" plays it again
        page.evaluate(RECORD_JS, TOWER)
        page.locator(".shogun-tryit-tower-replay:visible").first.click()
        page.wait_for_function("() => window.__towerFrames.length >= 4", timeout=30_000)
        page.evaluate("() => clearInterval(window.__towerTimer)")
        ap.assert_clean()
