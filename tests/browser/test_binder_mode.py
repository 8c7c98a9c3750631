"""Binder mode: the app served by Jupyter Server's Voilà extension, as repo2docker runs it
(``binder/postBuild`` writes ``SERVER_CONFIG_FILE`` as the server's config, ``binder/start``
wraps the server's command). The page makes no request outside the server (no MathJax from a CDN),
gets plotly's shared widget module (no 403) and logs no console error; the guided game steps."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from shogun_tutor.serve import SERVER_CONFIG_FILE

from ..servers import stop, wait_until_serving
from .conftest import OUTPUT, RENDER_TIMEOUT_MS, ROOT, AppPage, _free_port, sized_app_page, wait_text

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def binder_url(tmp_path_factory):
    config = tmp_path_factory.mktemp("binder-config")
    (config / "jupyter_server_config.py").write_text(SERVER_CONFIG_FILE)  # as postBuild writes it
    port = _free_port()
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(config), "PYTHONUNBUFFERED": "1",
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    env.pop("JUPYTER_PATH", None)
    OUTPUT.mkdir(parents=True, exist_ok=True)
    with (OUTPUT / "binder-server.log").open("w") as log:
        proc = subprocess.Popen(
            ["bash", "binder/start", "jupyter", "server", "--no-browser", f"--port={port}", "--ip=127.0.0.1",
             "--IdentityProvider.token=", "--ServerApp.password=", "--allow-root"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{port}/"
        try:
            wait_until_serving(proc, url, what="Jupyter Server with Voila's extension")
            yield url
        finally:
            stop(proc)


def _watch(ap: AppPage) -> list[tuple[int, str]]:
    failed: list[tuple[int, str]] = []
    ap.page.on("response", lambda r: failed.append((r.status, r.url)) if r.status >= 400 and "favicon" not in r.url else None)
    return failed


def test_binder_mode_is_offline_and_clean(browser, binder_url):
    app = binder_url + "voila/render/notebooks/app.ipynb"
    with sized_app_page(browser, 1366, 768) as ap:
        failed = _watch(ap)
        modules = []
        ap.page.on("response", lambda r: modules.append(r.status) if "/voila/static/plotly/" in r.url else None)
        ap.open(app + "?tab=game")
        page = ap.page
        page.wait_for_selector(".js-plotly-plot.shogun-board .scatterlayer", timeout=RENDER_TIMEOUT_MS)
        page.locator(".shogun-next button, button.shogun-next").first.click()
        wait_text(page, ".shogun-now", "planned", timeout=60_000)
        ap.screenshot("binder-game-en-1366")
        assert modules == [200, 200], modules  # plotly's shared module and the partial plotly.js, served (was a 403)
        assert not failed, failed
        ap.assert_clean()  # no request to another host (MathJax), no console error


def test_binder_mode_in_another_language_on_a_phone(browser, binder_url):
    with sized_app_page(browser, 390, 844) as ap:
        failed = _watch(ap)
        ap.open(binder_url + "voila/render/notebooks/app.ipynb?lang=nl")
        ap.page.wait_for_function("document.querySelector('.shogun-language-label') !== null", timeout=RENDER_TIMEOUT_MS)
        ap.screenshot("binder-welcome-nl-390")
        assert not failed, failed
        ap.assert_clean()
