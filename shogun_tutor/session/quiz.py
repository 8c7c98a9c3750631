"""A class quiz as a session: a join code, a set-up that draws the questions, and an append-only log (no widgets).

The set-up (``schemas/session-quiz.schema.json``) is ``{"kind": "quiz", "count", "seed", "chapters"|"level",
"seconds"}``; the questions are drawn from it by the caller's ``draw`` (the rulebook's
:func:`~shogun_tutor.rulebook.quiz.draw_quiz`, given by the UI: this layer does not import the rulebook), so the
same set-up gives the same questions in any process. Entry kinds (``body`` is JSON, each with its schema):

==============  ===================================================================================
``student``     ``{"student": sha256(token), "name": …}``: a device joined (again: nothing new is stored)
``ask``         ``{"question": n, "until": t}``: the host put question ``n`` to the class until time ``t``
``answer``      ``{"student", "question": n, "choice"}``: a student's choice
``reveal``      ``{"question": n}``: the host showed the answer; no answer to ``n`` counts after it
==============  ===================================================================================

**One answer per student and question: the first one counts.** A second answer is refused before it is
written (:meth:`QuizSession.answer` returns False), and if two kernels of one student race, the log keeps both but
replaying it takes the first (so every process agrees). An answer stored after the question's reveal, after its
time (:data:`GRACE_S` of grace for the network), or naming no option of the question is ignored the same way.

Grading is the engine's: a choice is right when the question (drawn by the engine) says so; the client sends only
a choice. A student is the SHA-256 of their device's token: a reload with the same token is the same student with
the same answers and score; a student who joins late answers from the current question on.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from . import codes
from .errors import BadCode, BadSetup, CodeInUse, CodeNotFound, Conflict, NotHost, StoreUnavailable
from .rows import QUIZ_ENTRY_KINDS
from .setup import token_hash
from .store import Entry, Store

GRACE_S = 2.0  # an answer sent just before the end of the time, received just after, still counts
MAX_NAME = 40
MAX_RETRIES = 50  # appends lost to other students' answers at the same moment, before giving up


class QuizClosed(BadSetup):
    """An answer that cannot be taken now (not joined, not the question asked, time up, revealed, no such option)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def check_quiz_setup(spec: Any) -> dict:
    """The quiz set-up as stored, or :class:`BadSetup` (``session-quiz.schema.json``)."""
    import json

    from ..rules import errors as RE
    from ..rules.schemas import validate_schema

    try:
        validate_schema(spec, "session-quiz.schema.json")
    except RE.SaveFileError as exc:
        raise BadSetup(str(exc)) from None
    return json.loads(json.dumps(spec))


def is_quiz(store: Store, code: str) -> bool:
    """Whether ``code`` names a stored quiz (False for a game or an unknown code)."""
    code = codes.normalize(code)
    if not codes.is_code(code):
        return False
    row = store.session(code)
    return row is not None and row.setup.get("kind") == "quiz"


@dataclass
class QuizSession:
    """A quiz bound to a store. Build one with :meth:`create` or :meth:`open`; :meth:`refresh` applies what other
    devices stored since."""

    store: Store
    code: str
    setup: dict
    host: str
    questions: list
    seq: int = 0
    names: dict[str, str] = field(default_factory=dict)  # student -> name, in the order they joined
    answers: dict[str, dict[str, str]] = field(default_factory=dict)  # student -> {question id: first choice}
    asked: int = -1  # the question asked last (-1: none yet)
    until: float = 0.0
    revealed: int = -1  # the last question whose answer was shown

    # --- creating and opening ---------------------------------------------------------------------
    @classmethod
    def create(cls, store: Store, spec: dict, host_token: str, draw: Callable[[dict], Sequence]) -> "QuizSession":
        """A new quiz under a fresh code; its questions drawn now (a set-up that draws none is refused before
        anything is stored: the caller's error, e.g. the rulebook's ``QuizError``, propagates)."""
        spec = check_quiz_setup(spec)
        questions = list(draw(spec))
        host = token_hash(host_token)
        for _attempt in range(20):
            code = codes.new_code()
            try:
                store.create_session(code, spec, host)
            except CodeInUse:
                continue
            return cls(store, code, spec, host, questions)
        raise StoreUnavailable("no free join code found")  # pragma: no cover - 20 collisions among 148 million codes

    @classmethod
    def open(cls, store: Store, code: str, draw: Callable[[dict], Sequence]) -> "QuizSession":
        """The quiz with this code, its log replayed: :class:`BadCode`, :class:`CodeNotFound` (also for a game's
        code), :class:`~.errors.StoreReadFailed`, :class:`~.errors.DamagedGame` (a damaged row, :mod:`.rows`)."""
        code = codes.normalize(code)
        if not codes.is_code(code):
            raise BadCode(code)
        row = store.session(code)
        if row is None or row.setup.get("kind") != "quiz":
            raise CodeNotFound(code)
        quiz = cls(store, code, row.setup, row.host, list(draw(row.setup)))
        quiz._apply(store.entries_after(code, 0))
        return quiz

    # --- reading ------------------------------------------------------------------------------------
    def is_host(self, token: str | None) -> bool:
        try:
            return token is not None and secrets.compare_digest(token_hash(token), self.host)
        except Exception:
            return False

    @property
    def current(self):
        """The question asked last (None before the first)."""
        return self.questions[self.asked] if 0 <= self.asked < len(self.questions) else None

    def open_now(self, now: float | None = None) -> bool:
        """Whether the question asked takes answers now (not revealed, time not up)."""
        now = time.time() if now is None else now
        return self.asked >= 0 and self.revealed < self.asked and now <= self.until + GRACE_S

    def answered(self, n: int | None = None) -> int:
        """How many students answered question ``n`` (default: the one asked)."""
        n = self.asked if n is None else n
        if not 0 <= n < len(self.questions):
            return 0
        qid = self.questions[n].id
        return sum(1 for a in self.answers.values() if qid in a)

    def choice_of(self, token: str, n: int | None = None) -> str | None:
        n = self.asked if n is None else n
        if not 0 <= n < len(self.questions):
            return None
        return self.answers.get(token_hash(token), {}).get(self.questions[n].id)

    def score(self, student: str) -> int:
        """Right answers of ``student`` (a token hash) among the revealed questions, graded by the questions."""
        mine = self.answers.get(student, {})
        return sum(1 for q in self.questions[:self.revealed + 1] if q.id in mine and q.right(mine[q.id]))

    # --- writing ------------------------------------------------------------------------------------
    def join(self, token: str, name: str) -> str:
        """The student of this device (joined now under ``name``, or already: the name is kept); returns their id."""
        student = token_hash(token)
        name = " ".join(str(name or "").split())[:MAX_NAME]
        if not name:
            raise BadSetup("name")
        self._write(lambda: [] if student in self.names else [("student", {"student": student, "name": name})])
        return student

    def ask(self, n: int, token: str, now: float | None = None) -> None:
        """The host puts question ``n`` to the class for the set-up's seconds."""
        self._require_host(token)
        if not 0 <= n < len(self.questions):
            raise QuizClosed("question")
        now = time.time() if now is None else now
        self._write(lambda: [("ask", {"question": n, "until": round(now + self.setup["seconds"], 3)})])

    def reveal(self, token: str) -> None:
        """The host shows the answer of the question asked (no answer to it is taken afterwards)."""
        self._require_host(token)
        self._write(lambda: [] if self.asked < 0 or self.revealed >= self.asked
                    else [("reveal", {"question": self.asked})])

    def answer(self, token: str, choice: str, now: float | None = None) -> bool:
        """This device's student answers the question asked: True when stored, False when they had answered it
        already (the first answer counts). :class:`QuizClosed` when no answer can be taken now."""
        student = token_hash(token)
        taken = []

        def entries():
            if student not in self.names:
                raise QuizClosed("joined")
            if not self.open_now(now):
                raise QuizClosed("closed")
            q = self.current
            if choice not in q.options:
                raise QuizClosed("option")
            if q.id in self.answers.get(student, {}):
                taken.append(False)
                return []
            return [("answer", {"student": student, "question": self.asked, "choice": choice})]

        self._write(entries)
        return not taken

    def refresh(self) -> bool:
        """Apply what other devices stored since :attr:`seq`; True if anything changed."""
        entries = self.store.entries_after(self.code, self.seq)
        self._apply(entries)
        return bool(entries)

    def _require_host(self, token: str | None) -> None:
        if not self.is_host(token):
            raise NotHost("run the quiz")

    def _write(self, make: Callable[[], list[tuple[str, dict]]]) -> None:
        """Store the entries ``make()`` decides from the state now; when another device stored first, refresh and
        decide again (a class answering at once: each answer is one small append)."""
        for _attempt in range(MAX_RETRIES):
            entries = make()
            if not entries:
                return
            nonce = secrets.token_hex(8)
            try:
                self.store.append(self.code, self.seq, entries, nonce)
            except Conflict:
                self.refresh()
                continue
            self._apply([Entry(self.seq + 1 + i, kind, body, nonce) for i, (kind, body) in enumerate(entries)])
            return
        raise StoreUnavailable("too many answers at once; try again")

    # --- replaying ----------------------------------------------------------------------------------
    def _apply(self, entries: Sequence[Entry]) -> None:
        """The log's rules, the same in every process: the first answer counts; an answer to a question not being
        asked, after its reveal, or with no such option is ignored (its time is checked when it is written)."""
        for e in entries:
            b = e.body
            if e.kind not in QUIZ_ENTRY_KINDS:
                pass  # a game's entry under a quiz's code: nothing of a quiz
            elif e.kind == "student":
                self.names.setdefault(b["student"], b["name"])
            elif e.kind == "ask" and b["question"] < len(self.questions):
                self.asked, self.until = b["question"], b["until"]
            elif e.kind == "reveal" and b["question"] == self.asked:
                self.revealed = self.asked
            elif e.kind == "answer" and b["question"] == self.asked and self.revealed < self.asked \
                    and b["student"] in self.names:
                q = self.questions[self.asked]
                if b["choice"] in q.options:
                    self.answers.setdefault(b["student"], {}).setdefault(q.id, b["choice"])
            self.seq = e.seq


__all__ = ["GRACE_S", "QuizClosed", "QuizSession", "check_quiz_setup", "is_quiz"]
