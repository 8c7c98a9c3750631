"""Issue 21's blunder detector: per game and per bot (the strong bot too, with the expansions), attacks under the
odds threshold, forced fights, chests left, short winters, buildings lost in their year, the expansions' choices."""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from typing import Callable, Sequence

from ..data import COMPONENTS
from ..rules.game import Game
from .blunders import avoidable_short_winter, rice_reach
from .games import play_game


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
    from ..bots.values import ODDS_THRESHOLD, attack_chance, last_round

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


#: what each winter's scoring gave a seat, as :func:`counted_game` reports it (``winter.scoring``'s fields)
SCORED = ("provinces", "buildings", "majority_points")


def counted_game(task: tuple) -> tuple[dict[str, SeatBlunders], list[int], dict[str, list[float]], dict[str, list[float]],
                                      list[int], list[list[tuple[int, ...]]]]:
    """One seeded game ``(seed, names, expansions)`` (also in a worker process): each bot's blunders, the winners'
    seats, the wall-clock and CPU seconds of each bot's decisions, each seat's points at the end, and per winter each
    seat's points from provinces, buildings and region majorities (:data:`SCORED`)."""
    seed, names, expansions = task
    times: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}

    def timing(game, decision, reason, dt):
        times.setdefault(names[decision.player], []).append(dt)

    per, game = seat_blunders(seed, names, expansions, timing, cpu)
    s = game.state
    winters = [[tuple(row[k] for k in SCORED) for row in ev["players"]] for ev in s.log if ev["rule"] == "winter.scoring"]
    return per, list(s.winners), times, cpu, [pl.points for pl in s.players], winters


def counted_games(tasks: list[tuple], jobs: int = 1, progress: bool = False, desc: str = "games"):
    """Each task ``(seed, names, expansions)`` with its :func:`counted_game`, in the tasks' order; played in ``jobs``
    spawned processes at once (the same results as one), with a progress bar (tqdm) when ``progress``."""
    pool = None
    if jobs > 1 and len(tasks) > 1:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        pool = ProcessPoolExecutor(min(jobs, len(tasks)), mp_context=multiprocessing.get_context("spawn"))
        results = pool.map(counted_game, tasks)  # in the tasks' order, whichever process ends first
    else:
        results = map(counted_game, tasks)
    if progress:
        from tqdm import tqdm

        results = tqdm(results, total=len(tasks), desc=desc, unit="game", leave=False)
    try:
        yield from zip(tasks, results)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)


def detect(games: int, names_for: Callable[[int, int], list[str]], first_seed: int = 0,
           expansions: Sequence[str] = (), progress: bool = False, label: str = "") -> dict[str, SeatBlunders]:
    """The blunder counters of ``games`` games (game i on seed ``first_seed + i // 2``, seats ``names_for(seed, i)``),
    summed per bot; with a progress bar (tqdm) when ``progress``."""
    total: dict[str, SeatBlunders] = {}
    tasks = [(first_seed + i // 2, names_for(first_seed + i // 2, i), tuple(expansions)) for i in range(games)]
    for _, (per, *_) in counted_games(tasks, progress=progress, desc=label or "games"):
        for name, c in per.items():
            total.setdefault(name, SeatBlunders()).merge(c)
    return total


def print_blunders(label: str, counters: dict[str, SeatBlunders], print_fn: Callable[[str], None] = print) -> None:
    from ..bots.values import ODDS_THRESHOLD

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
