"""Bot statistics: blunder counters, win rates with confidence intervals, time per decision.

``python -m shogun_tutor botstats --games 300`` prints the figures issue 10 asks for;
they are measured and printed, never asserted as timings. The counters are read
from each game's structured log, plus the reasons the bots gave for their bids.

>>> c = count_blunders(3, bot="heuristic")
>>> c.games, c.bids > 0
(3, True)
"""

from __future__ import annotations

import itertools
import math
import statistics
import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

from .data import COMPONENTS
from .bots import make_bot
from .rules.game import Game, new_game
from .rules.state import chest_value

#: reasons that explain a bid of 3 or more chests
EXPLAINED_HIGH_BIDS = ("bid_last_round", "bid_chests")


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


@dataclass
class Blunders:
    games: int = 0
    bids: int = 0
    high_bids: int = 0  # bids of 3-4 chests
    high_bids_unexplained: int = 0
    lapsed_for_chests: int = 0  # planned actions that lapsed for lack of chests (fillers not counted: below)
    lapsed_fillers: int = 0  # spare province cards laid as fillers that lapsed for lack of chests (harmless)
    player_winters: int = 0
    short_winters: int = 0
    winter_revolts: int = 0
    winter_provinces_lost: int = 0
    short_avoidable: int = 0  # short winters its own choices could have fed (:func:`avoidable_short_winter`)
    short_after_gains: int = 0  # short winters of a seat holding provinces it conquered during the year
    picks_by_place: list[int] = field(default_factory=lambda: [0] * 5)
    first_picks_by_place: list[int] = field(default_factory=lambda: [0] * 5)
    picks_by_special: dict[str, int] = field(default_factory=dict)
    end_chests: list[int] = field(default_factory=list)

    @property
    def lapsed_per_game(self) -> float:
        return self.lapsed_for_chests / max(1, self.games)

    @property
    def short_share(self) -> float:
        return self.short_winters / max(1, self.player_winters)

    @property
    def avoidable_share(self) -> float:
        return self.short_avoidable / max(1, self.player_winters)

    @property
    def chests_left(self) -> float:
        return statistics.fmean(self.end_chests) if self.end_chests else 0.0


def count_blunders(games: int, bot: str = "heuristic", first_seed: int = 0, progress: bool = False) -> Blunders:
    """Play ``games`` seeded games with ``bot`` in every seat and count the blunders of issue 10."""
    out = Blunders()
    seeds = range(first_seed, first_seed + games)
    if progress:
        from tqdm import tqdm

        seeds = tqdm(seeds, desc=bot, unit="game", leave=False)
    for seed in seeds:
        high_reasons: list[str] = []
        year_start: dict[tuple[int, int], tuple[str, ...]] = {}  # (year, seat) -> provinces held

        fillers: set[tuple] = set()

        def watch(game, decision, reason, dt):
            if decision.kind == "plan" and decision.field == "bid" and (chest_value(decision.card) or 0) >= 3:
                high_reasons.append(reason.kind)
            s = game.state
            if decision.kind == "plan" and reason.kind.startswith("filler_") and reason.kind != "filler_chest":
                fillers.add((s.year, s.season, decision.player, decision.field))
            if decision.kind == "plan" and s.season == "spring" and (s.year, decision.player) not in year_start:
                year_start[(s.year, decision.player)] = tuple(sorted(s.player_provinces(decision.player)))

        game = play_game(seed, [bot] * game_setup(seed)["players"], watch)
        add_game(out, game, year_start, fillers)
        out.high_bids_unexplained += sum(1 for k in high_reasons if k not in EXPLAINED_HIGH_BIDS)
    return out


def rice_reach(rice: Sequence[int], effects: Sequence[str | None]) -> int:
    """The most rice a year's rice actions can bring in distinct provinces yielding ``rice``: one action a
    round, each with its round's event (``effects``: "at most 3" / "at least 4" rice), no special card.
    A province harvested once has no unrest, so no revolt can take this rice away.

    >>> rice_reach([5, 4, 2, 2], ["rice_max3", "rice_min4", None])  # 4 -> at most 3, 2 -> at least 4, then 5
    12
    """
    top = sorted(rice, reverse=True)[:len(effects)]  # a richer province never yields less under any event
    caps = {"rice_max3": lambda r: min(r, 3), "rice_min4": lambda r: max(r, 4)}
    return max((sum(caps.get(e, int)(r) for r, e in zip(order, effects))
                for order in itertools.permutations(top, min(len(top), len(effects)))), default=0)


def avoidable_short_winter(shortfall: int, kept: int, loss: int, reach: int) -> bool:
    """A short winter (``shortfall`` > 0) is *avoidable* when the seat's own choices in the year could have
    fed it: leaving alone the provinces it conquered (``kept``: the provinces held at the year's start and
    still at the winter) and harvesting once in each round in the richest distinct provinces held at the
    year's start (``reach``, :func:`rice_reach`, with the events as they fell) would have covered ``kept``
    plus the winter's rice ``loss``. Hindsight (the events, the winter card) only makes more winters
    avoidable, never fewer; the revolts' and battles' luck is not counted on.

    >>> avoidable_short_winter(1, kept=9, loss=4, reach=12), avoidable_short_winter(1, kept=8, loss=4, reach=12)
    (False, True)
    """
    return shortfall > 0 and kept + loss <= reach


def add_game(out: Blunders, game: Game, year_start: dict | None = None, fillers: set | None = None) -> None:
    """Add one finished game's counters; ``year_start[(year, seat)]``: the provinces held at the year's start;
    ``fillers``: (year, season, seat, field) of spare province cards laid as fillers (their lapses are harmless)."""
    s = game.state
    nodes = game.graph.nodes
    out.games += 1
    first_of_round = True
    year = 1
    effects: list[str] = []  # the events of this year's rounds, in order
    owner: dict[str, int | None] = {}  # the owner after this year's battles and revolts so far
    for ev in s.log:
        rule = ev["rule"]
        if rule in ("battle.result", "battle.revolt"):
            owner[ev["province"]] = ev["owner"]
        if rule == "round.event":
            effects.append(COMPONENTS.event(ev["event"]).effect)
        elif rule == "order.bids":
            first_of_round = True
            for b in ev["bids"]:
                out.bids += 1
                out.high_bids += b["chests"] >= 3
        elif rule == "order.pick_place":
            out.picks_by_place[ev["place"] - 1] += 1
            out.picks_by_special[ev["special"]] = out.picks_by_special.get(ev["special"], 0) + 1
            if first_of_round:
                out.first_picks_by_place[ev["place"] - 1] += 1
                first_of_round = False
        elif rule == "action.lapsed" and ev.get("reason") == "not_enough_chests":
            if (ev["year"], ev["season"], ev["player"], ev["action"]) in (fillers or ()):
                out.lapsed_fillers += 1
            else:
                out.lapsed_for_chests += 1
        elif rule == "winter.rice":
            out.player_winters += 1
            out.short_winters += ev["shortfall"] > 0
            start = (year_start or {}).get((year, ev["player"]))
            if ev["shortfall"] > 0 and start is not None:
                kept = sum(owner.get(p, ev["player"]) == ev["player"] for p in start)
                out.short_after_gains += ev["provinces"] > kept
                reach = rice_reach([nodes[p]["rice"] for p in start], effects)
                out.short_avoidable += avoidable_short_winter(ev["shortfall"], kept, ev["loss"], reach)
        elif rule == "year.end":
            year += 1
            effects, owner = [], {}
        elif rule == "battle.revolt" and ev.get("cause") == "winter":
            out.winter_revolts += 1
            out.winter_provinces_lost += ev["owner"] != ev["player"]
    out.end_chests.extend(p.chests for p in s.players)


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


def _counted_game(task: tuple) -> tuple[dict[str, SeatBlunders], list[int], dict[str, list[float]], dict[str, list[float]]]:
    """One seeded game ``(seed, names, expansions)`` (also in a worker process): each bot's blunders, the winners'
    seats, and the wall-clock and CPU seconds of each bot's decisions."""
    seed, names, expansions = task
    times: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}

    def timing(game, decision, reason, dt):
        times.setdefault(names[decision.player], []).append(dt)

    per, game = seat_blunders(seed, names, expansions, timing, cpu)
    return per, list(game.state.winners), times, cpu


def _counted_games(tasks: list[tuple], jobs: int = 1, progress: bool = False, desc: str = "games"):
    """Each task ``(seed, names, expansions)`` with its :func:`_counted_game`, in the tasks' order; played in ``jobs``
    spawned processes at once (the same results as one), with a progress bar (tqdm) when ``progress``."""
    pool = None
    if jobs > 1 and len(tasks) > 1:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        pool = ProcessPoolExecutor(min(jobs, len(tasks)), mp_context=multiprocessing.get_context("spawn"))
        results = pool.map(_counted_game, tasks)  # in the tasks' order, whichever process ends first
    else:
        results = map(_counted_game, tasks)
    if progress:
        from tqdm import tqdm

        results = tqdm(results, total=len(tasks), desc=desc, unit="game", leave=False)
    try:
        yield from zip(tasks, results)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)


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
    for (seed, names, _), (per, winners, game_times, game_cpu) in _counted_games(tasks, jobs, progress, f"{a} vs {b}"):
        for store, got in ((times, game_times), (cpu_times, game_cpu)):
            if store is not None:
                for name in sorted(got):
                    store.setdefault(name, []).extend(got[name])
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


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def report(games: int = 300, pair_games: int = 100, print_fn: Callable[[str], None] = print,
           pairings: Sequence[tuple[str, str]] = (("heuristic", "heuristic-v1"), ("strong", "heuristic"),
                                                  ("heuristic", "random"), ("strong", "random")),
           court: int | None = None, first_seed: int = 1000, expansion_pairings: Sequence[tuple[str, str]] = (
               ("strong", "heuristic"),), progress: bool = True, jobs: int = 1) -> dict:
    """Print the whole report; returns the figures. ``court``: games with both expansions
    (default: 30, or ``games`` when fewer). Pairings are played on seeds from ``first_seed`` (fresh seeds: not
    those the bots were tuned on), each with issue 21's blunder counters per bot; ``expansion_pairings`` are
    played with both expansions too. ``jobs``: the pairings' games played at once in that many processes."""
    court = min(30, games) if court is None else court
    figures: dict = {}
    for bot in ("heuristic-v1", "heuristic") if games > 0 else ():
        t = time.perf_counter()
        print_fn(f"== {bot}: {games} games in every seat ...")
        c = count_blunders(games, bot, progress=progress)
        figures[bot] = c
        print_fn(f"== {bot}: {c.games} games (3/4/5 players, sun and moon), {time.perf_counter() - t:.0f} s")
        print_fn(f"  lapsed actions for lack of chests: {c.lapsed_for_chests} ({c.lapsed_per_game:.2f} per game); "
                 f"spare province cards laid as fillers that lapsed (harmless): {c.lapsed_fillers}")
        print_fn(f"  player-winters short of rice: {c.short_winters} of {c.player_winters} ({_pct(c.short_share)}); "
                 f"winter revolts {c.winter_revolts}, provinces lost {c.winter_provinces_lost}")
        print_fn(f"    avoidable (its own choices could have fed them: no conquest that year, one harvest a round in "
                 f"its richest distinct provinces): {c.short_avoidable} ({_pct(c.avoidable_share)}); "
                 f"short while holding provinces conquered that year: {c.short_after_gains}")
        print_fn(f"  bids of 3-4 chests: {c.high_bids} of {c.bids}; without a reason that says why: "
                 f"{c.high_bids_unexplained}")
        print_fn(f"  first picks by place 1-5: {c.first_picks_by_place}; all picks by place: {c.picks_by_place}")
        print_fn(f"  picks by special: {dict(sorted(c.picks_by_special.items()))}")
        print_fn(f"  chests left at the end: {c.chests_left:.2f} on average")
    if court:
        t = time.perf_counter()
        c = court_games(court)
        figures["court"] = c
        lo, hi = wilson(c.wins, c.games)
        print_fn(f"== heuristic vs random bots with both expansions: {c.games} games, won {c.wins:.1f} "
                 f"({_pct(c.wins / c.games)}, 95 % CI {_pct(lo)}-{_pct(hi)}; chance alone {_pct(c.chance / c.games)}); "
                 f"court fields planned {c.court_reasons}, conversions {c.converts}, privilege cards taken {c.takes}, "
                 f"{time.perf_counter() - t:.0f} s")
    times: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    plays = [(a, b, ()) for a, b in pairings] + [(a, b, ("tenno", "samurai")) for a, b in expansion_pairings]
    for a, b, exps in plays:
        t = time.perf_counter()
        label = f"{a} vs {b}" + (" with both expansions" if exps else "")
        print_fn(f"== {label}: {pair_games} games on seeds {first_seed}-{first_seed + (pair_games - 1) // 2}, "
                 "each seed twice with the seats swapped ...")
        blunders: dict[str, SeatBlunders] = {}
        r = pairing(a, b, pair_games, first_seed=first_seed, times=times, cpu_times=cpu, blunders=blunders,
                    expansions=exps, progress=progress, jobs=jobs)
        lo, hi = r.interval()
        figures[(a, b, exps)] = r
        figures[("blunders", a, b, exps)] = blunders
        print_fn(f"   {label}: {r.games} games, seat-adjusted share of wins for {a}: {_pct(r.share)} "
                 f"(95 % CI {_pct(lo)}-{_pct(hi)}; wins {r.wins_a:.1f} : {r.wins_b:.1f}), {time.perf_counter() - t:.0f} s")
        print_blunders(label + ":", blunders, print_fn)
    print_fn("== time per decision (wall clock on this machine, shared with other work; CPU time of the process)")
    for name in sorted(times):
        ts, cs = sorted(times[name]), sorted(cpu[name])
        figures[("time", name)] = (statistics.median(ts), _p99(ts), ts[-1])
        figures[("cpu", name)] = (statistics.median(cs), _p99(cs), cs[-1])
        print_fn(f"  {name}: {len(ts)} decisions, wall median {1000 * statistics.median(ts):.2f} ms, "
                 f"p99 {1000 * _p99(ts):.1f} ms, max {1000 * ts[-1]:.1f} ms; CPU median "
                 f"{1000 * statistics.median(cs):.2f} ms, p99 {1000 * _p99(cs):.1f} ms, max {1000 * cs[-1]:.1f} ms")
    return figures


def _p99(sorted_values: list[float]) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(0.99 * len(sorted_values)))]


# --- the blunder detector of issue 21: per game and per bot, the strong bot too, with the expansions ---------------
@dataclass
class SeatBlunders:
    """One bot's blunders over the seat-games it played (a seat in one game is one seat-game)."""

    seat_games: int = 0
    attacks: int = 0  # battles it started (moves into a rival's or a neutral province)
    attacks_under: int = 0  # ... with a chance to win under values.ODDS_THRESHOLD, not in the game's last round
    forced_fights: int = 0  # battles its own card on a battle field forced (not planned as a battle, no other choice)
    end_chests: list[int] = field(default_factory=list)
    player_winters: int = 0
    short_winters: int = 0
    short_avoidable: int = 0
    built: int = 0
    built_lost: int = 0  # buildings whose province it lost in the year they were built
    court_seat_games: int = 0  # seat-games with Tennō's Court
    no_privilege: int = 0  # ... in which it never took a privilege card
    privilege_cards: dict[int, int] = field(default_factory=dict)  # card number -> times taken
    samurai: dict[str, int] = field(default_factory=dict)  # samurai bonus option -> times chosen
    examples: list[dict] = field(default_factory=list)  # the first few attacks under the threshold

    def per_game(self, n: int) -> float:
        return n / max(1, self.seat_games)

    @property
    def chests_left(self) -> float:
        return statistics.fmean(self.end_chests) if self.end_chests else 0.0

    def merge(self, other: "SeatBlunders") -> None:
        for name in ("seat_games", "attacks", "attacks_under", "forced_fights", "player_winters", "short_winters",
                     "short_avoidable", "built", "built_lost", "court_seat_games", "no_privilege"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.end_chests += other.end_chests
        for mine, theirs in ((self.privilege_cards, other.privilege_cards), (self.samurai, other.samurai)):
            for k, v in theirs.items():
                mine[k] = mine.get(k, 0) + v
        self.examples += other.examples[:max(0, 5 - len(self.examples))]


def seat_blunders(seed: int, names: Sequence[str], expansions: Sequence[str] = (), on_decision: Callable | None = None,
                  cpu_times: dict | None = None) -> tuple[dict[str, SeatBlunders], Game]:
    """Play one seeded game with ``names[seat]`` and count each bot's blunders (issue 21's detector);
    ``on_decision`` and ``cpu_times`` as in :func:`play_game`."""
    from .bots.values import ODDS_THRESHOLD, attack_chance, last_round

    out = {n: SeatBlunders() for n in sorted(set(names))}
    plan_reason: dict[tuple, str] = {}  # (year, season, seat, field) -> the reason kind of the card laid there
    year_start: dict[tuple[int, int], tuple[str, ...]] = {}

    def watch(game, decision, reason, dt):
        if on_decision is not None:
            on_decision(game, decision, reason, dt)
        s = game.state
        c = out[names[decision.player]]
        if decision.kind == "plan":
            plan_reason[(s.year, s.season, decision.player, decision.field)] = reason.kind
            if s.season == "spring" and (s.year, decision.player) not in year_start:
                year_start[(s.year, decision.player)] = tuple(sorted(s.player_provinces(decision.player)))
        if decision.kind != "move" or decision.target is None or s.provinces[decision.target].owner == decision.player:
            return
        c.attacks += 1
        chance, defence = attack_chance(s, decision.player, decision.target, decision.count)
        if chance < ODDS_THRESHOLD and not last_round(s):
            c.attacks_under += 1
            if len(c.examples) < 5:
                c.examples.append({"seed": seed, "year": s.year, "season": s.season, "seat": decision.player,
                                   "from": decision.province, "to": decision.target, "armies": decision.count,
                                   "defence": defence, "chance": round(chance, 3), "reason": reason.kind})
        action = s.pending.action if s.pending is not None else None
        if action in ("battle_a", "battle_b") and plan_reason.get((s.year, s.season, decision.player, action)) != "attack_plan" \
                and not any(d.target is None or s.provinces[d.target].owner == decision.player for d in game.legal_decisions()):
            c.forced_fights += 1  # its own card on a battle field left it no choice but to fight

    game = play_game(seed, names, watch, cpu_times, expansions=expansions)
    _count_log(game, names, out, year_start)
    return out, game


def _count_log(game: Game, names: Sequence[str], out: dict[str, SeatBlunders], year_start: dict) -> None:
    """The counters read from the finished game's log, each for the bot of the seat concerned."""
    s = game.state
    nodes = game.graph.nodes
    tenno = "tenno" in s.rules.expansions
    for seat, name in enumerate(names):
        c = out[name]
        c.seat_games += 1
        c.end_chests.append(s.players[seat].chests)
        c.court_seat_games += tenno
    year, effects, owner = 1, [], {}
    built: list[tuple[str, int]] = []  # (province, builder) this year
    took: set[int] = set()
    for ev in s.log:
        rule = ev["rule"]
        if rule in ("battle.result", "battle.revolt"):
            owner[ev["province"]] = ev["owner"]
            for prov, who in list(built):
                if prov == ev["province"] and ev["owner"] != who:
                    out[names[who]].built_lost += 1
                    built.remove((prov, who))
        if rule == "round.event":
            effects.append(COMPONENTS.event(ev["event"]).effect)
        elif rule == "action.build":
            out[names[ev["player"]]].built += 1
            built.append((ev["province"], ev["player"]))
        elif rule == "court.take":
            took.add(ev["player"])
            cards = out[names[ev["player"]]].privilege_cards
            cards[ev["card"]] = cards.get(ev["card"], 0) + 1
        elif rule == "samurai.bonus":
            opts = out[names[ev["player"]]].samurai
            opts[ev["option"]] = opts.get(ev["option"], 0) + 1
        elif rule == "winter.rice":
            c = out[names[ev["player"]]]
            c.player_winters += 1
            c.short_winters += ev["shortfall"] > 0
            start = year_start.get((year, ev["player"]))
            if ev["shortfall"] > 0 and start is not None:
                kept = sum(owner.get(p, ev["player"]) == ev["player"] for p in start)
                reach = rice_reach([nodes[p]["rice"] for p in start], effects)
                c.short_avoidable += avoidable_short_winter(ev["shortfall"], kept, ev["loss"], reach)
        elif rule == "year.end":
            year += 1
            effects, owner, built = [], {}, []
    if tenno:
        for seat, name in enumerate(names):
            out[name].no_privilege += seat not in took


def lineup(seed: int, a: str, b: str, i: int = 0) -> list[str]:
    """The seats of game ``i`` of a pairing on ``seed``: a on the even seats (odd ones when ``i`` is odd)."""
    n = game_setup(seed)["players"]
    return [a if (seat + i) % 2 == 0 else b for seat in range(n)]


def detect(games: int, names_for: Callable[[int, int], list[str]], first_seed: int = 0,
           expansions: Sequence[str] = (), progress: bool = False, label: str = "") -> dict[str, SeatBlunders]:
    """The blunder counters of ``games`` games (game i on seed ``first_seed + i // 2``, seats ``names_for(seed, i)``),
    summed per bot; with a progress bar (tqdm) when ``progress``."""
    total: dict[str, SeatBlunders] = {}
    tasks = [(first_seed + i // 2, names_for(first_seed + i // 2, i), tuple(expansions)) for i in range(games)]
    for _, (per, *_) in _counted_games(tasks, progress=progress, desc=label or "games"):
        for name, c in per.items():
            total.setdefault(name, SeatBlunders()).merge(c)
    return total


def print_blunders(label: str, counters: dict[str, SeatBlunders], print_fn: Callable[[str], None] = print) -> None:
    from .bots.values import ODDS_THRESHOLD

    for name in sorted(counters):
        c = counters[name]
        line = (f"  {label} {name}: {c.seat_games} seat-games; attacks {c.attacks}, under {100 * ODDS_THRESHOLD:.0f} % to win "
                f"{c.attacks_under} ({c.per_game(c.attacks_under):.2f} per seat-game); forced fights {c.forced_fights} "
                f"({c.per_game(c.forced_fights):.2f}); chests left {c.chests_left:.2f}; short winters {c.short_winters} of "
                f"{c.player_winters}, avoidable {c.short_avoidable}; buildings lost in their year {c.built_lost} of {c.built}")
        if c.court_seat_games:
            line += (f"; seat-games without a privilege card {c.no_privilege} of {c.court_seat_games}; cards taken "
                     f"{dict(sorted(c.privilege_cards.items()))}; samurai bonuses {dict(sorted(c.samurai.items()))}")
        print_fn(line)
        for ex in c.examples[:3]:
            print_fn(f"    e.g. {ex}")
