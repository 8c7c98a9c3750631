"""No kernel is held for a visitor that never connects (``shogun-tutor app --connect-timeout``), and
``GET /health`` answers without starting anything.

A plain GET of the app (``curl``, a crawler, a link preview: no JavaScript, so no websocket) takes
the preheated kernel, and Voilà refills the pool; that kernel is shut down once it has waited
``--connect-timeout`` seconds for its page. ``tests/browser/bench_gets.py`` measures the same with
100 GETs.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request

import psutil
import pytest

from ..servers import stop, wait_until_serving

pytestmark = pytest.mark.slow
CONNECT_TIMEOUT = 10  # seconds
GETS = 6


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def kernels(server: subprocess.Popen) -> int:
    """Running kernel processes of the server."""
    n = 0
    for p in psutil.Process(server.pid).children(recursive=True):
        try:
            n += p.status() != psutil.STATUS_ZOMBIE and "ipykernel_launcher" in " ".join(p.cmdline())
        except psutil.Error:
            pass
    return n


def wait_for(server, count: int, timeout: float) -> int:
    deadline = time.monotonic() + timeout
    while (n := kernels(server)) != count and time.monotonic() < deadline:
        time.sleep(0.5)
    return n


def health(url: str) -> dict:
    with urllib.request.urlopen(url + "health", timeout=10) as r:
        assert r.status == 200 and r.headers["Content-Type"].startswith("application/json")
        return json.loads(r.read())


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    port = _free_port()
    log = tmp_path_factory.mktemp("gets") / "voila.log"
    with log.open("w") as fh:
        proc = subprocess.Popen([sys.executable, "-m", "shogun_tutor", "app", "--port", str(port), "--pool-size", "1",
                                 "--connect-timeout", str(CONNECT_TIMEOUT)], stdout=fh, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{port}/"
        try:
            wait_until_serving(proc, url, what="the app")
            yield url, proc, log
        finally:
            stop(proc)


def test_health_starts_nothing(server):
    url, proc, _log = server
    assert wait_for(proc, 1, 120) == 1  # the preheated kernel
    deadline = time.monotonic() + 120
    while (h := health(url))["waiting"] != 1 and time.monotonic() < deadline:
        time.sleep(0.5)
    assert h == {"status": "ok", "kernels": 1, "waiting": 1, "games": {"stored": True, "store": "sqlite"}}
    for _ in range(30):
        assert health(url)["kernels"] == 1
    assert kernels(proc) == 1


def test_plain_gets_leave_no_kernel_once_the_connect_time_is_over(server):
    url, proc, log = server
    assert wait_for(proc, 1, 120) == 1
    for _ in range(GETS):
        with urllib.request.urlopen(url, timeout=300) as r:
            page = r.read().decode()
        assert r.status == 200 and ("kernel_id" in page or "kernelId" in page), page[:500]
    peak = kernels(proc)
    assert peak >= 2  # the GETs took kernels: each waits for its page's websocket
    # all of them are shut down once their connect time is over; the preheated one is kept
    assert wait_for(proc, 1, CONNECT_TIMEOUT + 60) == 1
    time.sleep(CONNECT_TIMEOUT + 6)
    assert kernels(proc) == 1 and health(url)["waiting"] == 1
    text = log.read_text()
    assert text.count("its page did not connect within") >= GETS - 1, text[-3000:]
