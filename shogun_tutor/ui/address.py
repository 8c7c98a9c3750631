"""The page's address follows the app: ``?game=K7X4PQ&step=12`` is written into the address bar
(``history.replaceState``: no reload, no new history entry), so a reload, a new kernel after the cull or a
server restart opens the same game at the same step, and the address can be copied as it is.

``Address().params = {"game": "K7X4PQ", "step": None}``: each key is set in the page's query string,
``None`` or ``""`` removes it; the other parameters (``lang``, ``chapter``…) are kept.
"""

from __future__ import annotations

import anywidget
import traitlets

_ESM = """
function render({ model, el }) {
  el.style.display = 'none';
  const apply = () => {
    const params = model.get('params') || {};
    const url = new URL(window.location.href);
    for (const [key, value] of Object.entries(params)) {
      if (value === null || value === undefined || value === '') url.searchParams.delete(key);
      else url.searchParams.set(key, String(value));
    }
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url.href);
  };
  model.on('change:params', apply);
  apply();
}
export default { render };
"""


class Address(anywidget.AnyWidget):
    """The query parameters the page's address should carry (see the module docstring)."""

    _esm = _ESM
    params = traitlets.Dict().tag(sync=True)

    def update(self, **params: str | int | None) -> None:
        """Set some parameters, keeping the others (one message, only when something changed)."""
        merged = {**self.params, **{k: (None if v is None else str(v)) for k, v in params.items()}}
        if merged != self.params:
            self.params = merged
