"""One small browser-side helper for the rulebook: keyboard navigation and "why?" links.

ipywidgets cannot run a click handler written in HTML, and Voilà runs no
``<script>`` from an HTML widget. This anywidget listens on the page instead:

* a click (or Enter) on any element with ``data-shogun-rule="battle.result"``
  (the "why?" links of the guided game and of the try-its) sends ``why``;
* the arrow keys, space, Page Up/Down, Home and End set ``key`` while the
  rulebook is shown, unless the visitor is typing in a field;
* inside the planning board they move the focus instead, along its cards or along its fields (Enter then
  picks the card or lays it: ``ui/planning_board.py``);
* the page follows the app's language: ``<html lang>`` and the window's title (the ``lang`` and
  ``title`` traits, kernel to browser only), so that screen readers speak it in its language and
  browsers pick the right CJK glyphs;
* every field has a name for screen readers: ipywidgets hides a control's ``<label>`` when its description
  is empty (a hidden label names nothing) and never ties a slider's label to its handle; such a control is
  named by its widget's tooltip, a slider by its shown label (kept current as texts change); a button's icon (a
  font glyph) is hidden from screen readers, so that its name is its words.

Every click and every key press is one custom comm message (``{"why": rule}`` or ``{"key": "next"}``),
never a synced trait: ipywidgets' front end holds back a trait change while the kernel is busy with
the one before and then sends only the latest value, so of three quick presses (the kernel building
a try-it for the first) the second was lost; a trait set twice to the same value is not seen at all.
Custom messages are neither merged nor compared: the kernel handles each, in order.
"""

from __future__ import annotations

import anywidget
import traitlets

_ESM = """
function render({ model, el }) {
  el.style.display = 'none';
  const page = () => {
    const lang = model.get('lang'), title = model.get('title');
    if (lang) document.documentElement.lang = lang;
    if (title) document.title = title;
  };
  page();
  const name = () => {
    // a button's icon is a font glyph: drawn, never read as part of its name ("\uf00c Confirm the plan")
    for (const i of document.querySelectorAll('.shogun-app button > i.fa:not([aria-hidden])')) i.setAttribute('aria-hidden', 'true');
    for (const c of document.querySelectorAll('.shogun-app select, .shogun-app input, .shogun-app textarea, .shogun-app [role=slider]')) {
      if (c.hasAttribute('aria-label') && !c.hasAttribute('data-shogun-named')) continue;
      const box = c.closest('.widget-inline-hbox, .widget-hslider, .widget-vslider');
      const label = box && box.querySelector(':scope > label');
      // textContent, not innerText: innerText lays the page out, and this runs after every change of the page
      const shown = label && label.style.display !== 'none' && label.textContent.trim();
      const slider = c.getAttribute('role') === 'slider';
      const text = (slider && shown) || (!shown && ((label && label.title) || (box && box.title))) || '';
      if (text && c.getAttribute('aria-label') !== text) { c.setAttribute('aria-label', text); c.setAttribute('data-shogun-named', ''); }
    }
  };
  let pending = false;
  // a figure's redraw (plotly rewrites hundreds of its SVG nodes and their styles at each step of a game) names no
  // field: changes inside a figure alone are let by, so a step's redraw does not walk every field of the page
  const inFigure = (r) => { const e = r.target.nodeType === 1 ? r.target : r.target.parentElement; return !!(e && e.closest('.js-plotly-plot')); };
  const names = new MutationObserver((records) => {
    if (pending || records.every(inFigure)) return;
    pending = true;
    requestAnimationFrame(() => { pending = false; name(); });
  });
  names.observe(document.body, {childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['title', 'style']});
  name();
  model.on('change:lang', page);
  model.on('change:title', page);
  const send = (name, value) => model.send({[name]: value});
  const typing = (t) => t && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));
  const onClick = (ev) => {
    const a = ev.target.closest && ev.target.closest('[data-shogun-rule]');
    if (!a) return;
    ev.preventDefault();
    send('why', a.getAttribute('data-shogun-rule'));
  };
  // inside the planning board the arrow keys, Home and End move the focus along its cards (on a card) or its fields
  // (on a field), in the page's order; nothing is sent to the kernel
  const PLAN_KEYS = {ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: 'first', End: 'last'};
  const planMove = (ev) => {
    const t = ev.target, board = t.closest && t.closest('.shogun-planning-board');
    if (!board || !(ev.key in PLAN_KEYS) || ev.altKey || ev.ctrlKey || ev.metaKey) return false;
    const kind = t.matches('.shogun-plan-card') ? '.shogun-plan-card' : t.matches('.shogun-plan-field') ? '.shogun-plan-field' : null;
    if (!kind) return false;
    const all = [...board.querySelectorAll(kind)].filter((b) => b.offsetParent !== null && !b.disabled);
    const i = all.indexOf(t), step = PLAN_KEYS[ev.key];
    const j = step === 'first' ? 0 : step === 'last' ? all.length - 1 : Math.min(all.length - 1, Math.max(0, i + step));
    ev.preventDefault();
    ev.stopPropagation();
    if (all[j]) all[j].focus();
    return true;
  };
  const onKey = (ev) => {
    if (ev.key === 'Enter' && ev.target.closest && ev.target.closest('[data-shogun-rule]')) { onClick(ev); return; }
    if (planMove(ev)) return;
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
  return () => { names.disconnect(); model.off('change:lang', page); model.off('change:title', page); document.removeEventListener('click', onClick, true); document.removeEventListener('keydown', onKey, true); };
}
export default { render };
"""


class Bridge(anywidget.AnyWidget):
    """The page's clicks on "why?" links and its navigation keys, each as one message:
    :meth:`on_why` and :meth:`on_key` register who receives them."""

    _esm = _ESM
    lang = traitlets.Unicode("").tag(sync=True)  #: the page's language (BCP 47), for ``<html lang>``
    title = traitlets.Unicode("").tag(sync=True)  #: the window's title

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._handlers: dict[str, list] = {"why": [], "key": []}
        self.on_msg(self._received)

    def _received(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict):
            return
        for name, handlers in self._handlers.items():
            value = content.get(name)
            if isinstance(value, str) and value:
                for fn in handlers:
                    fn(value)

    def on_why(self, fn) -> None:
        """``fn(rule_id)`` for each click (or Enter) on a "why?" link."""
        self._handlers["why"].append(fn)

    def on_key(self, fn) -> None:
        """``fn(key)`` (``next``, ``prev``, ``first``, ``last``) for each key press, in order."""
        self._handlers["key"].append(fn)


def why_link(rule_id: str, label: str) -> str:
    """The HTML of a "why?" link for an engine rule id (works wherever the bridge is on the page)."""
    from html import escape

    return (f"<a href='#' class='shogun-why' role='button' tabindex='0' data-shogun-rule='{escape(rule_id)}'>"
            f"{escape(label)}</a>")
