"""The kernel side of the shared plotly module (``shogun-tutor app``): each figure says which edits
its full figure holds, and sends the figure again when the browser's model asks (it missed edits)."""

from __future__ import annotations

import re

from shogun_tutor.ui.board_panel import BoardPanel
from shogun_tutor.ui.widgets.plotly_widget import BUNDLE, _figure_class, embedded_esm, figure_widget, served_esm


def _shared(monkeypatch):
    monkeypatch.setenv("SHOGUN_TUTOR_PLOTLY_MODULE", "voila/static/plotly-widget.js")


def _base(widget) -> list[int]:
    return widget._trait_values["_shogun_base"]


def test_the_shared_figure_records_the_edits_its_figure_holds(monkeypatch):
    _shared(monkeypatch)
    panel = BoardPanel(choose_board=False)
    figure = panel.figure
    assert isinstance(figure, _figure_class("voila/static/plotly-widget.js"))
    assert len(figure._esm) < 10_000 and "import(url)" in figure._esm  # the shim alone: plotly.js comes by URL
    assert _base(figure) == [figure._last_trace_edit_id, figure._last_layout_edit_id]
    before = list(_base(figure))
    panel.probe.width = 700  # redrawn for the browser's width: edits sent, the figure follows silently
    assert [figure._last_trace_edit_id, figure._last_layout_edit_id] != before
    assert _base(figure) == [figure._last_trace_edit_id, figure._last_layout_edit_id]
    assert figure.get_state(["_shogun_base"])["_shogun_base"] == _base(figure)
    panel.close()


def test_a_model_that_missed_edits_gets_the_whole_figure_again(monkeypatch):
    _shared(monkeypatch)
    panel = BoardPanel(choose_board=False)
    figure = panel.figure
    panel.probe.width = 820
    sent: list[dict] = []
    monkeypatch.setattr(figure, "send_state", lambda key=None: sent.append(figure.get_state(key)))
    figure._handle_custom_msg({"shogun": "something else"}, [])
    assert sent == []
    figure._handle_custom_msg({"shogun": "resync"}, [])
    assert len(sent) == 1 and set(sent[0]) == {"_widget_data", "_widget_layout", "_shogun_base"}
    state = sent[0]
    assert state["_shogun_base"] == [figure._last_trace_edit_id, figure._last_layout_edit_id]
    assert len(state["_widget_data"]) == len(figure.data)
    assert state["_widget_layout"]["width"] == 820  # the figure as it is now, not as it was built
    panel.close()


def test_outside_the_app_server_each_figure_carries_plotly_with_the_shim(monkeypatch):
    monkeypatch.delenv("SHOGUN_TUTOR_PLOTLY_MODULE", raising=False)
    figure = figure_widget()
    assert figure._esm == embedded_esm() and len(figure._esm) > 4_000_000  # as plotly's own widget: the bundle
    bundle = BUNDLE.read_text()
    assert figure._esm.count("export default") == 1  # the bundle's own export statement is replaced
    assert len(re.findall(r"export\s*\{", figure._esm)) == len(re.findall(r"export\s*\{", bundle)) - 1
    assert "export default shogunTutorWidget({" in figure._esm[-400:]  # the bundle's exports handed to the shim
    assert "_shogun_base" in figure._trait_values
    for esm in (served_esm("voila/static/x.js"), figure._esm):
        assert "resync" in esm and "_undefined_" in esm
