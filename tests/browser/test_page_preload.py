"""The page names the scripts of its first screen ahead, and the list is the page's (issue 46).

``page_files.json`` (recorded by ``record_page_files.py``) must hold every script the page asks for before its
welcome shows, or the browser waits for that one link of Voilà's chain again; and nothing the page never uses, or
a phone downloads it for nothing (Chromium then warns that a preloaded file was not used)."""

from __future__ import annotations

import pytest

from shogun_tutor import page_preload

from .record_page_files import first_screen_scripts

pytestmark = pytest.mark.browser


def test_the_page_preloads_exactly_the_scripts_its_first_screen_asks_for(browser, voila_url):
    listed = page_preload.page_files()
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    try:
        page = context.new_page()
        console: list[str] = []
        page.on("console", lambda m: console.append(m.text))
        asked = first_screen_scripts(page, voila_url)
        named = page.eval_on_selector_all('link[rel=preload][as=script]', "ls => ls.map(l => l.getAttribute('href'))")
        base = "/" + voila_url.split("/", 3)[3]
        assert [h[len(base):] if h.startswith(base) else h for h in named] == listed  # all of them, in order, low priority
        assert page.eval_on_selector_all('link[rel=preload]', "ls => ls.every(l => l.fetchPriority === 'low')")
        assert set(asked) - {"voila/static/voila.js"} <= set(listed), "record the list again: record_page_files.py"
        page.wait_for_timeout(4000)  # Chromium warns of a preloaded file unused a few seconds after the page's load
        assert not [t for t in console if "preload" in t.lower()], console
    finally:
        context.close()
