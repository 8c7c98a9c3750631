"""Winter: rice loss and feeding, revolts drawn by the left neighbour (in an order the player picks), scoring."""

from __future__ import annotations

from ...data import COMPONENTS
from .. import errors as E
from ..combat import revolt
from ..decisions import Decision, Pending
from ..scoring import score
from .base import Phase
from .draft import card_province


class WinterPhase(Phase):
    id = "winter"
    decisions = {"revolt": ("province",)}

    def enter(self, game) -> None:
        s = game.state
        winter_card = s.events_face_up[0]
        loss = COMPONENTS.event(winter_card).winter_rice_loss
        s.winter.queue = []
        s.winter.revolts = {}
        for seat in s.round.turn_order:
            pl = s.players[seat]
            before = pl.rice
            pl.rice = max(0, pl.rice - loss)
            provinces = s.player_provinces(seat)
            shortfall = max(0, len(provinces) - pl.rice)
            row = COMPONENTS.revolt_row(shortfall)
            game.log_event("winter.rice", seat, event=winter_card, rice_before=before, loss=loss, rice=pl.rice,
                           provinces=len(provinces), shortfall=shortfall,
                           revolts=row.provinces if row else 0, extra_farmers=row.extra_farmers if row else 0)
            if row:
                s.winter.queue.append(seat)
        s.phase = "winter"

    def step(self, game) -> None:
        s = game.state
        if not s.winter.queue:
            score_winter(game)
            game.next_phase()  # the flow ends the game or begins the next year
            return
        seat = s.winter.queue.pop(0)
        pl = s.players[seat]
        provinces = s.player_provinces(seat)
        row = COMPONENTS.revolt_row(max(0, len(provinces) - pl.rice))
        if row is None or not provinces:
            return
        cards = sorted(pl.hand)
        drawn = [card_province(c) for c in game.rng.sample(cards, min(row.provinces, len(cards)))]
        left = (seat + 1) % s.num_players
        # the log keeps its own copy: the pending decision below consumes ``drawn``
        game.log_event("winter.revolts_drawn", seat, drawn_by=left, provinces=list(drawn), extra_farmers=row.extra_farmers)
        for prov in drawn:
            s.winter.revolts[prov] = row.extra_farmers
        if len(drawn) == 1:
            winter_revolt(game, seat, drawn[0])
        else:
            s.pending = Pending("revolt", seat, options=drawn)

    def context(self, game, pending):
        return pending.options

    def candidates(self, game, pending, options):
        return [Decision("revolt", pending.player, province=prov) for prov in options]

    def why_not(self, game, d, options):
        if d.province not in options:
            return E.RevoltOrderInvalid(f"{d.province} is not a province in revolt still to be fought")
        return None

    def execute(self, game, d) -> None:
        s = game.state
        p = s.pending
        p.options.remove(d.province)
        rest = list(p.options)
        s.pending = None
        winter_revolt(game, d.player, d.province)
        if rest:
            s.pending = Pending("revolt", d.player, options=rest)


def winter_revolt(game, seat: int, prov: str) -> None:
    s = game.state
    extra = s.winter.revolts.pop(prov)
    pv = s.provinces[prov]
    if pv.owner != seat:  # lost earlier this winter: nothing left to fight for
        game.log_event("winter.revolt_void", seat, prov)
        return
    revolt(game, seat, prov, farmers=pv.unrest, extra=extra, cause="winter")


def score_winter(game) -> None:
    s = game.state
    owners = {n: p.owner for n, p in s.provinces.items()}
    buildings = {n: list(p.buildings) for n, p in s.provinces.items()}
    regions = {n: game.graph.nodes[n]["region"] for n in s.provinces}
    result = score(owners, buildings, regions, s.num_players)
    for row in result["players"]:
        s.players[row["seat"]].points += row["total"]
    s.scores.append({
        "year": s.year,
        "provinces": {n: {"owner": p.owner, "armies": p.armies, "buildings": list(p.buildings), "unrest": p.unrest}
                      for n, p in s.provinces.items()},
        "players": [{"seat": p.seat, "rice": p.rice, "chests": p.chests, "points": p.points} for p in s.players],
        "scoring": result,
    })
    game.log_event("winter.scoring", year=s.year, players=result["players"], regions=result["regions"],
                   points=[p.points for p in s.players])
    for pv in s.provinces.values():
        pv.unrest = 0
    for pl in s.players:
        pl.rice = 0
    s.events_used.extend(s.events_face_up)
    s.events_face_up = []
