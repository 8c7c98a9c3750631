"""Benchmarks (run with `make benchmark`; skipped in the normal test run)."""

from shogun_tutor.bots import HeuristicBot, RandomBot, play
from shogun_tutor.rules.game import new_game


def test_bench_full_5_player_heuristic_game(benchmark):
    seeds = iter(range(10**6))

    def one_game():
        seed = next(seeds)
        return play(new_game(players=5, seed=seed, history=False), [HeuristicBot(seed + i) for i in range(5)])

    game = benchmark(one_game)
    assert game.over


def test_bench_full_5_player_random_game(benchmark):
    seeds = iter(range(10**6))

    def one_game():
        seed = next(seeds)
        return play(new_game(players=5, seed=seed, history=False), [RandomBot(seed + i) for i in range(5)])

    assert benchmark(one_game).over
