"""The static build (``make static``): any static file server, Python in the browser, no kernel anywhere.

Builds the site once for the module (deploy/static/build.py; its downloads are kept in
``.cache/static`` between runs, a fresh machine fetches them from PyPI and npm), serves the folder
with ``python -m http.server`` and opens it in Chromium with every other host blocked.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
import time
import urllib.request

import pytest

from shogun_tutor.i18n import LANGUAGES
from shogun_tutor.plotly_assets import PARTIAL_BUNDLE, PLOTLY_JS_VERSION
from shogun_tutor.ui.app_tabs import TAB_KEYS
from shogun_tutor.ui.widgets.plotly_widget import PLOTLY_MODULE_ENV

from ..deploy_scripts import static_script
from ..servers import stop
from .catalog import Texts
from .conftest import OUTPUT, ROOT, VISIBLE, _free_port, wait_language, wait_text
from .test_board_drawn import _plotly_files

pytestmark = [pytest.mark.slow, pytest.mark.browser]

#: Pyodide starts, installs ~30 wheels and imports the app: about a minute on a busy 2-core machine
FIRST_SCREEN_MS = 300_000
LOCAL = re.compile(r"^(https?|wss?)://127\.0\.0\.1(:\d+)?/")


@pytest.fixture(scope="module")
def static_site(tmp_path_factory):
    out = tmp_path_factory.mktemp("static") / "site"
    build = subprocess.run([sys.executable, str(ROOT / "deploy" / "static" / "build.py"), "--out", str(out)],
                           capture_output=True, text=True, timeout=1800)
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", "-b", "127.0.0.1", "-d", str(out), str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(url, timeout=2)
            break
        except OSError:
            assert time.monotonic() < deadline and server.poll() is None, "http.server did not start"
            time.sleep(0.2)
    try:
        yield out, url + "voici/render/index.html"
    finally:
        stop(server)


def test_the_build_holds_everything_the_page_loads(static_site):
    out, _url = static_site
    pyodide = out / "static" / "pyodide"
    assert (pyodide / "pyodide.asm.wasm").exists() and (pyodide / "python_stdlib.zip").exists()
    wheels = sorted(p.name for p in pyodide.glob("*.whl"))
    assert any(w.startswith("shogun_tutor-") for w in wheels) and any(w.startswith("plotly-") for w in wheels)
    assert all(w.endswith("-none-any.whl") for w in wheels), wheels  # pure Python: nothing compiled from PyPI
    for page in out.rglob("*.html"):
        assert not re.search(r'<(?:link|script)[^>]+(?:href|src)="https?://', page.read_text()), page
    # every wheel is in the lock with its hash, and the kernel loads them all as Pyodide starts (lock.py)
    packages = json.loads((pyodide / "pyodide-lock.json").read_text())["packages"]
    assert sorted(e["file_name"] for e in packages.values()) == wheels
    for entry in packages.values():
        assert entry["sha256"] == hashlib.sha256((pyodide / entry["file_name"]).read_bytes()).hexdigest(), entry
        assert set(entry["depends"]) <= set(packages), entry
    settings = json.loads((out / "jupyter-lite.json").read_text())["jupyter-config-data"]["litePluginSettings"]
    loaded = settings["@jupyterlite/pyodide-kernel-extension:kernel"]["loadPyodideOptions"]["packages"]
    assert {"micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython",
            "shogun-tutor", "plotly", "networkx"} <= set(loaded)
    assert not (out / "pypi").exists()  # no second copy of the wheels for piplite
    # the figures' plotly.js (build.py's plotly_module): the first cell names plotly's widget module, which the URL
    # made from the page's baseUrl reaches; it imports the partial bundle beside it
    build = static_script("build")
    cell = "".join(json.loads((out / "files" / "index.ipynb").read_text())["cells"][0]["source"])
    module = re.search(rf"'{PLOTLY_MODULE_ENV}': '([^']+)'", cell).group(1)
    served = build.served_file(out, build.page_base_url(out), module)
    assert served.is_file() and served.read_text().startswith(f'import "./{PARTIAL_BUNDLE.name}?v=')
    assert (served.parent / PARTIAL_BUNDLE.name).read_bytes() == PARTIAL_BUNDLE.read_bytes()


def test_the_browsers_python_runs_the_shipped_bytecode_without_compiling(static_site, tmp_path):
    """The site's own Pyodide (under Node, as the build ran it) imports the kernel's IPython, networkx and the app
    (its first screen and the strong bot of a Hint) from the wheels' bytecode (precompile.py): no module is compiled
    from source."""
    out, _url = static_site
    script = tmp_path / "probe.py"
    script.write_text(
        "import importlib._bootstrap_external as ext, json, pathlib, sys\n"
        "compiled = []\n"
        "original = ext.SourceLoader.source_to_code\n"
        "def counting(self, data, path, *args, **kwargs):\n"
        "    compiled.append(str(path))\n"
        "    return original(self, data, path, *args, **kwargs)\n"
        "ext.SourceLoader.source_to_code = counting\n"
        "import IPython, networkx, shogun_tutor.ui.app, shogun_tutor.bots.strong\n"
        "pathlib.Path('/out/probe.json').write_text(json.dumps(compiled))\n")
    subprocess.run(["node", str(ROOT / "deploy" / "static" / "precompile.mjs"), str(out / "static" / "pyodide"),
                    str(script), str(tmp_path)], check=True, timeout=300)
    compiled = json.loads((tmp_path / "probe.json").read_text())
    assert not [p for p in compiled if "/site-packages/" in p], compiled


def _local_page(browser):
    """A page whose every request to another host than 127.0.0.1 is refused (and listed), its errors collected, the
    URLs it requested kept in ``page.requested``."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    off_host, errors = [], []
    page.requested = []

    def route(r):
        page.requested.append(r.request.url)
        if LOCAL.match(r.request.url) or r.request.url.startswith(("data:", "blob:")):
            r.continue_()
        else:
            off_host.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return context, page, off_host, errors


def _one_plotly_js(page) -> None:
    """The figures drawn so far got plotly.js once, as the site's partial bundle (build.py's plotly_module): the
    page requested plotly's widget module and that bundle and no other plotly.js, and the page's Plotly is the
    partial bundle (had a figure carried plotly's widget bundle, its full plotly.js, with every trace type, would
    have run and become the page's Plotly)."""
    assert _plotly_files(page.requested) == [PARTIAL_BUNDLE.name], page.requested
    assert [u for u in page.requested if "/static/plotly/plotly-widget-" in u], page.requested
    assert not [u for u in page.requested if "widgetbundle" in u], page.requested
    plotly = page.evaluate("() => ({version: window.Plotly.version, "
                           "traces: Object.keys(window.Plotly.PlotSchema.get().traces)})")
    assert plotly["version"] == PLOTLY_JS_VERSION and "scatter" in plotly["traces"], plotly
    assert "heatmap" not in plotly["traces"], plotly  # the full plotly.js's, not the basic bundle's


def _tab(page, key: str) -> None:
    page.locator(".lm-TabBar-tab").nth(TAB_KEYS.index(key)).click()


def test_the_tutor_runs_from_static_files_with_no_other_host(static_site, browser):
    """One page, Python in the browser: a chapter from the address (``?chapter=``) with its battle try-it and the
    tower it draws; the lookup answering a question (its table in Python: rulebook/fts.py); the welcome with its map in each of the 8 languages, its own
    text; then the learner's seat on a phone's screen. No request leaves 127.0.0.1, no console error."""
    _out, url = static_site
    context, page, off_host, errors = _local_page(browser)
    try:
        page.goto(url + "?chapter=battles")
        wait_text(page, ".shogun-chapter-title", "Battles and the tower", timeout=FIRST_SCREEN_MS)
        page.wait_for_selector(".shogun-rulebook .js-plotly-plot", timeout=120_000)  # the tower, drawn on demand
        page.locator(".shogun-tryit select:visible").first.select_option(label="Move 4 armies from Shinano to Kozuke")
        page.locator(".shogun-tryit-play button:visible, button.shogun-tryit-play:visible").first.click()
        wait_text(page, ".shogun-tryit-result", "Count: Blue 3 : 2 Yellow", timeout=60_000)
        page.wait_for_function(  # the tower follows: 1 blue and 2 yellow cubes stayed inside
            "[...document.querySelectorAll('.shogun-rulebook-tower')].some(g => g.data && g.data[0].text.join('') === 'BYY')",
            timeout=60_000)
        page.screenshot(path=str(OUTPUT / "static-rulebook-try-it.png"))
        _one_plotly_js(page)
        _tab(page, "lookup")
        page.wait_for_selector(".shogun-search input", state="visible", timeout=120_000)  # the lookup's index built
        page.locator(".shogun-search input:visible").first.fill("what happens if only farmers come out of the tower")
        page.wait_for_selector(".shogun-best-answer mark", timeout=60_000)
        marks = page.evaluate(f"() => ({VISIBLE})('.shogun-best-answer mark').map(m => m.innerText)")
        assert "farmers" in marks, marks
        _tab(page, "welcome")
        wait_text(page, ".shogun-welcome", "Welcome to Shogun", timeout=60_000)
        assert page.locator(".shogun-welcome-map path").count() == 45  # the map from the shipped outlines
        for lang in ("nl", "de", "fr", "da", "pl", "zh", "ja"):
            t = Texts(lang)
            page.select_option(".shogun-language select", label=LANGUAGES[lang])
            wait_language(page, t("Language"))
            wait_text(page, ".shogun-welcome", t("Welcome to Shogun"), timeout=60_000)
            assert t("Welcome to Shogun") != "Welcome to Shogun"
        page.screenshot(path=str(OUTPUT / "static-welcome-ja.png"))
        _learners_seat(page, Texts("ja"))
        assert "Traceback" not in page.inner_text("body")
    finally:
        context.close()
    assert off_host == [], off_host
    assert errors == [], errors


def _step_text(page) -> str:
    return page.inner_text(".shogun-step-label") + "\n" + page.inner_text(".shogun-now")


def _next_step(page, before: str) -> str:
    """Press Next step and wait until the step text is another one; the new text."""
    page.locator(".shogun-next").click()
    page.wait_for_function("(t) => document.querySelector('.shogun-step-label').innerText + '\\n' + "
                           "document.querySelector('.shogun-now').innerText !== t", arg=before, timeout=60_000)
    return _step_text(page)


def test_the_guided_game_steps_survives_a_reload_speaks_dutch_and_shows_board_and_tower(static_site, browser):
    """Python in the browser: the guided game's Next step and a step's "why?" opening its rule, its board (the full board, from the geometry and names' places shipped by the build), the
    game kept in the page's localStorage and continued by a reload from its address, a language switch, the
    battle tower with its odds; no request leaves 127.0.0.1, no console error."""
    _out, url = static_site
    context, page, off_host, errors = _local_page(browser)
    try:
        page.goto(url + "?tab=game")  # an address parameter, applied by the page's Python
        page.wait_for_selector(".shogun-next", timeout=FIRST_SCREEN_MS)
        wait_text(page, ".shogun-step-buttons", "Next step")
        texts = [_step_text(page)]
        for _ in range(5):
            texts.append(_next_step(page, texts[-1]))
        assert len(set(texts)) == 6, texts
        # a "why?" of the step opens its rule in the lookup; Back comes back to the game, untouched
        page.locator(".shogun-now a.shogun-why:visible").first.click()
        page.wait_for_selector(".shogun-rule-view .shogun-rule", timeout=60_000)
        wait_text(page, ".shogun-rule-view", "In the rulebook: chapter")
        page.locator(".shogun-back button:visible, button.shogun-back:visible").first.click()
        page.wait_for_selector(".shogun-next", state="visible", timeout=60_000)
        assert _step_text(page) == texts[-1]
        # the full board: the coast, the regions' areas and outlines, the sea routes, the names, the owners' rings and
        # army tokens
        board = page.evaluate("""() => {
          const gd = document.querySelector('.shogun-game-board .js-plotly-plot');
          const drawn = [...gd.querySelectorAll('.scatterlayer .trace')].map(t => t.__data__[0].trace.name);
          return {drawn, armies: ((gd.data.find(t => t.name === 'armies') || {}).text || []).length,
                  legend: gd.querySelectorAll('.legend .traces').length};
        }""")
        assert sum(n.startswith("area:") for n in board["drawn"]) == 5 and "sea" in board["drawn"], board  # 4 players: none out
        assert {"coast", "regions", "owner-edge", "labels", "armies", "hit"} <= set(board["drawn"]), board
        assert board["armies"] >= 10 and board["legend"] >= 5, board
        # the address follows the game; a reload opens the page again and the game goes on where it was
        page.wait_for_function("() => new URLSearchParams(location.search).has('game')", timeout=60_000)
        code = page.evaluate("() => new URLSearchParams(location.search).get('game')")
        assert page.evaluate("() => localStorage.getItem('shogun-guided-game')").count(code) >= 1
        page.reload()
        wait_text(page, ".shogun-step-label", texts[-1].split("\n")[0], timeout=FIRST_SCREEN_MS)
        assert _step_text(page) == texts[-1]
        assert page.evaluate("() => new URLSearchParams(location.search).get('game')") == code
        after = _next_step(page, texts[-1])
        assert after not in texts
        page.screenshot(path=str(OUTPUT / "static-guided-game.png"))
        page.select_option(".shogun-language select", label="Nederlands")
        wait_language(page, "Taal")
        wait_text(page, ".shogun-step-buttons", "Volgende stap")
        page.get_by_role("tab", name="Dobbeltoren").click()
        page.wait_for_selector(".shogun-tower-panel .js-plotly-plot", timeout=120_000)
        wait_text(page, ".shogun-tower-panel", "%", timeout=120_000)  # the odds, computed in pure Python
        page.screenshot(path=str(OUTPUT / "static-tower-nl.png"))
        _one_plotly_js(page)  # the board and the tower, before and after the reload
        assert "Traceback" not in page.inner_text("body")
    finally:
        context.close()
    assert off_host == [], off_host
    assert errors == [], errors


def _learners_seat(page, t: Texts) -> None:
    """On a phone's screen: Play together says that no server shares a game here; a seat taken shows the planning board (the static build's kernel once lost every widget
    trait set back to None, so what was hidden stayed hidden: ui/widgets/lite_comm.py); Hint says it is thinking,
    then advises the whole plan (its time printed); the advice taken and confirmed, Next step goes on to the
    learner's next decision, whose choices show."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator(".shogun-door-play").click()
    page.wait_for_selector(".shogun-next", state="visible", timeout=120_000)
    page.locator(".shogun-together-open").click()  # Play together: no server shares a game here, the bar says so
    wait_text(page, ".shogun-together-elsewhere", t("This page runs in your browser without a server: other devices "
                                                    "cannot join a game started here, but several players can take "
                                                    "turns on this device.")[:12])
    page.locator(".shogun-together-open").click()
    page.select_option(".shogun-seat-pick select", index=1)  # the first colour's seat: its plan comes first
    page.wait_for_selector(".shogun-planning-board .shogun-plan-field", state="visible", timeout=60_000)
    assert page.locator(".shogun-plan-field:visible").count() == 11
    started = time.monotonic()
    page.locator(".shogun-hint-button").click()
    wait_text(page, ".shogun-hint", t("The strong bot is thinking…").rstrip("…"), timeout=10_000)  # busy, at once
    page.wait_for_selector(".shogun-hint-take", state="visible", timeout=120_000)
    print(f"\nstatic build: Hint (the strong bot's whole plan) took {time.monotonic() - started:.1f} s")
    page.locator(".shogun-hint-take").click()
    page.wait_for_function("() => !document.querySelector('.shogun-plan-confirm').disabled", timeout=30_000)
    page.locator(".shogun-plan-field").first.scroll_into_view_if_needed()
    page.screenshot(path=str(OUTPUT / "static-seat-plan-phone.png"))  # the fields with the advice's cards
    page.locator(".shogun-plan-confirm").click()
    page.wait_for_selector(".shogun-planning-board", state="hidden", timeout=60_000)
    for _ in range(40):  # Next step until the learner decides again (a place in the turn order)
        if page.locator(".shogun-play:visible").count():
            break
        nxt = page.locator(".shogun-next")
        if nxt.is_enabled():
            before = _step_text(page)
            nxt.click()
            page.wait_for_function("(t) => document.querySelector('.shogun-step-label').innerText + '\\n' + "
                                   "document.querySelector('.shogun-now').innerText !== t || "
                                   "document.querySelector('.shogun-next').disabled", arg=before, timeout=60_000)
        else:
            page.wait_for_timeout(300)
    page.wait_for_selector(".shogun-game-choice .shogun-play", state="visible", timeout=10_000)
    assert page.locator(".shogun-hint-button:visible").count() == 1
    page.screenshot(path=str(OUTPUT / "static-seat-decision-phone.png"))


def test_the_address_parameters_lang_screen_and_demo_apply_in_the_static_build(static_site, browser):
    """The static build reads its address as the server's app does (``ui/app.py``, parsed in the page's Python):
    ``?lang=`` speaks the language from the first screen (the page's ``lang`` attribute too), ``?chapter=&screen=``
    opens that screen of the chapter, ``?demo=`` opens the prepared demonstration in the guided game with what it
    shows and what to try, in its language; a demo that does not exist is said above the tabs with the list. No
    request leaves 127.0.0.1, no console error."""
    from shogun_tutor.rulebook import content
    from shogun_tutor.ui.demos import ANY_SCENARIO

    _out, url = static_site
    context, page, off_host, errors = _local_page(browser)
    try:
        de = Texts("de")
        total = len(content.chapter("battles").screens)
        page.goto(url + "?lang=de&chapter=battles&screen=3")
        page.wait_for_selector(".shogun-language-label", timeout=FIRST_SCREEN_MS)  # Python started, the app built
        wait_language(page, de("Language"))
        wait_text(page, ".shogun-screen-pos", de("Screen {screen} of {total}", screen=3, total=total),
                  timeout=120_000)
        assert page.evaluate("() => document.documentElement.lang") == "de"
        assert page.locator(".shogun-rulebook").first.is_visible()
        page.screenshot(path=str(OUTPUT / "static-address-screen-de.png"))

        fr = Texts("fr")
        page.goto(url + "?demo=castle-defence&lang=fr")
        page.wait_for_selector(".shogun-language-label", timeout=FIRST_SCREEN_MS)
        wait_language(page, fr("Language"))
        page.wait_for_selector(".shogun-demo-intro .shogun-demo-intro-text", timeout=120_000)
        intro = page.locator(".shogun-demo-intro").first.inner_text()
        assert fr(ANY_SCENARIO)[:24] in intro, intro
        assert page.evaluate("() => document.documentElement.lang") == "fr"
        page.screenshot(path=str(OUTPUT / "static-address-demo-fr.png"))

        nl = Texts("nl")
        page.goto(url + "?lang=nl&demo=no-such-demo")
        wait_text(page, ".shogun-address-problem", "no-such-demo", timeout=FIRST_SCREEN_MS)
        assert "castle-defence" in page.locator(".shogun-address-problem").first.inner_text()
        wait_language(page, nl("Language"))
        assert "Traceback" not in page.inner_text("body")
    finally:
        context.close()
    assert off_host == [], off_host
    assert errors == [], errors
