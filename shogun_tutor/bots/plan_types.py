"""What a season plan is made of (the heuristic's :mod:`.plan` and its cards, :mod:`.plan_cards`, share it)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..data import COMPONENTS
from ..rules.game import Game
from .base import Reason
from .rice import Harvest

SEASONS = COMPONENTS.seasons[:-1]  # the three action rounds; the last season is winter
ARMY_ACTIONS = tuple(a for a in COMPONENTS.action_amounts)  # armies5, armies3, army1_move
BATTLE_ACTIONS = ("battle_a", "battle_b")
INCOME_ACTIONS = ("rice", "tax")
MAX_CHEST_CARD = max(COMPONENTS.war_chest_cards)


@dataclass(frozen=True)
class Style:
    """Knobs of the plan (the strong bot searches over variants of these)."""

    aggression: float = 0.0  # added to every attack's value
    build_bias: float = 0.0  # added to every building's value
    defence_bias: float = 0.0  # added to every army placement's value
    chest_value: float = 0.4  # points one chest is worth before the last round
    bid: int | None = None  # force a chest bid of this many chests (None: decide)
    rice_margin: int = 0  # extra rice wanted beyond the worst winter loss
    #: one action of this round's plan left out, (year, season, field, province): the plan spends its chests on
    #: the next best options instead (the strong bot's candidates; a battle: none from that province)
    leave_out: tuple[int, str, str, str] | None = None


@dataclass
class Plan:
    cards: dict[str, str | None] = field(default_factory=dict)
    reasons: dict[str, Reason] = field(default_factory=dict)
    special_values: dict[str, float] = field(default_factory=dict)


@dataclass
class Season:
    """What a seat's plan is made from (read once from the state)."""

    game: Game
    seat: int
    style: Style
    provs: list[str]
    card: dict[str, str]
    rounds_left: int
    last_round: bool
    winters_left: int
    cv: float  # what one chest is worth now
    effects: list[str]
    open_cards: list[str]
    threats: dict[str, int]
    amounts: dict[str, int]
    harvest: Harvest

    @property
    def state(self):
        return self.game.state

    @property
    def player(self):
        return self.game.state.players[self.seat]


def reduced_by(ss: Season, act: str) -> dict:
    """When an event card still face up may cut the army action ``act`` this round (the plan counts the fewer
    armies): the card's own number, the action and the event, for a reason that names both numbers (issue 21:
    "3 armies" was said on the "Place 5 armies" field); else nothing."""
    card = COMPONENTS.action_amounts[act]
    if ss.amounts.get(act, card) >= card:
        return {}
    event = next(e for e in ss.state.events_face_up if COMPONENTS.event(e).effect == "armies_reduced")
    return {"card": card, "event": event}
