"""Bots that can fill any seat, each decision with a reason.

* ``random``: any legal decision;
* ``heuristic-v1``: the first heuristic bot, kept unchanged as the baseline;
* ``heuristic``: plans each season coherently (the bid it means, actions it can pay,
  rice for the winter, the special it wants, spending down at the end);
* ``strong``: looks ahead with the engine: tries plan variants in seeded playouts.

>>> from shogun_tutor.rules.game import new_game
>>> game = play(new_game(players=3, seed=1, history=False), [RandomBot(1), RandomBot(2), RandomBot(3)])
>>> game.over, len(game.state.scores)
(True, 2)
"""

from __future__ import annotations

from .base import Bot, RandomBot, Reason, play
from .heuristic import REASON_KINDS, HeuristicBot, Style
from .strong import StrongBot
from .v1 import HeuristicBotV1

BOTS: dict[str, type] = {
    "random": RandomBot,
    "heuristic-v1": HeuristicBotV1,
    "heuristic": HeuristicBot,
    "strong": StrongBot,
}


def make_bot(name: str, seed: int = 0) -> Bot:
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; expected one of {', '.join(sorted(BOTS))}") from None


__all__ = ["BOTS", "REASON_KINDS", "Bot", "HeuristicBot", "HeuristicBotV1", "RandomBot", "Reason", "StrongBot",
           "Style", "make_bot", "play"]
