"""Samurai (mini-expansion): a stack of 4 cards per player; a bonus for provinces in at least 4 regions.

After the turn order is set (before the court actions when Tennō's Court is played too), each player in
turn order who holds provinces in at least ``COMPONENTS.samurai_min_regions`` regions turns his top card
under and takes one bonus shown on the new top card (chests, rice, armies into the tower's tray, victory
points; amounts INFERRED, ``data/components.json``). After each winter the stacks are put back in order.

Working data ``state.extra["samurai"]``: ``top`` (per seat: how many cards have been turned under this year,
0-3; the card on top is number ``top + 1``), ``turn`` (the next index into the turn order while the phase
runs). Rule interpretation: only the options the card shows (amount > 0) are offered; the tray option needs
the armies in the supply.
"""

from __future__ import annotations

from ...board import regions_touched
from ...data import COMPONENTS
from .. import errors as E
from ..decisions import Decision, Pending
from ..errors import SaveFileError
from ..phases.base import Phase
from ..rules import EXPANSIONS, Expansion

NAME = "samurai"
CARDS = {c.number: dict(c.options) for c in COMPONENTS.samurai_cards}  # number -> {option: amount}
STACK = tuple(sorted(CARDS))  # 1 (the blank flag) on top, then 2, 3, 4
STATUS = COMPONENTS.samurai_provenance.status  # 'INFERRED'
MIN_REGIONS = COMPONENTS.samurai_min_regions
OPTIONS = ("chests", "rice", "armies_to_tray", "victory_points")


def data(state) -> dict:
    return state.extra[NAME]


def top_card(state, seat: int) -> int:
    return STACK[data(state)["top"][seat] % len(STACK)]


def options(state, seat: int) -> dict[str, int]:
    """The bonuses the seat's top card shows (amount > 0)."""
    return {k: v for k, v in CARDS[top_card(state, seat)].items() if v > 0}


def regions(state, seat: int) -> list[str]:
    return sorted(regions_touched(state.rules.graph, state.player_provinces(seat)))


def on_setup(game) -> None:
    game.state.extra[NAME] = {"top": [0] * game.state.num_players, "turn": 0}
    game.log_event("samurai.setup", cards=len(STACK), min_regions=MIN_REGIONS, amounts_status=STATUS)


def on_year_start(game) -> None:
    d = data(game.state)
    if any(d["top"]):
        d["top"] = [0] * game.state.num_players
        game.log_event("samurai.reset", top=STACK[0])


class SamuraiPhase(Phase):
    id = "samurai"
    decisions = {"samurai": ("field",)}

    def enter(self, game) -> None:
        data(game.state)["turn"] = 0

    def step(self, game) -> None:
        s = game.state
        d = data(s)
        while d["turn"] < len(s.round.turn_order):
            seat = s.round.turn_order[d["turn"]]
            held = regions(s, seat)
            if len(held) < MIN_REGIONS:
                game.log_event("samurai.not_qualified", seat, regions=len(held), needed=MIN_REGIONS, top=top_card(s, seat))
                d["turn"] += 1
                continue
            d["top"][seat] += 1
            opts = options(s, seat)
            game.log_event("samurai.turn_card", seat, regions=len(held), needed=MIN_REGIONS, top=top_card(s, seat),
                           options=opts, status=STATUS)
            if opts:
                s.pending = Pending("samurai", seat)
                return
            d["turn"] += 1
        game.next_phase()

    def candidates(self, game, pending, ctx):
        return [Decision("samurai", pending.player, field=o) for o in OPTIONS]

    def why_not(self, game, dec, ctx):
        s = game.state
        opts = options(s, dec.player)
        if dec.field not in opts:
            return E.RuleViolation(f"the samurai card {top_card(s, dec.player)} offers {', '.join(opts)}, not {dec.field!r}",
                                   rule="samurai.option_not_shown")
        if dec.field == "armies_to_tray" and s.players[dec.player].supply < opts[dec.field]:
            return E.RuleViolation(f"{opts[dec.field]} armies into the tray, but only {s.players[dec.player].supply} "
                                   "in the supply", rule="samurai.not_enough_armies")
        return None

    def execute(self, game, dec) -> None:
        s = game.state
        d = data(s)
        pl = s.players[dec.player]
        amount = options(s, dec.player)[dec.field]
        if dec.field == "armies_to_tray":
            pl.supply -= amount
            s.tower.tray.extend(game.new_cubes(dec.player, amount, "samurai"))
            total = sum(c.owner == dec.player for c in s.tower.tray)
        else:
            attr = {"chests": "chests", "rice": "rice", "victory_points": "points"}[dec.field]
            setattr(pl, attr, getattr(pl, attr) + amount)
            total = getattr(pl, attr)
        game.log_event("samurai.bonus", dec.player, card=top_card(s, dec.player), option=dec.field, amount=amount,
                       total=total, status=STATUS)
        d["turn"] += 1
        s.pending = None


def check(state) -> None:
    d = state.extra.get(NAME)
    bad = lambda msg: SaveFileError(f"inconsistent game state: Samurai: {msg}")  # noqa: E731
    if not isinstance(d, dict) or set(d) != {"top", "turn"}:
        raise bad("its working data are malformed")
    if not isinstance(d["top"], list) or len(d["top"]) != state.num_players:
        raise bad("the stacks must have one entry per seat")
    if not all(isinstance(t, int) and not isinstance(t, bool) and 0 <= t < len(STACK) for t in d["top"]):
        raise bad("a stack has turned more cards than a year has seasons")
    if not isinstance(d["turn"], int) or not 0 <= d["turn"] <= state.num_players:
        raise bad("the turn counter is out of range")
    for seat, top in enumerate(d["top"]):
        if top > turned_at_most(state, seat):
            raise bad(f"seat {seat} has turned {top} cards by the {state.phase} phase of {state.season}; "
                      f"at most {turned_at_most(state, seat)} by then")


def turned_at_most(state, seat: int) -> int:
    """A seat turns at most one card per round: the rounds of this year whose samurai phase reached him."""
    from ..rules import SEASONS

    if state.season not in SEASONS:
        return 0 if state.season == "setup" else len(SEASONS)  # the stacks are put back at the next year's start
    season, phase = state.rules.season, state.phase
    done = SEASONS.index(state.season)
    if season.index(phase) > season.index(NAME):
        return done + 1
    if phase == NAME:
        order, turn = state.round.turn_order, data(state)["turn"]
        p = state.pending
        reached = seat in order[:turn] or (p is not None and p.kind == NAME and p.player == seat)
        return done + int(reached)
    return done


def between_steps(state) -> bool:
    """No decision pending is a valid place to stand inside the samurai phase (the next seat's turn comes)."""
    return state.phase == "samurai"


def check_pending(state, pending) -> None:
    """A pending ``samurai`` decision: the seat whose turn it is, qualified, with a card just turned."""
    d = data(state)
    seat = pending.player
    bad = lambda msg: SaveFileError(f"inconsistent game state: Samurai: {msg}")  # noqa: E731
    order = state.round.turn_order
    if not d["turn"] < len(order) or order[d["turn"]] != seat:
        raise bad(f"seat {seat} is to choose a samurai bonus but it is not his turn")
    if d["top"][seat] < 1 or not options(state, seat):
        raise bad(f"seat {seat} is to choose a samurai bonus without a card turned this round")
    if len(regions(state, seat)) < MIN_REGIONS:
        raise bad(f"seat {seat} holds provinces in fewer than {MIN_REGIONS} regions")


SAMURAI = SamuraiPhase()
EXPANSIONS[NAME] = Expansion(
    name=NAME,
    phases={"samurai": SAMURAI},
    insert=(("samurai", "place"),),  # right after the turn order (registered after the court: before it)
    state_fields={NAME: dict},
    check=check,
    between_steps=between_steps,
    check_pending=check_pending,
    hooks={"setup": on_setup, "year_start": on_year_start},
)
