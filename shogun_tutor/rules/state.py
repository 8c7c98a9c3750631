"""The game state: lasting facts plus per-phase working data, as plain dataclasses.

:class:`GameState` holds what lasts the whole game (the :class:`~.rules.Rules`, players,
provinces, tower, supplies, decks, log) and groups the working data of the phases:
``draft`` (:class:`DraftData`), ``round`` (:class:`RoundData`: plans are on the players,
the rest here), ``winter`` (:class:`WinterData`) and ``extra`` (an expansion's own data,
by name). Each group has its own conservation check; :func:`.savefile.check_state` runs
them all. The JSON round trip (never pickle, never eval) lives in :mod:`.savefile`.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, is_dataclass
from typing import Any

from ..data import COMPONENTS
from .decisions import Decision, Pending  # noqa: F401 - re-exported: the public home of Decision
from .rules import ACTION_IDS, BASE_PLAN_FIELDS, Rules
from .tower import TowerState

PLAN_FIELDS = BASE_PLAN_FIELDS  # without expansions; with them ask ``state.rules.plan_fields(state, seat)``
PLACES = 5  # turn-order places on the board, each with a special card
CHEST_CARD_PREFIX = "chest:"
TOWER_CARD_PREFIX = "tower:"  # Tennō's Court: a battle-tower card (``'tower:0'``..``'tower:2'``)
SEED_MIN = 0
SEED_MAX = 2**63 - 1
"""The one seed range, 0 to 2**63 - 1 (a signed 64-bit integer, so any database or JSON tool holds it exactly):
``new_game``, the command line, the guided game's seed box, saves and records all accept exactly this range.
Public home: ``shogun_tutor.rules.SEED_MAX`` (also ``shogun_tutor.rules.setup.SEED_MAX``)."""


def seed_ok(seed: object) -> bool:
    """True for a seed in the one range (an ``int``, not a ``bool``, from :data:`SEED_MIN` to :data:`SEED_MAX`)."""
    return type(seed) is int and SEED_MIN <= seed <= SEED_MAX
__all__ = ["SEED_MIN", "SEED_MAX", "seed_ok", "ACTION_IDS", "PLAN_FIELDS", "PLACES", "Decision", "Pending", "GameState", "PlayerState", "ProvinceState",
           "DraftData", "RoundData", "WinterData", "chest_card", "chest_value"]


def chest_card(n: int) -> str:
    return f"{CHEST_CARD_PREFIX}{n}"


CHEST_CARDS = tuple(chest_card(n) for n in COMPONENTS.war_chest_cards)
BUILDING_TOKENS = {"castle": 28, "temple": 26, "theater": 26}  # the tokens in the box


def chest_value(card: str | None) -> int | None:
    """The chests on a war-chest card id (``'chest:3'`` -> 3), None for other cards.

    Only the game's war-chest cards (:data:`CHEST_CARDS`) have a value; ``'chest:abc'`` or
    ``'chest:5'`` are no cards at all: the planning phase refuses them (``plan.no_such_card``).
    A battle-tower card (Tennō's Court) on a base field counts as a chest card, on the bid field as 0 chests.
    """
    if card in CHEST_CARDS:
        return int(card[len(CHEST_CARD_PREFIX):])
    if isinstance(card, str) and card.startswith(TOWER_CARD_PREFIX):
        return 0
    return None


def is_chest_like(card: object) -> bool:
    """True for text that claims to be a war-chest card (whether or not such a card exists)."""
    return isinstance(card, str) and card.startswith(CHEST_CARD_PREFIX)


@dataclass
class ProvinceState:
    owner: int | None = None
    armies: int = 0
    buildings: list[str] = field(default_factory=list)
    unrest: int = 0

    def copy(self) -> "ProvinceState":
        return ProvinceState(owner=self.owner, armies=self.armies, buildings=list(self.buildings), unrest=self.unrest)


@dataclass
class PlayerState:
    seat: int
    colour: str
    chests: int
    rice: int = 0
    points: int = 0
    supply: int = 62
    hand: list[str] = field(default_factory=list)  # province cards he holds (also those on his board)
    plan: dict[str, str | None] = field(default_factory=dict)  # plan field -> card id (or None: left empty)
    special: str | None = None
    place: int | None = None  # turn-order place 0-4 this round
    groups: list[int] = field(default_factory=list)  # draft: army groups still on his board
    last_offer: list[str] = field(default_factory=list)  # draft: face-up cards at his previous turn
    handed_over: list[str] = field(default_factory=list)  # cards that left his planning board this round

    def copy(self) -> "PlayerState":
        return PlayerState(
            seat=self.seat, colour=self.colour, chests=self.chests, rice=self.rice, points=self.points,
            supply=self.supply, hand=list(self.hand), plan=dict(self.plan), special=self.special, place=self.place,
            groups=list(self.groups), last_offer=list(self.last_offer), handed_over=list(self.handed_over),
        )


def _bad(msg: str):
    from .errors import SaveFileError

    return SaveFileError(f"inconsistent game state: {msg}")


@dataclass
class DraftData:
    """The draft (set-up by claiming provinces): the deck, the two face-up cards, whose turn."""

    deck: list[str] = field(default_factory=list)
    face_up: list[str] = field(default_factory=list)
    turn: int = 0

    def check(self, state: "GameState") -> None:
        if len(self.face_up) > 2 or self.turn < 0:
            raise _bad("the draft shows more than two cards or a negative turn")
        if (self.deck or self.face_up) and state.phase != "claim":
            raise _bad("draft cards are left outside the draft")


@dataclass
class RoundData:
    """One spring/summer/autumn: the event, the action cards, the special cards, the orders."""

    event: int | None = None  # this round's event card
    action_cards: list[str] = field(default_factory=list)  # this round's order
    action_index: int = 0  # the action being carried out (0-9)
    turn_index: int = 0  # whose turn within the action (index into turn_order)
    specials: list[str] = field(default_factory=list)  # special card on each place 0-4
    pick_order: list[int] = field(default_factory=list)  # seats in bid order
    turn_order: list[int] = field(default_factory=list)  # seats in turn order this round (kept for winter)
    planner: int = 0  # seat planning now

    def check(self, state: "GameState") -> None:
        seats = set(range(state.num_players))
        if self.action_cards and sorted(self.action_cards) != sorted(ACTION_IDS):
            raise _bad("the round's action cards are not the ten actions")
        if self.specials and sorted(self.specials) != sorted(COMPONENTS.special_cards):
            raise _bad("the round's special cards are not the five specials")
        for name in ("pick_order", "turn_order"):
            order = getattr(self, name)
            if len(set(order)) != len(order) or not set(order) <= seats:
                raise _bad(f"the {name.replace('_', ' ')} names a seat twice or an unknown seat")
        if not (0 <= self.action_index <= len(ACTION_IDS) and 0 <= self.turn_index <= len(seats) and 0 <= self.planner <= len(seats)):
            raise _bad("a round counter is out of range")
        if self.event is not None and self.event not in {e.number for e in COMPONENTS.events}:
            raise _bad(f"unknown event card {self.event!r}")


@dataclass
class WinterData:
    """Winter: the seats still to face their revolts, and the extra farmers of each drawn province."""

    queue: list[int] = field(default_factory=list)
    revolts: dict[str, int] = field(default_factory=dict)  # province -> extra farmers

    def check(self, state: "GameState") -> None:
        if len(set(self.queue)) != len(self.queue) or not set(self.queue) <= set(range(state.num_players)):
            raise _bad("the winter queue names a seat twice or an unknown seat")
        for prov, extra in self.revolts.items():
            if prov not in state.provinces or extra < 0:
                raise _bad(f"a winter revolt in {prov!r} with {extra} extra farmers")


@dataclass
class GameState:
    # --- lasting facts -------------------------------------------------------------------
    rules: Rules
    seed: int
    players: list[PlayerState]
    provinces: dict[str, ProvinceState]
    year: int = 1
    season: str = "setup"  # setup, spring, summer, autumn, winter, end
    phase: str = "claim"  # claim, then the season's phases (plan, place, actions), winter, end
    card_supply: list[str] = field(default_factory=list)  # province cards nobody holds
    event_deck: list[int] = field(default_factory=list)
    events_face_up: list[int] = field(default_factory=list)
    events_used: list[int] = field(default_factory=list)
    pending: Pending | None = None
    tower: TowerState = field(default_factory=TowerState.empty)
    tower_model: dict = field(default_factory=lambda: {"kind": "physical"})
    farmer_supply: int = 20
    buildings_left: dict[str, int] = field(default_factory=lambda: dict(BUILDING_TOKENS))
    next_cube: int = 0
    rng_state: Any = None
    winners: list[int] = field(default_factory=list)
    scores: list[dict] = field(default_factory=list)  # one scoring breakdown per winter
    log: list[dict] = field(default_factory=list)
    # --- per-phase working data -----------------------------------------------------------
    draft: DraftData = field(default_factory=DraftData)
    round: RoundData = field(default_factory=RoundData)
    winter: WinterData = field(default_factory=WinterData)
    extra: dict[str, Any] = field(default_factory=dict)  # an expansion's working data, by name (JSON-safe)

    # the rules, read through the state (as in version 1)
    side = property(lambda s: s.rules.side)
    num_players = property(lambda s: s.rules.players)
    setup = property(lambda s: s.rules.setup)

    # --- queries -------------------------------------------------------------------------
    def player_provinces(self, seat: int) -> list[str]:
        return [n for n, p in self.provinces.items() if p.owner == seat]

    def tower_count(self, owner: int | None) -> int:
        return self.tower.count_owner(owner)

    # --- cheap copies (undo) ---------------------------------------------------------------
    def snapshot(self) -> "GameState":
        """A copy sharing nothing mutable with this state, except the append-only ``log`` and ``scores``.

        Used for undo: much cheaper than a JSON round trip. The log is shared and cut back
        to its length on restore (:meth:`restore_log`); cubes and the rules are shared (never changed).
        """
        copy = GameState.__new__(GameState)
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "log":
                copy.log = value
                copy._log_len = len(value)
            elif f.name == "rules":
                copy.rules = value
            elif f.name == "provinces":
                copy.provinces = {n: p.copy() for n, p in value.items()}
            elif f.name == "players":
                copy.players = [p.copy() for p in value]
            elif f.name == "scores":  # append-only, entries never change
                copy.scores = list(value)
            elif f.name == "tower":
                copy.tower = TowerState([list(level) for level in value.levels], list(value.tray))
            else:
                setattr(copy, f.name, _copy_plain(value))
        return copy

    def copy_with_log(self, log: list[dict]) -> "GameState":
        """A copy sharing nothing mutable with this state, with a log of its own holding ``log``."""
        copy = self.snapshot()
        del copy._log_len
        copy.log = list(log)
        return copy

    def restore_log(self) -> None:
        """After a :meth:`snapshot` became the state again: cut the shared log back."""
        n = getattr(self, "_log_len", None)
        if n is not None:
            del self.log[n:]
            del self._log_len

    # --- JSON (see savefile) -----------------------------------------------------------------
    def to_dict(self) -> dict:
        """The state as JSON-safe data (format version 2); read back with :func:`.savefile.state_from_dict`."""
        simple = ("seed", "year", "season", "phase", "card_supply", "event_deck", "events_face_up", "events_used",
                  "tower_model", "farmer_supply", "buildings_left", "next_cube", "winners", "scores", "log")
        d: dict[str, Any] = {"format_version": FORMAT_VERSION, "rules": self.rules.to_dict()}
        d.update({k: getattr(self, k) for k in simple})
        d["players"] = [asdict(p) for p in self.players]
        d["provinces"] = {n: asdict(p) for n, p in self.provinces.items()}
        d["pending"] = asdict(self.pending) if self.pending else None
        d["tower"] = self.tower.to_dict()
        d["rng_state"] = _rng_to_json(self.rng_state)
        for name in _GROUPS:
            d[name] = asdict(getattr(self, name))
        d["extra"] = self.extra
        return asdict_copy(d)


def _copy_plain(value: Any) -> Any:
    """Copy lists, dicts and dataclasses (recursively); other values are immutable."""
    if isinstance(value, list):
        return [_copy_plain(v) for v in value] if value and isinstance(value[0], (list, dict)) or (
            value and is_dataclass(value[0])) else list(value)
    if isinstance(value, dict):
        return {k: _copy_plain(v) for k, v in value.items()}
    if is_dataclass(value) and not isinstance(value, type):
        copy = object.__new__(type(value))
        for f in fields(value):
            object.__setattr__(copy, f.name, _copy_plain(getattr(value, f.name)))
        return copy
    return value


_GROUPS = {"draft": DraftData, "round": RoundData, "winter": WinterData}
FORMAT_VERSION = 2  # of the save file (see :mod:`.savefile`)


def asdict_copy(d: dict) -> dict:
    """A deep copy of JSON-like data (so the dict shares nothing with the live state)."""
    if isinstance(d, dict):
        return {k: asdict_copy(v) for k, v in d.items()}
    if isinstance(d, list):
        return [asdict_copy(v) for v in d]
    return d


def _rng_to_json(state: Any) -> Any:
    if state is None:
        return None
    version, internal, gauss = state
    return [version, list(internal), gauss]
