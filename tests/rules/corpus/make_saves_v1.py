"""Write version-1 save files (made by the engine before issue 8) and how each game continues.

``saves_v1.json``: {name: {"save": <v1 save>, "continue": {"points", "log_sha256"}}}; the
continuation is played by fresh ``HeuristicBot(seat)`` bots from the loaded save to the end.
The committed file was written by the engine of commit ab2b7c7 (format 1); run with a later
engine this script writes that engine's format instead.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from shogun_tutor.bots import BOTS, play

HeuristicBot = BOTS["heuristic-v1"]  # the heuristic bot of the engine before the restructuring
from shogun_tutor.rules.game import Game, new_game

OUT = Path(__file__).with_name("saves_v1.json")
STOPS = {  # name: (players, side, setup, stop when (kind, phase))
    "draft_claim": (3, "moon", "draft", ("claim", "claim")),
    "actions_move": (4, "sun", "beginner", ("move", "actions")),
    "winter_revolt": (5, "sun", "draft", ("revolt", "winter")),
}


def log_digest(log: list) -> str:
    return hashlib.sha256(json.dumps(log, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def continue_to_end(game: Game) -> dict:
    play(game, [HeuristicBot(i) for i in range(game.state.num_players)])
    return {"points": [p.points for p in game.state.players], "log_sha256": log_digest(game.state.log)}


def main() -> None:
    out = {}
    for name, (players, side, setup, stop) in STOPS.items():
        for seed in range(50):
            game = new_game(players=players, side=side, seed=seed, setup=setup, history=False)
            bots = [HeuristicBot(i) for i in range(players)]
            while not game.over and (game.to_decide()[0], game.state.phase) != stop:
                game.apply(bots[game.to_decide()[1]].decide(game))
            if not game.over:
                break
        text = game.save()
        out[name] = {"save": json.loads(text), "continue": continue_to_end(Game.load(text, history=False))}
    OUT.write_text(json.dumps(out, separators=(",", ":")))
    print(f"{len(out)} saves -> {OUT}")


if __name__ == "__main__":
    main()
