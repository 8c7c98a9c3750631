"""Bots that can fill any seat: a random legal bot and a heuristic bot.

>>> from shogun_tutor.rules.game import new_game
>>> game = play(new_game(players=3, seed=1, history=False), [RandomBot(1), RandomBot(2), RandomBot(3)])
>>> game.over, len(game.state.scores)
(True, 2)
"""

from __future__ import annotations

import random
from typing import Protocol, Sequence

from .game import Game
from .state import Decision


class Bot(Protocol):
    name: str

    def decide(self, game: Game) -> Decision: ...


class RandomBot:
    """Picks uniformly among the legal decisions."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def decide(self, game: Game) -> Decision:
        options = game.legal_decisions()
        return options[self.rng.randrange(len(options))]


def play(game: Game, bots: Sequence[Bot], max_decisions: int = 100_000) -> Game:
    """Let ``bots[seat]`` decide for every seat until the game is over."""
    for _ in range(max_decisions):
        who = game.to_decide()
        if who is None:
            return game
        game.apply(bots[who[1]].decide(game))
    raise RuntimeError("the game did not end")
