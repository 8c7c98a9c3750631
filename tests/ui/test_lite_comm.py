"""The static build's widget messages keep their None values (ui/widgets/lite_comm.py)."""

from __future__ import annotations

from shogun_tutor.ui.widgets.lite_comm import send_nulls, with_nulls, wrap

NULL = object()  # stands for pyodide.ffi.jsnull


def test_every_none_in_a_message_goes_as_null_and_the_rest_as_it_was():
    data = {"method": "update", "state": {"layout": None, "display": None, "children": ("IPY_MODEL_1", None),
                                          "value": 0, "name": ""}, "buffer_paths": []}
    assert with_nulls(data, NULL) == {"method": "update", "buffer_paths": [], "state": {
        "layout": NULL, "display": NULL, "children": ["IPY_MODEL_1", NULL], "value": 0, "name": ""}}


def test_the_kernel_comm_is_wrapped_once_and_sends_nulls():
    sent = []

    class Comm:
        def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
            sent.append((msg_type, data, metadata, buffers, keys))

    assert wrap(Comm, NULL) and not wrap(Comm, NULL)
    Comm().publish_msg("comm_msg", {"state": {"display": None}}, None, None, target_name="x")
    Comm().publish_msg("comm_close")
    assert sent == [("comm_msg", {"state": {"display": NULL}}, None, None, {"target_name": "x"}),
                    ("comm_close", None, None, None, {})]


def test_outside_the_browser_nothing_is_wrapped():
    assert send_nulls() is False
