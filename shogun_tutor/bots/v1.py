"""The first heuristic bot, kept unchanged as the baseline ("heuristic-v1").

Its blunders are what the improved :class:`~.heuristic.HeuristicBot` fixes (issue 10):
chest cards 0/1/2 used first on unwanted fields so the bid falls to 3-4 chests,
actions planned without the chests to pay, winter rice not planned from the
known losses, always the first free place, chests hoarded in the last round.
Only its decisions matter: win rates of the new bots are measured against it.
"""

from __future__ import annotations

import random

from ..rules.game import Game
from ..rules.state import Decision
from .base import Reason
from . import expansion as expansion_bot


class HeuristicBotV1:
    """A sensible player: taxes and harvests where it pays, keeps rice for winter,
    builds where it has chests to spare, reinforces borders and attacks weak neighbours."""

    name = "heuristic-v1"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self._plan_key: tuple | None = None
        self._plan: dict[str, str | None] = {}

    # -- helpers -----------------------------------------------------------------------
    @staticmethod
    def _threat(game: Game, seat: int, prov: str) -> int:
        s = game.state
        return max((s.provinces[n].armies for n in game.graph.adj[prov]
                    if s.provinces[n].owner not in (None, seat)), default=0)

    def _make_plan(self, game: Game, seat: int) -> dict[str, str | None]:
        s = game.state
        pl = s.players[seat]
        nodes = game.graph.nodes
        mine = sorted(_card_of(c) for c in pl.hand)
        card = {p: nodes[p]["card"] for p in mine}
        free = set(mine)
        plan: dict[str, str | None] = {}

        def take(field: str, key) -> None:
            options = [p for p in sorted(free) if key(p) is not None]  # sorted: set order depends on the hash seed
            if options:
                best = max(options, key=key)
                plan[field] = card[best]
                free.discard(best)

        need_rice = len(mine) + 4 - pl.rice  # enough for winter after a typical loss
        take("tax", lambda p: nodes[p]["tax"] * 2 - 5 * s.provinces[p].unrest + s.provinces[p].armies
             if s.provinces[p].unrest == 0 or s.provinces[p].armies >= 4 else None)
        if need_rice > 0:
            take("rice", lambda p: nodes[p]["rice"] * 2 - 5 * s.provinces[p].unrest + s.provinces[p].armies
                 if s.provinces[p].unrest == 0 or s.provinces[p].armies >= 4 else None)
        # armies: where the neighbours threaten most
        take("armies5", lambda p: self._threat(game, seat, p) - s.provinces[p].armies + self.rng.random())
        take("armies3", lambda p: self._threat(game, seat, p) - s.provinces[p].armies + self.rng.random())

        # attacks: strong own provinces next to weak others
        def attack_value(p):
            armies = s.provinces[p].armies
            if armies < 3:
                return None
            targets = [n for n in game.graph.adj[p] if s.provinces[n].owner != seat]
            if not targets:
                return None
            weakest = min(s.provinces[n].armies + (1 if s.provinces[n].owner is None else 0) for n in targets)
            return armies - 1 - weakest

        take("battle_a", attack_value)
        take("battle_b", attack_value)
        take("army1_move", lambda p: s.provinces[p].armies if any(
            s.provinces[n].owner == seat for n in game.graph.adj[p]) else None)
        budget = pl.chests - 4
        for building, cost in (("castle", 3), ("temple", 2), ("theater", 1)):
            if budget >= cost:
                def build_value(p, b=building):
                    pv = s.provinces[p]
                    if b in pv.buildings or len(pv.buildings) >= nodes[p]["building_slots"]:
                        return None
                    return pv.armies - self._threat(game, seat, p)
                before = len(plan)
                take(building, build_value)
                if len(plan) > before:
                    budget -= cost
        if need_rice <= 0:
            take("rice", lambda p: nodes[p]["rice"] if s.provinces[p].unrest == 0 else None)
        if s.rules.expansions:  # Tennō's Court: the court fields
            plan.update(expansion_bot.court_plan(game, seat, free, card))
        # the bid: a chest card when rich, else a spare province card
        spare = sorted(free)
        if pl.chests >= 10:
            plan["bid"] = "chest:2"
        elif spare:
            plan["bid"] = card[spare.pop()]
        else:
            plan["bid"] = "chest:1" if pl.chests >= 1 else "chest:0"
        return plan

    def decide_with_reason(self, game: Game) -> tuple[Decision, Reason]:
        """Today's rules of thumb carry no reason of their own: the reason names the baseline."""
        return self.decide(game), Reason("baseline")

    def decide(self, game: Game) -> Decision:
        s = game.state
        kind, seat = game.to_decide()
        options = game.legal_decisions()
        if kind == "plan":
            key = (s.year, s.season, seat)
            if key != self._plan_key:
                self._plan_key, self._plan = key, self._make_plan(game, seat)
            field = options[0].field
            want = self._plan.get(field)
            for d in options:
                if d.card == want:
                    return d
            # fill a field that must be covered with the cheapest spare card
            chest_cards = [d for d in options if d.card and d.card.startswith("chest:")]
            return min(chest_cards, key=lambda d: d.card) if chest_cards else options[-1]
        if kind == "place":
            return options[0]  # the earliest free place: first in turn order
        if kind == "move":
            return self._move(game, seat, options)
        if s.rules.expansions:
            chosen = expansion_bot.decide(game, seat, kind, options)
            if chosen is not None:
                return chosen
        if kind == "claim":
            def claim_value(d):
                if d.field == "deck":
                    return 4.5 + 0.1 * s.players[seat].groups[d.count]
                prov = _card_of(s.draft.face_up[int(d.field[2:])])
                node = game.graph.nodes[prov]
                return node["tax"] + node["rice"] + 0.1 * s.players[seat].groups[d.count]
            return max((d for d in options if d.kind == "claim"), key=claim_value)
        return options[0]

    def _move(self, game: Game, seat: int, options: list[Decision]) -> Decision:
        s = game.state
        best, best_value = None, -1e9
        for d in options:
            if d.target is None:
                value = 0.0
            else:
                t = s.provinces[d.target]
                src = s.provinces[d.province]
                if t.owner == seat:
                    value = 0.5 * (self._threat(game, seat, d.target) - t.armies) if d.count == src.armies - 1 else -1
                else:
                    defence = t.armies + (1 if t.owner is None else 0)
                    value = d.count - 1.5 * defence - 1 - 0.2 * (src.armies - 1 - d.count)
                    if t.owner is not None:
                        value += 2 + 0.5 * len(t.buildings)
            if value > best_value:
                best, best_value = d, value
        return best


def _card_of(card: str) -> str:
    return card.split("/")[0]
