"""Battle odds by Monte Carlo on the current tower, vectorised with numpy.

Where numpy cannot be imported (the static build's Python in the browser) the trials are thrown
by :mod:`.odds_pure`, the same model in pure Python; ``pure=True`` asks for that path anywhere.

The simulation is the physical tower model of :mod:`.tower` written on counts
(attacker, defender, farmers, other cubes) for many trials at once, so it has
the same distribution as the scalar model; the verdict is :func:`.battle.judge`
on arrays (a test compares both on every small input).

>>> odds = battle_odds(4, 3, trials=20_000, seed=1)
>>> round(odds.win + odds.draw + odds.loss, 6)
1.0
>>> odds.win > odds.loss  # an empty tower keeps many cubes: 4 against 3 is still open
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

try:
    import numpy as np
except ImportError:  # Pyodide from the npm registry has no numpy: odds_pure throws the trials
    np = None

from . import odds_pure
from .battle import BATTLE_KINDS
from .tower import DEFAULT_PARAMS, TowerParams, TowerState

ATT, DEF, FARM, OTHER = range(4)


@dataclass(frozen=True)
class Odds:
    """Chances from the attacker's side (for a revolt the farmers attack)."""

    win: float
    draw: float
    loss: float
    trials: int
    survivors: dict[int, float]  # armies the attacker keeps when he wins -> probability
    defender_survivors: dict[int, float]  # armies the defender keeps when he wins -> probability
    mean_out: float  # cubes out of the tower per throw


def _counts(tower: TowerState | None, attacker_seat: int | None, defender_seat: int | None, levels: int):
    """The tower's cubes as counts by kind: (levels x 4 lists, tray's 4)."""
    lv = [[0, 0, 0, 0] for _ in range(levels)]
    tray = [0, 0, 0, 0]

    def kind(owner):
        if owner is None:
            return FARM
        if owner == attacker_seat:
            return ATT
        if owner == defender_seat:
            return DEF
        return OTHER

    if tower is not None:
        if len(tower.levels) != levels:
            raise ValueError(f"the tower state has {len(tower.levels)} levels, the model {levels}")
        for i, level in enumerate(tower.levels):
            for c in level:
                lv[i][kind(c.owner)] += 1
        for c in tower.tray:
            tray[kind(c.owner)] += 1
    return lv, tray


def simulate_throws(stream, levels, params: TowerParams, rng) -> tuple:
    """Throw ``stream`` (trials x 4 counts) through ``levels`` (trials x L x 4); returns (out, levels)."""
    S = stream.copy()
    L = levels.copy()
    for li in range(params.levels):
        n = S.sum(axis=1)
        if params.knock > 0:
            q = 1.0 - (1.0 - params.knock) ** n
            knocked = rng.binomial(L[:, li, :], q[:, None])
            L[:, li, :] -= knocked
        else:
            knocked = np.zeros_like(S)
        lodged = L[:, li, :].sum(axis=1)
        free = np.maximum(params.capacity - lodged, 0)
        chance = params.lodge * free / params.capacity
        catch = np.minimum(rng.binomial(n, chance), free)
        remaining = n.copy()
        for t in range(4):
            others = remaining - S[:, t]
            take = rng.hypergeometric(S[:, t], others, catch) if t < 3 else catch
            take = np.minimum(take, S[:, t])
            S[:, t] -= take
            L[:, li, t] += take
            catch = catch - take
            remaining = others
        S += knocked
    return S, L


def judge_arrays(kind: str, a, d, f, unrest: int):
    """:func:`.battle.judge` on arrays: returns (outcome codes 1/0/-1 for attacker/draw/defender, survivors)."""
    if kind not in BATTLE_KINDS:
        raise ValueError(f"unknown battle kind {kind!r}")
    side = "attacker" if kind == "revolt" else ("defender" if kind == "neutral" or unrest == 0 else "none")
    att = a + (f if side == "attacker" else 0)
    dfn = d + (f if side == "defender" else 0)
    outcome = np.sign(att - dfn)
    if kind == "player":
        outcome = np.where((outcome < 0) & (d == 0), 0, outcome)
    att_wins = outcome > 0
    def_wins = outcome < 0
    # the winner loses as many as the loser had, its farmers first
    win_farmers_att = f if side == "attacker" else 0
    win_farmers_def = f if side == "defender" else 0
    att_surv = a - np.maximum(dfn - win_farmers_att, 0)
    def_surv = d - np.maximum(att - win_farmers_def, 0)
    survivors = np.where(att_wins, att_surv, np.where(def_wins, def_surv, 0))
    return outcome, survivors


def battle_odds(
    attacker: int,
    defender: int,
    farmers: int = 0,
    tower: TowerState | Sequence[TowerState] | None = None,
    trials: int = 100_000,
    *,
    kind: str = "player",
    unrest: int = 0,
    attacker_seat: int | None = 0,
    defender_seat: int | None = 1,
    params: TowerParams = DEFAULT_PARAMS,
    seed: int | None = 0,
    pure: bool = False,
) -> Odds:
    """Chances of a battle thrown now, on the given tower (default: an empty one).

    ``attacker``/``defender`` are the armies each side throws in (the cards'
    extra armies included), ``farmers`` the farmers thrown in (1 or 2 for a
    neutral province, the rebels of a revolt). For a battle of a game use
    :func:`setup_odds` with :func:`.battle_setup.battle_in_state`: the set-up
    counts the cards, nobody adds them by hand. For a revolt pass
    ``kind='revolt'``, ``attacker=0``, ``attacker_seat=None``; for a neutral
    province ``kind='neutral'``, ``defender=0``, ``defender_seat=None``.
    Cubes of the two seats already in the tower or the tray count for them
    when they come out. ``tower`` may also be a list of towers: the trials
    are shared out evenly, for the odds on a *typical* tower.
    The tower is not changed. ``pure`` throws the trials in pure Python (:mod:`.odds_pure`), as
    where numpy is missing: the same distribution, other random draws.
    """
    for name, v in (("attacker", attacker), ("defender", defender), ("farmers", farmers), ("trials", trials), ("unrest", unrest)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise ValueError(f"{name} must be a whole number >= 0, got {v!r}")
    if trials == 0:
        raise ValueError("trials must be at least 1")
    if kind not in BATTLE_KINDS:
        raise ValueError(f"unknown battle kind {kind!r}")
    if kind == "revolt" and (attacker or attacker_seat is not None):
        raise ValueError("in a revolt the farmers attack: pass attacker=0, attacker_seat=None")
    if kind == "neutral" and (defender or defender_seat is not None):
        raise ValueError("a neutral province has no defender: pass defender=0, defender_seat=None")
    if attacker_seat is not None and attacker_seat == defender_seat:
        raise ValueError("attacker and defender must be different seats")
    towers = list(tower) if isinstance(tower, (list, tuple)) else [tower]
    if not towers:
        raise ValueError("an empty list of towers")
    counts = [_counts(t, attacker_seat, defender_seat, params.levels) for t in towers]
    share = [trials // len(towers) + (1 if i < trials % len(towers) else 0) for i in range(len(towers))]
    if pure or np is None:
        wins, draws, losses, att, dfn, out = odds_pure.simulate(counts, share, [attacker, defender, farmers, 0],
                                                                params, kind, unrest, seed)
        return Odds(wins / trials, draws / trials, losses / trials, trials,
                    {v: c / trials for v, c in sorted(att.items())}, {v: c / trials for v, c in sorted(dfn.items())},
                    out / trials)
    rng = np.random.default_rng(seed)
    lv = np.repeat(np.array([c[0] for c in counts], dtype=np.int64), share, axis=0)
    tray = np.repeat(np.array([c[1] for c in counts], dtype=np.int64), share, axis=0)
    stream = tray + np.array([attacker, defender, farmers, 0])
    out, _ = simulate_throws(stream, lv, params, rng)
    outcome, survivors = judge_arrays(kind, out[:, ATT], out[:, DEF], out[:, FARM], unrest)
    win, draw, loss = (float(np.mean(outcome == v)) for v in (1, 0, -1))

    def dist(mask):
        if not mask.any():
            return {}
        values, counts_ = np.unique(survivors[mask], return_counts=True)
        return {int(v): float(c) / trials for v, c in zip(values, counts_)}

    return Odds(win, draw, loss, trials, dist(outcome > 0), dist(outcome < 0), float(out.sum(axis=1).mean()))


def setup_odds(setup, tower: TowerState | Sequence[TowerState] | None = None, trials: int = 100_000, **kw) -> Odds:
    """:func:`battle_odds` of a :class:`~.battle_setup.BattleSetup` (card armies included by the set-up)."""
    return battle_odds(setup.attacker_armies, setup.defender_armies, setup.farmers, tower, trials, kind=setup.kind,
                       unrest=setup.unrest, attacker_seat=setup.attacker, defender_seat=setup.defender, **kw)


#: the trials and seed of the odds a game shows for a battle: every surface (the decision list, the hints and the
#: bots' reasons, the review, the try-its) asks :func:`game_battle_odds`, so each quotes the same figure
GAME_TRIALS = 4000  # ~5 ms a battle, about ±1.5 percentage points
GAME_SEED = 7


def game_battle_odds(state, attacker: int, target: str, moved: int, *, trials: int = GAME_TRIALS,
                     seed: int = GAME_SEED):
    """(set-up, odds) of ``attacker`` moving ``moved`` armies into ``target`` now: the one figure of a game's battle.

    The set-up (:func:`.battle_setup.battle_in_state`) counts every army and farmer the engine will throw in (the
    turn-order cards, the event, the expansions' cards, the supplies), the odds count the cubes in the game's
    tower and tray. Seeded, and kept for the same counts: the same battle shows the same figure everywhere."""
    from .battle_setup import battle_in_state

    setup = battle_in_state(state, attacker, target, moved)
    params = game_params(state)
    lv, tray = _counts(state.tower, setup.attacker, setup.defender, params.levels)
    key = (setup.kind, setup.attacker_armies, setup.defender_armies, setup.farmers, setup.unrest,
           tuple(map(tuple, lv)), tuple(tray), params, trials, seed)
    odds = _KEPT.get(key)
    if odds is None:
        if len(_KEPT) >= 4096:
            _KEPT.clear()
        odds = _KEPT[key] = setup_odds(setup, tower=state.tower, trials=trials, seed=seed, params=params)
    return setup, odds


_KEPT: dict[tuple, Odds] = {}  # same counts, same figure: the decision list, the hint and the review ask in turn


def game_params(state) -> TowerParams:
    """The parameters of the game's tower model (a physical tower's; the default model's for a scripted one)."""
    model = getattr(state, "tower_model", None) or {}
    if model.get("kind") == "physical" and model.get("params"):
        return TowerParams(**model["params"])
    return DEFAULT_PARAMS
