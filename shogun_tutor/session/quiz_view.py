"""What a page of a class quiz may show, read from a :class:`~.quiz.QuizSession` (no widgets, no words).

The secrecy of a quiz is decided here, once for every page: before a question's reveal a view holds its public
part only (``Question.public()``: the kind, the facts shown and the options), never its answer, its explanation or
which option the class chose; the reveal's fields (``reveal``, ``right``, ``summary``) appear once the host has
revealed it. The host's page is the projector the class sees, so it gets the same rule: the teacher reveals by
clicking, not by reading ahead.

The questions are the rulebook's (given to the session by the UI); this module uses only their public interface
(``id``, ``chapter``, ``public()``, ``reveal()``, ``right(choice)``), so it imports nothing above the session layer.
"""

from __future__ import annotations

import math
import time
from collections import Counter

from .quiz import GRACE_S, QuizSession
from .setup import token_hash

#: a page's phases: before the first question, a question open for answers, its time up, its answer shown
PHASES = ("lobby", "open", "closed", "revealed")
TOP = 10  # the leaderboard's length on the projector


def phase(quiz: QuizSession, now: float | None = None) -> str:
    now = time.time() if now is None else now
    if quiz.asked < 0:
        return "lobby"
    if quiz.revealed >= quiz.asked:
        return "revealed"
    return "open" if now <= quiz.until else "closed"


def seconds_left(quiz: QuizSession, now: float | None = None) -> int:
    """Whole seconds the question asked still takes answers (0 when none is open); the grace is not shown."""
    now = time.time() if now is None else now
    if phase(quiz, now) != "open":
        return 0
    return max(0, math.ceil(quiz.until - now))


def finished(quiz: QuizSession) -> bool:
    """The last question has been revealed."""
    return quiz.revealed >= len(quiz.questions) - 1


def leaderboard(quiz: QuizSession, top: int | None = TOP) -> list[dict]:
    """The class ranked on the revealed questions: ``{"rank", "name", "score", "student"}``, best first; equal
    scores share a rank and keep the order the students joined."""
    rows = sorted(((s, name, quiz.score(s)) for s, name in quiz.names.items()),
                  key=lambda t: -t[2])  # stable: joining order among equals
    out, rank = [], 0
    for i, (student, name, score) in enumerate(rows):
        if i == 0 or score != rows[i - 1][2]:
            rank = i + 1
        out.append({"rank": rank, "name": name, "score": score, "student": student})
    return out if top is None else out[:top]


def summary(quiz: QuizSession, n: int) -> dict:
    """The class on revealed question ``n``: how many answered, how many were right, each option's count (in the
    options' order), and the rule (the question's chapter) to go over again when fewer than half were right."""
    if not 0 <= n <= quiz.revealed:
        raise ValueError("the summary of a question not yet revealed")
    q = quiz.questions[n]
    choices = Counter(a[q.id] for a in quiz.answers.values() if q.id in a)
    answered = sum(choices.values())
    right = sum(c for option, c in choices.items() if q.right(option))
    return {"number": n, "kind": q.kind, "chapter": q.chapter, "answered": answered, "right": right,
            "choices": [(option, choices.get(option, 0)) for option in q.public()["options"]],
            "missed": q.chapter if answered and right * 2 < answered else None}


def missed_rules(quiz: QuizSession) -> list[tuple[str, int]]:
    """The rules (chapters) the class missed over the revealed questions, with how many questions each: the
    teacher's list of what to go over again, most missed first."""
    missed = Counter(s["missed"] for s in (summary(quiz, n) for n in range(quiz.revealed + 1)) if s["missed"])
    return missed.most_common()


def class_view(quiz: QuizSession, now: float | None = None) -> dict:
    """The projector's view: the question asked (public part), the time left, how many joined and answered; after
    its reveal the answer with the engine's explanation and the class's summary; the leaderboard."""
    now = time.time() if now is None else now
    p = phase(quiz, now)
    q = quiz.current
    view = {"phase": p, "number": quiz.asked, "total": len(quiz.questions), "seconds": seconds_left(quiz, now),
            "joined": len(quiz.names), "answered": quiz.answered(), "question": q.public() if q is not None else None,
            "reveal": None, "summary": None, "finished": finished(quiz), "board": leaderboard(quiz)}
    if p == "revealed":
        view["reveal"] = q.reveal()
        view["summary"] = summary(quiz, quiz.asked)
    return view


def student_view(quiz: QuizSession, token: str | None, now: float | None = None) -> dict:
    """A student's page: joined or not (and under which name), the question asked (public part), their own choice
    and the time left; after the reveal the answer, its explanation and whether they were right; their score
    (on the revealed questions) and rank."""
    now = time.time() if now is None else now
    student = token_hash(token) if token else None
    joined = student is not None and student in quiz.names
    p = phase(quiz, now)
    q = quiz.current
    choice = quiz.choice_of(token) if joined and q is not None else None
    view = {"phase": p, "number": quiz.asked, "total": len(quiz.questions), "seconds": seconds_left(quiz, now),
            "joined": joined, "name": quiz.names.get(student) if joined else None,
            "question": q.public() if q is not None else None, "choice": choice,
            "can_answer": joined and p == "open" and choice is None and now <= quiz.until + GRACE_S,
            "reveal": None, "right": None, "score": quiz.score(student) if joined else 0,
            "rank": None, "finished": finished(quiz)}
    if joined:
        view["rank"] = next(r["rank"] for r in leaderboard(quiz, top=None) if r["student"] == student)
    if p == "revealed":
        view["reveal"] = q.reveal()
        view["right"] = None if choice is None else q.right(choice)
    return view


__all__ = ["PHASES", "TOP", "class_view", "finished", "leaderboard", "missed_rules", "phase", "seconds_left",
           "student_view", "summary"]
