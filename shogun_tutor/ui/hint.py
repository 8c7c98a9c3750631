"""The "Hint" button: what the strong bot would do in the learner's place, and why.

:func:`hint` asks the strong bot (:mod:`shogun_tutor.bots`) on a copy of the
game, so the learner's game is never touched. For a plan it asks for every field
the engine will ask for this seat (the whole plan, each card with its reason);
for any other decision it is one decision with its reason. The first decision
is one of the game's legal decisions now; the whole plan is legal in the order
the engine asks for it (it was applied on the copy).
:class:`HintBox` is the button, the advice in the learner's language, and "Take
this advice" (the plan goes onto the planning board, a choice into the list; the
learner still confirms).
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Callable

import ipywidgets as w

from ..i18n import _
from ..bots import Reason, make_bot
from ..bots.playouts import fork
from ..rules.game import Game
from ..rules.state import Decision
from ..text.reasons import render as render_reason

HINT_BOT = "strong"


@dataclass(frozen=True)
class Hint:
    """The strong bot's advice: decisions (the first is the one pending now) with their reasons."""

    moves: tuple[tuple[Decision, Reason], ...]

    @property
    def decision(self) -> Decision:
        return self.moves[0][0]

    @property
    def reason(self) -> Reason:
        return self.moves[0][1]


def hint_seed(game: Game, seat: int) -> int:
    """The hint bot's seed: the game's seed and the seat, so the same position gives the same hint."""
    return game.state.seed * 100 + 50 + seat


def hint(game: Game, seat: int | None = None) -> Hint:
    """The strong bot's advice for ``seat`` (default: whoever decides now); the game is not changed."""
    who = game.to_decide()
    if who is None:
        raise ValueError("nobody has a decision to take: the game is over")
    kind, now = who
    if seat is not None and seat != now:
        raise ValueError(f"seat {seat} has no decision to take now (seat {now} decides)")
    bot = make_bot(HINT_BOT, hint_seed(game, now))
    copy = fork(game, hint_seed(game, now), log=True)  # the log: what the round's battles took, in the advice
    moves = []
    while copy.to_decide() == (kind, now):
        decision, reason = bot.decide_with_reason(copy)
        copy.apply(decision)
        moves.append((decision, reason))
        if kind != "plan":
            break  # one decision; a plan is every field the engine asks this seat for
    return Hint(tuple(moves))


class HintBox:
    """The "Hint" button and the advice; ``refresh`` when the pending decision changes."""

    def __init__(self, describe: Callable[[Decision], str], on_take: Callable[[Hint], None]):
        self.describe, self.on_take = describe, on_take
        self.game: Game | None = None
        self.token: object = None
        self.current: Hint | None = None
        self.button = w.Button(icon="lightbulb-o", layout=w.Layout(width="auto"))
        self.button.add_class("shogun-hint-button")
        self.take = w.Button(layout=w.Layout(width="auto", display="none"))
        self.take.add_class("shogun-hint-take")
        self.text = w.HTML()
        self.text.add_class("shogun-hint")
        self.widget = w.VBox([w.HBox([self.button, self.take], layout=w.Layout(flex_flow="row wrap")), self.text],
                             layout=w.Layout(display="none"))
        self.button.on_click(lambda _b: self.show())
        self.take.on_click(lambda _b: self._take())
        self.refresh_texts()

    def refresh_texts(self) -> None:
        self.button.description = _("Hint")
        self.button.tooltip = _("What the strong bot would do in your place, and why")
        self.take.description = _("Take this advice")
        if self.current is not None:
            self._render()

    def refresh(self, game: Game | None, token: object) -> None:
        """Show the button for the learner's pending decision ``token`` (None: hide it)."""
        if token != self.token or game is not self.game:
            self.game, self.token, self.current = game, token, None
            self.text.value = ""
            self.take.layout.display = "none"
        self.button.disabled = False
        self.widget.layout.display = "none" if token is None else None

    def show(self) -> None:
        if self.game is None or self.token is None or self.button.disabled:
            return
        self.button.disabled = True  # one search per click (a double click asks once)
        self.text.value = escape(_("The strong bot is thinking…"))
        try:
            self.current = hint(self.game)
        finally:
            self.button.disabled = False
        self._render()

    def _render(self) -> None:
        h = self.current
        head = _("The strong bot would play:") if len(h.moves) == 1 else _("The strong bot would plan:")
        rows = "".join(f"<li><b>{escape(self.describe(d))}</b><br><span style='color:#555'>{escape(render_reason(r))}</span></li>"
                       for d, r in h.moves)
        note = ""  # a battle's reason quotes the odds the decision list shows (rules.odds.game_battle_odds)
        self.text.value = (f"<div style='border-left:4px solid #E69F00;padding:0.2em 0.6em;margin:0.3em 0'>"
                           f"<b>{escape(head)}</b><ul style='margin:0.2em 0 0.2em 1.1em;padding:0'>{rows}</ul>{note}</div>")
        self.take.layout.display = None

    def _take(self) -> None:
        if self.current is not None:
            self.on_take(self.current)


__all__ = ["HINT_BOT", "Hint", "HintBox", "hint", "hint_seed"]
