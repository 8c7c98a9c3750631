"""Play together: a game session that a class or friends join by code, each seat on its own device.

``TogetherPanel(hooks).widget`` sits above the guided game. Folded it is one button, *Play together*;
open, it offers:

* **Start a game for a group**: players, board side and expansions → a session with a short code, its
  link and a QR code for the projector (``segno``, drawn here as inline SVG: no network);
* **Join**: the code (or the link ``?game=CODE``, which opens the session directly); then a free seat or
  *Watch*. Seats nobody takes are played by bots.

In a session the bar shows the code and the seats. The host (the device that started it) paces the class:
*Step for everyone*, *Pause*, *Undo the last decision*, *Show to everyone* (a rulebook chapter or a
demo, shown on every watcher's page), hands a seat to a bot or takes it back. Every device can copy a
link to the position it shows. A device may hold several seats (hot-seat): when the game passes from
one to another, the curtain (:mod:`.curtain`) comes down.

The session itself (log, seats, store) lives in :mod:`shogun_tutor.session` and knows no widget;
this panel only draws it and forwards the clicks. Every refusal (a wrong code, a taken seat, a store
that cannot be written) is one translated sentence under the bar; the game shown stays as it was.
"""

from __future__ import annotations

from html import escape
from typing import Any, Callable

import ipywidgets as w

from .. import i18n
from ..data import COMPONENTS
from ..i18n import _
from ..text import terms
from ..text.explain import player_name
from ..viz.palette import player_style
from .screen_reader import name_control


# a phone: the seats two by two, a smaller code; a projector (teacher mode): the code large
TOGETHER_CSS = """<style>
.shogun-app .shogun-together-seat .widget-html-content { line-height: 1.3; }
@media (max-width: 699px) {
  .shogun-app .shogun-together-seat { flex: 1 1 40%; min-width: 0; }
  .shogun-app .shogun-join-code { font-size: 1.7em !important; }
  .shogun-app .shogun-together button { min-height: 44px; }
}
.shogun-app .shogun-join svg.shogun-qr { width: 180px; height: 180px; display: block; }
.shogun-app.shogun-teacher .shogun-join-code { font-size: 3.2em !important; }
.shogun-app.shogun-teacher .shogun-join svg.shogun-qr { width: min(320px, 22vw); height: min(320px, 22vw); }
</style>"""


def qr_svg(link: str, scale: int = 5) -> str:
    """The QR code of ``link`` as inline SVG (``segno``; drawn in the kernel, nothing fetched)."""
    import segno

    qr = segno.make(link, error="m")
    # no fixed size (a viewBox): the page sizes it, larger on a projector (TOGETHER_CSS)
    return qr.svg_inline(scale=scale, dark="#1a1a1a", light="#ffffff", title=link, svgclass="shogun-qr", omitsize=True)


def join_html(code: str, link: str, qr: bool = True) -> str:
    """The code in large letters, the link under it and (``qr``: on the host's screen, for a projector) its QR code."""
    spaced = f"{code[:3]} {code[3:]}" if len(code) == 6 else code
    title = _("Join with the code")
    return (
        "<div class='shogun-join' style='display:flex;flex-wrap:wrap;gap:1em;align-items:center'>"
        f"<div>{qr_svg(link) if qr and link.startswith('http') else ''}</div>"
        "<div>"
        f"<div style='color:#555'>{escape(title)}</div>"
        f"<div class='shogun-join-code' style='font:bold 2.4em monospace;letter-spacing:0.12em'>{escape(spaced)}</div>"
        f"<div class='shogun-join-link' style='font-size:0.9em;word-break:break-all'>{escape(link)}</div>"
        "</div></div>")


class TogetherPanel:
    """The "Play together" bar. ``hooks``: ``store()`` (the session store), ``address`` (an
    :class:`~.address.Address`), ``attach(session, seats)`` (the guided game shows ``session`` for the
    seats this device holds; an empty tuple: a watcher), ``detach()``, ``present(kind, key, screen)``
    (show a chapter or a demo on this page)."""

    def __init__(self, hooks: dict[str, Any]):
        self.hooks = hooks
        self.session = None
        self.token: str | None = None  # this device's token in the session
        self.open_button = w.ToggleButton(icon="users", layout=w.Layout(width="auto"))
        self.open_button.add_class("shogun-together-open")
        # --- start or join
        self.players = w.Dropdown(options=[3, 4, 5], value=4, layout=w.Layout(width="auto"),
                                  style={"description_width": "initial"})
        self.side = w.Dropdown(layout=w.Layout(width="11em"))
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
        self.start_box = w.HBox([start, join], layout=w.Layout(flex_flow="row wrap", display="none"))
        self.start_box.add_class("shogun-together-start")
        # --- in a session
        self.join_info = w.HTML()
        self.seats_box = w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="stretch"))
        self.seats_box.add_class("shogun-seats")
        self.step_button = w.Button(button_style="success", icon="step-forward", layout=w.Layout(width="auto"))
        self.step_button.add_class("shogun-host-step")
        self.pause_button = w.ToggleButton(icon="pause", layout=w.Layout(width="auto"))
        self.pause_button.add_class("shogun-host-pause")
        self.undo_button = w.Button(icon="undo", layout=w.Layout(width="auto"))
        self.undo_button.add_class("shogun-host-undo")
        self.show_pick = w.Dropdown(layout=w.Layout(width="auto", max_width="22em"))
        self.show_button = w.Button(icon="television", layout=w.Layout(width="auto"))
        self.show_button.add_class("shogun-host-show")
        self.host_box = w.HBox([self.step_button, self.pause_button, self.undo_button, self.show_pick, self.show_button],
                               layout=w.Layout(flex_flow="row wrap", align_items="center", display="none"))
        self.host_box.add_class("shogun-host-controls")
        self.copy_button = w.Button(icon="link", layout=w.Layout(width="auto"))
        self.copy_button.add_class("shogun-copy-link")
        self.leave_button = w.Button(icon="sign-out", layout=w.Layout(width="auto"))
        self.leave_button.add_class("shogun-together-leave")
        self.state_line = w.HTML()
        self.state_line.add_class("shogun-together-state")
        self.session_box = w.VBox([
            w.HBox([self.join_info, w.VBox([self.state_line, self.seats_box], layout=w.Layout(flex="1 1 360px"))],
                   layout=w.Layout(flex_flow="row wrap", align_items="flex-start")),
            self.host_box, w.HBox([self.copy_button, self.leave_button], layout=w.Layout(flex_flow="row wrap"))],
            layout=w.Layout(display="none"))
        self.session_box.add_class("shogun-together-session")
        self.message = w.HTML()
        self.message.add_class("shogun-together-message")
        style = w.HTML(TOGETHER_CSS, layout=w.Layout(display="none"))
        self.widget = w.VBox([style, w.HBox([self.open_button], layout=w.Layout(flex_flow="row wrap")),
                              self.start_box, self.session_box, self.message],
                             layout=w.Layout(border="1px solid #d8cbb3", padding="0.3em 0.5em", margin="0 0 0.4em 0"))
        self.widget.add_class("shogun-together")
        self.open_button.observe(lambda c: self._unfold(c["new"]), names="value")
        self.create_button.on_click(lambda _b: self.create())
        self.join_button.on_click(lambda _b: self.join(self.code.value))
        self.step_button.on_click(lambda _b: self._host("step"))
        self.pause_button.observe(lambda c: self._host("pause", c["new"]) if not self._quiet else None, names="value")
        self.undo_button.on_click(lambda _b: self._host("undo"))
        self.show_button.on_click(lambda _b: self._host("show", self.show_pick.value))
        self.copy_button.on_click(lambda _b: self.copy_link())
        self.leave_button.on_click(lambda _b: self.leave())
        self._quiet = False
        self._store = None
        self._active: int | None = None  # the seat this device shows now (hot-seat: one at a time)
        self._drawn_join: tuple | None = None
        self._cards: list[_SeatCard] = []  # the seat cards, updated in place (a click never lands on a closed one)
        self._shown_applied: dict = {}
        self.poller = None
        from .curtain import Curtain

        self.curtain = Curtain(self._lift)
        address = hooks.get("address")
        if address is not None:
            address.on_copied(self._copied)
            address.on_hello(lambda _base, _tokens: self._on_hello())
        self._unsubscribe = i18n.on_language_change(lambda _code: self.refresh_texts())
        self.refresh_texts()

    # --- texts -------------------------------------------------------------------------------
    def refresh_texts(self) -> None:
        quiet, self._quiet = self._quiet, True
        try:
            self.open_button.description = _("Play together")
            self.open_button.tooltip = _("A game that several devices join by code: each player on their own device")
            start, join = _("Start a game for a group"), _("Join a game")
            self.start_title.value = f"<b>{escape(start)}</b>"
            self.join_title.value = f"<b>{escape(join)}</b>"
            self.players.description = _("Players")
            side = self.side.value or "sun"
            self.side.options = [(terms.side_name("sun"), "sun"), (terms.side_name("moon"), "moon")]
            self.side.value = side
            name_control(self.side, _("Board side"))
            name_control(self.show_pick, _("What to show everyone"))
            self.tenno.description = _("Expansion: Tennō's Court")
            self.samurai.description = _("Expansion: Samurai")
            self.create_button.description = _("Start and show the code")
            self.code.placeholder = _("Code")
            self.join_button.description = _("Join")
            self.step_button.description = _("Step for everyone")
            self.pause_button.description = _("Pause")
            self.undo_button.description = _("Undo the last decision")
            self.show_button.description = _("Show to everyone")
            self._show_options()
            self.copy_button.description = _("Copy link to this position")
            self.leave_button.description = _("Leave this game")
        finally:
            self._quiet = quiet
        if self.session is not None:
            self.render()

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

    def unfold(self) -> None:
        """Open the bar (the welcome's *Play together* door)."""
        self.open_button.value = True
        self._unfold(True)

    def _unfold(self, on: bool) -> None:
        in_session = self.session is not None
        self.start_box.layout.display = None if on and not in_session else "none"
        self.session_box.layout.display = None if on and in_session else "none"

    def say(self, text: str, error: bool = True) -> None:
        """One sentence under the bar (``error``: in red, read out by screen readers)."""
        if not text:
            self.message.value = ""
            return
        colour = "#b00020" if error else "#1b5e20"
        role = "alert" if error else "status"
        self.message.value = f"<span role='{role}' style='color:{colour}'>{escape(text)}</span>"


    # --- the store and this device's tokens --------------------------------------------------------
    def store(self):
        """The session store: the guided game's (one per kernel), else opened here; :class:`StoreReadFailed` if it
        cannot be opened (a group's game needs the shared store: a stand-in in memory would reach no other device)."""
        game = self.hooks.get("game")
        panel = game() if game is not None else None
        if panel is not None and getattr(panel, "store_problem", True) is None:
            return panel.store
        if self._store is None:
            from ..session.errors import StoreReadFailed, StoreUnavailable
            from ..session.opening import open_store

            try:
                self._store = open_store()
            except StoreReadFailed:
                raise
            except (OSError, ValueError, StoreUnavailable) as exc:  # the store could not be opened: nothing read
                raise StoreReadFailed(getattr(exc, "detail", str(exc))) from None
        return self._store

    def seat_token(self, seat: int) -> str:
        """This device's token for ``seat``: one per seat, so a hot-seat device can show one seat's secrets
        at a time (:meth:`Session.view_for` of that token), all derived from the device's own token."""
        return f"{self.token}.{seat}"

    def my_seats(self) -> list[int]:
        if self.session is None or self.token is None:
            return []
        return [s.seat for s in self.session.seats if s.holder is not None
                and s.holder == _hash(self.seat_token(s.seat))]

    @property
    def host(self) -> bool:
        return self.session is not None and self.token is not None and self.session.is_host(self.token)

    def _attempt(self, fn: Callable[[], Any]) -> bool:
        """Run ``fn``; a refusal of the session layer becomes its sentence under the bar (nothing changed)."""
        from ..session.errors import SessionError

        try:
            fn()
        except SessionError as exc:
            self.say(exc.sentence())
            if self.session is not None:
                self.render()
            return False
        self.say("")
        return True

    # --- start, join, leave --------------------------------------------------------------------
    def create(self) -> bool:
        """A new session with the settings shown; this device is its host (and watches until it takes a seat)."""
        import secrets

        from ..session import codes
        from ..session.session import Session

        setup = {"players": int(self.players.value), "side": self.side.value, "seed": secrets.randbelow(10**6),
                 "setup": "beginner" if self.side.value == COMPONENTS.beginner_setup_side else "draft",
                 "expansions": [name for name, box in (("tenno", self.tenno), ("samurai", self.samurai)) if box.value]}
        token = codes.new_token()
        return self._attempt(lambda: self._enter(Session.create(self.store(), setup, token), token))

    def join(self, code: str, step: int | None = None) -> bool:
        """Join the session with ``code``: a device that was seated in it before (its token kept by the page)
        takes its seats again; any other device watches until it takes a free seat."""
        from ..session.session import Session

        def go():
            session = Session.open(self.store(), code)
            if session.solo:  # a learner's own stored game (every guided game is one): the guided game reopens it
                game = self.hooks.get("game")
                if game is not None:
                    game().open_session(session.code, step)
                self.open_button.value = False
                self._unfold(False)
                return
            address = self.hooks.get("address")
            token = address.tokens.get(session.code) if address is not None else None
            self._enter(session, token, step)
        return self._attempt(go)

    def open_code(self, code: str, step: int | None = None) -> bool:
        """The link ``?game=CODE&step=N``: the session, step ``N`` read again if given. A code that opens nothing is
        said where a stored game's link is answered, in the guided game (its game kept)."""
        if self.join(code, step):
            if self.session is not None:
                self.unfold()
            return True
        game = self.hooks.get("game")
        if game is not None:
            self.say("")
            game().open_session(code, step)
        return False

    def _enter(self, session, token: str | None, step: int | None = None) -> None:
        from ..session import codes

        if self.session is not None and self.session is not session:
            self._leave_quietly()
        self.session = session
        address = self.hooks.get("address")
        if token is None and (address is None or address.base is not None):
            token = codes.new_token()  # a device new to this session (the page already said which it knows)
        self.token = token
        if token is not None and address is not None:
            address.keep_token(session.code, token)
        from .widgets.live import Poller, interval_for

        self.poller = Poller(self._poll, self._changed, interval=interval_for(session.store), on_error=self._store_error)
        self.poller.start()
        self.code.value = ""
        self._shown_applied = dict(session.shown)
        self._unfold(self.open_button.value)
        self.render()
        self._attach(step)

    def _on_hello(self) -> None:
        """The page said which tokens it keeps: a device back in a session it sat in takes its seats again."""
        address = self.hooks.get("address")
        if self.session is None or address is None:
            return
        known = address.tokens.get(self.session.code)
        if known and known != self.token:
            self.token = known
        elif self.token is None:
            from ..session import codes

            self.token = codes.new_token()
            address.keep_token(self.session.code, self.token)
        self.render()
        self._attach()

    def leave(self) -> None:
        """This device leaves the session (its seats go to bots); the guided game goes on alone."""
        if self.session is None:
            return
        for seat in self.my_seats():
            self._attempt(lambda seat=seat: self.session.release_seat(seat, self.seat_token(seat)))
        self._leave_quietly()
        game = self.hooks.get("game")
        if game is not None:
            from .session_view import leave_session

            leave_session(game())
        self._unfold(self.open_button.value)
        self._moved()

    def _leave_quietly(self) -> None:
        if getattr(self, "poller", None) is not None:
            self.poller.stop()
            self.poller = None
        if self.session is not None and self.token is not None:
            address = self.hooks.get("address")
            if address is not None and not self.my_seats() and not self.host:
                address.forget_token(self.session.code)
        self.session = None
        self.token = None
        self.curtain.lift_quietly()

    # --- seats ----------------------------------------------------------------------------------
    def take(self, seat: int) -> bool:
        ok = self._attempt(lambda: self.session.claim_seat(seat, self.seat_token(seat)))
        if ok:
            self.render()
            self._attach()
        return ok

    def give_up(self, seat: int) -> bool:
        ok = self._attempt(lambda: self.session.release_seat(seat, self.seat_token(seat)))
        if ok:
            self.render()
            self._attach()
        return ok

    def to_bot(self, seat: int) -> bool:
        """The host hands a seat (held by any device) to a bot."""
        ok = self._attempt(lambda: self.session.set_bot(seat, self.token))
        if ok:
            self.render()
            self._attach()
        return ok

    # --- the host's controls -----------------------------------------------------------------------
    def _host(self, what: str, value: Any = None) -> None:
        if self.session is None:
            return
        if what == "step":  # the class moves on: the bots play the next step (not a step read again)
            game = self.hooks.get("game")

            def step():
                panel = game()
                panel.steps.go_last(panel.game)
                panel.next_step()
            if game is not None:
                self._attempt(step)
        elif what == "pause":
            self._attempt(lambda: self.session.set_paused(bool(value), self.token))
        elif what == "undo":
            self._attempt(lambda: self.session.undo(self.token))
            self._attach()
        elif what == "show":
            self._attempt(lambda: self.session.show(_show_entry(value), self.token))
        self.render()

    # --- following the session -------------------------------------------------------------------
    def _poll(self) -> bool:
        return self.session is not None and self.session.refresh()

    def _store_error(self, exc: Exception | None) -> None:
        from ..session.errors import SessionError

        if exc is None:
            self.say("")
        else:
            self.say(exc.sentence() if isinstance(exc, SessionError) else
                     _("The game could not be read just now; it is shown as it was and updates when it can."))

    def _changed(self) -> None:
        """Another device changed the session: redraw the bar and the game; follow what the host shows."""
        self.render()
        self._attach()
        shown = dict(self.session.shown) if self.session is not None else {}
        if shown != self._shown_applied:
            self._shown_applied = shown
            if not self.host and shown:
                present = self.hooks.get("present")
                if present is not None:
                    present(shown)

    def _attach(self, step: int | None = None) -> None:
        """Show the session in the guided game, for the seat this device shows now (or as a watcher).

        A device with several seats (hot-seat) shows one seat at a time: when the game passes to another
        of its seats, the curtain comes down and the game is drawn for a watcher until that player lifts it."""
        if self.session is None:
            return
        mine = self.my_seats()
        who = self.session.to_decide()
        active = who[1] if who is not None and who[1] in mine else self._active
        if active not in mine:
            active = mine[0] if mine else None
        if len(mine) > 1 and active != self._active and self._active is not None:
            self.curtain.drop(active)
        self._active = active
        token = None if active is None or self.curtain.down else self.seat_token(active)
        game = self.hooks.get("game")
        if game is not None:
            from .session_view import show_session

            panel = game()
            show_session(panel, self.session, token, host_token=self.token, step=step, on_error=self.say,
                         on_played=self._played)
            panel.widget.layout.display = "none" if self.curtain.down else None  # behind the curtain: nothing
        self._moved()

    def _played(self) -> None:
        """This device stored a decision: the bar follows; a hot-seat device may pass to its next player."""
        self.render()
        mine = self.my_seats()
        who = self.session.to_decide() if self.session is not None else None
        if len(mine) > 1 and who is not None and who[1] in mine and who[1] != self._active:
            self._attach()

    def _lift(self, seat: int) -> None:
        self._attach()

    def _moved(self) -> None:
        moved = self.hooks.get("moved")
        if moved is not None:
            moved()

    def copy_link(self) -> None:
        """Copy a link to the position this page shows (game, step, tab or chapter and screen)."""
        address = self.hooks.get("address")
        app_position = self.hooks.get("position")
        if address is None:
            return
        where = app_position() if app_position is not None else {"game": self.session.code if self.session else None}
        address.copy(where)

    def _copied(self, link: str, ok: bool) -> None:
        if ok:
            self.say(_("Link copied: {link}").format(link=link), error=False)
        else:
            self.say(_("This browser did not let the app copy; select the link and copy it: {link}").format(link=link),
                     error=False)

    # --- drawing ---------------------------------------------------------------------------------
    def render(self) -> None:
        s = self.session
        self.session_box.layout.display = None if s is not None and self.open_button.value else "none"
        self.start_box.layout.display = None if s is None and self.open_button.value else "none"
        if s is None:
            return
        address = self.hooks.get("address")
        link = address.link({"game": s.code}) if address is not None else f"?game={s.code}"
        mine = self.my_seats()
        host = self.host
        if self._drawn_join != (s.code, link, host, i18n.current_language()):
            self._drawn_join = (s.code, link, host, i18n.current_language())
            self.join_info.value = join_html(s.code, link, qr=host)
        if len(self._cards) != len(s.seats):  # one card per seat, made once: a poll changes only what they say
            old = list(self.seats_box.children)
            self._cards = [_SeatCard(self, seat.seat) for seat in s.seats]
            self.seats_box.children = [card.widget for card in self._cards]
            for card in old:  # closed: a card replaced leaves no widget behind in the kernel or the page
                _close_tree(card)
        for seat, card in zip(s.seats, self._cards):
            card.show(seat.holder, mine, host)
        if s.game.over:
            state = _("The game is over.")
        elif s.paused:
            state = _("The host has paused the game.")
        elif mine:
            state = _("You play {colours}.").format(colours=i18n.format_list([player_name(i) for i in mine]))
        else:
            state = _("You are watching; take a free seat to play it.")
        self.state_line.value = f"<span role='status'>{escape(state)}</span>"
        self.host_box.layout.display = None if host else "none"
        quiet, self._quiet = self._quiet, True
        try:
            self.pause_button.value = s.paused
        finally:
            self._quiet = quiet
        self.undo_button.disabled = not s.marks
        self.step_button.disabled = s.game.over


class _SeatCard:
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

    def show(self, holder: str | None, mine: list[int], host: bool) -> None:
        seat = self.seat
        if seat in mine:
            role = "leave"
        elif holder is None:
            role = "take"
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


def _close_tree(widget: w.Widget) -> None:
    """Close ``widget`` and the widgets inside it (a box's children)."""
    for child in getattr(widget, "children", ()):
        _close_tree(child)
    widget.close()


def _hash(token: str) -> str:
    from ..session.session import token_hash

    return token_hash(token)


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

__all__ = ["TogetherPanel", "qr_svg", "join_html", "DEMOS_TITLES"]
