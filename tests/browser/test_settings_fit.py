"""The guided game's settings name every choice whole, in every language: a select as wide as a fixed number of ems
cut the German "Startaufstellung für Einsteiger" and the Polish "Gram kolorem: Czerwony" at 1366x768."""

from __future__ import annotations

import pytest

from shogun_tutor.i18n import LANGUAGES, translator

from .conftest import guided_game, wait_language

pytestmark = pytest.mark.browser

# each settings select's options: (text, its width in the select's own font, the room the select gives a text)
_OPTIONS = """() => [...document.querySelectorAll('.shogun-game-settings select')].map(s => {
  const c = document.createElement('canvas').getContext('2d'), cs = getComputedStyle(s);
  c.font = cs.font;
  const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  return [...s.options].map(o => [o.text, c.measureText(o.text).width, room]); })"""


def test_every_settings_choice_is_shown_whole_in_every_language(browser, voila_url):
    with guided_game(browser, voila_url, 1366, 768, "?tab=game&lang=en") as ap:
        page = ap.page
        for lang in LANGUAGES:
            if lang != "en":
                page.select_option(".shogun-language select", label=LANGUAGES[lang])
                wait_language(page, translator(lang).gettext("Language"))
            t = translator(lang)
            page.wait_for_function("(name) => [...document.querySelectorAll('.shogun-game-settings option')]"
                                   ".some(o => o.text.replace(/\\u00a0/g, ' ') === name)",
                                   arg=t.gettext("Beginner set-up"), timeout=30_000)
            selects = page.evaluate(_OPTIONS)
            assert len(selects) == 4, (lang, selects)  # players, board side, set-up, seat
            cut = [(text, round(width), round(room)) for options in selects for text, width, room in options
                   if width > room + 1]
            assert not cut, (lang, cut)
        ap.assert_clean()
