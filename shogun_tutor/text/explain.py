"""Explanation events from the game log, told in the current language with their numbers.

The rules core writes structured events (``rule``, ``player``, ``province`` and
numbers); this module turns each into a headline and detail lines. Every rule id
the engine writes has a renderer (a test checks that against real games).

Every sentence is one gettext message: placeholders carry numbers and names
(players, provinces, cards) only; a count selects the message with ``ngettext``;
a player named in an object position takes the grammatical case the sentence
needs (:func:`terms.colour_name`); "the farmers" are never a name but words of
their own messages; lists of names are joined with :func:`i18n.format_list`.

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
from ..i18n import _, format_list, format_number, ngettext
from . import terms


@dataclass
class Explanation:
    title: str
    lines: list[str] = field(default_factory=list)
    kind: str = "info"  # info, battle, scoring, phase, lapsed


def player_name(seat: int, case: str = "nominative") -> str:
    """A player's colour as a name, in the grammatical ``case`` the sentence needs (see :func:`terms.colour_name`)."""
    if seat is None:
        raise ValueError("the farmers are not a player: use the sentence written for them")
    return terms.colour_name(COMPONENTS.colours[seat], case)


def province(name: str) -> str:
    return terms.province_name(name)


def provinces(names) -> str:
    return format_list([terms.province_name(n) for n in names])


def players(seats, case: str = "nominative") -> str:
    return format_list([player_name(s, case) for s in seats])


def winner_headline(seat: int | None) -> str:
    """A battle's headline verdict: "Blue wins" or "The farmers win"."""
    return _("The farmers win") if seat is None else _("{player} wins").format(player=player_name(seat))


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
    n = e["players"]
    if e["side"] == "sun":
        title = ngettext("A new game for {n} player on the sun side", "A new game for {n} players on the sun side", n)
    else:
        title = ngettext("A new game for {n} player on the moon side", "A new game for {n} players on the moon side", n)
    ex = Explanation(
        title.format(n=n),
        [
            ngettext("Each player starts with {n} chest.", "Each player starts with {n} chests.", e["chests"]).format(n=e["chests"]),
            ngettext("Each player has {n} army.", "Each player has {n} armies.", e["armies"]).format(n=e["armies"]),
        ],
        "phase",
    )
    if e.get("excluded"):
        ex.lines.append(_("With three players these provinces are out of play: {provinces}.").format(provinces=provinces(e["excluded"])))
        if e.get("excluded_status") == "ASSUMED":
            ex.lines.append(_("⚠ assumed: no source was found for this list of provinces; it is a documented assumption."))
    return ex


@renders("setup.beginner")
def _setup_beginner(e):
    return Explanation(
        _("{player} takes the beginner set-up {letter}").format(player=player_name(e["player"]), letter=e["letter"]),
        [format_list([ngettext("{province}: {n} army", "{province}: {n} armies", a).format(province=province(p), n=a)
                      for p, a in e["provinces"]])],
        "phase",
    )


@renders("setup.tower_fill")
def _tower_fill(e):
    out = e["came_out"]
    total_out = sum(out.values())
    thrown = e["thrown"]
    a, f, inside = thrown["armies_each"], thrown["farmers"], e["stayed_inside"]
    return Explanation(
        _("The tower is filled"),
        [
            ngettext("Each player throws {n} army into the tower.", "Each player throws {n} armies into the tower.", a).format(n=a),
            ngettext("{n} farmer is thrown in with them.", "{n} farmers are thrown in with them.", f).format(n=f),
            ngettext("{n} cube fell out and goes back to its supply.", "{n} cubes fell out and go back to their supplies.", total_out).format(n=total_out),
            ngettext("{n} cube stays inside the tower.", "{n} cubes stay inside the tower.", inside).format(n=inside),
        ],
        "phase",
    )


@renders("claim.province")
def _claim(e):
    n = e["armies"]
    return Explanation(
        ngettext("{player} claims {province} with {n} army", "{player} claims {province} with {n} armies", n).format(
            player=player_name(e["player"]), province=province(e["province"]), n=n),
        [_("The card was taken from the deck.") if e["source"] == "deck" else _("The card was taken face up.")],
    )


@renders("claim.redraw")
def _redraw(e):
    return Explanation(
        _("{player} is offered the same two cards again and replaces them").format(player=player_name(e["player"])),
        [_("Under the deck: {old}. New: {new}.").format(old=provinces(e["replaced"]), new=provinces(e["new"]))],
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
        _("Event card {number}: {name}. Rice lost in winter: {loss}.").format(number=n, name=terms.event_name(n), loss=loss)
        for n, loss in zip(e["events"], e["winter_losses"])
    ]
    lines.append(_("One of them is drawn each season; the card left over sets the rice lost in winter."))
    return Explanation(_("Year {year}: four event cards are turned face up").format(year=e["year"]), lines, "phase")


_SEASON_BEGINS = {
    "spring": lambda year: _("Spring of year {year} begins").format(year=year),
    "summer": lambda year: _("Summer of year {year} begins").format(year=year),
    "autumn": lambda year: _("Autumn of year {year} begins").format(year=year),
    "winter": lambda year: _("Winter of year {year} begins").format(year=year),
}


@renders("round.start")
def _round_start(e):
    return Explanation(
        _SEASON_BEGINS[e["season"]](e["year"]),
        [
            _("Open action cards, in order: {actions}; five more stay hidden.").format(
                actions=format_list([terms.action_name(a) for a in e["open_actions"]])),
            _("Special cards on the places 1 to 5: {specials}.").format(
                specials=format_list([terms.special_name(s) for s in e["specials"]])),
        ],
        "phase",
    )


def plan_field_name(f: str) -> str:
    """The name of a plan field: an action card, the bid, or a court field of Tennō's Court."""
    if f == "bid":
        return _("Bid")
    if f.startswith("court"):  # Tennō's Court: court3 / court2 / court1
        n = int(f[-1])
        return ngettext("Court field for {n} army", "Court field for {n} armies", n).format(n=n)
    return terms.action_name(f)


@renders("plan.done")
def _plan_done(e):
    ex = Explanation(_("{player} has planned in secret").format(player=player_name(e["player"])))
    if e["empty_fields"]:
        ex.lines.append(_("Too few cards: fields left empty: {fields}.").format(
            fields=format_list([plan_field_name(f) for f in e["empty_fields"]])))
    return ex


@renders("round.event")
def _round_event(e):
    return Explanation(
        _("This round's event: {name}").format(name=terms.event_name(e["event"])),
        [terms.event_text(e["event"])],
        "phase",
    )


def _bid_line(b) -> str:
    who = player_name(b["player"])
    if b["kind"] == "chests":
        n = b["chests"]
        return ngettext("{player} bids {n} chest and pays it.", "{player} bids {n} chests and pays them.", n).format(player=who, n=n)
    if b["kind"] == "province":
        return _("{player} bids a province card: pays nothing, comes after every bid of 1 chest or more "
                 "and before the 0-chest card.").format(player=who)
    if b["kind"] == "zero":
        return _("{player} bids the 0-chest card: comes after the province cards.").format(player=who)
    return _("{player} has no card to bid and comes last.").format(player=who)


@renders("order.bids")
def _bids(e):
    lines = [_bid_line(b) for b in e["bids"]]
    for tie in e["ties"]:
        lines.append(_("Equal bids: {players} shuffle their daimyo cards.").format(players=players(tie)))
    lines.append(_("They choose their places in this order: {order}.").format(order=players(e["pick_order"])))
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
    return Explanation(_("Turn order this round: {order}").format(order=players(e["turn_order"])), [], "phase")


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


def _no_free_slot(e):
    n = e["slots"]
    return ngettext("The only building slot of {province} is used.", "All {n} building slots of {province} are used.", n).format(
        n=n, province=province(e["province"]))


_LAPSE = {
    "province_lost": lambda e: _("{player} no longer holds {province}.").format(province=province(e["province"]), player=player_name(e["player"])),
    "not_enough_chests": lambda e: ngettext(
        "It costs {n} chest, but the war chest holds only {chests}.", "It costs {n} chests, but the war chest holds only {chests}.",
        e["cost"]).format(n=e["cost"], chests=e["chests"]),
    "not_enough_armies": lambda e: ngettext(
        "It needs {n} army, but the supply holds only {supply}.", "It needs {n} armies, but the supply holds only {supply}.",
        e["needed"]).format(n=e["needed"], supply=e["supply"]),
    "already_built": lambda e: _("Each kind of building stands at most once in a province."),
    "no_free_slot": _no_free_slot,
    "no_building_left": lambda e: _("No building of that kind is left in the box."),
    "no_move_possible": lambda e: ngettext(
        "{province} has {n} army: at least one must stay, so no battle or move is possible.",
        "{province} has {n} armies: at least one must stay, so no battle or move is possible.",
        e["armies"]).format(province=province(e["province"]), n=e["armies"]),
    "revolt_lost": lambda e: _("The revolt was not put down, so there is no income."),
}


@renders("action.lapsed")
def _lapsed(e):
    return Explanation(
        _("{player} cannot carry out the action '{action}' in {province}").format(
            player=player_name(e["player"]), action=terms.action_name(e["action"]), province=province(e["province"])),
        [_LAPSE[e["reason"]](e)],
        "lapsed",
    )


_BUILDS = {
    "castle": lambda **kw: _("{player} builds a castle in {province}").format(**kw),
    "temple": lambda **kw: _("{player} builds a temple in {province}").format(**kw),
    "theater": lambda **kw: _("{player} builds a Nō theater in {province}").format(**kw),
}


@renders("action.build")
def _build(e):
    return Explanation(
        _BUILDS[e["building"]](player=player_name(e["player"]), province=province(e["province"])),
        [
            ngettext("It costs {n} chest.", "It costs {n} chests.", e["cost"]).format(n=e["cost"]),
            _chests_left(e["chests"]),
            _("Building slots used: {used} of {slots}.").format(used=e["used_slots"], slots=e["slots"]),
        ],
    )


def _chests_left(n: int) -> str:
    return ngettext("{n} chest is left in the war chest.", "{n} chests are left in the war chest.", n).format(n=n)


def _unrest_now(n: int) -> str:
    return ngettext("The province now has {n} unrest marker.", "The province now has {n} unrest markers.", n).format(n=n)


@renders("event.theater_removes_unrest")
def _theater_unrest(e):
    return Explanation(
        _("The event removes an unrest marker in {province}").format(province=province(e["province"])),
        [_unrest_now(e["unrest"])],
    )


def _steps(e) -> list[str]:
    """The modifiers applied to an action's base amount, in order; a cap or floor that changed nothing says so."""
    lines, before = [], e["base"]
    for st in e["steps"]:
        if st["by"] == "event":
            kw = dict(number=st["event"], name=terms.event_name(st["event"]), limit=st.get("limit"), value=st["value"])
            unchanged = st["value"] == before
            if st.get("rule") == "max" and unchanged:
                lines.append(_("Event card {number} ({name}) allows at most {limit}: {value} is not more, so it stays.").format(**kw))
            elif st.get("rule") == "max":
                lines.append(_("Event card {number} ({name}): at most {limit} → {value}.").format(**kw))
            elif st.get("rule") == "min" and unchanged:
                lines.append(_("Event card {number} ({name}) gives at least {limit}: {value} is not less, so it stays.").format(**kw))
            elif st.get("rule") == "min":
                lines.append(_("Event card {number} ({name}): at least {limit} → {value}.").format(**kw))
            else:
                lines.append(_("Event card {number} ({name}) → {value}.").format(**kw))
        else:
            lines.append(_("Special card {name} → {value}.").format(name=terms.special_name(st["special"]), value=st["value"]))
        before = st["value"]
    return lines


def _both_modifiers(e) -> bool:
    """True when an event card and a special card both changed the amount (then their order matters)."""
    return {st["by"] for st in e["steps"]} >= {"event", "special"}


@renders("action.income")
def _income(e):
    n, who, where = e["amount"], player_name(e["player"]), province(e["province"])
    if e["action"] == "tax":
        title = ngettext("{player} collects tax in {province}: {n} chest", "{player} collects tax in {province}: {n} chests", n)
    else:
        title = ngettext("{player} collects rice in {province}: {n} rice", "{player} collects rice in {province}: {n} rice", n)
    lines = [_("{province} yields {base}.").format(province=where, base=e["base"])]
    lines += _steps(e)
    if _both_modifiers(e):
        lines.append(_("First the event card, then the special card."))
    lines.append(_("An unrest marker is added."))
    lines.append(_unrest_now(e["unrest"]))
    return Explanation(title.format(player=who, province=where, n=n), lines)


def _holds(where: str, n: int) -> str:
    return ngettext("{province} now holds {n} army.", "{province} now holds {n} armies.", n).format(province=where, n=n)


@renders("action.armies")
def _armies_event(e):
    where = province(e["province"])
    lines = [ngettext("The action gives {n} army.", "The action gives {n} armies.", e["base"]).format(n=e["base"])] if e["steps"] else []
    lines += _steps(e)
    lines.append(_holds(where, e["armies"]))
    lines.append(ngettext("It costs {n} chest.", "It costs {n} chests.", e["cost"]).format(n=e["cost"]))
    n = e["placed"]
    return Explanation(
        ngettext("{player} places {n} army in {province}", "{player} places {n} armies in {province}", n).format(
            player=player_name(e["player"]), n=n, province=where),
        lines,
    )


@renders("move.armies")
def _move(e):
    n, source, target = e["armies"], province(e["province"]), province(e["target"])
    return Explanation(
        ngettext("{player} moves {n} army from {source} to {target}", "{player} moves {n} armies from {source} to {target}", n).format(
            player=player_name(e["player"]), n=n, source=source, target=target),
        [ngettext("{province} keeps {n} army.", "{province} keeps {n} armies.", e["left"]).format(province=source, n=e["left"]),
         _holds(target, e["now"])],
    )


@renders("move.none")
def _no_move(e):
    return Explanation(_("{player} does not move from {province}").format(player=player_name(e["player"]), province=province(e["province"])))


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
                n=n, player=player_name(seat, "genitive")))
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
        who = player_name(winner_seat, "genitive")
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
            player=player_name(e["player"]), defender=player_name(e["defender"], "accusative"), province=target, n=n)
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
        province=province(e["province"]), player=player_name(e["player"], "dative")), lines, "battle")


# --- winter and scoring -----------------------------------------------------------------------


@renders("winter.rice")
def _winter_rice(e):
    n = e["provinces"]
    lines = [
        _("Rice {before} − {loss} (event card {event}) = {rice}.").format(before=e["rice_before"], loss=e["loss"], event=e["event"], rice=e["rice"]),
        ngettext("{n} province needs one rice.", "{n} provinces need one rice each.", n).format(n=n),
    ]
    if e["shortfall"]:
        short, revolts, extra = e["shortfall"], e["revolts"], e["extra_farmers"]
        lines.append(ngettext("Short by {n} rice.", "Short by {n} rice.", short).format(n=short))
        lines.append(ngettext("{n} province revolts.", "{n} provinces revolt.", revolts).format(n=revolts))
        lines.append(ngettext("Each revolt gets {n} extra farmer.", "Each revolt gets {n} extra farmers.", extra).format(n=extra))
    else:
        lines.append(_("Enough rice: no revolt."))
    return Explanation(_("Winter: {player} feeds the provinces").format(player=player_name(e["player"])), lines, "phase")


@renders("winter.revolts_drawn")
def _revolts_drawn(e):
    return Explanation(
        _("{left} draws blindly from the province cards of {player}: {provinces}").format(
            left=player_name(e["drawn_by"]), player=player_name(e["player"], "genitive"), provinces=provinces(e["provinces"])),
        [_("The player decides in which order these revolts are fought.")] if len(e["provinces"]) > 1 else [],
    )


@renders("winter.revolt_void")
def _revolt_void(e):
    return Explanation(_("{province} was already lost this winter: no revolt there").format(province=province(e["province"])))


_MAJORITY_LINES = {  # the count in words (issue 23: no bare tuple of every player's count)
    ("castle", False): lambda n, **kw: ngettext(
        "{region}: most castles: {who} with {n} castle → {points}.",
        "{region}: most castles: {who} with {n} castles → {points}.", n).format(n=n, **kw),
    ("temple", False): lambda n, **kw: ngettext(
        "{region}: most temples: {who} with {n} temple → {points}.",
        "{region}: most temples: {who} with {n} temples → {points}.", n).format(n=n, **kw),
    ("theater", False): lambda n, **kw: ngettext(
        "{region}: most Nō theaters: {who} with {n} Nō theater → {points}.",
        "{region}: most Nō theaters: {who} with {n} Nō theaters → {points}.", n).format(n=n, **kw),
    ("castle", True): lambda n, **kw: ngettext(
        "{region}: most castles, tie between {who} with {n} castle each → {points} each (one less for a tie).",
        "{region}: most castles, tie between {who} with {n} castles each → {points} each (one less for a tie).",
        n).format(n=n, **kw),
    ("temple", True): lambda n, **kw: ngettext(
        "{region}: most temples, tie between {who} with {n} temple each → {points} each (one less for a tie).",
        "{region}: most temples, tie between {who} with {n} temples each → {points} each (one less for a tie).",
        n).format(n=n, **kw),
    ("theater", True): lambda n, **kw: ngettext(
        "{region}: most Nō theaters, tie between {who} with {n} Nō theater each → {points} each (one less for a tie).",
        "{region}: most Nō theaters, tie between {who} with {n} Nō theaters each → {points} each (one less for a "
        "tie).", n).format(n=n, **kw),
}


def scoring_lines(players_: list[dict], regions: dict) -> list[str]:
    lines = []
    for p in players_:
        lines.append(_("{player}: {provinces} for provinces + {buildings} for buildings + {majority} for majorities = {total}.").format(
            player=player_name(p["seat"]), provinces=p["provinces"], buildings=p["buildings"], majority=p["majority_points"], total=p["total"]))
    for region, types in sorted(regions.items()):
        for b, r in types.items():
            if not r["winners"]:
                continue
            lines.append(_MAJORITY_LINES[b, bool(r["tie"])](
                region=terms.region_name(region), who=players(r["winners"]), n=r["counts"][r["winners"][0]],
                points=r["points"]))
    return lines


def _score_item(seat: int, points: int) -> str:
    return _("{player} {points}").format(player=player_name(seat), points=points)


@renders("winter.scoring")
def _scoring(e):
    return Explanation(
        _("Scoring of year {year}").format(year=e["year"]),
        scoring_lines(e["players"], e["regions"]) + [_("Points so far: {points}.").format(
            points=format_list([_score_item(i, p) for i, p in enumerate(e["points"])]))],
        "scoring",
    )


@renders("year.end")
def _year_end(e):
    return Explanation(_("End of year {year}: unrest markers are removed, rice goes back to 0, four new event cards").format(year=e["year"]), [], "phase")


@renders("game.end")
def _game_end(e):
    winners = e["winners"]
    lines = [_("{player}: points {points}, chests {chests}.").format(player=player_name(i), points=p, chests=c)
             for i, (p, c) in enumerate(zip(e["points"], e["chests"]))]
    top = max(e["points"])
    if sum(1 for p in e["points"] if p == top) > 1:
        lines.append(_("Equal points: the most chests decide."))
    title = ngettext("The game is over: {players} becomes Shogun", "The game is over: {players} share the title of Shogun", len(winners))
    return Explanation(title.format(players=players(winners)), lines, "scoring")


# --- Tennō's Court and Samurai (expansions) -------------------------------------------------------
# Amounts on privilege and samurai cards are INFERRED: every explanation that shows one adds the mark's sentence.

def _inferred(lines: list[str], provenance) -> list[str]:
    text = terms.provenance_text(provenance)
    return lines + [text] if text else lines


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


_GAINS = {
    "chests": (lambda n: ngettext("{player} gains {n} chest", "{player} gains {n} chests", n),
               lambda n: ngettext("{player} now has {n} chest.", "{player} now has {n} chests.", n)),
    "rice": (lambda n: ngettext("{player} gains {n} rice", "{player} gains {n} rice", n),
             lambda n: ngettext("{player} now has {n} rice.", "{player} now has {n} rice.", n)),
    "victory_points": (lambda n: ngettext("{player} gains {n} victory point", "{player} gains {n} victory points", n),
                       lambda n: ngettext("{player} now has {n} victory point.", "{player} now has {n} victory points.", n)),
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


@renders("privilege.lapsed")
def _privilege_lapsed(e):
    if e["reason"] == "not_enough_armies":
        line = ngettext("Only {n} army is left in the supply.", "Only {n} armies are left in the supply.", e["supply"]).format(n=e["supply"])
    else:
        line = _("No province qualifies for it.")
    return Explanation(_("Privilege card {card} cannot be used").format(card=e["card"]),
                       _inferred([line, privilege_text(e["card"])], COMPONENTS.privilege_provenance), "lapsed")


@renders("samurai.setup")
def _samurai_setup(e):
    return Explanation(_("Samurai is played"), _inferred([
        ngettext("Each player has a stack of {n} samurai card, the one with the blank flag on top.",
                 "Each player has a stack of {n} samurai cards, the one with the blank flag on top.", e["cards"]).format(n=e["cards"]),
        ngettext("After the turn order is set, whoever holds provinces in at least {n} region turns the top card under and takes one bonus.",
                 "After the turn order is set, whoever holds provinces in at least {n} regions turns the top card under and takes one bonus.",
                 e["min_regions"]).format(n=e["min_regions"]),
    ], COMPONENTS.samurai_provenance), "phase")


@renders("samurai.not_qualified")
def _samurai_not(e):
    n = e["regions"]
    return Explanation(ngettext("{player} holds provinces in only {n} region: no samurai bonus",
                                "{player} holds provinces in only {n} regions: no samurai bonus", n).format(player=player_name(e["player"]), n=n))


_SAMURAI_OPTIONS = {
    "chests": lambda n: ngettext("Option: {n} chest.", "Option: {n} chests.", n),
    "rice": lambda n: ngettext("Option: {n} rice.", "Option: {n} rice.", n),
    "armies_to_tray": lambda n: ngettext("Option: {n} army from the supply into the tray.", "Option: {n} armies from the supply into the tray.", n),
    "victory_points": lambda n: ngettext("Option: {n} victory point.", "Option: {n} victory points.", n),
}


def samurai_option_text(option: str, n: int) -> str:
    """One option of a samurai card as a sentence with its (inferred) amount."""
    return _SAMURAI_OPTIONS[option](n).format(n=n)


@renders("samurai.turn_card")
def _samurai_turn(e):
    n = e["regions"]
    lines = [_("Samurai card {card} is now on top.").format(card=e["top"])]
    lines += [samurai_option_text(o, a) for o, a in e["options"].items()]
    return Explanation(ngettext("{player} holds provinces in {n} region and turns a samurai card",
                                "{player} holds provinces in {n} regions and turns a samurai card", n).format(
        player=player_name(e["player"]), n=n), _inferred(lines, COMPONENTS.samurai_provenance))


_SAMURAI_BONUS = {
    "chests": lambda n: ngettext("{player} takes the samurai bonus: {n} chest", "{player} takes the samurai bonus: {n} chests", n),
    "rice": lambda n: ngettext("{player} takes the samurai bonus: {n} rice", "{player} takes the samurai bonus: {n} rice", n),
    "armies_to_tray": lambda n: ngettext("{player} takes the samurai bonus: {n} army into the tray",
                                         "{player} takes the samurai bonus: {n} armies into the tray", n),
    "victory_points": lambda n: ngettext("{player} takes the samurai bonus: {n} victory point",
                                         "{player} takes the samurai bonus: {n} victory points", n),
}


@renders("samurai.bonus")
def _samurai_bonus(e):
    who = player_name(e["player"])
    lines = [_GAINS[e["option"]][1](e["total"]).format(player=who, n=e["total"])] if e["option"] in _GAINS else []
    return Explanation(_SAMURAI_BONUS[e["option"]](e["amount"]).format(player=who, n=e["amount"]),
                       _inferred(lines, COMPONENTS.samurai_provenance))


@renders("samurai.reset")
def _samurai_reset(e):
    return Explanation(_("The samurai stacks are put back in order, the blank flag on top"), [], "phase")


def _card_armies(setup) -> int:
    """The armies the attacker's cards add from the supply (the move names only the armies moved)."""
    return sum(k for seat, k in setup.from_supply if seat == setup.attacker)


def odds_lines(setup, odds) -> tuple[str, str]:
    """The chances of a battle set-up (``rules.battle_setup.BattleSetup``) as (headline, note on the model)."""

    def percent(x: float) -> str:
        return format_number(round(x * 100))

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
                        n).format(n=n, extra=extra, win=percent(odds.win), draw=percent(odds.draw))
    elif setup.kind == "neutral":
        n = setup.attacker_armies
        text = ngettext("Attack a neutral province with {n} army: {win} % win, {draw} % draw.",
                        "Attack a neutral province with {n} armies: {win} % win, {draw} % draw.", n).format(
            n=n, win=percent(odds.win), draw=percent(odds.draw))
    else:
        # the armies the cards add from the supply are said apart: the move names only the armies moved
        extra = _card_armies(setup)
        n = setup.attacker_armies - extra
        if extra:
            text = ngettext("Attack with {n} army + {extra} from the cards against {defenders}: {win} % win, {draw} % draw.",
                            "Attack with {n} armies + {extra} from the cards against {defenders}: {win} % win, {draw} % draw.",
                            n).format(n=n, extra=extra, defenders=setup.defender_armies, win=percent(odds.win),
                                      draw=percent(odds.draw))
        else:
            text = ngettext("Attack with {n} army against {defenders}: {win} % win, {draw} % draw.",
                            "Attack with {n} armies against {defenders}: {win} % win, {draw} % draw.", n).format(
                n=n, defenders=setup.defender_armies, win=percent(odds.win), draw=percent(odds.draw))
    note = ngettext("Odds from {n} simulated throw on this tower as it is now.",
                    "Odds from {n} simulated throws on this tower as it is now.", odds.trials).format(n=format_number(odds.trials))
    return text, note
