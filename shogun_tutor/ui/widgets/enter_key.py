"""Enter in a text field sends what the field holds, in one message (the class quiz's name field, issue 47).

ipywidgets' text view sends a "submit" message on Enter, but the field's value travels as a synced trait, which
the front end holds back while the kernel is busy with the message before and then merges: a quick typist's
Enter could reach the kernel before the last letters ("A" for "Ann"). This invisible anywidget listens on the
page for Enter in an ``<input>`` inside an element with the class ``css_class`` and sends
``{"enter": <the field's text>}``; the kernel acts on that text, never on a half-synced value. Leaving the field
(a blur) sends nothing.
"""

from __future__ import annotations

import anywidget
import traitlets

MAX_TEXT = 200

_ESM = """
function render({ model, el }) {
  el.style.display = 'none';
  const onKey = (ev) => {
    if (ev.key !== 'Enter' || ev.isComposing || ev.shiftKey || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const t = ev.target, cls = model.get('css_class');
    if (!cls || !t || t.tagName !== 'INPUT' || !t.closest || !t.closest('.' + cls)) return;
    ev.preventDefault();
    model.send({enter: String(t.value || '').slice(0, 200)});
  };
  document.addEventListener('keydown', onKey, true);
  return () => document.removeEventListener('keydown', onKey, true);
}
export default { render };
"""


class EnterKey(anywidget.AnyWidget):
    """Put it on the page next to the field; :meth:`on_enter` registers ``fn(text)``, called for each Enter."""

    _esm = _ESM
    css_class = traitlets.Unicode("").tag(sync=True)  #: the class of the element that holds the field

    def __init__(self, css_class: str, **kwargs) -> None:
        super().__init__(css_class=css_class, **kwargs)
        self._handlers: list = []
        self.on_msg(self._received)

    def _received(self, _widget, content, _buffers) -> None:
        text = content.get("enter") if isinstance(content, dict) else None
        if isinstance(text, str):
            for fn in self._handlers:
                fn(text[:MAX_TEXT])

    def on_enter(self, fn) -> None:
        self._handlers.append(fn)


__all__ = ["EnterKey"]
