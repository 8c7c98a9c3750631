"""The seat cards of the *Play together* bar: each seat's colour, who plays it and the one thing this device
may do with it (take it, give it to a bot, the host's hand to a bot)."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

import ipywidgets as w

from .. import i18n
from ..i18n import _
from ..text.explain import player_name
from ..viz.palette import player_style

if TYPE_CHECKING:
    from .together import TogetherPanel


class SeatCard:
    """A seat's card in the bar: its colour and who plays it, and one button whose role follows the seat (take it,
    give it to a bot, the host's hand to a bot; none). Made once per session and changed in place: a poll sends
    only what changed, and a click is never lost on a card the kernel replaced meanwhile. The click does what
    the card offers when the kernel reads it."""

    def __init__(self, panel: "TogetherPanel", seat: int):
        self.panel, self.seat = panel, seat
        self.role: str | None = None
        self.label = w.HTML()
        self.button = w.Button(layout=w.Layout(width="auto", display="none"))
        self.button.on_click(lambda _b: self._clicked())
        self.widget = w.VBox([self.label, self.button],
                             layout=w.Layout(border="1px solid #d8cbb3", padding="0.2em 0.4em", margin="0.15em"))
        self.widget.add_class("shogun-together-seat")
        self.widget.add_class(f"shogun-together-seat-{seat}")
        self._drawn: tuple | None = None

    def show(self, holder: str | None, mine: list[int], host: bool, projector: bool = False) -> None:
        """``projector``: the host's page in teacher mode, which shows the class the public game and never offers
        itself a seat."""
        seat = self.seat
        if seat in mine:
            role = "leave"
        elif holder is None:
            role = None if projector else "take"
        elif host:
            role = "to-bot"
        else:
            role = None
        key = (role, holder is None, i18n.current_language())
        if key == self._drawn:
            return
        self._drawn, self.role = key, role
        style = player_style(seat)
        name = player_name(seat)
        if role == "leave":
            text = _("{player} (you)").format(player=name)
        elif holder is None:
            text = _("{player} (a bot plays)").format(player=name)
        else:
            text = _("{player} (another device)").format(player=name)
        swatch = (f"<span style='display:inline-block;width:1em;height:1em;vertical-align:middle;border:1px solid #333;"
                  f"background:{style.fill}'></span>")
        self.label.value = f"{swatch} <b>{escape(text)}</b>"
        b = self.button
        for cls in ("shogun-seat-leave", "shogun-seat-take", "shogun-seat-to-bot"):
            b.remove_class(cls)
        if role is None:
            b.layout.display = "none"
            return
        b.description = {"leave": _("Give to a bot"), "take": _("Take this seat"), "to-bot": _("Hand to a bot")}[role]
        b.button_style = "info" if role == "take" else ""
        b.add_class(f"shogun-seat-{role}")
        b.layout.display = None

    def _clicked(self) -> None:
        p = self.panel
        if self.role == "leave":
            p.give_up(self.seat)
        elif self.role == "take":
            p.take(self.seat)
        elif self.role == "to-bot":
            p.to_bot(self.seat)


def state_sentence(session, mine: list[int], host: bool) -> str:
    """The bar's line for this device: the game over or paused, the seats it plays, whom the projector's class
    waits for (the host), or an invitation to take a seat (a watcher)."""
    from .together_host import waiting_line

    if session.game.over:
        return _("The game is over.")
    if session.paused and not host:
        return _("The host has paused the game.")
    if mine:
        return _("You play {colours}.").format(colours=i18n.format_list([player_name(i) for i in mine]))
    if host:  # the projector names whom the class waits for
        return waiting_line(session)
    return _("You are watching; take a free seat to play it.")


def close_tree(widget: w.Widget) -> None:
    """Close ``widget`` and the widgets inside it (a box's children)."""
    for child in getattr(widget, "children", ()):
        close_tree(child)
    widget.close()


def token_hash(token: str) -> str:
    from ..session.session import token_hash as _token_hash

    return _token_hash(token)


__all__ = ["SeatCard", "close_tree", "state_sentence", "token_hash"]
