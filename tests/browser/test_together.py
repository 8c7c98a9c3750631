"""Play together in the browser: a teacher (the projector, 1920x1080) and three students (one on a phone,
390x844) play a year of one session; a student reloads mid-season and goes on; a late student joins and
watches; hot-seat with the curtain; a copied address reopens the position.

Secret planning is checked where it could leak: every websocket frame a page receives from its kernel (all
widget state and every update). The true plans are read from the session's store (the test's own SQLite
file); a plan card that the game has not turned up must not reach the teacher's page or another seat's page.
The students' own pages, which show their plan (the hint lists it), are the check that the search works.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from contextlib import ExitStack, contextmanager

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from shogun_tutor.session import Session, open_store
from shogun_tutor.text.decisions import describe_decision

from ..servers import stop, wait_until_serving
from .conftest import OUTPUT, RENDER_TIMEOUT_MS, AppPage, _free_port, app_command, click_shown, visible_text, wait_text

pytestmark = pytest.mark.browser

SHOW = "(sel) => { const e = [...document.querySelectorAll(sel)].find(e => e.offsetParent !== null); return !!e; }"


@pytest.fixture(scope="module")
def together_server(tmp_path_factory):
    """The app with a session store of its own (a SQLite file); yields (url, store address)."""
    folder = tmp_path_factory.mktemp("sessions")
    database = f"sqlite:///{folder / 'sessions.sqlite3'}"
    port = _free_port()
    OUTPUT.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "SHOGUN_TUTOR_DATABASE_URL": database}
    with (OUTPUT / "voila-together.log").open("w") as fh:
        proc = subprocess.Popen(app_command(port) + ["--show_tracebacks=True"], cwd=OUTPUT.parents[1],
                                stdout=fh, stderr=subprocess.STDOUT, env=env)
        url = f"http://127.0.0.1:{port}/"
        try:
            wait_until_serving(proc, url, what="voila (see voila-together.log)")
            yield url, database
        finally:
            stop(proc)


class Device(AppPage):
    """A page in a browser context of its own (its own localStorage: its own device), with the text of every
    websocket frame its kernel sent it."""

    def __init__(self, page):
        super().__init__(page)
        self.frames: list[str] = []
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _frame(self, payload) -> None:
        self.frames.append(payload.decode("utf-8", "replace") if isinstance(payload, (bytes, bytearray)) else payload)

    def received(self, text: str) -> bool:
        escaped = json.dumps(text)[1:-1]  # as it stands inside a JSON message (non-ASCII as \\uXXXX)
        return any(text in f or escaped in f for f in self.frames)

    def visible(self, selector: str) -> bool:
        return self.page.evaluate(SHOW, selector)

    def status(self) -> str:
        return visible_text(self.page, ".shogun-status")


@contextmanager
def device(browser, width: int, height: int, url: str):
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        d = Device(context.new_page())
        d.open(url)
        yield d
    finally:
        context.close()


def start_session(teacher: Device, players: int) -> str:
    page = teacher.page
    page.locator("button.shogun-together-open").first.click()
    page.locator(".shogun-together-start select").first.select_option(str(players))
    page.locator("button.shogun-together-create").first.click()
    page.wait_for_selector(".shogun-join-code", timeout=60_000)
    return page.locator(".shogun-join-code").first.inner_text().replace(" ", "")


def take_seat(d: Device, seat: int) -> None:
    d.page.locator(f".shogun-together-seat-{seat} button.shogun-seat-take").first.click()
    d.page.wait_for_selector(f".shogun-together-seat-{seat} button.shogun-seat-leave", timeout=60_000)


_STATE = ("() => document.querySelector('.shogun-status').innerText + [...document.querySelectorAll('.shogun-step-label')]"
          ".filter(e => e.offsetParent).map(e => e.innerText).join('')")


# the host's "Step for everyone", pressed only if the projector shows the line ``t`` and the button is enabled
STEP_IF_SHOWN = ("(t) => { const b = [...document.querySelectorAll('button.shogun-host-step')].find(e => e.offsetParent);"
                 f" if (!b || b.disabled || ({_STATE})() !== t) return false; b.click(); return true; }}")


# this device's seat must decide: its controls (the planning board's confirm, or a choice's play button) and the
# hint button are shown
_DECIDING = (f"() => (({SHOW})('.shogun-plan-confirm') || ({SHOW})('.shogun-play')) && ({SHOW})('.shogun-hint-button')")


def decide_by_hint(d: Device, timeout: float = 60_000) -> bool:
    """Once this device's seat must decide (its controls and the hint shown, waited for up to ``timeout`` ms): take
    the strong bot's advice and confirm it (3 clicks); True if the decision was made.

    The kernel may redraw between a reading and a click (a poll brought another device's change, or the controls
    of this decision were still being drawn): a click that finds its control gone is not a failure, the page is
    read again and the decision retried until the deadline; a decision that did go through (the page moved on)
    is not made twice."""
    page = d.page
    deadline = time.monotonic() + timeout / 1000
    while True:
        left = (deadline - time.monotonic()) * 1000
        if left <= 0:
            return False
        try:
            page.wait_for_function(_DECIDING, timeout=left)
        except PlaywrightTimeout:
            return False
        plan = d.visible(".shogun-plan-confirm")
        before = page.evaluate(_STATE)
        if not click_shown(page, ".shogun-hint-button"):
            continue  # redrawn meanwhile: read again
        if not click_shown(page, ".shogun-hint-take", timeout=60_000):
            continue  # the strong bot's advice was for a decision no longer pending
        if plan:
            done = click_shown(page, ".shogun-plan-confirm", timeout=30_000)
        else:
            done = click_shown(page, ".shogun-play")
        try:
            page.wait_for_function(f"(t) => ({_STATE})() !== t", arg=before, timeout=30_000 if done else 2_000)
            return True
        except PlaywrightTimeout:
            if done:
                raise AssertionError(f"the decision was confirmed but the page did not change: {before!r}") from None
            continue


def snapshot(**devices: Device) -> str:
    """What each page shows (status, step label, the reading-back banner), for a failure's message."""
    out = []
    for name, d in devices.items():
        if d is None:
            continue
        shown = {sel: visible_text(d.page, sel)[:160] for sel in
                 (".shogun-status", ".shogun-step-label", ".shogun-reading-back", ".shogun-together-message",
                  ".shogun-session-notice")}
        out.append(f"{name}: {shown}")
    return "\n".join(out)


def step_numbers(d: Device) -> tuple[int, int]:
    """(N, M) of the page's "Step N of M"."""
    import re

    found = re.search(r"Step (\d+) of (\d+)", visible_text(d.page, ".shogun-step-label"))
    assert found, visible_text(d.page, ".shogun-step-label")
    return int(found[1]), int(found[2])


def reach_year_2(d: Device, total: int) -> None:
    """The page has the class's whole game (``total`` steps, as the projector) and shows the second year, or, if
    it still shows what its own last decision did (the step of that decision: the seat whose decision led straight
    into the new year sees its consequences first, and no later change moved its page on), "Next step" reads on
    to the second year through steps already played (it plays nothing: only while steps lie ahead)."""
    page = d.page
    # at least the projector's count when it was read: the class's game may have grown by a step since
    page.wait_for_function(f"(m) => {{ const n = ({_STATE})().match(/ of (\\d+)/); return !!n && +n[1] >= m; }}",
                           arg=total, timeout=20_000)
    for _ in range(total):
        if "Year 2" in d.status():
            return
        number, of = step_numbers(d)
        assert of == total and number < total, f"step {number} of {of} shown, not the second year"
        page.locator(".shogun-next:visible").first.click()
        wait_text(page, ".shogun-step-label", f"Step {number + 1} of {total}", timeout=20_000)
    raise AssertionError("no second year after reading every step")


def unrevealed_plans(database: str, code: str) -> dict[int, list[str]]:
    """Per seat, the described plan cards of the present round that the game has not turned up yet."""
    from shogun_tutor.ui.step_view import face_up

    s = Session.open(open_store(database), code)
    log = s.game.state.log
    start = max((i for i, e in enumerate(log) if e["rule"] == "round.start"), default=0)
    out: dict[int, list[str]] = {}
    for pl in s.game.state.players:
        for field, card in pl.plan.items():
            if card is None:
                continue
            from shogun_tutor.rules.state import Decision

            d = Decision("plan", pl.seat, field=field, card=card)
            if not face_up(log, start, d):
                out.setdefault(pl.seat, []).append(describe_decision(d))
    s.store.close()
    return out


def test_a_class_plays_a_year_together(browser, together_server):
    url, database = together_server
    started = time.monotonic()
    with ExitStack() as stack:
        teacher = stack.enter_context(device(browser, 1920, 1080, url + "?tab=game&teacher=1"))
        teacher.page.wait_for_selector(".js-plotly-plot.shogun-board .scatterlayer", timeout=RENDER_TIMEOUT_MS)
        code = start_session(teacher, 4)
        teacher.page.wait_for_function("(c) => location.search.includes('game=' + c)", arg=code, timeout=10_000)
        assert teacher.page.locator(".shogun-join svg").count() == 1  # the QR code, drawn in the page
        students = [stack.enter_context(device(browser, w, h, url + f"?game={code}"))
                    for w, h in ((1366, 768), (1366, 768), (390, 844))]
        for seat, s in enumerate(students):
            s.page.wait_for_selector(f".shogun-together-seat-{seat} button.shogun-seat-take", timeout=RENDER_TIMEOUT_MS)
            take_seat(s, seat)
        wait_text(teacher.page, ".shogun-together-seat-2", "another device", timeout=10_000)
        teacher.screenshot("together-teacher-1920")
        students[2].screenshot("together-student-phone-390")

        # the first planning: Red, then Blue (who reloads on her turn), then Black
        wait_text(students[0].page, ".shogun-status", "Red decides")
        assert decide_by_hint(students[0])
        wait_text(teacher.page, ".shogun-status", "Blue decides", timeout=10_000)  # the projector follows
        students[1].page.reload()
        students[1].page.wait_for_selector(".shogun-planning-board .shogun-plan-field", timeout=RENDER_TIMEOUT_MS)
        assert "Blue (you)" in visible_text(students[1].page, ".shogun-together-seat-1")
        assert decide_by_hint(students[1])
        students[2].page.wait_for_selector(".shogun-plan-confirm", state="visible", timeout=30_000)
        assert decide_by_hint(students[2])
        wait_text(teacher.page, ".shogun-status", "Yellow decides", timeout=10_000)

        secrets = unrevealed_plans(database, code)
        assert set(secrets) == {0, 1, 2} and all(len(v) >= 8 for v in secrets.values())
        for seat, student in enumerate(students):
            assert all(student.received(t) for t in secrets[seat]), "the search finds a device's own plan"
            # (a war-chest card on a field can lie in two plans: only what this seat did not plan itself)
            others = [t for other, ts in secrets.items() if other != seat for t in ts if t not in secrets[seat]]
            leaked = [t for t in others if student.received(t)]
            assert not leaked, f"seat {seat} received other seats' plan cards: {leaked}"
        leaked = [t for ts in secrets.values() for t in ts if teacher.received(t)]
        assert not leaked, f"the projector received plan cards: {leaked}"
        print(f"\nsecret planning: {sum(map(len, secrets.values()))} plan cards face down, none in another "
              f"device's {sum(len(d.frames) for d in [teacher, *students])} websocket frames")

        # the year: the teacher steps for everyone, each student decides on their turn (the hint's advice)
        late = None
        steps = decisions = 0
        waits: list[float] = []  # seconds from a host step's click to the projector's change
        colours = ("Red", "Blue", "Black")
        rounds = 0
        while steps < 400 and rounds < 3000:
            rounds += 1
            # the projector's line read once: every choice of this round is made on that one reading (read
            # again for each check, it could change in between: a student's decision that reached the projector
            # late made it "Year 2 · Spring · Red decides" after it had been checked for a student's turn, and
            # the host then pressed a step that rightly did nothing while Red decides)
            shown = teacher.page.evaluate(_STATE)
            if "Year 2" in shown or "over" in shown:
                break
            waiting = next((i for i, c in enumerate(colours) if f"{c} decides" in shown), None)
            if waiting is not None:  # a student's turn: their page offers the decision (after its next poll)
                s = students[waiting]
                try:
                    s.page.wait_for_function(f"() => ({SHOW})('.shogun-plan-confirm') || ({SHOW})('.shogun-play')",
                                             timeout=20_000)
                except PlaywrightTimeout:
                    if f"{colours[waiting]} decides" not in teacher.status():
                        continue  # the projector's line was read just before it moved on to the next seat
                    s.screenshot("FAILED-together-student-turn")
                    raise AssertionError(f"{colours[waiting]}'s page offers no decision: the projector shows "
                                         f"{teacher.status()!r}, the student's page {s.status()!r}, "
                                         f"{visible_text(s.page, '.shogun-game-side')[:600]!r}") from None
                if decide_by_hint(s, timeout=20_000):
                    decisions += 1
                    # the projector shows it (its step text usually changes; the status may stay: the same seat
                    # may decide on, so no failure if it does not)
                    try:
                        teacher.page.wait_for_function(f"(t) => ({_STATE})() !== t", arg=shown, timeout=5_000)
                    except PlaywrightTimeout:
                        pass
                continue
            if late is None and "Summer" in shown:
                late = stack.enter_context(device(browser, 1366, 768, url + f"?game={code}"))
                wait_text(late.page, ".shogun-together-state", "You are watching", timeout=RENDER_TIMEOUT_MS)
                wait_text(late.page, ".shogun-status", "Summer", timeout=10_000)  # where the class is
                continue
            # a bot's turn on the line read: press "Step for everyone" only if the projector still shows that line
            # and offers the button, in one go in the page
            before = shown
            clicked = time.monotonic()
            if not teacher.page.evaluate(STEP_IF_SHOWN, shown):
                teacher.page.wait_for_timeout(300)
                continue
            steps += 1
            try:
                teacher.page.wait_for_function(f"(t) => ({_STATE})() !== t", arg=before, timeout=30_000)
                waits.append(time.monotonic() - clicked)
            except PlaywrightTimeout:
                teacher.screenshot("FAILED-together-host-step")
                raise AssertionError(f"host step {steps} changed nothing in 30 s (before: {before!r})\n" + snapshot(
                    teacher=teacher, red=students[0], blue=students[1], black=students[2], late=late)) from None
        assert "Year 2" in teacher.status(), teacher.status()
        assert late is not None
        total = step_numbers(teacher)[1]
        for name, d in zip(("red", "blue", "black", "late"), [*students, late]):  # every page follows into year 2
            try:
                reach_year_2(d, total)
            except (PlaywrightTimeout, AssertionError) as exc:
                d.screenshot(f"FAILED-together-year-2-{name}")
                raise AssertionError(f"{name}'s page did not follow into year 2 ({exc})\n" + snapshot(
                    teacher=teacher, red=students[0], blue=students[1], black=students[2], late=late)) from None
        teacher.screenshot("together-teacher-year-2-1920")
        students[2].screenshot("together-student-phone-year-2-390")
        waits.sort()
        print(f"host steps: click to projector change median {waits[len(waits) // 2]:.2f} s, slowest {waits[-1]:.2f} s")
        print(f"a year together: {steps} steps by the teacher, {decisions} student decisions, "
              f"{time.monotonic() - started:.0f} s")
        for d in [teacher, *students, late]:
            d.assert_clean()


def test_hot_seat_hands_the_device_over_behind_a_curtain(browser, together_server):
    url, database = together_server
    with device(browser, 1366, 768, url + "?tab=game&lang=nl") as d:
        page = d.page
        page.wait_for_selector(".js-plotly-plot.shogun-board .scatterlayer", timeout=RENDER_TIMEOUT_MS)
        code = start_session(d, 3)
        take_seat(d, 0)
        take_seat(d, 1)
        page.wait_for_selector(".shogun-plan-confirm", state="visible", timeout=30_000)
        assert decide_by_hint(d)  # Red plans
        curtain = page.locator(".shogun-curtain")
        curtain.wait_for(state="visible", timeout=30_000)
        text = curtain.inner_text()
        assert "Geef het apparaat aan Blauw." in text
        assert not d.visible(".shogun-game-panel")  # nothing of the game behind the curtain
        red = unrevealed_plans(database, code)[0]
        shown = page.evaluate("document.body.innerText")
        assert not [t for t in red if t in shown]
        d.screenshot("together-hot-seat-curtain-nl-1366")
        page.locator("button.shogun-curtain-lift").first.click()
        page.wait_for_selector(".shogun-plan-confirm", state="visible", timeout=30_000)
        assert d.visible(".shogun-game-panel") and not d.visible(".shogun-curtain")
        assert "Blauw" in d.status()
        d.assert_clean()


def test_the_address_follows_and_reopens_the_position(browser, together_server):
    url, _database = together_server
    with device(browser, 1366, 768, url + "?tab=game") as host:
        page = host.page
        page.wait_for_selector(".js-plotly-plot.shogun-board .scatterlayer", timeout=RENDER_TIMEOUT_MS)
        code = start_session(host, 3)
        for _ in range(3):
            label = visible_text(page, ".shogun-step-label")
            page.locator("button.shogun-host-step").first.click()
            page.wait_for_function("(t) => [...document.querySelectorAll('.shogun-step-label')]"
                                   ".filter(e => e.offsetParent).map(e => e.innerText).join('') !== t", arg=label)
        page.locator(".shogun-step-back").first.click()
        page.wait_for_function("location.search.includes('step=')")
        page.wait_for_timeout(500)
        query = page.evaluate("location.search")
        label = visible_text(page, ".shogun-step-label")
        assert f"game={code}" in query and "tab=game" in query
        page.locator("a.lm-TabBar-tab, .lm-TabBar-tab", has_text="Rulebook").first.click()
        page.wait_for_function("location.search.includes('chapter=goal')")
        with device(browser, 1366, 768, url + query) as again:
            again.page.wait_for_function("(t) => [...document.querySelectorAll('.shogun-step-label')]"
                                         ".filter(e => e.offsetParent).map(e => e.innerText).join('') === t",
                                         arg=label, timeout=RENDER_TIMEOUT_MS)
            again.assert_clean()
        host.assert_clean()


def test_in_japanese_the_projector_shows_a_chapter_to_every_watcher(browser, together_server):
    """The host's *Show to everyone* in another language: a watcher's page (a phone) opens the chapter."""
    url, _database = together_server
    with device(browser, 1920, 1080, url + "?tab=game&lang=ja&teacher=1") as teacher:
        teacher.page.wait_for_selector(".js-plotly-plot.shogun-board .scatterlayer", timeout=RENDER_TIMEOUT_MS)
        code = start_session(teacher, 5)
        with device(browser, 390, 844, url + f"?game={code}&lang=ja") as phone:
            wait_text(phone.page, ".shogun-together-state", "観戦中です", timeout=RENDER_TIMEOUT_MS)
            take_seat(phone, 4)
            wait_text(teacher.page, ".shogun-together-seat-4", "別の端末", timeout=10_000)
            teacher.screenshot("together-teacher-ja-1920")
            phone.screenshot("together-student-phone-ja-390")
            from shogun_tutor.rulebook import content

            battles = 1 + [c.key for c in content.CHAPTERS].index("battles")  # after "the game"
            teacher.page.locator(".shogun-host-controls select").first.select_option(index=battles)
            teacher.page.locator("button.shogun-host-show").first.click()
            phone.page.wait_for_function("location.search.includes('chapter=battles')", timeout=10_000)
            assert phone.visible(".shogun-rulebook")
            phone.screenshot("together-student-phone-ja-chapter-390")
            phone.assert_clean()
        teacher.assert_clean()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_teachers_page_has_one_set_of_pacing_controls(browser, together_server, lang):
    """The host's page paces the class from the Play together bar (step for everyone, pause, undo the last decision);
    the guided game's Next step, Next round, To the end and Undo a step are not shown beside them. A student's page
    keeps Next step. Screenshots at 1366x768 and 1920x1080."""
    from .catalog import Texts

    t = Texts(lang)
    url, _database = together_server
    with device(browser, 1920, 1080, url + f"?tab=game&teacher=1&lang={lang}") as teacher:
        page = teacher.page
        page.wait_for_selector(".js-plotly-plot.shogun-board .scatterlayer", timeout=RENDER_TIMEOUT_MS)
        code = start_session(teacher, 4)
        page.wait_for_selector("button.shogun-host-step", state="visible", timeout=30_000)
        assert t("Step for everyone") in visible_text(page, "button.shogun-host-step")
        for host_control in ("button.shogun-host-step", ".shogun-host-pause", "button.shogun-host-undo"):
            assert teacher.visible(host_control), host_control
        page.wait_for_function(f"() => !({SHOW})('.shogun-next')", timeout=30_000)
        step_buttons = visible_text(page, ".shogun-step-buttons")
        for single in ("Next step", "Next round", "To the end", "Undo a step"):
            assert t(single) not in step_buttons, f"{single!r} shown on the host's page: {step_buttons!r}"
        label = page.evaluate(_STATE)
        assert page.evaluate(STEP_IF_SHOWN, label)  # the bar's step plays for everyone
        page.wait_for_function(f"(t) => ({_STATE})() !== t", arg=label, timeout=30_000)
        teacher.screenshot(f"together-teacher-controls-{lang}-1920")
        page.set_viewport_size({"width": 1366, "height": 768})
        page.wait_for_function("() => window.innerWidth === 1366")
        teacher.screenshot(f"together-teacher-controls-{lang}-1366")
        with device(browser, 1366, 768, url + f"?game={code}&lang={lang}") as student:
            student.page.wait_for_selector(".shogun-together-seat-0 button.shogun-seat-take", timeout=RENDER_TIMEOUT_MS)
            student.page.wait_for_function(f"() => ({SHOW})('.shogun-next')", timeout=30_000)
            assert not student.visible("button.shogun-host-step")
            assert t("Next step") in visible_text(student.page, ".shogun-step-buttons")
            assert t("Undo a step") not in visible_text(student.page, ".shogun-step-buttons")  # the host's alone
            student.assert_clean()
        teacher.assert_clean()
