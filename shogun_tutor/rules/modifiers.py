"""Rule modifiers in one place: event cards, special cards (and later privilege cards) are *sources*.

Every rule that a card can change asks one function here: :func:`income`,
:func:`armies_to_place`, :func:`attack_extras` / :func:`defence_extras` /
:func:`neutral_farmers` (battle set-up), :func:`may_attack` / :func:`immune_neighbours`
(temple immunity, written once), :func:`build_cost` and :func:`after_build`.
Each asks the active sources in the rulebook's order ("first the event card, then the
special card"; expansions' sources after those) through the hooks of :class:`Modifier`;
a source overrides only the hooks it changes, like python-chess's variants.

The steps each function returns are the ``steps``/``extras`` entries of the log events
(``docs/explanation-events.md``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from ..data import COMPONENTS

if TYPE_CHECKING:  # pragma: no cover
    from .state import GameState

SIX_ARMIES = 6  # the special card "6 armies": "place 5 armies" places 6 instead


class Modifier:
    """A source of rule changes. Every hook's default changes nothing."""

    by = "source"  # 'event', 'special', 'privilege'...

    def record(self, **data) -> dict:
        """A ``steps``/``extras`` entry naming this source."""
        return {"by": self.by, **data}

    def income(self, action: str, amount: int) -> tuple[int, dict] | None:
        return None

    def armies_needed(self, action: str, amount: int) -> tuple[int, dict] | None:
        """The armies an army action needs (the event's stage: the action lapses without them)."""
        return None

    def armies_instead(self, action: str, amount: int, supply: int) -> tuple[int, dict] | None:
        """Optionally place another number (the special's stage: never makes the action lapse)."""
        return None

    def attack_armies(self, seat: int, supply: int) -> tuple[int, dict] | None:
        return None

    def defence_armies(self, seat: int, supply: int, buildings: list[str]) -> tuple[int, dict] | None:
        return None

    def neutral_farmers(self, farmers: int) -> tuple[int, dict] | None:
        return None

    def protects(self, province, action: str | None) -> bool:
        """True when the province (its :class:`~.state.ProvinceState`) may not be attacked by ``action``."""
        return False

    def build_cost(self, building: str, cost: int) -> int:
        return cost

    def unrest_removed_by(self, building: str) -> bool:
        return False

    def cancels_event(self) -> bool:
        """True while this round's event card is set aside (Tennō's Court, privilege card 1)."""
        return False

    def absorbs_unrest(self) -> bool:
        """True when the next unrest marker in the owner's province is removed at once (privilege card 4, kept)."""
        return False


class EventModifier(Modifier):
    by = "event"

    def __init__(self, number: int):
        card = COMPONENTS.event(number)
        self.number, self.effect, self.params = number, card.effect, card.parameters

    def record(self, **data) -> dict:
        return {"by": "event", "event": self.number, **data}

    def income(self, action, amount):
        caps = {"tax": ("tax_max5", "tax_min6"), "rice": ("rice_max3", "rice_min4")}.get(action)
        if caps and self.effect == caps[0]:
            limit = self.params["max"]
            value = min(amount, limit)
            return value, self.record(rule="max", limit=limit, value=value)
        if caps and self.effect == caps[1]:
            limit = self.params["min"]
            value = max(amount, limit)
            return value, self.record(rule="min", limit=limit, value=value)
        return None

    def armies_needed(self, action, amount):
        if self.effect == "armies_reduced" and action in self.params:
            return self.params[action], self.record(value=self.params[action])
        return None

    def defence_armies(self, seat, supply, buildings):
        if self.effect == "castle_defender_plus1" and "castle" in buildings and supply > 0:
            k = min(self.params["armies"], supply)
            return k, self.record(player=seat, armies=k)
        return None

    def neutral_farmers(self, farmers):
        if self.effect == "neutral_two_farmers":
            return self.params["farmers"], self.record()
        return None

    def protects(self, province, action):
        return self.effect == "temple_immune" and "temple" in province.buildings

    def unrest_removed_by(self, building):
        return self.effect == "theater_removes_unrest" and building == "theater"


class SpecialModifier(Modifier):
    by = "special"

    def __init__(self, special: str):
        self.special = special

    def record(self, **data) -> dict:
        return {"by": "special", "special": self.special, **data}

    def income(self, action, amount):
        if (self.special, action) in (("chest_plus1", "tax"), ("rice_plus1", "rice")):
            return amount + 1, self.record(value=amount + 1)
        return None

    def armies_instead(self, action, amount, supply):
        if self.special == "six_armies" and action == "armies5":
            # a fixed number, not a bonus (also after "few recruits"); optional: a short supply keeps the base action
            if supply >= SIX_ARMIES:
                return SIX_ARMIES, self.record(value=SIX_ARMIES)
            return amount, self.record(value=amount, supply_short=True)
        return None

    def attack_armies(self, seat, supply):
        if self.special == "attack_plus1" and supply > 0:
            return 1, self.record(player=seat, armies=1)
        return None

    def defence_armies(self, seat, supply, buildings):
        if self.special == "defense_plus1" and supply > 0:
            return 1, self.record(player=seat, armies=1)
        return None


# --- the active sources -------------------------------------------------------------------
_EVENTS: dict[int, list[Modifier]] = {}
_SPECIALS: dict[str, Modifier] = {}


def event_sources(state: "GameState") -> list[Modifier]:
    e = state.round.event
    if e is None or (state.rules.expansions and any(m.cancels_event() for m in state.rules.modifier_sources(state, None))):
        return []
    if e not in _EVENTS:  # sources hold no game data: one per card
        _EVENTS[e] = [EventModifier(e)]
    return _EVENTS[e]


def seat_sources(state: "GameState", seat: int | None) -> list[Modifier]:
    """The sources that belong to ``seat``: his special card, then an expansion's (privilege cards...)."""
    if seat is None:
        return []
    out: list[Modifier] = []
    special = state.players[seat].special
    if special is not None:
        if special not in _SPECIALS:
            _SPECIALS[special] = SpecialModifier(special)
        out.append(_SPECIALS[special])
    if state.rules.expansions:
        out.extend(state.rules.modifier_sources(state, seat))
    return out


def sources(state: "GameState", seat: int | None) -> Iterator[Modifier]:
    """All sources for ``seat``, in the rulebook's order: first the event card, then his own cards."""
    yield from event_sources(state)
    yield from seat_sources(state, seat)


# --- the questions the rules ask ---------------------------------------------------------------
def _chain(mods, start: int, ask) -> tuple[int, list[dict]]:
    """Each source in turn may change the number (``ask(m, value)`` -> (value, record) or None)."""
    value, steps = start, []
    for m in mods:
        r = ask(m, value)
        if r:
            value = r[0]
            steps.append(r[1])
    return value, steps


def _from_supply(mods, supply: int, ask) -> list[tuple[int, dict]]:
    """Extra armies from a supply, each source taking from what the ones before left (``ask(m, supply)``)."""
    out = []
    for m in mods:
        r = ask(m, supply)
        if r:
            supply -= r[0]
            out.append(r)
    return out


def income(state: "GameState", seat: int, action: str, base: int) -> tuple[int, list[dict]]:
    """Tax or rice collected from a province yielding ``base``: (amount, steps)."""
    return _chain(sources(state, seat), base, lambda m, v: m.income(action, v))


def armies_needed(state: "GameState", seat: int, action: str) -> tuple[int, list[dict]]:
    """Armies an army action needs (it lapses without them), with its steps."""
    return _chain(sources(state, seat), COMPONENTS.action_amounts[action], lambda m, v: m.armies_needed(action, v))


def armies_to_place(state: "GameState", seat: int, action: str, needed: int, supply: int) -> tuple[int, list[dict]]:
    """After paying: the armies actually placed (an optional other number, e.g. "6 armies")."""
    return _chain(sources(state, seat), needed, lambda m, v: m.armies_instead(action, v, supply))


def attack_extras(state: "GameState", seat: int, supply: int) -> list[tuple[int, dict]]:
    """Extra armies of the attacker from his supply (his own cards first, then the event's)."""
    return _from_supply(seat_sources(state, seat) + event_sources(state), supply, lambda m, n: m.attack_armies(seat, n))


def defence_extras(state: "GameState", seat: int, supply: int, buildings: list[str]) -> list[tuple[int, dict]]:
    """Extra armies of a defending player from his supply: his special, then the castle event."""
    return _from_supply(seat_sources(state, seat) + event_sources(state), supply,
                        lambda m, n: m.defence_armies(seat, n, buildings))


def neutral_farmers(state: "GameState | None") -> tuple[int, list[dict]]:
    """Farmers defending a neutral province (1, or the event's number), with the event's record."""
    return _chain(event_sources(state) if state is not None else [], 1, lambda m, v: m.neutral_farmers(v))


def protector(state: "GameState", seat: int, target: str, action: str | None = None) -> Modifier | None:
    """The source that forbids ``seat`` to attack (or enter) ``target`` with ``action``, or None.
    Own and neutral provinces are never protected; others by the event (temples) or the owner's
    privilege cards (immune against battle A/B)."""
    pv = state.provinces[target]
    if pv.owner is None or pv.owner == seat:
        return None
    return next((m for m in sources(state, pv.owner) if m.protects(pv, action)), None)


def may_attack(state: "GameState", seat: int, target: str, action: str | None = None) -> bool:
    """May ``seat`` attack (or enter) ``target`` with ``action``? (see :func:`protector`)"""
    return protector(state, seat, target, action) is None


def immune_neighbours(state: "GameState", seat: int, prov: str, action: str | None = None) -> list[str]:
    """Neighbours of ``prov`` held by others that may not be attacked now."""
    return [n for n in state.rules.neighbours[prov] if not may_attack(state, seat, n, action)]


def build_cost(state: "GameState", seat: int, building: str) -> int:
    cost = COMPONENTS.action(building).cost
    for m in sources(state, seat):
        cost = m.build_cost(building, cost)
    return cost


def unrest_absorber(state: "GameState", seat: int) -> Modifier | None:
    """The seat's kept source that removes the next unrest marker put in his province, if any."""
    if not state.rules.expansions:
        return None
    return next((m for m in state.rules.modifier_sources(state, seat) if m.absorbs_unrest()), None)


def after_build(state: "GameState", seat: int, building: str) -> Modifier | None:
    """The source that removes an unrest marker after this building, if any (event: theater)."""
    return next((m for m in sources(state, seat) if m.unrest_removed_by(building)), None)
