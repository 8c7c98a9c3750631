"""What the heuristic bot values: battle odds on a typical tower, the war-chest balance in the
worst action order, and the worth of an attack or a building (pure functions of the state)."""

from __future__ import annotations

from functools import lru_cache

from ..data import COMPONENTS
from .base import Reason

COST = {a.id: a.cost for a in COMPONENTS.actions}
#: what a province more costs at a later year's winter that its harvests cannot feed (points)
LATER_MOUTH = 2.0
#: a building goes only where its strongest neighbour, attacking with all but one army, wins less often than this
EXPOSED = 0.4
#: the winter loss counted on for a later year (the mean of the event cards' losses)
MEAN_LOSS = sum(e.winter_rice_loss for e in COMPONENTS.events) / len(COMPONENTS.events)


@lru_cache(maxsize=4096)
def attack_odds(moved: int, defenders: int, farmers: int, neutral: bool) -> tuple[float, float]:
    """(chance to win, chance of a draw) for ``moved`` attackers, from the tower model's odds
    on a typical filled tower (seeded: the same numbers in every process)."""
    from ..rules.odds import battle_odds

    moved, defenders = min(moved, 20), min(defenders, 20)
    if neutral:
        o = battle_odds(moved, 0, farmers, tower=_typical_tower(), trials=600, kind="neutral",
                        defender_seat=None, seed=moved * 97 + farmers)
    else:
        o = battle_odds(moved, defenders, 0, tower=_typical_tower(), trials=600, kind="player",
                        seed=moved * 97 + defenders * 7)
    return o.win, o.draw


@lru_cache(maxsize=1)
def _typical_tower():
    from ..rules.game import new_game

    return new_game(players=4, seed=0, history=False).state.tower


def _best_special(values: dict[str, float]) -> str:
    return max(sorted(values), key=lambda k: values[k])


def _comes_before(first: str, second: str, open_cards: list[str]) -> bool:
    """True if action card ``first`` surely comes before ``second`` (both among the open cards)."""
    return first in open_cards and second in open_cards and open_cards.index(first) < open_cards.index(second)


def _worst_case_balance(fields: dict[str, str], open_cards: list[str], chests: int, tax_income: int) -> int:
    """The lowest the war chest can sink while the planned actions are paid, in the worst order
    the open action cards allow: hidden paid actions before a hidden tax."""
    order = [a for a in open_cards if a in fields]
    hidden = sorted(a for a in fields if a not in open_cards)
    hidden.sort(key=lambda a: a == "tax")  # worst case: the tax card is the last of the hidden ones
    low = balance = chests
    for a in order + hidden:
        if a == "tax":
            balance += tax_income
        else:
            balance -= COST.get(a, 0)
        low = min(low, balance)
    return low


def _attack_value(s, nodes, seat, src, dst, moved, src_threat, winters_left, effects, rice_need, last_round,
                  exact=False, held: tuple[int, ...] | None = None) -> tuple[float, int, int, float]:
    """Expected gain (in points) of attacking ``dst`` from ``src``: (value, armies moved, defence, chance).
    ``held``: :func:`held_rice` of ``seat``, when the caller values many attacks on one position."""
    t = s.provinces[dst]
    sp = s.provinces[src]
    if moved < 1:
        return -9.0, moved, 0, 0.0
    if t.owner is None:
        farmers = 2 if "neutral_two_farmers" in effects else 1
        win, draw = attack_odds(moved, 0, farmers, True)
        defence = farmers
        gain = winters_left * 1.0 + 0.4  # a province: points every winter and one more card
    else:
        defence = t.armies + (1 if "castle_defender_plus1" in effects and "castle" in t.buildings else 0)
        win, draw = attack_odds(moved, defence, 0, False)
        gain = winters_left * (1.0 + len(t.buildings)) + 1.0 + 0.5 * len(t.buildings)  # theirs lost too
    gain -= hungry_mouth(rice_need) + (winters_left - 1) * later_mouth(s, nodes, seat, dst, held)
    left = sp.armies - moved
    exposure = 0.25 * max(0, src_threat + 1 - left) * winters_left * (1 + len(sp.buildings)) / 2
    value = win * gain - 0.06 * moved * (1 - win) - exposure
    if t.owner is not None:
        value -= draw * 0.3 * (1 + len(t.buildings))  # a draw clears the province for nobody
    return value, moved, defence, win


def held_rice(s, nodes, seat: int) -> tuple[int, ...]:
    """The rice of each province ``seat`` holds, richest first (what :func:`later_mouth` reads)."""
    return tuple(sorted((nodes[p]["rice"] for p, q in s.provinces.items() if q.owner == seat), reverse=True))


def later_mouth(s, nodes, seat: int, dst: str, held: tuple[int, ...] | None = None) -> float:
    """What conquering ``dst`` costs at each later winter: :data:`LATER_MOUTH` if the provinces with it, plus
    the mean loss, are more than its three richest provinces can yield (the rice track starts at 0 every
    year, so a province more is a mouth more that next year's harvests must feed too).
    ``held``: :func:`held_rice` of ``seat``, when the caller has it already (a plan values many attacks)."""
    held = held_rice(s, nodes, seat) if held is None else held
    reach = sum(sorted((*held[:3], nodes[dst]["rice"]), reverse=True)[:3])
    return LATER_MOUTH if len(held) + 1 + MEAN_LOSS > reach else 0.0


def hungry_mouth(rice_gap: float) -> float:
    """What one more province costs at the winter when the rice still to come is ``rice_gap`` short
    (negative: to spare): a fed winter made short (winter revolts), or a shortfall made deeper."""
    if rice_gap <= -1:
        return 0.0
    return 2.0 if rice_gap <= 0 else 1.0


def _building_value(s, nodes, seat, p, b, threat, winters_left) -> float | None:
    pv = s.provinces[p]
    if b in pv.buildings or len(pv.buildings) >= nodes[p]["building_slots"]:
        return None
    region = nodes[p]["region"]
    n = s.num_players
    counts = [0] * n
    for name in nodes.regions[region]:  # nodes: :func:`.base.node_data`
        q = s.provinces[name]
        if q.owner is not None and b in q.buildings:
            counts[q.owner] += 1
    mine = counts[seat]
    best_other = max((c for i, c in enumerate(counts) if i != seat), default=0)
    pts = COMPONENTS.scoring.region_majority[b]
    tie = COMPONENTS.scoring.tie_penalty

    def my_points(c: int) -> int:
        if c == 0 or c < best_other:
            return 0
        return pts - tie if c == best_other else pts

    def their_loss(c: int) -> float:
        if best_other == 0:
            return 0.0
        if c > best_other:
            return float(pts if mine < best_other else (tie if mine == best_other else 0))
        if c == best_other and mine < best_other:
            return float(tie)
        return 0.0

    majority = my_points(mine + 1) - my_points(mine) + 0.4 * their_loss(mine + 1)
    value = winters_left * (COMPONENTS.scoring.per_building + 0.8 * majority)
    danger = max(0, threat + 2 - pv.armies) / (pv.armies + 2)
    lost = attack_odds(threat - 1, pv.armies, 0, False)[0] if threat >= 2 else 0.0  # its strongest neighbour attacks
    if lost >= EXPOSED:
        return None  # likely lost within the year (issue 21: no temple beside neighbours of 8, 5 and 3)
    return value * (1 - min(0.7, danger)) * (1 - lost)


#: below this chance to win (the tower model's odds) an attack is a blunder unless the reason says why it pays
#: (the last round of the game, when armies left over score nothing): a beginner must not copy it
ODDS_THRESHOLD = 0.30


def shown_chance(chance: float) -> int:
    """A chance to win as the whole percent a reason shows: rounded, but never onto the other side of the odds
    threshold (29.7 % is said as 29 %, not as the 30 % a good player may attack at), and 0 or 100 only when certain.

    >>> [shown_chance(x) for x in (0.0, 0.003, 0.297, 0.3, 0.684, 0.998, 1.0)]
    [0, 1, 29, 30, 68, 99, 100]
    """
    shown = round(100 * chance)
    if chance < ODDS_THRESHOLD:  # the threshold is said as a whole percent too (text.review)
        shown = min(shown, round(100 * ODDS_THRESHOLD) - 1)
    if 0 < chance < 1:
        shown = min(max(shown, 1), 99)
    return shown


def active_effects(s) -> list[str]:
    """The effect of this round's event card, unless it is set aside (privilege card 1)."""
    from ..rules.modifiers import event_sources

    return [COMPONENTS.event(s.round.event).effect] if s.round.event and event_sources(s) else []


def attack_chance(s, seat: int, target: str, moved: int) -> tuple[float, int]:
    """(chance to win, defence) of ``moved`` armies of ``seat`` attacking ``target`` now, from the engine's one odds
    (:func:`~shogun_tutor.rules.odds.game_battle_odds`: the cards' armies, the event and the cubes in the tower
    counted); the defence is the defending armies (the cards' included) or, for a neutral province, its farmers."""
    from ..rules.odds import game_battle_odds

    setup, odds = game_battle_odds(s, seat, target, moved)
    return odds.win, (setup.farmers if setup.kind == "neutral" else setup.defender_armies)


def attack_reason(kind: str, s, seat: int, province: str, target: str, moved: int, **extra) -> Reason:
    """A reason of ``kind`` for ``moved`` armies of ``seat`` attacking ``target`` from ``province``, with the figures
    the game shows for that battle (:func:`~shogun_tutor.rules.odds.game_battle_odds`): the armies moved, the armies
    the cards add (``extra``), the defending armies (``defence``) or a neutral province's farmers (``farmers``)."""
    from ..rules.odds import game_battle_odds

    setup, odds = game_battle_odds(s, seat, target, moved)
    params = dict(province=province, target=target, armies=moved, chance=shown_chance(odds.win), **extra)
    params["extra"] = sum(k for who, k in setup.from_supply if who == seat)
    if setup.kind == "neutral":
        params["farmers"] = setup.farmers
    else:
        params["defence"] = setup.defender_armies
    return Reason(kind, **params)


def attack_figures(setup, odds) -> dict:
    """What the decision list shows for an attack, from the engine's set-up and odds
    (:func:`~shogun_tutor.rules.odds.game_battle_odds`): whether the province is neutral, the armies the cards add
    and the whole percents (the win rounded as every surface rounds it, :func:`shown_chance`). Plain data: the
    game review keeps it, :func:`shogun_tutor.text.decisions.attack_label` says it."""
    return {"neutral": setup.kind == "neutral", "extra": sum(k for who, k in setup.from_supply if who == setup.attacker),
            "win": shown_chance(odds.win), "draw": round(100 * odds.draw), "loss": round(100 * odds.loss)}


def last_round(s) -> bool:
    """The game's last round: armies left over after it score nothing."""
    from ..rules.rules import SEASONS

    return s.year == COMPONENTS.years and s.season == SEASONS[-1]
