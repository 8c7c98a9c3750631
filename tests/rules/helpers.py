"""Arranging rulebook situations on a real game: hand-placed provinces, a scripted tower, one action."""

from __future__ import annotations

from shogun_tutor.rules.game import Game, new_game
from shogun_tutor.rules.savefile import check_state
from shogun_tutor.rules.state import ACTION_IDS
from shogun_tutor.rules.tower import ScriptedTower


def empty_board_game(players: int = 5, side: str = "sun", script=None, seed: int = 3) -> Game:
    """A game whose provinces are all neutral and whose tower is empty, at the start of spring.

    The scripted tower lets everything out at the set-up fill, then follows ``script``.
    """
    tower = ScriptedTower([])
    game = new_game(players=players, side=side, seed=seed, tower=tower, setup="beginner" if side == "sun" else "draft")
    s = game.state
    if side != "sun":  # finish the draft quickly: any claims will do, they are cleared below
        while s.phase == "claim":
            game.apply(game.legal_decisions()[0])
    for name, pv in s.provinces.items():
        if pv.owner is not None:
            s.players[pv.owner].supply += pv.armies
        pv.owner, pv.armies, pv.buildings, pv.unrest = None, 0, [], 0
    for pl in s.players:
        s.card_supply.extend(pl.hand)
        pl.hand = []
    s.card_supply.sort()
    tower.script = [ScriptedTower._norm(x) for x in (script or [])]
    check_state(s)
    game._history.clear()
    return game


def give(game: Game, seat: int, province: str, armies: int, buildings=(), unrest: int = 0) -> None:
    s = game.state
    pv = s.provinces[province]
    pv.owner, pv.armies, pv.buildings, pv.unrest = seat, armies, list(buildings), unrest
    s.players[seat].supply -= armies
    game.transfer_card(province, seat)
    for b in buildings:
        s.buildings_left[b] -= 1


def lodge(game: Game, owner, n: int, level: int = 2) -> None:
    """Put ``n`` cubes of ``owner`` (a seat or None for farmers) on a tower level, from the supply."""
    s = game.state
    if owner is None:
        s.farmer_supply -= n
    else:
        s.players[owner].supply -= n
    s.tower.levels[level].extend(game.new_cubes(owner, n, "test"))


def run_action(game: Game, action: str, plans: dict[int, str], order: list[int] | None = None,
               special: dict[int, str] | None = None, event: int | None = None) -> None:
    """Carry out ``action`` now: ``plans`` maps seat -> province whose card lies on that field."""
    s = game.state
    check_state(s)
    s.phase = "actions"
    s.pending = None
    others = [a for a in ACTION_IDS if a != action]
    s.round.action_cards = [action] + others
    s.round.action_index = s.round.turn_index = 0
    s.round.turn_order = order or sorted(plans)
    s.round.event = event
    for pile in (s.event_deck, s.events_face_up, s.events_used):  # the forced event comes from wherever it lay
        if event in pile:
            pile.remove(event)
    for pl in s.players:
        pl.plan = {}
        pl.special = (special or {}).get(pl.seat)
    for seat, province in plans.items():
        s.players[seat].plan[action] = game.graph.nodes[province]["card"]
    game._run_automatic()


def events_of(game: Game, rule: str) -> list[dict]:
    return [e for e in game.state.log if e["rule"] == rule]
