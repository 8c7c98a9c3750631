"""Precise exceptions: each illegal decision names the rule that forbids it.

>>> try:
...     raise MustLeaveOneArmy("Shinano has 3 armies: at most 2 may leave")
... except RuleViolation as exc:
...     print(exc.rule)
move.leave_one_army
"""

from __future__ import annotations


class RuleViolation(Exception):
    """An illegal decision. ``rule`` is a stable id: the UI tells it as one translated sentence per id
    (:func:`shogun_tutor.text.refusals.refusal_text`), with the numbers in ``params`` (ints and ids only);
    ``detail`` is the technical message (English, for logs and tests)."""

    rule = "rule"

    def __init__(self, message: str, rule: str | None = None, **params: int | str | None):
        if rule:
            self.rule = rule
        super().__init__(f"[{self.rule}] {message}")
        self.detail = message
        self.params = params


class MalformedDecision(RuleViolation):
    """A decision with fields of the wrong type, or fields its kind does not use."""

    rule = "decision.malformed"


class NotYourDecision(RuleViolation):
    rule = "turn.not_yours"


class WrongDecisionKind(RuleViolation):
    rule = "turn.wrong_kind"


class GameOver(RuleViolation):
    rule = "game.over"


class CardNotAvailable(RuleViolation):
    rule = "plan.card_not_available"


class NotAPlanField(RuleViolation):
    """A field that is not one of this seat's plan fields."""

    rule = "plan.no_such_field"


class FieldAlreadyPlanned(RuleViolation):
    rule = "plan.field_taken"


class EmptyFieldNotAllowed(RuleViolation):
    rule = "plan.must_cover_field"


class BidTooHigh(RuleViolation):
    rule = "bid.cannot_afford"


class NoSuchCard(RuleViolation):
    """A card id that names no card of the game (e.g. ``chest:5``, ``chest:abc``)."""

    rule = "plan.no_such_card"


class PlaceTaken(RuleViolation):
    rule = "order.place_taken"


class NoSuchPlace(RuleViolation):
    """A turn-order place outside 0-4."""

    rule = "order.no_such_place"


class NotAdjacent(RuleViolation):
    rule = "move.not_adjacent"


class NotOwnProvince(RuleViolation):
    rule = "move.target_not_own"


class MustLeaveOneArmy(RuleViolation):
    rule = "move.leave_one_army"


class ProvinceImmune(RuleViolation):
    rule = "event.temple_immune"


class NotInPlay(RuleViolation):
    rule = "board.not_in_play"


class ClaimNotAllowed(RuleViolation):
    rule = "claim.not_allowed"


class RedrawNotAllowed(RuleViolation):
    rule = "claim.same_cards_rule"


class RevoltOrderInvalid(RuleViolation):
    rule = "winter.revolt_order"


class NothingToUndo(RuleViolation):
    rule = "undo.nothing"


class SetupError(ValueError):
    """Bad parameters for a new game (players, side, set-up, bots)."""


class SaveFileError(ValueError):
    """A save file or game record that is corrupt, tampered with or of an unknown version.

    ``path`` names where in the file the problem is (``players/2/chests``; empty: the whole file),
    ``problem`` says what is wrong; ``str(exc)`` gives both on one line.
    """

    def __init__(self, message: str, path: str = ""):
        self.path = path
        self.problem = message
        super().__init__(f"{path}: {message}" if path else message)
