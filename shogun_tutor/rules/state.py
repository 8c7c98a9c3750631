"""The game state: plain dataclasses with a JSON round trip (never pickle, never eval).

``GameState.to_dict()`` gives JSON-safe data with a ``format_version``;
``GameState.from_dict()`` checks types, ranges and the game's conservation laws
(armies, farmers, province cards) and raises :class:`SaveFileError` naming what
is wrong, so a corrupt or tampered file never becomes a game.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field, fields, is_dataclass
from typing import Any

from ..data import BUILDINGS, COMPONENTS
from .errors import SaveFileError
from .tower import TowerState

FORMAT_VERSION = 1
ACTION_IDS = tuple(a.id for a in COMPONENTS.actions)
PLAN_FIELDS = ACTION_IDS + ("bid",)
PLACES = 5  # turn-order places on the board, each with a special card
CHEST_CARD_PREFIX = "chest:"


def chest_card(n: int) -> str:
    return f"{CHEST_CARD_PREFIX}{n}"


def chest_value(card: str | None) -> int | None:
    """The chests on a war-chest card id (``'chest:3'`` -> 3), None for other cards."""
    if card and card.startswith(CHEST_CARD_PREFIX):
        return int(card[len(CHEST_CARD_PREFIX):])
    return None


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


@dataclass(frozen=True)
class Decision:
    """One decision of one player. ``kind`` says which fields matter:

    * ``claim``: ``field`` 'up0' / 'up1' / 'deck', ``count`` = index of the army group
    * ``redraw``: (draft) put both face-up cards under the deck, as the same two came up again
    * ``plan``: ``field`` an action id or 'bid', ``card`` a province card, 'chest:N' or None
    * ``place``: ``count`` = turn-order place 0-4
    * ``move``: ``province`` from, ``target`` to (None: do not move), ``count`` armies
    * ``revolt``: ``province`` where the next winter revolt is fought
    """

    kind: str
    player: int
    field: str | None = None
    card: str | None = None
    province: str | None = None
    target: str | None = None
    count: int = 0

    def to_dict(self) -> dict:
        return {k: v for k, v in asdict(self).items() if v is not None and not (k == "count" and v == 0)}

    @staticmethod
    def from_dict(raw: Any) -> "Decision":
        if not isinstance(raw, dict) or not isinstance(raw.get("kind"), str) or not isinstance(raw.get("player"), int):
            raise ValueError(f"a decision needs 'kind' and 'player', got {raw!r}")
        allowed = {"kind", "player", "field", "card", "province", "target", "count"}
        if set(raw) - allowed:
            raise ValueError(f"unknown decision fields {sorted(set(raw) - allowed)}")
        return Decision(**raw)


@dataclass
class Pending:
    """Who must decide what now (``kind`` as in :class:`Decision`), with its context."""

    kind: str
    player: int
    province: str | None = None  # move: from where; revolt: none
    action: str | None = None  # move: which action (army1_move / battle_a / battle_b)
    options: list[str] = field(default_factory=list)  # revolt: provinces still to fight


@dataclass
class GameState:
    seed: int
    side: str
    num_players: int
    setup: str  # "beginner" or "draft"
    players: list[PlayerState]
    provinces: dict[str, ProvinceState]
    year: int = 1
    season: str = "setup"  # setup, spring, summer, autumn, winter, end
    phase: str = "claim"  # claim, plan, place, actions, winter, end
    card_supply: list[str] = field(default_factory=list)  # province cards nobody holds
    draft_deck: list[str] = field(default_factory=list)
    draft_face_up: list[str] = field(default_factory=list)
    draft_turn: int = 0
    event_deck: list[int] = field(default_factory=list)
    events_face_up: list[int] = field(default_factory=list)
    event: int | None = None  # this round's event card
    events_used: list[int] = field(default_factory=list)
    action_cards: list[str] = field(default_factory=list)  # this round's order
    action_index: int = 0  # the action being carried out (0-9)
    turn_index: int = 0  # whose turn within the action (index into turn_order)
    specials: list[str] = field(default_factory=list)  # special card on each place 0-4
    pick_order: list[int] = field(default_factory=list)  # seats in bid order
    turn_order: list[int] = field(default_factory=list)  # seats in turn order this round
    planner: int = 0  # seat planning now
    winter_queue: list[int] = field(default_factory=list)  # seats still to face winter revolts
    revolts: dict[str, int] = field(default_factory=dict)  # province -> extra farmers (winter)
    pending: Pending | None = None
    tower: TowerState = field(default_factory=TowerState.empty)
    tower_model: dict = field(default_factory=lambda: {"kind": "physical"})
    farmer_supply: int = 20
    buildings_left: dict[str, int] = field(default_factory=lambda: {"castle": 28, "temple": 26, "theater": 26})
    next_cube: int = 0
    rng_state: Any = None
    winners: list[int] = field(default_factory=list)
    scores: list[dict] = field(default_factory=list)  # one scoring breakdown per winter
    log: list[dict] = field(default_factory=list)

    # --- queries -------------------------------------------------------------------
    def player_provinces(self, seat: int) -> list[str]:
        return [n for n, p in self.provinces.items() if p.owner == seat]

    def tower_count(self, owner: int | None) -> int:
        return self.tower.count_owner(owner)

    # --- cheap copies (undo) ---------------------------------------------------------
    def snapshot(self) -> "GameState":
        """A copy sharing nothing mutable with this state, except the append-only ``log`` and ``scores``.

        Used for undo: much cheaper than a JSON round trip. The log is shared and
        cut back to its length on restore (:meth:`restore`); cubes are shared (never
        changed in place).
        """
        copy = GameState.__new__(GameState)
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "log":
                copy.log = value
                copy._log_len = len(value)
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

    def restore_log(self) -> None:
        """After a :meth:`snapshot` became the state again: cut the shared log back."""
        n = getattr(self, "_log_len", None)
        if n is not None:
            del self.log[n:]
            del self._log_len

    # --- JSON ----------------------------------------------------------------------
    def to_dict(self) -> dict:
        d = {
            "format_version": FORMAT_VERSION,
            **{k: v for k, v in asdict(self).items() if k not in ("tower", "players", "provinces", "pending", "rng_state")},
        }
        d["players"] = [asdict(p) for p in self.players]
        d["provinces"] = {n: asdict(p) for n, p in self.provinces.items()}
        d["pending"] = asdict(self.pending) if self.pending else None
        d["tower"] = self.tower.to_dict()
        d["rng_state"] = _rng_to_json(self.rng_state)
        return d

    @staticmethod
    def from_dict(raw: Any) -> "GameState":
        if not isinstance(raw, dict):
            raise SaveFileError("a saved game must be a JSON object")
        version = raw.get("format_version")
        if version != FORMAT_VERSION:
            raise SaveFileError(f"format_version is {version!r}; this program reads version {FORMAT_VERSION}")
        try:
            data = dict(raw)
            data.pop("format_version")
            players = [PlayerState(**p) for p in data.pop("players")]
            provinces = {n: ProvinceState(**p) for n, p in data.pop("provinces").items()}
            pending = data.pop("pending")
            tower = TowerState.from_dict(data.pop("tower"))
            rng_state = _rng_from_json(data.pop("rng_state"))
            state = GameState(players=players, provinces=provinces, tower=tower, rng_state=rng_state,
                              pending=Pending(**pending) if pending else None, **data)
        except SaveFileError:
            raise
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            raise SaveFileError(f"the saved game is malformed: {exc}") from None
        check_state(state)
        return state


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


def _rng_to_json(state: Any) -> Any:
    if state is None:
        return None
    version, internal, gauss = state
    return [version, list(internal), gauss]


def _rng_from_json(raw: Any) -> Any:
    if raw is None:
        return None
    if not (isinstance(raw, list) and len(raw) == 3 and isinstance(raw[1], list) and len(raw[1]) == 625):
        raise SaveFileError("the random generator state is malformed")
    state = (raw[0], tuple(raw[1]), raw[2])
    try:
        random.Random().setstate(state)
    except (TypeError, ValueError) as exc:
        raise SaveFileError(f"the random generator state is malformed: {exc}") from None
    return state


def check_state(state: GameState) -> None:
    """Raise SaveFileError unless the state obeys the game's conservation laws and ranges."""
    from ..board import province_graph  # local: avoids a cycle at import

    def bad(msg: str) -> SaveFileError:
        return SaveFileError(f"inconsistent game state: {msg}")

    if state.side not in ("sun", "moon"):
        raise bad(f"unknown board side {state.side!r}")
    if not COMPONENTS.min_players <= state.num_players <= COMPONENTS.max_players or len(state.players) != state.num_players:
        raise bad(f"{len(state.players)} players for a {state.num_players}-player game")
    g = province_graph(state.side, state.num_players)
    if set(state.provinces) != set(g.nodes):
        raise bad("the provinces do not match the board side and player count")
    for name, p in state.provinces.items():
        if p.armies < 0 or p.unrest < 0:
            raise bad(f"{name} has a negative count")
        if (p.owner is None) != (p.armies == 0):
            raise bad(f"{name}: an owned province must have armies and a neutral one none")
        if p.owner is not None and not 0 <= p.owner < state.num_players:
            raise bad(f"{name} is owned by unknown seat {p.owner}")
        if len(p.buildings) > g.nodes[name]["building_slots"] or len(set(p.buildings)) != len(p.buildings) or set(p.buildings) - set(BUILDINGS):
            raise bad(f"{name} breaks the building rules: {p.buildings}")
    for pl in state.players:
        for attr in ("chests", "rice", "supply", "points"):
            if getattr(pl, attr) < 0:
                raise bad(f"player {pl.seat} has negative {attr}")
        in_tower = state.tower_count(pl.seat)
        on_board = sum(p.armies for p in state.provinces.values() if p.owner == pl.seat)
        if pl.supply + on_board + in_tower != COMPONENTS.armies_each:
            raise bad(f"player {pl.seat}'s armies add up to {pl.supply + on_board + in_tower}, not {COMPONENTS.armies_each}")
    if state.farmer_supply + state.tower_count(None) != COMPONENTS.farmers:
        raise bad(f"farmers add up to {state.farmer_supply + state.tower_count(None)}, not {COMPONENTS.farmers}")
    cards = [c for pl in state.players for c in pl.hand] + state.card_supply + state.draft_deck + state.draft_face_up
    if len(cards) != len(set(cards)):
        raise bad("a province card is held twice")
    expected = {g.nodes[n]["card"] for n in g.nodes}
    if set(cards) != expected:
        raise bad("province cards are missing or unknown")
    for pl in state.players:
        for c in pl.hand:
            name = c.split("/")[0]
            if state.provinces[name].owner != pl.seat:
                raise bad(f"player {pl.seat} holds the card of {name} but does not hold the province")
    for c in state.card_supply:
        if state.provinces[c.split("/")[0]].owner is not None:
            raise bad(f"the card of {c} lies in the supply but the province is held")
