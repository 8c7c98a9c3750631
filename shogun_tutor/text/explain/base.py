"""The base game's events: the set-up, the draft, the year and its rounds, planning, bids and turn order, the actions."""

from __future__ import annotations

from ...i18n import _, format_list, ngettext
from .. import terms
from .core import Explanation, player_name, players, province, provinces, renders

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
    if n == 2:  # "both", never "all 2" (beide, begge, oba)
        return _("Both building slots of {province} are used.").format(province=province(e["province"]))
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
