"""The improved heuristic's season plan: what each action field is for, with its reason.

:func:`make_plan` runs at a seat's first plan decision of a round, in this order:

1. **income**: rice for the winter ahead (:mod:`.rice`), tax for the chests;
2. **every other action by value** (battles, armies, buildings), greedily while the war chest
   pays for them in the worst order the open action cards allow, and the army supply lasts;
3. **the cards** (:mod:`.plan_cards`): the court fields, the bid it means, the fillers.

The knobs of a plan are a :class:`Style` (the strong bot searches over variants).
"""

from __future__ import annotations

from ..data import BUILDINGS, COMPONENTS
from ..rules.game import Game
from .base import Reason, card_province, node_data
from .plan_cards import cover_fields
from .plan_types import ARMY_ACTIONS, BATTLE_ACTIONS, INCOME_ACTIONS, MAX_CHEST_CARD, SEASONS, Plan, Season, Style, reduced_by
from .rice import harvest_plan, loss_ahead
from .values import COST, ODDS_THRESHOLD, _attack_value, _building_value, _comes_before, _worst_case_balance, held_rice, shown_chance

def season_of(game: Game, seat: int, style: Style) -> Season:
    s = game.state
    nodes, adj = node_data(game.graph), game.graph.adj
    provs = sorted(card_province(c) for c in s.players[seat].hand)
    rounds_left = len(SEASONS) - SEASONS.index(s.season)
    last_round = s.year == COMPONENTS.years and rounds_left == 1
    effects = [COMPONENTS.event(e).effect for e in s.events_face_up]

    def threat(p: str) -> int:
        return max((s.provinces[n].armies for n in adj[p] if s.provinces[n].owner not in (None, seat)), default=0)

    amounts = {a: COMPONENTS.action_amounts[a] for a in ARMY_ACTIONS}
    if "armies_reduced" in effects:
        params = next(COMPONENTS.event(e).parameters for e in s.events_face_up
                      if COMPONENTS.event(e).effect == "armies_reduced")
        amounts = {a: min(v, params.get(a, v)) for a, v in amounts.items()}
    threats = {p: threat(p) for p in provs}
    return Season(game, seat, style, provs, {p: nodes[p]["card"] for p in provs}, rounds_left, last_round,
                  COMPONENTS.years - s.year + 1, 0.02 if last_round else style.chest_value, effects,
                  list(s.round.action_cards[:5]), threats, amounts,
                  harvest_plan(game, seat, provs, rounds_left, style.rice_margin))


def make_plan(game: Game, seat: int, style: Style) -> Plan:
    ss = season_of(game, seat, style)
    used: dict[str, str] = {}  # field -> province
    reasons: dict[str, Reason] = {}
    tax_income = _income(ss, used, reasons)
    options, battle_sources = _action_options(ss)
    _take_affordable(ss, options, used, reasons, tax_income)
    _rice_for_conquests(ss, used, reasons)
    pl = ss.player
    if ss.last_round and "tax" in used:
        without = {f: q for f, q in used.items() if f != "tax"}
        if _worst_case_balance(without, ss.open_cards, pl.chests, 0) >= \
                max(0, _worst_case_balance(used, ss.open_cards, pl.chests, tax_income)):
            del used["tax"]  # the last round's tax would only come after the spending: chests that score nothing
            del reasons["tax"]
            tax_income = 0
    return cover_fields(ss, used, reasons, tax_income)


def _income(ss: Season, used: dict[str, str], reasons: dict[str, Reason]) -> int:
    """Rice for the winter ahead, tax for the chests; returns the tax income counted on."""
    s, nodes = ss.state, node_data(ss.game.graph)
    pl = ss.player
    h = ss.harvest
    if h.province is not None:
        used["rice"] = h.province
        reasons["rice"] = Reason("rice_for_winter", province=h.province, gain=h.gain, need=h.provinces,
                                 have=pl.rice, loss=h.loss, rounds=ss.rounds_left)

    def tax_yield(p: str) -> int:
        t = nodes[p]["tax"]
        return min(t, 5) if "tax_max5" in ss.effects else t

    free = [p for p in ss.provs if p not in used.values() and p not in h.later]
    if not free:
        return 0
    tax_prov = max(free, key=lambda p: (income_safe(s, p), tax_yield(p) - 3 * s.provinces[p].unrest, p))
    if not income_safe(s, tax_prov) or (ss.last_round and "tax" not in ss.open_cards):
        return 0
    used["tax"] = tax_prov
    reasons["tax"] = Reason("tax", province=tax_prov, gain=tax_yield(tax_prov), chests=pl.chests)
    # counted on only where no neighbour could take the province first
    return tax_yield(tax_prov) if ss.threats[tax_prov] < s.provinces[tax_prov].armies else 0


def _rice_for_conquests(ss: Season, used: dict[str, str], reasons: dict[str, Reason]) -> None:
    """Fed without a rice action, but a battle is planned: each province it takes is a mouth more, so
    harvest for it too (rather than leave the winter short by the conquest)."""
    battles = sum(f in used for f in BATTLE_ACTIONS)
    if "rice" in used or not battles:
        return
    h = harvest_plan(ss.game, ss.seat, ss.provs, ss.rounds_left, ss.style.rice_margin + battles)
    if h.province is None or h.province in used.values():
        return
    used["rice"] = h.province
    reasons["rice"] = Reason("rice_for_conquest", province=h.province, gain=h.gain, provinces=h.provinces,
                             have=ss.player.rice, loss=h.loss, battles=battles)


def income_safe(s, p: str) -> bool:
    pv = s.provinces[p]
    return pv.unrest == 0 or pv.armies >= 3 * pv.unrest + 2


def _action_options(ss: Season):
    """Every other action with its value for this seat: (value, field, province, reason), and the battles' sources."""
    s, st, seat = ss.state, ss.style, ss.seat
    nodes, adj = node_data(ss.game.graph), ss.game.graph.adj
    pl = ss.player
    gap = ss.harvest.gap
    held = held_rice(s, nodes, seat)  # read once for every attack valued below
    options: list[tuple[float, str, str, Reason]] = []
    battle_sources: dict[str, tuple[float, str, int, int, float]] = {}
    for p in ss.provs:
        a = s.provinces[p].armies
        if a < 2:
            continue
        best_t = None
        for q in sorted(adj[p]):
            if s.provinces[q].owner == seat:
                continue
            ev, moved, defence, chance = _attack_value(s, nodes, seat, p, q, a - 1, ss.threats[p], ss.winters_left,
                                                      ss.effects, gap, ss.last_round, held=held)
            if best_t is None or ev > best_t[0]:
                best_t = (ev, q, moved, defence, chance)
        if best_t is not None:
            battle_sources[p] = best_t
    ranked = sorted(battle_sources.items(), key=lambda kv: (-kv[1][0], kv[0]))
    targets_taken: list[str] = []
    chosen_sources: list[str] = []
    for fld in BATTLE_ACTIONS:
        for p, (ev, q, moved, defence, chance) in ranked:
            if p in chosen_sources or q in targets_taken or p == ss.harvest.province:
                continue
            if ev + st.aggression > 0.15 and (chance >= ODDS_THRESHOLD or ss.last_round):
                options.append((ev + st.aggression, fld, p, Reason(
                    "attack_plan", province=p, target=q, armies=moved, defence=defence, chance=shown_chance(chance))))
                targets_taken.append(q)
                chosen_sources.append(p)
            break
    # armies: where neighbours threaten, or where a battle starts later in the round, or to harvest safely again
    planned_battles = [(o[1], o[2]) for o in options if o[1] in BATTLE_ACTIONS]
    for act in ARMY_ACTIONS:
        k = ss.amounts[act]
        if pl.supply < k:
            continue
        best_opt = None
        for p in ss.provs:
            pv = s.provinces[p]
            importance = 1 + len(pv.buildings) + 0.5 * (nodes[p]["tax"] + nodes[p]["rice"]) / 5
            deficit = max(0, ss.threats[p] + 2 - pv.armies)
            value = min(k, deficit) * 0.3 * importance * ss.winters_left / 2
            why = "defend"
            for fld, src in planned_battles:
                if src != p or not _comes_before(act, fld, ss.open_cards):
                    continue
                _, q, moved, _, _ = battle_sources[p]
                gain = _attack_value(s, nodes, seat, p, q, moved + k, ss.threats[p], ss.winters_left, ss.effects,
                                     gap, ss.last_round, held=held)[0] - battle_sources[p][0]
                if gain > value:
                    value, why = gain, q
            if act == "army1_move":
                value += 0.1  # the move that comes with it
            if ss.last_round:
                value += 0.02 * k  # chests are worth nothing now; armies still hold off winter revolts
            value += st.defence_bias - COST[act] * ss.cv
            if best_opt is None or value > best_opt[0]:
                best_opt = (value, p, why)
        if best_opt and best_opt[0] > 0:
            value, p, why = best_opt
            reason = (Reason("armies_defend", province=p, armies=k, threat=ss.threats[p], have=s.provinces[p].armies,
                             **reduced_by(ss, act))
                      if why == "defend" else Reason("armies_attack", province=p, armies=k, target=why, **reduced_by(ss, act)))
            options.append((value, act, p, reason))
    # buildings
    for b in BUILDINGS:
        if s.buildings_left[b] <= 0:
            continue
        for p in ss.provs:
            v = _building_value(s, nodes, seat, p, b, ss.threats[p], ss.winters_left)
            if v is None:
                continue
            options.append((v + st.build_bias - COST[b] * ss.cv, b, p, Reason(
                "build", building=b, province=p, cost=COST[b], points=round(v))))
    options.sort(key=lambda o: (-o[0], o[1], o[2]))
    if st.leave_out is not None and st.leave_out[:2] == (s.year, s.season):
        _, _, fld, p = st.leave_out
        options = [o for o in options
                   if not (o[2] == p and (o[1] == fld or (fld in BATTLE_ACTIONS and o[1] in BATTLE_ACTIONS)))]
    return options, battle_sources


def _take_affordable(ss: Season, options, used: dict[str, str], reasons: dict[str, Reason], tax_income: int) -> None:
    """Take the options best first while the war chest pays for them in the worst order (and the supply lasts)."""
    pl = ss.player
    bid_chests = 0 if ss.style.bid is None else min(ss.style.bid, pl.chests, MAX_CHEST_CARD)
    for value, fld, p, reason in options:
        if value <= 0 or fld in used or p in used.values():
            continue
        trial = {**used, fld: p}
        if _worst_case_balance(trial, ss.open_cards, pl.chests - bid_chests, tax_income) < 0:
            continue
        if fld in ARMY_ACTIONS and sum(ss.amounts[a] for a in ARMY_ACTIONS if a in trial) > pl.supply:
            continue
        used[fld] = p
        reasons[fld] = reason


__all__ = ["ARMY_ACTIONS", "BATTLE_ACTIONS", "INCOME_ACTIONS", "MAX_CHEST_CARD", "SEASONS", "Plan", "Season", "Style",
           "income_safe", "loss_ahead", "make_plan", "reduced_by", "season_of"]
