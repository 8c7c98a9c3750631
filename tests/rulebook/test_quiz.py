"""The class quiz's questions and grading (rulebook/quiz.py): every answer is the engine's, the same seed draws the
same quiz, a student's page gets no answer before the reveal, the first answer counts, a late joiner is scored."""

from __future__ import annotations

import json

import pytest

from shogun_tutor.data import COMPONENTS
from shogun_tutor.rulebook import quiz
from shogun_tutor.rulebook.quiz import QuizError, QuizRound, draw_quiz, questions_of_game

SEED = 3


@pytest.fixture(scope="module")
def game_questions():
    return questions_of_game(SEED * 100)


def test_a_generated_game_yields_every_kind(game_questions):
    assert {q.kind for q in game_questions} == set(quiz.KINDS)


def test_battle_answers_are_the_battles_the_engine_fought(game_questions):
    log = quiz._game_log(SEED * 100)
    battles = [q for q in game_questions if q.kind == "battle"]
    assert battles
    for q in battles:
        event = log[int(q.id.split(".")[1])]
        assert q.answer == event["verdict"]["outcome"]  # judged again: the game's own verdict
        assert q.explanation["attacker_total"] == event["verdict"]["attacker_total"]
        assert q.answer in q.options and len(set(q.options)) == len(q.options)


def test_region_answers_are_the_winters_scoring(game_questions):
    log = quiz._game_log(SEED * 100)
    regions = [q for q in game_questions if q.kind == "region"]
    assert regions
    for q in regions:
        event = log[int(q.id.split(".")[1])]
        table = event["regions"][q.facts["region"]][q.facts["building"]]
        assert q.explanation["winners"] == table["winners"] and q.explanation["points"] == table["points"]
        assert q.answer == ("tie" if table["tie"] else f"seat:{table['winners'][0]}")


def test_winter_answers_follow_the_revolt_table(game_questions):
    winter = [q for q in game_questions if q.kind in ("rice", "revolts")]
    assert winter
    for q in winter:
        p = q.facts["provinces"]
        if q.kind == "rice":
            need = int(q.answer)
            assert COMPONENTS.revolt_row(p - need) is None and COMPONENTS.revolt_row(p - need + 1) is not None
        else:
            row = COMPONENTS.revolt_row(max(0, p - q.facts["rice"]))
            assert int(q.answer) == (row.provinces if row else 0)
        assert q.answer in q.options
    assert any(q.answer != "0" for q in winter if q.kind == "revolts")  # not a quiz of zeros


def test_the_same_seed_draws_the_same_quiz_and_kinds_are_mixed():
    first = draw_quiz(8, SEED)
    quiz._game_log.cache_clear()
    again = draw_quiz(8, SEED)
    assert [q.reveal() for q in first] == [q.reveal() for q in again]
    assert {q.kind for q in first} == set(quiz.KINDS)
    assert {q.kind for q in draw_quiz(4, SEED, level=1)} == {"rice", "revolts"}
    assert {q.kind for q in draw_quiz(3, SEED, chapters=["battles"])} == {"battle"}


def test_a_students_view_holds_no_answer_before_the_reveal():
    for q in draw_quiz(8, SEED):
        public = q.public()
        assert "answer" not in public and "explanation" not in public
        text = json.dumps(public)
        assert '"answer"' not in text and "winners" not in text and "attacker_total" not in text
        assert q.reveal()["answer"] == q.answer


@pytest.mark.parametrize("kwargs", [{"count": 0}, {"count": 31}, {"count": True}, {"count": 3, "level": 9},
                                    {"count": 3, "chapters": ["goal"]}])
def test_a_quiz_that_cannot_be_made_says_why(kwargs):
    with pytest.raises(QuizError):
        draw_quiz(seed=SEED, **kwargs)


def test_grading_first_answer_counts_late_joiner_and_summary():
    questions = draw_quiz(4, SEED)
    round_ = QuizRound(questions)
    q0, q1 = questions[0], questions[1]
    wrong0 = next(o for o in q0.options if o != q0.answer)
    assert round_.answer("ann", q0.id, q0.answer)
    assert not round_.answer("ann", q0.id, wrong0)  # answering twice: the first counts
    assert round_.answers["ann"][q0.id] == q0.answer
    assert round_.answer("bob", q0.id, wrong0) and round_.answer("cid", q0.id, wrong0)
    assert round_.answered(q0.id) == 3
    summary = round_.summary(q0.id)
    assert summary["right"] == 1 and summary["choices"][wrong0] == 2 and summary["missed"] == q0.chapter
    assert round_.answer("dan", q1.id, q1.answer)  # a late joiner: from the second question on
    assert round_.score("dan") == 1 and round_.score("dan", upto=1) == 0
    assert round_.leaderboard() == [("ann", 1), ("dan", 1), ("bob", 0), ("cid", 0)]
    with pytest.raises(QuizError):
        round_.answer("ann", q1.id, "no such option")
    with pytest.raises(QuizError):
        round_.answer("ann", "no.such", q1.answer)


def test_turn_order_answers_are_the_places_the_engine_hands_the_cards_out_by(game_questions):
    """The place asked for is the one with which a player of that round took the card (order.pick_place), and the
    distractors are the other places, each carrying another of the round's cards."""
    log = quiz._game_log(SEED * 100)
    turns = [q for q in game_questions if q.kind == "turn"]
    assert len({q.facts["special"] for q in turns}) >= 3  # the card asked for changes from round to round
    checked = 0
    for q in turns:
        i = int(q.id.split(".")[1].rstrip("t"))
        assert log[i]["rule"] == "round.start" and q.facts["specials"] == log[i]["specials"]
        assert sorted(q.facts["specials"]) == sorted(COMPONENTS.special_cards)
        assert q.options == tuple(f"place:{n}" for n in range(1, len(COMPONENTS.special_cards) + 1))
        picks = []
        for e in log[i + 1:]:
            if e["rule"] == "round.start":
                break
            if e["rule"] == "order.pick_place":
                picks.append(e)
        for e in picks:  # the engine's own hand-out: place -> card
            assert (e["special"] == q.facts["special"]) == (q.answer == f"place:{e['place']}")
            checked += 1
        assert q.explanation == {"place": int(q.answer.split(":")[1]), "special": q.facts["special"]}
    assert checked


def test_a_turn_order_question_about_a_card_not_on_the_track_is_refused():
    with pytest.raises(QuizError):
        quiz.turn_question("x", ["rice_plus1"], "six_armies")
