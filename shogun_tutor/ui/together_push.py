"""Following a shared game (issue 47, item 4): the bar's poller is woken by changes the store pushes
(:mod:`shogun_tutor.session.notify`: PostgreSQL's ``NOTIFY``, a watched SQLite file, another page in this
kernel's process) and, while they are pushed, looks at the store only now and then as a safety net.

Where nothing pushes (no inotify, a listener that cannot connect), it polls as before
(:func:`.widgets.live.interval_for`); it switches back and forth as the listener comes and goes, so a
restarted database server costs speed, never updates.
"""

from __future__ import annotations

import logging
from typing import Callable

from .widgets.live import Poller, interval_for

log = logging.getLogger(__name__)


class FollowingPoller(Poller):
    """A :class:`Poller` subscribed to its session's changes; :meth:`stop` ends the subscription too."""

    subscription = None

    def stop(self) -> None:
        super().stop()
        subscription, self.subscription = self.subscription, None
        if subscription is not None:
            subscription.close()

    @property
    def pushed(self) -> bool:
        return self.subscription is not None and self.subscription.pushed


def follow(session, check: Callable[[], bool], changed: Callable[[], None],
           on_error: Callable[[Exception | None], None] | None = None, start: bool = True) -> FollowingPoller:
    """A started poller for ``session``: ``check()`` (refresh) when woken or at its interval, ``changed()`` after a
    change, ``on_error`` for a store that cannot be read (said once, in the user's language, by the caller)."""
    polling = interval_for(session.store)
    poller = FollowingPoller(check, changed, interval=polling, on_error=on_error)
    try:
        poller.subscription = session.follow(poller.wake)
    except Exception as exc:  # nothing pushes: the page polls as before
        log.warning("changes of the game are not pushed (%s); polling every %g s", exc, polling)
    else:
        poller.interval = lambda: poller.subscription.interval(polling) if poller.subscription is not None else polling
    if start:
        poller.start()
    return poller


__all__ = ["FollowingPoller", "follow"]
