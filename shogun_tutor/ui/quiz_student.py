"""A student's side of the class quiz, on a phone: join with a name, answer within the timer, see the reveal.

The page holds what :func:`~shogun_tutor.session.quiz_view.student_view` gives it and nothing else: before the
reveal a question's public part (its sentence, facts and options), this student's own choice and the time left.
The option buttons carry their labels only (which option is which stays in the kernel), and no widget is styled
or worded by the answer before the host reveals it; then the right option is marked, the answer and the engine's
explanation shown, and the student told whether they were right, with their score and place.

A reload is the same student (the page keeps its token): the name is not asked again, the choice and the score
come back from the store. A student who joins late answers from the question being asked.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

import ipywidgets as w

from .. import i18n
from ..i18n import _, ngettext
from ..text import quiz as words
from .quiz_parts import question_html, reveal_html, timer_html
from .screen_reader import name_control
from .widgets.enter_key import EnterKey

if TYPE_CHECKING:
    from .quiz import QuizPanel

MAX_OPTIONS = 8


class QuizStudent:
    def __init__(self, panel: "QuizPanel"):
        self.panel = panel
        self.name = w.Text(layout=w.Layout(width="14em"), continuous_update=True)
        self.name.add_class("shogun-quiz-name")
        self.join_button = w.Button(button_style="success", icon="sign-in", layout=w.Layout(width="auto"))
        self.join_button.add_class("shogun-quiz-join")
        self.join_button.on_click(lambda _b: self.join())
        # Enter in the name field joins with the text it holds (sent with the key: never a half-synced value; a
        # blur sends nothing)
        self.enter_key = EnterKey("shogun-quiz-name")
        self.enter_key.on_enter(self.join_as)
        self.leave_button = w.Button(icon="sign-out", layout=w.Layout(width="auto", display="none"))
        self.leave_button.add_class("shogun-quiz-student-leave")
        self.leave_button.on_click(lambda _b: self.leave())
        self.join_box = w.HBox([self.name, self.join_button, self.enter_key], layout=w.Layout(flex_flow="row wrap",
                                                                            align_items="center"))
        self.status = w.HTML()
        self.question = w.HTML()
        self.timer = w.HTML()
        self.options: list[w.Button] = []
        for i in range(MAX_OPTIONS):
            b = w.Button(layout=w.Layout(display="none"))
            b.add_class("shogun-quiz-option")
            b.add_class(f"shogun-quiz-option-{i}")
            b.on_click(lambda _b, i=i: self.choose(i))
            self.options.append(b)
        self.options_box = w.VBox(self.options, layout=w.Layout(overflow="visible"))  # never a scroll box: all
        # disabled after an answer, it would hold nothing to focus (axe: scrollable-region-focusable)
        self.result = w.HTML()
        self.score = w.HTML()
        self.widget = w.VBox([self.join_box, self.status, self.question, self.timer, self.options_box, self.result,
                              self.score, self.leave_button], layout=w.Layout(display="none"))
        self.widget.add_class("shogun-quiz-student")
        self._keys: list[str] = []  # the options' keys, in the kernel only
        self._drawn: tuple | None = None

    def refresh_texts(self) -> None:
        name_control(self.name, _("Your name"))
        self.name.placeholder = _("Your name")
        self.join_button.description = _("Join the quiz")
        self.leave_button.description = _("Leave the quiz")
        self.leave_button.tooltip = _("Back to the name form; your answers stay with the quiz.")
        self._drawn = None

    # --- clicks ------------------------------------------------------------------------------------
    def join(self) -> None:
        p = self.panel
        name = " ".join(self.name.value.split())
        if p.quiz is None or p.token is None:
            return
        if not name:
            p.say(_("Type your name to join the quiz."))
            return
        if p.attempt(lambda: p.quiz.join(p.token, name)):
            p.render(force=True)

    def join_as(self, text: str) -> None:
        """Enter pressed in the name field holding ``text``."""
        self.name.value = text
        self.join()

    def leave(self) -> None:
        """This student leaves: the page shows the name form again, the answers stay stored (and counted) under
        the name given, and this device forgets its seat token, so that it joins again as a new student."""
        p = self.panel
        if p.quiz is None or p.token is None:
            return
        p.forget_seat()
        self.name.value = ""
        p.render(force=True)

    def choose(self, i: int) -> None:
        """This student's answer: the option at ``i`` of the question shown (the first answer counts)."""
        p = self.panel
        if p.quiz is None or p.token is None or not 0 <= i < len(self._keys):
            return
        key = self._keys[i]
        p.attempt(lambda: p.quiz.answer(p.token, key))
        p.render(force=True)

    # --- drawing -----------------------------------------------------------------------------------
    def render(self, force: bool = False) -> None:
        from ..session.quiz_view import student_view

        p = self.panel
        view = student_view(p.quiz, p.token)
        key = (repr(view), i18n.current_language())
        if key == self._drawn and not force:
            return
        self._drawn = key
        self.join_box.layout.display = "none" if view["joined"] or p.token is None else None
        self.leave_button.layout.display = None if view["joined"] else "none"
        q = view["question"]
        self.status.value = f"<div role='status'>{escape(status_sentence(view))}</div>"
        self.question.value = question_html(q, view["number"], view["total"]) if view["joined"] else ""
        self.timer.value = timer_html(view) if view["joined"] else ""
        self._options(view)
        if view["joined"]:
            self.result.value = result_html(view)
            n = view["score"]
            score = ngettext("You have {n} right answer.", "You have {n} right answers.", n).format(n=n)
            self.score.value = f"<div class='shogun-quiz-score'>{escape(score)}</div>"
        else:
            self.result.value = self.score.value = ""

    def _options(self, view: dict) -> None:
        """One button per option, labelled in the page's language. Before the reveal a button says nothing of the
        answer: the chosen one is marked as chosen, all are disabled once this student answered or time is up."""
        q = view["question"] if view["joined"] else None
        keys = list(q["options"]) if q is not None else []
        self._keys = keys
        revealed = view["reveal"] is not None
        for i, b in enumerate(self.options):
            if i >= len(keys):
                b.layout.display = "none"
                continue
            b.layout.display = None
            b.description = words.option_label(q, keys[i])
            b.disabled = not view["can_answer"]
            chosen = keys[i] == view["choice"]
            right = revealed and keys[i] == view["reveal"]["answer"]
            b.button_style = "success" if right else ("info" if chosen else "")
            b.icon = "check" if right else ("hand-o-right" if chosen else "")
            (b.add_class if chosen else b.remove_class)("shogun-quiz-chosen")
            (b.add_class if right else b.remove_class)("shogun-quiz-right")


def status_sentence(view: dict) -> str:
    """The line above the question: what this student can do now."""
    if not view["joined"]:
        return _("Type your name and join the quiz.")
    if view["phase"] == "lobby":
        return _("You are in. Wait for the first question.")
    if view["phase"] == "open":
        if view["choice"] is not None:
            return _("Your answer is in. Wait for the reveal.")
        return _("Pick your answer before the time is up.")
    if view["phase"] == "closed":
        return _("Time is up. Wait for the reveal.")
    if view["finished"]:
        return _("The quiz is over.")
    return _("Wait for the next question.")


def result_html(view: dict) -> str:
    """After the reveal: right or not, the answer with the engine's explanation, and this student's place."""
    if view["reveal"] is None:
        return ""
    if view["right"] is None:
        verdict = _("You did not answer this question.")
    else:
        verdict = _("Right!") if view["right"] else _("Not this time.")
    place = _("Your place: {rank}").format(rank=i18n.format_number(view["rank"])) if view["rank"] else ""
    return (f"<div class='shogun-quiz-verdict' role='status' style='font-weight:bold'>{escape(verdict)}</div>"
            f"{reveal_html(view)}<div>{escape(place)}</div>")


__all__ = ["QuizStudent", "MAX_OPTIONS", "status_sentence", "result_html"]
