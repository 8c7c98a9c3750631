"""The guided game as a view of a shared session, for one device (until the game panel is itself one).

:func:`show_session` binds a :class:`~.game_panel.GamePanel` to a :class:`~shogun_tutor.session.Session`
for the seat this device shows (its seat token), or for a watcher (no token):

* the panel's game is the session's game; every change goes through the session, so it is stored before
  it is shown: the bots' decisions (*Next step*: :meth:`Session.advance_bots`), the learner's decisions
  and whole plans (:meth:`Session.submit` with the sequence number the device has seen), the host's undo;
* the step texts use the reasons the session stored with the bots' decisions (also those another
  device's kernel made);
* nothing secret is drawn: the bots' plans stay face down for a watcher as for a seated player, the court
  cards of other seats too, and the save box (a download of the whole game, plans and all) is hidden;
* while the host has paused the game, only the host's device lets the bots play on.

A refusal (another device was quicker, the store cannot be written) is one sentence for ``on_error``; the
game shown is then the session's as it is now.
"""

from __future__ import annotations

from typing import Callable

WATCHER_VIEW = 99  # the court panel's viewer for a watcher: a seat nobody holds, so every seat's cards lie face down


class SessionBinding:
    """What :func:`show_session` keeps on a panel (``panel._session_binding``)."""

    def __init__(self, panel, on_error: Callable[[str], None] | None):
        self.panel = panel
        self.on_error = on_error
        self.on_played: Callable[[], None] | None = None  # after this device changed the session
        self.session = None
        self.token: str | None = None
        self.host_token: str | None = None
        self._original_court = panel.court.set_state

    # --- what the panel calls instead of changing its own game ---------------------------------
    def _report(self, exc) -> None:
        from ..session.errors import SessionError

        if isinstance(exc, SessionError) and self.on_error is not None:
            self.on_error(exc.sentence())

    def advance(self, done: Callable[[], bool]) -> int:
        s = self.session
        if s.paused and not s.is_host(self.host_token):
            return 0
        from ..session.errors import SessionError

        try:
            applied = s.advance_bots(done=done)
        except SessionError as exc:
            self._report(exc)
            applied = 0
        self.panel.steps.reasons = dict(s.reasons)
        if applied and self.on_played is not None:
            self.panel._marks = list(s.marks)
            self.on_played()
        return applied

    def apply_decisions(self, decisions) -> bool:
        from ..session.errors import SessionError

        p, s = self.panel, self.session
        if self.token is None:
            return False
        start = len(s.game.state.log)
        try:
            s.submit(list(decisions), self.token, expected_seq=s.seq)
        except SessionError as exc:
            self._report(exc)
            self.sync(follow=True)
            return False
        if self.on_error is not None:
            self.on_error("")
        p.steps.reasons = dict(s.reasons)
        p.steps.go_to_event(p.game, start)
        p._marks = list(s.marks)
        p._render()
        if self.on_played is not None:
            self.on_played()
        return True

    def undo(self) -> None:
        from ..session.errors import SessionError

        try:
            self.session.undo(self.host_token)
        except SessionError as exc:
            self._report(exc)
        self.sync(follow=True)

    def court(self, state, viewer=None) -> None:
        self._original_court(state, WATCHER_VIEW if viewer is None or viewer < 0 else viewer)

    # --- following the session ---------------------------------------------------------------------
    def sync(self, follow: bool = True) -> None:
        """Redraw after the session changed; ``follow``: show the latest step unless the reader reads back."""
        p, s = self.panel, self.session
        back = p.steps.reading_back(p.game) if p.game is s.game else False
        p.steps.reasons = dict(s.reasons)
        if p.game is not s.game:
            p.game = s.game
            p.steps.reset(s.game, at_end=True)
        elif follow and not back:
            p.steps.go_last(s.game)
        p._marks = list(s.marks)
        p._render()


def show_session(panel, session, token: str | None, host_token: str | None = None, step: int | None = None,
                 on_error: Callable[[str], None] | None = None, on_played: Callable[[], None] | None = None) -> None:
    """Show ``session`` in ``panel`` for the seat of ``token`` (None: a watcher); ``step``: read back from there;
    ``on_played()`` after this device stored a decision (the hot-seat curtain may come down)."""
    b = getattr(panel, "_session_binding", None)
    if b is None:
        b = panel._session_binding = SessionBinding(panel, on_error)
        panel._advance = b.advance
        panel.apply_decisions = b.apply_decisions
        panel.apply_decision = lambda decision: b.apply_decisions([decision])
        panel.undo = b.undo
        panel.court.set_state = b.court
    b.on_error, b.on_played = on_error, on_played
    new = b.session is not session
    b.session, b.token, b.host_token = session, token, host_token
    seats = session.seats_of(token)
    seat = seats[0] if seats else -1
    quiet, panel._quiet = panel._quiet, True
    try:
        panel.players.value, panel.side.value = session.game.state.num_players, session.game.state.side
        panel.refresh_texts()
        panel.human.value = seat
    finally:
        panel._quiet = quiet
    panel.steps.hide_plans = True
    panel.widget.children[0].layout.display = "none"  # the settings: this game is the session's
    panel.save_box.widget.layout.display = "none"  # a download would hold every plan
    panel.undo_mine_button.layout.display = "none"
    host = session.is_host(host_token)
    panel.undo_button.layout.display = None if host else "none"
    if new:
        panel.game = None
    b.sync(follow=True)
    if new and step is not None:
        panel.steps.cursor = max(0, step - 1)
        panel._render()
    if new and seat >= 0 and panel.learner_to_decide():
        panel.steps.go_last(panel.game)
        panel._render()


def leave_session(panel) -> None:
    """Back to a game of this device alone (a new one with the panel's settings)."""
    b = getattr(panel, "_session_binding", None)
    if b is None:
        return
    for name in ("_advance", "apply_decisions", "apply_decision", "undo"):
        panel.__dict__.pop(name, None)
    panel.court.set_state = b._original_court
    del panel._session_binding
    panel.steps.hide_plans = False
    panel.widget.children[0].layout.display = None
    panel.save_box.widget.layout.display = None
    panel.undo_button.layout.display = None
    panel.new_game()


__all__ = ["show_session", "leave_session", "SessionBinding"]
