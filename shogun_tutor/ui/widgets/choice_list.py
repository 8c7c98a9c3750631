"""A list of options whose every line is read whole: the guided game's decisions with their odds.

ipywidgets' ``Dropdown`` shows one line cut to the control's width ("… win 27 %, dr…" at 1280 px, issue 23), and
its ``Select`` writes each option with non-breaking spaces, so no option can wrap either. :class:`ChoiceList` is
ipywidgets' ``Select`` in Python (``options``, ``value``, ``index``, ``description``, observers: the same API as
the drop-down it replaces) drawn by a small anywidget view: a native list box (``<select size>``, so the arrow
keys, Home/End, type-ahead and screen readers work as on any list box) whose options wrap at spaces, as tall as
its options up to a bound (then it scrolls up and down, never sideways), with its description as a ``<label>``
tied to it (the tooltip names it when there is no description).
"""

from __future__ import annotations

import anywidget
import ipywidgets as w

_ESM = """
let made = 0;
function render({ model, el }) {
  el.classList.add('shogun-choice-list');
  const label = document.createElement('label'), list = document.createElement('select');
  list.id = `shogun-choice-list-${Date.now().toString(36)}-${made++}`;
  label.htmlFor = list.id;
  label.className = 'shogun-choice-list-label';
  el.append(label, list);
  let shown = null;
  const options = () => {
    const labels = model.get('_options_labels') || [];
    if (shown && shown.length === labels.length && shown.every((t, i) => t === labels[i])) return;
    shown = labels.slice();
    list.replaceChildren(...labels.map((t, i) => {
      const o = document.createElement('option');
      o.value = String(i);
      o.textContent = t.replace(/(\\d) (?=[%‰])/g, '$1\u00a0');  // a number stays on the line of its % sign
      return o;
    }));
    list.size = Math.max(2, labels.length);  // a list box, never a drop-down (size 1); CSS bounds its height
  };
  const index = () => {
    const i = model.get('index');
    list.selectedIndex = i === null || i === undefined ? -1 : i;
  };
  const texts = () => {
    const d = model.get('description') || '', tip = model.get('tooltip') || '';
    label.textContent = d;
    label.style.display = d ? '' : 'none';
    if (!d && tip) list.setAttribute('aria-label', tip); else list.removeAttribute('aria-label');
    list.disabled = !!model.get('disabled');
  };
  const all = () => { options(); index(); texts(); };
  list.addEventListener('change', () => {
    model.set('index', list.selectedIndex < 0 ? null : list.selectedIndex);
    model.save_changes();
  });
  all();
  model.on('change:_options_labels', all);
  model.on('change:index', index);
  model.on('change:description', texts);
  model.on('change:tooltip', texts);
  model.on('change:disabled', texts);
  return () => {
    model.off('change:_options_labels', all);
    model.off('change:index', index);
    model.off('change:description', texts);
    model.off('change:tooltip', texts);
    model.off('change:disabled', texts);
  };
}
export default { render };
"""

# the list box is as tall as its options (field-sizing), up to a bound, and as wide as its column; options wrap at
# spaces with room for a finger; the chosen one is marked by more than its colour (bold and a bar)
_CSS = """
.shogun-choice-list { display: flex; flex-direction: column; align-items: stretch; width: 100%; max-width: 100%; min-width: 0; }
.shogun-choice-list > label { margin: 0.2em 0; }
.shogun-choice-list > select { width: 100%; max-width: 100%; min-width: 0; box-sizing: border-box; field-sizing: content;
  max-height: min(20em, 40vh); overflow-y: auto; overflow-x: hidden; font: inherit; padding: 2px; }
.shogun-choice-list option { white-space: normal; overflow-wrap: break-word; padding: 0.3em 0.4em; min-height: 24px;
  border-bottom: 1px solid #e4e4e4; }
.shogun-choice-list option:checked { font-weight: bold; box-shadow: inset 4px 0 0 #0b5cad; }
@media (max-width: 699px) { .shogun-choice-list option { padding: 0.55em 0.5em; min-height: 44px; box-sizing: border-box; } }
"""


class ChoiceList(anywidget.AnyWidget, w.Select):
    """``ipywidgets.Select`` (its options, value, index and description) shown as a list box of whole options."""

    _esm = _ESM
    _css = _CSS  # anywidget's model and view (it comes first in the bases): the list box above draws it


__all__ = ["ChoiceList"]
