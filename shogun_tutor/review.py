"""The review of a learner's game (issue 21): the learner's costliest decisions against the strong bot's.

Like a chess site's game review, for Shogun: every decision the learner's seat took (in one year, or in the
whole game) is replayed from the position it was taken in (the game's undo history), the strong bot says what
it would have done there and why, and when the two differ both are played on with the same seeded playouts
(common random numbers: the same hidden cards, event draws and tower throws for both). The difference of the
mean standing at the playouts' horizon (:func:`.bots.playouts.evaluate`: points, the coming scorings,
chests and armies, the winter's rice, against the rivals) is the decision's expected cost in points. The
costliest few are kept, each with the position on the board, both decisions, the strong bot's reason and,
for a battle, the odds the learner took.

Widget-free and deterministic (the playouts' seeds come from the decision's index): the text layer
(:mod:`.text.review`) says it, :mod:`.ui.game_review` shows it.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

from .bots.base import Reason
from .bots.strong import StrongBot
from .bots.values import ODDS_THRESHOLD, attack_chance, attack_figures as figures_of, attack_reason, last_round
from .rules.odds import game_battle_odds
from .rules.game import Game
from .rules.state import Decision
from .rules.tower import tower_model_from_dict

#: the decision kinds the review weighs (a claim of the draft is reviewed too)
REVIEWED = ("plan", "place", "move", "claim", "revolt", "privilege", "privilege_event", "privilege_use", "samurai")
#: a difference below this (points) is too small to call a decision costly: a chest is worth about 0.3 points,
#: a province one point at every winter (the floor keeps trivia, such as one chest more or less, out of the review)
MIN_COST = 1.0
#: an attack under the odds threshold is always named (a beginner must not copy it, whatever a few playouts
#: measured: its armies often come back out of the tower later, so its cost in points is small but real);
#: it ranks as if it cost this much more
BLUNDER_RANK = 1.0


@dataclass
class Mistake:
    """One of the learner's decisions that the strong bot would have taken otherwise, and what it cost."""

    index: int  # the decision's index in ``game.decisions``
    year: int
    season: str
    seat: int
    chosen: Decision  # the learner's
    better: Decision  # the strong bot's
    cost: float  # expected points lost against the strong bot's choice (mean over the playouts)
    playouts: int  # per choice
    reason: Reason  # the strong bot's reason for its choice
    learner: Reason | None = None  # what the learner's choice meant, when the review can say it (an attack's odds)
    position: dict = field(default_factory=dict)  # the board where it counts: provinces with owner and armies
    blunder: bool = False  # an attack under the odds threshold (named whatever the playouts measured)
    #: for an attack, what the decision list showed for it (:func:`.text.decisions.attack_figures`), by role
    figures: dict = field(default_factory=dict)

    @property
    def rank(self) -> float:
        return self.cost + (BLUNDER_RANK if self.blunder else 0.0)

    def to_dict(self) -> dict:
        return {"index": self.index, "year": self.year, "season": self.season, "seat": self.seat,
                "chosen": self.chosen.to_dict(), "better": self.better.to_dict(), "cost": self.cost,
                "playouts": self.playouts, "reason": self.reason.to_dict(),
                "learner": self.learner.to_dict() if self.learner else None, "position": self.position,
                "blunder": self.blunder, "figures": self.figures}


def position(game: Game, index: int) -> Game:
    """The game as it stood when decision ``index`` was taken (a copy with its own log; no history)."""
    before = game.history[index]
    state = before.state.copy_with_log(game.state.log[:before.log_len])
    copy = Game(state, history=False, tower=tower_model_from_dict(before.tower_model))
    copy.rng.setstate(state.rng_state)
    return copy


def is_attack(game: Game, d: Decision) -> bool:
    """A move into a province the mover does not hold: a battle (the decision list calls it an attack)."""
    return d.kind == "move" and d.target is not None and game.state.provinces[d.target].owner != d.player


def learner_reason(game: Game, d: Decision) -> Reason | None:
    """What the learner's decision meant, said with the figures the game showed: an attack with its chance to win
    (the engine's one odds, :func:`.rules.odds.game_battle_odds`, the cards' armies and the tower counted)."""
    if is_attack(game, d):
        chance = attack_chance(game.state, d.player, d.target, d.count)[0]
        kind = "review_attack_low" if chance < ODDS_THRESHOLD else "attack"
        return attack_reason(kind, game.state, d.player, d.province, d.target, d.count)
    return None


def attack_figures(game: Game, d: Decision) -> dict | None:
    """What the decision list showed for an attack ``d`` (its odds, the cards' armies); None for anything else."""
    if not is_attack(game, d):
        return None
    return figures_of(*game_battle_odds(game.state, d.player, d.target, d.count))


def board_position(game: Game, *decisions: Decision) -> dict:
    """The provinces the decisions name, with their owner and armies then (the review's board excerpt)."""
    s = game.state
    names: list[str] = []
    for d in decisions:
        for p in (d.province, d.target, d.card.split("/")[0] if d.card else None):
            if p and p in s.provinces and p not in names:
                names.append(p)
    return {"year": s.year, "season": s.season,
            "provinces": [{"province": p, "owner": s.provinces[p].owner, "armies": s.provinces[p].armies,
                           "buildings": list(s.provinces[p].buildings)} for p in names]}


def weigh(game_then: Game, seat: int, chosen: Decision, better: Decision, bot: StrongBot, samples: int,
          salt: int) -> tuple[float, int]:
    """Expected points of ``better`` over ``chosen`` from the position, over ``samples`` paired playouts."""
    diffs = []
    for i in range(samples):
        seed = bot.sample_seed(game_then, seat, 5000 + i) + 31 * salt
        a = bot.playout(game_then, seat, bot.base.style, seed, first=better)
        b = bot.playout(game_then, seat, bot.base.style, seed, first=chosen)
        diffs.append(a - b)
    return statistics.fmean(diffs), samples


def _both_fillers(a: Decision, b: Decision) -> bool:
    """Two chest cards on a field other than the bid: both leave the action undone, the difference is noise."""
    return a.kind == b.kind == "plan" and a.field != "bid" and all(
        d.card is None or d.card.startswith(("chest:", "tower")) for d in (a, b))


def review(game: Game, seat: int, year: int | None = None, top: int = 3, samples: int = 4, seed: int = 0,
           progress=None) -> list[Mistake]:
    """The ``top`` costliest decisions of ``seat`` (in ``year``, or the whole game), costliest first.

    ``game`` must keep its history (``new_game(..., history=True)``, the guided game's). ``progress(done, total)``
    is told how far it got (the UI's bar)."""
    if not game.history_enabled:
        raise ValueError("the review needs the game's history (a game made with history=True)")
    history = game.history
    mine = [i for i, d in enumerate(game.decisions)
            if d.player == seat and d.kind in REVIEWED and (year is None or history[i].state.year == year)]
    found: list[Mistake] = []
    bots: dict[tuple, StrongBot] = {}
    for n, i in enumerate(mine):
        if progress is not None:
            progress(n, len(mine))
        then = position(game, i)
        s = then.state
        if then.to_decide() is None or then.to_decide()[1] != seat:
            continue
        key = (s.year, s.season)
        # the hint's seed (ui.hint.hint_seed): a learner who took the hint is not told to have decided otherwise
        bot = bots.setdefault(key, StrongBot(s.seed * 100 + 50 + seat + seed))
        better, reason = bot.decide_with_reason(then)
        chosen = game.decisions[i]
        if better == chosen or _both_fillers(chosen, better):
            continue
        said = learner_reason(then, chosen)
        blunder = said is not None and said.kind == "review_attack_low" and not last_round(s)
        cost, k = weigh(then, seat, chosen, better, bot, samples, i)
        if cost < MIN_COST and not blunder:
            continue
        figures = {role: f for role, f in (("chosen", attack_figures(then, chosen)), ("better", attack_figures(then, better)))
                   if f is not None}
        found.append(Mistake(i, s.year, s.season, seat, chosen, better, round(max(0.0, cost), 1), k, reason,
                             said, board_position(then, chosen, better), blunder, figures))
    if progress is not None:
        progress(len(mine), len(mine))
    found.sort(key=lambda m: (-m.rank, m.index))
    return found[:top]


__all__ = ["MIN_COST", "Mistake", "REVIEWED", "attack_figures", "board_position", "is_attack", "learner_reason", "position", "review", "weigh"]
