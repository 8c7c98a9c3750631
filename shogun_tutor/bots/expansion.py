"""How the heuristic bot plays the expansions: the court fields of its plan, the privilege card it takes,
where it uses a card, the samurai bonus it chooses. Called by :class:`..bots.HeuristicBot` (two hooks:
:func:`court_plan` while it plans, :func:`decide` for the expansions' decision kinds)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.expansions.court import COURT_FIELDS, TOWER_CARD_IDS, field_armies
from ..rules.expansions.privileges import CARDS

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.decisions import Decision
    from ..rules.game import Game

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
    return 1.0  # cancel_event: the taker may set this round's event aside when it hurts him (:func:`event_effect`)


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


def _planned(s, seat: int, field: str) -> str | None:
    """The province whose card lies on ``field`` of the seat's plan this round (None: no province card there)."""
    c = s.players[seat].plan.get(field)
    return c.split("/")[0] if c and not c.startswith(("chest:", "tower")) and "/" in c else None


def event_effect(game: "Game", seat: int) -> tuple[float, str]:
    """What this round's event card is worth to ``seat`` against its rivals (its own plan; rivals' buildings),
    in rough points: below 0 it hurts the seat, so card 1 sets it aside. Returns (worth, what decides it)."""
    from ..data import COMPONENTS

    s = game.state
    nodes = game.graph.nodes
    ev = COMPONENTS.event(s.round.event)
    effect, par = ev.effect, ev.parameters

    def count(building: str, who: int) -> int:
        return sum(building in p.buildings for p in s.provinces.values() if p.owner == who)

    def edge(building: str) -> float:  # own buildings of a kind against the rivals' average
        rivals = [count(building, o) for o in range(s.num_players) if o != seat]
        return count(building, seat) - sum(rivals) / max(1, len(rivals))

    if effect in ("rice_max3", "rice_min4"):
        prov = _planned(s, seat, "rice")
        if prov is None:
            return 0.0, "no_rice"
        r = nodes[prov]["rice"]
        return WORTH["rice"] * ((min(r, par["max"]) if "max" in par else max(r, par["min"])) - r), "rice"
    if effect in ("tax_max5", "tax_min6"):
        prov = _planned(s, seat, "tax")
        if prov is None:
            return 0.0, "no_tax"
        t = nodes[prov]["tax"]
        return 0.3 * ((min(t, par["max"]) if "max" in par else max(t, par["min"])) - t), "tax"
    if effect == "armies_reduced":
        lost = sum(5 - par["armies5"] if f == "armies5" else 3 - par["armies3"]
                   for f in ("armies5", "armies3") if _planned(s, seat, f))
        return -0.4 * lost, "armies"
    if effect == "castle_defender_plus1":
        return 0.5 * edge("castle"), "castle"
    if effect == "temple_immune":
        return 0.5 * edge("temple"), "temple"
    if effect == "theater_removes_unrest":
        return 0.5 * edge("theater"), "theater"
    # neutral_two_farmers: harder battles against neutral provinces for whoever attacks them
    battles = sum(_planned(s, seat, f) is not None for f in ("battle_a", "battle_b"))
    return -0.5 * battles, "neutral"


def decide(game: "Game", seat: int, kind: str, options: list["Decision"]) -> "Decision | None":
    """The bot's choice for an expansion's decision, or None for other kinds."""
    s = game.state
    if kind == "privilege_event":
        worth, _ = event_effect(game, seat)
        return next(o for o in options if o.count == (1 if worth < 0 else 0))
    if kind == "privilege":
        takes = [o for o in options if o.count]
        best = max(takes, key=lambda o: (card_value(o.count), o.count), default=None)
        return best if best is not None and card_value(best.count) >= 1 else next(o for o in options if not o.count)
    if kind == "privilege_use":
        effect = CARDS[int(s.pending.action)]["effect"]
        options = [o for o in options if o.province is not None]  # card 12 may be declined: the bot always places

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
        from ..rules.expansions.samurai import options as shown

        amounts = shown(s, seat)
        return max(options, key=lambda o: WORTH[o.field] * amounts[o.field])
    return None
