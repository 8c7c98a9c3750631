"""Every guided game is stored (docs/sessions.md): the address carries it, so a reload (a new kernel) and a
server restart continue it at the same step; a phone in Dutch opens the same game from the link.
Screenshots: test-output/browser/session-*.png."""

from __future__ import annotations

import re
import subprocess
from contextlib import contextmanager
from urllib.parse import parse_qs, urlparse

import pytest

from ..servers import stop, wait_until_serving
from .conftest import OUTPUT, ROOT, _free_port, app_command, guided_game

pytestmark = pytest.mark.browser


@contextmanager
def _server(name: str):
    """``shogun-tutor app`` of its own (the sessions store: the test run's folder, inherited)."""
    port = _free_port()
    OUTPUT.mkdir(parents=True, exist_ok=True)
    with (OUTPUT / f"voila-{name}.log").open("w") as fh:
        proc = subprocess.Popen(app_command(port), cwd=ROOT, stdout=fh, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{port}/"
        try:
            wait_until_serving(proc, url, what=f"voila ({name})")
            yield url
        finally:
            stop(proc)


def _query(page) -> dict:
    return {k: v[0] for k, v in parse_qs(urlparse(page.url).query).items()}


def _next(page):
    before = page.locator(".shogun-step-label").first.inner_text()
    page.locator(".shogun-next").first.click()
    page.wait_for_function("(t) => document.querySelector('.shogun-step-label').innerText !== t", arg=before,
                           timeout=60_000)


def _wait_game_in_address(page):
    page.wait_for_function("() => /[?&]game=[0-9A-Z]{6}/.test(window.location.search)", timeout=60_000)


def _shown(page) -> tuple[str, str]:
    return page.locator(".shogun-step-label").first.inner_text(), page.locator(".shogun-status").first.inner_text()


def test_reload_and_server_restart_continue_the_game_where_it_was(browser):
    with _server("first") as url:
        with guided_game(browser, url, 1366, 768, "?tab=game", timeout=120_000) as ap:
            page = ap.page
            # a new game is stored at its first decision: no game in the address until then
            assert "game" not in _query(page)
            _next(page)
            _wait_game_in_address(page)
            for _ in range(4):
                _next(page)
            code = _query(page)["game"]
            assert re.fullmatch(r"[0-9A-Z]{6}", code)
            present, at = _shown(page), _query(page).get("step")  # the step shown (the bots may have begun the next)
            page.locator(".shogun-step-back").first.click()  # read an earlier step again: the address says which
            page.wait_for_function("(s) => new URLSearchParams(window.location.search).get('step') !== s", arg=at,
                                   timeout=60_000)
            step = _query(page)["step"]
            assert at is None or int(step) == int(at) - 1
            earlier = _shown(page)
            assert earlier != present
            ap.screenshot("session-laptop-before-reload")
            page.reload()  # a new page: Voila starts a new kernel, which reopens the stored game from the address
            page.wait_for_selector(".js-plotly-plot.shogun-board .scatterlayer", timeout=120_000)
            page.wait_for_function("(t) => document.querySelector('.shogun-step-label') && "
                                   "document.querySelector('.shogun-step-label').innerText === t", arg=earlier[0],
                                   timeout=120_000)
            assert _shown(page) == earlier and _query(page) == {"tab": "game", "game": code, "step": step}
            ap.screenshot("session-laptop-after-reload")
            ap.assert_clean()
    with _server("restarted") as url:  # the server was stopped and another started: the game is still there
        with guided_game(browser, url, 1920, 1080, f"?game={code}" + (f"&step={at}" if at else ""),
                         timeout=120_000) as ap:
            page = ap.page
            page.wait_for_function("(t) => document.querySelector('.shogun-step-label') && "
                                   "document.querySelector('.shogun-step-label').innerText === t", arg=present[0],
                                   timeout=120_000)
            assert _shown(page) == present and _query(page)["game"] == code
            _next(page)  # and it goes on
            ap.screenshot("session-projector-after-restart")
            ap.assert_clean()
        with guided_game(browser, url, 390, 844, f"?lang=nl&game={code}", timeout=120_000) as ap:
            page = ap.page
            page.wait_for_function("() => document.querySelector('.shogun-step-label') && "
                                   "/Stap \\d+ van/.test(document.querySelector('.shogun-step-label').innerText)",
                                   timeout=120_000)
            ap.screenshot("session-phone-nl-same-game")
            ap.assert_clean()
        with guided_game(browser, url, 1366, 768, "?game=WWWWWW", timeout=120_000) as ap:
            page = ap.page
            page.wait_for_selector(".shogun-session-notice [role=alert]", timeout=60_000)
            assert "No game has the code WWWWWW" in page.locator(".shogun-session-notice").first.inner_text()
            ap.screenshot("session-wrong-code")
            ap.assert_clean()
