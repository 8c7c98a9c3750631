"""Browser benchmark: the app against a trivial widget+plotly Voila app, measured in the same run.

    PYTHONPATH=$PWD python tests/browser/bench_app.py [--runs 4] [--steps 40] [--concurrency 5,10] [--plain-voila]

Prints figures (never asserted): first render (the app's welcome, the trivial app's plot), the
guided game opened from the welcome, Next step click -> view updated (median, p90), tab and
language switches, websocket bytes of a visit that opens every tab, kernel RSS after load and
after the steps, pages opened together (at once and staggered by 3 s), and the kernel CPU of the
first screen in a fresh process (imports + ``build_app()`` against the trivial app's cell). Every app figure is printed next to the trivial app's and their ratio,
because the machine is shared: compare within one run, not across runs. The trivial app is served by
plain Voila with the server-side settings of ``shogun-tutor app`` that are not about the app: closed
pages free their kernels (plain Voila refuses that shutdown), so every round of pages opened together
starts from the pool alone, and Voila waits as long for a new kernel and a cell's output on a busy server.

``--plain-voila`` serves the notebook with plain ``voila --preheat_kernel`` instead of
``shogun-tutor app`` (to measure an older checkout: ``PYTHONPATH=/path/to/it``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("SHOGUN_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run"]
VIEWPORT = {"width": 1366, "height": 768}
TIMEOUT = 240_000

TRIVIAL = {
    "cells": [{"cell_type": "code", "execution_count": None, "id": "c1", "metadata": {}, "outputs": [], "source": [
        "import ipywidgets as w\n",
        "import plotly.graph_objects as go\n",
        "fig = go.FigureWidget(go.Scatter(x=[0, 1, 2], y=[0, 1, 0]))\n",
        "fig.add_class('trivial-plot')\n",
        "label = w.HTML('0')\n",
        "label.add_class('trivial-now')\n",
        "button = w.Button(description='Next step')\n",
        "button.add_class('trivial-next')\n",
        "def step(_b):\n",
        "    n = int(label.value) + 1\n",
        "    label.value = str(n)\n",
        "    fig.data[0].y = [n % 3, (n + 1) % 3, (n + 2) % 3]\n",
        "button.on_click(step)\n",
        "w.VBox([button, label, fig])\n"]}],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
    "nbformat": 4, "nbformat_minor": 5,
}

# plain Voila with the server-side fix of `shogun-tutor app` that is not about the app: closed pages free their
# kernels (plain Voila refuses that shutdown, voila#1458, and its kernels piled up over the rounds, ~10 GB)
TRIVIAL_SERVER = ("import sys\nfrom shogun_tutor.serve import accept_page_close_shutdown\naccept_page_close_shutdown()\n"
                  "from voila.app import Voila\nVoila.launch_instance(argv=sys.argv[1:])")

# a click -> the text changed and the plot's drawing changed (DOM mutations inside the plot, the
# last one before a 100 ms quiet spell); a step whose plot did not change is reported
STEP_JS = """async ([button, text, plot]) => {
  const gd = [...document.querySelectorAll(plot)].find(g => g.offsetParent !== null);
  const el = document.querySelector(text);
  const before = el.innerText;
  let drawn = 0, changed = 0;
  const plotObs = new MutationObserver(() => { drawn = performance.now(); });
  plotObs.observe(gd, {subtree: true, childList: true, attributes: true, characterData: true});
  const textObs = new MutationObserver(() => { if (el.innerText !== before && !changed) changed = performance.now(); });
  textObs.observe(el, {subtree: true, childList: true, characterData: true});
  const t0 = performance.now();
  [...document.querySelectorAll(button)].find(b => b.offsetParent !== null).click();
  const deadline = t0 + 8000;
  while (performance.now() < deadline) {
    await new Promise(r => setTimeout(r, 10));
    const now = performance.now();
    if (changed && drawn && now - drawn > 100) break;
    if (changed && !drawn && now - changed > 3000) break;
  }
  plotObs.disconnect(); textObs.disconnect();
  return drawn ? Math.max(drawn, changed) - t0 : -((changed || performance.now()) - t0);
}"""

APP = {"button": ".shogun-next button, button.shogun-next", "text": ".shogun-now",
       "plot": ".js-plotly-plot.shogun-board", "ready": ".shogun-welcome svg", "shown": ".shogun-door-play"}
GAME_DRAWN = ".js-plotly-plot.shogun-board .scatterlayer .trace"
TRIV = {"button": ".trivial-next button, button.trivial-next", "text": ".trivial-now",
        "plot": ".js-plotly-plot.trivial-plot", "ready": ".js-plotly-plot.trivial-plot .scatterlayer"}


def wait_for_url(url: str, tries: int = 100) -> None:
    """Until ``url`` answers (a file server just started), trying every 0.2 s, at most ``tries`` times."""
    for _ in range(tries):
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except OSError:
            time.sleep(0.2)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, cmd: list[str], port: int, log: Path, env: dict[str, str] | None = None):
        self.port = port
        self.url = f"http://127.0.0.1:{port}/"
        self.log = log.open("w")
        self.proc = subprocess.Popen(cmd, stdout=self.log, stderr=subprocess.STDOUT, cwd=ROOT,
                                     env={**(os.environ if env is None else env), "PYTHONUNBUFFERED": "1"})

    def wait(self) -> None:
        deadline = time.monotonic() + 180
        while True:
            try:
                urllib.request.urlopen(self.url + "voila/static/", timeout=2)
                return
            except urllib.error.HTTPError:
                return
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"server on {self.port} did not start")
                time.sleep(0.5)

    def kernels(self) -> list[psutil.Process]:
        out = []
        for p in psutil.Process(self.proc.pid).children(recursive=True):
            try:
                if p.status() != psutil.STATUS_ZOMBIE and "ipykernel_launcher" in " ".join(p.cmdline()):
                    out.append(p)
            except psutil.Error:
                pass
        return out

    def wait_pool(self, count: int, timeout: float = 60) -> None:
        """Wait until the pages closed before have freed their kernels (at most ``timeout``) and
        ``count`` kernels run idle (a preheated kernel has run its notebook)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            ks = self.kernels()
            if len(ks) == count and all(k.cpu_percent(interval=0.2) < 5 for k in ks):
                return
            time.sleep(0.5)

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()


def summary(xs: list[float]) -> str:
    if not xs:
        return "n=0"
    xs = sorted(xs)
    p90 = xs[min(len(xs) - 1, int(0.9 * len(xs)))]
    return f"median {statistics.median(xs):7.0f} ms  p90 {p90:7.0f} ms  (n={len(xs)})"


def ratio(a: list[float], b: list[float]) -> str:
    return f"{statistics.median(a) / statistics.median(b):.2f}" if a and b else "-"


async def open_page(browser, url: str, sel: dict, count_ws: bool = False):
    context = await browser.new_context(viewport=VIEWPORT)
    page = await context.new_page()
    stats = {"ws_in": 0, "ws_out": 0, "external": []}

    def on_ws(ws):
        ws.on("framereceived", lambda payload: stats.__setitem__("ws_in", stats["ws_in"] + len(payload)))
        ws.on("framesent", lambda payload: stats.__setitem__("ws_out", stats["ws_out"] + len(payload)))

    page.on("websocket", on_ws)
    page.on("request", lambda r: stats["external"].append(r.url)
            if r.url.startswith("http") and not r.url.startswith(url[:-1]) else None)
    t0 = time.perf_counter()
    try:
        await page.goto(url, timeout=TIMEOUT)
        await page.wait_for_selector(sel["ready"], timeout=TIMEOUT)
        await page.wait_for_selector(sel.get("shown", sel["button"]), timeout=TIMEOUT)
    except Exception:
        await context.close()  # a page that did not render stops loading (it would weigh on the next runs)
        raise
    stats["render_ms"] = (time.perf_counter() - t0) * 1000
    return context, page, stats


STALE = {"app": 0, "trivial": 0}


async def steps(page, sel: dict, n: int, name: str = "app") -> list[float]:
    out = []
    for _ in range(n):
        ms = await page.evaluate(STEP_JS, [sel["button"], sel["text"], sel["plot"]])
        if ms < 0:
            STALE[name] += 1
        out.append(abs(ms))
        await page.wait_for_timeout(150)  # a learner reads a little between clicks
    return out


async def open_game(page) -> float:
    """The welcome's "Play a guided game" door -> the board drawn and Next step shown (ms)."""
    t0 = time.perf_counter()
    await page.locator(".shogun-door-play").click()
    await page.wait_for_selector(GAME_DRAWN, timeout=TIMEOUT)
    await page.wait_for_selector(APP["button"], state="visible", timeout=TIMEOUT)
    return (time.perf_counter() - t0) * 1000


SHOWN_JS = """(drawn) => [...document.querySelectorAll(drawn)].some(
  e => e.offsetParent !== null && (!e.classList.contains('js-plotly-plot') || e._fullLayout))"""

# (tab title, what is drawn when it is shown)
TABS = [("Board", ".shogun-board-panel .js-plotly-plot"), ("Battle tower", ".shogun-tower-panel .js-plotly-plot"),
        ("Guided game", ".shogun-now")]


async def timed(action, page, done_js: str, arg) -> float:
    """ms from a Playwright action (a real click or pick: lumino's tabs answer pointer events) to done_js."""
    t0 = time.perf_counter()
    await action()
    await page.wait_for_function(done_js, arg=arg, timeout=TIMEOUT, polling="raf")
    return (time.perf_counter() - t0) * 1000


async def switches(page) -> tuple[list[float], list[float], list[float]]:
    """First opens of the Board and Battle tower tabs, later switches between tabs, language switches."""
    first, later, language = [], [], []

    def tab(title):
        return lambda: page.locator(".lm-TabBar-tab", has_text=title).first.click()

    for title, drawn in TABS[:2]:
        first.append(await timed(tab(title), page, SHOWN_JS, drawn))
        await page.wait_for_timeout(1000)
    for _ in range(3):
        for title, drawn in TABS:
            later.append(await timed(tab(title), page, SHOWN_JS, drawn))
            await page.wait_for_timeout(300)
    from shogun_tutor import i18n

    # the header's label and the guided game's Next step button (shown) both in the new language
    done = ("([label, next]) => document.querySelector('.shogun-language-label').innerText === label && "
            "[...document.querySelectorAll('.shogun-next')].some(b => b.offsetParent !== null && b.innerText.trim() === next)")
    for code in ["nl", "en"] * 3:
        t = i18n.translator(code)
        pick = lambda code=code: page.select_option(".shogun-language select", label=i18n.LANGUAGES[code])  # noqa: E731
        language.append(await timed(pick, page, done, [t.gettext("Language"), t.gettext("Next step")]))
        await page.wait_for_timeout(500)
    return first, later, language


FIRST_SCREEN = {
    "app": "from shogun_tutor.ui.app import build_app\napp = build_app()\napp.widget",
    "trivial": "".join(TRIVIAL["cells"][0]["source"]),
}


def kernel_cpu(runs: int = 3) -> dict[str, list[float]]:
    """CPU seconds of a fresh process that runs the first screen's cell (interpreter, imports, build)."""
    out: dict[str, list[float]] = {}
    for name, code in FIRST_SCREEN.items():
        for _ in range(runs):
            child = f"{code}\nimport time\nprint(time.process_time())"
            res = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, cwd=ROOT,
                                 env={**os.environ, "PYTHONPATH": str(ROOT)})
            out.setdefault(name, []).append(float(res.stdout.strip().splitlines()[-1]) * 1000)
    return out


def rss_mb(server: Server) -> list[float]:
    return [round(k.memory_info().rss / 1e6) for k in server.kernels()]


async def visit_every_tab(page) -> None:
    tabs = page.locator(".lm-TabBar-tab")
    for i in range(await tabs.count()):
        await tabs.nth(i).click()
        await page.wait_for_timeout(2500)


async def main(args) -> None:
    from playwright.async_api import async_playwright

    out = ROOT / "test-output" / "bench"
    out.mkdir(parents=True, exist_ok=True)
    trivial_nb = Path(tempfile.mkdtemp()) / "trivial.ipynb"
    trivial_nb.write_text(json.dumps(TRIVIAL))
    pool = args.pool_size
    from shogun_tutor import serve

    # the server-level settings of `shogun-tutor app` that are not about the app, for both servers: the waits
    # for a kernel and a cell's output on a busy server (without them pages were lost when 20 opened at once)
    waits = [f"--VoilaExecutor.{name}={getattr(serve, const, default)}"
             for name, const, default in [("iopub_timeout", "IOPUB_TIMEOUT", 60), ("startup_timeout", "STARTUP_TIMEOUT", 180)]]
    options = ["--no-browser", "--Voila.ip=127.0.0.1", "--preheat_kernel=True", f"--pool_size={pool}"] + waits
    voila = [sys.executable, "-c", TRIVIAL_SERVER] + options
    pa, pt = free_port(), free_port()
    if args.plain_voila:
        app_cmd = [sys.executable, "-m", "voila"] + options + [str(ROOT / "notebooks" / "app.ipynb"), f"--port={pa}"]
    else:
        app_cmd = [sys.executable, "-m", "shogun_tutor", "app", "--port", str(pa), "--pool-size", str(pool)]
    app = Server(app_cmd, pa, out / "app.log")
    triv = Server(voila + [str(trivial_nb), f"--port={pt}"], pt, out / "trivial.log")
    try:
        app.wait()
        triv.wait()
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            render = {"app": [], "trivial": []}
            step = {"app": [], "trivial": []}
            ws = {}
            rss = {}
            external = {"app": [], "trivial": []}
            game_open: list[float] = []
            for run in range(args.runs):
                for name, server, sel in (("app", app, APP), ("trivial", triv, TRIV)):
                    server.wait_pool(pool)
                    before = {k.pid for k in server.kernels()}
                    context, page, st = await open_page(browser, server.url, sel)
                    render[name].append(st["render_ms"])
                    external[name] += st["external"]
                    await page.wait_for_timeout(1500)
                    if run == 0:
                        mine = [k for k in server.kernels() if k.pid in before]
                        rss[name] = {"load": [round(k.memory_info().rss / 1e6) for k in mine]}
                    if name == "app":
                        game_open.append(await open_game(page))
                        await page.wait_for_timeout(1500)
                    step[name] += await steps(page, sel, args.steps if run == 0 else max(5, args.steps // 4), name)
                    if run == 0:
                        rss[name]["steps"] = [round(k.memory_info().rss / 1e6) for k in mine]
                        if name == "app":
                            first_tab, later_tab, language = await switches(page)
                            await visit_every_tab(page)
                        ws[name] = (st["ws_in"], st["ws_out"])
                    await page.goto("about:blank")
                    await context.close()
            print(f"\n=== {args.runs} runs, pool size {pool}, viewport {VIEWPORT['width']}x{VIEWPORT['height']} ===")
            print(f"first render   app     {summary(render['app'])}")
            print(f"               trivial {summary(render['trivial'])}   ratio {ratio(render['app'], render['trivial'])}")
            print(f"guided game opened from the welcome  {summary(game_open)}")
            print(f"Next step      app     {summary(step['app'])}")
            print(f"               trivial {summary(step['trivial'])}   ratio {ratio(step['app'], step['trivial'])}")
            for name in ("app", "trivial"):
                i, o = ws[name]
                print(f"websocket      {name:8}received {i / 1e6:6.2f} MB, sent {o / 1e6:6.2f} MB"
                      + (" (every tab opened)" if name == "app" else ""))
            print(f"first open of Board, Battle tower: {[round(x) for x in first_tab]} ms")
            print(f"tab switch     app     {summary(later_tab)}")
            print(f"language switch app    {summary(language)}")
            print(f"websocket ratio {(sum(ws['app']) / sum(ws['trivial'])):.2f}")
            for name in ("app", "trivial"):
                print(f"kernel RSS     {name:8}after load {rss[name]['load']} MB, after {args.steps} steps {rss[name]['steps']} MB")
            for name in ("app", "trivial"):
                print(f"requests to other hosts {name:8}{len(external[name])} {sorted(set(external[name]))[:3]}")
            print(f"steps the plot did not redraw for: app {STALE['app']}, trivial {STALE['trivial']}")
            for n, stagger in [(n, 0.0) for n in args.concurrency] + [(n, 3.0) for n in args.staggered]:
                times = {}
                step_p = []
                for name, server, sel in (("app", app, APP), ("trivial", triv, TRIV)):
                    server.wait_pool(pool)

                    async def visitor(i: int, url=server.url, sel=sel):
                        await asyncio.sleep(i * stagger)
                        return await open_page(browser, url, sel)

                    results = await asyncio.gather(*(visitor(i) for i in range(n)), return_exceptions=True)
                    ok = [r for r in results if not isinstance(r, BaseException)]
                    times[name] = [r[2]["render_ms"] for r in ok]
                    total = sum(k.memory_info().rss for k in server.kernels()) / 1e6
                    how = f"staggered by {stagger:.0f} s" if stagger else "at once"
                    if name == "app" and ok:
                        await open_game(ok[0][1])
                        step_p = await steps(ok[0][1], sel, 20)
                    print(f"{n:2} pages {how} {name:8}rendered {len(ok)}/{n}: {summary(times[name])}; "
                          f"kernels' RSS {total:.0f} MB")
                    for r in ok:
                        await r[1].goto("about:blank")
                        await r[0].close()
                print(f"{n:2} pages {how} ratio {ratio(times['app'], times['trivial'])}; "
                      f"app Next step with {n} open: {summary(step_p)}")
            await browser.close()
    finally:
        app.stop()
        triv.stop()


def kernel_side(steps_n: int) -> None:
    """Kernel-side milliseconds per Next step, in this process (no browser)."""
    from shogun_tutor.ui.game_panel import GamePanel

    game = GamePanel()
    game.board.probe.width = 900
    times = []
    for _ in range(steps_n):
        t = time.perf_counter()
        game.next_step()
        times.append((time.perf_counter() - t) * 1000)
    print(f"kernel-side Next step: {summary(times)}")


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--runs", type=int, default=4)
    p.add_argument("--steps", type=int, default=40)
    p.add_argument("--pool-size", type=int, default=1)
    p.add_argument("--concurrency", type=lambda s: [int(x) for x in s.split(",") if x], default=[5, 10])
    p.add_argument("--staggered", type=lambda s: [int(x) for x in s.split(",") if x], default=[5],
                   help="page counts opened 3 s apart")
    p.add_argument("--cpu-runs", type=int, default=3, help="fresh processes per app for the first screen's CPU")
    p.add_argument("--plain-voila", action="store_true")
    p.add_argument("--kernel-only", action="store_true", help="only the kernel-side step time")
    a = p.parse_args()
    kernel_side(a.steps)
    if a.cpu_runs:
        cpu = kernel_cpu(a.cpu_runs)
        print(f"first screen CPU, fresh process  app {summary(cpu['app'])}")
        print(f"                                 trivial {summary(cpu['trivial'])}   ratio {ratio(cpu['app'], cpu['trivial'])}")
    if not a.kernel_only:
        asyncio.run(main(a))
