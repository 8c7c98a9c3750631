"""The game engine's front: decisions in, events out; undo, save and load.

In the spirit of python-chess: :class:`Game` holds a :class:`~.state.GameState`;
:meth:`Game.legal_decisions` lists what whoever must decide now may do;
:meth:`Game.apply` checks a :class:`~.decisions.Decision` *before* changing anything
(an illegal one raises a :class:`~.errors.RuleViolation` naming the rule, and the
state stays exactly as it was), then runs every automatic step that follows until the
next decision is needed; :meth:`Game.undo` takes the last decision back. The rules
themselves live in the phases (:mod:`.phases`, one interface, the season's order is
data of :class:`~.rules.Rules`) and the modifiers (:mod:`.modifiers`). Every rule
application appends a structured event to ``state.log``: the UI renders them.

>>> game = new_game(players=3, side="sun", seed=7)
>>> game.state.season, game.state.phase, game.to_decide()
('spring', 'plan', ('plan', 0))
>>> sum(p.supply for p in game.state.players) + sum(p.armies for p in game.state.provinces.values()) + game.state.tower_count(0) + game.state.tower_count(1) + game.state.tower_count(2)
186
"""

from __future__ import annotations

import json
import random
from typing import Callable, NamedTuple

from . import errors as E
from . import flow
from .decisions import Decision, check_shape
from .setup import deal, initial_state
from .state import GameState
from .tower import Cube, TowerModel, tower_model_from_dict


class Before(NamedTuple):
    """The game just before one of its decisions (an entry of :attr:`Game.history`).

    ``state`` is a snapshot that shares the game's append-only log: read ``state.log[:log_len]``,
    never change it (:meth:`.GameState.copy_with_log` gives a copy of one's own). ``tower_model``
    is the tower model's data then (:func:`.tower.tower_model_from_dict`)."""

    state: GameState
    tower_model: dict
    log_len: int


class Game:
    """A game in progress. Create one with :func:`new_game` or :meth:`Game.load`.

    What callers, phases and observers may use (everything else with an underscore is the game's own):

    * the decisions: :meth:`to_decide`, :meth:`legal_decisions`, :meth:`check`, :meth:`apply`, :meth:`undo`,
      ``decisions`` (those taken since the game was made or loaded), :attr:`over`;
    * saving: :meth:`save`, :meth:`load`;
    * the past: :attr:`history` (a :class:`Before` per decision, when made with ``history=True``),
      :meth:`position_at` (the game after its first ``end`` log events), ``started_at``;
    * for the phases and expansions: :meth:`log_event` (the event sink: every rule application appends
      one structured event to ``state.log``), :meth:`new_cubes`, :meth:`transfer_card`, :meth:`next_phase`
      (the phase's work is done; :mod:`.flow` decides what follows), ``rng``, ``rules``, ``graph``, ``tower_model``;
    * for observers: :meth:`add_observer` / :meth:`remove_observer` (called with each event as it is logged);
    * for replays: :meth:`replay` (carry out a recorded decision without checking it or keeping history).
    """

    def __init__(self, state: GameState, *, history: bool = True, tower: TowerModel | None = None):
        self.state = state
        self.rules = state.rules
        self.graph = state.rules.graph
        self.tower_model: TowerModel = tower or tower_model_from_dict(state.tower_model)
        self.rng = random.Random()
        if state.rng_state is not None:
            self.rng.setstate(state.rng_state)
        self.history_enabled = history
        self._history: list[Before] = []
        self._observers: list[Callable[[dict], None]] = []
        self.decisions: list[Decision] = []
        self.started_at = len(state.log)  # log events before this are known only as events (a loaded game)

    # --- public API ----------------------------------------------------------------
    @property
    def history(self) -> tuple[Before, ...]:
        """The game just before each decision of ``decisions`` (empty for a game made with ``history=False``)."""
        return tuple(self._history)

    def position_at(self, end: int):
        """The game as it stood right after its first ``end`` log events: a :class:`.rewind.Position` (a copy)."""
        from .rewind import position_at

        return position_at(self, end)

    @property
    def over(self) -> bool:
        return self.state.phase == "end"

    def to_decide(self) -> tuple[str, int] | None:
        """(kind, seat) of the decision the game waits for, or None when it is over."""
        p = self.state.pending
        return (p.kind, p.player) if p else None

    def legal_decisions(self) -> list[Decision]:
        p = self.state.pending
        if p is None:
            return []
        phase = self.rules.decision_kinds[p.kind][1]
        ctx = phase.context(self, p)
        return [d for d in phase.candidates(self, p, ctx) if phase.why_not(self, d, ctx) is None]

    def check(self, d: Decision) -> None:
        """Raise the :class:`~.errors.RuleViolation` that forbids ``d`` now; return if it is legal."""
        if not isinstance(d, Decision):
            raise TypeError(f"apply() takes a Decision, got {type(d).__name__}")
        check_shape(d, self.rules.decision_kinds)
        s = self.state
        if s.phase == "end" or s.pending is None:
            raise E.GameOver("the game is over")
        p = s.pending
        if d.player != p.player:
            raise E.NotYourDecision(f"seat {p.player} must decide now, not seat {d.player}")
        phase = self.rules.decision_kinds[p.kind][1]
        if d.kind not in phase.answering(p.kind):
            raise E.WrongDecisionKind(f"a '{p.kind}' decision is needed now, not '{d.kind}'")
        problem = phase.why_not(self, d, phase.context(self, p))
        if problem is not None:
            raise problem

    def apply(self, decision: Decision) -> list[dict]:
        """Check and apply ``decision``; returns the events it caused."""
        self.check(decision)
        if self.history_enabled:
            self._sync_rng()
            self._history.append(Before(self.state.snapshot(), self.tower_model.to_dict(),  # type: ignore[attr-defined]
                                        len(self.state.log)))
        start = len(self.state.log)
        self.decisions.append(decision)
        self.rules.decision_kinds[decision.kind][1].execute(self, decision)
        self._run_automatic()
        self._sync_rng()
        return self.state.log[start:]

    def undo(self) -> None:
        if not self._history:
            raise E.NothingToUndo("there is no decision to take back")
        before, model, _log_len = self._history.pop()
        self.decisions.pop()
        before.restore_log()
        self.state = before
        self.tower_model = tower_model_from_dict(model)
        self.rng.setstate(self.state.rng_state)

    def save(self) -> str:
        self._sync_rng()
        d = self.state.to_dict()
        d["tower_model"] = self.tower_model.to_dict()  # type: ignore[attr-defined]
        return json.dumps(d, separators=(",", ":"))

    @staticmethod
    def load(text: str, *, history: bool = True) -> "Game":
        """A saved game (format version 2, or 1 from earlier versions); :class:`SaveFileError` if it is not one.

        ``text`` is the JSON as ``str`` or UTF-8 ``bytes`` (an upload). See ``docs/save-format.md``.
        """
        from .savefile import parse_json, state_from_dict  # jsonschema: imported when a game is first loaded

        state = state_from_dict(parse_json(text))
        try:
            model = tower_model_from_dict(state.tower_model)
        except (TypeError, ValueError) as exc:
            raise E.SaveFileError(f"unknown tower model in the save file: {exc}") from None
        game = Game(state, history=history, tower=model)
        if state.pending is None and not game.over:  # an expansion vouched for it between two of its steps
            game._run_automatic()
            game._sync_rng()
        return game

    def begin(self) -> None:
        """After the deal (:func:`.setup.deal`): the flow's first steps until the first decision. Only :func:`new_game` calls it."""
        if self.state.phase == "setup":  # the beginner's positions are placed: the flow fills the tower, the year begins
            self.next_phase()
        self._run_automatic()
        self._sync_rng()

    def replay(self, decision: Decision) -> None:
        """Carry out ``decision``, known to be legal (a recorded one), and the automatic steps after it,
        without checking it, keeping history or saving the generator's state: what a replay does."""
        self.decisions.append(decision)
        self.rules.decision_kinds[decision.kind][1].execute(self, decision)
        self._run_automatic()

    # --- the loop ---------------------------------------------------------------------
    def _run_automatic(self) -> None:
        """Run automatic steps until a decision is needed or the game ends."""
        s = self.state
        phases = self.rules.phases
        while s.pending is None and s.phase != "end":
            phases[s.phase].step(self)

    def next_phase(self) -> None:
        """Called by a phase when its work is done; the game's flow (:mod:`.flow`) decides what follows."""
        flow.next_phase(self)

    def _sync_rng(self) -> None:
        self.state.rng_state = self.rng.getstate()

    # --- for the phases and observers ---------------------------------------------------------
    def add_observer(self, observer: Callable[[dict], None]) -> None:
        """Call ``observer(event)`` with each event as it is logged (after it is in ``state.log``)."""
        self._observers.append(observer)

    def remove_observer(self, observer: Callable[[dict], None]) -> None:
        self._observers.remove(observer)

    def log_event(self, rule: str, player: int | None = None, province: str | None = None, **data) -> dict:
        """The event sink: append one structured event (``rule``, the year and season, ``player``, ``province``
        and the rule's own data) to ``state.log``, tell the observers, return it. See ``docs/explanation-events.md``."""
        s = self.state
        ev = {"rule": rule, "year": s.year, "season": s.season}
        if player is not None:
            ev["player"] = player
        if province is not None:
            ev["province"] = province
        ev.update(data)
        s.log.append(ev)
        for observer in self._observers:
            observer(ev)
        return ev

    def new_cubes(self, owner: int | None, n: int, origin: str) -> list[Cube]:
        """``n`` new cubes of ``owner`` (a seat, or None for farmers), numbered on from the game's last one."""
        s = self.state
        cubes = [Cube(s.next_cube + i, owner, origin) for i in range(n)]
        s.next_cube += n
        return cubes

    def transfer_card(self, province: str, to: int | None) -> None:
        """A province changed hands: its card goes at once to the new holder (or the supply)."""
        s = self.state
        card = self.graph.nodes[province]["card"]
        for pl in s.players:
            if card in pl.hand:
                pl.hand.remove(card)
                if s.phase == "actions" and card in pl.plan.values() and card not in pl.handed_over:
                    pl.handed_over.append(card)  # taken from his planning board: what he planned there lapses
        if card in s.card_supply:
            s.card_supply.remove(card)
        if to is None:
            s.card_supply.append(card)
        else:
            s.players[to].hand.append(card)


def new_game(
    players: int = 4,
    side: str = "sun",
    seed: int = 0,
    setup: str = "beginner",
    *,
    tower: TowerModel | None = None,
    history: bool = True,
    expansions: tuple[str, ...] = (),
) -> Game:
    """Set up a new game; returns it waiting for the first decision.

    ``setup`` is ``"beginner"`` (the rulebook's start positions, sun side only)
    or ``"draft"`` (claim provinces with the two face-up cards). ``expansions``
    names registered expansions (:data:`.rules.EXPANSIONS`).
    """
    state, model = initial_state(players, side, seed, setup, tower, tuple(expansions))
    game = Game(state, history=history, tower=model)
    deal(game)
    game.begin()
    return game
