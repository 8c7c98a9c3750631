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

from . import errors as E
from . import flow
from .decisions import Decision, check_shape
from .savefile import parse_json, state_from_dict
from .setup import deal, initial_state
from .state import GameState
from .tower import Cube, TowerModel, tower_model_from_dict


class Game:
    """A game in progress. Create one with :func:`new_game` or :meth:`Game.load`."""

    def __init__(self, state: GameState, *, history: bool = True, tower: TowerModel | None = None):
        self.state = state
        self.rules = state.rules
        self.graph = state.rules.graph
        self.tower_model: TowerModel = tower or tower_model_from_dict(state.tower_model)
        self.rng = random.Random()
        if state.rng_state is not None:
            self.rng.setstate(state.rng_state)
        self.history_enabled = history
        self._history: list[tuple[GameState, dict]] = []  # (state snapshot before, tower model before)
        self.decisions: list[Decision] = []
        self.started_at = len(state.log)  # log events before this are known only as events (a loaded game)

    # --- public API ----------------------------------------------------------------
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
            self._history.append((self.state.snapshot(), self.tower_model.to_dict()))  # type: ignore[attr-defined]
        start = len(self.state.log)
        self.decisions.append(decision)
        self.rules.decision_kinds[decision.kind][1].execute(self, decision)
        self._advance()
        self._sync_rng()
        return self.state.log[start:]

    def undo(self) -> None:
        if not self._history:
            raise E.NothingToUndo("there is no decision to take back")
        before, model = self._history.pop()
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
        state = state_from_dict(parse_json(text))
        try:
            model = tower_model_from_dict(state.tower_model)
        except (TypeError, ValueError) as exc:
            raise E.SaveFileError(f"unknown tower model in the save file: {exc}") from None
        game = Game(state, history=history, tower=model)
        if state.pending is None and not game.over:  # an expansion vouched for it between two of its steps
            game._advance()
            game._sync_rng()
        return game

    # --- the loop ---------------------------------------------------------------------
    def _advance(self) -> None:
        """Run automatic steps until a decision is needed or the game ends."""
        s = self.state
        phases = self.rules.phases
        while s.pending is None and s.phase != "end":
            phases[s.phase].step(self)

    def next_phase(self) -> None:
        """Called by a phase when its work is done; the game's flow (:mod:`.flow`) decides what follows."""
        flow.next_phase(self)

    # --- helpers for the phases ------------------------------------------------------------
    def _sync_rng(self) -> None:
        self.state.rng_state = self.rng.getstate()

    def _log(self, rule: str, player: int | None = None, province: str | None = None, **data) -> dict:
        s = self.state
        ev = {"rule": rule, "year": s.year, "season": s.season}
        if player is not None:
            ev["player"] = player
        if province is not None:
            ev["province"] = province
        ev.update(data)
        s.log.append(ev)
        return ev

    def _new_cubes(self, owner: int | None, n: int, origin: str) -> list[Cube]:
        s = self.state
        cubes = [Cube(s.next_cube + i, owner, origin) for i in range(n)]
        s.next_cube += n
        return cubes

    def _transfer_card(self, province: str, to: int | None) -> None:
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
    if state.phase == "setup":  # the beginner's positions are placed: the flow fills the tower, the year begins
        game.next_phase()
    game._advance()
    game._sync_rng()
    return game
