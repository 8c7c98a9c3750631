"""The guided game told in Polish, Chinese and Japanese: a battle and the winter, as a learner sees them.

Screenshots of the explanation pane go to ``test-output/browser/explain-<lang>-battle.png``
and ``explain-<lang>-winter.png``.
"""

import json

import pytest

from shogun_tutor import i18n

from .conftest import wait_language

pytestmark = pytest.mark.browser

#: what each language's battle and winter explanations must say (glossary terms, kanji names)
EXPECTED = {
    "pl": {"battle": ["Wynik:", "armi", "wieży"], "winter": ["Zima:", "jednost"]},
    "zh": {"battle": ["比分：", "骰塔", "支军队"], "winter": ["冬季：", "稻米"]},
    "ja": {"battle": ["結果：", "塔", "軍勢"], "winter": ["冬：", "米"]},
}
NOW = ".shogun-now"
SHOWN = [".shogun-step-label", ".shogun-status", NOW]
# what a step shows: the step label, the status line and the explanations (waiting on the status line
# alone timed out on every step that does not change it, 5 s each)
STEP_SHOWN = "(sels) => sels.map(s => (document.querySelector(s) || {}).innerText || '').join('|')"


def _click_until(page, button_text: str, selector: str, clicks: int) -> None:
    button = page.locator("button:visible", has_text=button_text).first
    for _ in range(clicks):
        if page.locator(f"{NOW} {selector}").count():
            return
        before = page.evaluate(STEP_SHOWN, SHOWN)
        button.click()
        try:  # each step changes the step label, the status line or the explanations
            page.wait_for_function(f"(before) => ({STEP_SHOWN})({json.dumps(SHOWN)}) !== before", arg=before, timeout=5_000)
        except Exception:
            page.wait_for_timeout(500)
    page.locator(f"{NOW} {selector}").first.wait_for(timeout=30_000)


@pytest.mark.parametrize("lang", ["pl", "zh", "ja"])
def test_battle_and_winter_explained_in_the_language(app_page, voila_url, lang):
    t = i18n.translator(lang)
    app_page.open(voila_url + f"?lang={lang}&tab=game")  # straight to the guided game
    page = app_page.page
    wait_language(page, t.gettext("Language"))
    # the first battle of the default game comes after about a dozen steps
    _click_until(page, t.gettext("Next step"), ".shogun-event-battle", 40)
    battle = page.locator(f"{NOW} .shogun-event-battle").first.inner_text()
    for word in EXPECTED[lang]["battle"]:
        assert word in battle, (word, battle)
    if lang in ("zh", "ja"):
        assert not any(c.isascii() and c.isalpha() for c in battle), battle  # kanji province names, no romaji
    page.locator(NOW).screenshot(path=str(app_page.screenshot(f"explain-{lang}-battle-page").with_name(f"explain-{lang}-battle.png")))
    # whole rounds until the winter is told (rice, revolts, scoring)
    _click_until(page, t.gettext("Next round"), ".shogun-event-scoring", 6)
    for _ in range(20):  # the winter is read in steps: back from the scoring to its rice
        if EXPECTED[lang]["winter"][0] in page.locator(NOW).inner_text():
            break
        label = page.locator(".shogun-step-label").inner_text()
        page.locator(".shogun-step-back").first.click()
        page.wait_for_function("(t) => document.querySelector('.shogun-step-label').innerText !== t", arg=label,
                               timeout=30_000)
    winter = page.locator(NOW).inner_text()
    for word in EXPECTED[lang]["winter"]:
        assert word in winter, (word, winter[:400])
    app_page.screenshot(f"explain-{lang}-winter-page")
    # the step also holds the autumn's last actions: show the winter from its first explanation on
    page.evaluate("""([sel, head]) => {
        const events = [...document.querySelectorAll(sel + ' .shogun-event')];
        const first = events.findIndex(e => e.innerText.startsWith(head));
        events.forEach((e, i) => { if (i < first) e.style.display = 'none'; });
    }""", [NOW, EXPECTED[lang]["winter"][0]])
    page.locator(NOW).screenshot(path=str(app_page.screenshot(f"explain-{lang}-winter-page").with_name(f"explain-{lang}-winter.png")))
    app_page.assert_clean()
