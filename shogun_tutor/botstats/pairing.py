"""Win rates with confidence intervals: two bots on balanced seats (a pairing), and one bot alone among others, its
seat rotating; games played in worker processes when asked, with the same figures as in one."""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field
from typing import Sequence

from .detector import SCORED, SeatBlunders, counted_games
from .games import game_setup, lineup

#: what :data:`~.detector.SCORED`'s parts are called in the report
SCORED_LABELS = ("provinces", "buildings", "region majorities")


def wilson(successes: float, n: float, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a share (95 % by default).

    >>> lo, hi = wilson(60, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.502, 0.691)
    """
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Pairing:
    a: str
    b: str
    games: int = 0
    share_a: float = 0.0  # wins of a (ties split) over all wins, seats balanced
    wins_a: float = 0.0
    wins_b: float = 0.0

    @property
    def share(self) -> float:
        return self.wins_a / max(1e-9, self.wins_a + self.wins_b)

    def interval(self) -> tuple[float, float]:
        return wilson(self.wins_a, self.wins_a + self.wins_b)


def _collect(times: dict | None, game_times: dict, cpu_times: dict | None, game_cpu: dict) -> None:
    """Add one game's seconds per bot to the callers' lists (each of them when given)."""
    for store, got in ((times, game_times), (cpu_times, game_cpu)):
        if store is not None:
            for name in sorted(got):
                store.setdefault(name, []).extend(got[name])


def pairing(a: str, b: str, games: int, first_seed: int = 1000, times: dict | None = None,
            cpu_times: dict | None = None, blunders: dict | None = None, expansions: Sequence[str] = (),
            progress: bool = False, jobs: int = 1) -> Pairing:
    """``a`` against ``b``, seat-adjusted: each seed is played twice, a on the even seats then on the
    odd seats (so both bots sit in every seat equally often); a game's win goes to the winner's bot
    (a shared win is split). The share is a's part of all wins; equal bots give 50 %.
    ``blunders[name]`` sums each bot's :class:`SeatBlunders` of these games; ``progress``: a tqdm bar.
    ``jobs``: games played at once in that many processes; the games and every figure but the wall-clock times
    are the same as with one (the results are taken in the games' order)."""
    res = Pairing(a, b)
    tasks = [(first_seed + i // 2, lineup(first_seed + i // 2, a, b, i), tuple(expansions)) for i in range(games)]
    for (seed, names, _), (per, winners, game_times, game_cpu, *_) in counted_games(tasks, jobs, progress, f"{a} vs {b}"):
        _collect(times, game_times, cpu_times, game_cpu)
        if blunders is not None:
            for name, c in per.items():
                blunders.setdefault(name, SeatBlunders()).merge(c)
        for seat in winners:
            if names[seat] == a:
                res.wins_a += 1 / len(winners)
            else:
                res.wins_b += 1 / len(winners)
        res.games += 1
    return res


@dataclass
class Alone:
    """One bot ``a`` in one seat among ``b`` bots (issue 48's measure of the strong bot), its seat rotating."""

    a: str
    b: str
    games: int = 0
    wins: float = 0.0  # a's wins, a shared win split
    chance: float = 0.0  # wins expected by chance alone (one in the number of players, summed)
    by_players: dict[int, list[float]] = field(default_factory=dict)  # players -> [games, wins]
    blunders: dict[str, SeatBlunders] = field(default_factory=dict)  # per bot, over all its seat-games
    others: float = 0.0  # the mean of the other seats' points at each game's end, summed
    leads: list[int] = field(default_factory=list)  # per game: a's points minus the best other seat's
    scores: list[int] = field(default_factory=list)  # per game: a's points
    won: list[float] = field(default_factory=list)  # per game: a's win (1, a share of a tie, or 0)
    #: per game, per winter (0: the first year's): a's points from each of :data:`~.detector.SCORED` (provinces,
    #: buildings, region majorities)
    scored: list[list[tuple[int, ...]]] = field(default_factory=list)
    #: per winter, summed over the games: the other seats' mean points from each of :data:`~.detector.SCORED`
    others_scored: dict[int, list[float]] = field(default_factory=dict)

    @property
    def winters(self) -> dict[int, list[list[float]]]:
        """Per winter, summed over the games: [a's, the other seats' mean] points from each of
        :data:`~.detector.SCORED`."""
        out: dict[int, list[list[float]]] = {}
        for game in self.scored:
            for w, parts in enumerate(game):
                lone = out.setdefault(w, [[0.0] * len(parts), list(self.others_scored[w])])[0]
                for k, x in enumerate(parts):
                    lone[k] += x
        return out

    @property
    def share(self) -> float:
        return self.wins / max(1, self.games)

    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def points(self) -> int:
        """``a``'s points at the games' end, summed."""
        return sum(self.scores)

    def share_ahead_by(self, more: int) -> float:
        """The share ``a`` would have won with ``more`` points in every game, the other seats' points as they were: a
        game where it would then lead every other seat counts as won; one where it would then draw level with the best,
        as half (the tie-break, chests, is not replayed).

        >>> r = Alone("x", "y", games=4, leads=[-3, -1, 0, 2])
        >>> r.share_ahead_by(1), r.share_ahead_by(3)
        (0.625, 0.875)
        """
        return sum(1.0 if d + more > 0 else 0.5 if d + more == 0 else 0.0 for d in self.leads) / max(1, len(self.leads))

    def points_short_of(self, share: float, most: int = 30) -> int | None:
        """The fewest points more per game (0 to ``most``) with which ``a`` would have won ``share`` of these games
        (:meth:`share_ahead_by`); None if even ``most`` would not do."""
        return next((k for k in range(most + 1) if self.share_ahead_by(k) >= share), None)


def paired_difference(first: Alone, second: Alone) -> dict[str, tuple[float, float]]:
    """``first``'s bot minus ``second``'s in the lone seat of the same games (the same seeds and seats, game by game):
    the mean difference and its standard error of the points a game, the lead over the best other seat and the games
    won (a share: 0.05 is 5 points of percent); with the winter scorings' parts (:attr:`Alone.scored`), also each
    winter's points from provinces, buildings and region majorities (``"winter 1 buildings"``). Paired, the games'
    own luck cancels out.

    >>> a = Alone("x", "z", games=3, scores=[50, 52, 60], leads=[-2, 1, 5], won=[0, 1, 1])
    >>> b = Alone("y", "z", games=3, scores=[48, 51, 55], leads=[-4, 0, 2], won=[0, 0.5, 1])
    >>> {k: (round(m, 2), round(se, 2)) for k, (m, se) in paired_difference(a, b).items()}
    {'points': (2.67, 1.2), 'lead': (2.0, 0.58), 'won': (0.17, 0.17)}
    """
    if len(first.scores) != len(second.scores):
        raise ValueError(f"not the same games: {len(first.scores)} and {len(second.scores)}")
    def mean_and_error(d: list[float]) -> tuple[float, float]:
        return (statistics.fmean(d) if d else math.nan,
                statistics.stdev(d) / math.sqrt(len(d)) if len(d) > 1 else math.nan)

    out = {key: mean_and_error([p - q for p, q in zip(x, y)])
           for key, x, y in (("points", first.scores, second.scores), ("lead", first.leads, second.leads),
                             ("won", first.won, second.won))}
    winters = min(map(len, first.scored + second.scored)) if first.scored and second.scored else 0
    for w in range(winters):
        for k, label in enumerate(SCORED_LABELS):
            out[f"winter {w + 1} {label}"] = mean_and_error([p[w][k] - q[w][k] for p, q in zip(first.scored, second.scored)])
    return out


def alone_seat(i: int, players: int) -> int:
    """The seat of the lone bot in game ``i`` of :func:`alone`: with seeds in a row, the player counts cycle 3, 4, 5,
    so each count's games take its seats in turn.

    >>> [alone_seat(i, 3) for i in (0, 3, 6, 9)]
    [0, 1, 2, 0]
    """
    return (i // 3) % players


def alone(a: str, b: str, games: int, first_seed: int = 1000, times: dict | None = None,
          cpu_times: dict | None = None, expansions: tuple = (), progress: bool = False, jobs: int = 1) -> Alone:
    """``a`` alone among ``b`` bots: game i on seed ``first_seed + i`` (3-5 players, both board sides), ``a`` in seat
    :func:`alone_seat`; the share is the games ``a`` won (ties split), beside the share chance alone gives."""
    res = Alone(a, b)
    tasks, seats = [], []
    for i in range(games):
        seed = first_seed + i
        n = game_setup(seed)["players"]
        seats.append(alone_seat(i, n))
        tasks.append((seed, [a if s == seats[-1] else b for s in range(n)], tuple(expansions)))
    games_played = counted_games(tasks, jobs, progress, f"{a} alone vs {b}")
    for seat, ((seed, names, _), (per, winners, game_times, game_cpu, points, winters)) in zip(seats, games_played):
        _collect(times, game_times, cpu_times, game_cpu)
        for name, c in per.items():
            res.blunders.setdefault(name, SeatBlunders()).merge(c)
        won = (seat in winners) / len(winners)
        n = len(names)
        res.others += sum(p for s, p in enumerate(points) if s != seat) / (n - 1)
        res.leads.append(points[seat] - max(p for s, p in enumerate(points) if s != seat))
        res.scores.append(points[seat])
        res.won.append(won)
        res.scored.append([tuple(rows[seat]) for rows in winters])
        for w, rows in enumerate(winters):
            others = res.others_scored.setdefault(w, [0.0] * len(SCORED))
            for k in range(len(SCORED)):
                others[k] += sum(r[k] for s, r in enumerate(rows) if s != seat) / (n - 1)
        res.games += 1
        res.wins += won
        res.chance += 1 / n
        row = res.by_players.setdefault(n, [0, 0.0])
        row[0] += 1
        row[1] += won
    return res
