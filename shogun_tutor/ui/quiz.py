"""The class quiz on a page: the teacher's projector or a student's phone, over one stored quiz (issue 47).

:class:`QuizPanel` sits above the guided game, hidden until this page starts a quiz (the *Play together* bar's
*Start a class quiz*, :class:`.quiz_host.QuizStartForm`) or joins one (a quiz's code typed in the bar's *Join*, or
its link ``?game=CODE``). The page that started it is the host (its token kept by the page, so a reload is the
host again) and draws :class:`.quiz_host.QuizHost`; any other page draws :class:`.quiz_student.QuizStudent`.

The quiz lives in the session store (:mod:`shogun_tutor.session.quiz`: durable, the same questions in any process,
the first answer counts); this panel polls it like a game (:class:`.widgets.live.Poller`), and redraws when another
device stored something or the timer's second changed. What a page may show is decided by
:mod:`shogun_tutor.session.quiz_view` (no answer before the reveal); the questions are the rulebook's
(:func:`shogun_tutor.rulebook.quiz.draw_quiz`), graded by the engine.
"""

from __future__ import annotations

import math
import time
from html import escape
from typing import Any, Callable

import ipywidgets as w

from .. import i18n
from ..i18n import _
from .quiz_parts import QUIZ_CSS


def draw(spec: dict) -> list:
    """The quiz's questions from its set-up: the engine's, the same in any process."""
    from ..rulebook.quiz import draw_quiz

    return draw_quiz(spec["count"], spec["seed"], chapters=spec.get("chapters"), level=spec.get("level"))


class QuizPanel:
    """``hooks``: ``store()`` (the session store), ``address`` (an :class:`~.widgets.address.Address`),
    ``teacher()`` (teacher mode on), ``shown(on)`` (a quiz is shown: the page hides the guided game),
    ``moved()`` (the page's address follows)."""

    def __init__(self, hooks: dict[str, Any]):
        from .quiz_host import QuizHost
        from .quiz_student import QuizStudent

        self.hooks = hooks
        self.quiz = None
        self.token: str | None = None
        self.poller = None
        self.host_view = QuizHost(self)
        self.student_view = QuizStudent(self)
        self.title = w.HTML()
        self.message = w.HTML()
        self.message.add_class("shogun-quiz-message")
        style = w.HTML(QUIZ_CSS, layout=w.Layout(display="none"))
        self.widget = w.VBox([style, self.title, self.host_view.widget, self.student_view.widget, self.message],
                             layout=w.Layout(display="none", border="1px solid #d8cbb3", padding="0.3em 0.6em",
                                             margin="0 0 0.4em 0"))
        self.widget.add_class("shogun-quiz")
        self._second: int | None = None
        self._phase: str | None = None
        address = hooks.get("address")
        if address is not None:
            address.on_hello(lambda _base, _tokens: self._on_hello())
        self._unsubscribe = i18n.on_language_change(lambda _code: self.refresh_texts())
        self.refresh_texts()

    # --- state ---------------------------------------------------------------------------------------
    @property
    def code(self) -> str | None:
        return self.quiz.code if self.quiz is not None else None

    @property
    def host(self) -> bool:
        return self.quiz is not None and self.quiz.is_host(self.token)

    def refresh_texts(self) -> None:
        title = _("Class quiz")
        self.title.value = f"<h2 style='margin:0.2em 0'>{escape(title)}</h2>"
        self.host_view.refresh_texts()
        self.student_view.refresh_texts()
        if self.quiz is not None:
            self.render(force=True)

    def say(self, text: str) -> None:
        self.message.value = (f"<span role='alert' style='color:#b00020'>{escape(text)}</span>" if text else "")

    def attempt(self, fn: Callable[[], Any]) -> bool:
        """Run ``fn``; a refusal of the session layer or of the rulebook becomes one sentence (nothing changed)."""
        from ..rulebook.quiz import QuizError
        from ..session.errors import SessionError
        from ..session.quiz import QuizClosed

        try:
            fn()
        except QuizClosed as exc:
            self.say(closed_sentence(exc.reason))
            return False
        except QuizError:
            self.say(_("Not enough questions of this kind could be drawn; ask for fewer or pick another chapter."))
            return False
        except SessionError as exc:
            self.say(exc.sentence())
            return False
        self.say("")
        return True

    # --- starting, opening, leaving ------------------------------------------------------------------
    def create(self, spec: dict) -> bool:
        """A new quiz with the set-up ``spec``; this page is its host (its token kept, so a reload is too)."""
        from ..session import codes
        from ..session.quiz import QuizSession

        token = codes.new_token()
        return self.attempt(lambda: self._enter(QuizSession.create(self.hooks["store"](), spec, token, draw), token))

    def open(self, code: str) -> bool:
        """Open the quiz with ``code`` if it is one (True); False for any other code (a game's: the bar's)."""
        from ..session import codes
        from ..session.quiz import QuizSession

        if not is_quiz_code(self.hooks["store"], code):
            return False

        address = self.hooks.get("address")
        token = address.tokens.get(codes.normalize(code)) if address is not None else None
        self.attempt(lambda: self._enter(QuizSession.open(self.hooks["store"](), code, draw), token))
        return True

    def _enter(self, quiz, token: str | None) -> None:
        from ..session import codes
        from .widgets.live import Poller, interval_for

        self.leave(quietly=True)
        self.quiz = quiz
        address = self.hooks.get("address")
        if token is None and (address is None or address.base is not None):
            token = codes.new_token()  # a device new to this quiz (the page already said which tokens it keeps)
        self.token = token
        if token is not None and address is not None:
            address.keep_token(quiz.code, token)
        if address is not None:  # the page's address names the quiz (applied also when the page renders later)
            address.update(game=quiz.code, step=None)
        self.poller = Poller(self._poll, lambda: self.render(), interval=interval_for(quiz.store),
                             on_error=self._store_error)
        self.poller.start()
        self.widget.layout.display = None
        self._shown(True)
        self.render(force=True)

    def _on_hello(self) -> None:
        """The page said which tokens it keeps: a device back in its quiz is the same student (or the host)."""
        address = self.hooks.get("address")
        if self.quiz is None or address is None:
            return
        known = address.tokens.get(self.quiz.code)
        if known:
            self.token = known
        elif self.token is None:
            from ..session import codes

            self.token = codes.new_token()
            address.keep_token(self.quiz.code, self.token)
        self.render(force=True)

    def forget_seat(self) -> None:
        """A student leaves the quiz on this device: its seat token is forgotten (here and in the page's storage)
        and a new one taken, not joined, so the page asks for a name again; the stored answers stay."""
        from ..session import codes

        address = self.hooks.get("address")
        if self.quiz is None:
            return
        if address is not None:
            address.forget_token(self.quiz.code)
        self.token = codes.new_token()
        if address is not None:
            address.keep_token(self.quiz.code, self.token)

    def leave(self, quietly: bool = False) -> None:
        """This page leaves the quiz (a student's answers and score stay stored; the same page may join again)."""
        if self.poller is not None:
            self.poller.stop()
            self.poller = None
        was = self.quiz is not None
        self.quiz = None
        address = self.hooks.get("address")
        if was and not quietly and address is not None:
            address.update(game=None)
        self.widget.layout.display = "none"
        if was and not quietly:
            self._shown(False)
            self.say("")

    def _shown(self, on: bool) -> None:
        shown = self.hooks.get("shown")
        if shown is not None:
            shown(on)
        moved = self.hooks.get("moved")
        if moved is not None:
            moved()

    # --- following the quiz ---------------------------------------------------------------------------
    def _poll(self) -> bool:
        """A look at the store; True when the page must redraw (another device stored something, or the timer's
        second or the phase changed)."""
        if self.quiz is None:
            return False
        changed = self.quiz.refresh()
        second, phase = self._clock()
        return changed or (second, phase) != (self._second, self._phase)

    def _clock(self) -> tuple[int, str]:
        from ..session.quiz_view import phase

        now = time.time()
        return max(0, math.ceil(self.quiz.until - now)), phase(self.quiz, now)

    def _store_error(self, exc: Exception | None) -> None:
        from ..session.errors import SessionError

        if exc is None:
            self.say("")
        else:
            self.say(exc.sentence() if isinstance(exc, SessionError) else
                     _("The quiz could not be read just now; it is shown as it was and updates when it can."))

    def render(self, force: bool = False) -> None:
        if self.quiz is None:
            return
        self._second, self._phase = self._clock()
        host = self.host
        self.host_view.widget.layout.display = None if host else "none"
        self.student_view.widget.layout.display = "none" if host else None
        (self.host_view if host else self.student_view).render(force)


def is_quiz_code(store: Callable[[], Any], code: str) -> bool:
    """Whether ``code`` names a stored quiz (``store()``: the session store); False also when the store cannot be
    read (the bar then opens the code as a game and says why it cannot)."""
    from ..session.quiz import is_quiz

    try:
        return is_quiz(store(), code)
    except Exception:
        return False


def closed_sentence(reason: str) -> str:
    """Why an answer was not taken (:class:`~shogun_tutor.session.quiz.QuizClosed`'s reason)."""
    if reason == "joined":
        return _("Join the quiz with your name first.")
    if reason == "question":
        return _("This quiz has no such question.")
    return _("This question takes no more answers.")


__all__ = ["QuizPanel", "closed_sentence", "draw", "is_quiz_code"]
