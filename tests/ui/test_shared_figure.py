"""The kernel side of the shared plotly module (``shogun-tutor app``): each figure says which edits
its full figure holds, and sends the figure again when the browser's model asks (it missed edits)."""

from __future__ import annotations

from shogun_tutor.ui.board_panel import BoardPanel, _SHARED_ESM, _shared_figure_class, figure_widget


def _shared(monkeypatch):
    monkeypatch.setenv("SHOGUN_TUTOR_PLOTLY_MODULE", "voila/static/plotly-widget.js")


def _base(widget) -> list[int]:
    return widget._trait_values["_shogun_base"]


def test_the_shared_figure_records_the_edits_its_figure_holds(monkeypatch):
    _shared(monkeypatch)
    panel = BoardPanel(choose_board=False)
    figure = panel.figure
    assert isinstance(figure, _shared_figure_class("voila/static/plotly-widget.js"))
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


def test_plotlys_own_widget_outside_the_app_server(monkeypatch):
    monkeypatch.delenv("SHOGUN_TUTOR_PLOTLY_MODULE", raising=False)
    figure = figure_widget()
    assert not hasattr(figure, "_shogun_base") and "_shogun_base" not in figure._trait_values
    assert "resync" in _SHARED_ESM and "_undefined_" in _SHARED_ESM
