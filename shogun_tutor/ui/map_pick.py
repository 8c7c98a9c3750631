"""Moves, attacks and province cards chosen on the map: click the province on the board.

The source of a move is the province whose card the learner planned on the
action field; the board marks it. :class:`MapPick` takes the board's province
clicks while the learner has a move to decide: a click on a province the armies
may enter chooses the option into it (as many armies as were chosen before, if
that many may go, else as many as may go); the number stays adjustable in the
drop-down, the accessible alternative. A click elsewhere says, in the learner's
language, why the armies cannot go there. While a province card is to be laid on
an action field (a card's try-it), a click on a province whose card may be laid
chooses that card, and a click on any other province does nothing (the board
rings the cards that may be laid). When there is nothing to decide, the clicks go
back to the board's own lesson (reach and shortest way).
"""

from __future__ import annotations

from html import escape
from typing import Callable

import ipywidgets as w

from ..i18n import _
from ..rules import errors as E
from ..rules.game import Game
from ..rules.phases.actions import move_problem
from ..rules.state import Decision
from ..text import terms


class MapPick:
    """Province clicks on ``board`` choose among move ``options``, or among the province cards of plan
    ``options``, while :meth:`offer` is in force."""

    def __init__(self, board, on_pick: Callable[[Decision], None]):
        self.board, self.on_pick = board, on_pick
        self.game: Game | None = None
        self.options: list[Decision] = []
        self.chosen: Decision | None = None
        self.message = w.HTML()
        self.message.add_class("shogun-map-pick")
        board.on_province_click = self.click

    def offer(self, game: Game, options: list[Decision], chosen: Decision | None) -> None:
        """Take the clicks for these move options, or for the province cards of these plan options (``chosen``:
        the option shown now)."""
        moves = [d for d in options if d.kind == "move"]
        cards = [d for d in options if d.kind == "plan" and d.card in game.state.provinces]
        self.game, self.options, self.chosen = game, moves or cards, chosen
        if not self.options:
            self.withdraw()

    def withdraw(self) -> None:
        """Give the clicks back to the board's lesson."""
        self.game, self.options, self.chosen = None, [], None
        self.message.value = ""

    @property
    def active(self) -> bool:
        return bool(self.options)

    @property
    def cards(self) -> list[str]:
        """The provinces whose cards may be laid (empty while a move is decided)."""
        return [d.card for d in self.options if d.kind == "plan"]

    def pick(self, province: str) -> tuple[Decision | None, str]:
        """The option a click on ``province`` chooses, or None with the reason (translated; empty for a card that
        may not be laid: the map rings those that may)."""
        if self.options[0].kind == "plan":
            return next((d for d in self.options if d.card == province), None), ""
        source = self.options[0].province
        into = [d for d in self.options if d.target == province]
        if into:
            count = self.chosen.count if self.chosen is not None and self.chosen.target is not None else None
            same = [d for d in into if d.count == count]
            return (same or [max(into, key=lambda d: d.count)])[0], ""
        names = dict(source=terms.province_name(source), target=terms.province_name(province))
        if province == source:
            return None, _("Your armies move from {source}: click the province they should go to.").format(**names)
        pending = self.game.state.pending
        problem = move_problem(self.game, pending, province) if pending is not None else None
        if isinstance(problem, E.NotOwnProvince):
            return None, _("With this action armies may only move into your own provinces; {target} is not yours.").format(**names)
        if isinstance(problem, E.ProvinceImmune):
            return None, _("{target} is protected this round and may not be attacked.").format(**names)
        if isinstance(problem, (E.NotAdjacent, E.NotInPlay)):
            return None, _("{target} does not border {source}: armies move one province at a time.").format(**names)
        return None, _("At least one army must stay in {source}, so no army can go to {target}.").format(**names)

    def click(self, province: str) -> bool:
        """A click on the board; True when it was taken here (a move is being decided)."""
        if not self.active:
            return False
        decision, why = self.pick(province)
        if decision is None:  # refused in a sentence (a move), or nothing at all (a card that may not be laid)
            self.message.value = f"<span role='alert' style='color:#b00020'>{escape(why)}</span>" if why else ""
            return True
        self.message.value = ""
        self.chosen = decision
        self.on_pick(decision)
        return True


__all__ = ["MapPick"]
