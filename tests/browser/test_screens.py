"""Every screen as its user sees it (issue 23): the page follows the language (``<html lang>``, the title)
and has the app's own icon; tap targets, type sizes and figures measured on every tab at phone size."""

from __future__ import annotations

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
        page.select_option(".shogun-language select", label=LANGUAGES["zh"])
        page.wait_for_function("document.documentElement.lang === 'zh-Hans'")
        assert page.evaluate("document.title") == translator("zh").gettext("Shogun Tutor")
        # the icon: one link, served by the app's own server as an SVG
        hrefs = page.evaluate("[...document.querySelectorAll('link[rel~=icon]')].map(l => l.href)")
        assert len(hrefs) == 1 and hrefs[0].startswith(voila_url), hrefs
        answer = page.request.get(hrefs[0])
        assert answer.status == 200 and "<svg" in answer.text(), (answer.status, answer.text()[:200])
        ap.assert_clean()
