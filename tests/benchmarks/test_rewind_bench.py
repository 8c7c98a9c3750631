"""Reading back a whole game (run with `make benchmark`; skipped in the normal test run).

Prints, does not assert: the memory a 5-player game holds with its undo history after its last
decision (the only store the step read again is rebuilt from), and the time to rebuild each step's
position (``python -m pytest --benchmark-only --benchmark-enable -s tests/benchmarks/test_rewind_bench.py``).
"""

import statistics
import time
import tracemalloc

from shogun_tutor.bots import HeuristicBot
from shogun_tutor.rules.game import new_game
from shogun_tutor.rules.rewind import position_at
from shogun_tutor.text.steps import steps


def _whole_game(seed=11, players=5, expansions=()):
    game = new_game(players=players, seed=seed, expansions=expansions)
    bots = [HeuristicBot(seed + i) for i in range(players)]
    while not game.over:
        game.apply(bots[game.to_decide()[1]].decide(game))
    return game


def test_bench_rewind_every_step_of_a_whole_game(benchmark):
    tracemalloc.start()
    game = _whole_game()
    held, _peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    ends = [s.end for s in steps(game.state.log)[:-1]]
    times = []
    for end in ends:
        t = time.perf_counter()
        position_at(game, end)
        times.append(1000 * (time.perf_counter() - t))
    times.sort()
    print(f"\nwhole 5-player game: {len(game.decisions)} decisions, {len(game.state.log)} events, {len(ends) + 1} steps; "
          f"game with undo history {held / 1e6:.1f} MB (traced)")
    print(f"rebuild a step's position: median {statistics.median(times):.1f} ms, "
          f"p90 {times[int(0.9 * len(times))]:.1f} ms, max {times[-1]:.1f} ms")
    middle = ends[len(ends) // 2]
    benchmark(position_at, game, middle)
