"""Two ``shogun-tutor app`` processes behind one proxy serve one class (docs/deploy.md, "Several servers"):
the games live in a real PostgreSQL (Debian's, started here), so a teacher whose page is served by one process
and a student whose page is served by the other play the same session; a decision made through either
process reaches the other's page.

The proxy is configurable-http-proxy (the one JupyterHub uses, installed by ``make test``): ``/one/`` goes to
the first process and ``/two/`` to the second (each started with its ``--Voila.base_url``), as an operator
puts several servers behind one address.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from contextlib import ExitStack, contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from shogun_tutor.session import Session, open_store

from ..pgserver import PgServer, pg_bin
from ..servers import stop, wait_until_serving
from .conftest import OUTPUT, RENDER_TIMEOUT_MS, _free_port, app_command, wait_text
from .test_together import _STATE, STEP_IF_SHOWN, decide_by_hint, device, start_session, take_seat

pytestmark = pytest.mark.browser

PROXY = Path(sys.prefix) / "node" / "node_modules" / ".bin" / "configurable-http-proxy"
TOKEN = "two-processes-test"


@contextmanager
def _app(name: str, database: str):
    port = _free_port()
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "SHOGUN_TUTOR_DATABASE_URL": database}
    with (OUTPUT / f"voila-{name}.log").open("w") as fh:
        proc = subprocess.Popen(app_command(port, f"--Voila.base_url=/{name}/"), cwd=OUTPUT.parents[1],
                                stdout=fh, stderr=subprocess.STDOUT, env=env)
        try:
            wait_until_serving(proc, f"http://127.0.0.1:{port}/{name}/", what=f"voila {name} (voila-{name}.log)")
            yield port
        finally:
            stop(proc)


@contextmanager
def _proxy(routes: dict[str, int]):
    """configurable-http-proxy on a free port, one route per process (set through its REST API)."""
    if not PROXY.exists():
        pytest.fail(f"configurable-http-proxy not found at {PROXY}: run `make proxy` (make test installs it)")
    port, api = _free_port(), _free_port()
    env = {**os.environ, "CONFIGPROXY_AUTH_TOKEN": TOKEN}
    with (OUTPUT / "proxy-two-processes.log").open("w") as fh:
        proc = subprocess.Popen([str(PROXY), "--ip", "127.0.0.1", "--port", str(port), "--api-ip", "127.0.0.1",
                                 "--api-port", str(api), "--log-level", "warn"], stdout=fh, stderr=subprocess.STDOUT,
                                env=env)
        try:
            deadline = time.monotonic() + 60
            for name, target in routes.items():
                while True:
                    request = urllib.request.Request(
                        f"http://127.0.0.1:{api}/api/routes/{name}", method="POST",
                        data=json.dumps({"target": f"http://127.0.0.1:{target}"}).encode(),
                        headers={"Authorization": f"token {TOKEN}"})
                    try:
                        urllib.request.urlopen(request, timeout=5).close()
                        break
                    except OSError:
                        if time.monotonic() > deadline or proc.poll() is not None:
                            raise
                        time.sleep(0.3)
            yield f"http://127.0.0.1:{port}"
        finally:
            stop(proc)


@pytest.fixture(scope="module")
def two_processes():
    """(proxy address, PostgreSQL URL, the processes' ports)."""
    if pg_bin() is None:
        pytest.fail("PostgreSQL is not installed: make test installs Debian's postgresql")
    OUTPUT.mkdir(parents=True, exist_ok=True)
    pg = PgServer().start()
    try:
        pg.wait_ready()
        database = pg.new_database()
        with ExitStack() as stack:
            one = stack.enter_context(_app("one", database))
            two = stack.enter_context(_app("two", database))
            base = stack.enter_context(_proxy({"one": one, "two": two}))
            yield base, database, (one, two)
    finally:
        pg.destroy()


def _health(base: str, name: str) -> dict:
    with urllib.request.urlopen(f"{base}/{name}/health", timeout=10) as r:
        return json.loads(r.read())


def test_a_teacher_on_one_process_and_a_student_on_the_other_play_one_session(browser, two_processes):
    base, database, _ports = two_processes
    assert _health(base, "one")["status"] == _health(base, "two")["status"] == "ok"  # both behind the one proxy
    with device(browser, 1366, 768, f"{base}/one/?tab=game&teacher=1") as teacher:
        teacher.page.wait_for_selector(".js-plotly-plot.shogun-board .scatterlayer", timeout=RENDER_TIMEOUT_MS)
        code = start_session(teacher, 3)
        with device(browser, 390, 844, f"{base}/two/?game={code}") as student:  # the other process
            student.page.wait_for_selector(".shogun-together-seat-0 button.shogun-seat-take", timeout=RENDER_TIMEOUT_MS)
            take_seat(student, 0)
            # the seat taken through process two shows on process one's page (its kernel polls the same store)
            wait_text(teacher.page, ".shogun-together-seat-0", "another device", timeout=20_000)
            wait_text(student.page, ".shogun-status", "Red decides", timeout=30_000)
            # (the status reads so for every page from the start: the plan's controls come with the seat's redraw,
            # which decide_by_hint waits for)
            before = teacher.page.evaluate(_STATE)
            assert decide_by_hint(student)  # Red's plan, made on process two
            teacher.page.wait_for_function(f"(t) => ({_STATE})() !== t", arg=before, timeout=20_000)
            stored = Session.open(open_store(database), code)
            try:
                planned = stored.game.state.players[0].plan
                assert all(card is not None for card in planned.values()), "Red's plan is in the shared store"
            finally:
                stored.store.close()
            # and back: the teacher steps for everyone on process one; the student's page on process two follows
            student_before = student.page.evaluate(_STATE)
            # pressed only while the projector shows the line read and offers the button (one go in the page: the
            # kernel may redraw between a reading and a click); read again until it does, within a deadline
            deadline = time.monotonic() + 60
            while True:
                label = teacher.page.evaluate(_STATE)
                if teacher.page.evaluate(STEP_IF_SHOWN, label):
                    break
                assert time.monotonic() < deadline, f"the host's step stayed unavailable: {label!r}"
                try:
                    teacher.page.wait_for_function(
                        "(t) => [...document.querySelectorAll('button.shogun-host-step')].some(b => b.offsetParent && "
                        f"!b.disabled) || ({_STATE})() !== t", arg=label, timeout=10_000)
                except PlaywrightTimeout:
                    pass
            teacher.page.wait_for_function(f"(t) => ({_STATE})() !== t", arg=label, timeout=30_000)
            student.page.wait_for_function(f"(t) => ({_STATE})() !== t", arg=student_before, timeout=20_000)
            student.screenshot("two-processes-student-390")
            teacher.screenshot("two-processes-teacher-1366")
            student.assert_clean()
            teacher.assert_clean()
