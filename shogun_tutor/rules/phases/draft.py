"""The draft: claiming provinces with the army groups (set-up "draft"), then the tower fill."""

from __future__ import annotations

from ...data import COMPONENTS
from .. import errors as E
from ..battle_setup import fill_setup
from ..decisions import Decision, Pending
from .base import Phase


def card_province(card: str) -> str:
    return card.split("/")[0]


class DraftPhase(Phase):
    id = "claim"
    decisions = {"claim": ("field", "count"), "redraw": ()}
    answers = {"claim": ("claim", "redraw")}

    def step(self, game) -> None:
        s = game.state
        if all(not pl.groups for pl in s.players):
            s.card_supply = sorted(s.draft.deck + s.draft.face_up)
            s.draft.deck, s.draft.face_up = [], []
            game.log_event("claim.done", neutral=len(s.card_supply))
            game.next_phase()  # the flow fills the tower and begins the first year
            return
        seat = s.draft.turn % s.num_players
        if not s.players[seat].groups:
            s.draft.turn += 1
            return
        s.pending = Pending("claim", seat)

    # --- legality -----------------------------------------------------------------------
    @staticmethod
    def may_redraw(game, seat: int) -> bool:
        s, pl = game.state, game.state.players[seat]
        return bool(pl.last_offer) and sorted(pl.last_offer) == sorted(s.draft.face_up) and len(s.draft.deck) >= 2

    def context(self, game, pending):
        s = game.state
        return [f"up{i}" for i in range(len(s.draft.face_up))] + (["deck"] if s.draft.deck else [])

    def candidates(self, game, pending, sources):
        pl = game.state.players[pending.player]
        yield Decision("redraw", pl.seat)
        for src in sources:
            for gi in range(len(pl.groups)):
                if pl.groups[gi] not in pl.groups[:gi]:  # equal groups are the same choice
                    yield Decision("claim", pl.seat, field=src, count=gi)

    def why_not(self, game, d, sources):
        pl = game.state.players[d.player]
        if d.kind == "redraw":
            if not self.may_redraw(game, d.player):
                return E.RedrawNotAllowed("both face-up cards may only be replaced when the same two are offered again")
            return None
        if d.field not in sources:
            return E.ClaimNotAllowed(f"no card to take from {d.field!r}")
        if not 0 <= d.count < len(pl.groups):
            return E.ClaimNotAllowed(f"there is no army group {d.count} on the board")
        return None

    # --- execution ----------------------------------------------------------------------
    def execute(self, game, d) -> None:
        s = game.state
        pl = s.players[d.player]
        if d.kind == "redraw":
            old = list(s.draft.face_up)
            s.draft.deck.extend(old)
            s.draft.face_up = [s.draft.deck.pop(0), s.draft.deck.pop(0)]
            game.log_event("claim.redraw", d.player, replaced=old, new=list(s.draft.face_up))
            pl.last_offer = []  # once per turn
            return  # the same player now claims
        pl.last_offer = list(s.draft.face_up)
        if d.field == "deck":
            card = s.draft.deck.pop(0)
        else:
            i = int(d.field[2:])
            card = s.draft.face_up.pop(i)
            if s.draft.deck:
                s.draft.face_up.insert(i, s.draft.deck.pop(0))
        group = pl.groups.pop(d.count)
        prov = card_province(card)
        pv = s.provinces[prov]
        pv.owner, pv.armies = d.player, group
        pl.supply -= group
        pl.hand.append(card)
        game.log_event("claim.province", d.player, prov, source=d.field, card=card, armies=group)
        s.pending = None
        s.draft.turn += 1


def fill_tower(game) -> None:
    from ..combat import throw_record

    s = game.state
    setup = fill_setup(s.num_players)
    for seat, k in setup.from_supply:
        s.players[seat].supply -= k
    s.farmer_supply -= setup.farmers_from_supply
    cubes = [c for owner, n in setup.groups for c in game.new_cubes(owner, n, "fill")]
    result = game.tower_model.throw(s.tower, cubes, game.rng)
    out = result.out_by_owner()
    for c in s.tower.tray:
        if c.owner is None:
            s.farmer_supply += 1
        else:
            s.players[c.owner].supply += 1
    s.tower.tray = []
    game.log_event(
        "setup.tower_fill",
        thrown={"armies_each": COMPONENTS.tower_fill_armies_each, "farmers": COMPONENTS.tower_fill_farmers},
        came_out={("farmers" if k is None else str(k)): v for k, v in out.items()},
        stayed_inside=s.tower.lodged_count(),
        throw=throw_record(result),
    )
    s.rules.run_hooks(game, "tower_fill", out={k: v for k, v in out.items() if k is not None})
