"""One battle set-up: who throws what into the tower, as a pure function.

:func:`setup_battle` turns a battle description (kind, sides, armies moved or defending,
unrest, extra farmers) into a :class:`BattleSetup`: the groups of cubes in throw order and
the ``extras`` the cards add. Given the game state it asks :mod:`.modifiers` (special
cards, events, later privilege cards) and respects the supplies; without a state it is
the plain battle (the tower panel's "what if"). The engine, the tower panel, the odds
(:func:`.odds.setup_odds`) and the bots all use it, so nobody adds card armies by hand.
:func:`fill_setup` is the set-up throw that fills the empty tower.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..data import COMPONENTS
from . import modifiers
from .battle import BATTLE_KINDS

if TYPE_CHECKING:  # pragma: no cover
    from .state import GameState


@dataclass(frozen=True)
class BattleSetup:
    """Who throws what: ``groups`` are (owner seat or None for farmers, count) in throw order."""

    kind: str  # player / neutral / revolt / fill
    attacker: int | None
    defender: int | None
    unrest: int
    groups: tuple[tuple[int | None, int], ...]
    extras: tuple[dict, ...] = ()
    from_supply: tuple[tuple[int, int], ...] = ()  # (seat, armies) the cards add from the supplies
    farmers_from_supply: int = 0

    def count(self, owner: int | None) -> int:
        return sum(n for o, n in self.groups if o == owner)

    @property
    def attacker_armies(self) -> int:
        return self.count(self.attacker) if self.attacker is not None else 0

    @property
    def defender_armies(self) -> int:
        return self.count(self.defender) if self.defender is not None else 0

    @property
    def farmers(self) -> int:
        return self.count(None)


def setup_battle(
    kind: str,
    *,
    attacker: int | None = None,
    defender: int | None = None,
    moved: int = 0,
    defending: int = 0,
    unrest: int = 0,
    extra_farmers: int = 0,
    buildings: tuple[str, ...] | list[str] = (),
    state: "GameState | None" = None,
) -> BattleSetup:
    """The set-up of a battle.

    * ``player``: ``attacker`` moves ``moved`` armies against ``defender``'s ``defending`` armies;
    * ``neutral``: ``attacker`` moves ``moved`` armies against the farmers (1, or the event's 2);
    * ``revolt``: ``unrest + extra_farmers`` farmers rise against ``defender``'s ``defending`` armies.

    ``buildings`` are those of the province fought over (the castle event).

    With ``state``, the cards of the game add their armies and farmers (from the supplies, as far as they go).
    """
    if kind not in BATTLE_KINDS:
        raise ValueError(f"unknown battle kind {kind!r}; expected one of {', '.join(BATTLE_KINDS)}")
    groups: list[tuple[int | None, int]] = []
    extras: list[dict] = []
    from_supply: list[tuple[int, int]] = []
    farmer_supply = state.farmer_supply if state is not None else None

    def farmers(n: int) -> int:
        return n if farmer_supply is None else min(n, farmer_supply)

    def add_extras(seat: int, found: list[tuple[int, dict]]) -> None:
        for k, record in found:
            groups.append((seat, k))
            from_supply.append((seat, k))
            extras.append(record)

    if kind == "revolt":
        groups.append((defender, defending))
        total = farmers(unrest + extra_farmers)
        groups.append((None, total))
        return BattleSetup(kind, None, defender, unrest, tuple(groups), farmers_from_supply=total)
    groups.append((attacker, moved))
    if state is not None:
        add_extras(attacker, modifiers.attack_extras(state, attacker, state.players[attacker].supply))
    if kind == "neutral":
        n, event_records = modifiers.neutral_farmers(state)
        n = farmers(n)
        groups.append((None, n))
        extras.extend({**r, "farmers": n} for r in event_records)
        return BattleSetup(kind, attacker, None, unrest, tuple(groups), tuple(extras), tuple(from_supply), n)
    groups.append((defender, defending))
    if state is not None:
        add_extras(defender, modifiers.defence_extras(state, defender, state.players[defender].supply, list(buildings)))
    return BattleSetup(kind, attacker, defender, unrest, tuple(groups), tuple(extras), tuple(from_supply))


def battle_in_state(state: "GameState", attacker: int, target: str, moved: int) -> BattleSetup:
    """The set-up of ``attacker`` moving ``moved`` armies into ``target`` now (a player or neutral battle)."""
    pv = state.provinces[target]
    kind = "neutral" if pv.owner is None else "player"
    return setup_battle(kind, attacker=attacker, defender=pv.owner, moved=moved, defending=pv.armies,
                        unrest=pv.unrest, buildings=pv.buildings, state=state)


def fill_setup(players: int) -> BattleSetup:
    """The first throw into the empty tower: armies of every seat and farmers, as the components say."""
    k = COMPONENTS.tower_fill_armies_each
    groups = tuple((seat, k) for seat in range(players)) + ((None, COMPONENTS.tower_fill_farmers),)
    return BattleSetup("fill", None, None, 0, groups, from_supply=tuple((seat, k) for seat in range(players)),
                       farmers_from_supply=COMPONENTS.tower_fill_farmers)
