"""Load generator for the class quiz at the kernel-protocol level: a projector and N students, each page a kernel.

    PYTHONPATH=$PWD python tests/browser/load_quiz.py [--students 30] [--over 90] [--questions 3] [--think 5]

The quiz is created in the server's store (a SQLite file of the run) with a host token; then every page does
what a browser does on the wire (``tests/browser/load_test.py``): ``GET /?game=CODE`` (Voilà runs the app in a
kernel, which opens the quiz), the kernel's websocket, ``comm_info_request`` and every widget's state; the page's
greeting to the address widget (``hello``, with the host's token for the projector, none for a student); a student
types a name and presses *Join the quiz*. Students arrive evenly over ``--over`` seconds.

Then ``--questions`` times: the projector presses *Ask question N*; each student waits until its first option is
enabled, thinks up to ``--think`` seconds and presses an option; the projector presses *Reveal the answer* once
every answer is stored. Printed (never asserted): the students' join times, the answer's round trip (click to the
kernel's idle: stored), and **the projector's count lag**: for the k-th answer stored (in the order the students'
kernels finished storing), the time from its click to the first update of the projector's count reaching k; **the
reveal's fan-out**: from the projector's click to the first update on each page (projector and students) that shows
the answer, its picture with it (the questions of seed 5: a battle, then the winter's rice and the revolts, both
with a board picture), and that update's size; the machine's load average during the run. Every answer is checked
in the store afterwards.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.browser.bench_app import Server, free_port  # noqa: E402
from tests.browser.load_test import decode, p95  # noqa: E402

ANSWERED = re.compile(r"(\d+) students? ha(?:s|ve) answered")


class Page:
    """One page on the wire: its kernel's widgets (state by comm id), clicks and updates."""

    def __init__(self, base: str, code: str, tokens: dict):
        self.base, self.code, self.tokens = base, code, tokens
        self.session = uuid.uuid4().hex
        self.states: dict[str, dict] = {}
        self.kernel_id: str | None = None
        self.ws = None
        self._pending: set[str] = set()
        self._done: asyncio.Future | None = None
        self._replies: dict[str, asyncio.Future] = {}
        self._idle: dict[str, asyncio.Future] = {}
        self.watchers: list = []  # fn(comm, state) on every update

    def _msg(self, msg_type: str, content: dict) -> dict:
        return {"header": {"msg_id": uuid.uuid4().hex, "username": "load", "session": self.session,
                           "msg_type": msg_type, "version": "5.3", "date": ""},
                "parent_header": {}, "metadata": {}, "content": content, "channel": "shell", "buffers": []}

    async def _reader(self) -> None:
        while True:
            frame = await self.ws.read_message()
            if frame is None:
                return
            msg = decode(frame)
            parent = msg.get("parent_header", {}).get("msg_id")
            kind = msg.get("header", {}).get("msg_type") or msg.get("msg_type")
            if kind == "comm_info_reply" and parent in self._replies:
                self._replies.pop(parent).set_result(msg)
            elif kind == "comm_open":
                c = msg["content"]
                self.states[c["comm_id"]] = dict(c.get("data", {}).get("state", {}))
            elif kind == "comm_msg":
                data = msg["content"].get("data", {})
                comm = msg["content"].get("comm_id")
                if data.get("method") == "update":
                    self.states.setdefault(comm, {}).update(data.get("state", {}))
                    now = time.perf_counter()
                    for fn in list(self.watchers):
                        fn(comm, data.get("state", {}), now)
                    if comm in self._pending:
                        self._pending.discard(comm)
                        if not self._pending and self._done and not self._done.done():
                            self._done.set_result(True)
            elif kind == "status" and msg["content"].get("execution_state") == "idle" and parent in self._idle:
                self._idle.pop(parent).set_result(time.perf_counter())

    async def open(self) -> None:
        http = AsyncHTTPClient()
        page = (await http.fetch(HTTPRequest(self.base + f"?game={self.code}", request_timeout=600))).body.decode()
        self.kernel_id = re.search(r'"kernelId": "([0-9a-f-]+)"', page).group(1)
        url = self.base.replace("http", "ws", 1) + f"api/kernels/{self.kernel_id}/channels?session_id={self.session}"
        self.ws = await websocket_connect(url, max_message_size=200 * 2**20)
        self.reader = asyncio.ensure_future(self._reader())
        info = self._msg("comm_info_request", {"target_name": "jupyter.widget"})
        fut = asyncio.get_running_loop().create_future()
        self._replies[info["header"]["msg_id"]] = fut
        await self.ws.write_message(json.dumps(info))
        comms = (await asyncio.wait_for(fut, 300))["content"]["comms"]
        self._pending = set(comms)
        self._done = asyncio.get_running_loop().create_future()
        for comm in comms:
            await self.send(comm, {"method": "request_state"})
        await asyncio.wait_for(self._done, 300)
        address = self.find(lambda s: "params" in s and "_esm" in s)
        await self.send(address, {"method": "custom", "content": {"hello": self.base, "tokens": self.tokens,
                                                                  "query": f"game={self.code}"}}, wait=True)

    def find(self, test) -> str:
        return next(c for c, s in self.states.items() if test(s))

    def by_class(self, cls: str) -> str:
        return self.find(lambda s: cls in s.get("_dom_classes", []))

    async def send(self, comm: str, data: dict, wait: bool = False) -> float | None:
        """A comm message; ``wait``: until the kernel is idle after it (its handler done), returning that time."""
        msg = self._msg("comm_msg", {"comm_id": comm, "data": data})
        done = None
        if wait:
            done = asyncio.get_running_loop().create_future()
            self._idle[msg["header"]["msg_id"]] = done
        await self.ws.write_message(json.dumps(msg))
        return await asyncio.wait_for(done, 120) if wait else None

    async def click(self, cls: str) -> tuple[float, float]:
        """(sent, idle) of a click on the button with class ``cls``."""
        t = time.perf_counter()
        idle = await self.send(self.by_class(cls), {"method": "custom", "content": {"event": "click"}}, wait=True)
        return t, idle

    async def close(self) -> None:
        if self.ws is not None:
            self.ws.close()
            self.reader.cancel()
        if self.kernel_id:
            await AsyncHTTPClient().fetch(HTTPRequest(self.base + f"voila/api/shutdown/{self.kernel_id}", method="POST",
                                                      body=b"", request_timeout=30), raise_error=False)


async def student(page: Page, name: str, asked: list[asyncio.Event], results: list[dict], think: float,
                  joined: list[float]) -> None:
    t0 = time.perf_counter()
    await page.open()
    await page.send(page.by_class("shogun-quiz-name"), {"method": "update", "state": {"value": name},
                                                         "buffer_paths": []}, wait=True)
    await page.click("shogun-quiz-join")
    joined.append(time.perf_counter() - t0)
    option = page.by_class("shogun-quiz-option-0")
    for n, event in enumerate(asked):
        await event.wait()
        while page.states[option].get("disabled", True) or page.states[option].get("description", "") == "":
            await asyncio.sleep(0.05)  # the question reaches this page's kernel at its next poll
        await asyncio.sleep(random.uniform(0, think))
        sent, idle = await page.click(f"shogun-quiz-option-{random.randrange(2)}")
        results.append({"question": n, "sent": sent, "stored": idle})
        while not page.states[option].get("disabled", False):  # answered: disabled until the next question
            await asyncio.sleep(0.05)


async def sample_load(seen: list[float]) -> list[float]:
    """The machine's 1-minute load average every 5 s (the machine is shared: the figures depend on it)."""
    while True:
        seen.append(os.getloadavg()[0])
        await asyncio.sleep(5)


async def reveal(pages: list[Page], projector: Page, timeout: float = 60) -> tuple[list[float], int]:
    """The projector reveals the answer: for each page, the time from the click to the first update that shows the
    answer (with its picture, if the question has one); and the size of that update's HTML."""
    seen: dict[int, float] = {}
    size = [0]

    def watcher(i):
        def fn(comm, state, now):
            value = str(state.get("value", ""))
            if i not in seen and "shogun-quiz-answer" in value:
                seen[i] = now
                size[0] = max(size[0], len(value.encode()))
        return fn
    fns = [watcher(i) for i in range(len(pages))]
    for p, fn in zip(pages, fns):
        p.watchers.append(fn)
    sent, _idle = await projector.click("shogun-quiz-reveal")
    deadline = time.perf_counter() + timeout
    while len(seen) < len(pages) and time.perf_counter() < deadline:
        await asyncio.sleep(0.1)
    for p, fn in zip(pages, fns):
        p.watchers.remove(fn)
    return [seen.get(i, float("inf")) - sent for i in range(len(pages))], size[0]


async def main(args) -> None:
    from shogun_tutor.session import open_store
    from shogun_tutor.session.quiz import QuizSession
    from shogun_tutor.ui.quiz import draw

    folder = Path(tempfile.mkdtemp())
    database = f"sqlite:///{folder / 'sessions.sqlite3'}"
    os.environ["SHOGUN_TUTOR_DATABASE_URL"] = database
    host = "load-host-token-0123456789"
    store = open_store(database)
    quiz = QuizSession.create(store, {"kind": "quiz", "count": args.questions, "seed": 5, "seconds": 600}, host, draw)
    out = Path(__file__).resolve().parents[2] / "test-output" / "load"
    out.mkdir(parents=True, exist_ok=True)
    port = free_port()
    server = Server([sys.executable, "-m", "shogun_tutor", "app", "--port", str(port), "--pool-size", "1"], port,
                    out / "quiz.log")
    pages: list[Page] = []
    load_seen: list[float] = []
    sampler = asyncio.ensure_future(sample_load(load_seen))
    try:
        server.wait()
        server.wait_pool(1, timeout=240)
        projector = Page(server.url, quiz.code, {quiz.code: host})
        pages.append(projector)
        await projector.open()
        counts: list[tuple[float, int]] = []  # (time, count) of each update of the projector's count

        def watch(comm, state, now):
            found = ANSWERED.search(str(state.get("value", "")))
            if found:
                counts.append((now, int(found[1])))
        projector.watchers.append(watch)
        asked = [asyncio.Event() for _ in range(args.questions)]
        results: list[dict] = []
        joined: list[float] = []
        t0 = time.perf_counter()
        tasks = []
        for i in range(args.students):
            await asyncio.sleep(max(0.0, t0 + i * args.over / args.students - time.perf_counter()))
            p = Page(server.url, quiz.code, {})
            pages.append(p)
            tasks.append(asyncio.ensure_future(student(p, f"Student {i + 1}", asked, results, args.think, joined)))
        while len(joined) < args.students:
            failed = [t for t in tasks if t.done() and t.exception()]
            if failed:
                raise failed[0].exception()
            await asyncio.sleep(0.5)
        print(f"{args.students} students joined; join (GET to joined) median {statistics.median(joined):.1f} s, "
              f"p95 {p95(joined):.1f} s, over {time.perf_counter() - t0:.0f} s", flush=True)
        lags: list[float] = []
        reveals: list[tuple[list[float], int]] = []
        for n in range(args.questions):
            mark = len(counts)
            await projector.click("shogun-quiz-ask")
            asked[n].set()
            while sum(1 for r in results if r["question"] == n) < args.students:
                await asyncio.sleep(0.2)
            deadline = time.perf_counter() + 10
            while (not counts[mark:] or counts[-1][1] < args.students) and time.perf_counter() < deadline:
                await asyncio.sleep(0.1)
            mine = sorted((r for r in results if r["question"] == n), key=lambda r: r["stored"])
            shown = counts[mark:]
            for k, r in enumerate(mine, start=1):
                seen = next((t for t, c in shown if c >= k), None)
                lags.append(float("inf") if seen is None else seen - r["sent"])
            rt = [r["stored"] - r["sent"] for r in mine]
            print(f"question {n + 1}: {len(mine)} answers; click to stored median {statistics.median(rt) * 1000:.0f} ms,"
                  f" p95 {p95(rt) * 1000:.0f} ms; projector's count reached {shown[-1][1] if shown else 0}", flush=True)
            reveals.append(await reveal(pages, projector))
        quiz.refresh()
        stored = sum(len(a) for a in quiz.answers.values())
        print(f"projector's count lag (click to the count including it), {len(lags)} answers: median "
              f"{statistics.median(lags) * 1000:.0f} ms, p95 {p95(lags) * 1000:.0f} ms, max {max(lags) * 1000:.0f} ms")
        print(f"answers stored: {stored} of {args.students * args.questions}; students in the store: {len(quiz.names)}")
        fan = [t for times, _size in reveals for t in times]
        print(f"reveal (click to the answer on a page), {len(fan)} pages x reveals: median "
              f"{statistics.median(fan) * 1000:.0f} ms, p95 {p95(fan) * 1000:.0f} ms, max {max(fan) * 1000:.0f} ms; "
              f"the reveal's HTML per page: {', '.join(f'{size / 1000:.1f} kB' for _t, size in reveals)}")
        loads = list(load_seen)
        print(f"machine load average (1 min) during the run: mean {statistics.mean(loads):.1f}, max {max(loads):.1f} "
              f"({os.cpu_count()} cores)")
        print(json.dumps({"students": args.students, "lag_median_s": round(statistics.median(lags), 3),
                          "lag_p95_s": round(p95(lags), 3), "stored": stored, "reveal_p95_s": round(p95(fan), 3),
                          "load_max": round(max(loads), 1)}))
    finally:
        sampler.cancel()
        for p in pages:
            try:
                await p.close()
            except Exception:  # noqa: BLE001 - the server may be gone
                pass
        server.stop()
        store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="load_quiz.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--over", type=float, default=90, help="seconds over which the students arrive")
    parser.add_argument("--questions", type=int, default=3)
    parser.add_argument("--think", type=float, default=5.0, help="a student answers within this many seconds")
    asyncio.run(main(parser.parse_args()))
