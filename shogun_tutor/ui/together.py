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

Its parts: the start-or-join form (:mod:`.together_start`), the join card with the QR code
(:mod:`.together_join`), the seat cards (:mod:`.together_seats`) and the host's controls (:mod:`.together_host`).
The session itself (log, seats, store) lives in :mod:`shogun_tutor.session` and knows no widget;
this panel only draws it and forwards the clicks. Every refusal (a wrong code, a taken seat, a store
that cannot be written) is one translated sentence under the bar; the game shown stays as it was.
"""

from __future__ import annotations

from html import escape
from typing import Any, Callable

import ipywidgets as w

from .. import i18n
from ..i18n import _
from ..text.explain import player_name
from .together_host import DEMOS_TITLES, HostControls
from .together_join import TOGETHER_CSS, join_html, join_link, qr_svg
from .together_seats import SeatCard, close_tree, state_sentence, token_hash
from .together_start import StartForm


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
        self.start_form = StartForm()
        f = self.start_form
        self.start_box, self.players, self.side, self.tenno, self.samurai = f.widget, f.players, f.side, f.tenno, f.samurai
        self.create_button, self.code, self.join_button = f.create_button, f.code, f.join_button
        # --- in a session
        self.join_info = w.HTML()
        self.seats_box = w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="stretch"))
        self.seats_box.add_class("shogun-seats")
        self.host_controls = HostControls(self)
        hc = self.host_controls
        self.host_box = hc.widget
        self.step_button, self.pause_button, self.undo_button = hc.step_button, hc.pause_button, hc.undo_button
        self.show_pick, self.show_button = hc.show_pick, hc.show_button
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
        self.copy_button.on_click(lambda _b: self.copy_link())
        self.leave_button.on_click(lambda _b: self.leave())
        self._quiet = False
        self._store = None
        self._active: int | None = None  # the seat this device shows now (hot-seat: one at a time)
        self._drawn_join: tuple | None = None
        self._cards: list[SeatCard] = []  # the seat cards, updated in place (a click never lands on a closed one)
        self._shown_applied: dict = {}
        self._held: list[int] = []  # the seats this device held at the last drawing (one lost: the host's doing)
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
            self.start_form.refresh_texts()
            self.host_controls.refresh_texts()
            self.copy_button.description = _("Copy link to this position")
            self.leave_button.description = _("Leave this game")
        finally:
            self._quiet = quiet
        if self.session is not None:
            self.render()

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
                and s.holder == token_hash(self.seat_token(s.seat))]

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

        setup = self.start_form.setup(secrets.randbelow(10**6))
        token = codes.new_token()
        return self._attempt(lambda: self._enter(Session.create(self.store(), setup, token), token))

    def join(self, code: str, step: int | None = None) -> bool:
        """Join the session with ``code``: a device that was seated in it before (its token kept by the page)
        takes its seats again; any other device watches until it takes a free seat."""
        from ..session.session import Session

        def go():
            if self.hooks.get("quiz") is not None and self.hooks["quiz"](code):  # a class quiz's code: its own panel
                self.open_button.value = False
                return
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
        from .together_push import follow

        self.poller = follow(session, self._poll, self._changed, self._store_error)  # woken by pushed changes
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
            self._held = self.my_seats()
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
        self.host_controls.act(what, value)

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
        self.host_controls.refresh()  # the game shown has moved on
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
        link = join_link(address, s.code)
        mine = self.my_seats()
        host = self.host
        teacher = self.hooks.get("teacher")
        projector = host and teacher is not None and bool(teacher())
        if self._drawn_join != (s.code, link, host, i18n.current_language()):
            self._drawn_join = (s.code, link, host, i18n.current_language())
            self.join_info.value = join_html(s.code, link, qr=host)
        if len(self._cards) != len(s.seats):  # one card per seat, made once: a poll changes only what they say
            old = list(self.seats_box.children)
            self._cards = [SeatCard(self, seat.seat) for seat in s.seats]
            self.seats_box.children = [card.widget for card in self._cards]
            for card in old:  # closed: a card replaced leaves no widget behind in the kernel or the page
                close_tree(card)
        for seat, card in zip(s.seats, self._cards):
            card.show(seat.holder, mine, host, projector)
        state = state_sentence(s, mine, host)
        lost = [seat for seat in self._held if seat not in mine]
        self._held = list(mine)
        if lost and not s.game.over:  # the host gave this device's seat to a bot: say so, not a silent watcher
            self.say(_("The host handed {player} to a bot.").format(player=player_name(lost[0])), error=False)
        self.state_line.value = f"<span role='status'>{escape(state)}</span>"
        self.host_controls.refresh()


__all__ = ["TogetherPanel", "qr_svg", "join_html", "DEMOS_TITLES"]
