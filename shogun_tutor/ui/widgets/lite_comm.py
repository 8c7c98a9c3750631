"""The static build's widget messages keep their ``None`` values (a shown widget is shown again).

In the browser the kernel is ``jupyterlite-pyodide-kernel``: its ``Comm.publish_msg`` hands each message to
JavaScript with Pyodide's ``toJs``, which turns Python's ``None`` into ``undefined``, and the message then goes
to the page as JSON, which drops every ``undefined`` key. So a widget trait set back to ``None`` never reaches
the page: ``layout.display = None`` (the app's way to show again what it hid with ``"none"``) left the widget
hidden. This is why the learner's planning board stayed hidden in the static build after Next step
(``GamePanel._render`` hides it first, then shows it), and so did Hint, the battle button and the choices.

:func:`send_nulls` wraps that kernel's ``publish_msg`` so that a message's ``None`` values go as JavaScript's
``null`` (``pyodide.ffi.jsnull``), as Jupyter's JSON messages carry them from a server's kernel. Outside the
browser (no ``pyodide_kernel``) it does nothing.
"""

from __future__ import annotations

from typing import Any

_WRAPPED = "_shogun_sends_nulls"


def with_nulls(value: Any, null: object) -> Any:
    """``value`` (a message's JSON-like data) with every ``None`` in it replaced by ``null``; tuples become lists,
    as JSON has them; anything else is kept as it is."""
    if value is None:
        return null
    if isinstance(value, dict):
        return {k: with_nulls(v, null) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [with_nulls(v, null) for v in value]
    return value


def wrap(comm_class: type, null: object) -> bool:
    """Make ``comm_class.publish_msg`` send ``None`` in its data as ``null`` (once); False if it already does."""
    if getattr(comm_class, _WRAPPED, False):
        return False
    publish = comm_class.publish_msg

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        return publish(self, msg_type, with_nulls(data, null) if data is not None else None, metadata, buffers,
                       **keys)

    comm_class.publish_msg = publish_msg
    setattr(comm_class, _WRAPPED, True)
    return True


def send_nulls() -> bool:
    """In the browser's Pyodide kernel: its widget messages keep their ``None`` values (True once wrapped)."""
    try:
        from pyodide.ffi import jsnull
        from pyodide_kernel.comm import Comm
    except ImportError:  # not in the browser: a server's kernel sends JSON's null itself
        return False
    return wrap(Comm, jsnull)
