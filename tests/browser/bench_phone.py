"""The visitor's first minute on a phone: the app and a trivial widget+plotly app, in the same run.

    make bench-phone          # = PYTHONPATH=$PWD python tests/browser/bench_phone.py [--runs 2] [--cpu 4]

The phone profile (Lighthouse's mobile one): Chromium at 390x844, CPU slowed 4x
(``Emulation.setCPUThrottlingRate``), 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up
(``Network.emulateNetworkConditions``), a fresh browser context (empty cache) per visit, then a
second visit in the same context (its cache kept). Printed, never asserted:

* bytes over the wire (``Network.loadingFinished``'s ``encodedDataLength``) and requests before the
  first screen (the app's welcome with its doors; the trivial app's plot drawn), and of the whole visit;
* websocket bytes received before the first screen;
* for the app, the time to its welcome painted from the page's HTML (text, map and doors, before the widgets:
  ``ui/welcome_skeleton.py``) and the bytes by then;
* the time to the first screen with its widgets live and, for the app, from its "Play" door to the guided game's board drawn;
* how many plotly.js files were requested, and which responses were not compressed (text over 1 kB);
* the console's errors and warnings from anywidget.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.browser.bench_app import (  # noqa: E402 - the path above first
    APP, ARGS, CHROMIUM, GAME_DRAWN, ROOT, TIMEOUT, TRIV, TRIVIAL, TRIVIAL_SERVER, Server, free_port)

PHONE = {"width": 390, "height": 844}
#: the welcome's plain copy in the page's HTML, shown until the app's widgets are (ui/welcome_skeleton.py)
SKELETON_DOOR = ".shogun-skeleton button[data-door=play]"
LIST_REQUESTS = 0  # --requests N: print the N largest requests before the first screen
NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 204800, "uploadThroughput": 96000}
#: a browser context as a phone (Playwright's ``new_context`` options)
PHONE_CONTEXT = {"viewport": PHONE, "is_mobile": True, "has_touch": True}


def phone_commands(cpu: float = 4) -> list[tuple[str, dict]]:
    """The CDP commands that make a page's network and CPU a phone's (after ``Network.enable``): one list for every
    bench script, sync (``cdp.send(*c)``) or async (``await cdp.send(*c)``)."""
    return [("Network.emulateNetworkConditions", NETWORK), ("Emulation.setCPUThrottlingRate", {"rate": cpu})]



class Wire:
    """What the page loads, as Chromium's network domain reports it."""

    def __init__(self):
        self.bytes = 0
        self.requests = 0
        self.ws_in = 0
        self.urls: dict[str, str] = {}
        self.sent: dict[str, float] = {}  # request id -> seconds since the wire was made
        self.uncompressed: list[str] = []
        self.plotly: list[str] = []
        self._plain: dict[str, str] = {}
        self.started = time.perf_counter()
        #: every finished request: (seconds since the wire was made, bytes over the wire, its file name, sent at)
        self.finished: list[tuple[float, int, str, float]] = []

    def attach(self, cdp) -> None:
        cdp.on("Network.requestWillBeSent", self._request)
        cdp.on("Network.responseReceived", self._response)
        cdp.on("Network.loadingFinished", self._finished)
        cdp.on("Network.webSocketFrameReceived",
               lambda e: setattr(self, "ws_in", self.ws_in + len(e["response"].get("payloadData", ""))))

    def _request(self, event) -> None:
        self.requests += 1
        url = event["request"]["url"]
        self.urls[event["requestId"]] = url
        self.sent[event["requestId"]] = time.perf_counter() - self.started
        path = url.split("?")[0]
        name = path.rsplit("/", 1)[-1]
        # plotly.js files: the partial bundle, plotly's widget bundle, jupyterlab-plotly's chunk (not its remoteEntry)
        if name.endswith(".js") and "remoteEntry" not in name and "plotly-widget-" not in name and "plotly" in path:
            self.plotly.append(name)

    def _response(self, event) -> None:
        r = event["response"]
        headers = {k.lower(): v for k, v in r.get("headers", {}).items()}
        kind = headers.get("content-type", "")
        text = any(t in kind for t in ("javascript", "json", "html", "css", "svg"))
        if text and r.get("status") == 200 and "content-encoding" not in headers and r["url"].startswith("http"):
            self._plain[event["requestId"]] = r["url"].split("?")[0].rsplit("/", 1)[-1]

    def _finished(self, event) -> None:
        size = int(event.get("encodedDataLength", 0))
        self.bytes += size
        name = self.urls.get(event["requestId"], "?").split("?")[0].rsplit("/", 1)[-1][:48]
        self.finished.append((time.perf_counter() - self.started, size, name, self.sent.get(event["requestId"], 0.0)))
        name = self._plain.pop(event["requestId"], None)
        if name is not None and size > 1400:  # tornado leaves bodies under 1 kB as they are (headers included here)
            self.uncompressed.append(name)

    def snapshot(self) -> dict:
        return {"bytes": self.bytes, "requests": self.requests, "ws_in": self.ws_in}


async def visit(context, url: str, sel: dict, cpu: float, board: bool) -> dict:
    page = await context.new_page()
    cdp = await context.new_cdp_session(page)
    wire = Wire()
    wire.attach(cdp)
    await cdp.send("Network.enable")
    for command in phone_commands(cpu):
        await cdp.send(*command)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text[:160]) if m.type == "error" or "anywidget" in m.text else None)
    page.on("pageerror", lambda e: errors.append(str(e)[:160]))
    out: dict = {}
    t0 = time.perf_counter()
    try:
        await page.goto(url, timeout=TIMEOUT, wait_until="commit")
        if board:  # the app: its welcome painted from the page's HTML (ui/welcome_skeleton.py), doors included
            await page.wait_for_selector(SKELETON_DOOR + ", " + sel["shown"], state="visible", timeout=TIMEOUT)
            out["painted_s"] = time.perf_counter() - t0
            out["painted"] = wire.snapshot()
        await page.wait_for_selector(sel["ready"], timeout=TIMEOUT)
        await page.wait_for_selector(sel.get("shown", sel["button"]), state="visible", timeout=TIMEOUT)
        out["first_s"] = time.perf_counter() - t0
        out["first"] = wire.snapshot()
        if board:
            t1 = time.perf_counter()
            await page.locator(".shogun-door-play").click()
            await page.wait_for_selector(GAME_DRAWN, timeout=TIMEOUT)
            out["board_s"] = time.perf_counter() - t1
        await page.wait_for_timeout(1000)
    except Exception as exc:  # noqa: BLE001 - a page that never shows is a figure too
        out["failed"] = f"{type(exc).__name__}: {str(exc).splitlines()[0][:120]}"
    out["total"] = wire.snapshot()
    if "first_s" in out:  # the requests the first screen waited for, largest first
        out["requests"] = sorted((r for r in wire.finished if r[0] <= out["first_s"] + 0.05), key=lambda r: -r[1])
    out["plotly"] = wire.plotly
    out["uncompressed"] = sorted(set(wire.uncompressed))
    out["errors"] = errors
    await page.close()
    return out


def kb(n: int) -> str:
    return f"{n / 1024:8.0f} kB"


def report(name: str, runs: list[dict], again: list[dict]) -> None:
    ok = [r for r in runs if "failed" not in r]
    print(f"\n== {name}: {len(ok)} of {len(runs)} first visits showed their first screen")
    for r in runs:
        if "failed" in r:
            print("   failed:", r["failed"])
    if ok:
        med = lambda key, sub: statistics.median(r[key][sub] for r in ok)  # noqa: E731
        print(f"   first screen (widgets live): {kb(med('first', 'bytes'))} over the wire in {med('first', 'requests'):.0f} requests"
              f" (+{kb(med('first', 'ws_in'))} websocket), median {statistics.median(r['first_s'] for r in ok):5.1f} s"
              f"  (runs: {', '.join('%.1f' % r['first_s'] for r in ok)} s)")
        painted = [r for r in ok if "painted_s" in r]
        if painted:
            print(f"   welcome painted (text, map, doors; before the widgets): median "
                  f"{statistics.median(r['painted_s'] for r in painted):5.1f} s  (runs: "
                  f"{', '.join('%.1f' % r['painted_s'] for r in painted)} s), "
                  f"{kb(statistics.median(r['painted']['bytes'] for r in painted))} over the wire by then")
        boards = [r["board_s"] for r in ok if "board_s" in r]
        if boards:
            print(f"   Play -> board drawn: median {statistics.median(boards):5.1f} s  (runs: "
                  f"{', '.join('%.1f' % b for b in boards)} s)")
        if LIST_REQUESTS and ok[0].get("requests"):
            print("   the largest requests before the first screen (first run): sent at, finished at, bytes, file")
            for at, size, file, sent in ok[0]["requests"][:LIST_REQUESTS]:
                print(f"     {sent:6.1f} s {at:6.1f} s {kb(size)}  {file}")
        print(f"   whole visit: {kb(med('total', 'bytes'))} in {med('total', 'requests'):.0f} requests")
        print(f"   plotly.js files requested per visit: {sorted(set(len(r['plotly']) for r in ok))} {ok[0]['plotly']}")
        print(f"   uncompressed text responses > 1 kB: {ok[0]['uncompressed'] or 'none'}")
    for r in again:
        if "failed" not in r:
            print(f"   second visit (cache kept): {kb(r['first']['bytes'])} in {r['first']['requests']} requests, "
                  f"first screen {r['first_s']:.1f} s")
    errors = sorted({e for r in runs + again for e in r["errors"]})
    print(f"   console errors: {len(errors)}")
    for e in errors[:8]:
        print("     ", e)


async def main(args) -> None:
    from playwright.async_api import async_playwright

    out = ROOT / "test-output" / "bench"
    out.mkdir(parents=True, exist_ok=True)
    trivial_nb = Path(tempfile.mkdtemp()) / "trivial.ipynb"
    trivial_nb.write_text(json.dumps(TRIVIAL))
    from shogun_tutor import serve

    waits = [f"--VoilaExecutor.iopub_timeout={serve.IOPUB_TIMEOUT}", f"--VoilaExecutor.startup_timeout={serve.STARTUP_TIMEOUT}"]
    pa, pt = free_port(), free_port()
    app = Server([sys.executable, "-m", "shogun_tutor", "app", "--port", str(pa), "--pool-size", "1"], pa,
                 out / "phone-app.log")
    triv = None if args.app_only else Server([sys.executable, "-c", TRIVIAL_SERVER, "--no-browser", "--Voila.ip=127.0.0.1", "--preheat_kernel=True",
                   "--pool_size=1", *waits, str(trivial_nb), f"--port={pt}"], pt, out / "phone-trivial.log")
    print(f"phone profile: {PHONE['width']}x{PHONE['height']}, CPU {args.cpu}x, "
          f"latency {NETWORK['latency']} ms, down {NETWORK['downloadThroughput'] * 8 / 1e6:.1f} Mbit/s, "
          f"up {NETWORK['uploadThroughput'] * 8 / 1e6:.2f} Mbit/s; {args.runs} run(s) each")
    try:
        app.wait()
        if not args.app_only:
            triv.wait()
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            results = {"app": ([], []), "trivial": ([], [])}
            apps = (("app", app, APP),) if args.app_only else (("app", app, APP), ("trivial", triv, TRIV))
            for _run in range(args.runs):
                for name, server, sel in apps:
                    server.wait_pool(1)
                    context = await browser.new_context(**PHONE_CONTEXT)
                    results[name][0].append(await visit(context, server.url, sel, args.cpu, board=name == "app"))
                    server.wait_pool(1)
                    results[name][1].append(await visit(context, server.url, sel, args.cpu, board=False))
                    await context.close()
            await browser.close()
        for name, (runs, again) in results.items():
            if runs:
                report(name, runs, again)
    finally:
        app.stop()
        if triv is not None:
            triv.stop()


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--runs", type=int, default=2)
    p.add_argument("--cpu", type=float, default=4, help="CPU slowdown (Emulation.setCPUThrottlingRate)")
    p.add_argument("--requests", type=int, default=0, help="print the N largest requests before the first screen")
    p.add_argument("--app-only", action="store_true",
                   help="only the app (while working on it; its figures are compared with the trivial app's in one run)")
    parsed = p.parse_args()
    LIST_REQUESTS = parsed.requests
    asyncio.run(main(parsed))
