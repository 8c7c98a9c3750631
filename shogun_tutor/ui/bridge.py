"""One small browser-side helper for the rulebook: keyboard navigation and "why?" links.

ipywidgets cannot run a click handler written in HTML, and Voilà runs no
``<script>`` from an HTML widget. This anywidget listens on the page instead:

* a click (or Enter) on any element with ``data-shogun-rule="battle.result"``
  (the "why?" links of the guided game and of the try-its) sets ``why``;
* the arrow keys, space, Page Up/Down, Home and End set ``key`` while the
  rulebook is shown, unless the visitor is typing in a field.

Each message carries a counter, so pressing the same key twice is seen twice.
"""

from __future__ import annotations

import anywidget
import traitlets

_ESM = """
function render({ model, el }) {
  el.style.display = 'none';
  let n = 0;
  const send = (name, value) => { n += 1; model.set(name, value + '|' + n); model.save_changes(); };
  const typing = (t) => t && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));
  const onClick = (ev) => {
    const a = ev.target.closest && ev.target.closest('[data-shogun-rule]');
    if (!a) return;
    ev.preventDefault();
    send('why', a.getAttribute('data-shogun-rule'));
  };
  const onKey = (ev) => {
    if (ev.key === 'Enter' && ev.target.closest && ev.target.closest('[data-shogun-rule]')) { onClick(ev); return; }
    const app = document.querySelector('.shogun-app');
    if (!app || !app.classList.contains('shogun-keys') || typing(ev.target) || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const keys = {ArrowRight: 'next', ArrowDown: 'next', ' ': 'next', PageDown: 'next',
                  ArrowLeft: 'prev', ArrowUp: 'prev', PageUp: 'prev', Home: 'first', End: 'last'};
    if (!(ev.key in keys)) return;
    if (ev.key === ' ' && ev.target.closest && ev.target.closest('button')) return;  // space presses a focused button
    ev.preventDefault();
    send('key', keys[ev.key]);
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('keydown', onKey, true);
  return () => { document.removeEventListener('click', onClick, true); document.removeEventListener('keydown', onKey, true); };
}
export default { render };
"""


class Bridge(anywidget.AnyWidget):
    """``why`` and ``key`` arrive as ``'value|counter'``; :meth:`on_why` and :meth:`on_key` give the value."""

    _esm = _ESM
    why = traitlets.Unicode("").tag(sync=True)
    key = traitlets.Unicode("").tag(sync=True)

    def on_why(self, fn) -> None:
        self.observe(lambda change: change["new"] and fn(change["new"].rsplit("|", 1)[0]), names="why")

    def on_key(self, fn) -> None:
        self.observe(lambda change: change["new"] and fn(change["new"].rsplit("|", 1)[0]), names="key")


def why_link(rule_id: str, label: str) -> str:
    """The HTML of a "why?" link for an engine rule id (works wherever the bridge is on the page)."""
    from html import escape

    return (f"<a href='#' class='shogun-why' role='button' tabindex='0' data-shogun-rule='{escape(rule_id)}'>"
            f"{escape(label)}</a>")
