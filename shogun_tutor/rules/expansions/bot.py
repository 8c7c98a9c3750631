"""How the heuristic bot plays the expansions: the court fields of its plan, the privilege card it takes,
where it uses a card, the samurai bonus it chooses. Called by :class:`..bots.HeuristicBot` (two hooks:
:func:`court_plan` while it plans, :func:`decide` for the expansions' decision kinds)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .court import COURT_FIELDS, TOWER_CARD_IDS, field_armies
from .privileges import CARDS

if TYPE_CHECKING:  # pragma: no cover
    from ..decisions import Decision
    from ..game import Game

# what one unit of each gain is worth to the bot (victory points are what wins)
WORTH = {"victory_points": 3.0, "chests": 0.8, "rice": 0.9, "armies_to_tray": 0.6}
BUILDING_WORTH = {"castle": 4.0, "temple": 3.0, "theater": 2.0}


def card_value(number: int) -> float:
    c = CARDS[number]
    effect = c["effect"]
    if effect in WORTH:
        return WORTH[effect] * c["amount"]
    if effect == "free_building":
        return BUILDING_WORTH[c["building"]]
    if effect == "free_armies":
        return 4.0
    if effect == "immune":
        return 1.5 * len(c["against"]) + 0.5
    if effect == "remove_unrest":
        return 1.5
    return 0.5  # cancel_event


def _threat(game: "Game", seat: int, prov: str) -> int:
    s = game.state
    return max((s.provinces[n].armies for n in game.rules.neighbours[prov] if s.provinces[n].owner not in (None, seat)),
               default=0)


def court_plan(game: "Game", seat: int, free: set[str], card: dict[str, str]) -> dict[str, str | None]:
    """Court fields: convert armies where a province can spare them (still above its threat), or from the tray.

    ``free``: the seat's province names not yet planned (those used here are removed); ``card``: name -> card id.
    """
    s = game.state
    if "tenno" not in s.extra:
        return {}
    d = s.extra["tenno"]
    officials = d["supply"][seat]
    in_tray = sum(c.owner == seat for c in s.tower.tray)
    towers = list(TOWER_CARD_IDS)
    plan: dict[str, str | None] = {}
    for f in COURT_FIELDS:
        n = field_armies(f)
        if officials < n:
            continue
        spare = [p for p in sorted(free)
                 if s.provinces[p].armies - n >= max(2, _threat(game, seat, p))]
        if spare:
            best = max(spare, key=lambda p: s.provinces[p].armies - _threat(game, seat, p))
            plan[f] = card[best]
            free.discard(best)
        elif in_tray >= n:
            plan[f] = towers.pop(0)
            in_tray -= n
        else:
            continue
        officials -= n
    return plan


def decide(game: "Game", seat: int, kind: str, options: list["Decision"]) -> "Decision | None":
    """The bot's choice for an expansion's decision, or None for other kinds."""
    s = game.state
    if kind == "privilege":
        takes = [o for o in options if o.count]
        best = max(takes, key=lambda o: (card_value(o.count), o.count), default=None)
        return best if best is not None and card_value(best.count) >= 1 else next(o for o in options if not o.count)
    if kind == "privilege_use":
        effect = CARDS[int(s.pending.action)]["effect"]

        def value(o):
            pv = s.provinces[o.province]
            node = game.graph.nodes[o.province]
            if effect == "remove_unrest":
                return pv.unrest
            if effect == "free_armies" and pv.owner is None:
                return 10 + node["tax"] + node["rice"]
            return pv.armies - _threat(game, seat, o.province) + 0.1 * (node["tax"] + node["rice"])
        return max(options, key=value)
    if kind == "samurai":
        from .samurai import options as shown

        amounts = shown(s, seat)
        return max(options, key=lambda o: WORTH[o.field] * amounts[o.field])
    return None
