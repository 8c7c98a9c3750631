"""Save and continue a game: download the game as JSON, upload a saved game or a game record.

``SaveBox(get_game, on_load).widget``. A file that is not a game we can continue (corrupt,
tampered, too big, another format) shows one translated sentence with the problem, and
the current game stays exactly as it was: ``on_load`` is only called with a loaded game.
"""

from __future__ import annotations

import base64
from html import escape
from typing import Any, Callable

import ipywidgets as w

from .. import i18n
from ..i18n import _
from ..rules.errors import SaveFileError
from ..rules.game import Game
from ..rules.record import RECORD_FORMAT, load_record, replay
from ..rules.savefile import parse_json


def load_upload(content: bytes) -> tuple[Game, bool]:
    """A saved game, or a game record replayed to its end, from uploaded bytes, and whether it was a
    record; SaveFileError otherwise."""
    data = parse_json(content)
    if isinstance(data, dict) and data.get("format") == RECORD_FORMAT:
        return replay(load_record(content), history=True), True
    return Game.load(content), False


def _upload_content(value: Any) -> bytes | None:
    """The bytes of the (last) uploaded file, from the value of an ipywidgets 8 FileUpload."""
    if not value:
        return None
    item = value[-1]
    content = item["content"] if isinstance(item, dict) else item.content
    return bytes(content)


class SaveBox:
    """A "save" button with a download link, and an upload that continues a saved game or record."""

    def __init__(self, get_game: Callable[[], Game | None], on_load: Callable[[Game, bool], None]):
        """``on_load(game, record)``: go on with ``game``; ``record`` when it came from a game record
        (read from its first step then, as a replay)."""
        self.get_game = get_game
        self.on_load = on_load
        self.save_button = w.Button(icon="download", layout=w.Layout(width="auto"))
        self.link = w.HTML()
        self.upload = w.FileUpload(accept=".json,application/json", multiple=False, layout=w.Layout(width="auto"))
        self.message = w.HTML()
        self.message.add_class("shogun-save-message")
        self.widget = w.VBox([w.HBox([self.save_button, self.link, self.upload],
                                     layout=w.Layout(flex_flow="row wrap", align_items="center")), self.message])
        self.widget.add_class("shogun-save-box")
        self.save_button.on_click(lambda _b: self.save())
        self.upload.observe(lambda change: self.load(_upload_content(change["new"])), names="value")
        self._unsubscribe = i18n.on_language_change(lambda _code: self.refresh_texts())
        self._last: tuple[str, dict] | None = None  # the last message, redrawn in a new language
        self.refresh_texts()

    def refresh_texts(self) -> None:
        self.save_button.description = _("Save the game")
        self.upload.description = _("Continue a saved game")
        if self.link.value:
            self.save()
        if self._last:
            self._show(*self._last)

    def save(self) -> str:
        """Offer the current game as a download (a data link: no request leaves the app); returns the JSON."""
        game = self.get_game()
        if game is None:
            return ""
        text = game.save()
        href = "data:application/json;base64," + base64.b64encode(text.encode()).decode()
        label = _("Download the saved game")
        self.link.value = f"<a download='shogun-game.json' href='{href}'>{escape(label)}</a>"  # i18n-ok: the label is the link's only text; the rest is markup and a data URL
        return text

    def load(self, content: bytes | None) -> bool:
        """Continue the game in ``content``; on a bad file say why and keep the current game."""
        if content is None:
            return False
        try:
            game, record = load_upload(content)
        except SaveFileError as exc:
            self._show("error", {"problem": str(exc)})
            return False
        self.on_load(game, record)
        self._show("record" if record else "ok", {})
        return True

    def _show(self, kind: str, data: dict) -> None:
        self._last = (kind, data)
        if kind in ("ok", "record"):
            text = (_("The game continues from the file.") if kind == "ok" else
                    _("The game record is loaded at its first step: read it step by step with “Next step”."))
            self.message.value = f"<span style='color:#1b5e20'>{escape(text)}</span>"
        else:
            text = _("This file cannot be continued, so your current game goes on unchanged. The problem: {problem}")
            self.message.value = f"<span style='color:#b71c1c'>{escape(text.format(problem=data['problem']))}</span>"

    def close(self) -> None:
        self._unsubscribe()
