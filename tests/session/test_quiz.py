"""The class quiz stored as a session (issue 47): the same questions in any process, answers durable and graded
by the engine, the first answer counts, a reload keeps a student's score, a late joiner, damaged rows refused.
Every test runs on SQLite and on a real PostgreSQL (the ``store`` fixture)."""

from __future__ import annotations

import json

import pytest

from shogun_tutor.rulebook.quiz import QuizRound, draw_quiz
from shogun_tutor.session import DamagedGame, open_store
from shogun_tutor.session.errors import BadSetup, CodeNotFound, NotHost
from shogun_tutor.session.quiz import GRACE_S, QuizClosed, QuizSession, is_quiz
from shogun_tutor.session.setup import token_hash

SPEC = {"kind": "quiz", "count": 3, "seed": 5, "level": 1, "seconds": 30}
HOST = "host-token-123"


def draw(spec):
    return draw_quiz(spec["count"], spec["seed"], chapters=spec.get("chapters"), level=spec.get("level"))


def wrong(q):
    return next(o for o in q.options if not q.right(o))


def right(q):
    return next(o for o in q.options if q.right(o))


def test_same_setup_same_questions_in_another_process(store):
    quiz = QuizSession.create(store, SPEC, HOST, draw)
    again = QuizSession.open(store, quiz.code, draw)
    assert [q.reveal() for q in again.questions] == [q.reveal() for q in quiz.questions]
    assert is_quiz(store, quiz.code) and again.setup == SPEC


def test_answers_are_graded_by_the_engine_and_survive_a_reload(store):
    quiz = QuizSession.create(store, SPEC, HOST, draw)
    quiz.join("alice-token", "Alice")
    quiz.join("bob-token-1", "Bob")
    quiz.ask(0, HOST)
    q = quiz.current
    assert quiz.answer("alice-token", right(q)) and quiz.answer("bob-token-1", wrong(q))
    quiz.reveal(HOST)
    assert quiz.score(token_hash("alice-token")) == 1 and quiz.score(token_hash("bob-token-1")) == 0
    reloaded = QuizSession.open(store, quiz.code, draw)  # Alice's phone reloads: a new kernel
    assert reloaded.join("alice-token", "Alice again") == token_hash("alice-token")
    assert reloaded.names[token_hash("alice-token")] == "Alice"
    assert reloaded.score(token_hash("alice-token")) == 1 and reloaded.choice_of("alice-token", 0) == right(q)
    board = QuizRound(reloaded.questions, reloaded.answers).leaderboard(upto=reloaded.revealed + 1)
    assert board == [(token_hash("alice-token"), 1), (token_hash("bob-token-1"), 0)]


def test_the_first_answer_counts_also_when_two_kernels_race(store):
    quiz = QuizSession.create(store, SPEC, HOST, draw)
    quiz.join("carol-token", "Carol")
    quiz.ask(0, HOST)
    q = quiz.current
    other = QuizSession.open(store, quiz.code, draw)  # Carol's second tab, opened before she answers
    assert quiz.answer("carol-token", wrong(q)) is True
    assert quiz.answer("carol-token", right(q)) is False  # refused before it is written
    assert other.answer("carol-token", right(q)) is False  # the other tab refreshes on the conflict and refuses too
    assert [e.kind for e in quiz.store.entries_after(quiz.code, 0)].count("answer") == 1
    # a racing second answer that did reach the log (written by hand) is ignored on replay
    store.append(quiz.code, other.seq, [("answer", {"student": token_hash("carol-token"), "question": 0,
                                                    "choice": right(q)})], "n1")
    quiz.reveal(HOST)
    assert QuizSession.open(store, quiz.code, draw).choice_of("carol-token", 0) == wrong(q)
    assert quiz.score(token_hash("carol-token")) == 0


def test_a_late_joiner_answers_from_the_current_question(store):
    quiz = QuizSession.create(store, SPEC, HOST, draw)
    quiz.join("early-token", "Early")
    quiz.ask(0, HOST)
    quiz.answer("early-token", right(quiz.current))
    quiz.reveal(HOST)
    quiz.ask(1, HOST)
    late = QuizSession.open(store, quiz.code, draw)
    late.join("late-token", "Late")
    with pytest.raises(NotHost):
        late.ask(0, "late-token")  # only the host asks
    assert late.answer("late-token", right(late.current))
    quiz.refresh()
    assert quiz.answered() == 1 and quiz.answered(0) == 1
    quiz.reveal(HOST)
    assert quiz.score(token_hash("late-token")) == 1 and quiz.score(token_hash("early-token")) == 1


def test_no_answer_after_the_reveal_or_the_time_or_without_joining(store):
    quiz = QuizSession.create(store, SPEC, HOST, draw)
    quiz.join("dave-token", "Dave")
    with pytest.raises(QuizClosed):
        quiz.answer("dave-token", "1")  # nothing asked yet
    quiz.ask(0, HOST, now=1000.0)
    q = quiz.current
    with pytest.raises(QuizClosed) as late:
        quiz.answer("dave-token", right(q), now=1000.0 + SPEC["seconds"] + GRACE_S + 1)
    assert late.value.reason == "closed"
    with pytest.raises(QuizClosed) as stranger:
        quiz.answer("eve-token-1", right(q), now=1001.0)
    assert stranger.value.reason == "joined"
    with pytest.raises(QuizClosed) as bad:
        quiz.answer("dave-token", "no such option", now=1001.0)
    assert bad.value.reason == "option"
    quiz.reveal(HOST)
    with pytest.raises(QuizClosed):
        quiz.answer("dave-token", right(q), now=1001.0)
    with pytest.raises(NotHost):
        quiz.reveal("dave-token")
    assert quiz.answers == {}


def test_a_bad_setup_or_a_games_code_is_refused(store):
    with pytest.raises(BadSetup):
        QuizSession.create(store, {**SPEC, "count": 99}, HOST, draw)
    with pytest.raises(BadSetup):
        QuizSession.create(store, {**SPEC, "rigged": True}, HOST, draw)
    from shogun_tutor.session import Session

    game = Session.create(store, {"players": 3, "side": "sun", "seed": 1, "setup": "beginner"}, HOST)
    with pytest.raises(CodeNotFound):
        QuizSession.open(store, game.code, draw)
    assert not is_quiz(store, game.code)


@pytest.mark.parametrize("kind, body", [
    ("answer", {"student": "ab" * 32, "question": 0, "choice": "x" * 500}),  # too long a choice
    ("answer", {"student": "Alice", "question": 0, "choice": "1"}),  # not a token hash
    ("ask", {"question": 99, "until": 5.0}),
    ("student", {"student": "ab" * 32, "name": "", "extra": 1}),
    ("reveal", {"question": "0"}),
])
def test_damaged_quiz_rows_are_refused_with_the_documented_error(store, kind, body):
    quiz = QuizSession.create(store, SPEC, HOST, draw)
    store.append(quiz.code, 0, [(kind, body)], "bad")
    with pytest.raises(DamagedGame):
        QuizSession.open(store, quiz.code, draw)


def test_a_damaged_quiz_setup_is_refused(tmp_path):
    import sqlite3

    path = tmp_path / "s.sqlite3"
    store = open_store(f"sqlite://{path}")
    quiz = QuizSession.create(store, SPEC, HOST, draw)
    store.close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE sessions SET setup = ? WHERE code = ?", (json.dumps({**SPEC, "count": 10**6}), quiz.code))
    store = open_store(f"sqlite://{path}")
    with pytest.raises(DamagedGame):
        QuizSession.open(store, quiz.code, draw)
    store.close()
