"""Tower benchmarks (run with `make benchmark`)."""

import random

from shogun_tutor.rules.odds import battle_odds
from shogun_tutor.rules.tower import Cube, PhysicalTower, TowerState


def test_bench_battle_odds_100k(benchmark):
    odds = benchmark(battle_odds, 4, 3, 0, None, 100_000)
    assert odds.trials == 100_000


def test_bench_single_throw(benchmark):
    model, rng = PhysicalTower(), random.Random(0)
    tower = TowerState.empty()
    model.throw(tower, [Cube(i, i % 4, "fill") for i in range(38)], rng)

    def throw():
        model.throw(tower, [Cube(1000 + i, i % 2, "b") for i in range(7)], rng)
        tower.tray = tower.tray[:2]

    benchmark(throw)
