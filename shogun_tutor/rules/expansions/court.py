"""Tennō's Court (expansion): court officials, the court fields of planning, the court phase, 21 privilege cards.

Source: the Polish expansion rulebook (``/work/shared/rules/expansions-tenno-court-samurai.pl.txt``);
the card amounts are INFERRED (``data/components.json``, ``tenno_court.privilege_cards.status``).

Working data ``state.extra["tenno"]`` (JSON-safe):

* ``supply`` / ``hall`` / ``audience``: officials per seat in his supply, the entrance hall, the audience hall
  (always 7 per seat in all: :func:`check`);
* ``deck`` (face down, top first), ``display`` (the three audience-hall fields, costs 4/3/2; ``None``: empty),
  ``kept`` (per seat: cards kept for later: 4 and the immunities 10/11/18), ``out`` (out of the game):
  the 21 privilege cards, each exactly once;
* ``cancelled``: this round's event card is set aside (card 1);
* ``queue``: the audience order still to come; ``step``: ``'reveal'`` / ``'audience'`` during the court phase.

The cards themselves: :mod:`.privileges`. Rule interpretation (a test pins it): a tower card on a court
field converts the seat's own armies lying in the tower's tray (the first ones in the tray's order); an action
that cannot be carried out fully (too few armies, officials or armies in the tray) lapses entirely.
"""

from __future__ import annotations

from ...data import COMPONENTS
from .. import errors as E
from ..decisions import Decision, Pending
from ..errors import SaveFileError
from ..phases.base import Phase
from ..phases.draft import card_province
from ..rules import EXPANSIONS, Expansion, rounds_started  # each round begun laid out three privilege cards
from ..state import TOWER_CARD_PREFIX, chest_value
from .privileges import (CARDS, CARDS_STATUS, KEEPABLE, NAME, apply_card, choose_event, data, modifier_sources,
                         province_options, use_in_province)

OFFICIALS = COMPONENTS.court_officials_each  # 7 per player
COURT_FIELDS = ("court3", "court2", "court1")  # revealed in this order: convert 3, then 2, then 1 armies
HALL_COSTS = tuple(COMPONENTS.audience_hall_costs)  # (4, 3, 2): highest card on 4, next on 3, lowest on 2
TOWER_CARDS = 3  # battle-tower cards per player
TOWER_CARD_IDS = tuple(f"{TOWER_CARD_PREFIX}{i}" for i in range(TOWER_CARDS))


def field_armies(field: str) -> int:
    return int(field[-1])


# --- working data ---------------------------------------------------------------------------
def on_setup(game) -> None:
    s = game.state
    n = s.num_players
    deck = sorted(CARDS)
    game.rng.shuffle(deck)
    s.extra[NAME] = {
        "supply": [OFFICIALS] * n, "hall": [0] * n, "audience": [0] * n,
        "deck": deck, "display": [None, None, None], "kept": [[] for _ in range(n)], "out": [],
        "cancelled": False, "queue": [], "step": None,
    }
    game.log_event("court.setup", officials=OFFICIALS, tower_cards=TOWER_CARDS, privilege_cards=len(deck),
                   amounts_status=CARDS_STATUS)


def on_tower_fill(game, out: dict) -> None:
    """At the first tower fill each player puts one official in the entrance hall per own army that fell out."""
    d = data(game.state)
    for seat in range(game.state.num_players):
        k = min(out.get(seat, 0), d["supply"][seat])
        d["supply"][seat] -= k
        d["hall"][seat] += k
        game.log_event("court.fill_officials", seat, armies_out=out.get(seat, 0), officials=k, hall=d["hall"][seat])


def on_round_start(game) -> None:
    """Lay out three privilege cards: the highest number on the 4-official field, the next on 3, the lowest on 2."""
    d = data(game.state)
    d["cancelled"] = False
    drawn = [d["deck"].pop(0) for _ in range(min(3, len(d["deck"])))]
    d["display"] = sorted(drawn, reverse=True) + [None] * (3 - len(drawn))
    game.log_event("court.lay_out", cards=list(d["display"]), costs=list(HALL_COSTS), deck=len(d["deck"]),
                   amounts_status=CARDS_STATUS)


def lay_out(numbers: list[int]) -> list[int]:
    """The rulebook's placement: highest number on the field costing 4, next on 3, lowest on 2."""
    return sorted(numbers, reverse=True)


def on_round_end(game) -> None:
    """The immunities last one round: they leave the game at its end; the event is no longer set aside."""
    s = game.state
    d = data(s)
    d["cancelled"] = False
    for seat, kept in enumerate(d["kept"]):
        gone = [n for n in kept if CARDS[n]["effect"] == "immune"]
        if gone:
            d["kept"][seat] = [n for n in kept if n not in gone]
            d["out"].extend(gone)
            game.log_event("privilege.immunity_ends", seat, cards=gone)


# --- planning -------------------------------------------------------------------------------------
def plan_fields(state, seat: int) -> tuple[str, ...]:
    return COURT_FIELDS


def plan_cards(state, seat: int) -> tuple[str, ...]:
    return TOWER_CARD_IDS


# --- the court phase ------------------------------------------------------------------------------
class CourtPhase(Phase):
    """After the turn order: the court fields revealed (3, 2, 1 per seat in turn order), then the audience."""

    id = "court"
    decisions = {"privilege": ("count",), "privilege_use": ("province",), "privilege_event": ("count",)}

    def enter(self, game) -> None:
        d = data(game.state)
        d["step"] = "reveal"
        d["queue"] = []

    def step(self, game) -> None:
        s = game.state
        d = data(s)
        if d["step"] == "reveal":
            for seat in s.round.turn_order:
                for f in COURT_FIELDS:
                    convert(game, seat, f, s.players[seat].plan.get(f))
            d["step"] = "audience"
            d["queue"] = audience_order(d["hall"], s.round.turn_order)
            game.log_event("court.audience_order", order=list(d["queue"]), hall=list(d["hall"]))
        while d["queue"]:
            if not any(n is not None for n in d["display"]):
                game.log_event("court.display_empty", waiting=list(d["queue"]))
                d["queue"] = []
                break
            seat = d["queue"].pop(0)
            k = d["hall"][seat]
            d["hall"][seat], d["audience"][seat] = 0, d["audience"][seat] + k
            game.log_event("court.audience", seat, officials=d["audience"][seat])
            affordable = [n for n, cost in zip(d["display"], HALL_COSTS) if n is not None and cost <= d["audience"][seat]]
            if not affordable:
                game.log_event("court.cannot_afford", seat, officials=d["audience"][seat],
                               cards=[[n, cost] for n, cost in zip(d["display"], HALL_COSTS) if n is not None])
                continue
            s.pending = Pending("privilege", seat)
            return
        back = list(d["audience"])
        for seat in range(s.num_players):
            d["hall"][seat] += d["audience"][seat]
            d["audience"][seat] = 0
        left = [n for n in d["display"] if n is not None]
        d["out"].extend(left)
        d["display"] = [None, None, None]
        d["step"] = None
        game.log_event("court.end", officials_back=back, cards_out=left)
        game.next_phase()

    # --- legality ---------------------------------------------------------------------------------
    def context(self, game, pending):
        return None

    def candidates(self, game, pending, ctx):
        d = data(game.state)
        if pending.kind == "privilege":
            yield Decision("privilege", pending.player, count=0)
            for n in d["display"]:
                if n is not None:
                    yield Decision("privilege", pending.player, count=n)
        elif pending.kind == "privilege_event":  # card 1: set the event aside (1) or leave it (0)
            yield Decision("privilege_event", pending.player, count=1)
            yield Decision("privilege_event", pending.player, count=0)
        else:
            for prov in pending.options:
                yield Decision("privilege_use", pending.player, province=prov)
            if may_decline(pending):  # card 12: "Gracz może wystawić…", the player may place them
                yield Decision("privilege_use", pending.player)

    def why_not(self, game, dec, ctx):
        s = game.state
        d = data(s)
        if dec.kind == "privilege":
            if dec.count == 0:
                return None
            if dec.count not in d["display"]:
                return E.RuleViolation(f"privilege card {dec.count} does not lie in the audience hall",
                                       rule="court.card_not_displayed")
            cost = HALL_COSTS[d["display"].index(dec.count)]
            if d["audience"][dec.player] < cost:
                return E.RuleViolation(f"card {dec.count} costs {cost} officials; only {d['audience'][dec.player]} "
                                       "are in the audience hall", rule="court.cannot_afford")
            return None
        if dec.kind == "privilege_event":
            if dec.count not in (0, 1):
                return E.RuleViolation(f"privilege card {s.pending.action}: count 1 sets the event aside, 0 leaves it; "
                                       f"got {dec.count}", rule="privilege.event_choice")
            return None
        if dec.province is None and may_decline(s.pending):
            return None
        if dec.province not in s.pending.options:
            return E.RuleViolation(f"privilege card {s.pending.action} cannot be used in {dec.province}; "
                                   f"choose one of {', '.join(s.pending.options)}", rule="privilege.province_not_allowed")
        return None

    # --- execution ----------------------------------------------------------------------------------
    def execute(self, game, dec) -> None:
        s = game.state
        d = data(s)
        pending, s.pending = s.pending, None
        if dec.kind == "privilege_use":
            use_in_province(game, dec.player, int(pending.action), dec.province)
            return
        if dec.kind == "privilege_event":
            choose_event(game, dec.player, int(pending.action), bool(dec.count))
            return
        if dec.count == 0:
            game.log_event("court.pass", dec.player, officials=d["audience"][dec.player])
            return
        slot = d["display"].index(dec.count)
        cost = HALL_COSTS[slot]
        d["audience"][dec.player] -= cost
        d["supply"][dec.player] += cost
        d["display"][slot] = None
        game.log_event("court.take", dec.player, card=dec.count, cost=cost, effect=CARDS[dec.count]["effect"],
                       officials=d["audience"][dec.player], status=CARDS_STATUS)
        apply_card(game, dec.player, dec.count)


def may_decline(pending) -> bool:
    """A pending ``privilege_use`` the player may leave unused: card 12's free armies (the Polish rulebook: "Gracz
    może wystawić za darmo 3 armie…", the player *may* place them); a province without a province (None) declines."""
    return pending.kind == "privilege_use" and CARDS[int(pending.action)]["effect"] == "free_armies"


def audience_order(hall: list[int], turn_order: list[int]) -> list[int]:
    """Most officials in the entrance hall first; ties in turn order. Seats without officials do not come."""
    return sorted((seat for seat in turn_order if hall[seat] > 0), key=lambda seat: (-hall[seat], turn_order.index(seat)))


def convert(game, seat: int, field: str, card: str | None) -> None:
    """One court field revealed: convert that many armies (from a province or the tray) into officials."""
    s = game.state
    d = data(s)
    n = field_armies(field)
    if card is None or (chest_value(card) is not None and not card.startswith(TOWER_CARD_PREFIX)):
        game.log_event("court.no_action", seat, field=field, armies=n, card=card)
        return
    if d["supply"][seat] < n:
        game.log_event("court.lapsed", seat, field=field, armies=n, reason="not_enough_officials", officials=d["supply"][seat])
        return
    if card.startswith(TOWER_CARD_PREFIX):
        mine = [c for c in s.tower.tray if c.owner == seat]
        if len(mine) < n:
            game.log_event("court.lapsed", seat, field=field, armies=n, reason="not_enough_in_tray", in_tray=len(mine))
            return
        taken = {c.id for c in mine[:n]}
        s.tower.tray = [c for c in s.tower.tray if c.id not in taken]
        s.players[seat].supply += n
        source, prov = "tray", None
    else:
        prov = card_province(card)
        pv = s.provinces[prov]
        if pv.owner != seat or pv.armies < n + 1:
            game.log_event("court.lapsed", seat, prov, field=field, armies=n, reason="leave_one_army",
                           present=pv.armies if pv.owner == seat else 0)
            return
        pv.armies -= n
        s.players[seat].supply += n
        source = "province"
    d["supply"][seat] -= n
    d["hall"][seat] += n
    game.log_event("court.convert", seat, prov, field=field, armies=n, source=source, hall=d["hall"][seat],
                   left=s.provinces[prov].armies if prov else len([c for c in s.tower.tray if c.owner == seat]))


# --- the conservation check --------------------------------------------------------------------------------
def check(state) -> None:
    d = state.extra.get(NAME)
    n = state.num_players
    bad = lambda msg: SaveFileError(f"inconsistent game state: Tennō's Court: {msg}")  # noqa: E731
    keys = {"supply", "hall", "audience", "deck", "display", "kept", "out", "cancelled", "queue", "step"}
    if not isinstance(d, dict) or not keys <= set(d) or set(d) - keys - {"free_build"}:
        raise bad("its working data are malformed")
    for key in ("supply", "hall", "audience", "kept"):
        if not isinstance(d[key], list) or len(d[key]) != n:
            raise bad(f"{key} must have one entry per seat")
    for seat in range(n):
        counts = (d["supply"][seat], d["hall"][seat], d["audience"][seat])
        if not all(isinstance(k, int) and not isinstance(k, bool) and k >= 0 for k in counts):
            raise bad(f"seat {seat} has a negative or malformed number of officials")
        if sum(counts) != OFFICIALS:
            raise bad(f"seat {seat}'s officials add up to {sum(counts)}, not {OFFICIALS}")
    if len(d["display"]) != 3:
        raise bad("the audience hall has three card fields")
    cards = d["deck"] + [x for x in d["display"] if x is not None] + [x for k in d["kept"] for x in k] + d["out"]
    if sorted(cards) != sorted(CARDS):
        raise bad("the privilege cards are missing, doubled or unknown")
    for seat, kept in enumerate(d["kept"]):
        if any(x not in KEEPABLE for x in kept):
            raise bad(f"seat {seat} keeps a card that must be used at once")
    if d["step"] not in (None, "reveal", "audience") or any(d["audience"]) and d["step"] != "audience":
        raise bad("officials sit in the audience hall outside the court's audience")
    if not set(d["queue"]) <= set(range(n)):
        raise bad("the audience order names an unknown seat")
    check_by_round(state, d, bad)


def check_by_round(state, d: dict, bad) -> None:
    """Where the round stands decides what may lie where: the display until the court ends, immunities and
    the set-aside event only from the court to the round's end, the deck three cards shorter each round."""
    phase, season = state.phase, state.rules.season
    want = max(0, len(CARDS) - 3 * rounds_started(state))
    if len(d["deck"]) > want:  # each round lays out three (a card is never put back)
        raise bad(f"{len(d['deck'])} privilege cards in the deck after {rounds_started(state)} rounds; at most {want} are left then")
    before_court = phase in season and season.index(phase) < season.index("court")
    court_on = phase == "court" and d["step"] is not None
    if phase == "court" and d["step"] is None:
        raise bad("the court phase runs without a step (reveal or audience)")
    if phase != "court" and (d["step"] is not None or d["queue"]):
        raise bad(f"the court's {d['step'] or 'audience order'} is left over in the {phase} phase")
    if d["queue"] and d["step"] != "audience":
        raise bad("seats wait for the audience before it starts")
    if any(x is not None for x in d["display"]) and not (before_court or court_on):
        raise bad(f"privilege cards lie in the audience hall in the {phase} phase")
    if d["display"] != sorted(d["display"], key=lambda x: -1 if x is None else x, reverse=True) and before_court:
        raise bad("the audience hall's cards are not laid out highest on 4, next on 3, lowest on 2")
    after_court = phase == "actions" or court_on
    if d["cancelled"] and not after_court:
        raise bad(f"the event is set aside by privilege card 1 in the {phase} phase")
    for seat, kept in enumerate(d["kept"]):
        immune = [x for x in kept if CARDS[x]["effect"] == "immune"]
        if immune and not after_court:
            raise bad(f"seat {seat} keeps the immunities {immune} outside the round they protect")


def between_steps(state) -> bool:
    """No decision pending is a valid place to stand only inside the court phase, once entered (step set)."""
    return state.phase == "court" and data(state)["step"] in ("reveal", "audience")


def check_pending(state, pending) -> None:
    """A pending ``privilege`` / ``privilege_use`` decision must fit the audience it belongs to."""
    d = data(state)
    bad = lambda msg: SaveFileError(f"inconsistent game state: Tennō's Court: {msg}")  # noqa: E731
    seat = pending.player
    if d["step"] != "audience":
        raise bad(f"a {pending.kind!r} decision is pending outside the court's audience")
    if seat in d["queue"]:
        raise bad(f"seat {seat} decides in the audience hall but is still waiting in the audience order")
    if pending.kind == "privilege":
        if not any(n is not None and cost <= d["audience"][seat] for n, cost in zip(d["display"], HALL_COSTS)):
            raise bad(f"seat {seat} is to take a privilege card but cannot afford any with "
                      f"{d['audience'][seat]} officials in the audience hall")
        return
    number = int(pending.action) if isinstance(pending.action, str) and pending.action.isdecimal() and pending.action.isascii() and len(pending.action) <= 3 else None
    if pending.kind == "privilege_event":
        if number not in CARDS or CARDS[number]["effect"] != "cancel_event" or number not in d["out"]:
            raise bad(f"the pending event choice belongs to privilege card {pending.action!r}, not to card 1 taken")
        if d["cancelled"]:
            raise bad("the event choice of privilege card 1 is pending but the event is already set aside")
        return
    if number not in CARDS or CARDS[number]["effect"] not in ("remove_unrest", "free_building", "free_armies"):
        raise bad(f"the pending privilege card {pending.action!r} is not one used in a province")
    if number not in d["out"]:
        raise bad(f"privilege card {number} is being used but has not left the game")
    if not pending.options or set(pending.options) - set(province_options(state, seat, number)):
        raise bad(f"privilege card {number} cannot be used in {', '.join(pending.options) or 'no province'}")


COURT = CourtPhase()
EXPANSIONS[NAME] = Expansion(
    name=NAME,
    phases={"court": COURT},
    insert=(("court", "place"),),
    plan_fields=plan_fields,
    plan_cards=plan_cards,
    modifier_sources=modifier_sources,
    state_fields={NAME: dict},
    check=check,
    between_steps=between_steps,
    check_pending=check_pending,
    face_down=lambda state: [state.extra[NAME]["deck"]] if NAME in state.extra else [],
    hooks={"setup": on_setup, "tower_fill": on_tower_fill, "round_start": on_round_start, "round_end": on_round_end},
)
