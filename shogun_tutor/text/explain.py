"""Explanation events from the game log, told in the current language with their numbers.

The rules core writes structured events (``rule``, ``player``, ``province`` and
numbers); this module turns each into a headline and detail lines. Every rule id
the engine writes has a renderer (a test checks that against real games).

>>> from shogun_tutor import i18n
>>> i18n.set_language("en")
>>> e = explain({"rule": "action.income", "player": 0, "province": "Settsu", "action": "tax", "base": 7,
...              "steps": [{"by": "event", "event": 7, "rule": "max", "limit": 5, "value": 5},
...                        {"by": "special", "special": "chest_plus1", "value": 6}],
...              "amount": 6, "total": 20, "unrest": 1})
>>> e.title
'Red collects tax in Settsu: 6 chests'
>>> e.lines[:3]
['Settsu yields 7.', 'Event card 7 (Tax is capped): at most 5 → 5.', 'Special card +1 chest → 6.']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..data import COMPONENTS
from ..i18n import _, ngettext
from . import terms


@dataclass
class Explanation:
    title: str
    lines: list[str] = field(default_factory=list)
    kind: str = "info"  # info, battle, scoring, phase, lapsed


def player_name(seat: int | None) -> str:
    if seat is None:
        return _("the farmers")
    return terms.colour_name(COMPONENTS.colours[seat])


def _armies(n: int) -> str:
    return ngettext("{n} army", "{n} armies", n).format(n=n)


def _farmers(n: int) -> str:
    return ngettext("{n} farmer", "{n} farmers", n).format(n=n)


def _chests(n: int) -> str:
    return ngettext("{n} chest", "{n} chests", n).format(n=n)


def _rice(n: int) -> str:
    return ngettext("{n} rice", "{n} rice", n).format(n=n)


_RENDERERS: dict[str, Callable[[dict], Explanation]] = {}


def renders(*rules: str):
    def deco(fn):
        for r in rules:
            _RENDERERS[r] = fn
        return fn

    return deco


def known_rules() -> set[str]:
    return set(_RENDERERS)


def explain(event: dict) -> Explanation:
    fn = _RENDERERS.get(event.get("rule", ""))
    if fn is None:
        raise ValueError(f"no explanation for rule {event.get('rule')!r}")
    return fn(event)


# --- set-up and phases ----------------------------------------------------------------


@renders("setup.start")
def _setup_start(e):
    ex = Explanation(
        _("A new game: {players} players, {side}").format(players=e["players"], side=terms.side_name(e["side"])),
        [_("Each player starts with {chests} and {armies}.").format(chests=_chests(e["chests"]), armies=_armies(e["armies"]))],
        "phase",
    )
    if e.get("excluded"):
        line = _("With three players these provinces are out of play: {provinces}.").format(provinces=", ".join(e["excluded"]))
        if e.get("excluded_status") == "ASSUMED":
            line += " " + _("⚠ assumed") + ": " + _("No source was found for this value; it is a documented assumption.")
        ex.lines.append(line)
    return ex


@renders("setup.beginner")
def _setup_beginner(e):
    return Explanation(
        _("{player} takes the beginner set-up {letter}").format(player=player_name(e["player"]), letter=e["letter"]),
        [", ".join(f"{p} {a}" for p, a in e["provinces"])],
        "phase",
    )


@renders("setup.tower_fill")
def _tower_fill(e):
    out = e["came_out"]
    total_out = sum(out.values())
    thrown = e["thrown"]
    return Explanation(
        _("The tower is filled"),
        [
            _("{armies} of each player and {farmers} are thrown in together.").format(
                armies=_armies(thrown["armies_each"]), farmers=_farmers(thrown["farmers"])),
            ngettext("{n} cube fell out and goes back to its supply;", "{n} cubes fell out and go back to their supplies;", total_out).format(n=total_out)
            + " " + ngettext("{n} cube stays inside the tower.", "{n} cubes stay inside the tower.", e["stayed_inside"]).format(n=e["stayed_inside"]),
        ],
        "phase",
    )


@renders("claim.province")
def _claim(e):
    src = _("from the deck") if e["source"] == "deck" else _("face up")
    return Explanation(
        _("{player} claims {province} with {armies}").format(player=player_name(e["player"]), province=e["province"], armies=_armies(e["armies"])),
        [_("The card was taken {where}.").format(where=src)],
    )


@renders("claim.redraw")
def _redraw(e):
    return Explanation(
        _("{player} is offered the same two cards again and replaces them").format(player=player_name(e["player"])),
        [_("Under the deck: {old}. New: {new}.").format(old=", ".join(e["replaced"]), new=", ".join(e["new"]))],
    )


@renders("claim.done")
def _claim_done(e):
    return Explanation(
        _("All starting provinces are claimed"),
        [ngettext("{n} province stays neutral.", "{n} provinces stay neutral.", e["neutral"]).format(n=e["neutral"])],
        "phase",
    )


@renders("year.events")
def _year_events(e):
    lines = [
        _("Event card {number}: {name}. Rice lost in winter: {loss}.").format(
            number=n, name=terms.event_name(n), loss=loss)
        for n, loss in zip(e["events"], e["winter_losses"])
    ]
    lines.append(_("One of them is drawn each season; the card left over sets the rice lost in winter."))
    return Explanation(_("Year {year}: four event cards are turned face up").format(year=e["year"]), lines, "phase")


@renders("round.start")
def _round_start(e):
    return Explanation(
        _("{season} of year {year} begins").format(season=terms.season_name(e["season"]), year=e["year"]),
        [
            _("Open action cards, in order: {actions}; five more stay hidden.").format(
                actions=", ".join(terms.action_name(a) for a in e["open_actions"])),
            _("Special cards on the places 1 to 5: {specials}.").format(
                specials=", ".join(terms.special_name(s) for s in e["specials"])),
        ],
        "phase",
    )


@renders("plan.done")
def _plan_done(e):
    ex = Explanation(_("{player} has planned in secret").format(player=player_name(e["player"])))
    if e["empty_fields"]:
        ex.lines.append(_("Too few cards: fields left empty: {fields}.").format(
            fields=", ".join(_("Bid") if f == "bid" else terms.action_name(f) for f in e["empty_fields"])))
    return ex


@renders("round.event")
def _round_event(e):
    return Explanation(
        _("This round's event: {name}").format(name=terms.event_name(e["event"])),
        [terms.event_text(e["event"])],
        "phase",
    )


@renders("order.bids")
def _bids(e):
    lines = []
    for b in e["bids"]:
        if b["kind"] == "chests":
            what = _("bids {chests} and pays them").format(chests=_chests(b["chests"]))
        elif b["kind"] == "province":
            what = _("bids a province card (pays nothing, comes after every chest bid)")
        elif b["kind"] == "zero":
            what = _("bids the 0-chest card (after the province cards)")
        else:
            what = _("has no card to bid (comes last)")
        lines.append(f"{player_name(b['player'])}: {what}")
    for tie in e["ties"]:
        lines.append(_("Equal bids: {players} shuffle their daimyo cards.").format(players=", ".join(player_name(p) for p in tie)))
    lines.append(_("They choose their places in this order: {order}.").format(order=", ".join(player_name(p) for p in e["pick_order"])))
    return Explanation(_("Bids are revealed"), lines, "phase")


@renders("order.pick_place")
def _pick(e):
    return Explanation(
        _("{player} takes place {place} and the special card {special}").format(
            player=player_name(e["player"]), place=e["place"], special=terms.special_name(e["special"])),
        [terms.special_text(e["special"])],
    )


@renders("order.turn_order")
def _turn_order(e):
    return Explanation(
        _("Turn order this round: {order}").format(order=", ".join(player_name(p) for p in e["turn_order"])), [], "phase")


@renders("action.reveal")
def _reveal(e):
    return Explanation(
        _("Action {position}: {action}").format(position=e["position"], action=terms.action_name(e["action"])),
        [terms.action_text(e["action"])],
        "phase",
    )


@renders("round.end")
def _round_end(e):
    return Explanation(_("The round ends: province cards go back to hand, special cards back to the board"), [], "phase")


# --- actions --------------------------------------------------------------------------

_LAPSE = {
    "province_lost": lambda e: _("{province} no longer belongs to {player}.").format(province=e["province"], player=player_name(e["player"])),
    "not_enough_chests": lambda e: _("It costs {cost} but the war chest holds {chests}.").format(cost=_chests(e["cost"]), chests=_chests(e["chests"])),
    "not_enough_armies": lambda e: _("It needs {needed} but only {supply} are left in the supply.").format(needed=_armies(e["needed"]), supply=e["supply"]),
    "already_built": lambda e: _("Each kind of building stands at most once in a province."),
    "no_free_slot": lambda e: _("All {slots} building slots of {province} are used.").format(slots=e["slots"], province=e["province"]),
    "no_building_left": lambda e: _("No building of that kind is left in the box."),
    "no_move_possible": lambda e: _("{province} has {armies}: at least one must stay, so no battle or move is possible.").format(province=e["province"], armies=_armies(e["armies"])),
    "revolt_lost": lambda e: _("The revolt was not put down, so there is no income."),
}


@renders("action.lapsed")
def _lapsed(e):
    return Explanation(
        _("{player}'s action '{action}' in {province} lapses").format(
            player=player_name(e["player"]), action=terms.action_name(e["action"]), province=e["province"]),
        [_LAPSE[e["reason"]](e)],
        "lapsed",
    )


@renders("action.build")
def _build(e):
    return Explanation(
        _("{player} builds in {province}: {building}").format(
            player=player_name(e["player"]), building=terms.building_name(e["building"]), province=e["province"]),
        [
            _("Cost: {cost}; {chests} left.").format(cost=_chests(e["cost"]), chests=_chests(e["chests"])),
            _("Building slots used: {used} of {slots}.").format(used=e["used_slots"], slots=e["slots"]),
        ],
    )


@renders("event.theater_removes_unrest")
def _theater_unrest(e):
    return Explanation(
        _("The event removes an unrest marker in {province}").format(province=e["province"]),
        [_("Unrest markers left: {n}.").format(n=e["unrest"])],
    )


def _steps(e, unit: Callable[[int], str]) -> list[str]:
    lines = []
    for st in e["steps"]:
        if st["by"] == "event":
            if st.get("rule") == "max":
                rule = _("at most {n}").format(n=st["limit"])
            elif st.get("rule") == "min":
                rule = _("at least {n}").format(n=st["limit"])
            else:
                rule = terms.event_text(st["event"])
            lines.append(_("Event card {number} ({name}): {rule} → {value}.").format(
                number=st["event"], name=terms.event_name(st["event"]), rule=rule, value=st["value"]))
        else:
            lines.append(_("Special card {name} → {value}.").format(name=terms.special_name(st["special"]), value=st["value"]))
    return lines


@renders("action.income")
def _income(e):
    tax = e["action"] == "tax"
    unit = _chests if tax else _rice
    title = (_("{player} collects tax in {province}: {amount}") if tax else _("{player} collects rice in {province}: {amount}")).format(
        player=player_name(e["player"]), province=e["province"], amount=unit(e["amount"]))
    lines = [_("{province} yields {base}.").format(province=e["province"], base=e["base"])]
    lines += _steps(e, unit)
    if e["steps"]:
        lines.append(_("First the event card, then the special card."))
    lines.append(_("An unrest marker is added: now {n}.").format(n=e["unrest"]))
    return Explanation(title, lines)


@renders("action.armies")
def _armies_event(e):
    lines = [_("The action gives {base}.").format(base=_armies(e["base"]))] if e["steps"] else []
    lines += _steps(e, _armies)
    lines.append(_("{province} now holds {armies}; cost {cost}.").format(
        province=e["province"], armies=_armies(e["armies"]), cost=_chests(e["cost"])))
    return Explanation(
        _("{player} places {armies} in {province}").format(player=player_name(e["player"]), armies=_armies(e["placed"]), province=e["province"]),
        lines,
    )


@renders("move.armies")
def _move(e):
    return Explanation(
        _("{player} moves {armies} from {source} to {target}").format(
            player=player_name(e["player"]), armies=_armies(e["armies"]), source=e["province"], target=e["target"]),
        [_("{source} keeps {left}; {target} now holds {now}.").format(
            source=e["province"], left=_armies(e["left"]), target=e["target"], now=_armies(e["now"]))],
    )


@renders("move.none")
def _no_move(e):
    return Explanation(_("{player} does not move from {province}").format(player=player_name(e["player"]), province=e["province"]))


# --- battles ----------------------------------------------------------------------------


def battle_lines(kind: str, attacker: int | None, defender: int | None, came_out: dict, verdict: dict, province: str) -> list[str]:
    """Who the farmers fought for, the count, the verdict and the losses, as sentences."""
    a_name, d_name = player_name(attacker), (player_name(defender) if defender is not None else _("the farmers"))
    lines = []
    parts = []
    if came_out.get("attacker"):
        parts.append(f"{_armies(came_out['attacker'])} ({a_name})")
    if came_out.get("defender"):
        parts.append(f"{_armies(came_out['defender'])} ({d_name})")
    if came_out.get("farmers"):
        parts.append(_farmers(came_out["farmers"]))
    if came_out.get("others"):
        parts.append(ngettext("{n} cube of other players", "{n} cubes of other players", came_out["others"]).format(n=came_out["others"]))
    lines.append(_("Out of the tower came: {cubes}.").format(cubes=", ".join(parts) if parts else _("nothing")))
    side = verdict["farmers_side"]
    if came_out.get("farmers") or side == "attacker":
        if kind == "revolt":
            lines.append(_("In a revolt every farmer that comes out fights against the player."))
        elif kind == "neutral":
            lines.append(_("The farmers defend the neutral province."))
        elif side == "defender":
            lines.append(_("{province} has no unrest marker, so the farmers fight for the defender.").format(province=province))
        else:
            lines.append(_("{province} has unrest markers, so the farmers do not help the defender; they stay in the tray.").format(province=province))
    if came_out.get("others"):
        lines.append(_("Cubes of other players are not counted and stay in the tray."))
    lines.append(_("Count: {attacker} {a} : {d} {defender}.").format(
        attacker=a_name, a=verdict["attacker_total"], d=verdict["defender_total"], defender=d_name))
    outcome = verdict["outcome"]
    if outcome == "draw":
        if verdict["draw_reason"] == "only_farmers_for_defender":
            lines.append(_("Only farmers came out for the defender, who would have won: the battle counts as a draw."))
        else:
            lines.append(_("Equal counts: a draw."))
        lines.append(_("A draw clears {province}: all armies of both sides go back, buildings and unrest markers are removed, the card returns to the supply.").format(province=province))
        return lines
    winner = a_name if outcome == "attacker" else d_name
    loser_total = verdict["defender_total"] if outcome == "attacker" else verdict["attacker_total"]
    lines.append(_("{winner} wins.").format(winner=winner))
    lines.append(_("The loser's cubes go back to the supply; the winner loses as many as the loser had: {n}.").format(n=loser_total))
    if verdict["winner_farmers_lost"]:
        lines.append(_("Farmers are taken first: {farmers}, then {armies}.").format(
            farmers=_farmers(verdict["winner_farmers_lost"]), armies=_armies(verdict["winner_armies_lost"])))
    winner_seat = attacker if outcome == "attacker" else defender
    if winner_seat is None:
        if kind == "revolt":
            lines.append(_("The revolt succeeds: {province} is cleared and becomes neutral.").format(province=province))
        else:
            lines.append(_("{province} stays neutral; the farmers go back to their supply.").format(province=province))
    else:
        n = verdict["survivors"]
        lines.append(ngettext("{n} army of {winner} occupies {province}.", "{n} armies of {winner} occupy {province}.", n).format(
            n=n, winner=winner, province=province))
    return lines


@renders("battle.result")
def _battle(e):
    target = e["province"]
    if e["kind"] == "neutral":
        title = _("{player} attacks the neutral province {province} with {armies}").format(
            player=player_name(e["player"]), province=target, armies=_armies(e["moved"]))
    else:
        title = _("{player} attacks {defender} in {province} with {armies}").format(
            player=player_name(e["player"]), defender=player_name(e["defender"]), province=target, armies=_armies(e["moved"]))
    lines = []
    for x in e["extras"]:
        if x["by"] == "special":
            lines.append(_("Special card {name}: one more army of {player} into the tower.").format(
                name=terms.special_name(x["special"]), player=player_name(x["player"])))
        elif "farmers" in x:
            lines.append(_("Event card {number}: {farmers} defend.").format(number=x["event"], farmers=_farmers(x["farmers"])))
        else:
            lines.append(_("Event card {number}: the castle adds one army of {player}.").format(number=x["event"], player=player_name(x["player"])))
    th = e["thrown"]
    tray = ngettext("{n} cube", "{n} cubes", th["tray"]).format(n=th["tray"])
    if e["kind"] == "neutral":
        lines.append(_("Thrown in: {a}, {f} defending the province and {tray} from the tray.").format(
            a=_armies(th["attacker"]), f=_farmers(th["farmers"]), tray=tray))
    else:
        lines.append(_("Thrown in: {a} and {d}, {f} and {tray} from the tray.").format(
            a=_armies(th["attacker"]), d=_armies(th["defender"]), f=_farmers(th["farmers"]), tray=tray))
    lines += battle_lines(e["kind"], e["player"], e["defender"], e["came_out"], e["verdict"], target)
    return Explanation(title, lines, "battle")


@renders("battle.revolt")
def _revolt(e):
    cause = {"tax": _("tax collected"), "rice": _("rice collected"), "winter": _("hunger in winter")}[e["cause"]]
    lines = [_("Cause: {cause}. Farmers: {unrest} for the unrest markers + {extra} from the winter table = {farmers}.").format(
        cause=cause, unrest=e["farmers_from_unrest"], extra=e["extra_farmers"], farmers=e["farmers"])]
    th = e["thrown"]
    lines.append(_("Thrown in: {d} of {player}, {f} and {tray} from the tray.").format(
        d=_armies(th["defender"]), player=player_name(e["player"]), f=_farmers(th["farmers"]),
        tray=ngettext("{n} cube", "{n} cubes", th["tray"]).format(n=th["tray"])))
    came = {"attacker": 0, "defender": e["came_out"]["defender"], "farmers": e["came_out"]["farmers"], "others": e["came_out"]["others"]}
    lines += battle_lines("revolt", None, e["player"], came, e["verdict"], e["province"])
    return Explanation(_("The farmers of {province} rise against {player}").format(province=e["province"], player=player_name(e["player"])), lines, "battle")


# --- winter and scoring -----------------------------------------------------------------------


@renders("winter.rice")
def _winter_rice(e):
    lines = [
        _("Rice {before} − {loss} (event card {event}) = {rice}.").format(before=e["rice_before"], loss=e["loss"], event=e["event"], rice=e["rice"]),
        _("{n} provinces need one rice each.").format(n=e["provinces"]),
    ]
    if e["shortfall"]:
        lines.append(_("Short by {short}: {revolts} in revolt, each with {extra} extra.").format(
            short=e["shortfall"], revolts=ngettext("{n} province", "{n} provinces", e["revolts"]).format(n=e["revolts"]),
            extra=_farmers(e["extra_farmers"])))
    else:
        lines.append(_("Enough rice: no revolt."))
    return Explanation(_("Winter: {player} feeds the provinces").format(player=player_name(e["player"])), lines, "phase")


@renders("winter.revolts_drawn")
def _revolts_drawn(e):
    return Explanation(
        _("{left} draws blindly from {player}'s province cards: {provinces}").format(
            left=player_name(e["drawn_by"]), player=player_name(e["player"]), provinces=", ".join(e["provinces"])),
        [_("The player decides in which order these revolts are fought.")] if len(e["provinces"]) > 1 else [],
    )


@renders("winter.revolt_void")
def _revolt_void(e):
    return Explanation(_("{province} was already lost this winter: no revolt there").format(province=e["province"]))


def scoring_lines(players: list[dict], regions: dict) -> list[str]:
    lines = []
    for p in players:
        lines.append(_("{player}: {provinces} for provinces + {buildings} for buildings + {majority} for majorities = {total}.").format(
            player=player_name(p["seat"]), provinces=p["provinces"], buildings=p["buildings"], majority=p["majority_points"], total=p["total"]))
    for region, types in sorted(regions.items()):
        for b, r in types.items():
            if not r["winners"]:
                continue
            who = ", ".join(player_name(s) for s in r["winners"])
            if r["tie"]:
                text = _("{region}, {buildings}: tie between {who} ({counts}) → {points} each (one less for a tie).")
            else:
                text = _("{region}, {buildings}: most by {who} ({counts}) → {points}.")
            lines.append(text.format(region=terms.region_name(region), buildings=terms.building_name(b), who=who,
                                     counts=", ".join(str(c) for c in r["counts"]), points=r["points"]))
    return lines


@renders("winter.scoring")
def _scoring(e):
    return Explanation(
        _("Scoring of year {year}").format(year=e["year"]),
        scoring_lines(e["players"], e["regions"]) + [_("Points so far: {points}.").format(
            points=", ".join(f"{player_name(i)} {p}" for i, p in enumerate(e["points"])))],
        "scoring",
    )


@renders("year.end")
def _year_end(e):
    return Explanation(_("End of year {year}: unrest markers are removed, rice goes back to 0, four new event cards").format(year=e["year"]), [], "phase")


@renders("game.end")
def _game_end(e):
    names = ", ".join(player_name(w) for w in e["winners"])
    lines = [f"{player_name(i)}: " + _("{points} points, {chests}").format(points=p, chests=_chests(c))
             for i, (p, c) in enumerate(zip(e["points"], e["chests"]))]
    top = max(e["points"])
    if sum(1 for p in e["points"] if p == top) > 1:
        lines.append(_("Equal points: the most chests decide."))
    return Explanation(_("The game is over: {winners} becomes Shogun").format(winners=names), lines, "scoring")
