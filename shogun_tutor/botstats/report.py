"""The bots' printed report (``shogun-tutor botstats``): the counters, the pairings' shares, time per decision."""

from __future__ import annotations

import statistics
import time
from typing import Callable, Sequence

from .blunders import count_blunders
from .detector import SeatBlunders, print_blunders
from .games import court_games
from .pairing import SCORED_LABELS, alone, paired_difference, pairing, wilson

#: issue 48's target for the strong bot alone among heuristic seats: the share of games it should win
ALONE_TARGET = 0.60


def _print_paired(runs: list, print_fn: Callable[[str], None]) -> None:
    """Each lone bot against the first one among the same bots, on the same games (:func:`.pairing.paired_difference`)."""
    first = runs[0] if runs else None
    for r in runs[1:]:
        if r.b != first.b or r.a == first.a or not r.games:
            continue
        d = paired_difference(first, r)
        print_fn(f"== {first.a} alone minus {r.a} alone among {r.b} bots, on the same {r.games} games, paired by seed: "
                 f"points a game {d['points'][0]:+.2f} ± {d['points'][1]:.2f}, lead over the best other seat "
                 f"{d['lead'][0]:+.2f} ± {d['lead'][1]:.2f}, games won {100 * d['won'][0]:+.1f} ± {100 * d['won'][1]:.1f} "
                 f"points of percent (± one standard error)")
        for w in range(1, 1 + sum(k.endswith(" provinces") for k in d)):
            parts = ", ".join(f"{label} {d[f'winter {w} {label}'][0]:+.2f} ± {d[f'winter {w} {label}'][1]:.2f}"
                              for label in SCORED_LABELS)
            print_fn(f"   winter {w}'s scoring, {first.a} alone minus {r.a} alone, points a game: {parts}")


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def report(games: int = 300, pair_games: int = 100, print_fn: Callable[[str], None] = print,
           pairings: Sequence[tuple[str, str]] = (("heuristic", "heuristic-v1"), ("strong", "heuristic"),
                                                  ("heuristic", "random"), ("strong", "random")),
           court: int | None = None, first_seed: int = 1000, expansion_pairings: Sequence[tuple[str, str]] = (
               ("strong", "heuristic"),), progress: bool = True, jobs: int = 1,
           alone_pairings: Sequence[tuple[str, str]] = ()) -> dict:
    """Print the whole report; returns the figures. ``court``: games with both expansions
    (default: 30, or ``games`` when fewer). Pairings are played on seeds from ``first_seed`` (fresh seeds: not
    those the bots were tuned on), each with issue 21's blunder counters per bot; ``expansion_pairings`` are
    played with both expansions too. ``jobs``: the pairings' games played at once in that many processes.
    ``alone_pairings``: ``(a, b)``, ``a`` alone in one seat among ``b`` bots, its seat rotating (``pair_games`` games
    on seeds from ``first_seed``, one game a seed), with the short winters of each."""
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
    for a, b in alone_pairings:
        t = time.perf_counter()
        print_fn(f"== {a} alone among {b} bots: {pair_games} games on seeds {first_seed}-{first_seed + pair_games - 1}, "
                 f"its seat rotating ...")
        r = alone(a, b, pair_games, first_seed=first_seed, times=times, cpu_times=cpu, progress=progress, jobs=jobs)
        lo, hi = r.interval()
        figures[("alone", a, b)] = r
        per = ", ".join(f"{n} players {w:.1f} of {g}" for n, (g, w) in sorted(r.by_players.items()))
        print_fn(f"   {a} alone: won {r.wins:.1f} of {r.games} ({_pct(r.share)}, 95 % CI {_pct(lo)}-{_pct(hi)}; chance "
                 f"alone {_pct(r.chance / max(1, r.games))}); {per}; {time.perf_counter() - t:.0f} s")
        if r.games:
            lead = statistics.fmean(r.leads)
            spread = statistics.stdev(r.leads) if r.games > 1 else 0.0
            short = r.points_short_of(ALONE_TARGET)
            needs = ("it won that share already" if short == 0 else
                     f"{short} points more a game (it would have won {_pct(r.share_ahead_by(short))})" if short is not None
                     else "more than 30 points more a game")
            print_fn(f"   {a} alone: {r.points / r.games:.1f} points a game, the other seats {r.others / r.games:.1f}; "
                     f"its lead over the best other seat {lead:+.1f} a game (sd {spread:.1f}); to win "
                     f"{_pct(ALONE_TARGET)} of these games: {needs}")
            for w, (lone, others) in sorted(r.winters.items()):
                parts = ", ".join(f"{label} {x / r.games:.1f} / {y / r.games:.1f}"
                                  for label, x, y in zip(SCORED_LABELS, lone, others))
                print_fn(f"   winter {w + 1}'s scoring, {a} alone / the other seats, points a game: {parts}")
        for name in sorted(r.blunders):
            c = r.blunders[name]
            print_fn(f"   {name}: short winters {c.short_winters} of {c.player_winters} seat-winters "
                     f"({_pct(c.short_winters / max(1, c.player_winters))}), avoidable {c.short_avoidable}")
        print_blunders(f"{a} alone among {b}:", r.blunders, print_fn)
    _print_paired([figures[("alone", a, b)] for a, b in alone_pairings], print_fn)
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
