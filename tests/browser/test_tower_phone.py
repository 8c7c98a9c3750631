"""The battle tower on a phone (issue 23): at 390x844 the tower tab's throw plays in view (the page brings the
tower into view when the throw starts, under the button that throws), and in every frame of the throw, read off
the drawn SVG, no two cubes and no two letters lie on one another, even in a crowded throw (15 against 15)."""

from __future__ import annotations

import pytest

from .conftest import OUTPUT, sized_app_page, wait_text

pytestmark = pytest.mark.browser

FIGURE = ".shogun-tower-panel .js-plotly-plot"

# at every animation frame while the throw plays: the boxes of the drawn cubes and letters, the figure's box and the window's
SAMPLE_JS = """(sel) => {
  const gd = document.querySelector(sel);
  window.__samples = [];
  const box = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom].map(v => Math.round(v * 10) / 10); };
  const take = () => {
    const t = [...gd.querySelectorAll('.scatterlayer .trace')].find(t => t.__data__[0].trace.index === 0);
    if (!t) return;
    // at rest: every cube drawn where its data puts it (not on its way there)
    const xa = gd._fullLayout.xaxis, ya = gd._fullLayout.yaxis, g = gd.getBoundingClientRect();
    const rest = [...t.querySelectorAll('.point')].every(e => { const b = e.getBoundingClientRect(), d = e.__data__;
      return Math.abs((b.left + b.right) / 2 - (g.left + xa._offset + xa.l2p(d.x))) < 0.6
          && Math.abs((b.top + b.bottom) / 2 - (g.top + ya._offset + ya.l2p(d.y))) < 0.6; });
    window.__samples.push({t: Date.now(), rest, cubes: [...t.querySelectorAll('.point')].map(box),
                           letters: [...t.querySelectorAll('.textpoint text')].filter(e => e.textContent).map(box),
                           figure: box(gd), height: innerHeight});
  };
  window.__sampling = true;
  const tick = () => { if (!window.__sampling) return; take(); requestAnimationFrame(tick); };
  tick();
}"""


def _overlaps(boxes: list[list[float]], slack: float = 0.5) -> list[tuple[list[float], list[float]]]:
    """The pairs of boxes that share more than ``slack`` px both ways."""
    out = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if min(a[2], b[2]) - max(a[0], b[0]) > slack and min(a[3], b[3]) - max(a[1], b[1]) > slack:
                out.append((a, b))
    return out


def _set_slider(page, label: str, key: str) -> None:
    """Move the shown slider named ``label`` to an end with its keyboard (Home or End)."""
    handle = page.locator(f".shogun-tower-controls [role=slider][aria-label='{label}']").first
    handle.focus()
    handle.press(key)


def test_a_phones_throw_plays_in_view_and_no_cubes_or_letters_overlap(browser, voila_url):
    with sized_app_page(browser, 390, 844) as ap:
        page = ap.page
        ap.open(voila_url + "?tab=tower&lang=en")
        # the drawing sized for the phone's column (not plotly's default before the column is measured)
        page.wait_for_function("(sel) => { const gd = document.querySelector(sel); return gd && gd._fullLayout"
                               " && gd._fullLayout.width > 300 && gd._fullLayout.width < 390; }", arg=FIGURE, timeout=120_000)
        wait_text(page, ".shogun-odds", "Attack with 4 armies against 3", timeout=60_000)
        # a crowded throw: the sliders' largest battle
        _set_slider(page, "Attacking armies", "End")
        _set_slider(page, "Defending armies", "End")
        wait_text(page, ".shogun-odds", "Attack with 15 armies against 15", timeout=60_000)
        throw = page.locator(".shogun-throw:visible").first
        throw.scroll_into_view_if_needed()
        below = page.evaluate("(sel) => document.querySelector(sel).getBoundingClientRect().bottom > innerHeight", FIGURE)
        assert below, "the tower was in view before the throw: nothing here tests bringing it into view"
        page.evaluate(SAMPLE_JS, FIGURE)
        throw.click()
        # the throw has come down when the drawing stayed the same for 2 s and the verdict is shown
        page.wait_for_function("""() => { const s = window.__samples, n = s.length; if (n < 2) return false;
            const key = (x) => JSON.stringify(x.cubes); let i = n - 1; while (i > 0 && key(s[i - 1]) === key(s[n - 1])) i--;
            return s[n - 1].t - s[i].t > 2000 && s.some(x => key(x) !== key(s[0])); }""", polling=200, timeout=60_000)
        wait_text(page, ".shogun-verdict", "out of the tower", timeout=30_000)
        samples = page.evaluate("() => { window.__sampling = false; return window.__samples; }")
        page.screenshot(path=str(OUTPUT / "tower-phone-390x844-after.png"))
        key = [repr(s["cubes"]) for s in samples]
        # the first drawing of the throw: the thrown cubes in the funnel (boxes are read in the window, so a scroll
        # moves them all: the throw is told by its number of cubes)
        start = next(i for i, s in enumerate(samples) if len(s["cubes"]) != len(samples[0]["cubes"]))
        played = [s for s in samples if s["t"] - samples[start]["t"] >= 200]  # once the page has followed it
        out = [(s["t"] - samples[start]["t"], s["figure"]) for s in played
               if s["figure"][1] < -1 or s["figure"][3] > s["height"] + 1]
        assert not out, f"the tower left the window while the throw played: {out[:3]}"
        # the frames: the drawings with every cube at rest where the frame puts it (between two moves)
        frames = {key[i]: samples[i] for i in range(start, len(samples)) if samples[i]["rest"]}
        assert len(frames) >= 4, f"only {len(frames)} frames of the throw were seen at rest"
        for frame in frames.values():
            assert len(frame["cubes"]) > 30
            assert not _overlaps(frame["cubes"]), (frame["t"], _overlaps(frame["cubes"])[:3])
            assert not _overlaps(frame["letters"]), (frame["t"], _overlaps(frame["letters"])[:3])
        ap.assert_clean()
