"""A polite live region: screen readers speak each text said through it, after what they are reading.

The region (``role="status"``, ``aria-live="polite"``) is drawn once and stays on the page, hidden from the
eye (``shogun-sr-only``, :mod:`shogun_tutor.ui.screen_reader`); each :meth:`Announcer.say` replaces its text,
which is what a screen reader announces (a region made anew with its text would be missed by most of them).
Saying the same text twice is announced twice: each is one custom message, not a synced value.
"""

from __future__ import annotations

import anywidget
import traitlets

_ESM = """
function render({ model, el }) {
  const region = document.createElement('div');
  region.className = 'shogun-sr-only shogun-announce';
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-atomic', 'true');
  el.appendChild(region);
  const say = (text) => {
    region.textContent = '';
    // a moment apart, so the same text said again is heard again
    setTimeout(() => { region.textContent = text; }, 50);
  };
  const onMsg = (msg) => { if (msg && typeof msg.say === 'string') say(msg.say); };
  model.on('msg:custom', onMsg);
  if (model.get('last')) region.textContent = model.get('last');
  return () => model.off('msg:custom', onMsg);
}
export default { render };
"""


class Announcer(anywidget.AnyWidget):
    """``Announcer().say(text)``: ``text`` is announced by screen readers (politely: after what they read)."""

    _esm = _ESM
    last = traitlets.Unicode("").tag(sync=True)  # the last text, for a page drawn later (a reload)

    def say(self, text: str) -> None:
        if not text:
            return
        self.last = text
        self.send({"say": text})
