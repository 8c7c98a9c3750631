"""Seeded games for the bots' statistics: the mix of set-ups, one game played by named bots, a pairing's seats,
and one bot among random bots with both expansions.

>>> game_setup(4)
{'players': 4, 'side': 'moon', 'setup': 'draft'}
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Sequence

from ..bots import make_bot
from ..data import COMPONENTS
from ..rules.game import Game, new_game


def game_setup(seed: int) -> dict:
    """The seeded mix of games: 3, 4 and 5 players, both board sides (draft on the moon side)."""
    players = COMPONENTS.min_players + seed % (COMPONENTS.max_players - COMPONENTS.min_players + 1)
    side = "sun" if (seed // 3) % 2 == 0 else "moon"
    return {"players": players, "side": side, "setup": "beginner" if side == COMPONENTS.beginner_setup_side else "draft"}


def play_game(seed: int, bot_names: Sequence[str], on_decision: Callable | None = None,
              cpu_times: dict[str, list[float]] | None = None, expansions: Sequence[str] = ()) -> Game:
    """Play one seeded game; ``bot_names[seat]``; ``on_decision(game, decision, reason, seconds)`` sees every
    step (wall-clock seconds of the decision); ``cpu_times[name]`` collects each decision's CPU seconds;
    ``expansions``: ("tenno", "samurai") or a part of it."""
    setup = game_setup(seed)
    game = new_game(players=setup["players"], side=setup["side"], setup=setup["setup"], seed=seed, history=False,
                    expansions=tuple(expansions))
    bots = [make_bot(bot_names[i], seed * 10 + i) for i in range(setup["players"])]
    while not game.over:
        seat = game.to_decide()[1]
        t, c = time.perf_counter(), time.process_time()
        decision, reason = bots[seat].decide_with_reason(game)
        dt = time.perf_counter() - t
        if cpu_times is not None:
            cpu_times.setdefault(bot_names[seat], []).append(time.process_time() - c)
        if on_decision is not None:
            on_decision(game, decision, reason, dt)
        game.apply(decision)
    return game


def lineup(seed: int, a: str, b: str, i: int = 0) -> list[str]:
    """The seats of game ``i`` of a pairing on ``seed``: a on the even seats (odd ones when ``i`` is odd)."""
    n = game_setup(seed)["players"]
    return [a if (seat + i) % 2 == 0 else b for seat in range(n)]


@dataclass
class CourtStats:
    """One bot in a seat among random bots, with both expansions (Tennō's Court and Samurai)."""

    games: int = 0
    wins: float = 0.0  # shared wins split
    chance: float = 0.0  # wins expected by chance alone (one in the number of players)
    converts: int = 0  # court conversions of the bot's seat
    takes: int = 0  # privilege cards it took
    court_reasons: int = 0  # court fields planned with a court reason (not a filler)


def court_games(games: int, bot: str = "heuristic", first_seed: int = 0) -> CourtStats:
    """``bot`` in one seat (it moves round the table) against random bots, with both expansions."""
    out = CourtStats()
    for seed in range(first_seed, first_seed + games):
        n = COMPONENTS.min_players + seed % (COMPONENTS.max_players - COMPONENTS.min_players + 1)
        seat = seed % n
        game = new_game(players=n, seed=seed, history=False, expansions=("tenno", "samurai"))
        bots = [make_bot(bot if i == seat else "random", seed * 10 + i) for i in range(n)]
        while not game.over:
            who = game.to_decide()[1]
            decision, reason = bots[who].decide_with_reason(game)
            out.court_reasons += who == seat and reason.kind in ("court_province", "court_tray")
            game.apply(decision)
        w = game.state.winners
        out.games += 1
        out.wins += (seat in w) / len(w)
        out.chance += 1 / n
        for ev in game.state.log:
            if ev.get("player") == seat:
                out.converts += ev["rule"] == "court.convert"
                out.takes += ev["rule"] == "court.take"
    return out
