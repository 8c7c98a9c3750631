"""Hint in the static build: how long the strong bot takes in the browser (Pyodide, the kernel's Web Worker).

    make static && PYTHONPATH=$PWD .venv/bin/python tests/browser/bench_static_hint.py [--hints 3]

The guided game opened (``?tab=game``), the first seat taken, then Hint pressed ``--hints`` times on the
planning board (the whole plan: 11 fields), each timed from the click until the advice replaced the busy
text ("The strong bot is thinking…"). On a desktop (1366x768) and on the phone profile of ``bench_phone.py``
(390x844, CPU 4x, 150 ms RTT, 1.6 Mbit/s). Chromium throttles the page's CPU only: asked to throttle the
kernel's worker, CDP answers "Operation is only supported for pages, not workers", so the phone's Hint runs
at the machine's speed. Printed, never asserted.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.browser.bench_app import ARGS, CHROMIUM, ROOT, TIMEOUT, free_port, wait_for_url  # noqa: E402
from tests.browser.bench_phone import PHONE_CONTEXT, phone_commands  # noqa: E402

DESKTOP = {"width": 1366, "height": 768}
BUSY = "() => (document.querySelector('.shogun-hint') || {innerText: ''}).innerText.includes('thinking')"


def hints(browser, url: str, phone: bool, n: int) -> str:
    context = browser.new_context(**PHONE_CONTEXT) if phone else browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text[:160]) if m.type == "error" else None)
    if phone:
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        for command in phone_commands():
            cdp.send(*command)
    try:
        page.goto(url + "?tab=game", timeout=TIMEOUT)
        page.wait_for_selector(".shogun-next", timeout=TIMEOUT * 2)
        page.select_option(".shogun-seat-pick select", index=1)
        page.wait_for_selector(".shogun-planning-board .shogun-plan-field", state="visible", timeout=TIMEOUT)
        times = []
        for _ in range(n):
            t0 = time.perf_counter()
            page.locator(".shogun-hint-button").click()
            page.wait_for_function(BUSY, timeout=TIMEOUT)  # the busy text shows at once
            page.wait_for_function(f"() => !({BUSY})()", timeout=TIMEOUT)
            page.wait_for_selector(".shogun-hint-take", state="visible", timeout=TIMEOUT)
            times.append(time.perf_counter() - t0)
        return "Hint " + ", ".join(f"{t:.2f}" for t in times) + f" s; console errors {len(errors)}"
    finally:
        context.close()


def main(args) -> None:
    from playwright.sync_api import sync_playwright

    site = ROOT / "build" / "static"
    if not (site / "voici" / "render" / "index.html").exists():
        raise SystemExit("run `make static` first")
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", "-b", "127.0.0.1", "-d", str(site), str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/voici/render/index.html"
    try:
        wait_for_url(url)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            for name, phone in (("desktop", False), ("phone profile", True)):
                print(f"static build, {name}: {hints(browser, url, phone, args.hints)}", flush=True)
            browser.close()
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--hints", type=int, default=3)
    main(p.parse_args())
