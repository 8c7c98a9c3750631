"""Tennō's Court: the 21 privilege cards — their data (amounts INFERRED), their effects, and the kept
cards as rule-modifier sources (immunity against battle A/B, the event set aside, the next unrest marker,
a free building's cost 0). The working data live in ``state.extra["tenno"]`` (see :mod:`.court`).

Rule interpretations (tests pin them): taking card 1 lets its taker choose whether to set this round's event
aside (a ``privilege_event`` decision: count 1 sets it aside, 0 leaves it; the Polish rulebook: "Gracz nie musi
jednak usuwać karty wydarzenia, jeśli tego nie chce"); an effect that cannot be
carried out fully lapses (the card still leaves the game); card 12 may go to an own province or a neutral one
in play (then its card is taken without a battle), or be left unused (the Polish rulebook: "Gracz może wystawić za
darmo 3 armie", the player *may* place them: a ``privilege_use`` decision without a province); card 4 without an own province in unrest is kept for the
next unrest marker put in one of the owner's provinces.
"""

from __future__ import annotations

from ...data import COMPONENTS
from ..decisions import Pending
from ..modifiers import Modifier

NAME = "tenno"
CARDS: dict[int, dict] = {
    c.number: {"number": c.number, "effect": c.effect, "amount": c.amount, **dict(c.detail)}
    for c in COMPONENTS.privilege_cards
}
CARDS_STATUS = COMPONENTS.privilege_provenance.status  # 'INFERRED': every place showing an amount says so
KEEPABLE = tuple(sorted(n for n, c in CARDS.items() if c.get("keepable")))


def card(number: int) -> dict:
    """A privilege card's data (effect, amount...; amounts INFERRED)."""
    return CARDS[number]


def data(state) -> dict:
    return state.extra[NAME]


# --- privilege cards as modifier sources ---------------------------------------------------------
class PrivilegeModifier(Modifier):
    """A kept privilege card (or card 1 while its round lasts)."""

    by = "privilege"

    def __init__(self, number: int, seat: int | None):
        self.number, self.seat, self.data = number, seat, CARDS[number]

    def record(self, **extra) -> dict:
        return {"by": "privilege", "card": self.number, "status": CARDS_STATUS, **extra}

    def protects(self, province, action):
        return self.data["effect"] == "immune" and action in self.data["against"]

    def cancels_event(self):
        return self.data["effect"] == "cancel_event"

    def absorbs_unrest(self):
        return self.data["effect"] == "remove_unrest"

    def absorb(self, game, seat: int, prov: str) -> None:
        """Kept card 4: the unrest marker just put in ``prov`` is removed, and the card leaves the game."""
        s = game.state
        d = data(s)
        s.provinces[prov].unrest -= 1
        d["kept"][seat].remove(self.number)
        d["out"].append(self.number)
        game.log_event("privilege.remove_unrest", seat, prov, card=self.number, kept=True, unrest=s.provinces[prov].unrest)

    def build_cost(self, building, cost):
        return 0 if self.data["effect"] == "free_building" and self.data["building"] == building else cost


_SOURCES: dict[int, PrivilegeModifier] = {}


def _source(number: int) -> PrivilegeModifier:
    if number not in _SOURCES:
        _SOURCES[number] = PrivilegeModifier(number, None)
    return _SOURCES[number]


def modifier_sources(state, seat: int | None) -> list[Modifier]:
    """Seat ``None``: the round's sources of nobody in particular (card 1 sets the event aside)."""
    d = state.extra.get(NAME)
    if not d:
        return []
    if seat is None:
        return [_source(1)] if d["cancelled"] else []
    out = [_source(n) for n in d["kept"][seat]]
    building = d.get("free_build")
    if building is not None and building[0] == seat:
        out.append(_source(building[1]))
    return out


# --- the cards' effects ---------------------------------------------------------------------------------
def province_options(state, seat: int, number: int) -> list[str]:
    """Where a card that needs a province may be used (sorted)."""
    c = CARDS[number]
    own = sorted(state.player_provinces(seat))
    if c["effect"] == "remove_unrest":
        return [p for p in own if state.provinces[p].unrest > 0]
    if c["effect"] == "free_building":
        b = c["building"]
        if state.buildings_left[b] <= 0:
            return []
        slots = state.rules.graph.nodes
        return [p for p in own if b not in state.provinces[p].buildings
                and len(state.provinces[p].buildings) < slots[p]["building_slots"]]
    if c["effect"] == "free_armies":
        if state.players[seat].supply < c["amount"]:
            return []
        return sorted(own + [p for p, pv in state.provinces.items() if pv.owner is None])
    return []


def apply_card(game, seat: int, number: int) -> None:
    s = game.state
    d = data(s)
    pl = s.players[seat]
    c = CARDS[number]
    effect = c["effect"]
    if effect in ("chests", "rice", "victory_points"):
        attr = {"chests": "chests", "rice": "rice", "victory_points": "points"}[effect]
        setattr(pl, attr, getattr(pl, attr) + c["amount"])
        d["out"].append(number)
        game.log_event("privilege.gain", seat, card=number, effect=effect, amount=c["amount"], total=getattr(pl, attr),
                       status=CARDS_STATUS)
    elif effect == "armies_to_tray":
        d["out"].append(number)
        if pl.supply < c["amount"]:
            game.log_event("privilege.lapsed", seat, card=number, effect=effect, reason="not_enough_armies", supply=pl.supply)
            return
        pl.supply -= c["amount"]
        s.tower.tray.extend(game.new_cubes(seat, c["amount"], "privilege"))
        game.log_event("privilege.armies_to_tray", seat, card=number, armies=c["amount"], in_tray=sum(x.owner == seat for x in s.tower.tray),
                       status=CARDS_STATUS)
    elif effect == "cancel_event":
        d["out"].append(number)
        s.pending = Pending("privilege_event", seat, action=str(number))  # the taker chooses (rulebook: "may")
    elif effect == "immune":
        d["kept"][seat].append(number)
        game.log_event("privilege.immune", seat, card=number, against=list(c["against"]), status=CARDS_STATUS)
    else:  # remove_unrest, free_building, free_armies: a province to choose
        options = province_options(s, seat, number)
        if not options:
            if effect == "remove_unrest":
                d["kept"][seat].append(number)
                game.log_event("privilege.kept", seat, card=number, effect=effect)
            else:
                d["out"].append(number)
                game.log_event("privilege.lapsed", seat, card=number, effect=effect, reason="no_province",
                               status=CARDS_STATUS)
            return
        d["out"].append(number)  # used now (the province is the seat's next decision)
        s.pending = Pending("privilege_use", seat, action=str(number), options=options)


def choose_event(game, seat: int, number: int, set_aside: bool) -> None:
    """Card 1 taken: the taker sets this round's event card aside, or leaves it in play."""
    s = game.state
    if set_aside:
        data(s)["cancelled"] = True
        game.log_event("privilege.cancel_event", seat, card=number, event=s.round.event)
    else:
        game.log_event("privilege.keep_event", seat, card=number, event=s.round.event)


def use_in_province(game, seat: int, number: int, prov: str | None) -> None:
    """Card ``number`` used in ``prov``; None: card 12's free armies declined (the card leaves the game all the same)."""
    from ..phases.actions import build

    s = game.state
    d = data(s)
    c = CARDS[number]
    if prov is None:
        game.log_event("privilege.declined", seat, card=number, effect=c["effect"], status=CARDS_STATUS)
    elif c["effect"] == "remove_unrest":
        s.provinces[prov].unrest -= 1
        game.log_event("privilege.remove_unrest", seat, prov, card=number, kept=False, unrest=s.provinces[prov].unrest)
    elif c["effect"] == "free_building":
        d["free_build"] = [seat, number]  # the card is the source of build_cost 0 while it builds
        try:
            build(game, seat, prov, c["building"])
        finally:
            d.pop("free_build", None)
        game.log_event("privilege.free_building", seat, prov, card=number, building=c["building"], status=CARDS_STATUS)
    else:  # free_armies
        pv = s.provinces[prov]
        neutral = pv.owner is None
        s.players[seat].supply -= c["amount"]
        pv.owner, pv.armies = seat, pv.armies + c["amount"]
        if neutral:
            game.transfer_card(prov, seat)
        game.log_event("privilege.free_armies", seat, prov, card=number, armies=c["amount"], took_neutral=neutral,
                       now=pv.armies, status=CARDS_STATUS)
