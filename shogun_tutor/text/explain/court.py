"""Tennō's Court (expansion): officials, the court's display, audiences. Amounts are INFERRED: every explanation that shows one adds the mark's sentence."""

from __future__ import annotations

from ...data import COMPONENTS
from ...i18n import _, format_list, format_number, ngettext
from .core import Explanation, _inferred, player_name, players, province, renders
from .privileges import privilege_text


@renders("court.setup")
def _court_setup(e):
    return Explanation(_("Tennō's Court is played"), _inferred([
        ngettext("Each player has {n} court official.", "Each player has {n} court officials.", e["officials"]).format(n=e["officials"]),
        ngettext("Each player has {n} battle-tower card.", "Each player has {n} battle-tower cards.", e["tower_cards"]).format(n=e["tower_cards"]),
        ngettext("{n} privilege card is shuffled face down.", "{n} privilege cards are shuffled face down.",
                 e["privilege_cards"]).format(n=e["privilege_cards"]),
    ], COMPONENTS.privilege_provenance), "phase")


@renders("court.fill_officials")
def _court_fill(e):
    n = e["officials"]
    return Explanation(
        ngettext("{player} puts {n} court official in the entrance hall", "{player} puts {n} court officials in the entrance hall",
                 n).format(player=player_name(e["player"]), n=n),
        [_("At the first tower fill, each own army that fell out brings one court official.")])


@renders("court.lay_out")
def _court_lay_out(e):
    lines = []
    for number, cost in zip(e["cards"], e["costs"]):
        if number is None:
            continue
        lines.append(ngettext("Privilege card {card} lies on the field that costs {n} court official.",
                              "Privilege card {card} lies on the field that costs {n} court officials.", cost).format(card=number, n=cost))
        lines.append(privilege_text(number))
    lines.append(_("The highest number lies on the dearest field, the lowest on the cheapest."))
    return Explanation(_("Privilege cards are laid out in the audience hall"), _inferred(lines, COMPONENTS.privilege_provenance), "phase")


@renders("court.convert")
def _court_convert(e):
    n, who = e["armies"], player_name(e["player"])
    if e["source"] == "province":
        title = ngettext("{player} turns {n} army from {province} into a court official",
                         "{player} turns {n} armies from {province} into court officials", n).format(
            player=who, n=n, province=province(e["province"]))
        first = ngettext("{n} army stays in the province.", "{n} armies stay in the province.", e["left"]).format(n=e["left"])
    else:
        title = ngettext("{player} takes {n} army out of the tray and turns it into a court official",
                         "{player} takes {n} armies out of the tray and turns them into court officials", n).format(player=who, n=n)
        first = _("The armies go back to the player's supply.")
    hall = ngettext("{player} now has {n} court official in the entrance hall.",
                    "{player} now has {n} court officials in the entrance hall.", e["hall"]).format(player=who, n=e["hall"])
    return Explanation(title, [first, hall])


@renders("court.no_action")
def _court_no_action(e):
    n, who = e["armies"], player_name(e["player"])
    if e["card"] is None:
        title = ngettext("{player}'s court field for {n} army is empty: nothing happens",
                         "{player}'s court field for {n} armies is empty: nothing happens", n)
        return Explanation(title.format(player=who, n=n))
    title = ngettext("{player}'s court field for {n} army holds a chest card: nothing happens",
                     "{player}'s court field for {n} armies holds a chest card: nothing happens", n)
    return Explanation(title.format(player=who, n=n), [_("The chests printed on that card are ignored.")])


_COURT_LAPSES = {
    "leave_one_army": lambda e: ngettext("{province} holds {n} army of this player, and at least one must stay.",
                                         "{province} holds {n} armies of this player, and at least one must stay.",
                                         e["present"]).format(province=province(e["province"]), n=e["present"]),
    "not_enough_in_tray": lambda e: ngettext("Only {n} army of this player lies in the tray.",
                                             "Only {n} armies of this player lie in the tray.", e["in_tray"]).format(n=e["in_tray"]),
    "not_enough_officials": lambda e: ngettext("Only {n} court official is left in this player's supply.",
                                               "Only {n} court officials are left in this player's supply.",
                                               e["officials"]).format(n=e["officials"]),
}


@renders("court.lapsed")
def _court_lapsed(e):
    n = e["armies"]
    return Explanation(ngettext("{player} cannot convert {n} army: the court action lapses",
                                "{player} cannot convert {n} armies: the court action lapses", n).format(
        player=player_name(e["player"]), n=n), [_COURT_LAPSES[e["reason"]](e)], "lapsed")


@renders("court.audience_order")
def _court_order(e):
    if not e["order"]:
        return Explanation(_("Nobody has court officials in the entrance hall"), [], "phase")
    return Explanation(_("Audience with the Tennō, in this order: {order}").format(order=players(e["order"])),
                       [_("Most court officials in the entrance hall come first; equal numbers follow the turn order.")], "phase")


@renders("court.audience")
def _court_audience(e):
    n = e["officials"]
    return Explanation(ngettext("{player} has {n} court official in the audience hall",
                                "{player} has {n} court officials in the audience hall", n).format(player=player_name(e["player"]), n=n),
                       [_("All of the player's court officials move from the entrance hall into the audience hall.")])


@renders("court.cannot_afford")
def _court_cannot_afford(e):
    cheapest = min(cost for _number, cost in e["cards"])
    n = e["officials"]
    return Explanation(_("{player} cannot afford a privilege card").format(player=player_name(e["player"])), [
        ngettext("The cheapest card left costs {n} court official.", "The cheapest card left costs {n} court officials.",
                 cheapest).format(n=cheapest),
        ngettext("{player} has only {n} court official in the audience hall.",
                 "{player} has only {n} court officials in the audience hall.", n).format(player=player_name(e["player"]), n=n),
    ])


@renders("court.take")
def _court_take(e):
    cost = e["cost"]
    return Explanation(_("{player} takes privilege card {card}").format(player=player_name(e["player"]), card=e["card"]), _inferred([
        ngettext("It costs {n} court official, who goes back to the supply.",
                 "It costs {n} court officials, who go back to the supply.", cost).format(n=cost),
        privilege_text(e["card"]),
    ], COMPONENTS.privilege_provenance))


@renders("court.pass")
def _court_pass(e):
    return Explanation(_("{player} takes no privilege card").format(player=player_name(e["player"])))


@renders("court.display_empty")
def _court_empty(e):
    lines = [_("The court officials of {players} stay in the entrance hall.").format(players=players(e["waiting"]))] if e["waiting"] else []
    return Explanation(_("Every privilege card has been taken"), lines, "phase")


@renders("court.end")
def _court_end(e):
    lines = [_("Court officials left in the audience hall go back to the entrance hall.")]
    if e["cards_out"]:
        lines.append(_("Privilege cards nobody took leave the game: {cards}.").format(
            cards=format_list([format_number(c) for c in e["cards_out"]])))
    return Explanation(_("The audience with the Tennō ends"), lines, "phase")
