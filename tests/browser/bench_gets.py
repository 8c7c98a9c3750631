"""Plain GETs (no JavaScript: a crawler, a link preview, ``curl``) against ``shogun-tutor app``: how many
kernels they hold, for how long, and what is left once ``--connect-timeout`` is over.

    PYTHONPATH=$PWD python tests/browser/bench_gets.py [--gets 100] [--concurrency 2] [--connect-timeout 60]

Prints (never asserts): the GETs' time, the kernels and their memory at the peak, and the kernels
left ``--connect-timeout`` + 15 s after the last GET (the pool's alone when every GET's kernel was
shut down), and ``GET /health``'s time over 100 calls. ``tests/packaging/test_unconnected_kernels.py``
is the test.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.browser.bench_app import Server, free_port  # noqa: E402


def main(args) -> None:
    out = Path(__file__).resolve().parents[2] / "test-output" / "bench"
    out.mkdir(parents=True, exist_ok=True)
    port = free_port()
    server = Server([sys.executable, "-m", "shogun_tutor", "app", "--port", str(port), "--pool-size", "1",
                     "--connect-timeout", str(args.connect_timeout)], port, out / "gets.log")
    try:
        server.wait()
        server.wait_pool(1, timeout=120)
        t = time.perf_counter()
        for _ in range(100):
            urllib.request.urlopen(server.url + "health", timeout=10).read()
        health_ms = (time.perf_counter() - t) * 10
        assert len(server.kernels()) == 1
        peak = {"kernels": 0, "mb": 0.0}

        def get(_i):
            t0 = time.perf_counter()
            urllib.request.urlopen(server.url, timeout=600).read()
            ks = server.kernels()
            mb = sum(k.memory_info().rss for k in ks) / 1e6
            if len(ks) > peak["kernels"]:
                peak.update(kernels=len(ks), mb=mb)
            return time.perf_counter() - t0

        t = time.perf_counter()
        with ThreadPoolExecutor(args.concurrency) as pool:
            times = list(pool.map(get, range(args.gets)))
        total = time.perf_counter() - t
        time.sleep(args.connect_timeout + 15)
        left = server.kernels()
        print(f"GET /health: {health_ms:.1f} ms each (100 calls), kernels before and after: 1")
        print(f"{args.gets} plain GETs of / ({args.concurrency} at a time) in {total:.0f} s: median {statistics.median(times):.2f} s "
              f"each; at the peak {peak['kernels']} kernels, {peak['mb']:.0f} MB; {args.connect_timeout + 15} s after the last "
              f"GET: {len(left)} kernel(s), {sum(k.memory_info().rss for k in left) / 1e6:.0f} MB (the pool: 1)")
    finally:
        server.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="bench_gets.py", formatter_class=argparse.ArgumentDefaultsHelpFormatter,
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--gets", type=int, default=100, help="plain GETs of the app")
    parser.add_argument("--concurrency", type=int, default=2, help="GETs at a time")
    parser.add_argument("--connect-timeout", type=int, default=60, help="the server's --connect-timeout")
    main(parser.parse_args())
