"""Benchmark of playing together: how soon a decision on one page shows on the others, and what an idle
kernel in a session costs. Prints figures; asserts nothing.

    PYTHONPATH=$PWD .venv/bin/python tests/browser/bench_together.py [--pages 5,20] [--steps 12] [--idle 30]
        [--store sqlite|postgresql] [--profile FOLDER]

For each number of pages: one host page starts a session (4 seats, all bots), the other pages open its link
and watch. The host presses *Step for everyone* ``--steps`` times (the bots' decisions are stored); every
page notes (``Date.now()`` in the page, one clock: one browser on one machine) when its step label changes.
Latency = that moment on a watcher minus the moment of the click on the host: the host's kernel deciding and
storing, the watchers' kernels hearing of it (pushed: ``session/notify.py``, PostgreSQL's NOTIFY or the watched
SQLite file; else their next poll, ``ui/widgets/live.py``), replaying it and redrawing, and the browser drawing it.
Each step is labelled with the phase it leads into (read from the store), and the steps that lead into the action
phase (``place -> actions``) are summed up on their own; "every page" is, per step, the last of the pages to show it.
``--store postgresql`` runs the app against a throw-away PostgreSQL server (``tests/pgserver.py``);
``--profile FOLDER`` records the host's and one watcher's kernel with py-spy (if on the PATH) into FOLDER. Then every page stays open, untouched, for ``--idle`` seconds, and
the CPU time of each kernel process in that time is read (psutil): kernels in the session (polling) and, for
comparison, kernels of pages that only show the welcome (no session, no polling).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, _free_port, app_command  # noqa: E402
from tests.servers import stop, wait_until_serving  # noqa: E402

TIMEOUT = 240_000
WATCH = """() => {
  window.__changes = [];
  // textContent, not innerText or offsetParent: those make the browser lay the page out at every mutation (21 ms
  // of each step's main thread in a watching page was this observer's, not the app's); the labels of hidden tabs
  // do not change while the session steps, so joining them all changes exactly when the shown one does
  const label = () => [...document.querySelectorAll('.shogun-step-label')].map(e => e.textContent).join('');
  let last = label();
  new MutationObserver(() => { const now = label(); if (now !== last) { last = now; window.__changes.push(Date.now()); } })
      .observe(document.body, {subtree: true, childList: true, characterData: true});
}"""


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def kernels(server: psutil.Process) -> list[psutil.Process]:
    return [p for p in server.children(recursive=True) if "ipykernel" in " ".join(p.cmdline())]


def phase_of(store_url: str, code: str) -> tuple[str, float]:
    """The game's season and phase as stored (read in this process: what every page shows after the step), and
    when its last entry was stored (``time.time()`` in the host's kernel: one clock with the pages' ``Date.now()``)."""
    from shogun_tutor.session import Session, open_store

    store = open_store(store_url)
    try:
        s = Session.open(store, code).game.state
        return f"{s.season}/{s.phase}", store.session(code).updated * 1000
    finally:
        store.close()


def start_profiles(folder: str | None, pids: list[int]) -> list[subprocess.Popen]:
    spy = __import__("shutil").which("py-spy")
    if not folder or spy is None:
        return []
    Path(folder).mkdir(parents=True, exist_ok=True)
    return [subprocess.Popen([spy, "record", "-p", str(pid), "-r", "50", "-f", "speedscope", "--nonblocking",
                              "-o", str(Path(folder) / f"kernel-{i}-{pid}.json")], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL) for i, pid in enumerate(pids)]


def browser_task_seconds(cdp) -> float:
    """The seconds a page's main thread has been busy (Chromium's ``TaskDuration``: scripts, style, layout, paint)."""
    return next(m["value"] for m in cdp.send("Performance.getMetrics")["metrics"] if m["name"] == "TaskDuration")


def report_browser_profile(profile: dict, folder: str, steps: int, top: int = 25) -> None:
    """Save a page's CPU profile (open it in Chromium's DevTools, Performance tab) and print the functions that took
    the most time of their own, per step, with the script they are in."""
    Path(folder).mkdir(parents=True, exist_ok=True)
    out = Path(folder) / "watcher.cpuprofile"
    out.write_text(__import__("json").dumps(profile))
    nodes = {n["id"]: n for n in profile["nodes"]}
    deltas = profile.get("timeDeltas", [])
    own: dict[tuple[str, str], float] = {}
    for sample, delta in zip(profile.get("samples", [])[1:], deltas[1:]):
        frame = nodes[sample]["callFrame"]
        key = (frame["functionName"] or "(anonymous)", frame["url"].rsplit("/", 1)[-1][:40])
        own[key] = own.get(key, 0.0) + delta / 1000
    busy = sum(v for (name, _u), v in own.items() if name not in ("(idle)", "(program)"))
    print(f"  a watching page's JavaScript ({out}): {busy / steps:.0f} ms per step outside idle; "
          f"the functions with the most time of their own, per step:")
    for (name, url), ms in sorted(own.items(), key=lambda kv: -kv[1])[:top]:
        print(f"    {ms / steps:7.1f} ms  {name}  {url}")


def run(pages: int, steps: int, idle: float, browser, url: str, server: psutil.Process, store_url: str = "",
        profile: str | None = None, browser_profile: str | None = None) -> None:
    contexts = []

    def page(query: str, width=1366, height=768):
        ctx = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(ctx)
        p = ctx.new_page()
        p.goto(url + query, timeout=TIMEOUT)
        p.wait_for_selector(".shogun-app .lm-TabBar-tab", timeout=TIMEOUT)
        return p

    try:
        before = {k.pid for k in kernels(server)}
        host = page("?tab=game")
        host.wait_for_selector(".js-plotly-plot.shogun-board .scatterlayer", timeout=TIMEOUT)
        host.locator("button.shogun-together-open").first.click()
        host.locator("button.shogun-together-create").first.click()
        host.wait_for_selector(".shogun-join-code", timeout=TIMEOUT)
        code = host.locator(".shogun-join-code").first.inner_text().replace(" ", "")
        t0 = time.monotonic()
        watchers = [page(f"?game={code}") for _ in range(pages - 1)]
        for w in watchers:
            w.wait_for_selector(".shogun-together-state", timeout=TIMEOUT)
            w.wait_for_selector(".js-plotly-plot.shogun-board .scatterlayer", timeout=TIMEOUT)
        opened = time.monotonic() - t0
        session_kernels = [k for k in kernels(server) if k.pid not in before]
        figures = watchers[0].evaluate("() => [...document.querySelectorAll('.js-plotly-plot')].map(g => "
                                       "(g.offsetParent ? 'shown ' : 'hidden ') + g.className.replace('js-plotly-plot', '').trim())")
        print(f"  a watching page's plotly figures: {figures}")
        for p in [host, *watchers]:
            p.evaluate(WATCH)
        latencies, host_times, every, into_actions, stored_after, shown_after, redraws = [], [], [], [], [], [], []
        load_before = os.getloadavg()[0]
        spies = start_profiles(profile, [k.pid for k in session_kernels[:2]])
        # where the CPU goes during the steps: each page's main thread (Chromium's Performance metrics) and
        # each kernel process (psutil), per step
        cdps = [p.context.new_cdp_session(p) for p in [host, *watchers]]
        for c in cdps:
            c.send("Performance.enable")
        tasks_before = [browser_task_seconds(c) for c in cdps]
        if browser_profile:  # one watching page's JavaScript, sampled by Chromium's profiler
            cdps[1].send("Profiler.enable")
            cdps[1].send("Profiler.setSamplingInterval", {"interval": 200})
            cdps[1].send("Profiler.start")
        cpu_before = {k.pid: sum(k.cpu_times()[:2]) for k in session_kernels}
        phase, _stored = phase_of(store_url, code)
        for _ in range(steps):
            for p in [host, *watchers]:
                p.evaluate("window.__changes = []")
            clicked = host.evaluate("() => { const t = Date.now(); "
                                    "document.querySelector('button.shogun-host-step').click(); return t; }")
            deadline = time.monotonic() + 30
            seen: dict[int, float] = {}
            while len(seen) < len(watchers) + 1 and time.monotonic() < deadline:
                for i, p in enumerate([host, *watchers]):
                    if i not in seen:
                        changes = p.evaluate("window.__changes")
                        if changes:
                            seen[i] = changes[0]
                time.sleep(0.02)
            if 0 in seen:
                host_times.append(seen[0] - clicked)
            time.sleep(0.25)  # a second redraw of the same step (a page refreshed twice) shows within this
            redraws.append(max(len(p.evaluate("window.__changes")) for p in watchers))
            shown = [seen[i] - clicked for i in range(1, len(watchers) + 1) if i in seen]
            latencies += shown
            after, stored = phase_of(store_url, code)
            if shown:
                every.append(max(shown))
                if after.endswith("/actions") and not phase.endswith("/actions"):
                    into_actions += shown
                stored_after.append(stored - clicked)
                shown_after += [x - (stored - clicked) for x in shown]
            print(f"    {phase:>16} -> {after:<16} host {seen.get(0, float('nan')) - clicked:6.0f} ms, "
                  f"others {min(shown, default=float('nan')):6.0f}..{max(shown, default=float('nan')):6.0f} ms "
                  f"(stored at {stored - clicked:5.0f} ms)")
            phase = after
            missed = len(watchers) + 1 - len(seen)
            if missed:
                print(f"  {missed} page(s) showed no change within 30 s")
            time.sleep(0.3)
        tasks = [browser_task_seconds(c) - t for c, t in zip(cdps, tasks_before)]
        if browser_profile:
            report_browser_profile(cdps[1].send("Profiler.stop")["profile"], browser_profile, steps)
        kernel_cpu = [sum(k.cpu_times()[:2]) - cpu_before[k.pid] for k in session_kernels]
        for spy in spies:
            spy.send_signal(__import__("signal").SIGINT)
            spy.wait(timeout=60)
        print(f"\n{pages} pages of one session ({pages - 1} watching), opened in {opened:.1f} s; "
              f"{steps} steps by the host; load average during the steps {load_before:.2f} -> "
              f"{os.getloadavg()[0]:.2f} (1 min)")
        print(f"  click -> the host's own page: median {statistics.median(host_times):.0f} ms, "
              f"p95 {pct(host_times, 0.95):.0f} ms")
        print(f"  click -> shown on another page: median {statistics.median(latencies):.0f} ms, "
              f"p95 {pct(latencies, 0.95):.0f} ms, max {max(latencies):.0f} ms ({len(latencies)} displays)")
        print(f"  click -> shown on every other page (per step, the last page): median {statistics.median(every):.0f} ms, "
              f"p95 {pct(every, 0.95):.0f} ms, max {max(every):.0f} ms ({len(every)} steps)")
        print(f"  of which click -> stored by the host's kernel: median {statistics.median(stored_after):.0f} ms, p95 "
              f"{pct(stored_after, 0.95):.0f} ms; stored -> shown on another page: median "
              f"{statistics.median(shown_after):.0f} ms, p95 {pct(shown_after, 0.95):.0f} ms")
        print(f"  CPU per step: a page's main thread median {statistics.median(tasks) / steps * 1000:.0f} ms "
              f"(host {tasks[0] / steps * 1000:.0f} ms; {len(tasks)} pages, {sum(tasks) / steps * 1000:.0f} ms together), "
              f"a kernel median {statistics.median(kernel_cpu) / steps * 1000:.0f} ms "
              f"({len(kernel_cpu)} kernels, {sum(kernel_cpu) / steps * 1000:.0f} ms together; 0.3 s pause between steps)")
        print(f"  step text changes per step on a watching page (1 = one redraw): most {max(redraws)}, "
              f"steps with more than one {sum(r > 1 for r in redraws)} of {len(redraws)}")
        if into_actions:
            print(f"  steps into the action phase: median {statistics.median(into_actions):.0f} ms, "
                  f"p95 {pct(into_actions, 0.95):.0f} ms, max {max(into_actions):.0f} ms ({len(into_actions)} displays)")

        plain = [page("") for _ in range(2)]  # pages with no session: their kernels do not poll
        plain_kernels = [k for k in kernels(server) if k.pid not in before and k not in session_kernels]
        time.sleep(3)
        measured = {k.pid: sum(k.cpu_times()[:2]) for k in session_kernels + plain_kernels}
        time.sleep(idle)
        used = {k.pid: sum(k.cpu_times()[:2]) - measured[k.pid] for k in session_kernels + plain_kernels}
        polling = [used[k.pid] for k in session_kernels]
        quiet = [used[k.pid] for k in plain_kernels]
        print(f"  idle for {idle:.0f} s: a kernel in the session used {statistics.median(polling) / idle * 100:.2f} % "
              f"of a core (median of {len(polling)}; {statistics.median(polling) / idle * 60:.2f} s CPU per minute), "
              f"a kernel without a session {statistics.median(quiet) / idle * 100:.2f} % "
              f"({len(quiet)} kernels)")
        del plain
    finally:
        for ctx in contexts:
            ctx.close()


def replay_time(repeats: int = 5) -> None:
    """Replay of a whole stored game (5 players, both expansions, bots to the end): ``Session.open`` in a new process's
    way (the log read from the store, every decision applied again), median of ``repeats``."""
    from shogun_tutor.session import Session, new_token, open_store

    store = open_store("sqlite://")
    s = Session.create(store, {"players": 5, "side": "sun", "seed": 11, "setup": "beginner",
                               "expansions": ["tenno", "samurai"]}, new_token())
    s.advance_bots()
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        again = Session.open(store, s.code)
        times.append(time.perf_counter() - started)
        assert again.game.save() == s.game.save()
    print(f"replay of a whole game ({len(s.game.decisions)} decisions, {s.seq} entries): median "
          f"{statistics.median(times):.2f} s of {repeats}; load average {os.getloadavg()[0]:.2f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pages", default="5,20")
    ap.add_argument("--steps", type=int, default=12)
    ap.add_argument("--idle", type=float, default=30)
    ap.add_argument("--store", choices=["sqlite", "postgresql"], default="sqlite")
    ap.add_argument("--profile", default=None, help="a folder for py-spy's records of two kernels")
    ap.add_argument("--browser-profile", default=None, help="a folder for one watching page's JavaScript profile")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    folder = tempfile.mkdtemp(prefix="bench-together-")
    pg = None
    store_url = f"sqlite:///{folder}/sessions.sqlite3"
    if args.store == "postgresql":
        from tests.pgserver import PgServer

        pg = PgServer().start()
        pg.wait_ready()
        store_url = pg.new_database()
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "SHOGUN_TUTOR_DATABASE_URL": store_url}
    port = _free_port()
    log = open(Path(folder) / "voila.log", "w")
    proc = subprocess.Popen(app_command(port, "--cull-idle", "3600"), cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                            env=env)
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_until_serving(proc, url, timeout=180)
        print(f"machine: {psutil.cpu_count()} cores; store {args.store}; poll interval without push "
              f"{__import__('shogun_tutor.ui.widgets.live', fromlist=['INTERVAL']).INTERVAL} s; load average "
              + ", ".join(f"{x:.2f}" for x in os.getloadavg()))
        replay_time()
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            try:
                for n in [int(x) for x in args.pages.split(",")]:
                    run(n, args.steps, args.idle, browser, url, psutil.Process(proc.pid), store_url, args.profile,
                        args.browser_profile)
            finally:
                browser.close()
    finally:
        stop(proc)
        if pg is not None:
            pg.destroy()


if __name__ == "__main__":
    main()
