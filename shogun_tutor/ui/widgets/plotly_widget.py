"""plotly figures as widgets: one plotly.js per visit, a mended widget module, and updates that
send only what changed (:class:`FigureSync`).

``figure_widget()`` makes the app's figures; ``FigureSync`` keeps one showing a
figure given as plotly JSON; ``sync_for_new_views`` keeps the model's state current for views
created later without sending it.
"""

from __future__ import annotations

import json
import os
import re
from functools import lru_cache
from pathlib import Path

import plotly
import plotly.graph_objects as go
import traitlets

from ...viz.board import trace_key

#: plotly config for the app's FigureWidgets: follow the width of their box (phones, projectors),
#: no zoom by scrolling (the page must scroll on a phone), and no mode bar: the board and the
#: tower are fixed drawings (nothing to zoom or pan), its "download" and "edit in Chart Studio"
#: buttons are of no use to a learner (the latter needs an online service), and its buttons sat
#: in the keyboard's Tab order
PLOT_CONFIG = {
    "responsive": True,
    "scrollZoom": False,
    "displaylogo": False,
    "displayModeBar": False,
    "showLink": False,
    "showSendToCloud": False,
    "showEditInChartStudio": False,
}


#: the plotly minors the shim (plotly_widget.js, this module, bridge.py) is tested with: it relies on plotly's
#: internals (``_trait_values``, ``_layout_obj._props``, ``_last_*_edit_id``, ``FigureView.prototype._send*``,
#: the bundle's export line), so pyproject.toml pins exactly these and ``tests/ui/test_plotly_pin.py`` fails on
#: any other version. Another minor: run the browser tests with it, then add it here and to the pin.
TESTED_PLOTLY = ("7.1",)


def plotly_minor(version: str = plotly.__version__) -> str:
    """``'7.1'`` for ``'7.1.0'`` (or ``'7.1.0rc1'``)."""
    major, minor = re.match(r"(\d+)\.(\d+)", version).groups()  # type: ignore[union-attr]
    return f"{major}.{minor}"


#: set by ``shogun-tutor app`` (and by the static build's first cell, deploy/static/build.py): where the server or
#: the static site serves plotly's widget module (relative to the base URL)
PLOTLY_MODULE_ENV = "SHOGUN_TUTOR_PLOTLY_MODULE"
# Every plotly FigureWidget is an anywidget whose ``_esm`` is the whole plotly.js widget bundle
# (~5 MB): sent over the websocket and evaluated once per figure. Served by the app's server (or
# the static site) as one file instead, the figures share it: each figure's module is a small shim (plotly_widget.js)
# that imports the bundle by URL, so the browser fetches it once per visit (then from its cache)
# and evaluates it once. Elsewhere (JupyterLab) each figure carries the bundle with the
# shim appended, as plotly's own widget carries the bundle.
#
# The shim (plotly_widget.js) also mends how plotly's widget keeps, in the browser, the figure that its views draw
# from (plotly 6-7's anywidget port). Its model applies every update message to its copy of the
# figure, and a view draws that copy when it is created:
# * the model applies a batched update (``_py2js_update``) without decoding it: plotly marks the
#   traces an update leaves alone with the string ``"_undefined_"``, which the model stored as a
#   value; a view created later decoded it to ``undefined`` and plotly's ``cleanData`` threw (a
#   board built after the page was shown was drawn empty, every later update failed). The shim
#   hands the model decoded messages.
# * the model listens only once anywidget has loaded and initialised the module, some time after
#   the model exists: updates that arrive before are lost to it, and a view then draws a stale
#   figure on which the later updates land (the board "drawn at its pre-measure size" that stopped
#   following the game). The kernel tells which edits its last full figure holds (``_shogun_base``,
#   beside plotly's edit counters); when the model has missed some, the shim asks the kernel for the
#   figure again and its views wait for it.
# * plotly's view listens to the model's updates and, when removed, purges its plot but never stops
#   listening: a view taken off the page (a try-it's map when the rulebook moves to another screen) applied
#   the figure's next update to its purged plot, which threw ("Error setting state: Cannot read properties
#   of undefined (reading 'length')") before the view on the page got the update. The shim's views remove
#   their listeners with themselves (and a view removed while drawing its first plot is purged once drawn).
# plotly's view also sends back, after every update, plotly.js's computed defaults of *every*
# trace and of the layout (~90 KB per Next step); the kernel never reads them (FigureSync keeps
# its own copy of what it sent), so the shim reports each edit as done without them.


class _SharedFigureWidget(go.FigureWidget):
    """A FigureWidget for the shim: it keeps ``_shogun_base`` (the plotly edit ids its
    full figure holds) and sends the figure again when the browser's model asks for it."""

    _shogun_base = traitlets.List([0, 0]).tag(sync=True)

    def __init__(self, data=None, layout=None, **kwargs):
        super().__init__(data=data, layout=layout, **kwargs)
        self._shogun_base = [self._last_trace_edit_id, self._last_layout_edit_id]
        self.on_msg(self._on_browser_message)

    def _on_browser_message(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("shogun") == "resync":
            sync_for_new_views(self)
            self.send_state(["_widget_data", "_widget_layout", "_shogun_base"])


def figure_widget(data=None, layout=None) -> go.FigureWidget:
    """A plotly ``FigureWidget`` with the mended widget module: shared when the app's server
    serves plotly's module (``shogun-tutor app``, Binder, the static site), else carried by the figure (Jupyter);
    plotly's own widget if its bundle is not one this shim knows."""
    cls = _figure_class(os.environ.get(PLOTLY_MODULE_ENV) or None)
    return (cls or go.FigureWidget)(data=data, layout=layout)


SHIM = Path(__file__).with_name("plotly_widget.js")
BUNDLE = Path(plotly.__file__).parent / "package_data" / "widgetbundle.js"
_EXPORTS = re.compile(r"export\s*\{([^{}]*)\};?")


def served_esm(module: str) -> str:
    """The figures' module when the server serves plotly's bundle at ``module`` (a base-URL-relative path): it
    imports the bundle when its first figure is initialised (the welcome, without figures, loads no plotly.js)."""
    return SHIM.read_text() + (
        'const config = JSON.parse(document.getElementById("jupyter-config-data")?.textContent || "{}");\n'
        f'const url = new URL((config.baseUrl || "/") + {json.dumps(module)}, window.location.href).href;\n'
        "export default shogunTutorWidget(() => import(url));\n")


def embedded_esm() -> str | None:
    """plotly's bundle with the shim appended (its exports handed to the shim), or None if the
    bundle does not end with the one export statement the shim expects."""
    bundle = BUNDLE.read_text()
    found = list(_EXPORTS.finditer(bundle))
    if not found:
        return None
    names = {new.strip(): old.strip() for old, _as, new in (part.partition(" as ") for part in found[-1].group(1).split(","))}
    if not {"default", "FigureView"} <= names.keys():
        return None
    exports = ", ".join(f"{json.dumps(k)}: {v.strip()}" for k, v in names.items())
    last = found[-1]
    return (bundle[:last.start()] + bundle[last.end():] + "\n" + SHIM.read_text()
            + f"export default shogunTutorWidget({{{exports}}});\n")


@lru_cache(maxsize=4)
def _figure_class(module: str | None) -> type | None:
    esm = served_esm(module) if module else embedded_esm()
    return type("SharedFigureWidget", (_SharedFigureWidget,), {"_esm": esm}) if esm else None


def _changes(old: dict, new: dict) -> dict:
    """The top-level properties of ``new`` that differ from ``old`` (``None`` for those it drops)."""
    changed = {k: v for k, v in new.items() if old.get(k) != v}
    for key in old.keys() - new.keys():
        if key not in ("type", "uid"):  # the widget gives each trace its own uid
            changed[key] = None
    return changed


class FigureSync:
    """Keeps a ``FigureWidget`` showing a figure given as plotly JSON, sending only what changed.

    Traces are matched by :func:`~shogun_tutor.viz.board.trace_key`. A trace dict that is the very
    object sent before (a cached static layer) is skipped without looking inside; any other trace
    sends only its top-level properties that differ. When the set of traces differs, the figure
    is rebuilt. Every update is one message to the browser (``batch_update``).
    """

    def __init__(self, widget: go.FigureWidget, traces: list[dict], layout: dict):
        self.widget = widget
        self._traces = list(traces)
        self._layout = layout
        self._keys = [trace_key(t) for t in traces]

    def show(self, traces: list[dict], layout: dict) -> int:
        """Show the figure; returns the number of traces sent (rebuilt or updated)."""
        keys = [trace_key(t) for t in traces]
        widget = self.widget
        sent = 0
        with widget.batch_update():
            if keys != self._keys:
                widget.data = []
                widget.add_traces(traces)
                sent = len(traces)
            else:
                for trace, old, new in zip(widget.data, self._traces, traces):
                    if new is old:
                        continue
                    changed = _changes(old, new)
                    if changed:
                        trace.update(changed, overwrite=True)
                        sent += 1
            changed = _changes(self._layout, layout)
            if changed:
                widget.layout.update(changed, overwrite=True)
        self._traces, self._layout, self._keys = list(traces), layout, keys
        sync_for_new_views(widget)
        return sent


def sync_for_new_views(widget: go.FigureWidget) -> None:
    """Keep the widget model's figure current for views created later (a Voila page connecting
    to a preheated kernel, a tab shown for the first time), without sending it.

    The browser's plotly model applies every update to its own copy, so views opened while the
    page is connected are current. What was sent before the page connected is lost, though, and
    the page then asks the kernel for each model's state: plotly stores that state only when a
    FigureWidget is displayed on its own, and ours live inside boxes. Assigning the trait would
    send the whole figure over the websocket on every change (231 KB per step before), so the
    state is set without a change notification: the live figure, read when a page asks for it.
    """
    widget._trait_values["_widget_data"] = widget._data
    widget._trait_values["_widget_layout"] = widget._layout_obj._props
    if "_shogun_base" in widget._trait_values:  # the edits that figure holds (see plotly_widget.js)
        widget._trait_values["_shogun_base"] = [widget._last_trace_edit_id, widget._last_layout_edit_id]


__all__ = ["FigureSync", "PLOT_CONFIG", "PLOTLY_MODULE_ENV", "figure_widget", "sync_for_new_views"]
