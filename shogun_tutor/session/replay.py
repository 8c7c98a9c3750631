"""Replaying a session's log: each stored entry brought into the session's game, seats, pacing and shown view."""

from __future__ import annotations

import gc
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Sequence

from ..bots import Reason
from ..rules import errors as RE
from ..rules.state import Decision
from .errors import DamagedGame
from .rows import ENTRY_KINDS
from .store import Entry

if TYPE_CHECKING:  # pragma: no cover
    from .session import Session

__all__ = ["ENTRY_KINDS", "Seat", "apply_entries", "apply_entry", "gc_paused"]


@dataclass(frozen=True)
class Seat:
    """A seat: played by a bot (``holder`` None) or by the device whose token hashes to ``holder``."""

    seat: int
    holder: str | None = None

    @property
    def bot(self) -> bool:
        return self.holder is None


def apply_entries(session: "Session", entries: Iterable[Entry], positions: Sequence[int] = ()) -> None:
    """Bring the session up to ``entries``; ``positions``: the first decisions among them are in the game
    already (applied by :meth:`.session.Session._write`), made when the log had these lengths."""
    game = session.game
    done = list(positions)
    index = len(game.decisions) - len(done)
    for entry in entries:
        if entry.seq != session.seq + 1:
            raise DamagedGame(session.code, f"the log jumps from entry {session.seq} to {entry.seq}")
        try:
            index = apply_entry(session, entry, done, index)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
            raise DamagedGame(session.code, f"entry {entry.seq} is malformed: {type(exc).__name__}: {exc}") from None
        session.seq = entry.seq
    for listener in list(session._listeners):
        listener(session)


def apply_entry(session: "Session", entry: Entry, done: list[int], index: int) -> int:
    """One entry (see :func:`apply_entries`); returns the index of the next decision."""
    game = session.game
    body = entry.body
    if entry.kind == "decision":
        if done:
            position = done.pop(0)
        else:
            index = len(game.decisions)
            position = len(game.state.log)
            try:
                game.apply(Decision.from_dict(body["d"]))
            except (RE.RuleViolation, TypeError, ValueError, KeyError) as exc:
                raise DamagedGame(session.code, f"entry {entry.seq} does not replay: {exc}") from None
        del session.positions[index:]
        session.positions.append(position)
        if body.get("mark"):
            session.marks.append(index)
        if body.get("reason"):
            raw = dict(body["reason"])
            session.reasons[index] = (position, Reason(raw.pop("kind"), **raw))
        index += 1
    elif entry.kind == "undo":
        to = body["to"]
        if isinstance(to, bool) or not isinstance(to, int) or not session.start_decisions <= to <= len(game.decisions):
            raise DamagedGame(session.code, f"entry {entry.seq} undoes to decision {str(to)[:40]}, but the game has "
                                            f"{len(game.decisions)}")
        while len(game.decisions) > to:
            game.undo()
        session.marks = [m for m in session.marks if m < to]
        del session.positions[to:]
        session.reasons = {i: r for i, r in session.reasons.items() if i < to}
    elif entry.kind == "seat":
        seat, holder = body["seat"], body.get("holder")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(session.seats) or not (
                holder is None or isinstance(holder, str)):
            raise ValueError(f"no such seat {seat!r}")
        session.seats[seat] = Seat(seat, holder)
    elif entry.kind == "pace":
        paused = body.get("paused")
        if not isinstance(paused, bool):
            raise ValueError(f"paused is {str(paused)[:40]!r}, not true or false")
        session.paused = paused
    elif entry.kind == "show":
        session.shown = dict(body)
    else:
        raise DamagedGame(session.code, f"entry {entry.seq} has an unknown kind {entry.kind!r}")
    return index


@contextmanager
def gc_paused():
    """Pause Python's cyclic garbage collector while a log is replayed (nothing cyclic is made there to be
    freed; the collections are only the cost of walking the growing history again and again)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
