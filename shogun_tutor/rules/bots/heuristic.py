"""The improved heuristic bot: one coherent plan per season, and a reason for every decision.

What it does differently from the baseline (``heuristic-v1``, issue 10):

* **The bid it means.** The bid card is chosen first (a spare province card, or a
  chest card when a special is worth it, or the leftover chests in the last
  round); unwanted action fields are covered with the *other* cards.
* **Only actions it can pay for.** Paid actions are checked against the war chest
  in the worst order the open action cards allow (the tax counts only where it
  surely comes first), and against the army supply.
* **Rice for the winter.** The winter rice loss is one of the event cards still
  face up, so it plans rice for its provinces plus the largest of those losses.
* **The special it wants.** It picks the free place whose special card helps its plan most.
* **Spends down at the end.** In the last round chests are worth nothing but the tie-break.

Every decision comes with a :class:`~.base.Reason` (:meth:`HeuristicBot.decide_with_reason`).

>>> from shogun_tutor.rules.game import new_game
>>> game = new_game(players=3, seed=4, history=False)
>>> decision, reason = HeuristicBot(1).decide_with_reason(game)
>>> decision.kind, decision.field, reason.kind in REASON_KINDS
('plan', 'castle', True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache

from ...data import BUILDINGS, COMPONENTS
from ..game import Game
from ..state import PLAN_FIELDS, Decision, chest_card, chest_value
from ..expansions import bot as expansion_bot
from .base import Reason, card_province
from .values import COST, _attack_value, _best_special, _building_value, _comes_before, _worst_case_balance

SEASONS = COMPONENTS.seasons[:-1]  # the three action rounds; the last season is winter
ARMY_ACTIONS = tuple(a for a in COMPONENTS.action_amounts)  # armies5, armies3, army1_move
BATTLE_ACTIONS = ("battle_a", "battle_b")
INCOME_ACTIONS = ("rice", "tax")
MAX_CHEST_CARD = max(COMPONENTS.war_chest_cards)

#: every reason kind the bots give (each has one sentence in :mod:`shogun_tutor.text.reasons`)
REASON_KINDS = (
    "random", "baseline", "lookahead",
    "rice_for_winter", "tax", "build", "armies_defend", "armies_attack", "attack_plan",
    "filler_chest", "filler_province", "empty_field",
    "bid_province", "bid_chests", "bid_last_round", "bid_zero",
    "place_special", "place_order",
    "attack", "reinforce", "stay", "forced_move",
    "claim", "claim_deck", "revolt_order", "fallback", "expansion_rule_of_thumb",
)


@dataclass(frozen=True)
class Style:
    """Knobs of the plan (the strong bot searches over variants of these)."""

    aggression: float = 0.0  # added to every attack's value
    build_bias: float = 0.0  # added to every building's value
    defence_bias: float = 0.0  # added to every army placement's value
    chest_value: float = 0.4  # points one chest is worth before the last round
    bid: int | None = None  # force a chest bid of this many chests (None: decide)
    rice_margin: int = 0  # extra rice wanted beyond the worst winter loss


@dataclass
class Plan:
    cards: dict[str, str | None] = field(default_factory=dict)
    reasons: dict[str, Reason] = field(default_factory=dict)
    special_values: dict[str, float] = field(default_factory=dict)


@lru_cache(maxsize=4096)
class HeuristicBot:
    """Plans the whole season at its first plan decision; follows the plan; reasons every step."""

    name = "heuristic"

    def __init__(self, seed: int = 0, style: Style | None = None):
        self.rng = random.Random(seed)
        self.style = style or Style()
        self._plan_key: tuple | None = None
        self._plan = Plan()

    # --- the public face ----------------------------------------------------------------
    def decide(self, game: Game) -> Decision:
        return self.decide_with_reason(game)[0]

    def decide_with_reason(self, game: Game) -> tuple[Decision, Reason]:
        kind, seat = game.to_decide()
        options = game.legal_decisions()
        if kind == "plan":
            return self._plan_decision(game, seat, options)
        if kind == "place":
            return self._place(game, seat, options)
        if kind == "move":
            return self._move(game, seat, options)
        if kind == "claim":
            return self._claim(game, seat, options)
        if kind == "revolt":
            s = game.state
            best = max(options, key=lambda d: (s.provinces[d.province].armies, d.province))
            return best, Reason("revolt_order", province=best.province, armies=s.provinces[best.province].armies)
        if game.state.rules.expansions:  # Tennō's Court and Samurai decisions: the expansions' own bot
            chosen = expansion_bot.decide(game, seat, kind, options)
            if chosen is not None:
                return chosen, Reason("expansion_rule_of_thumb")
        return options[0], Reason("fallback")

    def plan_for(self, game: Game, seat: int) -> Plan:
        """The plan this bot makes (or made) for ``seat`` this round."""
        s = game.state
        key = (s.year, s.season, seat)
        if key != self._plan_key:
            self._plan_key, self._plan = key, self.make_plan(game, seat)
        return self._plan

    # --- the season plan -------------------------------------------------------------
    def make_plan(self, game: Game, seat: int) -> Plan:
        s = game.state
        st = self.style
        pl = s.players[seat]
        nodes, adj = game.graph.nodes, game.graph.adj
        provs = sorted(card_province(c) for c in pl.hand)
        card = {p: nodes[p]["card"] for p in provs}
        season_i = SEASONS.index(s.season)
        rounds_left = len(SEASONS) - season_i
        last_round = s.year == COMPONENTS.years and rounds_left == 1
        winters_left = COMPONENTS.years - s.year + 1
        cv = 0.02 if last_round else st.chest_value
        effects = [COMPONENTS.event(e).effect for e in s.events_face_up]
        max_loss = max((COMPONENTS.event(e).winter_rice_loss for e in s.events_face_up), default=0)
        open_cards = list(s.action_cards[:5])

        def threat(p: str) -> int:
            return max((s.provinces[n].armies for n in adj[p] if s.provinces[n].owner not in (None, seat)), default=0)

        threats = {p: threat(p) for p in provs}
        used: dict[str, str] = {}  # field -> province
        reasons: dict[str, Reason] = {}

        # income: rice for the winter ahead, tax for the chests
        rice_have = pl.rice
        rice_need = len(provs) + max_loss + st.rice_margin - rice_have

        def rice_yield(p: str) -> int:
            r = nodes[p]["rice"]
            return min(r, 3) if "rice_max3" in effects else r

        def tax_yield(p: str) -> int:
            t = nodes[p]["tax"]
            return min(t, 5) if "tax_max5" in effects else t

        def income_safe(p: str) -> bool:
            pv = s.provinces[p]
            return pv.unrest == 0 or pv.armies >= 3 * pv.unrest + 2

        if rice_need > 0 and provs:
            best = max(provs, key=lambda p: (income_safe(p), rice_yield(p) - 2 * s.provinces[p].unrest, p))
            if income_safe(best) or rice_need > 2:
                used["rice"] = best
                reasons["rice"] = Reason("rice_for_winter", province=best, gain=rice_yield(best), need=len(provs),
                                         have=rice_have, loss=max_loss, rounds=rounds_left)
        # what the rice actions still to come can bring (the best yields, one province each)
        yields = sorted((rice_yield(p) for p in provs if income_safe(p)), reverse=True)
        rice_gap = rice_need - sum(yields[:rounds_left])
        tax_prov = None
        free = [p for p in provs if p not in used.values()]
        if free:
            tax_prov = max(free, key=lambda p: (income_safe(p), tax_yield(p) - 3 * s.provinces[p].unrest, p))
            if income_safe(tax_prov) and not (last_round and "tax" not in open_cards):
                used["tax"] = tax_prov
                reasons["tax"] = Reason("tax", province=tax_prov, gain=tax_yield(tax_prov), chests=pl.chests)
            else:
                tax_prov = None
        # counted on only where no neighbour could take the province first
        tax_income = tax_yield(tax_prov) if tax_prov and threats[tax_prov] < s.provinces[tax_prov].armies else 0

        # the bid comes first: what it costs is not there for the actions
        bid_chests = 0 if st.bid is None else min(st.bid, pl.chests, MAX_CHEST_CARD)

        def affordable(fields: dict[str, str], bid: int) -> bool:
            return _worst_case_balance(fields, open_cards, pl.chests - bid, tax_income) >= 0

        # every other action: its value for this seat, greedily while it can be paid
        options: list[tuple[float, str, str, Reason]] = []
        # attacks
        battle_sources: dict[str, tuple[float, str, int, int, float]] = {}
        for p in provs:
            a = s.provinces[p].armies
            if a < 2:
                continue
            best_t = None
            for q in sorted(adj[p]):
                tq = s.provinces[q]
                if tq.owner == seat:
                    continue
                ev, moved, defence, chance = _attack_value(s, nodes, seat, p, q, a - 1, threats[p], winters_left,
                                                          effects, rice_gap, last_round)
                if best_t is None or ev > best_t[0]:
                    best_t = (ev, q, moved, defence, chance)
            if best_t is not None:
                battle_sources[p] = best_t
        ranked = sorted(battle_sources.items(), key=lambda kv: (-kv[1][0], kv[0]))
        targets_taken: set[str] = set()
        for fld in BATTLE_ACTIONS:
            for p, (ev, q, moved, defence, chance) in ranked:
                if p in used.values() or q in targets_taken:
                    continue
                if ev + st.aggression > 0.15:
                    options.append((ev + st.aggression, fld, p, Reason(
                        "attack_plan", province=p, target=q, armies=moved, defence=defence, chance=round(100 * chance))))
                    targets_taken.add(q)
                break
        # armies: where neighbours threaten, or where a battle starts later in the round
        amounts = {a: COMPONENTS.action_amounts[a] for a in ARMY_ACTIONS}
        if "armies_reduced" in effects:
            params = next(COMPONENTS.event(e).parameters for e in s.events_face_up
                          if COMPONENTS.event(e).effect == "armies_reduced")
            amounts = {a: min(v, params.get(a, v)) for a, v in amounts.items()}
        planned_battles = [(o[1], o[2]) for o in options if o[1] in BATTLE_ACTIONS]
        for act in ARMY_ACTIONS:
            k = amounts[act]
            if pl.supply < k:
                continue
            best_opt = None
            for p in provs:
                pv = s.provinces[p]
                importance = 1 + len(pv.buildings) + 0.5 * (nodes[p]["tax"] + nodes[p]["rice"]) / 5
                deficit = max(0, threats[p] + 2 - pv.armies)
                value = min(k, deficit) * 0.3 * importance * winters_left / 2
                why = "defend"
                for fld, src in planned_battles:
                    if src != p or not _comes_before(act, fld, open_cards):
                        continue
                    _, q, moved, _, _ = battle_sources[p]
                    gain = _attack_value(s, nodes, seat, p, q, moved + k, threats[p], winters_left, effects,
                                         rice_gap, last_round)[0] - battle_sources[p][0]
                    if gain > value:
                        value, why = gain, q
                if act == "army1_move":
                    value += 0.1  # the move that comes with it
                if last_round:
                    value += 0.02 * k  # chests are worth nothing now; armies still hold off winter revolts
                value += st.defence_bias - COST[act] * cv
                if best_opt is None or value > best_opt[0]:
                    best_opt = (value, p, why)
            if best_opt and best_opt[0] > 0:
                value, p, why = best_opt
                reason = (Reason("armies_defend", province=p, armies=k, threat=threats[p], have=s.provinces[p].armies)
                          if why == "defend" else Reason("armies_attack", province=p, armies=k, target=why))
                options.append((value, act, p, reason))
        # buildings
        for b in BUILDINGS:
            if s.buildings_left[b] <= 0:
                continue
            for p in provs:
                v = _building_value(s, nodes, seat, p, b, threats[p], winters_left)
                if v is None:
                    continue
                options.append((v + st.build_bias - COST[b] * cv, b, p, Reason(
                    "build", building=b, province=p, cost=COST[b], points=round(v))))

        options.sort(key=lambda o: (-o[0], o[1], o[2]))
        for value, fld, p, reason in options:
            if value <= 0 or fld in used or p in used.values():
                continue
            trial = {**used, fld: p}
            if not affordable(trial, bid_chests):
                continue
            if fld == "army1_move" or fld in ("armies5", "armies3"):
                supply_needed = sum(amounts[a] for a in ARMY_ACTIONS if a in trial)
                if supply_needed > pl.supply:
                    continue
            used[fld] = p
            reasons[fld] = reason

        if last_round and "tax" in used and affordable({f: q for f, q in used.items() if f != "tax"}, 0) and \
                _worst_case_balance({f: q for f, q in used.items() if f != "tax"}, open_cards, pl.chests, 0) >= \
                _worst_case_balance(used, open_cards, pl.chests, tax_income):
            del used["tax"]  # the last round's tax would only come after the spending: chests that score nothing
            del reasons["tax"]
            tax_income = 0

        # the bid: what is spare after the actions
        spare_provs = [p for p in provs if p not in used.values()]
        balance = _worst_case_balance(used, open_cards, pl.chests, tax_income)
        plan = Plan()
        plan.special_values = self._special_values(s, seat, used, threats, rice_gap, amounts)
        vals = sorted(plan.special_values.values(), reverse=True)
        spread = vals[0] - vals[len(vals) // 2] if vals else 0.0
        bid_card: str | None
        if st.bid is not None and bid_chests > 0 and balance >= bid_chests:
            bid_card = chest_card(bid_chests)
            reasons["bid"] = Reason("bid_chests", chests=bid_chests, special=_best_special(plan.special_values),
                                    value=round(spread, 1))
        elif last_round and balance >= 1:
            n = min(balance, MAX_CHEST_CARD)
            bid_card = chest_card(n)
            reasons["bid"] = Reason("bid_last_round", chests=n)
        elif spread >= 1.0 and balance >= 1 and spread * 0.6 > cv:
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

        # cover every field left: the other chest cards first, then spare province cards where harmless
        fillers = [chest_card(n) for n in COMPONENTS.war_chest_cards if chest_card(n) != bid_card]
        cards: dict[str, str | None] = {f: card[p] for f, p in used.items()}
        cards["bid"] = bid_card
        empty = [f for f in PLAN_FIELDS if f not in cards]
        total_cards = len(provs) + len(COMPONENTS.war_chest_cards)
        allowed_empty = max(0, len(PLAN_FIELDS) - total_cards)
        must_cover = len(empty) - allowed_empty
        extra_provs = max(0, must_cover - len(fillers))
        # spare provinces where they do least harm (or some good)
        for _ in range(extra_provs):
            best_fill = None
            for f in empty:
                if cards.get(f) is not None:
                    continue
                for p in spare_provs:
                    v = self._filler_value(s, nodes, adj, seat, f, p, used, open_cards, pl, tax_income,
                                           chest_value(bid_card) or 0, amounts)
                    if best_fill is None or v > best_fill[0]:
                        best_fill = (v, f, p)
            if best_fill is None:
                break
            _, f, p = best_fill
            used[f] = p
            cards[f] = card[p]
            spare_provs.remove(p)
            reasons[f] = Reason("filler_province", province=p)
        remaining = [f for f in PLAN_FIELDS if f not in cards]
        for f in remaining:
            if fillers and must_cover > 0:
                cards[f] = fillers.pop(0)
                reasons[f] = Reason("filler_chest")
            elif spare_provs and must_cover > 0:  # no chest card left: any spare province
                p = spare_provs.pop(0)
                cards[f] = card[p]
                reasons[f] = Reason("filler_province", province=p)
            else:
                cards[f] = None
                reasons[f] = Reason("empty_field")
        plan.cards = cards
        plan.reasons = reasons
        return plan

    def _filler_value(self, s, nodes, adj, seat, f, p, used, open_cards, pl, tax_income, bid, amounts) -> float:
        """How good (or harmless) a spare province card is on an action field nobody wanted."""
        pv = s.provinces[p]
        if f in ("castle", "temple", "theater", "armies5", "armies3", "army1_move"):
            if _worst_case_balance({**used, f: p}, open_cards, pl.chests - bid, tax_income) < 0:
                return -5.0  # would lapse for lack of chests
            if f in amounts and pl.supply < sum(amounts[a] for a in ARMY_ACTIONS if a in used or a == f):
                return -4.0
            if f in BUILDINGS and (f in pv.buildings or len(pv.buildings) >= nodes[p]["building_slots"]):
                return -0.5  # lapses, but costs nothing
            return 0.5 - COST[f] * 0.2
        if f in INCOME_ACTIONS:
            if f == "tax" and s.year == COMPONENTS.years and s.season == SEASONS[-1]:
                return -0.5  # chests that come too late to be spent
            return 0.6 if pv.unrest == 0 else -3.0 * pv.unrest + 0.1 * pv.armies
        if f in BATTLE_ACTIONS:
            if pv.armies < 2:
                return 0.2  # one army: nothing can move, nothing lost
            if all(s.provinces[n].owner == seat for n in adj[p]):
                return 0.1  # only own neighbours: a move, never a battle
            return -2.0
        return 0.0

    def _special_values(self, s, seat, used, threats, rice_need, amounts) -> dict[str, float]:
        vals = {}
        for sp in COMPONENTS.special_cards:
            if sp == "chest_plus1":
                v = 0.5 if "tax" in used else 0.0
            elif sp == "rice_plus1":
                v = (1.6 if rice_need > -1 else 0.2) if "rice" in used else 0.0
            elif sp == "six_armies":
                v = 0.5 if "armies5" in used and s.players[seat].supply > amounts["armies5"] else 0.0
            elif sp == "attack_plus1":
                v = 0.6 * sum(1 for f in BATTLE_ACTIONS if f in used)
            elif sp == "defense_plus1":
                v = min(1.0, 0.15 * sum(1 for p, t in threats.items() if t >= s.provinces[p].armies))
            else:  # a special card this bot does not know: no value
                v = 0.0
            vals[sp] = v
        return vals

    # --- the other decisions -------------------------------------------------------
    def _plan_decision(self, game: Game, seat: int, options: list[Decision]) -> tuple[Decision, Reason]:
        plan = self.plan_for(game, seat)
        fld = options[0].field
        want = plan.cards.get(fld)
        for d in options:
            if d.card == want:
                return d, plan.reasons.get(fld, Reason("fallback"))
        # the plan no longer fits (never expected): cover the field with the cheapest harmless card
        chests = sorted((d for d in options if chest_value(d.card) is not None), key=lambda d: chest_value(d.card))
        if fld != "bid" and chests:
            return chests[-1], Reason("filler_chest")
        return (chests[0] if chests else options[-1]), Reason("fallback")

    def _place(self, game: Game, seat: int, options: list[Decision]) -> tuple[Decision, Reason]:
        s = game.state
        plan = self.plan_for(game, seat)
        vals = plan.special_values

        def value(d: Decision) -> tuple[float, int]:
            return (vals.get(s.specials[d.count], 0.0) + 0.08 * (len(s.specials) - d.count), -d.count)

        best = max(options, key=value)
        sp = s.specials[best.count]
        if vals.get(sp, 0.0) > 0:
            return best, Reason("place_special", place=best.count + 1, special=sp)
        return best, Reason("place_order", place=best.count + 1)

    def _move(self, game: Game, seat: int, options: list[Decision]) -> tuple[Decision, Reason]:
        value, d, reason = self.move_values(game, seat, options)[0]
        if d.target is not None and game.state.provinces[d.target].owner != seat and value < 0:
            reason = Reason("forced_move", province=d.province, target=d.target, armies=d.count)
        return d, reason

    def move_values(self, game: Game, seat: int, options: list[Decision]) -> list[tuple[float, Decision, Reason]]:
        """Every move option with its value and reason, best first (ties: the earlier option)."""
        s = game.state
        nodes, adj = game.graph.nodes, game.graph.adj
        pend = s.pending
        src = s.provinces[pend.province]
        season_i = SEASONS.index(s.season)
        winters_left = COMPONENTS.years - s.year + 1
        last_round = s.year == COMPONENTS.years and season_i == len(SEASONS) - 1
        effects = [COMPONENTS.event(s.event).effect] if s.event else []
        pl = s.players[seat]
        max_loss = max((COMPONENTS.event(e).winter_rice_loss for e in s.events_face_up), default=0)
        rounds_left = len(SEASONS) - season_i - 1 + (1 if "rice" in s.action_cards[s.action_index:] else 0)
        rice_need = len(pl.hand) + max_loss - pl.rice - 4 * rounds_left

        def threat(p: str) -> int:
            return max((s.provinces[n].armies for n in adj[p] if s.provinces[n].owner not in (None, seat)), default=0)

        src_threat = threat(pend.province)
        scored: list[tuple[float, int, Decision, Reason]] = []
        for i, d in enumerate(options):
            if d.target is None:
                cand = (0.0, d, Reason("stay", province=d.province))
            elif s.provinces[d.target].owner == seat:
                t = s.provinces[d.target]
                need = max(0, threat(d.target) + 2 - t.armies)
                left = src.armies - d.count
                v = 0.25 * min(d.count, need) - 0.3 * max(0, src_threat + 2 - left) - 0.01 * d.count
                cand = (v, d, Reason("reinforce", province=d.province, target=d.target, armies=d.count,
                                     threat=threat(d.target)))
            else:
                ev, moved, defence, chance = _attack_value(s, nodes, seat, d.province, d.target, d.count, src_threat,
                                                          winters_left, effects, rice_need, last_round, exact=True)
                ev += self.style.aggression
                cand = (ev, d, Reason("attack", province=d.province, target=d.target, armies=d.count,
                                      defence=defence, chance=round(100 * chance)))
            scored.append((round(cand[0], 9), i, cand[1], cand[2]))
        scored.sort(key=lambda t: (-t[0], t[1]))
        return [(v, d, r) for v, _, d, r in scored]

    def _claim(self, game: Game, seat: int, options: list[Decision]) -> tuple[Decision, Reason]:
        s = game.state
        pl = s.players[seat]
        claims = [d for d in options if d.kind == "claim"]

        def claim_value(d: Decision) -> tuple[float, str, int]:
            if d.field == "deck":
                return 4.5 + 0.1 * pl.groups[d.count], d.field, d.count
            node = game.graph.nodes[card_province(s.draft_face_up[int(d.field[2:])])]
            return node["tax"] + node["rice"] + 0.1 * pl.groups[d.count], d.field, d.count

        best = max(claims, key=claim_value)
        if best.field == "deck":
            return best, Reason("claim_deck", armies=pl.groups[best.count])
        prov = card_province(s.draft_face_up[int(best.field[2:])])
        return best, Reason("claim", province=prov, armies=pl.groups[best.count])
