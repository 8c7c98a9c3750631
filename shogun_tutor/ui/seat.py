"""The learner's seat in the guided game: decisions with their meaning, the map, hints, the season's review.

:class:`SeatPanel` sits in the game panel's decision area and wires four parts
to the panel's drop-down (which stays the accessible way to decide):

* :class:`~.seat_decisions.SeatDecisions`: the options' labels (the special card at
  each place, the odds of each attack) and the details beside them;
* :class:`~.map_pick.MapPick`: the target of a move or attack chosen by a click on
  the board, which marks the source and the chosen target;
* :class:`~.hint.HintBox`: the strong bot's advice with its reasons;
* :func:`~.season_review.season_review`: after each season, what the plan did;
* :class:`~.game_review.GameReview`: after a year or the game, the learner's costliest decisions.
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from ..rules.state import Decision
from ..text.decisions import describe_decision
from .game_review import GameReview
from .hint import Hint, HintBox
from .map_pick import MapPick
from .planning_board import PlacementRefused
from .season_review import review_html, season_review
from .seat_decisions import SeatDecisions, decision_highlight

_DETAIL_STYLES = {"head": "font-weight:bold", "off": "font-weight:bold;text-decoration:line-through;color:#777",
                  "line": "color:#333"}


class SeatPanel:
    """The decision area's additions; the game panel calls :meth:`show_options` and :meth:`render`."""

    def __init__(self, panel):
        self.panel = panel
        self.decisions: SeatDecisions | None = None
        self._key: tuple | None = None  # the position the options were made for
        self._quiet = False  # True while the drop-down's options are being replaced
        self.details = w.HTML()
        self.details.add_class("shogun-choice-details")
        self.map_pick = MapPick(panel.board, self._picked_on_map)
        self.hint = HintBox(self.describe, self._take_hint)
        self.review = w.HTML()
        self.review.add_class("shogun-review-box")
        self.game_review = GameReview(panel)  # the learner's costliest decisions, after a year or the game
        #: a demonstration's prepared choices (the game they belong to, the decisions): the drop-down starts on the
        #: one offered rather than on the first option (issue 23: a demo preselected an unrelated move)
        self.prepared: tuple[object, tuple[Decision, ...]] | None = None
        self.widget = w.VBox([self.details, self.map_pick.message, self.hint.widget, self.review, self.game_review.widget])
        self.widget.add_class("shogun-seat")
        panel.choice.observe(self._choice_changed, names="value")

    def refresh_texts(self) -> None:
        self.hint.refresh_texts()
        self.game_review.refresh_texts()

    def describe(self, d: Decision) -> str:
        if self.decisions is not None and d.kind in ("place", "move"):
            return self.decisions.label(d)
        return describe_decision(d)

    # --- the options ---------------------------------------------------------------------------
    def show_options(self, token: int | None) -> None:
        """Fill the drop-down with the learner's options, labelled with their meaning; keep the choice."""
        p = self.panel
        key = self.position_key(token)
        if self.decisions is None or self.decisions.game is not p.game or self._key != key:
            self.decisions, self._key = SeatDecisions(p.game), key
        chosen = p.choice.value
        labelled = self.decisions.labelled()
        self._quiet = True
        try:
            p.choice.options = labelled
            prepared = [d for d in self.prepared[1] if d in self.decisions.options] \
                if self.prepared is not None and self.prepared[0] is p.game else []
            if chosen in self.decisions.options:
                p.choice.value = chosen
            elif prepared:
                p.choice.value = prepared[0]
            elif labelled:
                p.choice.index = 0  # never an empty choice
        finally:
            self._quiet = False
        self._show_choice()

    def position_key(self, token: int | None) -> tuple | None:
        """The pending decision's position: its number and the log so far (an undo and another
        decision can reach the same number with another position)."""
        if token is None:
            return None
        log = self.panel.game.state.log
        return token, len(log), log[-1] if log else None

    def _choice_changed(self, _change) -> None:
        if not self._quiet and self.decisions is not None:
            self._show_choice()

    def _show_choice(self) -> None:
        p, d = self.panel, self.panel.choice.value
        rows = self.decisions.details(d)
        self.details.value = "".join(f"<div style='{_DETAIL_STYLES[k]}'>{escape(t)}</div>" for k, t in rows)
        if any(o.kind == "move" for o in self.decisions.options):
            self.map_pick.offer(p.game, self.decisions.options, d)
            p.board.set_state(p.game.state, decision_highlight(p.game, d))
        else:
            self.map_pick.withdraw()

    def _picked_on_map(self, decision: Decision) -> None:
        self.panel.choice.value = decision  # the drop-down follows; its observer redraws the board

    # --- hint and review -------------------------------------------------------------------------
    def _take_hint(self, h: Hint) -> None:
        p = self.panel
        if h.decision.kind == "plan":
            board = p.plan_board
            if board is None:
                return
            model = board.model
            for field in model.fields:
                model.clear(field)
            try:
                for d, _reason in h.moves:
                    if d.card is not None:
                        model.place(d.field, d.card)
            except PlacementRefused as e:  # the model refuses what the engine would: say so
                board.message.value = f"<span role='alert' style='color:#b00020'>{escape(str(e))}</span>"
            board.render(keep_message=True)
        elif self.decisions is not None and h.decision in self.decisions.options:
            p.choice.value = h.decision

    def withdraw(self) -> None:
        """Hide what belongs to a decision no longer pending: its details and the map's clicks."""
        self.decisions, self._key = None, None
        self.details.value = ""
        self.map_pick.withdraw()

    def render(self, token: int | None) -> None:
        """After each step: hide what belongs to a decision no longer pending; the hint; the review."""
        p = self.panel
        deciding = token is not None and p.game.to_decide() is not None and p.game.to_decide()[0] != "plan"
        if not deciding:
            self.withdraw()
        self.hint.refresh(p.game if token is not None else None, self.position_key(token))
        seat = p.human.value
        if seat is not None and seat >= 0:
            just_ended = any(e["rule"] == "round.end" for e in p.step_events)
            self.review.value = review_html(season_review(p.game.state.log, seat), open_=just_ended)
        else:
            self.review.value = ""
        self.game_review.refresh()

    def close(self) -> None:
        self.widget.close()


__all__ = ["SeatPanel"]
