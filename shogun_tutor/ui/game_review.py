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
from ..bots.base import card_province
from ..rules.state import Decision
from ..text import review as text
from ..viz.board import Highlight, board_traces
from ..board import province_graph
from ..viz.board_base import FIELD_HIGHLIGHT, fit
from ..viz.board_state import lesson
from ..viz.board_base import style as player_style
from ..viz.board_svg import Choice, board_svg, choices_svg
from ..viz.court import card_label
from ..rules.state import PLACES
from ..text import terms
from ..text.explain.base import plan_field_name

#: the width (screen pixels) the small boards are drawn for, and shown at (at most: a phone narrows them)
BOARD_FIT = 900
BOARD_PX = 320


def _provinces(d: Decision) -> list[str]:
    names = [d.province, d.target, card_province(d.card) if d.card and "/" in d.card else None]
    return [p for p in names if p]


def decision_highlight(state, d: Decision) -> Highlight | None:
    """The learner's decision drawn on the board: an arrow for a move or an attack, else a ring round its province."""
    if d.kind == "move" and d.target is not None and d.province:
        return Highlight("battle" if state.provinces[d.target].owner != d.player else "move", d.province, d.target)
    names = [p for p in _provinces(d) if p in state.provinces]
    if not names:
        return None
    return Highlight(FIELD_HIGHLIGHT.get(d.field, "province") if d.kind == "plan" else "province", names[0])


def mistake_board(game, m) -> str:
    """The board as it stood when the learner decided (a static SVG, no live figure): the learner's choice
    highlighted as the game highlights an action, the strong bot's provinces ringed with blue dots, the rest dimmed;
    cropped to where it counts. A decision that names no province shows what it was about instead (issue 23: the
    whole board, uncropped, said nothing): the turn-order places with their special cards for a place, the plan
    fields for a card on a field; other such decisions (the expansions' bonuses, the draft) show no picture."""
    state = game_review.position(game, m.index).state
    chosen = [p for p in _provinces(m.chosen) if p in state.provinces]
    better = [p for p in _provinces(m.better) if p in state.provinces]
    if not chosen and not better:
        return _choices_board(state, m)
    f = fit(BOARD_FIT)
    traces, layout = board_traces(state=state, highlight=decision_highlight(state, m.chosen), width=BOARD_FIT,
                                  selected=chosen[0] if chosen else None,
                                  reach=[p for p in chosen[1:] + better if p not in chosen[:1]])
    # the learner's provinces stay bright (the lesson's "selected" and "reach" keep them from the dimming), but
    # without the lesson's blue rings: blue dotted rings are the strong bot's provinces only; the learner's choice is
    # the game's own highlight (an arrow, or a ring in its colour)
    theirs = [p for p in better if p not in chosen]
    rings = next(t for t in lesson(f, province_graph(state.side, state.num_players), None, set(theirs), [])
                 if t["name"] == "reach")
    rings = rings if rings.get("x") else {**rings, "visible": False}
    traces = [rings if t.get("name") == "reach" else t for t in traces if t.get("name") != "selected"]
    return board_svg(traces, layout, f, focus=chosen + better, width_px=BOARD_PX, title=board_caption(m))


def _mark(option, chosen, better) -> str | None:
    return {(True, True): "both", (True, False): "chosen", (False, True): "better"}.get((option == chosen, option == better))


def _choices_board(state, m) -> str:
    """The options of a decision without a province, the learner's and the strong bot's marked ('' when the
    decision has no such picture)."""
    if m.chosen.kind == "place" and m.better.kind == "place" and state.round.specials:
        taken = {pl.place: pl.seat for pl in state.players if pl.place is not None}
        choices = []
        for place in range(PLACES):
            st = player_style(state, taken[place]) if place in taken else None
            choices.append(Choice(_("Place {place}").format(place=place + 1),
                                  (terms.special_name(state.round.specials[place]),),
                                  _mark(place, m.chosen.count, m.better.count),
                                  (st.letter, st.fill, st.text) if st else None))
        return choices_svg(choices, PLACES, BOARD_PX, title=board_caption(m))
    if m.chosen.kind == "plan" and m.better.kind == "plan":
        plan = state.players[m.seat].plan
        choices = []
        for field in state.rules.plan_fields(state, m.seat):
            options: tuple = ()
            if field == m.chosen.field == m.better.field:  # the same field, two cards: both said, each framed
                options = ((card_label(m.chosen.card), "chosen"), (card_label(m.better.card), "better"))
            choices.append(Choice(plan_field_name(field), (card_label(plan[field]),) if field in plan else (),
                                  None if options else _mark(field, m.chosen.field, m.better.field), None,
                                  field in plan, options))
        return choices_svg(choices, 4, BOARD_PX, title=board_caption(m))
    return ""


def board_caption(m=None) -> str:
    """What the mistake's picture shows (``m``: the mistake; None: a board)."""
    if m is not None and not _provinces(m.chosen) and not _provinces(m.better):
        if m.chosen.kind == "place":
            return _("The turn-order places when you decided, each with its special card for the round: your choice "
                     "in a thick frame, the strong bot's in a blue dotted frame; a player's letter marks a place "
                     "already taken.")
        return _("Your plan when you decided, each field with the card you had put on it: your choice in a thick "
                 "frame, the strong bot's in a blue dotted frame.")
    return _("The board when you decided: your choice is marked as in the game, the strong bot's provinces are "
             "ringed with blue dots, the rest is pale.")


def review_html(mistakes, year: int | None, boards: list[str] | None = None) -> str:
    """The review as HTML: a heading, then one block per costly decision, costliest first; ``boards[k]``: the
    small board (SVG) of mistake k, beside its text (below it on a narrow screen)."""
    lab = text.labels()
    blocks = []
    for k, m in enumerate(mistakes, 1):
        t = text.mistake_text(m)
        board = "".join(f"<li>{escape(line)}</li>" for line in t.board)
        extra = f"<p class='shogun-review-learner'>{escape(t.learner)}</p>" if t.learner else ""
        badge = f"<p class='shogun-review-blunder' style='color:#b00020'><b>{escape(t.blunder)}</b></p>" if t.blunder else ""
        svg = boards[k - 1] if boards and k - 1 < len(boards) else ""
        figure = (f"<figure class='shogun-review-board' style='flex:0 1 {BOARD_PX}px;margin:0;min-width:0'>{svg}"
                  f"<figcaption style='font-size:0.85em;color:#555'>{escape(board_caption(m))}</figcaption></figure>"
                  if svg else "")
        blocks.append(
            f"<li class='shogun-review-mistake' style='margin:0.3em 0'>"
            f"<div style='display:flex;flex-wrap:wrap;gap:0.4em 1em;align-items:flex-start'>"
            f"<div style='flex:1 1 18em;min-width:0'><b>{k}. {escape(t.heading)}</b>{badge}"
            f"<div><i>{escape(lab['chosen'])}</i>: {escape(t.chosen)}</div>{extra}"
            f"<div><i>{escape(lab['better'])}</i>: {escape(t.better)}</div>"
            f"<div><i>{escape(lab['why'])}</i>: {escape(t.why)}</div>"
            + (f"<div><i>{escape(lab['board'])}</i>:<ul style='margin:0 0 0 1.1em;padding:0'>{board}</ul></div>"
               if board else "")
            + f"<div class='shogun-review-cost' style='margin-top:0.35em'>{escape(t.cost)}</div>"
            + (f"<div class='shogun-review-small' style='color:#555'>{escape(t.small)}</div>" if t.small else "")
            + f"</div>{figure}</div></li>")
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
        self.out.value = review_html(mistakes, year, self._boards(mistakes))

    def _boards(self, mistakes) -> list[str]:
        """Each mistake's small board (static SVG), drawn in the current language."""
        return [mistake_board(self.panel.game, m) for m in mistakes]

    def refresh_texts(self) -> None:
        """The language changed: the buttons and the review shown are said again (nothing is recomputed)."""
        self._years = ()
        self.refresh()
        if self._shown is not None:
            mistakes, year = self._shown
            self.out.value = review_html(mistakes, year, self._boards(mistakes))

    def clear(self) -> None:
        self.out.value, self._shown = "", None
        self.buttons.children, self._years = (), ()


__all__ = ["GameReview", "decision_highlight", "mistake_board", "review_html"]
