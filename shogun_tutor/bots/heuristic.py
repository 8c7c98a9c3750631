"""The improved heuristic bot: one coherent plan per season, and a reason for every decision.

What it does differently from the baseline (``heuristic-v1``, issue 10):

* **The bid it means.** The bid card is chosen first (a spare province card, or a
  chest card when a special is worth it, or the leftover chests in the last
  round); unwanted action fields are covered with the *other* cards.
* **Only actions it can pay for.** Paid actions are checked against the war chest
  in the worst order the open action cards allow (the tax counts only where it
  surely comes first), and against the army supply.
* **Rice for the winter.** The winter rice loss is one of the event cards still
  face up, so it plans rice for its provinces plus the largest of those losses,
  over the harvests of the rounds left (:mod:`.rice`); a conquest that would leave
  the winter short costs its value.
* **The special it wants.** It picks the free place whose special card helps its plan most.
* **Spends down at the end.** In the last round chests are worth nothing but the tie-break:
  the leftover goes into the bid, and a chest card (not a province) covers the tax field.
* **The court** (Tennō's Court): armies a province can spare, or armies in the tray, become officials.

The plan itself is made in :mod:`.plan` (actions) and :mod:`.plan_cards` (court, bid, fillers);
this module follows it and takes the other decisions. Every decision comes with a
:class:`~.base.Reason` (:meth:`HeuristicBot.decide_with_reason`).

>>> from shogun_tutor.rules.game import new_game
>>> game = new_game(players=3, seed=4, history=False)
>>> decision, reason = HeuristicBot(1).decide_with_reason(game)
>>> decision.kind, decision.field, reason.kind in REASON_KINDS
('plan', 'castle', True)
"""

from __future__ import annotations

import random

from ..data import COMPONENTS
from ..rules.game import Game
from ..rules.state import Decision, chest_value
from . import expansion as expansion_bot
from .base import Reason, card_province, node_data
from .plan import SEASONS, Plan, Style, make_plan
from .rice import harvest_plan
from .values import ODDS_THRESHOLD, _attack_value, attack_reason, held_rice, shown_chance

#: what an attack below the odds threshold costs a move's value (outside the game's last round)
UNDER_THRESHOLD = 3.0
#: the planned battle keeps a little weight when the move is chosen (one coherent plan: the armies were bought for it)
PLANNED = 0.3

#: every reason kind the bots give (each has one sentence in :mod:`shogun_tutor.text.reasons`)
REASON_KINDS = (
    "random", "baseline", "lookahead", "lookahead_rice", "lookahead_provinces", "lookahead_armies",
    "lookahead_buildings", "lookahead_score", "lookahead_rival", "lookahead_chests",
    "rice_for_winter", "tax", "build", "armies_defend", "armies_attack", "attack_plan",
    "filler_chest", "filler_province", "empty_field",
    "filler_build", "filler_armies", "filler_lapse", "filler_tax", "filler_rice", "filler_move", "rice_for_conquest",
    "bid_province", "bid_chests", "bid_last_round", "bid_zero",
    "place_special", "place_order",
    "attack", "reinforce", "stay", "forced_move",
    "claim", "claim_deck", "revolt_order", "fallback", "expansion_rule_of_thumb",
    "court_province", "court_tray", "event_aside", "event_keep",
)


def quoted(game: Game, d: Decision, reason: Reason) -> Reason:
    """``reason`` with a battle's figures as the game shows them: an attack now (``attack``), or one a plan makes for
    later this round (``attack_plan``: the armies the plan moves, on the tower and with the cards as they are now)."""
    s = game.state
    if reason.kind == "attack" and d.kind == "move" and d.target is not None:
        return attack_reason("attack", s, d.player, d.province, d.target, d.count)
    if reason.kind == "attack_plan":
        p = reason.params
        return attack_reason("attack_plan", s, d.player, p["province"], p["target"], p["armies"])
    return reason


class HeuristicBot:
    """Plans the whole season at its first plan decision; follows the plan; reasons every step."""

    name = "heuristic"

    def __init__(self, seed: int = 0, style: Style | None = None):
        self.rng = random.Random(seed)
        self.style = style or Style()
        self._plan_key: tuple | None = None
        self._plan = Plan()
        #: plans made already for the same position, by (year, season, seat): a look-ahead's playouts share them
        #: while their positions can differ in nothing a plan reads (:class:`~.strong.StrongBot`); None: not shared
        self.shared_plans: dict[tuple, Plan] | None = None

    # --- the public face ----------------------------------------------------------------
    def decide(self, game: Game) -> Decision:
        return self._choose(game)[0]

    def decide_with_reason(self, game: Game) -> tuple[Decision, Reason]:
        """The decision and its reason; a battle's reason quotes the figures the game shows for it (the engine's
        odds on the tower as it is now, :func:`.values.attack_reason`), not the bot's quick estimate."""
        d, reason = self._choose(game)
        return d, quoted(game, d, reason)

    def _choose(self, game: Game) -> tuple[Decision, Reason]:
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
            if chosen is not None and kind == "privilege_event":
                worth, why = expansion_bot.event_effect(game, seat)
                return chosen, Reason("event_aside" if chosen.count else "event_keep", event=game.state.round.event,
                                      why=why, worth=round(abs(worth), 1))
            if chosen is not None:
                return chosen, Reason("expansion_rule_of_thumb")
        return options[0], Reason("fallback")

    def plan_for(self, game: Game, seat: int) -> Plan:
        """The plan this bot makes (or made) for ``seat`` this round."""
        s = game.state
        key = (s.year, s.season, seat)
        if key != self._plan_key:
            shared = self.shared_plans
            plan = shared.get(key) if shared is not None else None
            if plan is None:
                plan = self.make_plan(game, seat)
                if shared is not None:
                    shared[key] = plan
            self._plan_key, self._plan = key, plan
        return self._plan

    # --- the season plan -------------------------------------------------------------
    def make_plan(self, game: Game, seat: int) -> Plan:
        """The season plan with this bot's knobs (:func:`.plan.make_plan`)."""
        return make_plan(game, seat, self.style)

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
            return (vals.get(s.round.specials[d.count], 0.0) + 0.08 * (len(s.round.specials) - d.count), -d.count)

        best = max(options, key=value)
        sp = s.round.specials[best.count]
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
        nodes, adj = node_data(game.graph), game.graph.adj
        pend = s.pending
        src = s.provinces[pend.province]
        season_i = SEASONS.index(s.season)
        winters_left = COMPONENTS.years - s.year + 1
        last_round = s.year == COMPONENTS.years and season_i == len(SEASONS) - 1
        effects = [COMPONENTS.event(s.round.event).effect] if s.round.event else []
        # the rice actions still to come this year: the later rounds', and this round's if not yet carried out
        rounds_left = len(SEASONS) - season_i - 1 + (1 if "rice" in s.round.action_cards[s.round.action_index + 1:] else 0)
        provs = sorted(card_province(c) for c in s.players[seat].hand)
        rice_need = harvest_plan(game, seat, provs, rounds_left).gap

        def threat(p: str) -> int:
            return max((s.provinces[n].armies for n in adj[p] if s.provinces[n].owner not in (None, seat)), default=0)

        src_threat = threat(pend.province)
        held = held_rice(s, nodes, seat)  # read once for every attack valued below
        planned = None  # the battle this field was planned for (its target), if this bot planned this round
        if self._plan_key == (s.year, s.season, seat):
            r = self._plan.reasons.get(pend.action)
            if r is not None and r.kind == "attack_plan" and r.params.get("province") == pend.province:
                planned = r.params.get("target")
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
                                                          winters_left, effects, rice_need, last_round, exact=True, held=held)
                ev += self.style.aggression + (PLANNED if d.target == planned else 0.0)
                if chance < ODDS_THRESHOLD and not last_round:
                    ev -= UNDER_THRESHOLD  # send enough armies or none: a beginner must not copy such an attack
                cand = (ev, d, Reason("attack", province=d.province, target=d.target, armies=d.count,
                                      defence=defence, chance=shown_chance(chance)))
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
            node = game.graph.nodes[card_province(s.draft.face_up[int(d.field[2:])])]
            return node["tax"] + node["rice"] + 0.1 * pl.groups[d.count], d.field, d.count

        best = max(claims, key=claim_value)
        if best.field == "deck":
            return best, Reason("claim_deck", armies=pl.groups[best.count])
        prov = card_province(s.draft.face_up[int(best.field[2:])])
        return best, Reason("claim", province=prov, armies=pl.groups[best.count])
