"""The odds' two paths give the same figures: numpy's vectorised counts (the server) and pure Python (the browser).

The pure path throws the engine's own tower model trial by trial; its random draws differ from
numpy's, so the figures agree within the Monte Carlo error: each chance within 4.5 standard errors
of the difference of two independent estimates, the mean of cubes out within 0.1.
"""

import math
import subprocess
import sys

import pytest

from shogun_tutor.rules.odds import battle_odds
from shogun_tutor.rules.tower import Cube, TowerState

TRIALS = 20_000


def _filled_tower():
    tower = TowerState.empty()
    tower.levels[0] = [Cube(i, 2, "old") for i in range(6)]
    tower.levels[2] = [Cube(10 + i, 0, "old") for i in range(4)] + [Cube(20 + i, None, "old") for i in range(5)]
    tower.tray = [Cube(30, 1, "old"), Cube(31, None, "old")]
    return tower


CASES = {
    "empty tower 4 against 3": dict(attacker=4, defender=3),
    "filled tower 3 against 3": dict(attacker=3, defender=3, tower=_filled_tower()),
    "neutral province": dict(attacker=3, defender=0, farmers=2, kind="neutral", defender_seat=None, tower=_filled_tower()),
    "revolt": dict(attacker=0, defender=2, farmers=4, kind="revolt", attacker_seat=None, unrest=2),
    "two towers shared": dict(attacker=5, defender=4, tower=[TowerState.empty(), _filled_tower()]),
}


def _close(p: float, q: float, n: int) -> bool:
    pooled = (p + q) / 2
    sigma = math.sqrt(max(pooled * (1 - pooled), 1 / n) * 2 / n)
    return abs(p - q) <= 4.5 * sigma


@pytest.mark.parametrize("case", sorted(CASES))
def test_pure_python_odds_agree_with_numpy(case):
    fast = battle_odds(**CASES[case], trials=TRIALS, seed=5)
    pure = battle_odds(**CASES[case], trials=TRIALS, seed=5, pure=True)
    assert pure.trials == fast.trials == TRIALS
    for name in ("win", "draw", "loss"):
        assert _close(getattr(fast, name), getattr(pure, name), TRIALS), (name, fast, pure)
    assert abs(pure.win + pure.draw + pure.loss - 1) < 1e-9
    assert abs(sum(pure.survivors.values()) - pure.win) < 1e-9
    assert abs(sum(pure.defender_survivors.values()) - pure.loss) < 1e-9
    for side in ("survivors", "defender_survivors"):
        a, b = getattr(fast, side), getattr(pure, side)
        for k in set(a) | set(b):
            assert _close(a.get(k, 0.0), b.get(k, 0.0), TRIALS), (side, k, a, b)
    assert abs(fast.mean_out - pure.mean_out) < 0.1, (fast.mean_out, pure.mean_out)


def test_pure_python_odds_are_reproducible_and_use_the_seed():
    a = battle_odds(4, 3, trials=3000, seed=1, pure=True)
    assert a == battle_odds(4, 3, trials=3000, seed=1, pure=True)
    assert a != battle_odds(4, 3, trials=3000, seed=2, pure=True)


def test_without_numpy_the_odds_take_the_pure_path():
    """As in the browser: numpy cannot be imported, the module still loads and gives the pure path's figures."""
    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "from shogun_tutor.rules.odds import battle_odds, np\n"
        "assert np is None\n"
        "print(repr(battle_odds(4, 3, trials=2000, seed=9)))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == repr(battle_odds(4, 3, trials=2000, seed=9, pure=True))
