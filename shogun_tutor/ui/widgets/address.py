"""The page's address and this device's seat tokens, from a tiny anywidget.

The kernel cannot see or change the browser's address bar, nor keep anything across a reload. This
hidden widget does the few things only the page can do, each as one custom message:

* on render it tells the kernel where the page is (``origin + pathname``: the join link and its QR
  code need the address the class actually uses) and the seat tokens this browser keeps in its
  ``localStorage`` (``shogun-seat-<CODE>``): after a reload, or in a new kernel after the idle cull,
  the device takes its seat again without asking;
* :meth:`Address.replace` puts the position (``?game=ABCDEF&step=12&tab=game``) into the address with
  ``history.replaceState``: no new history entry, no reload; "Back" in the browser leaves the app;
* :meth:`Address.copy` writes the whole link to the clipboard and answers whether it could;
* :meth:`Address.keep_token` / :meth:`Address.forget_token` store or drop a seat token on this device;
* the synced ``params`` (:meth:`Address.update`, what the guided game sets: ``game``, ``step``) are merged into
  the address as they change, the other parameters kept.

Only this device's own tokens ever reach its page; a token is never part of the address.
"""

from __future__ import annotations

import re
from typing import Callable
from urllib.parse import urlencode

import anywidget
import traitlets

_ESM = """
const PREFIX = 'shogun-seat-';
const KEPT = 'shogun-guided-game';  // the static build's guided game (ui/local_game.py)
const MAX_KEPT = 1000000;
function kept() {
  try {
    const text = localStorage.getItem(KEPT);
    return text && text.length <= MAX_KEPT ? text : null;
  } catch (e) { return null; }
}
function tokens() {
  const out = {};
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k && k.startsWith(PREFIX)) out[k.slice(PREFIX.length)] = localStorage.getItem(k);
    }
  } catch (e) { /* storage off: no tokens */ }
  return out;
}
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
  const here = () => location.origin + location.pathname;
  model.send({hello: here(), tokens: tokens(), query: location.search.replace(/^\\?/, ''), kept: kept()});
  model.on('msg:custom', (msg) => {
    if (!msg) return;
    if (typeof msg.replace === 'string') {
      history.replaceState(history.state, '', location.pathname + (msg.replace ? '?' + msg.replace : '') + location.hash);
      el.dataset.query = msg.replace;  // for tests: the last position put into the address
    }
    if (typeof msg.copy === 'string') {
      const link = here() + (msg.copy ? '?' + msg.copy : '');
      const answer = (ok) => model.send({copied: link, ok: ok});
      try {
        navigator.clipboard.writeText(link).then(() => answer(true), () => answer(false));
      } catch (e) { answer(false); }
    }
    try {
      if (msg.keep && msg.keep.code) localStorage.setItem(PREFIX + msg.keep.code, msg.keep.token);
      if (msg.forget) localStorage.removeItem(PREFIX + msg.forget);
      if (typeof msg.keep_game === 'string') {
        if (msg.keep_game && msg.keep_game.length <= MAX_KEPT) localStorage.setItem(KEPT, msg.keep_game);
        else localStorage.removeItem(KEPT);
      }
    } catch (e) { /* storage off: the seat lasts as long as the page */ }
  });
}
export default { render };
"""

#: address parameters the app writes (in this order); anything else the visitor typed is kept after them
POSITION_KEYS = ("lang", "game", "step", "tab", "chapter", "screen", "demo", "teacher")
MAX_KEPT = 1_000_000  #: characters of a kept game (rules/savefile.py: MAX_BYTES)
_CODE_RE = re.compile(r"[A-Z0-9]{4,12}")
_TOKEN_RE = re.compile(r"[A-Za-z0-9_\-]{8,128}")


def position_query(params: dict[str, object]) -> str:
    """The query string of a position: known keys in a fixed order, empty values left out.

    >>> position_query({"tab": "game", "game": "K7P2QX", "step": 12, "lang": "nl", "chapter": None})
    'lang=nl&game=K7P2QX&step=12&tab=game'
    """
    items = [(k, str(params[k])) for k in POSITION_KEYS if params.get(k) not in (None, "")]
    return urlencode(items)


class Address(anywidget.AnyWidget):
    """Put it on the page once (the app does); ``on_hello(fn)``: ``fn(base, tokens)`` when the page has told
    where it is and which seat tokens it keeps; ``on_copied(fn)``: ``fn(link, ok)`` after :meth:`copy`."""

    _esm = _ESM
    params = traitlets.Dict().tag(sync=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.base: str | None = None  # origin + path of the page, once it said so
        self.tokens: dict[str, str] = {}  # session code -> this device's seat token
        self.query: str = ""  # the page's query when it rendered
        self.last: str | None = None  # the last query put into the address
        self.kept: str | None = None  # the guided game this browser keeps (the static build: ui/local_game.py)
        self._kept_sent: str | None = None
        self._hello: list[Callable[[str, dict[str, str]], None]] = []
        self._copied: list[Callable[[str, bool], None]] = []
        self.on_msg(self._received)

    def _received(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict):
            return
        if isinstance(content.get("hello"), str):
            base = content["hello"][:2000]
            self.base = base if re.match(r"https?://", base) else None
            raw = content.get("tokens") if isinstance(content.get("tokens"), dict) else {}
            # only well-formed entries, a bounded number: the page's storage is the visitor's to edit
            self.tokens = {str(k): str(v) for k, v in list(raw.items())[:50]
                           if isinstance(k, str) and _CODE_RE.fullmatch(k) and isinstance(v, str) and _TOKEN_RE.fullmatch(v)}
            self.query = str(content.get("query") or "")[:2000]
            kept = content.get("kept")
            self.kept = kept if isinstance(kept, str) and len(kept) <= MAX_KEPT else None
            for fn in list(self._hello):
                fn(self.base or "", dict(self.tokens))
        elif isinstance(content.get("copied"), str):
            for fn in list(self._copied):
                fn(content["copied"][:2000], bool(content.get("ok")))

    def on_hello(self, fn: Callable[[str, dict[str, str]], None]) -> None:
        self._hello.append(fn)
        if self.base is not None:
            fn(self.base, dict(self.tokens))

    def on_copied(self, fn: Callable[[str, bool], None]) -> None:
        self._copied.append(fn)

    def update(self, **params: str | int | None) -> None:
        """Set some parameters in the address, keeping the others (only when something changed)."""
        merged = {**self.params, **{k: (None if v is None else str(v)) for k, v in params.items()}}
        if merged != self.params:
            self.params = merged

    def replace(self, params: dict[str, object]) -> str:
        """Show ``params`` in the address (no reload, no history entry); sent only when it changed."""
        query = position_query(params)
        if query != self.last:
            self.last = query
            self.send({"replace": query})
        return query

    def link(self, params: dict[str, object]) -> str:
        """The whole link to ``params`` (the page's own address; a relative one before the page said where it is)."""
        query = position_query(params)
        return (self.base or "") + ("?" + query if query else "")

    def copy(self, params: dict[str, object]) -> str:
        """Write the link to ``params`` to the clipboard; :meth:`on_copied` handlers hear whether it worked."""
        query = position_query(params)
        self.send({"copy": query})
        return self.link(params)

    def keep_token(self, code: str, token: str) -> None:
        self.tokens[code] = token
        self.send({"keep": {"code": code, "token": token}})

    def keep_game(self, text: str) -> None:
        """Keep ``text`` (a guided game, ui/local_game.py) in this browser's localStorage, in place of the one kept
        (``""``: none); sent only when it changed, never more than :data:`MAX_KEPT` characters."""
        text = text if len(text) <= MAX_KEPT else ""
        if text != self._kept_sent:
            self._kept_sent = text
            self.send({"keep_game": text})

    def forget_token(self, code: str) -> None:
        self.tokens.pop(code, None)
        self.send({"forget": code})


__all__ = ["Address", "position_query", "POSITION_KEYS"]
