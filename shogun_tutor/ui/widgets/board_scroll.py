"""Scroll the board's box so a province is in view (on a phone the board box scrolls by itself).

On a phone the guided game's board sits in a box lower than the map (``ui/app.py``,
guided game layout), so the province a step is about can lie outside it. The board
figure knows where each province is drawn (the points of its ``hit`` trace whose
``customdata`` names the province); this
hidden anywidget finds that point in the browser and scrolls the nearest scrolling
box around the figure just enough to show it, and only when it is out of view (on
a laptop nothing scrolls). Each request is one custom message, so asking twice for
the same province works (a synced trait set to the same value would not be sent).

:meth:`BoardScroll.reveal` brings a whole figure into the window the same way (the battle tower when a throw
starts: on a phone the tower lies above or below the button that throws): the page scrolls only when part of
the figure is out of view, just enough to show it.
"""

from __future__ import annotations

import anywidget

_ESM = """
function render({ model, el }) {
  el.style.display = 'none';
  const scroller = (node) => {
    for (let n = node.parentElement; n; n = n.parentElement) {
      const oy = getComputedStyle(n).overflowY;
      if ((oy === 'auto' || oy === 'scroll') && n.scrollHeight > n.clientHeight + 1) return n;
      if (n.classList.contains('shogun-game-board')) return null;  // only the board's own box scrolls
    }
    return null;
  };
  const show = (province, tries) => {
    const home = el.closest('.shogun-game-board') || document;
    const gd = home.querySelector('.js-plotly-plot.shogun-board');
    const fl = gd && gd._fullLayout;
    const trace = gd && (gd._fullData || []).find((t) => t.name === 'hit');
    const names = trace && trace.customdata ? Array.from(trace.customdata) : [];
    const ys = trace && trace.y ? Array.from(trace.y).filter((v, i) => v !== null && names[i] === province) : [];
    if (!fl || !fl.yaxis || !ys.length) {
      if (tries > 0) setTimeout(() => show(province, tries - 1), 150);  // the figure is still being drawn
      return;
    }
    const y = fl._size.t + fl.yaxis.l2p(ys.reduce((a, b) => a + b, 0) / ys.length);
    const box = scroller(gd);
    if (!box) return;
    const top = gd.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop + y;
    const margin = Math.min(60, box.clientHeight / 4);
    if (top < box.scrollTop + margin || top > box.scrollTop + box.clientHeight - margin) {
      box.scrollTop = Math.max(0, top - box.clientHeight / 2);
    }
    el.dataset.shown = province;  // for tests: the last province brought into view
  };
  const reveal = (selector, tries) => {
    const target = [...document.querySelectorAll(selector)].find((e) => e.offsetParent !== null);
    if (!target) {
      if (tries > 0) setTimeout(() => reveal(selector, tries - 1), 150);
      return;
    }
    const r = target.getBoundingClientRect();
    if (r.top < 0 || r.bottom > innerHeight) target.scrollIntoView({block: r.height > innerHeight ? 'start' : 'nearest'});
    el.dataset.revealed = selector;  // for tests: the last figure brought into view
  };
  model.on('msg:custom', (msg) => {
    if (msg && msg.province) requestAnimationFrame(() => show(msg.province, 20));
    if (msg && msg.reveal) requestAnimationFrame(() => reveal(msg.reveal, 20));
  });
}
export default { render };
"""


class BoardScroll(anywidget.AnyWidget):
    """Put it beside the board (inside ``.shogun-game-board``); :meth:`show` brings a province into view,
    :meth:`reveal` a figure (put it anywhere shown)."""

    _esm = _ESM

    def show(self, province: str) -> None:
        self.send({"province": province})

    def reveal(self, selector: str) -> None:
        """Scroll the page so that the first shown element matching ``selector`` is whole in the window
        (nothing moves when it is)."""
        self.send({"reveal": selector})


__all__ = ["BoardScroll"]
