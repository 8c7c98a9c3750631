"""The teacher's side of the class quiz: the form that starts one (in the *Play together* bar) and the projector.

:class:`QuizStartForm`: how many questions, drawn from which chapter or level, how many seconds each.
:class:`QuizHost`: the join card (code, link, QR code), how many students joined and answered (live), the question
asked with its timer, *Ask question N* and *Reveal the answer*; after a reveal the answer with the engine's
explanation, the class's summary (which rule it missed) and the leaderboard; at the end the rules to go over again.
The projector shows what the students' phones show (no answer before the reveal: :mod:`~shogun_tutor.session.quiz_view`).
"""

from __future__ import annotations

import secrets
from html import escape
from typing import TYPE_CHECKING

import ipywidgets as w

from .. import i18n
from ..i18n import _
from .quiz_parts import (answered_html, board_html, chapter_title, missed_html, question_html, reveal_html,
                         summary_html, timer_html)
from .screen_reader import name_control

if TYPE_CHECKING:
    from .quiz import QuizPanel

COUNTS = (3, 5, 8, 10, 15, 20)
SECONDS = (15, 20, 30, 45, 60, 90)
CHAPTERS = ("battles", "winter", "revolts", "scoring", "specials")  # the rulebook's chapters the questions test


class QuizStartForm:
    """*Start a class quiz*: ``on_start(spec)`` hears the set-up (``schemas/session-quiz.schema.json``)."""

    def __init__(self, on_start):
        self.on_start = on_start
        self.title = w.HTML()
        self.count = w.Dropdown(options=list(COUNTS), value=5, layout=w.Layout(width="auto"),
                                style={"description_width": "initial"})
        self.source = w.Dropdown(layout=w.Layout(width="auto", max_width="24em"))
        self.seconds = w.Dropdown(options=list(SECONDS), value=30, layout=w.Layout(width="auto"),
                                  style={"description_width": "initial"})
        self.start_button = w.Button(button_style="primary", icon="question", layout=w.Layout(width="auto"))
        self.start_button.add_class("shogun-quiz-start")
        self.start_button.on_click(lambda _b: self.on_start(self.spec(secrets.randbelow(10**6))))
        self.widget = w.VBox([self.title, w.HBox([self.count, self.source, self.seconds, self.start_button],
                                                 layout=w.Layout(flex_flow="row wrap", align_items="center"))],
                             layout=w.Layout(flex="1 1 360px"))
        self.widget.add_class("shogun-quiz-start-form")
        self._unsubscribe = i18n.on_language_change(lambda _code: self.refresh_texts())
        self.refresh_texts()

    def refresh_texts(self) -> None:
        title = _("Start a class quiz")
        self.title.value = f"<b>{escape(title)}</b>"
        self.count.description = _("Questions")
        self.seconds.description = _("Seconds per question")
        value = self.source.value or "all"
        # a picker's labels: a chapter's title after a kind, not a sentence
        chapters = [(_("Rulebook: {chapter}").format(chapter=chapter_title(k)), f"chapter:{k}")  # i18n-ok: a label
                    for k in CHAPTERS]
        self.source.options = [(_("Every chapter"), "all"), (_("Level 1: the winter's rice and revolts"), "level:1"),
                               (_("Level 2: battles and majorities too"), "level:2")] + chapters
        self.source.value = value
        name_control(self.source, _("Questions drawn from"))
        self.start_button.description = _("Start the quiz and show the code")

    def spec(self, seed: int) -> dict:
        """The set-up the form shows (``seed``: the draw's)."""
        spec = {"kind": "quiz", "count": int(self.count.value), "seed": seed, "seconds": int(self.seconds.value)}
        kind, _sep, value = str(self.source.value).partition(":")
        if kind == "level":
            spec["level"] = int(value)
        elif kind == "chapter":
            spec["chapters"] = [value]
        return spec


class QuizHost:
    """The projector: ``panel`` is the :class:`~.quiz.QuizPanel` (its quiz and the host's token)."""

    def __init__(self, panel: "QuizPanel"):
        self.panel = panel
        self.join_info = w.HTML()
        self.count = w.HTML()
        self.question = w.HTML()
        self.timer = w.HTML()
        self.reveal = w.HTML()
        self.summary = w.HTML()
        self.board = w.HTML()
        self.ask_button = w.Button(button_style="primary", icon="play", layout=w.Layout(width="auto"))
        self.ask_button.add_class("shogun-quiz-ask")
        self.reveal_button = w.Button(button_style="success", icon="eye", layout=w.Layout(width="auto"))
        self.reveal_button.add_class("shogun-quiz-reveal")
        self.leave_button = w.Button(icon="sign-out", layout=w.Layout(width="auto"))
        self.leave_button.add_class("shogun-quiz-leave")
        self.ask_button.on_click(lambda _b: self.ask())
        self.reveal_button.on_click(lambda _b: self.do_reveal())
        self.leave_button.on_click(lambda _b: self.panel.leave())
        buttons = w.HBox([self.ask_button, self.reveal_button, self.leave_button],
                         layout=w.Layout(flex_flow="row wrap", align_items="center"))
        main = w.VBox([self.question, self.timer, self.reveal, self.summary], layout=w.Layout(flex="2 1 420px"))
        side = w.VBox([self.join_info, self.count, self.board], layout=w.Layout(flex="1 1 260px"))
        self.widget = w.VBox([w.HBox([main, side], layout=w.Layout(flex_flow="row wrap", align_items="flex-start")),
                              buttons], layout=w.Layout(display="none"))
        self.widget.add_class("shogun-quiz-host")
        self._drawn: tuple | None = None

    def refresh_texts(self) -> None:
        self.reveal_button.description = _("Reveal the answer")
        self.leave_button.description = _("Leave the quiz")
        self._drawn = None

    def ask(self) -> None:
        p = self.panel
        if p.quiz is None:
            return
        p.attempt(lambda: p.quiz.ask(p.quiz.asked + 1, p.token))
        p.render()

    def do_reveal(self) -> None:
        p = self.panel
        if p.quiz is None:
            return
        p.attempt(lambda: p.quiz.reveal(p.token))
        p.render()

    def render(self, force: bool = False) -> None:
        from ..session.quiz_view import class_view, missed_rules
        from .together_join import join_html, join_link

        quiz = self.panel.quiz
        view = class_view(quiz)
        key = (repr(view), i18n.current_language(), getattr(self.panel.hooks.get("address"), "base", None))
        if key == self._drawn and not force:
            return
        self._drawn = key
        link = join_link(self.panel.hooks.get("address"), quiz.code)
        self.join_info.value = join_html(quiz.code, link, qr=True)
        self.count.value = answered_html(view)
        self.question.value = question_html(view["question"], view["number"], view["total"])
        self.timer.value = timer_html(view)
        self.reveal.value = reveal_html(view, large=True)  # the projector
        summary = summary_html(view)
        if view["finished"]:
            summary += missed_html(missed_rules(quiz))
        self.summary.value = summary
        self.board.value = board_html(view["board"])
        nxt = view["number"] + 1
        can_ask = view["phase"] in ("lobby", "revealed") and nxt < view["total"]
        self.ask_button.disabled = not can_ask
        self.ask_button.description = _("Ask question {number}").format(number=i18n.format_number(min(nxt, view["total"] - 1) + 1))
        self.reveal_button.disabled = view["phase"] not in ("open", "closed")
        self.ask_button.tooltip = "" if can_ask else (_("The quiz is over.") if view["finished"] else
                                                      _("Reveal the answer before the next question."))
        self.reveal_button.tooltip = "" if not self.reveal_button.disabled else _("Ask a question first.")


__all__ = ["QuizStartForm", "QuizHost", "COUNTS", "SECONDS", "CHAPTERS"]
