"""What a page of a class quiz may show (session/quiz_view.py): no answer before the reveal on any page, the
engine's grading in the score and the summary, the first answer counts, a reload keeps the score, a late joiner."""

from __future__ import annotations

import json

import pytest

from shogun_tutor.rulebook.quiz import QuizRound, draw_quiz
from shogun_tutor.session import open_store
from shogun_tutor.session.quiz import QuizSession
from shogun_tutor.session.quiz_view import class_view, leaderboard, missed_rules, phase, student_view, summary
from shogun_tutor.session.setup import token_hash

SPEC = {"kind": "quiz", "count": 4, "seed": 11, "seconds": 30}
HOST = "host-token-quiz-view"


def draw(spec):
    return draw_quiz(spec["count"], spec["seed"], chapters=spec.get("chapters"), level=spec.get("level"))


@pytest.fixture
def quiz(tmp_path):
    store = open_store(f"sqlite://{tmp_path / 's.sqlite3'}")
    q = QuizSession.create(store, SPEC, HOST, draw)
    yield q
    store.close()


def right(q):
    return next(o for o in q.options if q.right(o))


def wrong(q):
    return next(o for o in q.options if not q.right(o))


def secret_free(view: dict, q) -> bool:
    """No field of ``view`` holds the question's answer as an answer or its explanation."""
    text = json.dumps(view)
    return view["reveal"] is None and '"answer"' not in text and "explanation" not in text \
        and all(json.dumps(v) not in text for v in q.explanation.values() if isinstance(v, (list, dict)))


def test_no_page_gets_the_answer_before_the_reveal(quiz):
    quiz.join("ann-token-1", "Ann")
    assert phase(quiz) == "lobby" and class_view(quiz)["question"] is None
    quiz.ask(0, HOST, now=1000.0)
    q = quiz.current
    quiz.answer("ann-token-1", wrong(q), now=1001.0)
    for now in (1001.0, 1000.0 + SPEC["seconds"] + 5):  # open, then time up
        teacher, ann = class_view(quiz, now), student_view(quiz, "ann-token-1", now)
        assert teacher["question"] == q.public() and ann["question"] == q.public()
        assert secret_free(teacher, q) and secret_free(ann, q) and teacher["summary"] is None
        assert ann["right"] is None and ann["choice"] == wrong(q)  # their own choice, not whether it is right
    assert class_view(quiz, 1001.0)["seconds"] == 29 and class_view(quiz, 1040.0)["phase"] == "closed"
    quiz.reveal(HOST)
    teacher, ann = class_view(quiz), student_view(quiz, "ann-token-1")
    assert teacher["reveal"] == q.reveal() and ann["reveal"] == q.reveal() and ann["right"] is False


def test_scores_summary_and_missed_rule_are_the_engines_grading(quiz):
    students = [(f"student-token-{i}", f"S{i}") for i in range(4)]
    for token, name in students:
        quiz.join(token, name)
    quiz.ask(0, HOST)
    q = quiz.current
    quiz.answer(students[0][0], right(q))
    for token, _name in students[1:3]:
        quiz.answer(token, wrong(q))
    quiz.reveal(HOST)
    s = summary(quiz, 0)
    assert s["answered"] == 3 and s["right"] == 1 and s["missed"] == q.chapter
    assert dict(s["choices"])[wrong(q)] == 2 and [o for o, _c in s["choices"]] == list(q.options)
    # the same as the rulebook's own grading of the class
    assert QuizRound(quiz.questions, quiz.answers).summary(q.id)["missed"] == s["missed"]
    assert missed_rules(quiz) == [(q.chapter, 1)]
    board = leaderboard(quiz)
    assert [(b["name"], b["score"], b["rank"]) for b in board] == [("S0", 1, 1), ("S1", 0, 2), ("S2", 0, 2),
                                                                   ("S3", 0, 2)]
    with pytest.raises(ValueError):
        summary(quiz, 1)  # not revealed yet


def test_answering_twice_keeps_the_first_and_a_reload_keeps_the_score(quiz):
    quiz.join("bea-token-1", "Bea")
    quiz.ask(0, HOST)
    q = quiz.current
    assert quiz.answer("bea-token-1", right(q)) is True
    assert quiz.answer("bea-token-1", wrong(q)) is False
    view = student_view(quiz, "bea-token-1")
    assert view["choice"] == right(q) and view["can_answer"] is False
    quiz.reveal(HOST)
    reloaded = QuizSession.open(quiz.store, quiz.code, draw)  # the phone reloads: a new kernel, the same token
    view = student_view(reloaded, "bea-token-1")
    assert view["joined"] and view["name"] == "Bea" and view["score"] == 1 and view["right"] is True
    assert view["rank"] == 1


def test_a_late_joiner_answers_the_question_being_asked(quiz):
    quiz.join("early-token-1", "Early")
    quiz.ask(0, HOST)
    quiz.answer("early-token-1", right(quiz.current))
    quiz.reveal(HOST)
    quiz.ask(1, HOST)
    late = QuizSession.open(quiz.store, quiz.code, draw)
    assert student_view(late, "late-token-1")["joined"] is False
    late.join("late-token-1", "Late")
    view = student_view(late, "late-token-1")
    assert view["joined"] and view["number"] == 1 and view["can_answer"] and view["score"] == 0
    assert late.answer("late-token-1", right(late.current))
    quiz.refresh()
    assert class_view(quiz)["answered"] == 1 and class_view(quiz)["joined"] == 2
    quiz.reveal(HOST)
    assert {b["name"]: b["score"] for b in leaderboard(quiz)} == {"Early": 1, "Late": 1}
    assert student_view(quiz, "late-token-1")["score"] == 1
    assert token_hash("late-token-1") in quiz.names
