"""The actions: the ten action cards in their order, each carried out in turn order."""

from __future__ import annotations

from ...data import COMPONENTS
from .. import errors as E
from .. import modifiers
from ..combat import battle, revolt
from ..decisions import Decision, Pending
from ..state import chest_value
from .base import Phase
from .draft import card_province

BUILD_ACTIONS = ("castle", "temple", "theater")
MOVE_ACTIONS = ("army1_move", "battle_a", "battle_b")


def move_targets(game, p: Pending) -> list[tuple[str, int]]:
    """(target, most armies) for the pending move: the neighbours it may enter."""
    s = game.state
    src = s.provinces[p.province]
    if src.owner != p.player or src.armies < 2:
        return []
    return [(n, src.armies - 1) for n in game.rules.neighbours[p.province] if entry_problem(game, p, n) is None]


def move_problem(game, p: Pending, target: str) -> E.RuleViolation | None:
    """Why the pending move may not go into ``target`` (None: it may)."""
    if target not in game.rules.neighbours:
        return E.NotInPlay(f"{target} is not in play")
    if target not in game.rules.neighbours[p.province]:
        return E.NotAdjacent(f"{target} does not border {p.province} (sea routes count)")
    return entry_problem(game, p, target)


def entry_problem(game, p: Pending, target: str) -> E.RuleViolation | None:
    """Why the pending move may not enter the neighbour ``target`` (None: it may)."""
    t = game.state.provinces[target]
    if p.action == "army1_move" and t.owner != p.player:
        return E.NotOwnProvince(f"with 'place 1 army' armies may only move into an own province; {target} is not")
    source = modifiers.protector(game.state, p.player, target, p.action)
    if source is not None:
        if source.by == "privilege":
            return E.ProvinceImmune(f"{target}'s owner holds a privilege card that protects him against this action this round",
                                    rule="privilege.immune")
        return E.ProvinceImmune(f"{target} has a temple and may not be attacked this round")
    return None


class ActionsPhase(Phase):
    id = "actions"
    decisions = {"move": ("province", "target", "count")}

    def enter(self, game) -> None:
        r = game.state.round
        r.action_index = r.turn_index = 0
        game.log_event("action.reveal", action=r.action_cards[0], position=1)

    # --- legality -----------------------------------------------------------------------
    def context(self, game, pending):
        return dict(move_targets(game, pending))  # target -> most armies

    def candidates(self, game, p, targets):
        for target, max_n in targets.items():
            for n in range(1, max_n + 1):
                yield Decision("move", p.player, province=p.province, target=target, count=n)
        yield Decision("move", p.player, province=p.province, target=None, count=0)

    def why_not(self, game, d, targets):
        p = game.state.pending
        if d.province != p.province:
            return E.WrongDecisionKind(f"the armies move from {p.province}, not {d.province}", rule="move.source")
        if d.target is None:
            if d.count:
                return E.MalformedDecision("not moving means moving 0 armies (count=0)")
            if p.action != "army1_move" and targets:
                return E.RuleViolation("the battle/move action must be carried out when it can be", rule="action.must_carry_out")
            return None
        if d.target not in targets:  # the targets are those move_problem lets through
            problem = move_problem(game, p, d.target)
            if problem:
                return problem
        armies = game.state.provinces[p.province].armies
        if not 1 <= d.count <= armies - 1:
            return E.MustLeaveOneArmy(f"{p.province} has {armies} armies: move 1 to {armies - 1}")
        return None

    # --- execution ----------------------------------------------------------------------
    def execute(self, game, d) -> None:
        s = game.state
        p = s.pending
        s.pending = None
        if d.target is None:
            game.log_event("move.none", d.player, p.province, action=p.action)
        else:
            move(game, d.player, p.action, p.province, d.target, d.count)
        next_turn(game)

    def step(self, game) -> None:
        s = game.state
        r = s.round
        if r.action_index >= len(r.action_cards):
            game.next_phase()  # the last action of the round: the flow ends it
            return
        action = r.action_cards[r.action_index]
        seat = r.turn_order[r.turn_index]
        pl = s.players[seat]
        card = pl.plan.get(action)
        if card is None or chest_value(card) is not None:  # (a battle-tower card counts as a chest card)
            next_turn(game)
            return
        prov = card_province(card)
        if s.provinces[prov].owner != seat or card in pl.handed_over:
            # the card was handed over at once when the province changed hands (even if won back since)
            game.log_event("action.lapsed", seat, prov, action=action, reason="province_lost")
            next_turn(game)
            return
        if action in MOVE_ACTIONS:
            if action == "army1_move" and not place_armies(game, seat, prov, action):
                next_turn(game)
                return
            pend = Pending("move", seat, province=prov, action=action)
            if not move_targets(game, pend):
                if action == "army1_move":
                    game.log_event("move.none", seat, prov, action=action, reason="no_own_neighbour_or_one_army")
                else:
                    game.log_event("action.lapsed", seat, prov, action=action, reason="no_move_possible",
                                   armies=s.provinces[prov].armies,
                                   immune=modifiers.immune_neighbours(s, seat, prov, action))
                next_turn(game)
                return
            s.pending = pend
            return
        ACTION_RULES.get(action, place_armies)(game, seat, prov, action)
        next_turn(game)


def next_turn(game) -> None:
    r = game.state.round
    r.turn_index += 1
    if r.turn_index >= len(r.turn_order):
        r.turn_index = 0
        r.action_index += 1
        if r.action_index < len(r.action_cards):
            game.log_event("action.reveal", action=r.action_cards[r.action_index], position=r.action_index + 1)


# --- the actions ------------------------------------------------------------------------------
def build(game, seat: int, prov: str, building: str) -> None:
    s = game.state
    pv = s.provinces[prov]
    slots = game.graph.nodes[prov]["building_slots"]
    cost = modifiers.build_cost(s, seat, building)
    if building in pv.buildings:
        game.log_event("action.lapsed", seat, prov, action=building, reason="already_built")
        return
    if len(pv.buildings) >= slots:
        game.log_event("action.lapsed", seat, prov, action=building, reason="no_free_slot", slots=slots)
        return
    if s.buildings_left[building] <= 0:
        game.log_event("action.lapsed", seat, prov, action=building, reason="no_building_left")
        return
    pl = s.players[seat]
    if pl.chests < cost:
        game.log_event("action.lapsed", seat, prov, action=building, reason="not_enough_chests", cost=cost, chests=pl.chests)
        return
    pl.chests -= cost
    pv.buildings.append(building)
    s.buildings_left[building] -= 1
    game.log_event("action.build", seat, prov, building=building, cost=cost, slots=slots,
                   used_slots=len(pv.buildings), chests=pl.chests)
    source = modifiers.after_build(s, seat, building)
    if source is not None and pv.unrest > 0:
        pv.unrest -= 1
        game.log_event("event.theater_removes_unrest", seat, prov, event=s.round.event, unrest=pv.unrest)


def place_armies(game, seat: int, prov: str, action: str) -> bool:
    """Pay and place armies. The action needs the armies *after the event*; the special "6 armies"
    then replaces that number by 6 when the supply has 6 (it is optional: else the action still counts)."""
    s = game.state
    pl = s.players[seat]
    base = COMPONENTS.action_amounts[action]
    needed, steps = modifiers.armies_needed(s, seat, action)
    cost = COMPONENTS.action(action).cost
    if pl.supply < needed:
        game.log_event("action.lapsed", seat, prov, action=action, reason="not_enough_armies", needed=needed, supply=pl.supply)
        return False
    if pl.chests < cost:
        game.log_event("action.lapsed", seat, prov, action=action, reason="not_enough_chests", cost=cost, chests=pl.chests)
        return False
    amount, more = modifiers.armies_to_place(s, seat, action, needed, pl.supply)
    pl.chests -= cost
    pl.supply -= amount
    s.provinces[prov].armies += amount
    game.log_event("action.armies", seat, prov, action=action, base=base, steps=steps + more, placed=amount, cost=cost,
                   armies=s.provinces[prov].armies)
    return True


def income(game, seat: int, prov: str, action: str) -> None:
    s = game.state
    pv = s.provinces[prov]
    pl = s.players[seat]
    if pv.unrest > 0:
        kept = revolt(game, seat, prov, farmers=pv.unrest, extra=0, cause=action)
        if not kept:
            game.log_event("action.lapsed", seat, prov, action=action, reason="revolt_lost")
            return
    base = game.graph.nodes[prov]["tax" if action == "tax" else "rice"]
    amount, steps = modifiers.income(s, seat, action, base)
    if action == "tax":
        pl.chests += amount
    else:
        pl.rice += amount
    pv.unrest += 1
    game.log_event("action.income", seat, prov, action=action, base=base, steps=steps, amount=amount,
                   total=pl.chests if action == "tax" else pl.rice, unrest=pv.unrest)
    absorber = modifiers.unrest_absorber(s, seat)
    if absorber is not None:
        absorber.absorb(game, seat, prov)


def move(game, seat: int, action: str, src: str, dst: str, n: int) -> None:
    s = game.state
    sp, tp = s.provinces[src], s.provinces[dst]
    sp.armies -= n
    if tp.owner == seat:
        tp.armies += n
        game.log_event("move.armies", seat, src, target=dst, armies=n, action=action, left=sp.armies, now=tp.armies)
        return
    battle(game, seat, action, src, dst, n)


ACTION_RULES = {"castle": build, "temple": build, "theater": build, "tax": income, "rice": income}
