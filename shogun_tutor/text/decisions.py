"""Decisions as a player would say them ("Kaga on Collect tax", "Move 3 armies from Kaga to Tajima"):
the plain sentence the guided game, the learner's seat, the hints and the rulebook's try-its show for a
decision (the seat adds the attack odds and the places' special cards on top)."""

from __future__ import annotations

from ..data import COMPONENTS
from ..i18n import _, format_number, join_sentences, ngettext
from ..rules.expansions import court, samurai
from ..rules.state import TOWER_CARD_PREFIX, Decision, chest_value
from . import terms
from .explain import privilege_text


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
    if d.kind == "privilege_event":
        if d.count:
            return _("Set this round's event card aside (privilege card 1)")
        return _("Leave this round's event card in play (privilege card 1)")
    if d.kind == "privilege_use" and d.province is None:
        return _("Place no free armies (the privilege card allows, not obliges)")
    if d.kind == "privilege_use":
        return _("Use the privilege card in {province}").format(province=terms.province_name(d.province))
    if d.kind == "samurai":
        return _SAMURAI_CHOICES[d.field]()
    return d.kind


def attack_label(d: Decision, figures: dict) -> str:
    """An attack as the decision list names it, with its odds: "Attack Tajima from Kaga with 3 armies — odds: …"."""
    kw = dict(n=d.count, source=terms.province_name(d.province), target=terms.province_name(d.target),
              win=format_number(figures["win"]), draw=format_number(figures["draw"]), loss=format_number(figures["loss"]),
              extra=figures["extra"])
    if figures["extra"]:  # the cards' armies said apart, in the words of the odds headline
        if figures["neutral"]:
            return ngettext("Attack the neutral province {target} from {source} with {n} army + {extra} from the cards — odds: win {win} %, draw {draw} %, lose {loss} %",
                            "Attack the neutral province {target} from {source} with {n} armies + {extra} from the cards — odds: win {win} %, draw {draw} %, lose {loss} %",
                            d.count).format(**kw)
        return ngettext("Attack {target} from {source} with {n} army + {extra} from the cards — odds: win {win} %, draw {draw} %, lose {loss} %",
                        "Attack {target} from {source} with {n} armies + {extra} from the cards — odds: win {win} %, draw {draw} %, lose {loss} %",
                        d.count).format(**kw)
    if figures["neutral"]:
        return ngettext("Attack the neutral province {target} from {source} with {n} army — odds: win {win} %, draw {draw} %, lose {loss} %",
                        "Attack the neutral province {target} from {source} with {n} armies — odds: win {win} %, draw {draw} %, lose {loss} %",
                        d.count).format(**kw)
    return ngettext("Attack {target} from {source} with {n} army — odds: win {win} %, draw {draw} %, lose {loss} %",
                    "Attack {target} from {source} with {n} armies — odds: win {win} %, draw {draw} %, lose {loss} %",
                    d.count).format(**kw)


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


_SAMURAI_AMOUNTS = {
    "chests": lambda n: ngettext("Samurai bonus: {n} chest", "Samurai bonus: {n} chests", n),
    "rice": lambda n: ngettext("Samurai bonus: {n} rice", "Samurai bonus: {n} rice", n),
    "armies_to_tray": lambda n: ngettext("Samurai bonus: {n} army into the tray", "Samurai bonus: {n} armies into the tray", n),
    "victory_points": lambda n: ngettext("Samurai bonus: {n} victory point", "Samurai bonus: {n} victory points", n),
}


def describe_in_game(state, d: Decision) -> str:
    """A decision with what it stands for in ``state``: a turn-order place with its special card, a privilege card
    with its price and what it does, a samurai bonus with its amount; INFERRED amounts carry their mark. Other
    decisions: :func:`describe_decision`."""
    if d.kind == "place":  # the place with the special card lying on it
        special = state.round.specials[d.count]
        return _("Place {place}: {special}").format(place=d.count + 1, special=terms.special_name(special))
    if d.kind == "privilege" and d.count:
        display = state.extra[court.NAME]["display"]
        if d.count in display:
            cost = court.HALL_COSTS[display.index(d.count)]
            take = ngettext("Take privilege card {card} for {n} court official.",
                            "Take privilege card {card} for {n} court officials.", cost).format(card=d.count, n=cost)
            return _mark(join_sentences(take, privilege_text(d.count)), COMPONENTS.privilege_provenance)
    if d.kind == "samurai" and d.field in samurai.options(state, d.player):
        n = samurai.options(state, d.player)[d.field]
        return _mark(_SAMURAI_AMOUNTS[d.field](n).format(n=n), COMPONENTS.samurai_provenance)
    return describe_decision(d)


def _mark(text: str, provenance) -> str:
    mark = terms.provenance_mark(provenance)
    return f"{text} {mark}" if mark else text
