"""The players told apart without colour (issue 23, WCAG 1.4.1): on the board every army marker carries its
player's letter, in the player table every swatch, in the tower every cube; one letter per colour and no two
colours with the same letter, read from what the browser drew. The same screens are photographed under Chromium's
simulated deuteranopia, protanopia and tritanopia (``Emulation.setEmulatedVisionDeficiency``) for a person to look at."""

from __future__ import annotations

from pathlib import Path

import pytest

from .catalog import Texts
from .conftest import OUTPUT, sized_app_page
from .test_board_labels import AT_ITS_WIDTH_JS

pytestmark = pytest.mark.browser

DEFICIENCIES = ("deuteranopia", "protanopia", "tritanopia")

# the army markers of the shown board: each marker's colour and the letter drawn on it (SVG text)
BOARD_JS = """() => {
  const gd = [...document.querySelectorAll('.js-plotly-plot.shogun-board')].find(g => g.offsetParent !== null);
  if (!gd || !gd._fullData) return null;
  const trace = [...gd.querySelectorAll('.scatterlayer .trace')].find(t => t.__data__[0].trace.name === 'armies');
  if (!trace) return null;
  const d = trace.__data__[0].trace;
  const drawn = [...trace.querySelectorAll('.textpoint text')].map(e => e.textContent);
  return drawn.map((text, i) => [Array.isArray(d.marker.color) ? d.marker.color[i] : d.marker.color, text]);
}"""

# the player table's swatches: background colour and letter
TABLE_JS = """() => [...document.querySelectorAll('.shogun-player-table td > span')].filter(s => s.offsetParent !== null)
  .map(s => [getComputedStyle(s).backgroundColor, s.textContent.trim()])"""

# the tower's cubes (trace 0 of the shown tower): colour and the drawn letter
TOWER_JS = """() => {
  const gd = [...document.querySelectorAll('.js-plotly-plot')].find(g => g.offsetParent !== null && g._fullData &&
               g._fullData[0] && g._fullData[0].mode === 'markers+text' && (g._fullLayout.shapes || []).length);
  if (!gd) return null;
  const trace = [...gd.querySelectorAll('.scatterlayer .trace')].find(t => t.__data__[0].trace.index === 0);
  const d = trace.__data__[0].trace;
  return [...trace.querySelectorAll('.textpoint text')].map((e, i) => [d.marker.color[i], e.textContent]);
}"""


def _one_letter_per_colour(pairs: list, where: str, strip_digits: bool = False) -> dict[str, str]:
    letters: dict[str, set[str]] = {}
    for colour, text in pairs:
        letter = text.rstrip("0123456789") if strip_digits else text
        letters.setdefault(colour, set()).add(letter)
    assert all(len(v) == 1 and all(v) for v in letters.values()), f"{where}: a colour with several or no letters: {letters}"
    single = {c: next(iter(v)) for c, v in letters.items()}
    assert len(set(single.values())) == len(single), f"{where}: two colours share a letter: {single}"
    return single


def _shots(page, name: str) -> None:
    """The page as drawn now, then under each simulated colour-vision deficiency."""
    cdp = page.context.new_cdp_session(page)
    shots = Path(OUTPUT).parent
    try:
        for kind in DEFICIENCIES:
            cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": kind})
            page.screenshot(path=str(shots / f"colour-blind-{name}-{kind}.png"), full_page=False)
    finally:
        cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": "none"})
        cdp.detach()


@pytest.mark.parametrize("lang, width, height", [pytest.param("en", 1366, 768, id="en-1366x768"),
                                                 pytest.param("pl", 1920, 1080, id="pl-1920x1080"),
                                                 pytest.param("en", 390, 844, id="en-390x844")])
def test_players_are_told_apart_by_letters_and_photographed_under_colour_blindness(browser, voila_url, lang, width, height):
    t = Texts(lang)
    from shogun_tutor.viz.palette import PLAYER_STYLES

    with sized_app_page(browser, width, height) as ap:
        page = ap.page
        ap.open(voila_url + f"?lang={lang}&tab=game")
        page.wait_for_function(f"() => {{ const m = ({BOARD_JS})(); return m && m.length >= 10; }}", timeout=120_000)
        page.locator(".shogun-next:visible").first.click()  # a step: the table and the board show a game under way
        page.wait_for_function(f"() => ({TABLE_JS})().length >= 3", timeout=60_000)
        board = _one_letter_per_colour(page.evaluate(BOARD_JS), "board", strip_digits=True)
        table = _one_letter_per_colour([(c, l) for c, l in page.evaluate(TABLE_JS)], "player table")
        assert len(board) >= 3 and len(table) >= 3
        expected = {s.letter for s in PLAYER_STYLES.values()}
        assert set(board.values()) <= expected and set(table.values()) <= expected
        assert set(board.values()) <= set(table.values())  # the same letters on the board and in the table
        page.locator(".js-plotly-plot.shogun-board:visible").first.scroll_into_view_if_needed()
        # photographed once drawn at its panel's width (not for the default width before the panel measured it)
        page.wait_for_function(AT_ITS_WIDTH_JS, arg=".shogun-game-board .js-plotly-plot", timeout=60_000)
        _shots(page, f"board-{lang}-{width}x{height}")
        # the tower tab: each cube carries its player's letter (farmers F)
        page.locator(".lm-TabBar-tab", has_text=t("Battle tower")).first.click()
        page.wait_for_function(f"() => {{ const c = ({TOWER_JS})(); return c && c.length >= 3; }}", timeout=120_000)
        tower = _one_letter_per_colour(page.evaluate(TOWER_JS), "tower")
        assert len(tower) >= 2, tower
        _shots(page, f"tower-{lang}-{width}x{height}")
        ap.assert_clean()
