"""Live updates: the kernel looks at the session's store when a change is pushed, else every :data:`INTERVAL` s.

A decision made on one device is stored; every other device's kernel polls the store from an asyncio task
in the kernel's own event loop (the one ipykernel runs its messages in: no thread, no lock, a poll never
runs in the middle of a click's handler) and redraws its view when the session moved on. A poll that
finds nothing new costs one small read (the session's last entry number). A store that cannot be read
is asked again at the next tick: the game shown stays as it was, and the error is reported once.

A change pushed by the store (:mod:`shogun_tutor.session.notify`: PostgreSQL's ``NOTIFY``, a watched SQLite
file, or another page in this process) wakes the poller at once (:meth:`Poller.wake`); it then looks at the
store only every few seconds as a safety net (``ui/together_push.py`` chooses).

``tests/ui/test_live.py`` runs the poller in a plain asyncio loop; ``tests/browser/bench_together.py``
prints the delay from a click on one page to the display on another and the CPU an idle kernel spends.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Callable

#: seconds between two looks at the store: a decision shows on the other devices within about this long. An idle
#: look at the SQLite file costs ~40 µs (0.04 % of a core at 10 looks a second); at a PostgreSQL server ~0.5 ms
#: of round trip, so a kernel there looks every :data:`INTERVAL_SERVER` s (:func:`interval_for`)
INTERVAL = 0.1
INTERVAL_SERVER = 0.25


def interval_for(store) -> float:
    """How often a kernel looks at ``store`` (a file: often; a database server: a little less often)."""
    return INTERVAL_SERVER if getattr(store, "kind", "") == "postgresql" else INTERVAL

log = logging.getLogger(__name__)


class Poller:
    """``Poller(check, on_change)``: every ``interval`` s ``check()`` (True when the session moved on) and then
    ``on_change()``; ``on_error(exc)`` hears a failed check (once until a check succeeds again).

    :meth:`wake` (from any thread: a pushed change, :mod:`shogun_tutor.session.notify`) makes it look at once;
    ``interval`` may be a function, asked before each wait (a slow safety net while changes are pushed)."""

    def __init__(self, check: Callable[[], bool], on_change: Callable[[], None],
                 interval: float | Callable[[], float] = INTERVAL,
                 on_error: Callable[[Exception], None] | None = None):
        self.check, self.on_change, self.interval, self.on_error = check, on_change, interval, on_error
        self._task: asyncio.Task | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._woken: asyncio.Event | None = None
        self.polls = 0  # looks at the store since start (for the benchmark and tests)
        self.changes = 0
        self.wakes = 0  # pushed hints taken
        self.failing = False

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def start(self, loop: asyncio.AbstractEventLoop | None = None) -> bool:
        """Start polling in ``loop`` (default: the running loop: in a kernel, cells and widget messages run
        inside ipykernel's asyncio loop); False without one (a script, a test: call :meth:`poll_once`)."""
        if self.running:
            return True
        if loop is None:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                return False
        self._loop = loop
        self._task = loop.create_task(self._run())
        return True

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self._loop = None

    def wake(self) -> None:
        """Look at the store now rather than at the next tick; safe from any thread, never raises."""
        loop = self._loop
        if loop is None:
            return
        try:
            loop.call_soon_threadsafe(self._set)
        except RuntimeError:  # the loop is closed (the kernel is ending)
            pass

    def _set(self) -> None:
        self.wakes += 1
        if self._woken is not None:
            self._woken.set()

    def _wait_s(self) -> float:
        try:
            return float(self.interval()) if callable(self.interval) else float(self.interval)
        except Exception:
            return INTERVAL

    def poll_once(self) -> bool:
        """One look at the store (what each tick does); True when the view was redrawn."""
        self.polls += 1
        try:
            changed = self.check()
        except Exception as exc:  # the store is down: keep the game shown, say it once, ask again next tick
            if not self.failing:
                self.failing = True
                log.warning("the game store could not be read: %s", exc)
                if self.on_error is not None:
                    self.on_error(exc)
            return False
        if self.failing:
            self.failing = False
            if self.on_error is not None:
                self.on_error(None)
        if changed:
            self.changes += 1
            self.on_change()
        return bool(changed)

    async def _run(self) -> None:
        self._woken = asyncio.Event()
        while True:
            try:
                await asyncio.wait_for(self._woken.wait(), timeout=self._wait_s())
            except asyncio.TimeoutError:
                pass
            self._woken.clear()
            try:
                self.poll_once()
            except Exception:  # a redraw that failed must not end the updates of this device
                log.exception("redrawing after a change of the session failed")


__all__ = ["Poller", "INTERVAL", "INTERVAL_SERVER", "interval_for"]
