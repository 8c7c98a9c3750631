"""Browser-test harness: Voila serves the app notebook, headless Debian Chromium opens it.

Never downloads a browser: Playwright drives the system Chromium
(``/usr/bin/chromium``, installed by ``make test``). Every page fails its test on
any JavaScript error or any error output in the notebook; screenshots go to
``test-output/browser/``.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

from ..servers import stop, wait_until_serving

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "app.ipynb"
OUTPUT = ROOT / "test-output" / "browser"
CHROMIUM = os.environ.get("SHOGUN_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]
# first render of a fresh kernel can take a while on a loaded 2-core CI machine
RENDER_TIMEOUT_MS = 180_000


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def app_command(port: int, *options: str) -> list[str]:
    """``shogun-tutor app`` as a visitor's server runs it (preheated, offline template, culling)."""
    return [sys.executable, "-m", "shogun_tutor", "app", "--port", str(port), "--pool-size", "1", *options]


@pytest.fixture(scope="module")
def voila_url():
    port = _free_port()
    log = OUTPUT / "voila.log"
    OUTPUT.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with log.open("w") as fh:
        proc = subprocess.Popen(
            app_command(port) + ["--show_tracebacks=True"],
            cwd=ROOT,
            stdout=fh,
            stderr=subprocess.STDOUT,
            env=env,
        )
        url = f"http://127.0.0.1:{port}/"
        try:
            wait_until_serving(proc, url, what=f"voila (see {log})")
            yield url
        finally:
            stop(proc)


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.fail(f"Chromium not found at {CHROMIUM}: run `make test` (it installs Debian's chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()


VISIBLE = "(sel) => [...document.querySelectorAll(sel)].filter(e => e.offsetParent !== null)"


def visible_text(page, selector: str) -> str:
    """The text of the shown elements that match ``selector`` (hidden tabs left out)."""
    return page.evaluate(f"(sel) => ({VISIBLE})(sel).map(e => e.innerText).join('\\n')", selector)


def wait_text(page, selector: str, text: str, timeout: float = 60_000) -> None:
    """Wait until a shown element that matches ``selector`` holds ``text``."""
    page.wait_for_function(
        f"([sel, t]) => ({VISIBLE})(sel).some(e => e.innerText.includes(t))", arg=[selector, text], timeout=timeout)


def click_shown(page, selector: str, timeout: float = 5_000) -> bool:
    """Click the first shown, enabled element matching ``selector`` once one is there (waited for, never a fixed
    time); False if none was within ``timeout`` ms or the kernel hid or disabled it between reading and clicking
    (a redraw): the caller reads the page again and retries within its own deadline."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(f"(sel) => ({VISIBLE})(sel).some(e => !e.disabled)", arg=selector, timeout=timeout)
        page.locator(f"{selector}:visible:not([disabled])").first.click(timeout=timeout)
    except PlaywrightTimeout:
        return False
    return True


def wait_language(page, label: str, timeout: float = 60_000) -> None:
    """Wait until the header's language label reads ``label`` (the page follows its language)."""
    page.wait_for_function("(t) => document.querySelector('.shogun-language-label').innerText === t",
                           arg=label, timeout=timeout)


class AppPage:
    """A page of the app, with its JavaScript errors collected."""

    def __init__(self, page):
        self.page = page
        self.errors: list[str] = []
        self.external: list[str] = []
        # the app makes no request outside its own server: any other host is noted (and answered
        # with an empty body, so the page goes on), and assert_clean fails on it
        page.route(re.compile(r"^https?://(?!127\.0\.0\.1|localhost)"), self._offline)
        page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))
        page.on(
            "console",
            lambda msg: self.errors.append(f"console.{msg.type}: {msg.text}") if msg.type == "error" else None,
        )

    def _offline(self, route) -> None:
        self.external.append(route.request.url)
        kind = "text/css" if route.request.url.endswith(".css") else "text/plain"
        route.fulfill(status=200, body="", content_type=kind)

    def open(self, url: str) -> None:
        self.page.goto(url, timeout=RENDER_TIMEOUT_MS)
        self.page.wait_for_selector(".shogun-app", timeout=RENDER_TIMEOUT_MS)
        # the first screen is the welcome (or the tab a link asks for); it may hold no plot
        self.page.wait_for_selector(".shogun-app .lm-TabBar-tab, .shogun-app .p-TabBar-tab", timeout=RENDER_TIMEOUT_MS)

    def screenshot(self, name: str) -> Path:
        OUTPUT.mkdir(parents=True, exist_ok=True)
        path = OUTPUT / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path

    def assert_clean(self) -> None:
        assert not self.external, "requests to other hosts:\n" + "\n".join(self.external)
        errors = [e for e in self.errors if "favicon" not in e]
        assert not errors, "JavaScript errors:\n" + "\n".join(errors)
        stderr = self.page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
        tracebacks = self.page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.error']")
        assert tracebacks.count() == 0, tracebacks.first.inner_text()
        assert stderr.count() == 0, stderr.first.inner_text()


@contextmanager
def sized_app_page(browser, width: int, height: int, **options):
    """An :class:`AppPage` in a window of its own size (a projector, a laptop, a phone); ``options`` go to
    the browser context (e.g. ``accept_downloads=True``)."""
    context = browser.new_context(viewport={"width": width, "height": height}, **options)
    try:
        yield AppPage(context.new_page())
    finally:
        context.close()


@contextmanager
def guided_game(browser, url: str, width: int, height: int, query: str = "?tab=game", timeout: float = 60_000,
                **options):
    """A fresh page of the guided game at ``width``×``height`` (``query`` names the tab and any language), its
    board drawn within ``timeout`` ms; closed afterwards."""
    with sized_app_page(browser, width, height, **options) as ap:
        ap.open(url + query)
        ap.page.wait_for_selector(".js-plotly-plot.shogun-board .scatterlayer", timeout=timeout)
        yield ap


@pytest.fixture
def app_page(browser, request):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    ap = AppPage(page)
    yield ap
    if getattr(request.node, "rep_call", None) is not None and request.node.rep_call.failed:
        ap.screenshot(f"FAILED-{request.node.name}")
    context.close()


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, f"rep_{rep.when}", rep)
