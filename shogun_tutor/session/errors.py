"""The session layer's precise errors; each one says, as one translated sentence, what happened.

:meth:`SessionError.sentence` gives the sentence in the current language (gettext, no widgets):
the UI shows it as it is. ``str(exc)`` stays English, for logs and tests.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .session import Session


class SessionError(Exception):
    """Anything the session layer refuses; nothing was stored and the game in memory is unchanged."""

    def sentence(self) -> str:  # pragma: no cover - every subclass says its own
        from ..i18n import _

        return _("The game could not be changed.")


class CodeNotFound(SessionError):
    """No session has this join code (a typo, or it was pruned)."""

    def __init__(self, code: Any):
        self.code = code
        super().__init__(f"no game session has the code {code!r}")

    def sentence(self) -> str:
        from ..i18n import _

        return _("No game has the code {code}; check the code, or ask for a new one.").format(code=str(self.code)[:12])


class BadCode(CodeNotFound):
    """Text that cannot be a join code at all (wrong length or letters)."""


class SeatTaken(SessionError):
    """The seat is held by another device."""

    def __init__(self, seat: int):
        self.seat = seat
        super().__init__(f"seat {seat} is held by another device")

    def sentence(self) -> str:
        from ..i18n import _
        from ..text import terms
        from ..data import COMPONENTS

        return _("The {colour} seat is already taken by another device; pick a free seat or watch.").format(
            colour=terms.colour_name(COMPONENTS.colours[self.seat]))


class NotYourSeat(SessionError):
    """A device decided (or released) for a seat it does not hold."""

    def __init__(self, seat: int | None):
        self.seat = seat
        super().__init__(f"this device does not hold seat {seat}")

    def sentence(self) -> str:
        from ..i18n import _

        return _("This device does not hold that seat; take a free seat first.")


class NotHost(SessionError):
    """Only the host (the device that created the session) may do this."""

    def __init__(self, what: str = ""):
        super().__init__(f"only the host may {what or 'do this'}")

    def sentence(self) -> str:
        from ..i18n import _

        return _("Only the device that started this game may do that.")


class StaleDecision(SessionError):
    """Another device changed the session first: ``session`` now holds the new state (already refreshed)."""

    def __init__(self, session: "Session | None", expected_seq: int, seq: int):
        self.session, self.expected_seq, self.seq = session, expected_seq, seq
        super().__init__(f"the session moved on from entry {expected_seq} to {seq} before this was stored")

    def sentence(self) -> str:
        from ..i18n import _

        return _("Another device was quicker: the game has moved on, and your choice was not played. Here is the game as it is now.")


class IllegalDecision(SessionError):
    """The engine refused the decision (``violation`` is its :class:`~..rules.errors.RuleViolation`)."""

    def __init__(self, violation: Exception):
        self.violation = violation
        super().__init__(f"the engine refused the decision: {violation}")

    def sentence(self) -> str:
        from ..i18n import _

        return _("That decision is not allowed now; the game was not changed.")


class NothingToUndo(SessionError):
    def __init__(self):
        super().__init__("there is no step to take back")

    def sentence(self) -> str:
        from ..i18n import _

        return _("There is no step to take back.")


class StoreUnavailable(SessionError):
    """The store cannot be read or written now (read-only folder, disk full, database down). Retry later."""

    def __init__(self, detail: str):
        self.detail = detail
        super().__init__(f"the game store cannot be used now: {detail}")

    def sentence(self) -> str:
        from ..i18n import _

        return _("The game could not be saved just now, so this step was not played; try again in a moment.")


class StoreReadFailed(StoreUnavailable):
    """The store could not be *read* now (a locked or unreadable file, the database down): nothing was played or
    lost; the game may well exist (so not :class:`CodeNotFound`)."""

    def sentence(self) -> str:
        from ..i18n import _

        return _("The stored games cannot be read just now; nothing was changed. Try again in a moment, or tell whoever runs this server.")


class BadSetup(SessionError):
    """A set-up (or a stored log) the schema or the engine refuses."""

    def __init__(self, detail: str):
        self.detail = detail
        super().__init__(f"not a game set-up: {detail}")

    def sentence(self) -> str:
        from ..i18n import _

        return _("This game cannot be opened: its set-up is not valid.")


class DamagedGame(BadSetup):
    """What the store holds for this game is damaged: a row that is not bounded JSON, breaks its schema
    (``schemas/session-*.schema.json``), leaves a gap in the log, or that the engine refuses on replay.
    ``code``: the game's join code; ``detail``: what was wrong (English, for the log)."""

    def __init__(self, code: Any, detail: str):
        self.code = code
        super().__init__(detail)
        self.args = (f"the stored game {code} is damaged: {detail}",)

    def sentence(self) -> str:
        from ..i18n import _

        return _("The stored game {code} is damaged and cannot be opened; start a new game, or ask whoever runs this "
                 "server to restore the games from a backup.").format(code=str(self.code)[:12])


class StepNotFound(SessionError):
    """The address names a step the game does not have (steps count from 1); the game opens where it stands."""

    def __init__(self, step: Any, steps: int):
        self.step, self.steps = step, steps
        super().__init__(f"step {step} is not among the game's {steps} steps")

    def sentence(self) -> str:
        from ..i18n import format_number, ngettext

        return ngettext("This game has {count} step, so there is no step {step}; the game opens where it stands.",
                        "This game has {count} steps, so there is no step {step}; the game opens where it stands.",
                        self.steps).format(count=format_number(self.steps), step=str(self.step)[:8])


class Conflict(Exception):
    """Store level: an entry with this sequence number exists already (the Session turns it into StaleDecision)."""


class CodeInUse(Exception):
    """Store level: the join code was given to another session meanwhile (the Session draws a new one)."""
