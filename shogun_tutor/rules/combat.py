"""Battles and revolts carried out: the set-up (:mod:`.battle_setup`), the throw, the verdict, the settling."""

from __future__ import annotations

from . import battle as battle_rules
from .battle_setup import BattleSetup, battle_in_state, setup_battle


def throw_record(result) -> dict:
    """What the animation needs to replay a throw: each cube's owner, start and end."""
    return {"paths": [[p.cube.id, p.cube.owner, p.cube.origin, p.start, p.end, p.knocked] for p in result.paths]}


def verdict_dict(v: battle_rules.Verdict) -> dict:
    return {
        "outcome": v.outcome, "attacker_total": v.attacker_total, "defender_total": v.defender_total,
        "farmers_side": v.farmers_side, "draw_reason": v.draw_reason, "winner_farmers_lost": v.winner_farmers_lost,
        "winner_armies_lost": v.winner_armies_lost, "survivors": v.survivors,
    }


def _take_cubes(game, setup: BattleSetup, origin: str) -> list:
    """Take the set-up's extra armies and farmers from the supplies; the cubes in throw order."""
    s = game.state
    for seat, k in setup.from_supply:
        s.players[seat].supply -= k
    s.farmer_supply -= setup.farmers_from_supply
    return [c for owner, n in setup.groups for c in game.new_cubes(owner, n, origin)]


def battle(game, attacker: int, action: str, src: str, dst: str, n: int) -> None:
    """``attacker`` has taken ``n`` armies out of ``src`` and attacks ``dst``."""
    s = game.state
    tp = s.provinces[dst]
    setup = battle_in_state(s, attacker, dst, n)
    defender = setup.defender
    origin = f"battle:{len(s.log)}"
    cubes = _take_cubes(game, setup, origin)
    tp.armies = 0
    thrown = {"attacker": setup.attacker_armies, "defender": setup.defender_armies, "farmers": setup.farmers,
              "tray": len(s.tower.tray)}
    result = game.tower_model.throw(s.tower, cubes, game.rng)
    out = result.out_by_owner()
    att_out = out.get(attacker, 0)
    def_out = out.get(defender, 0) if defender is not None else 0
    farmers_out = out.get(None, 0)
    unrest_before = tp.unrest
    verdict = battle_rules.judge(setup.kind, att_out, def_out, farmers_out, unrest_before)
    settle(game, verdict, attacker, defender, dst)
    game.log_event(
        "battle.result", attacker, dst, kind=setup.kind, action=action, source=src, defender=defender,
        moved=n, extras=list(setup.extras), thrown=thrown,
        came_out={"attacker": att_out, "defender": def_out, "farmers": farmers_out,
                  "others": len(result.came_out) - att_out - def_out - farmers_out},
        unrest=unrest_before, verdict=verdict_dict(verdict), owner=tp.owner, armies=tp.armies,
        throw=throw_record(result),
    )


def settle(game, v: battle_rules.Verdict, attacker: int | None, defender: int | None, prov: str) -> None:
    """Move the cubes of a decided battle out of the tray; change the province."""
    s = game.state
    s.tower.tray, back = battle_rules.split_tray(s.tower.tray, attacker, defender, v.farmers_side != "none")
    for owner, n in back.items():
        if owner is None:
            s.farmer_supply += n
        else:
            s.players[owner].supply += n
    tp = s.provinces[prov]
    winner = {"attacker": attacker, "defender": defender}.get(v.outcome)
    if v.outcome == "draw" or winner is None:
        # a draw, or the farmers won: the province is cleared
        if tp.owner is not None:
            game.transfer_card(prov, None)
        tp.owner, tp.armies = None, 0
        s.buildings_left.update({b: s.buildings_left[b] + 1 for b in tp.buildings})
        tp.buildings, tp.unrest = [], 0
        return
    s.players[winner].supply -= v.survivors
    if tp.owner != winner:
        game.transfer_card(prov, winner)
    tp.owner, tp.armies = winner, v.survivors


def revolt(game, seat: int, prov: str, farmers: int, extra: int, cause: str) -> bool:
    """Farmers rise in ``prov`` against ``seat``; True when the player keeps the province."""
    s = game.state
    pv = s.provinces[prov]
    setup = setup_battle("revolt", defender=seat, defending=pv.armies, unrest=farmers, extra_farmers=extra, state=s)
    origin = f"revolt:{len(s.log)}"
    cubes = _take_cubes(game, setup, origin)
    pv.armies = 0
    tray = len(s.tower.tray)
    result = game.tower_model.throw(s.tower, cubes, game.rng)
    out = result.out_by_owner()
    verdict = battle_rules.judge("revolt", 0, out.get(seat, 0), out.get(None, 0), pv.unrest)
    unrest_before = pv.unrest
    settle(game, verdict, None, seat, prov)
    game.log_event(
        "battle.revolt", seat, prov, cause=cause, unrest=unrest_before, farmers_from_unrest=farmers,
        extra_farmers=extra, farmers=setup.farmers, thrown={"defender": setup.defender_armies, "farmers": setup.farmers, "tray": tray},
        came_out={"defender": out.get(seat, 0), "farmers": out.get(None, 0),
                  "others": len(result.came_out) - out.get(seat, 0) - out.get(None, 0)},
        verdict=verdict_dict(verdict), owner=pv.owner, armies=pv.armies, throw=throw_record(result),
    )
    return verdict.outcome == "defender"
