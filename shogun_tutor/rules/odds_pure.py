"""Battle odds in pure Python: each trial is one throw of the engine's own tower model.

The static build runs the tutor in the visitor's browser on Pyodide, whose runtime from the npm
registry has no numpy (PyPI has no WebAssembly wheel of it). There :func:`.odds.battle_odds`
throws its trials here: :meth:`.tower.PhysicalTower.throw` on a copy of the tower, and the
verdict of each trial from :func:`.battle.judge` itself. The distribution is the numpy path's (that
path is the same model written on counts); the random draws are not, so the two agree within the
Monte Carlo error (``tests/tower/test_odds_paths.py``).
"""

from __future__ import annotations

import random
from collections import Counter

from .battle import judge
from .tower import Cube, PhysicalTower, TowerParams, TowerState

ATT, DEF, FARM, OTHER = range(4)
#: owners standing for the four kinds of cube (the seats' own numbers do not matter to the model)
_OWNERS = (0, 1, None, 2)


def _tower(levels: list[list[int]], tray: list[int]) -> TowerState:
    """A tower holding the given counts by kind (attacker, defender, farmers, other) per level and in the tray."""
    ids = iter(range(10**6, 2 * 10**6))

    def cubes(counts):
        return [Cube(next(ids), _OWNERS[k], "before") for k, n in enumerate(counts) for _ in range(n)]

    return TowerState([cubes(level) for level in levels], cubes(tray))


def simulate(starts: list[tuple[list[list[int]], list[int]]], shares: list[int], thrown: list[int],
             params: TowerParams, kind: str, unrest: int, seed: int | None):
    """Throw ``thrown`` (counts by kind) into each start (levels, tray) ``shares[i]`` times; tally the verdicts.

    Returns (wins, draws, losses, attacker survivors Counter, defender survivors Counter, cubes out).

    >>> from .tower import DEFAULT_PARAMS
    >>> w, d, l, att, dfn, out = simulate([([[0] * 4] * 3, [0] * 4)], [200], [4, 3, 0, 0], DEFAULT_PARAMS, "player", 0, 1)
    >>> w + d + l, sum(att.values()) == w, 0 < out / 200 < 7
    (200, True, True)
    """
    rng = random.Random(seed)
    model = PhysicalTower(params)
    tally = [0, 0, 0]  # attacker, draw, defender
    att_surv: Counter = Counter()
    def_surv: Counter = Counter()
    cubes_out = 0
    battle = [Cube(i, _OWNERS[k], "battle") for i, k in enumerate(k for k, n in enumerate(thrown) for _ in range(n))]
    for (levels, tray), share in zip(starts, shares):
        start = _tower(levels, tray)
        for _ in range(share):
            out = model.throw(start.copy(), battle, rng).out_by_owner()
            cubes_out += sum(out.values())
            verdict = judge(kind, out.get(_OWNERS[ATT], 0), out.get(_OWNERS[DEF], 0), out.get(None, 0), unrest)
            if verdict.outcome == "attacker":
                tally[0] += 1
                att_surv[verdict.survivors] += 1
            elif verdict.outcome == "defender":
                tally[2] += 1
                def_surv[verdict.survivors] += 1
            else:
                tally[1] += 1
    return tally[0], tally[1], tally[2], att_surv, def_surv, cubes_out
