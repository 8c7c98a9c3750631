"""JupyterHub end to end (``deploy/jupyterhub/jupyterhub_config.py``): the real hub, the real proxy
(configurable-http-proxy, installed by ``make test``), anonymous visitors (tmpauthenticator), the
local process spawner and ``jupyterhub-idle-culler`` with a short timeout.

Three visitors, each in a browser of their own (own cookies): each gets a server of their own, which
opens the app in Voilà; each plays a step of the guided game (one in Dutch, through the hub's
``user-redirect`` link). Then one leaves; the two others go on clicking, and the idle one's server is
stopped and its temporary user removed by the culler, while the active ones keep theirs.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil
import pytest

from ..servers import stop
from .conftest import OUTPUT, RENDER_TIMEOUT_MS, ROOT, AppPage, _free_port, wait_text

pytestmark = pytest.mark.browser
CONFIG = ROOT / "deploy" / "jupyterhub" / "jupyterhub_config.py"
PROXY = Path(sys.prefix) / "node" / "node_modules" / ".bin" / "configurable-http-proxy"
CULL_TIMEOUT = 30  # seconds (the deployment's default is 900)
CULL_EVERY = 5
ACTIVITY = 5


def _servers(hub: subprocess.Popen) -> dict[str, psutil.Process]:
    """The visitors' single-user servers under the hub, by user name."""
    found = {}
    for p in psutil.Process(hub.pid).children(recursive=True):
        try:
            if p.status() != psutil.STATUS_ZOMBIE and "jupyterhub-singleuser" in " ".join(p.cmdline()):
                found[p.environ().get("JUPYTERHUB_USER", "?")] = p
        except psutil.Error:
            pass
    return found


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    if not PROXY.exists():
        pytest.fail(f"configurable-http-proxy not found at {PROXY}: run `make proxy` (make test installs it)")
    state = tmp_path_factory.mktemp("hub")
    port, hub_port, api_port = _free_port(), _free_port(), _free_port()
    env = {**os.environ, "SHOGUN_HUB_URL": f"http://127.0.0.1:{port}", "SHOGUN_HUB_STATE": str(state),
           "SHOGUN_HUB_CULL_TIMEOUT": str(CULL_TIMEOUT), "SHOGUN_HUB_CULL_EVERY": str(CULL_EVERY),
           "SHOGUN_HUB_ACTIVITY_INTERVAL": str(ACTIVITY), "SHOGUN_HUB_PROXY": str(PROXY), "PYTHONUNBUFFERED": "1"}
    OUTPUT.mkdir(parents=True, exist_ok=True)
    with (OUTPUT / "jupyterhub.log").open("w") as log:
        proc = subprocess.Popen(
            [str(Path(sys.executable).parent / "jupyterhub"), "-f", str(CONFIG), f"--JupyterHub.hub_port={hub_port}",
             f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{api_port}"],
            cwd=state, env=env, stdout=log, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{port}/"
        children: list[psutil.Process] = []
        try:
            deadline = time.monotonic() + 180
            while True:  # the hub answers through the proxy
                assert proc.poll() is None, f"jupyterhub exited with {proc.returncode} (see {OUTPUT / 'jupyterhub.log'})"
                try:
                    urllib.request.urlopen(url + "hub/health", timeout=5)
                    break
                except (OSError, urllib.error.HTTPError):
                    assert time.monotonic() < deadline, "the hub did not start within 180 s"
                    time.sleep(1)
            yield url, proc
        finally:
            children = psutil.Process(proc.pid).children(recursive=True)
            stop(proc, timeout=30)  # the hub stops the visitors' servers and the proxy (cleanup_servers)
            for child in children:
                if child.is_running() and child.status() != psutil.STATUS_ZOMBIE:
                    child.kill()


def _step(ap: AppPage) -> None:
    ap.page.locator(".shogun-next button, button.shogun-next").first.click()


def test_anonymous_visitors_get_their_own_servers_and_idle_ones_are_culled(browser, hub):
    url, proc = hub
    visitors = [  # (viewport, first address): each in a browser context of their own, so their own cookies
        ({"width": 1366, "height": 768}, url),
        ({"width": 390, "height": 844}, url + "hub/user-redirect/voila/render/app.ipynb?lang=nl&tab=game"),
        ({"width": 1920, "height": 1080}, url),
    ]
    contexts, pages = [], []
    try:
        for viewport, first in visitors:
            context = browser.new_context(viewport=viewport)
            contexts.append(context)
            ap = AppPage(context.new_page())
            ap.page.goto(first, timeout=RENDER_TIMEOUT_MS)  # log-in, spawn-pending, then the user's server
            pages.append(ap)
        names = []
        for ap in pages:
            ap.page.wait_for_selector(".shogun-app", timeout=RENDER_TIMEOUT_MS)
            assert "/voila/render/app.ipynb" in ap.page.url, ap.page.url
            names.append(ap.page.url.split("/user/", 1)[1].split("/", 1)[0])
        assert len(set(names)) == 3, names  # three anonymous users
        servers = _servers(proc)
        assert sorted(servers) == sorted(names)  # each with a server process of their own
        assert len({s.pid for s in servers.values()}) == 3
        # each plays a step of the guided game
        for i, ap in enumerate(pages):
            page = ap.page
            if i != 1:
                page.locator(".lm-TabBar-tab, .p-TabBar-tab", has_text="Guided game").first.click()
            page.wait_for_selector(".js-plotly-plot.shogun-board .scatterlayer", timeout=RENDER_TIMEOUT_MS)
            _step(ap)
            wait_text(page, ".shogun-now", "gepland" if i == 1 else "planned", timeout=90_000)
        pages[0].screenshot("hub-visitor-en-1366")
        pages[1].screenshot("hub-visitor-nl-390")
        pages[2].screenshot("hub-visitor-en-1920")
        for ap in pages:
            ap.assert_clean()
        # the third visitor leaves without a word; the two others go on
        contexts[2].close()
        left = names[2]
        deadline = time.monotonic() + CULL_TIMEOUT + 90
        while left in _servers(proc) and time.monotonic() < deadline:
            for ap in pages[:2]:
                _step(ap)
            time.sleep(4)
        running = _servers(proc)
        assert left not in running, f"the idle visitor's server was not culled within {CULL_TIMEOUT + 90} s"
        assert sorted(running) == sorted(names[:2])  # the active visitors keep theirs
        # the culler's requests are logged when they end: the server's process is gone while its DELETE still
        # waits for the server to stop (2 s under load), and the user is deleted after it; wait for both lines
        wanted = (f"DELETE /hub/api/users/{left}/server", f"DELETE /hub/api/users/{left} ")
        deadline = time.monotonic() + 60
        log = (OUTPUT / "jupyterhub.log").read_text()
        while not all(w in log for w in wanted) and time.monotonic() < deadline:
            time.sleep(1)
            log = (OUTPUT / "jupyterhub.log").read_text()
        assert all(w in log for w in wanted), [w for w in wanted if w not in log]
    finally:
        for context in contexts:
            try:
                context.close()
            except Exception:  # noqa: BLE001 - already closed
                pass
