"""The bots' decisions of a step stored in one append (issue 47, item 4: latency).

A step of the guided game or the host's *Step for everyone* lets the bots decide until something can be
explained: a whole plan is 11 decisions per bot, so 44 in a 4-player game. Stored one transaction each, that
was 44 commits (on PostgreSQL each a round trip and an fsync, ~4 ms on an idle server, far more under load),
44 notifications, and the other pages redrew the step half made, again and again, while it was being stored.
:func:`bot_steps` lets the bots decide on the session's game (each decision checked by the engine as it is
applied), then stores them all at once: one commit, one notification, one redraw on each other page. The log is
the same as one append per decision (the same entries, in the same order, with their reasons), only written in
one transaction; if another device stored first, nothing of it stays (the session is refreshed to that device's
entries and the bots return 0, as :meth:`.session.Session.bot_turn` returns False).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..rules import errors as RE
from .errors import StaleDecision

if TYPE_CHECKING:  # pragma: no cover
    from .session import Session


def bot_steps(session: "Session", done: Callable[[], bool] | None = None, *, mark: bool = False,
              limit: int = 64) -> int:
    """Let the bots decide until ``done()``, a human's (or nobody's) turn, or ``limit`` decisions, then store them in
    one append; ``mark``: the first starts an undo step. Returns how many were stored (0: none, or another device
    moved first). A store that cannot be written raises :class:`~.errors.StoreUnavailable`, the game as it was."""
    game = session.game
    entries: list[tuple[str, dict]] = []
    positions: list[int] = []
    try:
        while len(entries) < limit and (done is None or not done()):
            who = game.to_decide()
            if who is None or not session.seats[who[1]].bot:
                break
            decision, reason = session.bots[who[1]].decide_with_reason(game)
            position = len(game.state.log)
            game.apply(decision)
            positions.append(position)
            entries.append(("decision", {"d": decision.to_dict(), "by": "bot", "reason": reason.to_dict(),
                                         "mark": mark and not entries}))
    except (RE.RuleViolation, TypeError, ValueError):  # a bot's mistake: nothing of the step stays
        for _ in positions:
            game.undo()
        raise
    if not entries:
        return 0
    try:
        session._write(entries, checked=True, applied=positions)
    except StaleDecision:
        return 0
    return len(entries)


__all__ = ["bot_steps"]
