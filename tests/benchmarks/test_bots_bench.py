"""Bot benchmarks (run with `make benchmark`; skipped in the normal test run).

The figures the issue asks for (median and p99 per decision, per level, over
many seeded games) come from ``python -m shogun_tutor botstats``; these time
single decisions at fixed, typical points of a game.
"""

from shogun_tutor.bots import HeuristicBot, StrongBot
from shogun_tutor.rules.game import new_game


def _first_plan(players: int = 5):
    return new_game(players=players, seed=3, history=False)


def test_bench_heuristic_season_plan(benchmark):
    game = _first_plan()

    def plan():
        return HeuristicBot(1).decide_with_reason(game)  # a fresh bot plans the whole season

    decision, reason = benchmark(plan)
    assert decision in game.legal_decisions() and reason.kind


def test_bench_strong_season_plan_search(benchmark):
    game = _first_plan()

    def plan():
        return StrongBot(1).decide_with_reason(game)  # the look-ahead over plan variants

    decision, _ = benchmark.pedantic(plan, rounds=5, iterations=1)
    assert decision in game.legal_decisions()
