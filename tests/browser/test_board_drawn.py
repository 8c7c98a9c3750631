"""A plotly figure built after the page was shown is drawn, and stays current.

Root cause of the empty board (issue 15): plotly's widget model keeps the figure its views draw
from and applies each update message to it; it stored batched updates undecoded (plotly's
``"_undefined_"`` placeholders), so a view created after an update drew ``undefined`` values and
plotly's ``cleanData`` threw. The widget module's shim (``ui/widgets/plotly_widget.js``) decodes the
messages, and when the model missed edits before it listened, fetches the figure again before
its views draw. The first test is the learner's path; the second drives the shim with a model of
its own, so that both cases happen every time (and shows plotly's own module failing the first).
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

BOARD_DRAWN = """() => {
  const gd = [...document.querySelectorAll('.js-plotly-plot.shogun-board')].find(g => g.offsetParent !== null);
  if (!gd || !gd._fullData || !gd.data) return null;
  const panel = gd.closest('.shogun-board-panel').getBoundingClientRect().width;
  return {traces: gd.data.length, full: gd._fullData.length, drawn: gd.querySelectorAll('.scatterlayer .trace').length,
          points: gd.querySelectorAll('.scatterlayer .point').length, labels: gd.querySelectorAll('.textpoint').length,
          width: gd._fullLayout.width, panel: Math.floor(panel),
          armies: (gd.data.find(t => t.name === 'armies') || {text: []}).text.join(' ')};
}"""


def _board(page) -> dict:
    page.wait_for_function(f"({BOARD_DRAWN})() !== null", timeout=60_000)
    page.wait_for_timeout(1500)  # the board is redrawn once at the width the panel measured
    return page.evaluate(BOARD_DRAWN)


def test_the_guided_game_opened_from_the_welcome_draws_its_board(app_page, voila_url):
    app_page.open(voila_url)
    page = app_page.page
    page.wait_for_selector(".shogun-welcome", timeout=60_000)
    assert page.locator(".js-plotly-plot").count() == 0  # the first screen builds no plotly figure
    page.locator(".shogun-door-play").click()
    board = _board(page)
    # every layer one trace (plotly.js redraws them all on each update); empty layers are not drawn
    assert board["traces"] == board["full"] >= 40 and board["drawn"] >= 20, board
    assert board["labels"] >= 45, board  # province names (and kanji when the board is wide enough)
    assert abs(board["width"] - board["panel"]) <= 8, board  # drawn at the panel's width, not the pre-measure one
    first = board["armies"]
    for _ in range(12):  # the set-up's armies are placed within the first steps
        page.locator(".shogun-next button:visible, button.shogun-next:visible").first.click()
        page.wait_for_timeout(400)
        if _board(page)["armies"] != first:
            break
    after = _board(page)
    assert after["armies"] != first and after["full"] == after["traces"] == board["traces"] and after["drawn"] >= 20, after
    assert after["points"] >= 10, after  # the tokens
    app_page.screenshot("board-drawn-after-welcome")
    app_page.assert_clean()


# what anywidget hands a widget module, for the two shim tests below that run the module on a model of their own
MODEL_JS = """  class Model {  // what anywidget hands a widget module: get/set/on/off/send/save_changes
    constructor(state) { this.state = state; this.handlers = {}; this.sent = []; }
    get(key) { return this.state[key]; }
    set(key, value) { this.state[key] = value; (this.handlers['change:' + key] || []).slice().forEach(h => h()); }
    on(event, h) { (this.handlers[event] = this.handlers[event] || []).push(h); }
    off(event, h) { this.handlers[event] = (this.handlers[event] || []).filter(x => x !== h); }
    send(content) { this.sent.push(content); }
    save_changes() {}
  }
"""


SHIM_JS = """async ([esm, moduleUrl, embeddedEsm]) => {
  const load = (code) => import(URL.createObjectURL(new Blob([code], {type: 'text/javascript'})));
  const shim = await load(esm), embedded = await load(embeddedEsm);
  const plotly = await import(moduleUrl);
""" + MODEL_JS + """  const trace = (name) => ({type: 'scatter', name, x: [0, 1], y: [0, 1], mode: 'markers', marker: {color: 'black', line: {width: 1}}});
  const model = (traces, lastEdit, base) => new Model({_widget_data: traces.map(trace), _widget_layout: {width: 300, height: 200},
    _config: {}, _last_trace_edit_id: lastEdit, _last_layout_edit_id: lastEdit, _shogun_base: [base, base]});
  const settle = () => new Promise(r => setTimeout(r, 100));
  const drawn = async (widget, m) => {
    const el = document.createElement('div');
    document.body.appendChild(el);
    try { await widget.render({model: m, el}); } catch (e) { return 'error: ' + e.message; }
    await settle();
    return el.data ? el.data.map(t => t.name + ':' + t.marker.color).join(' ') : 'not drawn';
  };
  // 1. a batched update reaches the model before a view exists (it leaves trace a alone)
  const update = async (factory) => {
    const widget = factory(), m = model(['a', 'b'], 0, 0);
    await widget.initialize({model: m});
    m.set('_last_trace_edit_id', 1); m.set('_last_layout_edit_id', 1);
    m.set('_py2js_update', {style_data: {marker: ['_undefined_', {color: 'red'}]}, layout_data: {}, style_traces: [0, 1],
                            trace_edit_id: 1, layout_edit_id: 1, source_view_id: null});
    m.set('_py2js_update', null);
    return drawn(widget, m);
  };
  // 2. the model missed two edits before it listened: it asks for the figure, its view waits for it
  const missed = shim.default(), m = model(['a'], 2, 0);
  await missed.initialize({model: m});
  const el = document.createElement('div');
  document.body.appendChild(el);
  const rendering = missed.render({model: m, el});
  await settle();
  const waited = el.data === undefined;
  m.set('_widget_data', ['a', 'b', 'c'].map(trace)); m.set('_shogun_base', [2, 2]);  // the kernel's answer
  await rendering; await settle();
  const current = shim.default(), c = model(['a'], 2, 2);
  await current.initialize({model: c});
  return {shim: await update(shim.default), embedded: await update(embedded.default), plotly: await update(plotly.default), asked: m.sent, waited,
          after: el.data ? el.data.length : 0, askedWhenCurrent: c.sent};
}"""


def test_the_shim_decodes_updates_and_fetches_a_missed_figure(app_page, voila_url):
    from shogun_tutor.serve import shared_plotly_module
    from shogun_tutor.ui.widgets.plotly_widget import embedded_esm, served_esm

    module = shared_plotly_module()[1]
    app_page.open(voila_url)
    result = app_page.page.evaluate(SHIM_JS, [served_esm(module), voila_url + module, embedded_esm()])
    assert result["shim"] == result["embedded"] == "a:black b:red", result  # trace a left alone, b updated
    assert result["plotly"].startswith("error") or result["plotly"] != "a:black b:red", result  # plotly's own module
    assert result["asked"] == [{"shogun": "resync"}] and result["waited"] and result["after"] == 3, result
    assert result["askedWhenCurrent"] == [], result  # nothing missed: no second figure
    app_page.errors.clear()  # plotly's own module threw on purpose above
    app_page.assert_clean()


REMOVED_VIEW_JS = """async ([esm, moduleUrl]) => {
  const load = (code) => import(URL.createObjectURL(new Blob([code], {type: 'text/javascript'})));
  // plotly's own module as a copy of its own (the shim mends the views of the bundle it imports)
  // (its import of the partial plotly.js bundle made absolute: a blob has no folder)
  const plotly = await load((await (await fetch(moduleUrl)).text()).replace('import "./', 'import "' + new URL('.', moduleUrl).href));
  const shim = await load(esm);
""" + MODEL_JS + """  const trace = (name) => ({type: 'scatter', name, x: [0, 1], y: [0, 1], mode: 'markers', marker: {color: 'black'}});
  const settle = () => new Promise(r => setTimeout(r, 100));
  // two views of one figure (a try-it's map shown, taken off the page, shown again); the first is removed, then
  // the figure is updated (trace b turns red)
  const removedThenUpdated = async (factory) => {
    const widget = factory();
    const m = new Model({_widget_data: ['a', 'b'].map(trace), _widget_layout: {width: 300, height: 200}, _config: {},
                         _last_trace_edit_id: 0, _last_layout_edit_id: 0, _shogun_base: [0, 0]});
    await widget.initialize({model: m});
    const els = [0, 1].map(() => { const el = document.createElement('div'); document.body.appendChild(el); return el; });
    const cleanups = [];
    for (const el of els) { cleanups.push(await widget.render({model: m, el})); await settle(); }
    const listening = (m.handlers['change:_py2js_update'] || []).length;
    cleanups[0]();
    els[0].remove();
    const afterRemoval = (m.handlers['change:_py2js_update'] || []).length;
    let error = null;
    try {
      m.set('_last_trace_edit_id', 1); m.set('_last_layout_edit_id', 1);
      m.set('_py2js_update', {style_data: {marker: ['_undefined_', {color: 'red'}]}, layout_data: {}, style_traces: [0, 1],
                              trace_edit_id: 1, layout_edit_id: 1, source_view_id: null});
    } catch (e) { error = e.message; }
    await settle();
    const shown = els[1].data ? els[1].data.map(t => t.name + ':' + t.marker.color).join(' ') : 'not drawn';
    cleanups[1]();
    els[1].remove();
    return {error, listening, afterRemoval, shown};
  };
  return {shim: await removedThenUpdated(shim.default), plotly: await removedThenUpdated(plotly.default)};
}"""


def test_a_removed_view_stops_listening_to_its_figure(app_page, voila_url):
    """Root cause of 'Error setting state: Cannot read properties of undefined (reading 'length')' when the
    rulebook's screens change quickly over the try-its with a map: plotly's view purges its plot when it is
    removed but keeps listening to the model, so the figure's next update is applied to the purged plot and
    throws, and the view still on the page misses it. With the shim a removed view stops listening; plotly's own
    module shows the failure."""
    from shogun_tutor.serve import shared_plotly_module
    from shogun_tutor.ui.widgets.plotly_widget import served_esm

    module = shared_plotly_module()[1]
    app_page.open(voila_url)
    result = app_page.page.evaluate(REMOVED_VIEW_JS, [served_esm(module), voila_url + module])
    shim, plotly = result["shim"], result["plotly"]
    assert shim["error"] is None and shim["shown"] == "a:black b:red", result
    assert shim["afterRemoval"] == shim["listening"] - 1, result  # the removed view's listener is gone
    # plotly's own: the removed view still listens, throws on the update, and the view on the page misses it
    assert plotly["afterRemoval"] == plotly["listening"], result
    assert plotly["error"] and "length" in plotly["error"] and plotly["shown"] == "a:black b:black", result
    app_page.errors.clear()  # plotly's own module threw on purpose above
    app_page.assert_clean()


def _plotly_files(urls: list[str]) -> list[str]:
    """The plotly.js files among requested URLs (plotly's widget module, which carries none, left out)."""
    names = [u.split("?")[0].rsplit("/", 1)[-1] for u in urls]
    return sorted({n for n, u in zip(names, urls) if n.endswith(".js") and "plotly-widget-" not in n
                   and ("plotly" in n or "jupyterlab-plotly" in u)})


@pytest.mark.slow
def test_a_slow_phone_gets_its_widgets_one_plotly_js_and_compressed_responses(browser, voila_url):
    """Issue 46: at 6x CPU slowdown the page's widgets initialise (anywidget gives a model 2 s) and the board is
    drawn; the welcome loads no plotly.js, the board exactly one (the partial bundle); every text response of the
    app's server over 1 kB is compressed."""
    from .conftest import AppPage

    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        ap = AppPage(page)
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 6})
        responses, console = [], []
        page.on("response", lambda r: responses.append(r))
        page.on("console", lambda m: console.append(m.text))
        ap.open(voila_url)
        page.wait_for_selector(".shogun-door-play", state="visible", timeout=120_000)
        assert _plotly_files([r.url for r in responses]) == []  # the welcome needs none
        page.locator(".shogun-door-play").click()
        page.wait_for_selector(".js-plotly-plot.shogun-board .scatterlayer .trace", timeout=180_000)
        page.wait_for_timeout(1000)
        assert _plotly_files([r.url for r in responses]) == ["plotly-basic-4.1.1.min.js"], [r.url for r in responses]
        assert not [t for t in console if "anywidget" in t.lower()], console
        plain = []
        for r in responses:
            headers = r.all_headers()
            kind = headers.get("content-type", "")
            if r.status == 200 and r.url.startswith(voila_url) and any(t in kind for t in ("javascript", "json", "html", "css")) \
                    and int(headers.get("content-length", "2000")) > 1024 and headers.get("content-encoding") not in ("gzip", "br"):
                plain.append(r.url)
        assert plain == [], plain
        ap.assert_clean()
    finally:
        context.close()
