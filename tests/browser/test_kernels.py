"""Kernels are freed: a page that closes shuts its kernel down (Voila's shutdown beacon is
accepted), a page that vanishes without a word is culled once idle, and the preheated pool
stays as it was (``shogun-tutor app --cull-idle``)."""

from __future__ import annotations

import subprocess
import time

import psutil
import pytest

from ..servers import stop, wait_until_serving
from .conftest import OUTPUT, RENDER_TIMEOUT_MS, AppPage, _free_port, app_command

pytestmark = pytest.mark.browser
POOL = 1
CULL_IDLE = 30  # seconds: longer than a page takes to connect on a loaded machine (an unconnected kernel is culled)


def _kernels(server: subprocess.Popen) -> int:
    """Running kernels of the server (a kernel shut down but not yet reaped does not count)."""
    n = 0
    for p in psutil.Process(server.pid).children(recursive=True):
        try:
            n += p.status() != psutil.STATUS_ZOMBIE and "ipykernel_launcher" in " ".join(p.cmdline())
        except psutil.Error:
            pass  # gone meanwhile
    return n


def _wait_for(server, count: int, timeout: float) -> int:
    deadline = time.monotonic() + timeout
    while (n := _kernels(server)) != count and time.monotonic() < deadline:
        time.sleep(0.5)
    return n


@pytest.fixture(scope="module")
def culling_server():
    port = _free_port()
    OUTPUT.mkdir(parents=True, exist_ok=True)
    with (OUTPUT / "voila-kernels.log").open("w") as log:
        proc = subprocess.Popen(app_command(port, "--cull-idle", str(CULL_IDLE), "--cull-interval", "2"),
                                stdout=log, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{port}/"
        try:
            wait_until_serving(proc, url, what="the app")
            yield url, proc
        finally:
            stop(proc)


def test_closed_pages_free_their_kernels_and_the_pool_stays(browser, culling_server):
    url, server = culling_server
    assert _wait_for(server, POOL, 120) == POOL  # the preheated kernel waits for a visitor
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    try:
        pages = []
        for _ in range(3):
            ap = AppPage(context.new_page())
            ap.page.goto(url, timeout=RENDER_TIMEOUT_MS)
            ap.page.wait_for_selector(".shogun-app", timeout=RENDER_TIMEOUT_MS)
            pages.append(ap)
        assert _wait_for(server, 3 + POOL, 120) == 3 + POOL  # one kernel per page, and the pool refilled
        # two visitors leave: their pages send the shutdown as they unload
        for ap in pages[:2]:
            ap.page.goto("about:blank")
            ap.page.close()
        assert _wait_for(server, 1 + POOL, CULL_IDLE - 3) == 1 + POOL  # sooner than culling would
        log = (OUTPUT / "voila-kernels.log").read_text()
        assert "403 POST /voila/api/shutdown" not in log and "_xsrf" not in log
        # the last one vanishes without unloading (a crashed tab, a lost network): culled once idle
        pages[2].page.close(run_before_unload=False)
        assert _wait_for(server, POOL, CULL_IDLE + 40) == POOL
        time.sleep(CULL_IDLE + 4)  # the idle preheated kernel is not culled
        assert _kernels(server) == POOL
        for ap in pages:
            assert not ap.external and not [e for e in ap.errors if "favicon" not in e], ap.errors + ap.external
    finally:
        context.close()


def _kernel_process(server: subprocess.Popen, kernel_id: str) -> psutil.Process:
    for p in psutil.Process(server.pid).children(recursive=True):
        if any(kernel_id in part for part in p.cmdline()) and "ipykernel_launcher" in " ".join(p.cmdline()):
            return p
    raise AssertionError(f"no process for kernel {kernel_id}")


@pytest.mark.slow
def test_a_killed_kernel_is_said_in_the_page_s_language_and_its_button_returns_to_the_same_game(browser, culling_server):
    """Issue 46/47: the page's kernel dies under it (Jupyter restarts it empty): one sentence in the page's language
    and a button; the button brings the visitor back to the same stored game, at the same tab and language."""
    from urllib.parse import parse_qs, urlsplit

    url, server = culling_server
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    try:
        ap = AppPage(context.new_page())
        page = ap.page
        ap.open(url + "?lang=nl&tab=game")
        page.wait_for_selector(".js-plotly-plot.shogun-board .scatterlayer .trace", timeout=RENDER_TIMEOUT_MS)
        page.locator(".shogun-next").first.click()  # a new game is stored at its first decision
        page.wait_for_function("() => /[?&]game=[0-9A-Z]{6}/.test(location.search)", timeout=60_000)
        page.wait_for_timeout(1500)
        game = parse_qs(urlsplit(page.url).query)["game"][0]
        step = page.locator(".shogun-step-label").first.inner_text()
        assert page.locator(".shogun-connection-lost").count() == 0  # nothing said while all is well
        kernel_id = page.evaluate("() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
        _kernel_process(server, kernel_id).kill()
        notice = page.locator(".shogun-connection-lost")
        notice.wait_for(state="visible", timeout=60_000)
        assert notice.get_attribute("role") == "alert" and notice.get_attribute("lang") == "nl"
        assert "De verbinding met de server is verbroken" in notice.inner_text()
        button = notice.locator("button.shogun-reconnect")
        assert button.inner_text() == "Opnieuw verbinden"
        button.click()
        page.wait_for_selector(".js-plotly-plot.shogun-board .scatterlayer .trace", timeout=RENDER_TIMEOUT_MS)
        page.wait_for_function(f"() => new URLSearchParams(location.search).get('game') === {game!r}", timeout=60_000)
        query = parse_qs(urlsplit(page.url).query)
        assert query["lang"] == ["nl"] and query["tab"] == ["game"] and query["game"] == [game]
        assert page.locator(".shogun-connection-lost").count() == 0
        assert page.locator(".shogun-step-label").first.inner_text() == step  # where the visitor was
        ap.errors.clear()  # the dead kernel's widgets log their lost comms before the reload
    finally:
        context.close()
