"""The guided game's moves: Next step, Next round, To the end, Back, Undo, and the learner's own decisions.

A mixin of :class:`~shogun_tutor.ui.game_panel.GamePanel`: the bots decide through the panel's session until
something can be explained (one step; its first decision carries the undo mark), the learner's decisions are
submitted as one step, and undo takes whole steps (a whole plan) back. Each ends by drawing the panel again.
"""

from __future__ import annotations

from typing import Callable

import ipywidgets as w

from ..i18n import _
from ..rules.state import Decision
from ..session import SessionError


class GameMoves:
    """What moves the guided game on or back, mixed into :class:`GamePanel` (its session, steps and ``_render``)."""

    def learner_to_decide(self) -> bool:
        who = self.game.to_decide() if self.game is not None else None
        return bool(who) and who[1] == self.human.value

    def _advance(self, done: Callable[[], bool]) -> int:
        """Let the bots decide until ``done()`` (or until the learner or nobody must decide), stored a batch at a
        time (:meth:`Session.bot_steps`: one append, so other pages hear of the step once, whole). A store that
        cannot be written stops them: what was stored stays, the rest is said in one sentence."""
        seat = self.human.value

        def stop() -> bool:
            who = self.game.to_decide()
            return who is None or who[1] == seat or done()

        applied = 0
        try:
            while not stop():
                start = len(self.game.decisions)
                made = self.session.bot_steps(stop, mark=self._step_mark)
                if not made:
                    break
                self._step_mark = False
                for index in range(start, start + made):
                    if index in self.session.reasons:
                        position, reason = self.session.reasons[index]
                        self.steps.record(index, position, reason)
                applied += made
        except SessionError as problem:
            self._say(problem)
        return applied

    def _begin_step(self) -> int:
        """A step begins: its first decision carries the undo mark."""
        self._step_mark = True
        self._refocus = True
        self._say(None)
        return len(self.game.decisions)

    @property
    def step_events(self) -> list[dict]:
        """The events of the step shown."""
        return self.steps.events(self.game) if self.game is not None else []

    @property
    def step_moves(self) -> list[tuple]:
        """(decision, reason) of the bots' decisions in the step shown."""
        return self.steps.moves(self.game) if self.game is not None else []

    def next_step(self) -> None:
        """The next step of the game: one already played is re-read; else the bots play it to its end."""
        if self.game is None:
            return
        mark = self._begin_step()
        applied = self.steps.forward(self.game, self._advance)
        self._finish_step(mark, applied)

    def back(self) -> None:
        """Read the step before again; nothing is undone."""
        self.steps.back()
        self._render()

    def to_present(self) -> None:
        """Stop reading back: the latest step and the game as it is now."""
        if self.game is not None:
            self.steps.go_last(self.game)
            self._render()

    def next_round(self) -> None:
        if self.game is None or self.game.over:
            return
        s = self.game.state
        key, mark, start = (s.year, s.season), self._begin_step(), len(s.log)
        applied = self._advance(lambda: (self.game.state.year, self.game.state.season) != key)
        self.steps.go_to_end_of_round(self.game, start)  # how the round ended; Back reads the rest of it
        self._finish_step(mark, applied)

    def to_end(self) -> None:
        if self.game is None:
            return
        mark = self._begin_step()
        applied = self._advance(lambda: False)
        self.steps.go_last(self.game)
        self._finish_step(mark, applied)

    def _make_play_button(self, token: int | None) -> w.Button:
        """A play button bound to one pending decision: a second click (a double click) finds it stale."""
        button = w.Button(button_style="warning", description=_("Play it"), layout=w.Layout(width="auto", flex="0 0 auto"))
        button.add_class("shogun-play")
        button.on_click(lambda _b: self.play_choice(token))
        return button

    def _decision_token(self) -> int | None:
        return len(self.game.decisions) if self.learner_to_decide() else None

    def play_choice(self, token: int | None = None) -> bool:
        """Apply the chosen decision, once: ``token`` is the pending decision the click was made for."""
        if self.game is None or self.choice.value is None or not self.learner_to_decide():
            return False
        if token is not None and token != self._decision_token():
            return False  # the click was for a decision already taken (a double click)
        if not self.steps.in_present(self.game):
            return False  # never against a past position: the choice is hidden while an earlier step is shown
        return self.apply_decision(self.choice.value)

    def apply_decision(self, decision: Decision) -> bool:
        """Apply one decision of the learner as one step (stored; the engine's refusal is raised as before)."""
        return self.apply_decisions([decision])

    def apply_decisions(self, decisions: list[Decision]) -> bool:
        """Apply several decisions of the learner (a whole plan) as one step: one undo takes it back.
        The engine checks them all first (its :class:`RuleViolation` is raised, nothing applied); a store
        that cannot be written: one sentence, nothing applied."""
        start = len(self.game.state.log)
        self._refocus = True
        try:
            self.session.submit(decisions, self.token, expected_seq=self.session.seq)
        except SessionError as problem:
            from ..session import IllegalDecision

            if isinstance(problem, IllegalDecision) and hasattr(problem.violation, "rule"):
                self._refocus = False  # nothing was played: the focus stays where it is
                raise problem.violation from None  # the engine's own refusal, as before the session layer
            self._say(problem)
            self._render()
            return False
        self._say(None)
        self.steps.go_to_event(self.game, start)
        self._render()
        return True

    def undo(self) -> None:
        """Take the last step back (all decisions of that step)."""
        if not self._marks or self.game is None:
            return
        self._undo_to(self._marks[-1])

    def my_last_decision(self) -> int | None:
        """The index in the game's decisions where the learner's last step of decisions made in this panel begins
        (a whole plan is one step: going back to it takes all of it back, never half a plan)."""
        seat = self.human.value
        decisions, marks = self.game.decisions, set(self._marks)
        first = self._marks[0] if self._marks else len(decisions)
        for i in range(len(decisions) - 1, first - 1, -1):
            if decisions[i].player == seat:
                while i > first and i not in marks and decisions[i - 1].player == seat:
                    i -= 1
                return i
        return None

    def back_to_mine_means_something(self) -> bool:
        """Whether *Back to my last decision* does something of its own: the page may take decisions back, it
        holds a seat that decided, and the game went on after that decision (right after it, the step's undo, or
        the host's *Undo the last decision*, does the same: the button would only repeat it)."""
        seat = self.human.value
        if self.game is None or seat is None or seat < 0 or not self.may_undo():
            return False
        start = self.my_last_decision()
        if start is None:
            return False
        decisions = self.game.decisions
        end = start
        while end + 1 < len(decisions) and decisions[end + 1].player == seat and end + 1 not in self._marks:
            end += 1  # the rest of that step (a plan)
        return end + 1 < len(decisions)

    def undo_to_my_decision(self) -> None:
        """Go back to just before the learner's last decision: the learner decides it again."""
        index = self.my_last_decision() if self.back_to_mine_means_something() else None
        if index is not None:
            self._undo_to(index)

    def may_undo(self) -> bool:
        """Whether this page may take decisions back: always in a game of its own; in a group's game only the
        host's device (:attr:`undo_token`, set by ``ui/session_view.py``), as the session allows."""
        return self.session is not None and self.session.is_host(self.undo_token or self.token)

    def _undo_to(self, decisions: int) -> None:
        self._refocus = True
        try:
            self.session.undo_to(decisions, self.undo_token or self.token)
        except SessionError as problem:
            self._say(problem)
            return
        self._say(None)
        self.steps.forget_after(decisions)
        self.steps.go_last(self.game)
        self._render()

    def _finish_step(self, mark: int, applied: int) -> None:
        self._step_mark = False  # the session marked the step's first decision
        self._render()
