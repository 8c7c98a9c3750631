"""The expansions' display in the guided game: each player's court board, the privilege-card display and each
player's samurai stack (drawn by :mod:`..viz.court`). Hidden when no expansion is played.

``CourtPanel().set_state(state)`` after every step: the HTML is rebuilt only when what it shows may have changed
(the language, the log, the phase, the pending decision, the court plans or the expansions' working data), and
sent to the browser only when it differs from what is shown.
"""

from __future__ import annotations

import json

import ipywidgets as w

from .. import i18n
from ..rules.expansions import court
from ..viz.court import court_html


def state_key(state, viewer: int | None = None) -> tuple:
    """Everything the display depends on, cheaply compared."""
    plans = tuple(tuple(pl.plan.get(f) for f in court.COURT_FIELDS) for pl in state.players)
    pending = state.pending
    return (i18n.current_language(), viewer, state.year, state.season, state.phase, len(state.log), plans,
            (pending.kind, pending.player) if pending else None, tuple(state.round.turn_order),
            json.dumps(state.extra, sort_keys=True), tuple(sorted((n, p.owner) for n, p in state.provinces.items())))


class CourtPanel:
    """``CourtPanel().widget``: the court boards, the privilege cards and the samurai stacks of one game."""

    def __init__(self):
        self.html = w.HTML()
        self.widget = w.Box([self.html], layout=w.Layout(display="none", width="100%"))
        self.widget.add_class("shogun-court")
        self._key: tuple | None = None
        self.redraws = 0  # how many times new HTML was sent (tests: only on change)

    def set_state(self, state, viewer: int | None = None) -> None:
        """Show ``state``; ``viewer`` is the learner's seat (others' court cards face down until revealed)."""
        if not state.rules.expansions:
            self._key = None
            self.widget.layout.display = "none"
            return
        key = state_key(state, viewer)
        if key == self._key:
            return
        self._key = key
        html = court_html(state, viewer)
        if html != self.html.value:
            self.html.value = html
            self.redraws += 1
        self.widget.layout.display = None

    def close(self) -> None:
        self.widget.close()
