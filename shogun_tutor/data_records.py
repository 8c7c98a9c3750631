"""The game's facts as immutable records (the provinces, the board sides, the cards, the scoring) and the names
they use; :mod:`shogun_tutor.data` loads and checks them from ``data/*.json``.

>>> Provenance("ASSUMED", "nowhere").flagged
True
>>> Provenance("verified", "the Dutch rulebook").flagged
False
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType
from typing import Any, Mapping

SIDES = ("sun", "moon")
BUILDINGS = ("castle", "temple", "theater")
STATUSES = ("verified", "ASSUMED", "INFERRED")
BORDER_KINDS = ("land", "sea")
DATA_FORMAT_VERSION = 1


@dataclass(frozen=True)
class Provenance:
    """Where a fact comes from. ``flagged`` is true when the app must show a warning mark."""

    status: str
    source: str

    @property
    def flagged(self) -> bool:
        return self.status != "verified"


@dataclass(frozen=True)
class Province:
    name: str
    kanji: str
    tax: int
    rice: int
    building_slots: int
    regions: Mapping[str, str]  # side -> region colour
    own_card_per_side: bool  # True: one card for each side; False: one card valid on both
    board_xy: tuple[float, float]

    def region(self, side: str) -> str:
        return self.regions[side]

    def card_ids(self) -> tuple[str, ...]:
        if self.own_card_per_side:
            return tuple(f"{self.name}/{side}" for side in SIDES)
        return (self.name,)


@dataclass(frozen=True)
class Border:
    a: str
    b: str
    kind: str  # "land" or "sea"


@dataclass(frozen=True)
class BoardSide:
    name: str
    three_player_excluded: frozenset[str]
    excluded_provenance: Provenance


@dataclass(frozen=True)
class BoardData:
    regions: tuple[str, ...]
    provinces: tuple[Province, ...]
    borders: tuple[Border, ...]
    sides: Mapping[str, BoardSide]
    facts: Mapping[str, Provenance]
    source_file: str

    def province(self, name: str) -> Province:
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(f"unknown province {name!r}") from None

    @cached_property
    def _by_name(self) -> Mapping[str, Province]:
        return MappingProxyType({p.name: p for p in self.provinces})

    def side(self, side: str) -> BoardSide:
        if side not in self.sides:
            raise ValueError(f"unknown board side {side!r}; expected one of {', '.join(SIDES)}")
        return self.sides[side]

    def province_cards(self) -> tuple[str, ...]:
        """All 53 province cards of the game (both sides)."""
        return tuple(c for p in self.provinces for c in p.card_ids())

    def card_for(self, province: str, side: str) -> str:
        """The id of the province card that is used on ``side``."""
        p = self.province(province)
        return f"{p.name}/{side}" if p.own_card_per_side else p.name


# --- components -------------------------------------------------------------------


@dataclass(frozen=True)
class ActionSpec:
    id: str
    cost: int


@dataclass(frozen=True)
class EventCard:
    number: int
    effect: str
    winter_rice_loss: int
    parameters: Mapping[str, int]


@dataclass(frozen=True)
class RevoltRow:
    shortfall_min: int
    shortfall_max: int | None  # None: and more
    provinces: int
    extra_farmers: int

    def covers(self, shortfall: int) -> bool:
        return shortfall >= self.shortfall_min and (
            self.shortfall_max is None or shortfall <= self.shortfall_max
        )


@dataclass(frozen=True)
class Scoring:
    per_province: int
    per_building: int
    region_majority: Mapping[str, int]
    tie_penalty: int


@dataclass(frozen=True)
class PrivilegeCard:
    number: int
    effect: str
    amount: int | None
    detail: Mapping[str, Any]


@dataclass(frozen=True)
class SamuraiCard:
    number: int
    options: Mapping[str, int]


@dataclass(frozen=True)
class Components:
    min_players: int
    max_players: int
    armies_each: int
    farmers: int
    starting_chests: Mapping[int, int]
    start_groups: Mapping[int, tuple[int, ...]]
    colours: tuple[str, ...]
    tower_fill_armies_each: int
    tower_fill_farmers: int
    seasons: tuple[str, ...]
    years: int
    actions: tuple[ActionSpec, ...]
    action_amounts: Mapping[str, int]
    special_cards: tuple[str, ...]
    war_chest_cards: tuple[int, ...]
    events: tuple[EventCard, ...]
    events_face_up_per_year: int
    winter_revolt_table: tuple[RevoltRow, ...]
    scoring: Scoring
    beginner_setups: Mapping[int, Mapping[str, tuple[tuple[str, int], ...]]]
    beginner_setup_side: str
    privilege_cards: tuple[PrivilegeCard, ...]
    privilege_provenance: Provenance
    audience_hall_costs: tuple[int, ...]
    court_officials_each: int
    samurai_cards: tuple[SamuraiCard, ...]
    samurai_provenance: Provenance
    samurai_min_regions: int
    source_file: str

    def action(self, action_id: str) -> ActionSpec:
        for a in self.actions:
            if a.id == action_id:
                return a
        raise KeyError(f"unknown action {action_id!r}")

    def event(self, number: int) -> EventCard:
        for e in self.events:
            if e.number == number:
                return e
        raise KeyError(f"unknown event card {number!r}")

    def revolt_row(self, shortfall: int) -> RevoltRow | None:
        """The winter table row for a rice shortfall (None when there is none).

        >>> from shogun_tutor.data import COMPONENTS
        >>> COMPONENTS.revolt_row(2).extra_farmers
        2
        >>> COMPONENTS.revolt_row(9).provinces
        3
        >>> COMPONENTS.revolt_row(0) is None
        True
        """
        for row in self.winter_revolt_table:
            if row.covers(shortfall):
                return row
        return None
