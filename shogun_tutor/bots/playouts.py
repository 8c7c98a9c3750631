"""A playout's pieces for the strong bot: an independent copy of the game with its own dice, the hidden plans of the
seats sampled from what is open, and what a playout's end is worth to a seat (its standing), what it foresaw (its
outcome) and the reason told as that consequence. :mod:`.strong` races plans and options with them."""

from __future__ import annotations

import random
import statistics
from collections.abc import Collection

from ..data import COMPONENTS
from ..rules.game import Game
from ..rules.scoring import score
from ..rules.state import CHEST_CARDS, GameState
from ..rules.tower import tower_model_from_dict
from .base import Reason, node_data
from .heuristic import SEASONS

#: what an army on the board is worth at the playout's horizon (5 armies cost 3 chests, a chest counts 0.3)
ARMY_VALUE = 0.12
#: chests held that the plans still to come can use: a round's spending (5 armies, a castle and 3 armies: 3 + 3 + 2;
#: measured 6.3-6.6 per seat-round) plus what each later round spends beyond its own income (measured: spent 6.3,
#: earned 5.3 in the base game; with both expansions 6.6 and 6.9). Chests beyond this are worth almost nothing at the
#: horizon (issue 21: with the expansions' privilege and samurai income the bots ended with 8.9-11.8 chests, taking
#: chests as a bonus they could not spend)
SPEND_PER_ROUND = 8
NET_SPEND_PER_ROUND = 2
#: what a chest beyond that is worth (the tie-break at the end)
SPARE_CHEST = 0.02


def fork(game: Game, seed: int, log: bool = False) -> Game:
    """An independent copy of ``game`` (no history; an empty log, or with ``log`` a copy of the log: the advice on
    the copy reads the round's public events there, :func:`taken_this_round`) whose dice are reseeded with ``seed``."""
    try:
        state = game.state.copy_with_log(game.state.log if log else [])  # the copy writes a log of its own
        copy = Game(state, history=False, tower=tower_model_from_dict(game.tower_model.to_dict()))
    except AttributeError:  # an engine without cheap snapshots: the JSON round trip
        copy = Game.load(game.save(), history=False)
    copy.rng.seed(seed)
    return copy


def taken_this_round(game: Game) -> dict[int, list[str]]:
    """The cards of the provinces each seat took this round (a battle won, a privilege card's armies on a neutral
    province), read from the log back to the round's start: public, and planned with by nobody (the plans were laid
    before)."""
    taken: dict[int, list[str]] = {}
    for ev in reversed(game.state.log):
        rule = ev["rule"]
        if rule == "round.start":
            break
        if rule == "battle.result" and ev["owner"] is not None and ev["owner"] != ev["defender"] or \
                rule == "privilege.free_armies" and ev["took_neutral"]:
            seat = ev["owner"] if rule == "battle.result" else ev["player"]
            taken.setdefault(seat, []).append(game.graph.nodes[ev["province"]]["card"])
    return taken


def cover_face_down(state: GameState, seat: int, fields: list[str], guess: dict[str, str | None],
                    taken: Collection[str], rng: random.Random) -> None:
    """Cover ``seat``'s face-down plan ``fields`` in a playout's ``state`` with a sample that agrees with what every
    seat can see (issue 21, session 24: a guess laid over the true plan field by field put a card already shown on an
    open field on a face-down one too, and cards of provinces taken this round, ``taken``, which nobody planned with).

    A field keeps the ``guess``'s card (the seat's plan as the heuristic would make it) where that card could lie
    there: one the seat held when it planned and that no open field shows, or a war-chest or expansion card not
    shown. A card taken from the seat's board this round and not shown lies on a face-down field (its action lapses).
    The fields left get the seat's other unseen province cards in a seeded order, then stay empty. Reads only what
    is open: the true cards on the face-down fields are never looked at."""
    pl = state.players[seat]
    fields = [f for f in fields if f in pl.plan]
    shown = [pl.plan[f] for f in pl.plan if f not in fields]
    held = sorted(c for c in pl.hand if c not in taken or c in pl.handed_over)
    held += sorted(c for c in pl.handed_over if c not in held)
    unseen = [c for c in held if c not in shown]
    extra = list(state.rules.plan_cards(state, seat)) if state.rules.expansions else []
    free = unseen + [c for c in CHEST_CARDS + tuple(extra) if c not in shown]
    lapsed = [c for c in sorted(pl.handed_over) if c not in shown]  # taken from the board, unseen: face down
    sample: dict[str, str | None] = {}
    for f in fields:
        card = guess.get(f)
        if card in free and card not in lapsed:
            sample[f] = card
            free.remove(card)
        elif card is None and f in guess:
            sample[f] = None
    left = [f for f in fields if f not in sample]
    for card in lapsed:
        if card in free:
            free.remove(card)
        spot = left.pop(0) if left else next((f for f in fields if sample[f] not in lapsed), None)
        if spot is not None:
            sample[spot] = card
    rest = [c for c in free if c in unseen]
    rng.shuffle(rest)
    for f in left:
        sample[f] = rest.pop() if rest else None
    pl.plan.update(sample)


def projection(game: Game) -> list[dict]:
    """What the board would score for each seat at a winter now (:func:`rules.scoring.score`'s players)."""
    s = game.state
    nodes = node_data(game.graph)
    return score({n: p.owner for n, p in s.provinces.items()}, {n: p.buildings for n, p in s.provinces.items()},
                 {n: nodes[n]["region"] for n in s.provinces}, s.num_players)["players"]


def evaluate(game: Game, seat: int, proj: list[dict] | None = None) -> float:
    """The seat's standing: points, the board's next scoring for each winter still to come,
    chests and armies (a little under their price); minus the rivals' (half the best, half the average).
    ``proj``: the board's :func:`projection`, when the caller has it already."""
    s = game.state
    if s.phase == "end":
        winters_left = 0
    else:
        winters_left = COMPONENTS.years - s.year + 1
    proj = proj if proj is not None else projection(game)
    rounds_left = 0
    if s.season in SEASONS:
        rounds_left = len(SEASONS) - SEASONS.index(s.season)
    losses = [COMPONENTS.event(e).winter_rice_loss for e in s.events_face_up]
    mean_loss = statistics.fmean(losses) if losses else 0.0
    # chests are worth their price only while rounds are left to spend them (issue 21: 3.3-5.1 left at the end)
    rounds_to_spend = (COMPONENTS.years - s.year) * len(SEASONS) + rounds_left
    chest_w = 0.3 if rounds_to_spend >= 2 else 0.1 * rounds_to_spend
    # a round's plan is already laid once the planning is over: its chests can only be spent from the next round on
    rounds_open = max(0, rounds_to_spend - (s.phase not in ("plan", "end") and rounds_left > 0))
    spendable = SPEND_PER_ROUND + NET_SPEND_PER_ROUND * (rounds_open - 1) if rounds_open else 0
    values = []
    for pl in s.players:
        v = pl.points + winters_left * proj[pl.seat]["total"]
        if s.phase != "end":
            useful = min(pl.chests, spendable)
            v += chest_w * useful + SPARE_CHEST * (pl.chests - useful)
            v += ARMY_VALUE * sum(p.armies for p in s.provinces.values() if p.owner == pl.seat)
            if winters_left and rounds_left:
                short = len(pl.hand) + mean_loss - pl.rice - 3.5 * (rounds_left - 1)
                v -= 0.6 * max(0.0, short)
        else:
            v += 0.01 * pl.chests
        values.append(v)
    others = [v for i, v in enumerate(values) if i != seat]
    return values[seat] - 0.5 * max(others) - 0.5 * statistics.fmean(others)


def outcome(game: Game, seat: int, proj: list[dict] | None = None) -> dict[str, float]:
    """What a playout foresaw for ``seat``, for the reason of a look-ahead choice: its provinces, buildings and armies
    on the board, its chests, its rice shortfall at the winter (the winter's own if the playout reached it), and the
    points it and its strongest rival would stand at (points plus what the board would score at a winter; at the
    game's end the points alone). ``proj``: the board's :func:`projection`, when the caller has it already."""
    s = game.state
    short = next((ev["shortfall"] for ev in reversed(s.log) if ev["rule"] == "winter.rice" and ev["player"] == seat), None)
    if short is None:
        pl = s.players[seat]
        losses = [COMPONENTS.event(e).winter_rice_loss for e in s.events_face_up]
        rounds_left = len(SEASONS) - SEASONS.index(s.season) if s.season in SEASONS else 0
        short = max(0.0, len(pl.hand) + (max(losses) if losses else 0) - pl.rice - 3.5 * max(0, rounds_left - 1))
    own = [p for p in s.provinces.values() if p.owner == seat]
    if s.phase == "end":
        points = [float(pl.points) for pl in s.players]
    else:
        proj = proj if proj is not None else projection(game)
        points = [float(pl.points + proj[pl.seat]["total"]) for pl in s.players]
    return {"provinces": float(len(own)), "short": float(short), "armies": float(sum(p.armies for p in own)),
            "buildings": float(sum(len(p.buildings) for p in own)), "chests": float(s.players[seat].chests),
            "score": points[seat], "rival": max(v for i, v in enumerate(points) if i != seat)}


def consequence(base: list[dict], best: list[dict], playouts: int, margin: float) -> Reason:
    """The look-ahead's reason told as the consequence it foresaw (issue 21), not as "points better": the first of
    these the chosen option improves on clearly, against the usual choice: the winter's rice, provinces held,
    buildings, armies, the points it would stand at, its strongest rival's points, chests kept; else how far it
    stands ahead of its rivals."""
    mean = lambda rows, k: statistics.fmean(r[k] for r in rows)  # noqa: E731
    b = {k: mean(base, k) for k in ("short", "provinces", "buildings", "armies", "score", "rival", "chests")}
    c = {k: mean(best, k) for k in b}
    if b["short"] - c["short"] >= 0.5:
        return Reason("lookahead_rice", playouts=playouts, short=round(b["short"], 1), now=round(c["short"], 1))
    for key, kind, better, least in (("provinces", "lookahead_provinces", 1, 0.3),
                                     ("buildings", "lookahead_buildings", 1, 0.3),
                                     ("armies", "lookahead_armies", 1, 1.0),
                                     ("score", "lookahead_score", 1, 0.3),
                                     ("rival", "lookahead_rival", -1, 0.3),
                                     ("chests", "lookahead_chests", 1, 1.0)):
        if better * (c[key] - b[key]) >= least:
            return Reason(kind, playouts=playouts, **{key: round(c[key], 1)}, other=round(b[key], 1))
    return Reason("lookahead", playouts=playouts, margin=round(margin, 1))
