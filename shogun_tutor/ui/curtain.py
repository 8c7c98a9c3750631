"""Hot-seat: "hand the device to Blue", a curtain between two players' secret plans on one screen.

Friends at one laptop each play a seat. While one of them plans, the others look away; when the
game passes to another human seat of this device, the curtain comes down over the game: it names
the player whose turn it is, and only their click lifts it. While it is down the game is drawn for a
watcher (public facts only), so the plan of the player before is not on the page at all, not merely
hidden from view.
"""

from __future__ import annotations

from html import escape
from typing import Callable

import ipywidgets as w

from .. import i18n
from ..i18n import _
from ..text.explain import player_name
from ..viz.palette import player_style


class Curtain:
    """``Curtain(on_lift).widget``: hidden until :meth:`drop` names a seat; its button calls ``on_lift(seat)``."""

    def __init__(self, on_lift: Callable[[int], None]):
        self.on_lift = on_lift
        self.seat: int | None = None
        self.text = w.HTML()
        self.button = w.Button(button_style="primary", icon="eye", layout=w.Layout(width="auto"))
        self.button.add_class("shogun-curtain-lift")
        self.button.on_click(lambda _b: self.lift())
        self.widget = w.VBox([self.text, self.button],
                             layout=w.Layout(display="none", align_items="center", padding="3em 1em", width="100%"))
        self.widget.add_class("shogun-curtain")
        self._unsubscribe = i18n.on_language_change(lambda _code: self.refresh_texts())
        self.refresh_texts()

    @property
    def down(self) -> bool:
        return self.seat is not None

    def drop(self, seat: int) -> None:
        """Bring the curtain down for ``seat``: the device goes to that player."""
        self.seat = seat
        self.refresh_texts()
        self.widget.layout.display = None

    def lift(self) -> None:
        seat, self.seat = self.seat, None
        self.widget.layout.display = "none"
        if seat is not None:
            self.on_lift(seat)

    def lift_quietly(self) -> None:
        """Take the curtain away without showing anyone's seat (the device left the game)."""
        self.seat = None
        self.widget.layout.display = "none"

    def refresh_texts(self) -> None:
        if self.seat is None:
            self.text.value = ""
            self.button.description = ""
            return
        style = player_style(self.seat)
        name = player_name(self.seat)
        swatch = (f"<span style='display:inline-block;width:1.2em;height:1.2em;vertical-align:middle;border:1px solid #333;"
                  f"background:{style.fill}'></span>")
        hand = _("Hand the device to {player}.").format(player=name)
        away = _("The others look away: {player} plans in secret.").format(player=name)
        self.text.value = (
            f"<div style='text-align:center;font-size:1.4em' role='status'>{swatch} <b>{escape(hand)}</b></div>"
            f"<p style='text-align:center'>{escape(away)}</p>")
        self.button.description = _("I am {player}: show my seat").format(player=name)

    def close(self) -> None:
        self._unsubscribe()
        self.widget.close()


__all__ = ["Curtain"]
