"""The guided game showing a shared session (*Play together*), for one device.

The guided game is a view of a :class:`~shogun_tutor.session.Session` (``GamePanel.session``; a learner's
own game is a ``solo`` session). :func:`show_session` gives it a session of a group, for the seat this device
shows (that seat's token), or for a watcher (no seat):

* the panel decides with the seat's token: its decisions and whole plans are stored by the session
  (:meth:`Session.submit`, with the sequence number the device has seen) before they are shown;
* the step texts use the reasons the session stored with the bots' decisions (also those another
  device's kernel made); a change found by the poller is drawn with :meth:`SessionBinding.sync`;
* nothing secret is drawn: the bots' plans stay face down for a watcher as for a seated player, the court
  cards of other seats too, and the save box (a download of the whole game, plans and all) is hidden;
* while the host has paused the game, only the host's device lets the bots play on;
* the host's device paces from the *Play together* bar only: the guided game's Next step, Next round, To the
  end and Undo a step are not shown there (Back and Back to the present, for reading back, stay).

A refusal (another device was quicker, the store cannot be written) is one sentence for ``on_error``; the
game shown is then the session's as it is now.
"""

from __future__ import annotations

from typing import Callable

WATCHER_VIEW = 99  # the court panel's viewer for a watcher: a seat nobody holds, so every seat's cards lie face down


class SessionBinding:
    """What :func:`show_session` keeps on a panel (``panel._session_binding``): the session's device and what the
    panel did before (restored by :func:`leave_session`)."""

    def __init__(self, panel, on_error: Callable[[str], None] | None):
        self.panel = panel
        self.on_error = on_error
        self.on_played: Callable[[], None] | None = None  # after this device changed the session
        self.session = None
        self.token: str | None = None
        self.host_token: str | None = None
        self.own_token = panel.token  # the page's token for its own (solo) games
        self.shown_as: tuple | None = None  # (token, host token, seat, host?) the panel was last set up for
        self._original = {"advance": panel._advance, "apply_decisions": panel.apply_decisions, "undo": panel.undo,
                          "court": panel.court.set_state}

    # --- what the panel calls in a shared game --------------------------------------------------
    def _report(self, exc) -> None:
        from ..session.errors import SessionError

        if isinstance(exc, SessionError) and self.on_error is not None:
            self.on_error(exc.sentence())

    def advance(self, done: Callable[[], bool]) -> int:
        """The bots play on (stored), unless the host paused the game and this is not the host's device."""
        s = self.session
        if s.paused and not s.is_host(self.host_token):
            return 0
        applied = self._original["advance"](done)
        if applied and self.on_played is not None:
            self.on_played()
        return applied

    def apply_decisions(self, decisions) -> bool:
        """This seat's decision(s), stored with the sequence number this device has seen (the panel's own way)."""
        done = self._original["apply_decisions"](decisions)
        if not done:
            self.sync(follow=True)  # another device was quicker: the game as it is now
            return done
        self._to_my_turn()
        if self.on_played is not None:
            self.on_played()
        return done

    def _to_my_turn(self) -> bool:
        """This seat must decide again: show the present, where its decision is (the group waits for it; the
        steps before can be read with Back)."""
        p, g = self.panel, self.session.game
        if p.learner_to_decide() and not p.steps.in_present(g):
            p.steps.go_last(g)
            p._render()
            return True
        return False

    def undo(self) -> None:
        """The host's undo of the last step (for everyone)."""
        from ..session.errors import SessionError

        try:
            self.session.undo(self.host_token)
        except SessionError as exc:
            self._report(exc)
        self.sync(follow=True)

    def show_battle(self) -> None:
        """The step's battle in the tower tab, without what lay inside the tower (nobody at the table sees inside
        it: only the thrown cubes and what came out; a learner's own game shows the inside, to teach)."""
        p = self.panel
        step = p.steps.current(p.game) if p.game is not None else None
        log = p.game.state.log if step else []
        from .tower_replay import THROW_RULES

        battles = [i for i in range(step.start, step.end) if log[i]["rule"] in THROW_RULES] if step else []
        if battles and p.on_battle:
            p.on_battle(log[battles[-1]], None)

    def court(self, state, viewer=None) -> None:
        self._original["court"](state, WATCHER_VIEW if viewer is None or viewer < 0 else viewer)

    # --- following the session ---------------------------------------------------------------------
    def sync(self, follow: bool = True) -> None:
        """Redraw after the session changed; ``follow``: show the latest step unless the reader reads back."""
        p, s = self.panel, self.session
        back = p.steps.reading_back(s.game)
        p.steps.reasons = dict(s.reasons)
        if follow and not back:
            p.steps.go_last(s.game)
        p._render()
        self._to_my_turn()


def show_session(panel, session, token: str | None, host_token: str | None = None, step: int | None = None,
                 on_error: Callable[[str], None] | None = None, on_played: Callable[[], None] | None = None) -> None:
    """Show ``session`` in ``panel`` for the seat of ``token`` (None: a watcher); ``step``: read that step (the
    address's ``step``, as :meth:`GamePanel.open_session` reads it); ``on_played()`` after this device stored a
    decision (the hot-seat curtain may come down)."""
    b = getattr(panel, "_session_binding", None)
    if b is None:
        b = panel._session_binding = SessionBinding(panel, on_error)
        panel._advance = b.advance
        panel.apply_decisions = b.apply_decisions
        panel.undo = b.undo
        panel.court.set_state = b.court
        panel._show_battle = b.show_battle
    b.on_error, b.on_played = on_error, on_played
    new = panel.session is not session
    seats = session.seats_of(token)
    seat = seats[0] if seats else -1
    shown_as = (token, host_token, seat, session.is_host(host_token))
    if not new and step is None and b.shown_as == shown_as:
        # the same device showing the same seat: only the game moved on (a poll found another device's decision).
        # One redraw of what changed, no texts or settings set again (a live update must reach every page fast)
        b.sync(follow=True)
        return
    b.shown_as = shown_as
    b.session, b.token, b.host_token = session, token, host_token
    # the panel decides with this seat's token; a watcher's page holds no seat (its host token, if any, none)
    panel.token = token or host_token or b.own_token
    if new:
        panel._adopt(session)
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
    panel.undo_token = host_token  # only the host may take decisions back (its own too): _render shows the button
    host = session.is_host(host_token)
    # the host paces the class from the Play together bar (step for everyone, pause, undo the last decision): the
    # guided game's own pacing (Next step, Next round, To the end, Undo a step) is not shown beside it; reading
    # back (Back, Back to the present) stays. Another device has no undo (the session's is the host's).
    for button in (panel.next_button, panel.round_button, panel.end_button):
        button.layout.display = "none" if host else None
    panel.undo_button.layout.display = "none"
    if new:
        panel.steps.reset(session.game, at_end=True)
        panel.steps.reasons = dict(session.reasons)
        steps = len(panel.steps.steps(session.game))
        if step is not None and 1 <= step <= steps:  # the address counts steps from 1
            panel.steps.cursor = step - 1
        panel._render()
        if step is not None and not 1 <= step <= steps:  # said, and the game shown where it stands
            from ..session import StepNotFound

            panel._say(StepNotFound(step, steps))
    else:
        b.sync(follow=True)
    if seat >= 0 and panel.learner_to_decide() and not panel.steps.in_present(session.game):
        panel.steps.go_last(session.game)  # this seat's turn: where its decision is
        panel._render()


def leave_session(panel) -> None:
    """Back to a game of this device alone (a new one with the panel's settings)."""
    b = getattr(panel, "_session_binding", None)
    if b is None:
        return
    for name in ("_advance", "apply_decisions", "undo", "_show_battle"):
        panel.__dict__.pop(name, None)
    panel.court.set_state = b._original["court"]
    panel.token = b.own_token
    panel.undo_token = None
    del panel._session_binding
    panel.steps.hide_plans = False
    panel.widget.children[0].layout.display = None
    panel.save_box.widget.layout.display = None
    for button in (panel.next_button, panel.round_button, panel.end_button, panel.undo_button):
        button.layout.display = None
    panel.new_game()


__all__ = ["show_session", "leave_session", "SessionBinding"]
