"""The immutable rules of one game: components, board graph, options (expansions), phases, plan fields.

In the spirit of OpenSpiel's split between an immutable ``Game`` and a mutable ``State``:
a :class:`Rules` never changes during a game; the :class:`~.state.GameState` carries it
and the save file records its options (``to_dict``), from which :meth:`Rules.from_dict`
rebuilds it. An expansion is an :class:`Expansion` in :data:`EXPANSIONS`: it may insert
phases into the season's order, add decision kinds (through its phases), add plan fields
per seat and add sources of rule modifiers (see ``docs/engine-api.md``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, Callable, Iterable

import networkx as nx

from ..board import PlayBoard, play_board
from ..data import COMPONENTS, Components
from .errors import SaveFileError, SetupError

if TYPE_CHECKING:  # pragma: no cover
    from .phases import Phase
    from .state import GameState

ACTION_IDS = tuple(a.id for a in COMPONENTS.actions)
BASE_PLAN_FIELDS = ACTION_IDS + ("bid",)
SETUPS = ("beginner", "draft")
# a season: planning (plan, event, bids), turn order (place picks), then the actions
BASE_SEASON = ("plan", "place", "actions")
SEASONS = ("spring", "summer", "autumn")  # the year's three rounds; then winter (see :mod:`.flow`)


def rounds_started(state) -> int:
    """How many spring/summer/autumn rounds have begun: 0 in the set-up (the draft's claims), the autumn's count in
    the winter that follows it, the last one's at the end. Counts the game's rounds for the privilege deck
    (Tennō's Court) and the strong bot's look-ahead."""
    if state.season == "setup":
        return 0
    if state.season in SEASONS:
        return (state.year - 1) * len(SEASONS) + SEASONS.index(state.season) + 1
    return state.year * len(SEASONS)  # winter; the end (after the last winter)


@dataclass(frozen=True)
class Expansion:
    """What an expansion adds. Every hook is optional.

    * ``phases``: phase objects by id (each a :class:`~.phases.Phase`);
    * ``insert``: where each new phase goes in the season: ``(phase_id, after_phase_id)``;
    * ``plan_fields``: ``(state, seat) -> extra plan fields`` for that seat (after the ten actions, before the bid);
    * ``modifier_sources``: ``(state, seat) -> modifiers`` active for that seat (after event and special);
    * ``state_fields``: ``{name: factory}`` of its own working data, kept in ``state.extra[name]`` (JSON-safe);
    * ``check``: ``(state) -> None``, raising :class:`SaveFileError` when its working data is inconsistent;
    * ``plan_cards``: ``(state, seat) -> extra cards`` the seat may lay on his planning fields (e.g. battle-tower cards);
    * ``hooks``: ``{moment: (game, **data) -> None}`` run at fixed moments of the flow: ``setup`` (after the decks
      are shuffled), ``tower_fill`` (``out``: cubes out by owner), ``year_start``, ``round_start``, ``round_end``;
    * ``between_steps``: ``(state) -> bool``, asked by the save check when no decision is pending: True when the
      state stands between two of the expansion's automatic steps (the game goes on by stepping; ``Game.load``
      does so);
    * ``check_pending``: ``(state, pending) -> None``, asked by the save check when one of the expansion's decision
      kinds is pending: raises :class:`SaveFileError` unless that decision fits its working data;
    * ``face_down``: ``(state) -> lists`` of its cards that lie face down for every seat (a deck, top first), in
      its working data: a bot's look-ahead samples their order (:meth:`Rules.face_down_decks`).
    """

    name: str
    phases: dict[str, "Phase"] = field(default_factory=dict)
    insert: tuple[tuple[str, str], ...] = ()
    plan_fields: Callable[["GameState", int], tuple[str, ...]] | None = None
    modifier_sources: Callable[["GameState", int], Iterable[Any]] | None = None
    state_fields: dict[str, Callable[[], Any]] = field(default_factory=dict)
    check: Callable[["GameState"], None] | None = None
    plan_cards: Callable[["GameState", int], tuple[str, ...]] | None = None
    hooks: dict[str, Callable[..., None]] = field(default_factory=dict)
    between_steps: Callable[["GameState"], bool] | None = None
    check_pending: Callable[["GameState", Any], None] | None = None
    face_down: Callable[["GameState"], list[list]] | None = None


EXPANSIONS: dict[str, Expansion] = {}  # registered by the expansion modules (and tests)
BASE_PHASES: dict[str, "Phase"] = {}  # registered by :mod:`.phases` (imported with the package, before any game)


@dataclass(frozen=True)
class Rules:
    """Everything fixed for a whole game. Compare: the state is everything that changes."""

    players: int
    side: str
    setup: str = "beginner"
    expansions: tuple[str, ...] = ()
    components: Components = field(default=COMPONENTS, compare=False, repr=False)

    def __post_init__(self):
        unknown = [e for e in self.expansions if e not in EXPANSIONS]
        if unknown:
            raise SetupError(f"unknown expansion(s) {', '.join(unknown)}; known: {', '.join(sorted(EXPANSIONS)) or 'none'}")
        if self.setup not in SETUPS:
            raise SetupError(f"unknown set-up {self.setup!r}; expected 'beginner' or 'draft'")
        # one canonical order (that of registration; each name once): the phases an expansion inserts
        # then come out the same whichever order the options were given in
        object.__setattr__(self, "expansions", tuple(e for e in EXPANSIONS if e in self.expansions))

    # --- derived facts (computed once) ----------------------------------------------
    @cached_property
    def board(self) -> PlayBoard:
        """The board side for this player count, resolved once (:func:`..board.play_board`)."""
        return play_board(self.side, self.players)

    @cached_property
    def graph(self) -> nx.Graph:
        return self.board.graph

    @cached_property
    def neighbours(self) -> dict[str, tuple[str, ...]]:
        """Each province in play -> its neighbours (land and sea), sorted."""
        return {n: tuple(sorted(self.graph.adj[n])) for n in sorted(self.graph.nodes)}

    @cached_property
    def expansion_list(self) -> tuple[Expansion, ...]:
        return tuple(EXPANSIONS[e] for e in self.expansions)

    @cached_property
    def season(self) -> tuple[str, ...]:
        """The phases of a spring/summer/autumn, in order (data: expansions insert theirs)."""
        order = list(BASE_SEASON)
        for exp in self.expansion_list:
            for phase_id, after in exp.insert:
                order.insert(order.index(after) + 1, phase_id)
        return tuple(order)

    @cached_property
    def phases(self) -> dict[str, "Phase"]:
        if not BASE_PHASES:  # pragma: no cover - the package's __init__ imports the phases first
            raise RuntimeError("the base phases are not registered: import shogun_tutor.rules")
        table = dict(BASE_PHASES)
        for exp in self.expansion_list:
            table.update(exp.phases)
        return table

    @cached_property
    def decision_kinds(self) -> dict[str, tuple[frozenset[str], "Phase"]]:
        """Every decision kind: the fields it uses and the phase that decides it."""
        kinds = {}
        for phase in self.phases.values():
            for kind, used in phase.decisions.items():
                kinds[kind] = (frozenset(used), phase)
        return kinds

    def plan_fields(self, state: "GameState", seat: int) -> tuple[str, ...]:
        """The fields on ``seat``'s planning board this round: the ten actions, extras, then the bid."""
        if not self.expansion_list:
            return BASE_PLAN_FIELDS
        extra: tuple[str, ...] = ()
        for exp in self.expansion_list:
            if exp.plan_fields:
                extra += tuple(exp.plan_fields(state, seat))
        return ACTION_IDS + extra + ("bid",)

    def plan_cards(self, state: "GameState", seat: int) -> tuple[str, ...]:
        """Cards besides his province cards and the war-chest cards that ``seat`` may plan with."""
        out: tuple[str, ...] = ()
        for exp in self.expansion_list:
            if exp.plan_cards:
                out += tuple(exp.plan_cards(state, seat))
        return out

    def run_hooks(self, game, moment: str, **data) -> None:
        """Run every expansion's hook for ``moment`` (see :class:`Expansion`), in the expansions' order."""
        for exp in self.expansion_list:
            hook = exp.hooks.get(moment)
            if hook:
                hook(game, **data)

    def modifier_sources(self, state: "GameState", seat: int) -> list:
        out: list = []
        for exp in self.expansion_list:
            if exp.modifier_sources:
                out.extend(exp.modifier_sources(state, seat))
        return out

    def face_down_decks(self, state: "GameState") -> list[list]:
        """The decks no seat sees into, as the state holds them (the lists themselves, top first): the event cards
        still to come, the draft's deck during the draft, and each expansion's (``Expansion.face_down``). A bot's
        look-ahead shuffles them in its own copy of the state; the order a seat cannot see must not steer it."""
        decks = [state.event_deck]
        if state.phase == "claim":
            decks.append(state.draft.deck)
        for exp in self.expansion_list:
            if exp.face_down:
                decks.extend(exp.face_down(state))
        return decks

    # --- save file --------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {"players": self.players, "side": self.side, "setup": self.setup, "expansions": list(self.expansions)}

    @staticmethod
    def from_dict(raw: Any) -> "Rules":
        if not isinstance(raw, dict) or set(raw) != {"players", "side", "setup", "expansions"}:
            raise SaveFileError("the rules of the saved game are malformed")
        if not isinstance(raw["expansions"], list) or not all(isinstance(e, str) for e in raw["expansions"]):
            raise SaveFileError("the rules' expansions must be a list of names")
        try:
            rules = Rules(raw["players"], raw["side"], raw["setup"], tuple(raw["expansions"]))
            rules.graph  # checks side and player count
        except (SetupError, ValueError, TypeError) as exc:
            raise SaveFileError(f"the rules of the saved game are invalid: {exc}") from None
        return rules
