"""PostgreSQL's ``LISTEN``: one connection per database and process hears the games followed here (:mod:`.notify`).

A daemon thread holds its own connection (autocommit, TCP keep-alives) and, every :attr:`Listener.TICK` seconds,
``LISTEN``\\ s to the channels of the games followed in this process and ``UNLISTEN``\\ s the others; between two
ticks it waits in psycopg's ``Connection.notifies``, so a notification is taken as soon as it arrives. A game
newly listened to is told once (a change may have come before its ``LISTEN``), and so is every game after a
reconnection. A lost connection (the server restarted, an administrator ended it, the network) is opened again
with growing pauses (``tenacity``: 0.1 s doubling to 5 s, with jitter) until it works or the listener stops.
Nothing is raised out of the thread: each failure is logged (without the address, which may hold a password).
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Callable

log = logging.getLogger("shogun_tutor.session")

CHANNEL_PREFIX = "shogun_tutor_"


def channel(code: str) -> str:
    """The PostgreSQL notification channel of a game (``NOTIFY`` and ``LISTEN``; a quoted identifier)."""
    return CHANNEL_PREFIX + code


class Listener:
    """``Listener(url, fire, codes)``: ``fire(code)`` for each notification of a game in ``codes()``."""

    TICK = 0.25  # seconds between two looks at which games to listen to (a game newly followed waits at most this)
    HEALTH_S = 10.0  # a silent connection is asked a question this often (one that died without a word is found)
    WAIT_FIRST, WAIT_MAX = 0.1, 5.0  # the pauses between two attempts to connect
    fallback_s = 2.0  # how often a page still polls while this one pushes (a safety net)

    def __init__(self, url: str, fire: Callable[[str], None], codes: Callable[[], set[str]], *, start: bool = True):
        self.url, self.fire, self.codes = url, fire, codes
        self._stop = threading.Event()
        self.connected = threading.Event()
        self.connections = 0  # how many times it has connected (the tests watch it reconnect)
        self.failures = 0
        self._conn = None
        self._thread = threading.Thread(target=self._run, name="shogun-tutor-listen", daemon=True)
        if start:
            self._thread.start()

    @property
    def working(self) -> bool:
        """Whether a change made elsewhere reaches this process now (connected and listening)."""
        return self.connected.is_set() and not self._stop.is_set()

    def follow(self, code: str) -> None:
        """Nothing to do at once: the thread reads ``codes()`` at its next tick."""

    def forget(self, code: str) -> None:
        """Likewise (``UNLISTEN`` at the next tick)."""

    def stop(self, timeout: float = 0.0) -> None:
        """Stop listening (the thread ends within a tick and closes its connection); ``timeout``: wait for it."""
        self._stop.set()
        if timeout and self._thread.is_alive():
            self._thread.join(timeout)

    # --- the thread ------------------------------------------------------------------------------
    def _run(self) -> None:
        while not self._stop.is_set():
            conn = self._connect()
            if conn is None:
                return  # stopped while waiting to connect
            try:
                self._serve(conn)
            except Exception as exc:  # the connection broke: connect again (never raised out of the thread)
                self.failures += 1
                if not self._stop.is_set():
                    log.warning("the game store's listener lost its connection (%s); connecting again",
                                str(exc).strip().splitlines()[0][:200] if str(exc).strip() else type(exc).__name__)
            finally:
                self.connected.clear()
                self._close(conn)

    def _connect(self):
        """A new listening connection, tried with growing pauses until it works; None once stopped."""
        import psycopg
        from tenacity import RetryError, Retrying, retry_if_exception_type, wait_exponential, wait_random

        def stopped(_state) -> bool:
            return self._stop.is_set()

        def said(state) -> None:
            if state.attempt_number in (1, 5) or state.attempt_number % 20 == 0:
                exc = state.outcome.exception()
                log.warning("the game store's listener cannot connect (attempt %d: %s); trying again",
                            state.attempt_number, str(exc).strip().splitlines()[0][:200] if str(exc).strip() else exc)

        try:
            for attempt in Retrying(wait=wait_exponential(multiplier=self.WAIT_FIRST, max=self.WAIT_MAX) + wait_random(0, 0.1),
                                    retry=retry_if_exception_type(Exception), stop=stopped, sleep=self._stop.wait,
                                    before_sleep=said):
                with attempt:
                    if self._stop.is_set():
                        return None
                    return psycopg.connect(self.url, autocommit=True, connect_timeout=5, keepalives=1,
                                           keepalives_idle=10, keepalives_interval=5, keepalives_count=3)
        except RetryError:
            return None
        except Exception:  # the last attempt failed as the listener stopped
            return None
        return None

    def _serve(self, conn) -> None:
        """Listen on ``conn`` until it breaks or the listener stops."""
        from psycopg import sql

        self._conn = conn
        self.connections += 1
        listened: set[str] = set()
        self.connected.set()
        asked = time.monotonic()
        while not self._stop.is_set():
            wanted = set(self.codes())
            for code in sorted(listened - wanted):
                conn.execute(sql.SQL("UNLISTEN {}").format(sql.Identifier(channel(code))))
            new = sorted(wanted - listened)
            for code in new:
                conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(channel(code))))
            listened = wanted
            for code in new:  # listening now: whatever came before is read once
                self.fire(code)
            for note in conn.notifies(timeout=self.TICK):
                if note.channel.startswith(CHANNEL_PREFIX):
                    self.fire(note.channel[len(CHANNEL_PREFIX):])
            if time.monotonic() - asked > self.HEALTH_S:
                conn.execute("SELECT 1")
                asked = time.monotonic()

    def _close(self, conn) -> None:
        self._conn = None
        try:
            conn.close()
        except Exception:
            pass


__all__ = ["CHANNEL_PREFIX", "Listener", "channel"]
