"""Load test at the kernel-protocol level: N visitors without a browser each, the app and the trivial
widget + plotly app (tests/browser/bench_app.py) served side by side in the same run.

    PYTHONPATH=$PWD python tests/browser/load_test.py [--visitors 20] [--over 60] [--steps 10] [--think 2]
                                                      [--pool-size 1] [--browsers 2]

Each visitor does what a page does on the wire, so that 2 cores can drive many of them:

1. ``GET /?tab=game`` (the app opens on the guided game; the trivial app has one screen): Voilà hands
   over a preheated kernel (or starts one) and renders the page, which names the kernel;
2. opens the kernel's websocket (``/api/kernels/<id>/channels``), asks for the widgets
   (``comm_info_request``) and for every widget's state (``request_state``, as Voilà's widget manager
   does): *render* is the time from the GET to the last state received;
3. presses *Next step* ``--steps`` times, ``--think`` seconds apart (a ``click`` on the button's comm):
   a *step* is the time from the click to the kernel's ``idle`` for it (the view's update sent);
4. leaves: the page-close shutdown (``POST /voila/api/shutdown/<kernel id>``).

Visitors arrive evenly over ``--over`` seconds. A visitor is *served* when its render took at most
10 s and its steps' p95 at most 300 ms. Printed (never asserted): visitors served per minute, render
and step times, kernel memory per active visitor (the visitors' kernels' RSS while all are active,
divided by their number), for the app and the trivial app. ``--browsers K`` then opens K real
Chromium pages together on each server (Playwright) and prints their render and step times next to
the generator's, to check that the generator's figures stand for a real browser's.
The machine is shared: compare the app with the trivial app within one run, not across runs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import statistics
import struct
import sys
import tempfile
import time
import uuid
from pathlib import Path

import psutil
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.browser.bench_app import (  # noqa: E402
    APP, ARGS, CHROMIUM, TRIV, TRIVIAL, TRIVIAL_SERVER, Server, free_port, open_page, steps)

RENDER_LIMIT = 10.0  # seconds
STEP_P95_LIMIT = 0.300  # seconds
NEXT_CLASS = {"app": "shogun-next", "trivial": "trivial-next"}


def p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))] if xs else float("nan")


def decode(frame: str | bytes) -> dict:
    """A Jupyter websocket message (JSON text, or the binary form with buffers: the JSON part only)."""
    if isinstance(frame, str):
        return json.loads(frame)
    n = struct.unpack("!I", frame[:4])[0]
    offsets = struct.unpack(f"!{n}I", frame[4:4 + 4 * n])
    end = offsets[1] if n > 1 else len(frame)
    return json.loads(frame[offsets[0]:end].decode())


class Visitor:
    """One visitor's page, on the wire."""

    def __init__(self, base: str, name: str, steps: int, think: float):
        self.base, self.name, self.steps, self.think = base, name, steps, think
        self.session = uuid.uuid4().hex
        self.render: float | None = None
        self.step_times: list[float] = []
        self.error: str | None = None
        self.kernel_id: str | None = None
        self._replies: dict[str, asyncio.Future] = {}  # shell replies awaited, by request id
        self._idle: dict[str, asyncio.Future] = {}  # kernel idle after a request, by request id
        self._states: dict[str, dict] = {}
        self._pending_states: set[str] = set()
        self._states_done: asyncio.Future | None = None

    def _msg(self, msg_type: str, content: dict, channel: str = "shell") -> dict:
        return {"header": {"msg_id": uuid.uuid4().hex, "username": "load", "session": self.session, "msg_type": msg_type,
                           "version": "5.3", "date": ""},
                "parent_header": {}, "metadata": {}, "content": content, "channel": channel, "buffers": []}

    async def _reader(self, ws) -> None:
        while True:
            frame = await ws.read_message()
            if frame is None:
                return
            msg = decode(frame)
            parent = msg.get("parent_header", {}).get("msg_id")
            kind = msg.get("header", {}).get("msg_type") or msg.get("msg_type")
            if kind == "comm_info_reply" and parent in self._replies:
                self._replies.pop(parent).set_result(msg)
            elif kind == "comm_msg":
                data = msg["content"].get("data", {})
                comm = msg["content"].get("comm_id")
                if data.get("method") == "update" and comm in self._pending_states:
                    self._states[comm] = data.get("state", {})
                    self._pending_states.discard(comm)
                    if not self._pending_states and self._states_done and not self._states_done.done():
                        self._states_done.set_result(True)
            elif kind == "status" and msg["content"].get("execution_state") == "idle" and parent in self._idle:
                self._idle.pop(parent).set_result(time.perf_counter())

    async def run(self) -> None:
        http = AsyncHTTPClient()
        t0 = time.perf_counter()
        try:
            url = self.base + ("?tab=game" if self.name == "app" else "")
            page = (await http.fetch(HTTPRequest(url, request_timeout=300))).body.decode()
            self.kernel_id = re.search(r'"kernelId": "([0-9a-f-]+)"', page).group(1)
            ws_url = self.base.replace("http", "ws", 1) + f"api/kernels/{self.kernel_id}/channels?session_id={self.session}"
            ws = await websocket_connect(ws_url, max_message_size=200 * 2**20)
            reader = asyncio.ensure_future(self._reader(ws))
            info = self._msg("comm_info_request", {"target_name": "jupyter.widget"})
            fut = asyncio.get_running_loop().create_future()
            self._replies[info["header"]["msg_id"]] = fut
            await ws.write_message(json.dumps(info))
            comms = (await asyncio.wait_for(fut, 120))["content"]["comms"]
            self._pending_states = set(comms)
            self._states_done = asyncio.get_running_loop().create_future()
            for comm in comms:
                await ws.write_message(json.dumps(self._msg("comm_msg", {"comm_id": comm, "data": {"method": "request_state"}})))
            await asyncio.wait_for(self._states_done, 120)
            self.render = time.perf_counter() - t0
            button = next(c for c, s in self._states.items()
                          if s.get("_model_name") == "ButtonModel" and NEXT_CLASS[self.name] in s.get("_dom_classes", []))
            for _ in range(self.steps):
                await asyncio.sleep(self.think)
                click = self._msg("comm_msg", {"comm_id": button, "data": {"method": "custom", "content": {"event": "click"}}})
                done = asyncio.get_running_loop().create_future()
                self._idle[click["header"]["msg_id"]] = done
                t = time.perf_counter()
                await ws.write_message(json.dumps(click))
                self.step_times.append(await asyncio.wait_for(done, 60) - t)
            ws.close()
            reader.cancel()
        except Exception as exc:  # noqa: BLE001 - a visitor that failed is counted as not served
            self.error = f"{type(exc).__name__}: {exc}"
        finally:
            if self.kernel_id:
                try:
                    await http.fetch(HTTPRequest(self.base + f"voila/api/shutdown/{self.kernel_id}", method="POST", body=b"",
                                                 request_timeout=30), raise_error=False)
                except Exception:  # noqa: BLE001
                    pass

    @property
    def served(self) -> bool:
        return (self.error is None and self.render is not None and self.render <= RENDER_LIMIT
                and len(self.step_times) == self.steps and p95(self.step_times) <= STEP_P95_LIMIT)


async def wave(server: Server, name: str, args) -> dict:
    """``--visitors`` visitors arriving evenly over ``--over`` seconds; memory sampled while all are active."""
    visitors = [Visitor(server.url, name, args.steps, args.think) for _ in range(args.visitors)]
    peak = {"rss": 0.0, "kernels": 0}

    async def sample():
        while True:
            active = server.kernels()  # the visitors' kernels and the pool's
            try:
                rss = sum(k.memory_info().rss for k in active) / 1e6
            except psutil.Error:
                rss = 0.0
            if len(active) >= peak["kernels"]:
                peak.update(rss=rss, kernels=len(active))
            await asyncio.sleep(1)

    sampler = asyncio.ensure_future(sample())
    t0 = time.perf_counter()
    tasks = []
    for i, v in enumerate(visitors):
        await asyncio.sleep(max(0.0, t0 + i * args.over / args.visitors - time.perf_counter()))
        tasks.append(asyncio.ensure_future(v.run()))
    await asyncio.gather(*tasks)
    elapsed = time.perf_counter() - t0
    sampler.cancel()
    served = [v for v in visitors if v.served]
    renders = [v.render for v in visitors if v.render is not None]
    all_steps = [s for v in visitors for s in v.step_times]
    first = [v.step_times[0] for v in visitors if v.step_times]
    return {"name": name, "served": len(served), "visitors": len(visitors), "elapsed": elapsed,
            "arrival_per_min": 60 * args.visitors / args.over,
            "served_per_min": 60 * len(served) / args.over,
            "render_median": statistics.median(renders) if renders else float("nan"), "render_p95": p95(renders),
            "step_median": statistics.median(all_steps) if all_steps else float("nan"), "step_p95": p95(all_steps),
            "first_step_median": statistics.median(first) if first else float("nan"),
            "mb_per_kernel": peak["rss"] / max(1, peak["kernels"]), "peak_kernels": peak["kernels"],
            "errors": sorted({v.error for v in visitors if v.error})[:3]}


def show(r: dict) -> str:
    return (f"{r['name']:8s} arrivals {r['arrival_per_min']:5.1f}/min: served {r['served']}/{r['visitors']} "
            f"-> {r['served_per_min']:5.1f} visitors/min; render median {r['render_median']:5.2f} s p95 {r['render_p95']:5.2f} s; "
            f"step median {1000 * r['step_median']:4.0f} ms p95 {1000 * r['step_p95']:4.0f} ms "
            f"(first step median {1000 * r['first_step_median']:4.0f} ms); "
            f"{r['mb_per_kernel']:4.0f} MB per active visitor's kernel ({r['peak_kernels']} kernels at the peak)"
            + (f"; errors {r['errors']}" if r["errors"] else ""))


async def browsers(servers: dict, k: int) -> None:
    """K real Chromium pages opened together on each server, against K generator visitors at the same time."""
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        for name, server in servers.items():
            sel = APP if name == "app" else TRIV

            async def real(sel=sel, server=server, name=name):
                ctx, page, st = await open_page(browser, server.url, sel)
                if name == "app":
                    await page.locator(".lm-TabBar-tab, .p-TabBar-tab", has_text="Guided game").first.click()
                    await page.wait_for_selector(".js-plotly-plot.shogun-board .scatterlayer .trace", timeout=120_000)
                times = await steps(page, sel, 10, name)
                await ctx.close()
                return st["render_ms"] / 1000, [t / 1000 for t in times if t > 0]

            gen = [Visitor(server.url, name, 10, 1.0) for _ in range(k)]
            results = await asyncio.gather(*[real() for _ in range(k)], *[v.run() for v in gen])
            real_renders = [r[0] for r in results[:k]]
            real_steps = [s for r in results[:k] for s in r[1]]
            print(f"{name:8s} {k} browsers: render median {statistics.median(real_renders):5.2f} s, step median "
                  f"{1000 * statistics.median(real_steps):4.0f} ms p95 {1000 * p95(real_steps):4.0f} ms (click to drawn) | "
                  f"{k} generator visitors at the same time: render median "
                  f"{statistics.median([v.render for v in gen if v.render] or [float('nan')]):5.2f} s, step median "
                  f"{1000 * statistics.median([s for v in gen for s in v.step_times] or [float('nan')]):4.0f} ms "
                  f"(click to kernel idle)")
        await browser.close()


async def main(args) -> None:
    out = Path(__file__).resolve().parents[2] / "test-output" / "load"
    out.mkdir(parents=True, exist_ok=True)
    trivial_nb = Path(tempfile.mkdtemp()) / "trivial.ipynb"
    trivial_nb.write_text(json.dumps(TRIVIAL))
    from shogun_tutor import serve

    waits = [f"--VoilaExecutor.iopub_timeout={serve.IOPUB_TIMEOUT}", f"--VoilaExecutor.startup_timeout={serve.STARTUP_TIMEOUT}"]
    pa, pt = free_port(), free_port()
    app = Server([sys.executable, "-m", "shogun_tutor", "app", "--port", str(pa), "--pool-size", str(args.pool_size)],
                 pa, out / "app.log")
    triv = Server([sys.executable, "-c", TRIVIAL_SERVER, "--no-browser", "--Voila.ip=127.0.0.1", "--preheat_kernel=True",
                   f"--pool_size={args.pool_size}", *waits, str(trivial_nb), f"--port={pt}"], pt, out / "trivial.log")
    try:
        app.wait()
        triv.wait()
        print(f"{args.visitors} visitors arriving over {args.over:.0f} s, {args.steps} steps each {args.think:.1f} s apart, "
              f"pool {args.pool_size}; served = render <= {RENDER_LIMIT:.0f} s and step p95 <= {1000 * STEP_P95_LIMIT:.0f} ms")
        for name, server in (("app", app), ("trivial", triv)):
            if name not in args.apps:
                continue
            server.wait_pool(args.pool_size, timeout=120)
            print(show(await wave(server, name, args)), flush=True)
        if args.browsers:
            for server in (app, triv):
                server.wait_pool(args.pool_size, timeout=120)
            await browsers({"app": app, "trivial": triv}, args.browsers)
    finally:
        app.stop()
        triv.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="load_test.py", formatter_class=argparse.ArgumentDefaultsHelpFormatter,
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--visitors", type=int, default=20, help="visitors per app")
    parser.add_argument("--over", type=float, default=60, help="seconds over which they arrive")
    parser.add_argument("--steps", type=int, default=10, help="Next step clicks per visitor")
    parser.add_argument("--think", type=float, default=2.0, help="seconds between a visitor's clicks")
    parser.add_argument("--pool-size", type=int, default=1, help="preheated kernels of each server")
    parser.add_argument("--apps", type=lambda s: s.split(","), default=["app", "trivial"],
                        help="which servers get the wave of visitors (the highest rate of one app alone: --apps app)")
    parser.add_argument("--browsers", type=int, default=2, help="real Chromium pages to compare with (0: none)")
    asyncio.run(main(parser.parse_args()))
