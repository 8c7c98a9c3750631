"""Who wins a battle, from the cubes that came out of the tower.

This module holds the *verdict* rules only (pure functions of counts); moving
cubes between supply, tower, tray and province is done by the engine.

Three kinds of battle (rulebook, "Verloop gevechten"):

* ``player``: a player attacks a province held by another player.
  Farmers that come out fight for the defender, but only when the province
  has no unrest marker; otherwise they are not involved and stay in the tray.
* ``neutral``: a player attacks a province nobody holds; the farmers
  defend it (1 farmer is thrown in, 2 with event "neutral_two_farmers").
* ``revolt``: the farmers rise against a player (tax/rice in a province with
  unrest markers, or rice shortage in winter). All farmers that come out fight
  against the player, who defends.

The side with more cubes out wins; equal counts are a draw. If only farmers
came out for the defender (none of the defending player's own armies) and the
defender would win, the battle is a draw instead. The loser's cubes go back,
and the winner loses as many cubes as the loser had, farmers first.

Kozuke (rulebook example): blue attacks with 4, yellow defends with 3; out
come 3 blue, 1 yellow and 1 farmer; no unrest, so the farmer fights for
yellow: blue wins 3:2 and loses 2 of its 3.

>>> v = judge("player", attacker_out=3, defender_out=1, farmers_out=1, unrest=0)
>>> v.outcome, v.attacker_total, v.defender_total, v.winner_armies_lost, v.survivors
('attacker', 3, 2, 2, 1)

Only farmers came out for the defender, who would win: a draw.

>>> judge("player", attacker_out=1, defender_out=0, farmers_out=2, unrest=0).outcome
'draw'
"""

from __future__ import annotations

from dataclasses import dataclass

BATTLE_KINDS = ("player", "neutral", "revolt")
OUTCOMES = ("attacker", "defender", "draw")


@dataclass(frozen=True)
class Verdict:
    """The result of a battle, with every number that led to it.

    ``farmers_side`` says whom the farmers that came out fought for:
    ``'defender'``, ``'attacker'`` (a revolt) or ``'none'`` (not involved:
    they stay in the tray). ``draw_reason`` is ``'equal'`` or
    ``'only_farmers_for_defender'`` for draws, else ``None``.
    ``winner_armies_lost`` counts the winning *player's* armies that go back
    to the supply (the farmers on the winner's side are removed first);
    ``survivors`` are the winning player's armies left to occupy the province
    (0 when the farmers win).
    """

    kind: str
    attacker_out: int
    defender_out: int
    farmers_out: int
    farmers_side: str
    attacker_total: int
    defender_total: int
    outcome: str
    draw_reason: str | None
    winner_farmers_lost: int
    winner_armies_lost: int
    survivors: int


def farmers_side(kind: str, unrest: int) -> str:
    """Whom the farmers that come out fight for."""
    if kind == "revolt":
        return "attacker"
    if kind == "neutral":
        return "defender"
    if kind == "player":
        return "defender" if unrest == 0 else "none"
    raise ValueError(f"unknown battle kind {kind!r}; expected one of {', '.join(BATTLE_KINDS)}")


def judge(kind: str, attacker_out: int, defender_out: int, farmers_out: int, unrest: int = 0) -> Verdict:
    """Decide a battle from the cubes that came out.

    ``attacker_out`` / ``defender_out`` are the *players'* armies of each side
    that came out (for a revolt the attacker is the farmers, so pass 0; for a
    neutral province the defender is the farmers, so pass 0). ``farmers_out``
    are all farmers that came out. ``unrest`` is the number of unrest markers
    in the province (it decides whether farmers help a defending player).
    """
    for name, value in (("attacker_out", attacker_out), ("defender_out", defender_out), ("farmers_out", farmers_out), ("unrest", unrest)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name} must be a whole number >= 0, got {value!r}")
    if kind == "revolt" and attacker_out:
        raise ValueError("in a revolt the attackers are farmers: pass them as farmers_out, attacker_out=0")
    if kind == "neutral" and defender_out:
        raise ValueError("a neutral province has no defending armies: defender_out must be 0")
    side = farmers_side(kind, unrest)
    att = attacker_out + (farmers_out if side == "attacker" else 0)
    dfn = defender_out + (farmers_out if side == "defender" else 0)
    draw_reason = None
    if att > dfn:
        outcome = "attacker"
    elif dfn > att:
        outcome = "defender"
        if kind == "player" and defender_out == 0:
            outcome, draw_reason = "draw", "only_farmers_for_defender"
    else:
        outcome, draw_reason = "draw", "equal"

    winner_farmers_lost = winner_armies_lost = survivors = 0
    if outcome != "draw":
        loser_total = dfn if outcome == "attacker" else att
        winner_farmers = farmers_out if side == outcome else 0
        winner_armies = attacker_out if outcome == "attacker" else defender_out
        winner_farmers_lost = min(loser_total, winner_farmers)
        winner_armies_lost = loser_total - winner_farmers_lost
        survivors = winner_armies - winner_armies_lost
    return Verdict(
        kind=kind,
        attacker_out=attacker_out,
        defender_out=defender_out,
        farmers_out=farmers_out,
        farmers_side=side,
        attacker_total=att,
        defender_total=dfn,
        outcome=outcome,
        draw_reason=draw_reason,
        winner_farmers_lost=winner_farmers_lost,
        winner_armies_lost=winner_armies_lost,
        survivors=survivors,
    )


def split_tray(tray: list, attacker: int | None, defender: int | None, farmers_involved: bool):
    """After a battle: which cubes of the tray go back (to whose supply) and which stay.

    The armies of both sides and the farmers that fought go back; other players'
    armies, and farmers that were not involved, stay in the tray. Returns
    ``(stay, back)`` with ``back`` a dict owner -> count (None for farmers).
    """
    stay, back = [], {}
    for c in tray:
        if (c.owner is None and farmers_involved) or (c.owner is not None and c.owner in (attacker, defender)):
            back[c.owner] = back.get(c.owner, 0) + 1
        else:
            stay.append(c)
    return stay, back
