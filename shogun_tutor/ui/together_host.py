"""The host's controls in the *Play together* bar: *Step for everyone*, *Pause*, *Undo the last decision* and
*Show to everyone* (the game, a rulebook chapter or a demo on every watcher's page).

:class:`HostControls` owns these widgets and their texts; the bar (:class:`~.together.TogetherPanel`) shows them
on the host's device only and forwards each click here. The session layer refuses a forged click from any other
device (its token is not the host's)."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from .. import i18n
from ..i18n import _
from ..text.explain import player_name
from .screen_reader import name_control

if TYPE_CHECKING:
    from .together import TogetherPanel


class HostControls:
    """The host's row of buttons; ``panel``: the bar it belongs to (its session, token and refusals)."""

    def __init__(self, panel: "TogetherPanel"):
        self.panel = panel
        self.step_button = w.Button(button_style="success", icon="step-forward", layout=w.Layout(width="auto"))
        self.step_button.add_class("shogun-host-step")
        self.pause_button = w.ToggleButton(icon="pause", layout=w.Layout(width="auto"))
        self.pause_button.add_class("shogun-host-pause")
        self.undo_button = w.Button(icon="undo", layout=w.Layout(width="auto"))
        self.undo_button.add_class("shogun-host-undo")
        self.show_pick = w.Dropdown(layout=w.Layout(width="auto", max_width="22em"))
        self.show_button = w.Button(icon="television", layout=w.Layout(width="auto"))
        self.show_button.add_class("shogun-host-show")
        self.why = w.HTML()  # why a control cannot act now (a tooltip alone: not on a phone, not read out)
        self.why.add_class("shogun-host-why")
        buttons = w.HBox([self.step_button, self.pause_button, self.undo_button, self.show_pick, self.show_button],
                         layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.widget = w.VBox([buttons, self.why], layout=w.Layout(display="none"))
        self.widget.add_class("shogun-host-controls")
        self._quiet = False
        self.step_button.on_click(lambda _b: self.act("step"))
        self.pause_button.observe(lambda c: self.act("pause", c["new"]) if not self._quiet else None, names="value")
        self.undo_button.on_click(lambda _b: self.act("undo"))
        self.show_button.on_click(lambda _b: self.act("show", self.show_pick.value))

    def refresh_texts(self) -> None:
        quiet, self._quiet = self._quiet, True
        try:
            name_control(self.show_pick, _("What to show everyone"))
            self.step_button.description = _("Step for everyone")
            self._pause_label(self.pause_button.value)
            self.undo_button.description = _("Undo the last decision")
            self.show_button.description = _("Show to everyone")
            self._show_options()
        finally:
            self._quiet = quiet

    def _show_options(self) -> None:
        from ..rulebook import content

        value = self.show_pick.value
        # a picker's labels: a kind and a title (the chapters' and demos' own), not a sentence
        chapters = [(_("Rulebook: {chapter}").format(chapter=_(c.title)), f"chapter:{c.key}")  # i18n-ok: a label
                    for c in content.CHAPTERS]
        demos = [(_("Demo: {name}").format(name=_(title)), f"demo:{sid}") for title, sid in DEMOS_TITLES]  # i18n-ok: a label
        opts = [(_("The game"), "game")] + chapters + demos
        self.show_pick.options = opts
        self.show_pick.value = value if value in [v for _l, v in opts] else "game"

    def act(self, what: str, value: Any = None) -> None:
        """One of the host's controls, for the session the bar shows."""
        p = self.panel
        if p.session is None:
            return
        if what == "step":  # the class moves on: the bots play the next step (not a step read again)
            game = p.hooks.get("game")

            def step():
                panel = game()
                panel.steps.go_last(panel.game)
                panel.next_step()
            if game is not None:
                p._attempt(step)
        elif what == "pause":
            p._attempt(lambda: p.session.set_paused(bool(value), p.token))
        elif what == "undo":
            p._attempt(lambda: p.session.undo(p.token))
            p._attach()
        elif what == "show":
            p._attempt(lambda: p.session.show(_show_entry(value), p.token))
        p.render()

    def refresh(self) -> None:
        """:meth:`render` for the bar's session and device; whether the host's guided game shows a step before the
        class's latest is read from that game."""
        p = self.panel
        if p.session is None:
            return
        host = p.host
        game = p.hooks.get("game")
        shown = game() if game is not None and host else None
        behind = shown is not None and shown.game is p.session.game and not shown.steps.in_present(p.session.game)
        self.render(p.session, host, behind)

    def _pause_label(self, paused: bool) -> None:
        """The toggle reads as what a click will do: *Pause* while the game runs, *Resume* while it is paused."""
        self.pause_button.description = _("Resume") if paused else _("Pause")
        self.pause_button.icon = "play" if paused else "pause"

    def render(self, session, host: bool, behind: bool = False) -> None:
        """Shown to the host only; each button as the session now allows, and a control that cannot act now is
        disabled with the reason beside it (and as its tooltip). ``behind``: the host's page shows a step before
        the class's latest (Step for everyone then shows the latest, even while a student must decide)."""
        self.widget.layout.display = None if host else "none"
        quiet, self._quiet = self._quiet, True
        try:
            self.pause_button.value = session.paused
            self._pause_label(session.paused)
        finally:
            self._quiet = quiet
        step_why = undo_why = None
        if session.game.over:
            step_why = _("The game is over.")
        elif session.waiting_for_human() and not behind:
            step_why = _("Step for everyone can act once {player} has decided.").format(
                player=player_name(session.to_decide()[1]))
        if not session.marks:
            undo_why = _("Nothing to undo yet.")
        self.step_button.disabled, self.step_button.tooltip = step_why is not None, step_why or ""
        self.undo_button.disabled, self.undo_button.tooltip = undo_why is not None, undo_why or ""
        reasons = [r for r in (step_why, undo_why) if r]
        self.why.value = "".join(f"<div class='shogun-host-reason' style='color:#555'>{escape(r)}</div>"
                                 for r in reasons)


def waiting_line(session) -> str:
    """The projector's line: whom the game waits for (a student's seat), or that the bots play next; while paused,
    both what the pause holds and that the host's Resume lifts it."""
    who = session.to_decide()
    if session.paused:
        return _("You have paused the game; Resume lets it go on.")
    if who is not None and not session.seats[who[1]].bot:
        return _("The game waits for {player}.").format(player=player_name(who[1]))
    return _("The bots play next: Step for everyone moves the game on.")


def _show_entry(value: str | None) -> dict:
    """What the host's *Show to everyone* stores: the game, a rulebook chapter, or a demo."""
    value = value or "game"
    if value.startswith("chapter:"):
        return {"chapter": value.split(":", 1)[1], "screen": 0}
    if value.startswith("demo:"):
        return {"demo": value.split(":", 1)[1]}
    return {"tab": "game"}


#: the demos a host can show to every watcher: (title msgid, scenario id)
DEMOS_TITLES = (
    (i18n.N_("a battle with a full tray"), "full-tray-battle"),
    (i18n.N_("a winter shortfall with revolts"), "winter-shortfall"),
    (i18n.N_("a tied region"), "tied-region"),
    (i18n.N_("the event-then-special order"), "settsu-tax"),
    (i18n.N_("a card handed over from the planning board"), "handed-over"),
)


__all__ = ["HostControls", "DEMOS_TITLES", "waiting_line"]
