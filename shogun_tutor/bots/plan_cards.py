"""The cards of a plan once its actions are chosen: the court fields (Tennō's Court), the bid it means,
and the fillers on the fields nobody wanted (the other chest cards first, then spare provinces where harmless).
"""

from __future__ import annotations

from ..data import BUILDINGS, COMPONENTS
from . import expansion as expansion_bot
from ..rules.state import PLAN_FIELDS, chest_card, chest_value
from .base import Reason, card_province, node_data
from .plan_types import ARMY_ACTIONS, BATTLE_ACTIONS, INCOME_ACTIONS, MAX_CHEST_CARD, Plan, Season, reduced_by
from .values import COST, _best_special, _worst_case_balance


def cover_fields(ss: Season, used: dict[str, str], reasons: dict[str, Reason], tax_income: int) -> Plan:
    s, st, nodes = ss.state, ss.style, node_data(ss.game.graph)
    pl = ss.player
    card = ss.card
    fields = tuple(s.rules.plan_fields(s, ss.seat)) if s.rules.expansions else PLAN_FIELDS
    cards: dict[str, str | None] = {f: card[p] for f, p in used.items()}
    extra_cards = list(s.rules.plan_cards(s, ss.seat)) if s.rules.expansions else []
    court = court_fields(ss, used, fields)
    for f, (c, reason) in court.items():
        cards[f] = c
        reasons[f] = reason
    spare_provs = [p for p in ss.provs if p not in used.values() and card[p] not in cards.values()]
    balance = _worst_case_balance(used, ss.open_cards, pl.chests, tax_income)
    plan = Plan()
    plan.special_values = special_values(ss, used)
    vals = sorted(plan.special_values.values(), reverse=True)
    spread = vals[0] - vals[len(vals) // 2] if vals else 0.0
    bid_chests = 0 if st.bid is None else min(st.bid, pl.chests, MAX_CHEST_CARD)
    bid_card: str | None
    if st.bid is not None and bid_chests > 0 and balance >= bid_chests:
        bid_card = chest_card(bid_chests)
        reasons["bid"] = Reason("bid_chests", chests=bid_chests, special=_best_special(plan.special_values),
                                value=round(spread, 1))
    elif ss.last_round and balance >= 1:
        n = min(balance, MAX_CHEST_CARD)
        bid_card = chest_card(n)
        reasons["bid"] = Reason("bid_last_round", chests=n)
    elif spread >= 1.0 and balance >= 1 and spread * 0.6 > ss.cv:
        n = 2 if spread >= 2.2 and balance >= 4 else 1
        bid_card = chest_card(n)
        reasons["bid"] = Reason("bid_chests", chests=n, special=_best_special(plan.special_values),
                                value=round(spread, 1))
    elif spare_provs:
        p = min(spare_provs, key=lambda q: (nodes[q]["tax"] + nodes[q]["rice"], q))
        bid_card = card[p]
        spare_provs.remove(p)
        reasons["bid"] = Reason("bid_province", province=p)
    else:
        bid_card = chest_card(0)
        reasons["bid"] = Reason("bid_zero")
    cards["bid"] = bid_card

    # cover every field left: the other chest cards first, then spare province cards where harmless
    fillers = [chest_card(n) for n in COMPONENTS.war_chest_cards if chest_card(n) != bid_card]
    empty = [f for f in fields if f not in cards]
    total_cards = len(ss.provs) + len(COMPONENTS.war_chest_cards) + len(extra_cards)
    allowed_empty = max(0, len(fields) - total_cards)
    must_cover = len(empty) - allowed_empty
    spare_extras = [c for c in extra_cards if c not in cards.values()]
    extra_provs = max(0, must_cover - len(fillers) - len(spare_extras))
    bid_value = chest_value(bid_card) or 0
    for _ in range(extra_provs):  # spare provinces where they do least harm (or some good)
        best_fill = None
        for f in empty:
            if cards.get(f) is not None or f not in PLAN_FIELDS:
                continue
            for p in spare_provs:
                v = filler_value(ss, f, p, used, tax_income, bid_value)
                if best_fill is None or v > best_fill[0]:
                    best_fill = (v, f, p)
        if best_fill is None:
            break
        _, f, p = best_fill
        used[f] = p
        cards[f] = card[p]
        spare_provs.remove(p)
        reasons[f] = filler_reason(ss, f, p, used, tax_income, bid_value)
    covered = 0
    order = list(fields)
    if ss.last_round and "tax" in order:  # a chest card on the tax: chests after the spending score nothing
        order.remove("tax")
        order.insert(0, "tax")
    for f in order:
        if f in cards:
            continue
        if fillers and covered < must_cover:
            cards[f] = fillers.pop(0)
            reasons[f] = Reason("filler_chest")
        elif spare_extras and covered < must_cover:  # a tower card on a field nobody wanted converts nothing
            cards[f] = spare_extras.pop()
            reasons[f] = Reason("filler_chest")
        elif spare_provs and covered < must_cover:  # no chest card left: the spare province doing least harm there
            p = max(spare_provs, key=lambda q: (filler_value(ss, f, q, used, tax_income, bid_value), q)) \
                if f in PLAN_FIELDS else spare_provs[0]
            spare_provs.remove(p)
            cards[f] = card[p]
            reasons[f] = filler_reason(ss, f, p, used, tax_income, bid_value) if f in PLAN_FIELDS else \
                Reason("filler_province", province=p)
        else:
            cards[f] = None
            reasons[f] = Reason("empty_field")
            continue
        covered += 1
    plan.cards = cards
    plan.reasons = reasons
    return plan


def court_fields(ss: Season, used: dict[str, str], fields) -> dict[str, tuple[str, Reason]]:
    """Tennō's Court: convert armies into officials where a province can spare them, or from the tray."""
    if not any(f.startswith("court") for f in fields):
        return {}
    s = ss.state
    free = {p for p in ss.provs if p not in used.values()}
    planned = expansion_bot.court_plan(ss.game, ss.seat, free, ss.card)
    out: dict[str, tuple[str, Reason]] = {}
    for f in sorted(planned):
        c = planned[f]
        if c is None:
            continue
        armies = int(f[len("court"):])
        if c in ss.card.values():  # a province card (else a tower card: armies from the tray)
            p = card_province(c)
            out[f] = (c, Reason("court_province", province=p, armies=armies, have=s.provinces[p].armies,
                                threat=ss.threats.get(p, 0)))
            used[f] = p
        else:
            out[f] = (c, Reason("court_tray", armies=armies))
    return out


def filler_value(ss: Season, f: str, p: str, used: dict[str, str], tax_income: int, bid: int) -> float:
    """How good (or harmless) a spare province card is on an action field nobody wanted."""
    s, nodes, adj, seat = ss.state, node_data(ss.game.graph), ss.game.graph.adj, ss.seat
    pl = ss.player
    pv = s.provinces[p]
    if f in BUILDINGS or f in ARMY_ACTIONS:
        if _worst_case_balance({**used, f: p}, ss.open_cards, pl.chests - bid, tax_income) < 0:
            return -5.0  # would lapse for lack of chests
        if f in ss.amounts and pl.supply < sum(ss.amounts[a] for a in ARMY_ACTIONS if a in used or a == f):
            return -4.0
        if f in BUILDINGS and (f in pv.buildings or len(pv.buildings) >= nodes[p]["building_slots"]):
            return -0.5  # lapses, but costs nothing
        return 0.5 - COST[f] * 0.2
    if f in INCOME_ACTIONS:
        if f == "tax" and ss.last_round:
            return -6.0  # chests that come too late to be spent
        return 0.6 if pv.unrest == 0 else -3.0 * pv.unrest + 0.1 * pv.armies
    if f in BATTLE_ACTIONS:
        if pv.armies < 2:
            return 0.2  # one army: nothing can move, nothing lost
        if any(s.provinces[n].owner == seat for n in adj[p]):
            return 0.1  # an own neighbour: the action can be carried out as a move, never a forced battle
        return -9.0  # the card would force a battle nobody planned (issue 21): never a filler there
    return 0.0


def filler_reason(ss: Season, f: str, p: str, used: dict[str, str], tax_income: int, bid: int) -> Reason:
    """What a spare province card on field ``f`` will really do, said as a beginner needs it (issue 21: "a spare
    card, put where it does least harm" was said of cards that build or buy for 1-3 chests)."""
    s, nodes, adj, seat, pl = ss.state, node_data(ss.game.graph), ss.game.graph.adj, ss.seat, ss.player
    pv = s.provinces[p]
    if f in BUILDINGS or f in ARMY_ACTIONS:
        paid = _worst_case_balance({**used, f: p}, ss.open_cards, pl.chests - bid, tax_income) >= 0
        if f in BUILDINGS and paid and f not in pv.buildings and len(pv.buildings) < nodes[p]["building_slots"] \
                and s.buildings_left[f] > 0:
            return Reason("filler_build", province=p, building=f, cost=COST[f])
        if f in ARMY_ACTIONS and paid and pl.supply >= ss.amounts.get(f, 0):
            return Reason("filler_armies", province=p, armies=ss.amounts.get(f, 0), cost=COST[f], **reduced_by(ss, f))
        return Reason("filler_lapse", province=p)
    if f in ("tax", "rice") and pv.unrest == 0:
        return Reason("filler_tax" if f == "tax" else "filler_rice", province=p)
    if f in BATTLE_ACTIONS:
        if pv.armies < 2 or any(s.provinces[n].owner == seat for n in adj[p]):
            return Reason("filler_move", province=p, armies=pv.armies)
    return Reason("filler_province", province=p)


def special_values(ss: Season, used: dict[str, str]) -> dict[str, float]:
    """What each special card is worth to this plan (the place pick and the bid follow it)."""
    s, seat = ss.state, ss.seat
    gap = ss.harvest.gap
    vals = {}
    for sp in COMPONENTS.special_cards:
        if sp == "chest_plus1":
            v = 0.5 if "tax" in used else 0.0
        elif sp == "rice_plus1":
            # one more rice: worth most when the winter would otherwise be short
            v = (2.4 if gap > -1 else 0.2) if "rice" in used else 0.0
        elif sp == "six_armies":
            v = 0.5 if "armies5" in used and s.players[seat].supply > ss.amounts["armies5"] else 0.0
        elif sp == "attack_plus1":
            v = 0.6 * sum(1 for f in BATTLE_ACTIONS if f in used)
        elif sp == "defense_plus1":
            v = min(1.0, 0.15 * sum(1 for p, t in ss.threats.items() if t >= s.provinces[p].armies))
        else:  # a special card this bot does not know: no value
            v = 0.0
        vals[sp] = v
    return vals


__all__ = ["court_fields", "cover_fields", "filler_reason", "filler_value", "special_values"]
