"""What ``shogun-tutor app`` serves a visitor's first minute: one partial plotly.js, the widget module without its
own plotly.js, the lost-connection notice in every language, and kernels kept for pages that load slowly but not
for plain GETs."""

from __future__ import annotations

import json
import re
import types
from pathlib import Path

import plotly

from shogun_tutor import i18n, plotly_assets, serve, web_handlers
from shogun_tutor.connection_notice import LOST, RECONNECT, notice_texts

WIDGET_BUNDLE = Path(plotly.__file__).parent / "package_data" / "widgetbundle.js"


def test_the_partial_bundle_is_plotly_py_s_own_plotly_js_version():
    plotly_py_js = (Path(plotly.__file__).parent / "package_data" / "plotly.min.js").read_text()[:400]
    partial = plotly_assets.PARTIAL_BUNDLE.read_text()[:400]
    assert plotly_assets.bundled_version(partial) == plotly_assets.bundled_version(plotly_py_js) \
        == plotly_assets.PLOTLY_JS_VERSION
    assert "(basic - minified)" in partial  # scatter, bar, pie: the app draws scatter traces only
    assert (plotly_assets.PLOTLY_FOLDER / "LICENSE-plotly.js.txt").is_file()


def test_the_widget_module_imports_the_partial_bundle_instead_of_carrying_plotly_js():
    bundle = WIDGET_BUNDLE.read_text()
    module, replaced = plotly_assets.widget_module(bundle, "./plotly-basic.min.js")
    assert replaced and module.startswith('import "./plotly-basic.min.js";\n')
    assert len(module) < 300_000 < 4_000_000 < len(bundle)  # plotly's model and view, lodash: no plotly.js
    assert "moduleName" not in module and "window.Plotly" in module
    last = lambda text: re.findall(r"export\{[^{}]*\}", text)[-1]  # noqa: E731
    assert last(module) == last(bundle) and "FigureView" in last(module)  # the same exports


def test_a_widget_bundle_of_another_shape_is_served_whole():
    odd = "var a=1;export{a as default};"
    assert plotly_assets.widget_module(odd, "./p.js") == (odd, False)


def test_the_written_module_is_named_by_its_content(tmp_path):
    name = plotly_assets.write_widget_module(WIDGET_BUNDLE, tmp_path)
    assert re.fullmatch(r"plotly-widget-[0-9a-f]{12}\.js", name)
    assert plotly_assets.write_widget_module(WIDGET_BUNDLE, tmp_path) == name  # the same file on a second start
    text = (tmp_path / name).read_text()
    assert text.startswith(f'import "./{plotly_assets.PARTIAL_BUNDLE.name}?v={plotly_assets.PLOTLY_JS_VERSION}";')


def test_the_server_leaves_out_the_extensions_the_app_does_not_use():
    argv = serve.voila_argv(serve.notebook_path(), 8899, "127.0.0.1", pool_size=1, cull_idle=600,
                            cull_interval=30, open_browser=False)
    from voila.app import Voila

    app = Voila()
    app.parse_command_line(argv)
    assert list(app.config.VoilaConfiguration.extension_denylist) == ["jupyterlab-plotly", "jupyterlab_pygments"]


def test_the_notice_is_translated_into_every_language():
    data = notice_texts("nl")
    assert data["default"] == "nl" and set(data["texts"]) == set(i18n.LANGUAGES)
    for code, texts in data["texts"].items():
        assert texts["lost"] and texts["reconnect"], code
        if code != i18n.SOURCE_LANGUAGE:
            assert texts["lost"] != LOST and texts["reconnect"] != RECONNECT, code
    assert notice_texts("xx")["default"] == i18n.SOURCE_LANGUAGE  # an unknown default: English
    json.dumps(data)


def _manager(timeout=20, loading=600):
    manager = serve.PoolAwareKernelManager(connect_timeout=timeout, loading_timeout=loading)
    manager._kernels = {k: types.SimpleNamespace(execution_state="idle", last_activity=None) for k in ("get", "page")}
    return manager


def test_a_page_whose_script_runs_keeps_its_kernel_while_a_plain_get_s_is_freed():
    manager = _manager()
    assert manager.unconnected_kernels(now=0.0) == []  # both just handed out
    assert manager.notify_loading("page") and not manager.notify_loading("no-such-kernel")
    assert manager.unconnected_kernels(now=25.0) == ["get"]  # the plain GET's, after 20 s
    assert manager.unconnected_kernels(now=300.0) == ["get"]  # the loading page's is kept
    assert manager.unconnected_kernels(now=601.0) == ["get", "page"]  # a page that never connects: 10 min at most
    manager.notify_connect("page")
    assert manager.unconnected_kernels(now=900.0) == ["get"]


def test_robots_txt_keeps_crawlers_away():
    assert web_handlers.ROBOTS_TXT.splitlines() == ["User-agent: *", "Disallow: /"]


def test_the_welcome_s_plain_copy_speaks_every_language_and_is_included_by_the_template(tmp_path):
    """Issue 46: the page paints the welcome from its HTML before the widgets arrive (ui/welcome_skeleton.py)."""
    from shogun_tutor.ui import welcome_skeleton

    data = welcome_skeleton.skeleton_texts("de")
    assert data["default"] == "de" and set(data["texts"]) == set(i18n.LANGUAGES)
    english = data["texts"][i18n.SOURCE_LANGUAGE]
    for code, texts in data["texts"].items():
        assert set(texts["doors"]) == set(welcome_skeleton.DOORS) and all(texts["doors"].values()), code
        if code != i18n.SOURCE_LANGUAGE:
            assert texts["intro"] != english["intro"] and texts["doors"]["play"] != english["doors"]["play"], code
    assert welcome_skeleton.skeleton_texts("xx")["default"] == i18n.SOURCE_LANGUAGE
    assert i18n.current_language() == i18n.SOURCE_LANGUAGE  # the language is given back
    html = welcome_skeleton.skeleton_html("nl")
    texts = html.split("id='shogun-skeleton-texts'>", 1)[1].split("</script>", 1)[0]
    assert json.loads(texts.replace("<\\/", "</"))["default"] == "nl"  # no "</script>" inside the data
    markup = html.split("<script", 1)[0]
    assert "shogun-welcome" not in markup and "shogun-door-" not in markup  # never taken for the app's own welcome
    share = welcome_skeleton.write_skeleton(tmp_path, serve.TEMPLATE, "nl")
    assert (share / "voila" / "templates" / serve.TEMPLATE / welcome_skeleton.SKELETON_FILE).read_text() == html
    assert welcome_skeleton.write_skeleton(tmp_path, serve.TEMPLATE, "nl") == share
    template = (serve.SHARE / "voila" / "templates" / serve.TEMPLATE / "index.html.j2").read_text()
    assert f"include '{welcome_skeleton.SKELETON_FILE}' ignore missing" in template


def test_the_server_puts_the_welcome_s_copy_on_its_template_path():
    from shogun_tutor.ui import welcome_skeleton

    paths = serve.environment("fr")["JUPYTER_PATH"].split(":")
    assert any((Path(p) / "voila" / "templates" / serve.TEMPLATE / welcome_skeleton.SKELETON_FILE).is_file()
               for p in paths)
