"""How fast the largest accepted files are read (run with `make benchmark`; the figures are printed).

Issue 25: validation must cost at most 1 s for the largest file the loaders accept, on the 2-core CI
machine, so a learner's upload never holds the kernel for long. The files (``tests/robustness/largest.py``)
are a real 5-player game with both expansions grown to the schema's limits and to MAX_BYTES (1 MB).
"""

import json

from shogun_tutor.rules.game import Game
from shogun_tutor.rules.record import load_record, replay
from shogun_tutor.rules.savefile import MAX_BYTES

from ..robustness.largest import largest_record, largest_save, whole_record


def test_bench_the_largest_accepted_save(benchmark):
    text = largest_save()
    assert len(text.encode()) <= MAX_BYTES
    game = benchmark.pedantic(Game.load, args=(text,), rounds=5, iterations=1)
    assert len(json.loads(text)["log"]) == len(game.state.log)
    print(f"\nlargest accepted save: {len(text.encode()):,} bytes, {len(game.state.log):,} log events; "
          f"parse + schema + state checks: median {benchmark.stats.stats.median:.3f} s")


def test_bench_the_largest_record_the_schema_accepts(benchmark):
    text = largest_record()
    rec = benchmark.pedantic(load_record, args=(text,), rounds=5, iterations=1)
    print(f"\nlargest record through the schema: {len(text.encode()):,} bytes, {len(rec['decisions']):,} decisions, "
          f"{len(rec['log']):,} log events; parse + schema: median {benchmark.stats.stats.median:.3f} s")


def test_bench_a_whole_game_record_loaded_and_replayed(benchmark):
    text = whole_record()
    game = benchmark.pedantic(lambda: replay(load_record(text)), rounds=5, iterations=1)
    assert game.over
    print(f"\nwhole-game record: {len(text.encode()):,} bytes; parse + schema + replay: "
          f"median {benchmark.stats.stats.median:.3f} s")
