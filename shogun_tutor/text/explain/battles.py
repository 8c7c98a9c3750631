"""Battles and revolts: who throws what, what came out, the verdict; a battle's odds."""

from __future__ import annotations

from ...bots.values import shown_chance
from ...i18n import _, format_number, ngettext
from .. import terms
from .core import Explanation, player_name, province, renders

# --- battles ----------------------------------------------------------------------------


def battle_lines(kind: str, attacker: int | None, defender: int | None, came_out: dict, verdict: dict,
                 where: str | None = None) -> list[str]:
    """Who the farmers fought for, the count, the verdict and the losses, as sentences.

    ``attacker`` is None in a revolt (the farmers attack), ``defender`` is None for a
    neutral province; ``where`` is the province's romaji name, or None for a battle on
    no province (the battle tower tab).
    """
    p = province(where) if where else None
    lines = []
    for seat, n in ((attacker, came_out.get("attacker", 0)), (defender, came_out.get("defender", 0))):
        if n and seat is not None:
            lines.append(ngettext("{n} army of {player} came out of the tower.", "{n} armies of {player} came out of the tower.", n).format(
                n=n, player=player_name(seat)))
    if came_out.get("farmers"):
        n = came_out["farmers"]
        lines.append(ngettext("{n} farmer came out of the tower.", "{n} farmers came out of the tower.", n).format(n=n))
    if came_out.get("others"):
        n = came_out["others"]
        lines.append(ngettext("{n} cube of another player came out of the tower.", "{n} cubes of other players came out of the tower.", n).format(n=n))
    if not lines:
        lines.append(_("Nothing came out of the tower."))
    side = verdict["farmers_side"]
    if came_out.get("farmers") or side == "attacker":
        if kind == "revolt":
            lines.append(_("In a revolt every farmer that comes out fights against the player."))
        elif kind == "neutral":
            lines.append(_("The farmers defend the neutral province."))
        elif side == "defender":
            lines.append(_("{province} has no unrest marker, so the farmers fight for the defender.").format(province=p) if p
                         else _("The province has no unrest marker, so the farmers fight for the defender."))
        else:
            lines.append(_("{province} has unrest markers, so the farmers do not help the defender; they stay in the tray.").format(province=p) if p
                         else _("The province has unrest markers, so the farmers do not help the defender; they stay in the tray."))
    if came_out.get("others"):
        lines.append(_("Cubes of other players are not counted and stay in the tray."))
    a, d = verdict["attacker_total"], verdict["defender_total"]
    if attacker is None:
        lines.append(_("Count: the farmers {a} : {d} {defender}.").format(a=a, d=d, defender=player_name(defender)))
    elif defender is None:
        lines.append(_("Count: {attacker} {a} : {d} the farmers.").format(attacker=player_name(attacker), a=a, d=d))
    else:
        lines.append(_("Count: {attacker} {a} : {d} {defender}.").format(
            attacker=player_name(attacker), a=a, d=d, defender=player_name(defender)))
    outcome = verdict["outcome"]
    if outcome == "draw":
        if verdict["draw_reason"] == "only_farmers_for_defender":
            lines.append(_("Only farmers came out for the defender, who would have won: the battle counts as a draw."))
        else:
            lines.append(_("Equal counts: a draw."))
        lines.append(_("A draw clears {province}: all armies of both sides go back, buildings and unrest markers are removed, the card returns to the supply.").format(province=p) if p
                     else _("A draw clears the province: all armies of both sides go back, buildings and unrest markers are removed, the card returns to the supply."))
        return lines
    winner_seat = attacker if outcome == "attacker" else defender
    loser_total = d if outcome == "attacker" else a
    lines.append(_("The farmers win.") if winner_seat is None else _("{player} wins.").format(player=player_name(winner_seat)))
    lines.append(ngettext("The loser's cubes go back to the supply; the winner loses as many: {n} cube.",
                          "The loser's cubes go back to the supply; the winner loses as many: {n} cubes.", loser_total).format(n=loser_total))
    if verdict["winner_farmers_lost"]:
        f, w = verdict["winner_farmers_lost"], verdict["winner_armies_lost"]
        lines.append(ngettext("Farmers are taken first: {n} farmer.", "Farmers are taken first: {n} farmers.", f).format(n=f))
        lines.append(ngettext("Then {n} army.", "Then {n} armies.", w).format(n=w))
    if winner_seat is None:
        if kind == "revolt":
            lines.append(_("The revolt succeeds: {province} is cleared and becomes neutral.").format(province=p) if p
                         else _("The revolt succeeds: the province is cleared and becomes neutral."))
        else:
            lines.append(_("{province} stays neutral; the farmers go back to the general supply.").format(province=p) if p
                         else _("The province stays neutral; the farmers go back to the general supply."))
    else:
        n = verdict["survivors"]
        who = player_name(winner_seat)
        if p:
            lines.append(ngettext("{n} army of {player} occupies {province}.", "{n} armies of {player} occupy {province}.", n).format(
                n=n, player=who, province=p))
        else:
            lines.append(ngettext("{n} army of {player} occupies the province.", "{n} armies of {player} occupy the province.", n).format(
                n=n, player=who))
    return lines


def _thrown_lines(th: dict, attacker: int | None, defender: int | None) -> list[str]:
    lines = []
    for seat, n in ((attacker, th.get("attacker", 0)), (defender, th.get("defender", 0))):
        if n and seat is not None:
            lines.append(ngettext("{player} throws {n} army into the tower.", "{player} throws {n} armies into the tower.", n).format(
                player=player_name(seat), n=n))
    if th.get("farmers"):
        n = th["farmers"]
        lines.append(ngettext("{n} farmer is thrown in with them.", "{n} farmers are thrown in with them.", n).format(n=n))
    n = th.get("tray", 0)
    if n:
        lines.append(ngettext("{n} cube from the tray goes in as well.", "{n} cubes from the tray go in as well.", n).format(n=n))
    return lines


@renders("battle.result")
def _battle(e):
    target, n = province(e["province"]), e["moved"]
    if e["kind"] == "neutral":
        title = ngettext("{player} attacks the neutral province {province} with {n} army",
                         "{player} attacks the neutral province {province} with {n} armies", n).format(
            player=player_name(e["player"]), province=target, n=n)
    else:
        title = ngettext("{player} attacks {defender} in {province} with {n} army",
                         "{player} attacks {defender} in {province} with {n} armies", n).format(
            player=player_name(e["player"]), defender=player_name(e["defender"]), province=target, n=n)
    lines = []
    for x in e["extras"]:
        if x["by"] == "special":
            lines.append(_("Special card {name}: {player} throws one more army into the tower.").format(
                name=terms.special_name(x["special"]), player=player_name(x["player"])))
        elif "farmers" in x:
            f = x["farmers"]
            lines.append(ngettext("Event card {number}: {n} farmer defends.", "Event card {number}: {n} farmers defend.", f).format(
                number=x["event"], n=f))
        else:
            lines.append(_("Event card {number}: {player} adds one army for the castle.").format(
                number=x["event"], player=player_name(x["player"])))
    lines += _thrown_lines(e["thrown"], e["player"], e["defender"] if e["kind"] != "neutral" else None)
    lines += battle_lines(e["kind"], e["player"], e["defender"], e["came_out"], e["verdict"], e["province"])
    return Explanation(title, lines, "battle")


_REVOLT_CAUSES = {
    "tax": lambda: _("Cause: tax was collected in a province with unrest markers."),
    "rice": lambda: _("Cause: rice was collected in a province with unrest markers."),
    "winter": lambda: _("Cause: hunger in winter."),
}


@renders("battle.revolt")
def _revolt(e):
    lines = [_REVOLT_CAUSES[e["cause"]](),
             _("Farmers: {unrest} for the unrest markers + {extra} from the winter table = {farmers}.").format(
                 unrest=e["farmers_from_unrest"], extra=e["extra_farmers"], farmers=e["farmers"])]
    lines += _thrown_lines(e["thrown"], None, e["player"])
    came = {"attacker": 0, "defender": e["came_out"]["defender"], "farmers": e["came_out"]["farmers"], "others": e["came_out"]["others"]}
    lines += battle_lines("revolt", None, e["player"], came, e["verdict"], e["province"])
    return Explanation(_("The farmers of {province} rise against {player}").format(
        province=province(e["province"]), player=player_name(e["player"])), lines, "battle")


def _card_armies(setup) -> int:
    """The armies the attacker's cards add from the supply (the move names only the armies moved)."""
    return sum(k for seat, k in setup.from_supply if seat == setup.attacker)


def odds_lines(setup, odds) -> tuple[str, str]:
    """The chances of a battle set-up (``rules.battle_setup.BattleSetup``) as (headline, note on the model)."""

    def percent(x: float) -> str:
        return format_number(round(x * 100))

    def win(x: float) -> str:  # the attacker's chance, as every surface rounds it (never across the threshold)
        return format_number(shown_chance(x))

    if setup.kind == "revolt":
        n = setup.defender_armies
        text = ngettext("Revolt against {n} army: the player keeps the province in {keep} % of throws, draws {draw} %, loses it {loss} %.",
                        "Revolt against {n} armies: the player keeps the province in {keep} % of throws, draws {draw} %, loses it {loss} %.",
                        n).format(n=n, keep=percent(odds.loss), draw=percent(odds.draw), loss=percent(odds.win))
    elif setup.kind == "neutral" and _card_armies(setup):
        extra = _card_armies(setup)
        n = setup.attacker_armies - extra
        text = ngettext("Attack a neutral province with {n} army + {extra} from the cards: {win} % win, {draw} % draw.",
                        "Attack a neutral province with {n} armies + {extra} from the cards: {win} % win, {draw} % draw.",
                        n).format(n=n, extra=extra, win=win(odds.win), draw=percent(odds.draw))
    elif setup.kind == "neutral":
        n = setup.attacker_armies
        text = ngettext("Attack a neutral province with {n} army: {win} % win, {draw} % draw.",
                        "Attack a neutral province with {n} armies: {win} % win, {draw} % draw.", n).format(
            n=n, win=win(odds.win), draw=percent(odds.draw))
    else:
        # the armies the cards add from the supply are said apart: the move names only the armies moved
        extra = _card_armies(setup)
        n = setup.attacker_armies - extra
        if extra:
            text = ngettext("Attack with {n} army + {extra} from the cards against {defenders}: {win} % win, {draw} % draw.",
                            "Attack with {n} armies + {extra} from the cards against {defenders}: {win} % win, {draw} % draw.",
                            n).format(n=n, extra=extra, defenders=setup.defender_armies, win=win(odds.win),
                                      draw=percent(odds.draw))
        else:
            text = ngettext("Attack with {n} army against {defenders}: {win} % win, {draw} % draw.",
                            "Attack with {n} armies against {defenders}: {win} % win, {draw} % draw.", n).format(
                n=n, defenders=setup.defender_armies, win=win(odds.win), draw=percent(odds.draw))
    note = ngettext("Odds from {n} simulated throw on this tower as it is now.",
                    "Odds from {n} simulated throws on this tower as it is now.", odds.trials).format(n=format_number(odds.trials))
    return text, note
