"""Rice for the winter ahead: which province to harvest this round, planned over the rounds left.

The winter loss is one of the year's event cards still face up (the last one left after the
autumn), so the rice wanted at the winter is the provinces held plus the largest of those losses.
Only one rice action comes per round, and a province harvested again carries the unrest of the
first harvest: the farmers rise (a revolt) before the rice comes. So the plan looks at the whole
sequence of the rounds left: the best expected total, where a second harvest in a rich province
counts only as far as its armies are sure to hold the revolt, and the province such a revolt may lose
counts against it (a province lost is worth more than a harvest).

>>> from shogun_tutor.rules.game import new_game
>>> game = new_game(players=4, seed=3, history=False)
>>> h = harvest_plan(game, 0, sorted(c.split("/")[0] for c in game.state.players[0].hand), 3)
>>> h.province in h.sequence, len(h.sequence) <= 3, h.need == h.provinces + h.loss
(True, True, True)
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from functools import lru_cache

from ..data import COMPONENTS
from .base import node_data

#: at most this many provinces are tried in the harvest sequences (the richest ones)
CANDIDATES = 6
#: what losing a province in a harvest's revolt costs, in rice (the province, its armies, one mouth less),
#: plus this much for each of its buildings
LOST_PROVINCE_RICE, LOST_BUILDING_RICE = 4.0, 2.0


@dataclass(frozen=True)
class Harvest:
    """The rice plan of one seat for the rest of the year."""

    province: str | None  # this round's rice province (None: no rice action wanted)
    gain: int  # what it yields this round (before the special card and the event)
    provinces: int  # provinces to feed
    loss: int  # the largest winter loss still possible
    need: int  # rice wanted at the winter (provinces + loss + margin) minus the rice held
    expected: float  # the rice the sequence is expected to bring
    sequence: tuple[str, ...] = ()
    later: tuple[str, ...] = field(default=())  # provinces kept for the later rounds' harvests (no tax there)

    @property
    def gap(self) -> float:
        """Rice short at the winter if the plan goes as expected (negative: to spare)."""
        return self.need - self.expected


def loss_ahead(state) -> int:
    """The largest winter rice loss still possible: the winter card is one of those still face up."""
    return max((COMPONENTS.event(e).winter_rice_loss for e in state.events_face_up), default=0)


@lru_cache(maxsize=512)
def keep_chance(armies: int, unrest: int) -> float:
    """Chance that ``armies`` hold a revolt of ``unrest`` farmers (the tower model, as a neutral attack)."""
    if unrest <= 0:
        return 1.0
    if armies <= 0:
        return 0.0
    from .values import attack_odds

    return attack_odds(armies, 0, unrest, True)[0]


def rice_yield(nodes, effects, p: str) -> float:
    """The rice a harvest in ``p`` is expected to bring: each round's event is drawn from the cards still
    face up (``effects``), so "at most 3" / "at least 4" rice each weigh one in ``len(effects)``."""
    r = nodes[p]["rice"]
    if not effects:
        return float(r)
    w = 1 / len(effects)
    return r + w * (effects.count("rice_max3") * (min(r, 3) - r) + effects.count("rice_min4") * (max(r, 4) - r))


def harvest_plan(game, seat: int, provs: list[str], rounds: int, margin: int = 0) -> Harvest:
    """The rice plan over the ``rounds`` rice actions left this year (this round's first)."""
    s = game.state
    nodes = node_data(game.graph)
    effects = [COMPONENTS.event(e).effect for e in s.events_face_up]
    loss = loss_ahead(s)
    need = len(provs) + loss + margin - s.players[seat].rice
    if not provs or rounds <= 0:
        return Harvest(None, 0, len(provs), loss, need, 0.0)
    yields = {p: rice_yield(nodes, effects, p) for p in provs}
    ranked = sorted(provs, key=lambda p: (-yields[p], s.provinces[p].unrest, p))[:CANDIDATES]
    # what each sequence's score is made of, read once
    keeps = {p: [keep_chance(s.provinces[p].armies, s.provinces[p].unrest + k) for k in range(rounds)] for p in ranked}
    lost = {p: LOST_PROVINCE_RICE + LOST_BUILDING_RICE * len(s.provinces[p].buildings) for p in ranked}
    best: tuple[float, float, tuple[str, ...]] | None = None
    for seq in itertools.product(ranked, repeat=rounds):
        score, total = _sequence_score(yields, keeps, lost, seq, need)
        if best is None or score > best[0] + 1e-9:
            best = (score, total, seq)
    _, total, seq = best
    first = seq[0]
    gain = nodes[first]["rice"]
    if need <= 0 or keep_chance(s.provinces[first].armies, s.provinces[first].unrest) < 0.5:
        # fed already, or even the best harvest would likely be lost to a revolt: no rice action now
        return Harvest(None, 0, len(provs), loss, need, total, seq, tuple(sorted(set(seq[1:]))))
    return Harvest(first, gain, len(provs), loss, need, total, seq, tuple(sorted(set(seq[1:]) - {first})))


def _sequence_score(yields: dict[str, float], keeps: dict[str, list[float]], lost: dict[str, float],
                    seq: tuple[str, ...], need: int) -> tuple[float, float]:
    """(score, rice counted on) of a harvest sequence. The rice counted on: the expected rice, where rice
    beyond the need counts a tenth (a spare harvest is kept for later rounds only as far as it helps).
    The score: that, less the rice-worth of the provinces its revolts may lose (a harvest in a province
    with unrest: the farmers rise first, and a lost revolt loses the province). From its parts, read once for the
    up to ``CANDIDATES ** rounds`` sequences a plan compares: each province's expected yield, its chance to keep
    the province through a revolt with 0, 1, ... harvests there earlier in the sequence (each adds an unrest), and
    the rice-worth a lost revolt costs."""
    before: dict[str, int] = {}
    total = risk = 0.0
    for p in seq:
        keep = keeps[p][before.get(p, 0)]
        total += yields[p] * keep
        risk += (1 - keep) * lost[p]
        before[p] = before.get(p, 0) + 1
    counted = need + 0.1 * (total - need) if total > need > 0 else total
    return counted - risk + 0.05 * len(before), counted  # ties: spread the unrest


__all__ = ["CANDIDATES", "Harvest", "harvest_plan", "keep_chance", "loss_ahead", "rice_yield"]
