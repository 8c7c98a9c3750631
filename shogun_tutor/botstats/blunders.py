"""Issue 10's blunder counters over seeded games of one bot in every seat: lapsed actions, short winters (and the
avoidable ones), high bids and their reasons, picks, chests left.

>>> c = count_blunders(3, bot="heuristic")
>>> c.games, c.bids > 0
(3, True)
"""

from __future__ import annotations

import itertools
import statistics
from dataclasses import dataclass, field
from typing import Sequence

from ..data import COMPONENTS
from ..rules.game import Game
from ..rules.state import chest_value
from .games import game_setup, play_game


#: reasons that explain a bid of 3 or more chests
EXPLAINED_HIGH_BIDS = ("bid_last_round", "bid_chests")

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
