"""The guided game read step by step, on a laptop and on a phone in Dutch; save, reload, upload, continue;
the tower tab's replay of a game battle apart from its demo. Screenshots also go to /tmp/pacing/."""

import shutil
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import expect

from shogun_tutor.text import terms

from .catalog import Texts, norm
from .conftest import guided_game

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/pacing")

# every visible control of a panel: its box, and whether its text fits (a select: the chosen option's text)
_CONTROLS_JS = """(sel) => {
  const canvas = document.createElement('canvas').getContext('2d');
  const out = [];
  for (const e of document.querySelectorAll(sel)) {
    if (!e.offsetParent) continue;
    const r = e.getBoundingClientRect();
    if (r.width === 0) continue;
    let fits = e.scrollWidth <= e.clientWidth + 1;
    if (e.tagName === 'SELECT' && e.selectedIndex >= 0) {
      const cs = getComputedStyle(e);
      canvas.font = cs.fontSize + ' ' + cs.fontFamily;
      fits = canvas.measureText(e.options[e.selectedIndex].text).width <= e.clientWidth - 18;
    }
    out.push({tag: e.tagName, text: (e.innerText || e.value || '').slice(0, 40), left: r.left, right: r.right,
              top: r.top, bottom: r.bottom, width: r.width, fits});
  }
  return out;
}"""


def _shot(ap, name):
    path = ap.screenshot(name)
    SHOTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(path, SHOTS / path.name)
    ap.page.screenshot(path=str(SHOTS / f"{name}-viewport.png"))  # what the reader sees without scrolling


def _next(page, label_before):
    page.locator(".shogun-next").first.click()
    page.wait_for_function("(t) => document.querySelector('.shogun-step-label').innerText !== t", arg=label_before,
                           timeout=60_000)
    return page.locator(".shogun-step-label").first.inner_text()


@contextmanager
def _open(browser, url, width, height, query):
    """The guided game at that size, downloads allowed, its board drawn and its first step titled."""
    with guided_game(browser, url, width, height, query, timeout=120_000, accept_downloads=True) as ap:
        ap.page.wait_for_selector(".shogun-step-label b", timeout=60_000)
        yield ap


def test_a_phone_in_dutch_reads_the_guided_game_with_the_board_above_the_steps(browser, voila_url):
    with _open(browser, voila_url, 390, 844, "?lang=nl&tab=game") as ap:
        page = ap.page
        nxt = page.locator(".shogun-next").first
        box = nxt.bounding_box()
        print(f"\nphone: Next step at y={box['y']:.0f} (was 1,346 px down)")
        assert box["y"] + box["height"] <= 844, "Next step must be on the first screen"
        label = page.locator(".shogun-step-label").first.inner_text()
        assert "Het spel wordt opgezet" in label and "Stap 1 van" in label
        titles = [label]
        for _ in range(5):
            titles.append(_next(page, titles[-1]))
        print("phone titles:", titles)
        assert any("Planning" in t for t in titles) and any("Bieden en spelersvolgorde" in t for t in titles)
        here = page.evaluate("""(() => { const box = document.querySelector('.shogun-game-board');
          const b = box.getBoundingClientRect();
          const anns = [...box.querySelectorAll('.annotation')].map(a => a.getBoundingClientRect())
            .filter(a => a.width > 0);
          return {scrollTop: box.scrollTop, box: [b.top, b.bottom],
                  inside: anns.filter(a => a.top >= b.top - 1 && a.bottom <= b.bottom + 1).length, all: anns.length}; })()""")
        print(f"phone: board box scrolled to {here['scrollTop']} px; labels in view {here['inside']} of {here['all']}")
        # measured here; that the box brings the step's province into view is asserted in the reading-back test
        board = page.locator(".shogun-game-board").first.bounding_box()
        now = page.locator(".shogun-now").first.bounding_box()
        assert board["y"] < now["y"] and board["height"] <= 0.45 * 844  # the board above a compact step text
        scrolls = page.evaluate("(() => { const e = document.querySelector('.shogun-now'); "
                                "return [getComputedStyle(e).overflowY, e.getBoundingClientRect().height]; })()")
        assert scrolls[0] == "auto" and scrolls[1] <= 0.35 * 844 + 1
        controls = page.evaluate(_CONTROLS_JS, ".shogun-game-panel button, .shogun-game-panel select, "
                                 ".shogun-game-panel input[type=text], .lm-TabBar-tabLabel")
        cut = [c for c in controls if c["right"] > 391 or c["left"] < -1 or not c["fits"]]
        assert not cut, f"cut off: {cut}"
        narrow = [c["text"] for c in controls if c["tag"] == "BUTTON" and c["width"] < 44]
        assert not narrow, f"buttons under 44 px: {narrow}"
        table = page.evaluate("(() => { const b = document.querySelector('.shogun-player-table'); "
                              "const t = b.querySelector('table'); return [t.scrollWidth, b.clientWidth, "
                              "getComputedStyle(b).overflowX, b.getBoundingClientRect().right]; })()")
        print(f"phone: player table {table[0]} px in a box of {table[1]} px (overflow-x {table[2]})")
        assert table[3] <= 391 and (table[0] <= table[1] + 1 or table[2] == "auto")  # all columns fit or scroll
        _shot(ap, "pacing-phone-nl-game")
        # the tower tab: sliders with their values, and the drawing, inside the screen
        page.locator(".lm-TabBar-tab", has_text="Dobbeltoren").first.click()
        page.wait_for_selector(".shogun-tower-panel .js-plotly-plot .scatterlayer", timeout=60_000)
        time.sleep(1.5)
        parts = page.evaluate(_CONTROLS_JS, ".shogun-tower-panel .widget-readout, .shogun-tower-panel .widget-label, "
                              ".shogun-tower-panel button, .shogun-tower-panel .js-plotly-plot .main-svg")
        cut = [c for c in parts if c["right"] > 391 or c["left"] < -1]
        assert not cut, f"tower tab cut off: {cut}"
        _shot(ap, "pacing-phone-nl-tower")
        page.locator(".lm-TabBar-tab", has_text="Kaarten").first.click()
        page.wait_for_selector(".shogun-cards table", timeout=60_000)
        cards = page.evaluate("(() => [...document.querySelectorAll('.shogun-cards table')].filter(t => t.offsetParent)"
                              ".map(t => t.getBoundingClientRect().right))()")
        assert cards and max(cards) <= 391, cards
        _shot(ap, "pacing-phone-nl-cards")
        ap.assert_clean()


def test_a_laptop_keeps_the_board_in_view_and_back_re_reads(browser, voila_url):
    with _open(browser, voila_url, 1366, 768, "?tab=game") as ap:
        page = ap.page
        label = page.locator(".shogun-step-label").first.inner_text()
        seen = [label]
        for _ in range(6):
            seen.append(_next(page, seen[-1]))
        board = page.locator(".js-plotly-plot.shogun-board").first.bounding_box()
        now = page.locator(".shogun-now").first.bounding_box()
        assert now["x"] > board["x"] + board["width"] - 5  # side by side
        _shot(ap, "pacing-laptop-steps")
        page.mouse.move(now["x"] + 50, now["y"] + 50)
        page.mouse.wheel(0, 1500)  # read on: the step text, then the page, scroll
        time.sleep(1)
        board = page.locator(".js-plotly-plot.shogun-board").first.bounding_box()
        assert board["y"] + board["height"] > 100 and board["y"] < 768 - 100, board  # the board stays in view
        _shot(ap, "pacing-laptop-scrolled")
        decisions_label = page.locator(".shogun-status").first.inner_text()
        back = page.locator(".shogun-step-back").first
        back.click()
        page.wait_for_function("(t) => document.querySelector('.shogun-step-label').innerText === t", arg=seen[-2],
                               timeout=30_000)
        assert page.locator(".shogun-reading-back").first.is_visible()  # read again, as it stood then
        assert _next(page, seen[-2]) == seen[-1]  # Next re-reads the same step
        assert page.locator(".shogun-status").first.inner_text() == decisions_label  # nothing undone
        ap.assert_clean()


def test_save_reload_upload_and_continue(browser, voila_url, tmp_path):
    with _open(browser, voila_url, 1366, 768, "?tab=game") as ap:
        page = ap.page
        label = page.locator(".shogun-step-label").first.inner_text()
        for _ in range(8):
            label = _next(page, label)
        status = page.locator(".shogun-status").first.inner_text()
        step_of = Texts("en").pattern("Step {number} of {total}", number=r"\d+", total=r"\d+")
        saved_label = norm(page.locator(".shogun-step-label").first.inner_text())
        before = step_of.search(saved_label)
        page.locator(".shogun-save-box button", has_text="Save the game").first.click()
        link = page.locator(".shogun-save-box a[download]").first
        link.wait_for(timeout=30_000)
        with page.expect_download() as dl:
            link.click()
        saved = tmp_path / "game.json"
        dl.value.save_as(saved)
        assert saved.stat().st_size > 1000
        page.reload()
        page.wait_for_selector(".js-plotly-plot.shogun-board .scatterlayer", timeout=120_000)
        page.wait_for_selector(".shogun-step-label b", timeout=60_000)
        # the address carries the game (issue 20, docs/sessions.md): the reload continues it where it was
        page.wait_for_function("(s) => document.querySelector('.shogun-status').innerText === s", arg=status,
                               timeout=60_000)
        page.locator(".shogun-game-settings button", has_text="New game").first.click()  # a fresh game, then the file
        page.wait_for_function("(s) => document.querySelector('.shogun-status').innerText !== s", arg=status,
                               timeout=60_000)
        with page.expect_file_chooser() as chooser:
            page.locator(".shogun-save-box button", has_text="Continue a saved game").first.click()
        chooser.value.set_files(str(saved))
        page.wait_for_function("document.querySelector('.shogun-save-message').innerText.includes('continues')",
                               timeout=60_000)
        # the saved game, where it was: the same steps, shown from the latest one (the game as it is now;
        # before the save the step shown was drawn as it stood then, see the reading-back test)
        label = page.locator(".shogun-step-label").first.inner_text()
        after = step_of.search(norm(label))
        assert after and after.group("total_0") == before.group("total_0") == after.group("number_0"), (label, saved_label)
        assert status.split(" · ")[0] in page.locator(".shogun-status").first.inner_text()  # the same year
        after = _next(page, label)  # and it goes on
        assert after != label
        _shot(ap, "pacing-laptop-continued")
        ap.assert_clean()


def test_the_tower_tab_replays_a_game_battle_apart_from_its_demo(browser, voila_url):
    with _open(browser, voila_url, 1366, 768, "?tab=game") as ap:
        page = ap.page
        label = page.locator(".shogun-step-label").first.inner_text()
        watch = page.locator(".shogun-watch-battle").first
        for _ in range(60):
            if watch.is_visible():
                break
            label = _next(page, label)
        assert watch.is_visible(), "no battle in 60 steps"
        watch.click()
        page.wait_for_selector(".shogun-tower-replay b", timeout=60_000)
        page.wait_for_function("document.querySelector('.shogun-verdict').innerText.length > 0", timeout=60_000)
        assert not page.locator(".shogun-throw").first.is_visible()  # no demo controls beside the game's verdict
        assert page.locator(".shogun-odds").first.inner_text().strip() == ""
        points = page.locator(".shogun-tower-panel .scatterlayer .point").count()
        status = page.locator(".shogun-tower-panel .shogun-verdict").first.inner_text()
        print(f"\nreplay: {points} cubes drawn; verdict: {status[:80]!r}")
        assert "Only the thrown cubes" not in page.locator(".shogun-tower-replay").first.inner_text()
        _shot(ap, "pacing-laptop-tower-replay")
        page.locator(".shogun-tower-demo").first.click()
        page.wait_for_function("document.querySelector('.shogun-odds').innerText.length > 0", timeout=60_000)
        assert page.locator(".shogun-throw").first.is_visible()
        slider = page.locator(".shogun-tower-controls .widget-hslider").first
        slider.locator(".noUi-handle, .ui-slider-handle").first.focus()
        page.keyboard.press("Home")  # 0 attacking armies
        page.wait_for_selector(".shogun-tower-problem [role=alert]", timeout=30_000)
        # the alert and the disabled throw arrive as two widget updates: wait for the second as well
        expect(page.locator(".shogun-throw").first).to_be_disabled(timeout=30_000)
        _shot(ap, "pacing-laptop-tower-refused")
        ap.assert_clean()


# where the province a step highlights lies in the board's scrolling box: the box's view and the province's
# height in it (from the points of the figure's hover trace that name it), and what the scroll helper last brought into view
_IN_BOX_JS = """() => {
  const home = document.querySelector('.shogun-game-board');
  const gd = home.querySelector('.js-plotly-plot.shogun-board');
  const shown = home.querySelector('[data-shown]');
  let box = gd.parentElement;
  while (box !== home && !(box.scrollHeight > box.clientHeight + 1 && /(auto|scroll)/.test(getComputedStyle(box).overflowY)))
    box = box.parentElement;
  const province = shown ? shown.dataset.shown : null;
  const t = province && gd._fullData.find((d) => d.name === 'hit');
  const where = {province, box: [box.scrollTop, box.clientHeight, box.scrollHeight], scroller: box.className.slice(0, 60)};
  const names = t && t.customdata ? Array.from(t.customdata) : [];
  const ys = t ? Array.from(t.y).filter((v, i) => v !== null && names[i] === province) : [];
  if (!ys.length) return where;
  const y = gd._fullLayout._size.t + gd._fullLayout.yaxis.l2p(ys.reduce((a, b) => a + b, 0) / ys.length);
  const top = gd.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop + y;
  return {...where, top};
}"""


def _text(page, sel):
    return norm(page.locator(sel).first.inner_text())


@pytest.mark.parametrize("lang,width,height", [("en", 1366, 768), ("nl", 390, 844)], ids=["en-1366", "nl-390-phone"])
def test_back_shows_the_step_as_the_game_stood_then_and_next_returns(browser, voila_url, lang, width, height):
    t = Texts(lang)
    with t.current():
        spring, summer = terms.season_name("spring"), terms.season_name("summer")
    reading = t.pattern("Reading step {number} of {total} — the board and the player table show the game as it was "
                        "right after this step.", number=r"\d+", total=r"\d+")
    step_of = t.pattern("Step {number} of {total}", number=r"\d+", total=r"\d+")
    with _open(browser, voila_url, width, height, f"?lang={lang}&tab=game") as ap:
        page = ap.page
        banner = page.locator(".shogun-reading-back").first
        label = _text(page, ".shogun-step-label")
        page.locator(".shogun-game-panel button", has_text=t("Next round")).first.click()  # spring is played
        page.wait_for_function("(t) => document.querySelector('.shogun-step-label').innerText !== t", arg=label,
                               timeout=120_000)
        label = _text(page, ".shogun-step-label")
        for _ in range(10):  # into summer, two steps in
            label = _next(page, label)
            if summer in _text(page, ".shogun-status"):
                break
        label = _next(page, _next(page, label))
        assert summer in _text(page, ".shogun-status") and not banner.is_visible()
        present_status, present_table = _text(page, ".shogun-status"), _text(page, ".shogun-player-table")
        backs = 0
        while spring not in _text(page, ".shogun-status"):  # Back until a step of spring: the status follows it
            label = _text(page, ".shogun-step-label")
            page.locator(".shogun-step-back").first.click()
            page.wait_for_function("(t) => document.querySelector('.shogun-step-label').innerText !== t", arg=label,
                                   timeout=60_000)
            backs += 1
            assert backs < 20, "no step of spring within 20 steps back"
        banner.wait_for(state="visible", timeout=30_000)
        said = reading.search(norm(banner.inner_text()))
        shown = step_of.search(_text(page, ".shogun-step-label"))
        assert said and shown, (banner.inner_text(), _text(page, ".shogun-step-label"))
        assert said.group("number_0") == shown.group("number_0")  # the banner names the step read
        assert _text(page, ".shogun-player-table") != present_table  # the table as it stood in spring
        print(f"\n{lang} {width}x{height}: {backs} steps back; banner: {norm(banner.inner_text())[:90]!r}; "
              f"status: {_text(page, '.shogun-status')!r}")
        banner.scroll_into_view_if_needed()
        _shot(ap, f"reading-back-{lang}-{width}")
        if width < 600:  # the phone: the board box shows the province the step is about
            time.sleep(1)
            where = page.evaluate(_IN_BOX_JS)
            print(f"phone: province {where.get('province')} at {where.get('top')} in box {where['box']} "
                  f"({where['scroller']})")
            scroll, view, full = where["box"]
            assert full > view + 1, "the board box on a phone scrolls"
            assert where.get("top") is not None and scroll - 1 <= where["top"] <= scroll + view + 1, where
        # Next reads on; the last step read again says Next returns to the present, and it does
        for _ in range(backs):
            if banner.is_visible() and t("“Next step” returns to the present.") in norm(banner.inner_text()):
                break
            label = _next(page, _text(page, ".shogun-step-label"))
        assert t("“Next step” returns to the present.") in norm(banner.inner_text())
        _next(page, _text(page, ".shogun-step-label"))
        page.wait_for_function("(s) => document.querySelector('.shogun-status').innerText.includes(s)", arg=summer,
                               timeout=60_000)
        assert not banner.is_visible() and summer in _text(page, ".shogun-status")
        # Back once more, then "Back to the present" at once
        page.locator(".shogun-step-back").first.click()
        banner.wait_for(state="visible", timeout=30_000)
        page.locator(".shogun-to-present").first.click()
        banner.wait_for(state="hidden", timeout=30_000)
        status = _text(page, ".shogun-status")
        assert summer in status and present_status.split("·")[0] in status
        _shot(ap, f"reading-back-present-{lang}-{width}")
        ap.assert_clean()
