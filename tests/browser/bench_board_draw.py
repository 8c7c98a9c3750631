"""Browser benchmark: what plotly.js spends drawing the board's Next steps (no Voilà, no kernel).

    PYTHONPATH=$PWD python tests/browser/bench_board_draw.py [--steps 30] [--reps 3] [--width 1340]

Plays the guided game's first steps in this process, records the board's first figure and, per
step, the update its widget sends (``_py2js_update``) and the whole figure; then draws them in
headless Chromium with plotly's own bundle and applies each step as the widget does
(``Plotly.update`` of the changed traces) and as ``Plotly.react`` would. Prints wall ms per step
and the CPU ms per step of all Chromium processes — steady on a shared machine, where wall times
are not. Figures only, never asserted. Compare against another checkout with ``PYTHONPATH``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
from pathlib import Path

import plotly
import psutil

PLOTLY = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files"]
DECODE = """window.decode = (v) => {
  if (v === "_undefined_") return undefined;
  if (Array.isArray(v)) return v.map(decode);
  if (v === null || typeof v !== "object") return v;
  const out = {}; for (const [k, x] of Object.entries(v)) { const d = decode(x); if (d !== undefined) out[k] = d; } return out;
};"""
NEW = """async () => {
  const gd = document.getElementById('gd');
  await Plotly.newPlot(gd, structuredClone(rec.first.data), structuredClone(rec.first.layout), {displayModeBar: false});
  await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  return gd.querySelectorAll('*').length;
}"""
STEPS = """async (mode) => {
  const gd = document.getElementById('gd');
  const frame = () => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  const times = [];
  for (const step of rec.steps) {
    const full = mode === 'react' ? structuredClone(step.full) : null;
    const updates = step.updates.map(decode);
    const t0 = performance.now();
    if (mode === 'update') {
      for (const m of updates) await Plotly.update(gd, m.style_data || {}, m.layout_data || {}, m.style_traces);
    } else {
      await Plotly.react(gd, full.data, full.layout);
    }
    await frame();
    times.push(performance.now() - t0);
  }
  return times;
}"""


def record(steps: int, width: int) -> dict:
    """The board's first figure and each Next step's widget update and whole figure (plotly JSON)."""
    from plotly.serializers import custom_serializers
    from plotly.utils import PlotlyJSONEncoder

    from shogun_tutor.ui.game_panel import GamePanel

    game = GamePanel()
    game.board.probe.width = width
    fig = game.board.figure
    sent: list = []
    fig.observe(lambda c: c["new"] is not None and sent.append(c["new"]), names="_py2js_update")
    out = {"first": fig.to_plotly_json(), "steps": []}
    for _ in range(steps):
        n = len(sent)
        game.next_step()
        out["steps"].append({"updates": [custom_serializers["to_json"](m, None) for m in sent[n:]],
                             "full": fig.to_plotly_json()})
    return json.loads(json.dumps(out, cls=PlotlyJSONEncoder))


def cpu_seconds(pid: int) -> float:
    total = 0.0
    for p in [psutil.Process(pid), *psutil.Process(pid).children(recursive=True)]:
        try:
            t = p.cpu_times()
            total += t.user + t.system
        except psutil.Error:
            pass
    return total


async def main(args) -> None:
    from playwright.async_api import async_playwright

    rec = record(args.steps, args.width)
    html = Path(tempfile.mkdtemp()) / "board.html"
    html.write_text(f'<html><body style="margin:0"><div id="gd" style="width:{args.width}px"></div>'
                    f'<script src="file://{PLOTLY}"></script></body></html>')
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=args.chromium, args=ARGS, headless=True)
        root = next(p.pid for p in psutil.Process().children(recursive=True) if "chrom" in p.name())
        page = await browser.new_page(viewport={"width": 1366, "height": 768})
        await page.goto(f"file://{html}")
        await page.evaluate(f"(rec) => {{ window.rec = rec; {DECODE} }}", rec)
        results: dict[str, dict] = {}
        for _ in range(args.reps):
            for mode in ("update", "react"):
                nodes = await page.evaluate(NEW)
                c0 = cpu_seconds(root)
                times = await page.evaluate(STEPS, mode)
                r = results.setdefault(mode, {"wall": [], "cpu": [], "nodes": nodes})
                r["wall"] += times
                r["cpu"].append((cpu_seconds(root) - c0) * 1000 / len(times))
        await browser.close()
    print(f"board: {len(rec['first']['data'])} traces, {len(json.dumps(rec['first'])) / 1000:.0f} KB first figure, "
          f"{args.steps} steps, width {args.width}")
    for mode, r in results.items():
        xs = sorted(r["wall"])
        print(f"Plotly.{mode:6} wall median {statistics.median(xs):6.1f} ms  p90 {xs[int(0.9 * len(xs))]:6.1f} ms  "
              f"CPU per step {statistics.median(r['cpu']):6.1f} ms  (runs {[round(c) for c in r['cpu']]}); "
              f"{r['nodes']} SVG nodes")


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--steps", type=int, default=30)
    p.add_argument("--reps", type=int, default=3)
    p.add_argument("--width", type=int, default=1340)
    p.add_argument("--chromium", default="/usr/bin/chromium")
    asyncio.run(main(p.parse_args()))
