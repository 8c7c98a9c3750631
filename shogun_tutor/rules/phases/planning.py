"""Planning: the secret plans, the event card, the bids; then the turn-order places (with their special cards)."""

from __future__ import annotations

from ...data import COMPONENTS
from .. import errors as E
from ..decisions import Decision, Pending
from ..state import CHEST_CARDS, PLACES, chest_value, is_chest_like
from .base import Phase


class PlanPhase(Phase):
    """Each seat covers its plan fields one at a time; then the event is drawn and the bids are paid."""

    id = "plan"
    decisions = {"plan": ("field", "card")}

    def enter(self, game) -> None:
        game.state.round.planner = 0

    def step(self, game) -> None:
        s = game.state
        while s.round.planner < s.num_players:
            pl = s.players[s.round.planner]
            if len(pl.plan) < len(s.rules.plan_fields(s, pl.seat)):
                s.pending = Pending("plan", pl.seat)
                return
            game.log_event("plan.done", pl.seat, empty_fields=[f for f, c in pl.plan.items() if c is None],
                           plan=dict(pl.plan))  # the whole plan: a record's log then pins every plan decision
            s.round.planner += 1
        draw_event(game)
        reveal_bids(game)
        game.next_phase()

    # --- legality -----------------------------------------------------------------------
    def context(self, game, pending):
        s = game.state
        pl = s.players[pending.player]
        fields = s.rules.plan_fields(s, pl.seat)
        field = next(f for f in fields if f not in pl.plan)
        used = set(pl.plan.values())
        extra = list(s.rules.plan_cards(s, pl.seat)) if s.rules.expansions else []
        cards = [c for c in sorted(pl.hand) + list(CHEST_CARDS) + extra if c not in used]
        remaining = len(fields) - len(pl.plan)  # plans hold only this seat's fields
        opts: list[str | None] = [c for c in cards if not self.too_high(c, pl.chests)] if field == "bid" else list(cards)
        if len(cards) < remaining or not opts:
            opts.append(None)  # not enough cards for every field: this one may stay empty
        return field, opts

    @staticmethod
    def too_high(card: str | None, chests: int) -> bool:
        v = chest_value(card)
        return v is not None and v > chests

    def candidates(self, game, pending, ctx):
        field, opts = ctx
        return [Decision("plan", pending.player, field=field, card=c) for c in opts]

    def why_not(self, game, d, ctx):
        field, opts = ctx
        if d.field != field:
            return E.WrongDecisionKind(f"plan the field {field!r} next, not {d.field!r}", rule="plan.field_order")
        if d.card in opts:
            return None
        if is_chest_like(d.card) and d.card not in CHEST_CARDS:
            return E.NoSuchCard(f"{d.card!r} is not a war-chest card; they are {', '.join(CHEST_CARDS)}")
        if d.card is None:
            return E.EmptyFieldNotAllowed("every field must be covered while cards are left")
        chests = game.state.players[d.player].chests
        if field == "bid" and self.too_high(d.card, chests):
            return E.BidTooHigh(f"a bid of {chest_value(d.card)} chests, but only {chests} in the war chest")
        return E.CardNotAvailable(f"{d.card!r} is not an unused card of this player")

    # --- a plan in the making, in any order (a planning board's questions) -----------------------------
    @classmethod
    def placement_refusal(cls, state, seat: int, field: str, card: str, cards=None) -> "E.RuleViolation | None":
        """Why ``card`` may not go on ``field`` of ``seat``'s plan, whatever is planned elsewhere, or None.

        The plan decisions come in the engine's order; a board lets the player cover the fields in any
        order and sends the plan at the end. ``cards``: the cards the seat plans with (default: the hand,
        the war-chest cards and an expansion's plan cards)."""
        pl = state.players[seat]
        if field not in state.rules.plan_fields(state, seat):
            return E.NotAPlanField(f"{field!r} is not a plan field of seat {seat}")
        if field in pl.plan:
            return E.FieldAlreadyPlanned(f"the field {field!r} is already planned")
        if cards is None:
            extra = list(state.rules.plan_cards(state, seat)) if state.rules.expansions else []
            cards = sorted(pl.hand) + list(CHEST_CARDS) + extra
        if card not in cards:
            if is_chest_like(card) and card not in CHEST_CARDS:
                return E.NoSuchCard(f"{card!r} is not a war-chest card; they are {', '.join(CHEST_CARDS)}")
            return E.CardNotAvailable(f"{card!r} is not a card of this player")
        if field == "bid" and cls.too_high(card, pl.chests):
            return E.BidTooHigh(f"a bid of {chest_value(card)} chests, but only {pl.chests} in the war chest",
                                bid=chest_value(card), chests=pl.chests)
        return None

    @staticmethod
    def cover_refusal(state, seat: int, plan, cards) -> "E.RuleViolation | None":
        """Why a plan in the making (``plan``: field -> card) cannot be sent yet, or None: a field may stay
        empty only while there are fewer ``cards`` than fields (``params["n"]``: how many more to cover)."""
        fields = state.rules.plan_fields(state, seat)
        left = len([f for f in fields if f not in plan]) - max(0, len(fields) - len(cards))
        if left > 0:
            return E.EmptyFieldNotAllowed(f"{left} more field(s) must be covered while cards are left", n=left)
        return None

    def execute(self, game, d) -> None:
        game.state.players[d.player].plan[d.field] = d.card
        game.state.pending = None


def draw_event(game) -> None:
    s = game.state
    pool = list(s.events_face_up)
    game.rng.shuffle(pool)
    s.round.event = pool[0]
    s.events_face_up.remove(s.round.event)
    game.log_event("round.event", event=s.round.event, effect=COMPONENTS.event(s.round.event).effect,
                   remaining=list(s.events_face_up))


def reveal_bids(game) -> None:
    s = game.state
    ranks = []
    for pl in s.players:
        card = pl.plan.get("bid")
        v = chest_value(card)
        if v is not None and v > 0:
            pl.chests -= v
            rank, kind = (0, -v), "chests"
        elif card is not None and v is None:
            rank, kind = (1, 0), "province"
        elif v == 0:
            rank, kind = (2, 0), "zero"
        else:
            rank, kind = (3, 0), "none"
        ranks.append((rank, pl.seat, kind, v or 0))
    tiebreak = list(range(s.num_players))
    game.rng.shuffle(tiebreak)  # the tied daimyo cards, shuffled
    order = sorted(ranks, key=lambda r: (r[0], tiebreak.index(r[1])))
    s.round.pick_order = [r[1] for r in order]
    ties: dict = {}
    for r in ranks:
        ties.setdefault(r[0], []).append(r[1])
    game.log_event(
        "order.bids",
        bids=[{"player": r[1], "kind": r[2], "chests": r[3]} for r in sorted(ranks, key=lambda r: r[1])],
        pick_order=list(s.round.pick_order),
        ties=[sorted(v) for v in ties.values() if len(v) > 1],
    )


class PlacePhase(Phase):
    """In bid order each seat takes a turn-order place and the special card lying there."""

    id = "place"
    decisions = {"place": ("count",)}

    def step(self, game) -> None:
        s = game.state
        for seat in s.round.pick_order:
            if s.players[seat].place is None:
                s.pending = Pending("place", seat)
                return
        s.round.turn_order = sorted(range(s.num_players), key=lambda seat: s.players[seat].place)
        game.log_event("order.turn_order", turn_order=list(s.round.turn_order),
                       specials={str(p.seat): p.special for p in s.players})
        game.next_phase()

    def context(self, game, pending):
        return {pl.place for pl in game.state.players if pl.place is not None}

    def candidates(self, game, pending, taken):
        return [Decision("place", pending.player, count=place) for place in range(PLACES)]

    def why_not(self, game, d, taken):
        if not 0 <= d.count < PLACES:
            return E.NoSuchPlace(f"there is no place {d.count}; the places are 0-{PLACES - 1}")
        if d.count in taken:
            return E.PlaceTaken(f"place {d.count + 1} is taken")
        return None

    def execute(self, game, d) -> None:
        s = game.state
        pl = s.players[d.player]
        pl.place = d.count
        pl.special = s.round.specials[d.count]
        game.log_event("order.pick_place", d.player, place=d.count + 1, special=pl.special)
        s.pending = None
