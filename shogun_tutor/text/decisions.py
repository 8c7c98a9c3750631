"""Decisions as a player would say them ("Kaga on Collect tax", "Move 3 armies from Kaga to Tajima"):
the plain sentence the guided game, the learner's seat, the hints and the rulebook's try-its show for a
decision (the seat adds the attack odds and the places' special cards on top)."""

from __future__ import annotations

from ..i18n import _, ngettext
from ..rules.state import TOWER_CARD_PREFIX, Decision, chest_value
from . import terms


def describe_decision(d: Decision) -> str:
    """A decision as the player would say it."""
    if d.kind == "plan" and d.field.startswith("court"):
        return _describe_court_field(d)
    if d.kind == "plan" and d.card is not None and d.card.startswith(TOWER_CARD_PREFIX):
        if d.field == "bid":
            return _("Battle-tower card on the bid (counts as 0 chests)")
        return _("Battle-tower card on {action} (counts as a war-chest card)").format(action=terms.action_name(d.field))
    if d.kind == "plan":
        chests = chest_value(d.card) if d.card is not None else None
        kw = dict(chests=chests, province=terms.province_name(d.card) if d.card is not None and chests is None else None,
                  action=terms.action_name(d.field) if d.field != "bid" else None)
        if d.field == "bid":
            if d.card is None:
                return _("Nothing on the bid (too few cards)")
            if chests is not None:
                return _("War-chest card {chests} on the bid").format(**kw)
            return _("{province} on the bid").format(**kw)
        if d.card is None:
            return _("Nothing on {action} (too few cards)").format(**kw)
        if chests is not None:
            return _("War-chest card {chests} on {action}").format(**kw)
        return _("{province} on {action}").format(**kw)
    if d.kind == "place":
        return _("Place {place}").format(place=d.count + 1)
    if d.kind == "move":
        if d.target is None:
            return _("Do not move")
        return ngettext("Move {n} army from {source} to {target}", "Move {n} armies from {source} to {target}", d.count).format(
            n=d.count, source=terms.province_name(d.province), target=terms.province_name(d.target))
    if d.kind == "revolt":
        return _("Fight the revolt in {province} next").format(province=terms.province_name(d.province))
    if d.kind == "claim":
        if d.field == "deck":
            return _("Take a card from the deck, army group {group}").format(group=d.count + 1)
        return _("Take face-up card {card}, army group {group}").format(card=int(d.field[2:]) + 1, group=d.count + 1)
    if d.kind == "redraw":
        return _("Put both face-up cards under the deck")
    if d.kind == "privilege":
        return _("Take privilege card {card}").format(card=d.count) if d.count else _("Take no privilege card")
    if d.kind == "privilege_use":
        return _("Use the privilege card in {province}").format(province=terms.province_name(d.province))
    if d.kind == "samurai":
        return _SAMURAI_CHOICES[d.field]()
    return d.kind


_SAMURAI_CHOICES = {
    "chests": lambda: _("Samurai bonus: chests"),
    "rice": lambda: _("Samurai bonus: rice"),
    "armies_to_tray": lambda: _("Samurai bonus: armies into the tray"),
    "victory_points": lambda: _("Samurai bonus: victory points"),
}


def _describe_court_field(d: Decision) -> str:
    """A card on a Tennō's Court field (convert 3, 2 or 1 armies into court officials)."""
    n = int(d.field[-1])
    if d.card is None:
        text = ngettext("Nothing on the court field for {n} army (too few cards)",
                        "Nothing on the court field for {n} armies (too few cards)", n)
        return text.format(n=n)
    if d.card.startswith(TOWER_CARD_PREFIX):
        return ngettext("Battle-tower card on the court field for {n} army",
                        "Battle-tower card on the court field for {n} armies", n).format(n=n)
    chests = chest_value(d.card)
    if chests is not None:
        return ngettext("War-chest card {chests} on the court field for {n} army (nothing happens)",
                        "War-chest card {chests} on the court field for {n} armies (nothing happens)", n).format(chests=chests, n=n)
    return ngettext("{province} on the court field for {n} army", "{province} on the court field for {n} armies", n).format(
        province=terms.province_name(d.card), n=n)
