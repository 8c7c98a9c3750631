"""The static build against the Voilà app, in one run: build size, first screen, repeat visit.

    make static && PYTHONPATH=$PWD .venv/bin/python tests/browser/bench_static.py [--runs 1] [--also NAME=SITE]

``--disk-cache`` gives each visitor a browser profile of its own (a disk cache, as a visitor's browser has)
instead of an incognito context, whose in-memory cache keeps no file of ~8 MB or more (``pyodide.asm.wasm``).
``--also before=/tmp/static-old`` benches another static site in the same run (e.g. one built from an
earlier commit with ``deploy/static/build.py --out``), served the same way, after build/static.

Both are opened in Chromium on a desktop (1366x768, no throttling) and on the phone profile of
``bench_phone.py`` (390x844, CPU 4x, 150 ms RTT, 1.6 Mbit/s), each in a fresh context (empty cache),
then a second visit in the same context (its HTTP cache and the site's service worker kept). The first
screen is the welcome with its map and its doors. Bytes are ``Network.loadingFinished``'s
``encodedDataLength``. Printed, never asserted. The build is served by ``python -m http.server``,
which compresses nothing (a real host would gzip the wheels' JSON and the JavaScript).
"""

from __future__ import annotations

import argparse
import asyncio
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.browser.bench_app import APP, ARGS, CHROMIUM, ROOT, TIMEOUT, Server, free_port, wait_for_url  # noqa: E402
from tests.browser.bench_phone import PHONE, PHONE_CONTEXT, Wire, kb, phone_commands  # noqa: E402

DESKTOP = {"width": 1366, "height": 768}


class ServedLog:
    """What http.server sent, from its log: the page's Web Worker (Pyodide, the wheels) fetches outside the
    page's network domain, so its bytes are counted here (files are sent as they are: no compression)."""

    def __init__(self, log: Path, site: Path):
        self.log, self.site, self.mark = log, site, 0

    def since_mark(self) -> tuple[int, int, int]:
        """(bytes sent with 200, 200 responses, 304 responses) since the last call."""
        lines = self.log.read_text().splitlines()
        new, self.mark = lines[self.mark:], len(lines)
        sent = ok = not_modified = 0
        for entry in new:
            parts = entry.split('"')
            if len(parts) < 3 or not parts[1].startswith("GET "):
                continue
            status = parts[2].split()[0]
            path = parts[1].split()[1].split("?")[0].lstrip("/")
            if status == "200":
                target = self.site / path
                target = target / "index.html" if target.is_dir() else target
                sent += target.stat().st_size if target.exists() else 0
                ok += 1
            elif status == "304":
                not_modified += 1
        return sent, ok, not_modified


def du(folder: Path, pattern: str = "*") -> int:
    return sum(p.stat().st_size for p in folder.rglob(pattern) if p.is_file())


async def visit(context, url: str, phone: bool, steps: bool = False) -> dict:
    page = await context.new_page()
    cdp = await context.new_cdp_session(page)
    wire = Wire()
    wire.attach(cdp)
    await cdp.send("Network.enable")
    for command in phone_commands() if phone else []:
        await cdp.send(*command)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text[:160]) if m.type == "error" else None)
    out: dict = {"errors": errors}
    t0 = time.perf_counter()
    try:
        await page.goto(url, timeout=TIMEOUT)
        await page.wait_for_selector(APP["ready"], timeout=TIMEOUT * 2)
        await page.wait_for_selector(APP["shown"], state="visible", timeout=TIMEOUT)
        out["first_s"] = time.perf_counter() - t0
        out["first"] = wire.snapshot()
        heap = await cdp.send("Runtime.getHeapUsage")
        out["heap_mb"] = heap["usedSize"] / 2**20
        if steps:
            out.update(await next_steps(page))
    except Exception as exc:  # noqa: BLE001 - a page that never shows is a figure too
        out["failed"] = f"{type(exc).__name__}: {str(exc).splitlines()[0][:120]}"
    await page.close()
    return out


STEP_TEXT = "() => [...document.querySelectorAll('.shogun-step-label, .shogun-now')].map(e => e.innerText).join('|')"


async def next_steps(page, n: int = 5) -> dict:
    """The guided game's tab opened (s), then ``n`` Next steps: each from the click until the step text changed (s)."""
    t0 = time.perf_counter()
    await page.get_by_role("tab", name="Guided game").click()
    await page.wait_for_selector(".shogun-next", state="visible", timeout=TIMEOUT * 2)
    await page.wait_for_function(STEP_TEXT + ".length > 1", timeout=TIMEOUT)
    opened = time.perf_counter() - t0
    latencies = []
    for _ in range(n):
        before = await page.evaluate(STEP_TEXT)
        t0 = time.perf_counter()
        await page.click(".shogun-next")
        await page.wait_for_function(f"(t) => ({STEP_TEXT})() !== t", arg=before, timeout=TIMEOUT)
        latencies.append(time.perf_counter() - t0)
    return {"game_tab_s": opened, "next_s": latencies}


def line(name: str, r: dict) -> str:
    if "failed" in r:
        return f"   {name:34s} failed: {r['failed']}"
    return (f"   {name:34s} {kb(r['first']['bytes'])} in {r['first']['requests']:3d} requests"
            f" (+{kb(r['first']['ws_in'])} websocket), {r['first_s']:6.1f} s, page heap {r['heap_mb']:.0f} MB,"
            f" console errors {len(r['errors'])}"
            + (f"\n   {'':34s} guided game tab {r['game_tab_s']:.1f} s; Next step "
               + ", ".join(f"{t:.2f}" for t in r["next_s"]) + " s" if "next_s" in r else ""))


async def main(args) -> None:
    from playwright.async_api import async_playwright

    site = ROOT / "build" / "static"
    if not (site / "voici" / "render" / "index.html").exists():
        raise SystemExit("run `make static` first")
    out = ROOT / "test-output" / "bench"
    out.mkdir(parents=True, exist_ok=True)
    pyodide = site / "static" / "pyodide"
    print(f"build/static: {du(site) / 2**20:.1f} MB on disk ({du(pyodide) / 2**20:.1f} MB Pyodide, "
          f"{du(site, '*.whl') / 2**20:.1f} MB wheels, {sum(1 for _ in site.rglob('*') if _.is_file())} files)")
    pa = free_port()
    app = Server([sys.executable, "-m", "shogun_tutor", "app", "--port", str(pa), "--pool-size", "1"], pa,
                 out / "static-bench-app.log")
    sites = [("static build", site)] + [(f"static build ({name})", Path(path)) for name, path in args.also]
    servers = []
    for i, (name, folder) in enumerate(sites):
        port = free_port()
        served = ServedLog(out / f"static-bench-http-{i}.log", folder)
        servers.append((name, f"http://127.0.0.1:{port}/voici/render/index.html", served,
                        subprocess.Popen([sys.executable, "-m", "http.server", "-b", "127.0.0.1", "-d", str(folder),
                                          str(port)], stdout=subprocess.DEVNULL, stderr=served.log.open("w"))))
    for name, folder in sites[1:]:
        print(f"{name}: {du(folder) / 2**20:.1f} MB on disk ({du(folder, '*.whl') / 2**20:.1f} MB wheels)")
    try:
        app.wait()
        for _name, static_url, _served, _process in servers:
            wait_for_url(static_url)
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            for _run in range(args.runs):
                for profile, viewport, phone in (("desktop", DESKTOP, False), ("phone", PHONE, True)):
                    print(f"\n== {profile}")
                    for name, url, served in [("Voila app", app.url, None)] + [s[:3] for s in servers]:
                        if served is None:
                            app.wait_pool(1)
                        options = PHONE_CONTEXT if phone else {"viewport": viewport}
                        profile_dir = None
                        if args.disk_cache:  # a browser profile of its own, with a disk cache, as a visitor's
                            profile_dir = tempfile.TemporaryDirectory(prefix="bench-static-profile-")
                            context = await pw.chromium.launch_persistent_context(
                                profile_dir.name, executable_path=CHROMIUM, args=ARGS, headless=True, **options)
                        else:  # incognito: its in-memory cache keeps no file of ~8 MB or more
                            context = await browser.new_context(**options)
                        if served:
                            served.since_mark()
                        first = await visit(context, url, phone, steps=True)
                        sent_first = served.since_mark() if served else None
                        if served is None:
                            app.wait_pool(1)
                        again = await visit(context, url, phone)
                        sent_again = served.since_mark() if served else None
                        await context.close()
                        if profile_dir is not None:
                            profile_dir.cleanup()  # the profile and its cache (tens of MB)
                        print(line(f"{name}, first visit:", first))
                        print(line(f"{name}, repeat visit:", again))
                        if served:
                            for when, (sent, ok, nm) in (("first", sent_first), ("repeat", sent_again)):
                                print(f"   {name}, {when} visit, all the server sent (worker included): "
                                      f"{kb(sent)} in {ok} responses, {nm} answered 304 Not Modified")
            await browser.close()
    finally:
        app.stop()
        for *_rest, process in servers:
            process.terminate()
            process.wait()


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--runs", type=int, default=1)
    p.add_argument("--disk-cache", action="store_true",
                   help="each visitor a browser profile of its own with a disk cache (else incognito contexts)")
    p.add_argument("--also", action="append", default=[], metavar="NAME=SITE",
                   type=lambda v: tuple(v.split("=", 1)) if "=" in v else p.error(f"--also NAME=SITE, not {v!r}"),
                   help="another static site to bench in the same run (a folder made by deploy/static/build.py)")
    asyncio.run(main(p.parse_args()))
