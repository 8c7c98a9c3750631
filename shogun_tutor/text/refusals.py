"""The engine's refusals (:class:`~shogun_tutor.rules.errors.RuleViolation`) told as one sentence per rule id.

The engine names the rule that forbids a decision (``violation.rule``) and gives its numbers
(``violation.params``); this module holds the translated sentence for each id, so no panel re-implements
the rules as strings. A rule without a sentence of its own is told with the general one.

>>> from shogun_tutor import i18n
>>> from shogun_tutor.rules.errors import BidTooHigh
>>> i18n.set_language("en")
>>> refusal_text(BidTooHigh("...", bid=3, chests=2))
'You cannot bid 3 chests. Your war chest holds only 2 chests.'
"""

from __future__ import annotations

from typing import Callable

from ..i18n import _, join_sentences, ngettext
from ..rules.errors import RuleViolation

_SENTENCES: dict[str, Callable[[dict], str]] = {
    "plan.no_such_field": lambda p: _("That is not one of your plan fields."),
    "plan.field_taken": lambda p: _("This field is already planned."),
    "plan.card_not_available": lambda p: _("That card is not in your hand."),
    "plan.no_such_card": lambda p: _("That card is not in your hand."),
    "bid.cannot_afford": lambda p: join_sentences(
        ngettext("You cannot bid {n} chest.", "You cannot bid {n} chests.", p["bid"]).format(n=p["bid"]),
        ngettext("Your war chest holds only {n} chest.", "Your war chest holds only {n} chests.", p["chests"]).format(n=p["chests"])),
    "plan.must_cover_field": lambda p: ngettext(
        "Cover {n} more field before you confirm.", "Cover {n} more fields before you confirm.", p["n"]).format(n=p["n"]),
}


def told_rules() -> set[str]:
    """The rule ids with a sentence of their own."""
    return set(_SENTENCES)


def refusal_text(violation: RuleViolation) -> str:
    """The refusal as one sentence in the current language."""
    sentence = _SENTENCES.get(violation.rule)
    if sentence is not None:
        try:
            return sentence(violation.params)
        except KeyError:  # a refusal without the numbers its sentence needs: the general sentence
            pass
    return _("That decision is not allowed now; the game was not changed.")


__all__ = ["refusal_text", "told_rules"]
