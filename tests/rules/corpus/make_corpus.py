"""Write the regression corpus: seeded bot games of the engine as game records (one JSON per line, xz).

Run from the repository root: ``python tests/rules/corpus/make_corpus.py``. The corpus was made
with the engine *before* the restructuring of issue 8 (commit f726fda, after its three rule corrections);
``tests/rules/test_corpus.py`` replays every record and demands the identical log.
"""

from __future__ import annotations

import itertools
import json
import lzma
from pathlib import Path

from shogun_tutor.bots import make_bot, play
from shogun_tutor.rules.game import new_game
from shogun_tutor.rules.record import make_record

CORPUS = Path(__file__).with_name("records.jsonl.xz")
SETUPS = (("sun", "beginner"), ("sun", "draft"), ("moon", "draft"))
BOTS = (("heuristic",), ("random",), ("heuristic", "random"))
GAMES_PER_CELL = 2  # 3 player counts x 3 set-ups x 3 bot mixes x 2 seeds = 54, plus 6 below


def cells():
    seed = 100
    for players, (side, setup), bots in itertools.product((3, 4, 5), SETUPS, BOTS):
        for _ in range(GAMES_PER_CELL):
            seed += 1
            yield players, side, setup, bots, seed
    for players in (3, 4, 5):  # mixed the other way round
        for side, setup in (("sun", "beginner"), ("moon", "draft")):
            seed += 1
            yield players, side, setup, ("random", "heuristic"), seed


def record(players: int, side: str, setup: str, bot_mix: tuple[str, ...], seed: int) -> dict:
    names = [bot_mix[i % len(bot_mix)] for i in range(players)]
    game = new_game(players=players, side=side, seed=seed, setup=setup, history=False)
    play(game, [make_bot(n, seed * 10 + i) for i, n in enumerate(names)])
    return make_record(game, {"players": players, "side": side, "seed": seed, "setup": setup,
                              "tower": game.tower_model.to_dict()}, names)


def main() -> None:
    lines = [json.dumps(record(*c), separators=(",", ":"), sort_keys=True) for c in cells()]
    CORPUS.write_bytes(lzma.compress("\n".join(lines).encode(), preset=9 | lzma.PRESET_EXTREME))
    print(f"{len(lines)} records -> {CORPUS} ({CORPUS.stat().st_size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
