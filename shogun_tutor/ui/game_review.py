"""The review of the learner's game (issue 21): after a year (on request) and after the game, the learner's
three costliest decisions against the strong bot's, each with the board where it counts, both choices, the
strong bot's reason and the expected difference in points (:func:`shogun_tutor.review.review`).

:class:`GameReview` is a button per year that has ended (and one for the whole game once it is over), a
progress bar while the playouts run, and the review as HTML. It reads the guided game (which keeps its
history) and never changes it.
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from .. import review as game_review
from ..i18n import _
from ..text import review as text


def review_html(mistakes, year: int | None) -> str:
    """The review as HTML: a heading, then one block per costly decision, costliest first."""
    lab = text.labels()
    blocks = []
    for k, m in enumerate(mistakes, 1):
        t = text.mistake_text(m)
        board = "".join(f"<li>{escape(line)}</li>" for line in t.board)
        extra = f"<p class='shogun-review-learner'>{escape(t.learner)}</p>" if t.learner else ""
        badge = f"<p class='shogun-review-blunder' style='color:#b00020'><b>{escape(t.blunder)}</b></p>" if t.blunder else ""
        blocks.append(
            f"<li class='shogun-review-mistake' style='margin:0.3em 0'><b>{k}. {escape(t.heading)}</b>{badge}"
            f"<div><i>{escape(lab['chosen'])}</i>: {escape(t.chosen)}</div>{extra}"
            f"<div><i>{escape(lab['better'])}</i>: {escape(t.better)}</div>"
            f"<div><i>{escape(lab['why'])}</i>: {escape(t.why)}</div>"
            + (f"<div><i>{escape(lab['board'])}</i>:<ul style='margin:0 0 0 1.1em;padding:0'>{board}</ul></div>"
               if board else "")
            + f"<div class='shogun-review-cost'>{escape(t.cost)}</div>"
            + (f"<div class='shogun-review-small' style='color:#555'>{escape(t.small)}</div>" if t.small else "")
            + "</li>")
    return (f"<div class='shogun-game-review' style='border-left:4px solid #0072B2;padding:0.2em 0.6em;margin:0.3em 0'>"
            f"<b>{escape(text.heading(len(mistakes), year))}</b>"
            f"<ol style='margin:0.2em 0 0.2em 1.1em;padding:0;list-style:none'>{''.join(blocks)}</ol></div>")


class GameReview:
    """Buttons for the years that ended (and the whole game), a progress bar, the review."""

    def __init__(self, panel):
        self.panel = panel
        self.buttons = w.HBox([])
        self.progress = w.IntProgress(value=0, min=0, max=1, layout=w.Layout(display="none", width="14em"))
        self.progress.add_class("shogun-review-progress")
        self.out = w.HTML()
        self.out.add_class("shogun-game-review-box")
        self.widget = w.VBox([self.buttons, self.progress, self.out])
        self._years: tuple = ()
        self._game = None  # the game the review belongs to (a new game clears it)
        self._shown: tuple | None = None  # (mistakes, year) of the review shown

    def _years_done(self) -> tuple:
        game = self.panel.game
        years = sorted({e["year"] for e in game.state.log if e["rule"] == "winter.scoring"})  # the years scored
        return tuple(years) + (("game",) if game.over else ())

    def refresh(self) -> None:
        """After each step: one button per year that has ended, and one for the game once it is over."""
        seat = self.panel.human.value
        game = getattr(self.panel, "game", None)
        if game is None or seat is None or seat < 0 or not game.history_enabled:
            self.buttons.children, self._years = (), ()
            return
        if game is not self._game:
            self._game, self._years, self._shown, self.out.value = game, (), None, ""
        years = self._years_done()
        if years == self._years:
            return
        self._years = years
        buttons = []
        for y in years:
            label = _("Review my game") if y == "game" else _("Review my year {year}").format(year=y)
            b = w.Button(description=label, icon="search", layout=w.Layout(width="auto"))
            b.add_class("shogun-review-year" if y != "game" else "shogun-review-game")
            b.on_click(lambda _b, y=y: self.show(None if y == "game" else y))
            buttons.append(b)
        self.buttons.children = tuple(buttons)

    def show(self, year: int | None) -> None:
        """Review the learner's decisions of ``year`` (None: the whole game) and show the costliest three."""
        game, seat = self.panel.game, self.panel.human.value
        self.progress.layout.display = ""

        def progress(done: int, total: int) -> None:
            self.progress.max = max(1, total)
            self.progress.value = done

        try:
            mistakes = game_review.review(game, seat, year=year, progress=progress)
        finally:
            self.progress.layout.display = "none"
        self._shown = (mistakes, year)
        self.out.value = review_html(mistakes, year)

    def refresh_texts(self) -> None:
        """The language changed: the buttons and the review shown are said again (nothing is recomputed)."""
        self._years = ()
        self.refresh()
        if self._shown is not None:
            self.out.value = review_html(*self._shown)

    def clear(self) -> None:
        self.out.value, self._shown = "", None
        self.buttons.children, self._years = (), ()


__all__ = ["GameReview", "review_html"]
