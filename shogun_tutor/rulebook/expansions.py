"""The screens of the expansions' chapters: Tennō's Court and Samurai (used by :mod:`.content`).

Every sentence is one message; a screen joins its sentences (:func:`sentences`). Counts that come from the
game's data (court officials, battle-tower cards, the prices in the audience hall, samurai cards, regions) are
placeholders, with ``ngettext`` where the noun follows the count. The rulebook's worked examples keep their
printed numbers. Amounts on privilege and samurai cards are INFERRED: no screen states one, and the screens
that speak of them show the mark the app puts beside every such amount (``{mark}``).
"""

from __future__ import annotations

from typing import Callable

from ..data import COMPONENTS
from ..i18n import N_, _, join_sentences, ngettext
from ..rules.expansions import court
from ..text import terms

def sentences(*parts) -> Callable[[dict], str]:
    """A screen of whole sentences: msgids (filled with the values) or functions of the values."""

    def screen(v: dict) -> str:
        return join_sentences(*(p(v) if callable(p) else _(p).format(**v) for p in parts))

    return screen


def _officials(v: dict) -> str:
    n = COMPONENTS.court_officials_each
    return ngettext("Every player gets {n} court official in his colour.",
                    "Every player gets {n} court officials in his colour.", n).format(n=n)


def _tower_cards(v: dict) -> str:
    n = court.TOWER_CARDS
    return ngettext("He also gets {n} battle-tower card for his planning.",
                    "He also gets {n} battle-tower cards for his planning.", n).format(n=n)


def _prices(v: dict) -> str:
    first, middle, last = COMPONENTS.audience_hall_costs
    return _("The card with the highest number lies on the field with price {first}, the next on price {middle}, "
             "the lowest on price {last}; a price is paid in court officials.").format(first=first, middle=middle, last=last)


def _privilege_mark(v: dict) -> str:
    return _("The rulebook does not print the amounts on the privilege cards (chests, rice, armies, points): "
             "the amounts shown here are inferred and marked {mark}.").format(
        mark=terms.provenance_mark(COMPONENTS.privilege_provenance))


def _samurai_cards(v: dict) -> str:
    n = len(COMPONENTS.samurai_cards)
    return ngettext("Every player gets a stack of {n} samurai card, face up, the card with the blank flag on top.",
                    "Every player gets a stack of {n} samurai cards, face up, the card with the blank flag on top.", n).format(n=n)


def _samurai_check(v: dict) -> str:
    n = COMPONENTS.samurai_min_regions
    return ngettext("Each time the turn order has been set, every player who holds provinces in at least {n} region "
                    "turns his top card under the stack.",
                    "Each time the turn order has been set, every player who holds provinces in at least {n} regions "
                    "turns his top card under the stack.", n).format(n=n)


def _samurai_short(v: dict) -> str:
    n = COMPONENTS.samurai_min_regions
    return ngettext("A player with provinces in fewer than {n} region leaves his stack as it is and gets no bonus.",
                    "A player with provinces in fewer than {n} regions leaves his stack as it is and gets no bonus.", n).format(n=n)


def _samurai_mark(v: dict) -> str:
    return _("The rulebook only says 'the number shown': the amounts on the samurai cards come from a description "
             "of the cards, are inferred and marked {mark}.").format(mark=terms.provenance_mark(COMPONENTS.samurai_provenance))


TENNO_SCREENS = (
    sentences(N_("Tennō's Court adds three court fields beside every player's planning board: they turn 3, 2 or 1 "
                 "of his own armies into court officials."), _officials, _tower_cards),
    sentences(N_("When the tower is first filled, every player takes one court official for each of his own armies "
                 "that fell out, and puts it in the entrance hall of the court."),
              N_("The armies that fell out go back to their supplies, as in the base game."),
              N_("The rulebook's example: 2 blue, 2 red and 1 purple army fall out, so blue and red each put 2 court "
                 "officials in the entrance hall and purple puts 1.")),
    sentences(N_("In spring, summer and autumn, three privilege cards are laid face up in the audience hall, "
                 "right after the special cards."), _prices,
              N_("The rulebook's example: cards 10, 8 and 2 lie on the fields with prices 4, 3 and 2.")),
    sentences(N_("While planning, every player also lays one card face down on each of his court fields, if he "
                 "has one left."),
              N_("A province card takes that many of his armies out of that province; at least one army must stay there."),
              N_("A battle-tower card takes that many of his own armies out of the tray."),
              N_("A war-chest card does nothing there; its chests do not count."),
              N_("Each army taken goes back to his supply, and one of his court officials goes into the entrance hall for it.")),
    sentences(N_("A battle-tower card may also lie on another field."),
              N_("On one of the ten action fields it counts as a war-chest card: the action is not carried out."),
              N_("On the bid field it counts as a war-chest card of 0 chests.")),
    sentences(N_("The court actions come once the turn order is set, before the first action card is turned."),
              N_("In turn order, each player reveals his card on the field for 3 armies, then the one for 2, then the "
                 "one for 1, and carries each out at once."),
              N_("A court action that cannot be carried out fully lapses: too few armies in the province or in the "
                 "tray, or too few court officials left in his supply."),
              N_("The rulebook's example: {kai} on the field for 3 armies: 3 of the 4 armies there become court "
                 "officials, and 1 stays in {kai_name}.")),
    sentences(N_("Then the audience: the player with the most court officials in the entrance hall goes first, then "
                 "the others by number; equal numbers go in turn order."),
              N_("He moves all his court officials into the audience hall and may take one privilege card; he pays its "
                 "price with court officials, who go back to his supply."),
              N_("The rulebook's example: yellow has 5 court officials and takes card 8 for 3, then red takes card 2; "
                 "blue and purple have 2 each, blue goes first in turn order, and neither can pay the 4 of card 10.")),
    sentences(N_("Most privilege cards act at once and then leave the game."),
              N_("Card 4 is kept when no own province has an unrest marker: it removes the next one; cards 10, 11 "
                 "and 18 protect against attacks with Battle / move A or B until the round ends."),
              N_("After the audience, the court officials left in the audience hall go back to the entrance hall, and "
                 "the cards nobody took leave the game."),
              _privilege_mark),
)

SAMURAI_SCREENS = (
    sentences(N_("Samurai can be played alone or together with Tennō's Court."), _samurai_cards),
    sentences(_samurai_check,
              N_("He then takes one bonus shown on the card now on top; the players take their bonuses in turn order.")),
    sentences(N_("A bonus brings chests, rice, armies from the supply into the tray, or victory points; the card "
                 "shows how many."), _samurai_mark),
    sentences(_samurai_short, N_("With Tennō's Court, this check comes before the court actions.")),
    sentences(N_("After each winter, every player puts his stack back in its first order, the blank flag on top.")),
)
