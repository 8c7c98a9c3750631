"""The *Play together* bar's form before a session: start a game for a group (players, board side, expansions)
or join one by its code."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from ..data import COMPONENTS
from ..i18n import _
from ..text import terms
from .screen_reader import name_control


class StartForm:
    """The two halves, *Start a game for a group* and *Join a game*; the bar wires their buttons."""

    def __init__(self):
        self.players = w.Dropdown(options=[3, 4, 5], value=4, layout=w.Layout(width="auto"),
                                  style={"description_width": "initial"})
        self.side = w.Dropdown(layout=w.Layout(width="auto"))  # as wide as its longest option, in every language
        self.tenno = w.Checkbox(value=False, indent=False, layout=w.Layout(width="auto"))
        self.samurai = w.Checkbox(value=False, indent=False, layout=w.Layout(width="auto"))
        self.create_button = w.Button(button_style="primary", icon="plus", layout=w.Layout(width="auto"))
        self.create_button.add_class("shogun-together-create")
        self.code = w.Text(layout=w.Layout(width="9em"), continuous_update=False)
        self.code.add_class("shogun-together-code")
        self.join_button = w.Button(button_style="success", icon="sign-in", layout=w.Layout(width="auto"))
        self.join_button.add_class("shogun-together-join")
        self.start_title, self.join_title = w.HTML(), w.HTML()
        start = w.VBox([self.start_title, w.HBox([self.players, self.side, self.tenno, self.samurai, self.create_button],
                                                 layout=w.Layout(flex_flow="row wrap", align_items="center"))],
                       layout=w.Layout(flex="1 1 360px"))
        join = w.VBox([self.join_title, w.HBox([self.code, self.join_button], layout=w.Layout(align_items="center"))],
                      layout=w.Layout(flex="1 1 260px"))
        self.widget = w.HBox([start, join], layout=w.Layout(flex_flow="row wrap", display="none"))
        self.widget.add_class("shogun-together-start")

    def refresh_texts(self) -> None:
        start, join = _("Start a game for a group"), _("Join a game")
        self.start_title.value = f"<b>{escape(start)}</b>"
        self.join_title.value = f"<b>{escape(join)}</b>"
        self.players.description = _("Players")
        side = self.side.value or "sun"
        self.side.options = [(terms.side_name("sun"), "sun"), (terms.side_name("moon"), "moon")]
        self.side.value = side
        name_control(self.side, _("Board side"))
        self.tenno.description = _("Expansion: Tennō's Court")
        self.samurai.description = _("Expansion: Samurai")
        self.create_button.description = _("Start and show the code")
        self.code.placeholder = _("Code")
        self.join_button.description = _("Join")

    def setup(self, seed: int) -> dict:
        """The new session's setup from the form (``seed``: the game's)."""
        side = self.side.value
        return {"players": int(self.players.value), "side": side, "seed": seed,
                "setup": "beginner" if side == COMPONENTS.beginner_setup_side else "draft",
                "expansions": [name for name, box in (("tenno", self.tenno), ("samurai", self.samurai)) if box.value]}


__all__ = ["StartForm"]
