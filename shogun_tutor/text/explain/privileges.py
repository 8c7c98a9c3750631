"""Tennō's Court's privilege cards: what each card does, and the events of gaining and using them."""

from __future__ import annotations

from ...data import COMPONENTS
from ...i18n import _, ngettext
from .core import _GAINS, Explanation, _inferred, player_name, province, renders


def privilege_text(number: int) -> str:
    """What privilege card ``number`` does, as one sentence with its (inferred) amount."""
    card = next(c for c in COMPONENTS.privilege_cards if c.number == number)
    n, detail = card.amount, card.detail
    if card.effect == "chests":
        return ngettext("Card {card}: gain {n} chest.", "Card {card}: gain {n} chests.", n).format(card=number, n=n)
    if card.effect == "rice":
        return ngettext("Card {card}: gain {n} rice.", "Card {card}: gain {n} rice.", n).format(card=number, n=n)
    if card.effect == "victory_points":
        return ngettext("Card {card}: gain {n} victory point.", "Card {card}: gain {n} victory points.", n).format(card=number, n=n)
    if card.effect == "armies_to_tray":
        return ngettext("Card {card}: put {n} army from your supply into the tray.",
                        "Card {card}: put {n} armies from your supply into the tray.", n).format(card=number, n=n)
    if card.effect == "free_armies":
        return ngettext("Card {card}: place {n} army for free in an own or a neutral province (a neutral one is taken without a battle).",
                        "Card {card}: place {n} armies for free in an own or a neutral province (a neutral one is taken without a battle).",
                        n).format(card=number, n=n)
    if card.effect == "free_building":
        return {
            "castle": lambda: _("Card {card}: build a castle for free in an own province."),
            "temple": lambda: _("Card {card}: build a temple for free in an own province."),
            "theater": lambda: _("Card {card}: build a Nō theater for free in an own province."),
        }[detail["building"]]().format(card=number)
    if card.effect == "immune":
        return _IMMUNE_TEXTS[tuple(detail["against"])]().format(card=number)
    if card.effect == "remove_unrest":
        return _("Card {card}: remove an unrest marker from an own province, or keep the card for the next one.").format(card=number)
    return _("Card {card}: the event card of this round may be set aside.").format(card=number)


_IMMUNE_TEXTS = {
    ("battle_a",): lambda: _("Card {card}: this round nobody may attack you with Battle / move A."),
    ("battle_b",): lambda: _("Card {card}: this round nobody may attack you with Battle / move B."),
    ("battle_a", "battle_b"): lambda: _("Card {card}: this round nobody may attack you with Battle / move A or B."),
}


@renders("privilege.gain")
def _privilege_gain(e):
    title, total = _GAINS[e["effect"]]
    who = player_name(e["player"])
    return Explanation(title(e["amount"]).format(player=who, n=e["amount"]),
                       _inferred([total(e["total"]).format(player=who, n=e["total"])], COMPONENTS.privilege_provenance))


@renders("privilege.armies_to_tray")
def _privilege_tray(e):
    n = e["armies"]
    return Explanation(ngettext("{player} puts {n} army from the supply into the tray",
                                "{player} puts {n} armies from the supply into the tray", n).format(player=player_name(e["player"]), n=n),
                       _inferred([_("Whatever lies in the tray is thrown into the tower with the next battle.")],
                                 COMPONENTS.privilege_provenance))


@renders("privilege.cancel_event")
def _privilege_cancel(e):
    return Explanation(_("{player} sets this round's event aside").format(player=player_name(e["player"])),
                       [_("Event card {number} does not apply this round.").format(number=e["event"])])


@renders("privilege.keep_event")
def _privilege_keep(e):
    return Explanation(_("{player} leaves this round's event in play").format(player=player_name(e["player"])),
                       [_("Privilege card 1 allows setting event card {number} aside, but its taker does not have to.").format(
                           number=e["event"])])


_IMMUNE_TITLES = {
    ("battle_a",): lambda: _("{player} cannot be attacked with Battle / move A this round"),
    ("battle_b",): lambda: _("{player} cannot be attacked with Battle / move B this round"),
    ("battle_a", "battle_b"): lambda: _("{player} cannot be attacked with Battle / move A or B this round"),
}


@renders("privilege.immune")
def _privilege_immune(e):
    return Explanation(_IMMUNE_TITLES[tuple(e["against"])]().format(player=player_name(e["player"])),
                       _inferred([_("The card leaves the game at the end of the round.")], COMPONENTS.privilege_provenance))


@renders("privilege.immunity_ends")
def _privilege_immunity_ends(e):
    return Explanation(_("The protection of {player} ends with the round").format(player=player_name(e["player"])))


@renders("privilege.kept")
def _privilege_kept(e):
    return Explanation(_("{player} keeps privilege card {card}").format(player=player_name(e["player"]), card=e["card"]),
                       [_("No own province has an unrest marker: the card will remove the next one placed in an own province.")])


@renders("privilege.remove_unrest")
def _privilege_unrest(e):
    lines = [_("The kept privilege card {card} removes the marker just placed, then leaves the game.").format(card=e["card"])] if e["kept"] else []
    lines.append(ngettext("{n} unrest marker is left there.", "{n} unrest markers are left there.", e["unrest"]).format(n=e["unrest"]))
    return Explanation(_("{player} removes an unrest marker from {province}").format(
        player=player_name(e["player"]), province=province(e["province"])), lines)


@renders("privilege.free_building")
def _privilege_building(e):
    return Explanation(_("{player} used privilege card {card} in {province}").format(
        player=player_name(e["player"]), card=e["card"], province=province(e["province"])),
        _inferred([privilege_text(e["card"])], COMPONENTS.privilege_provenance))


@renders("privilege.free_armies")
def _privilege_armies(e):
    n = e["armies"]
    lines = [_("{province} was neutral: the player takes its province card without a battle.").format(
        province=province(e["province"]))] if e["took_neutral"] else []
    return Explanation(ngettext("{player} places {n} free army in {province}", "{player} places {n} free armies in {province}", n).format(
        player=player_name(e["player"]), n=n, province=province(e["province"])), _inferred(lines, COMPONENTS.privilege_provenance))


@renders("privilege.declined")
def _privilege_declined(e):
    return Explanation(_("{player} places no free armies with privilege card {card}").format(
        player=player_name(e["player"]), card=e["card"]),
        _inferred([_("The card says the player may place them; the card leaves the game all the same."),
                   privilege_text(e["card"])], COMPONENTS.privilege_provenance))


@renders("privilege.lapsed")
def _privilege_lapsed(e):
    if e["reason"] == "not_enough_armies":
        line = ngettext("Only {n} army is left in the supply.", "Only {n} armies are left in the supply.", e["supply"]).format(n=e["supply"])
    else:
        line = _("No province qualifies for it.")
    return Explanation(_("Privilege card {card} cannot be used").format(card=e["card"]),
                       _inferred([line, privilege_text(e["card"])], COMPONENTS.privilege_provenance), "lapsed")
