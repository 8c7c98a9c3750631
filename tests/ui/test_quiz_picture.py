"""The class quiz's picture at the reveal (ui/quiz_picture.py): every kind but the battle (whose cubes come with the
question) has one, drawn from the reveal only; a question's public part draws none, so no page has it before."""

from __future__ import annotations

import pytest

from shogun_tutor import i18n
from shogun_tutor.rulebook import quiz
from shogun_tutor.ui.quiz_parts import question_html, reveal_html
from shogun_tutor.ui.quiz_picture import picture_html


@pytest.fixture(scope="module")
def by_kind():
    questions = quiz.questions_of_game(300)
    return {k: next(q for q in questions if q.kind == k) for k in quiz.KINDS}


@pytest.mark.parametrize("kind", ["rice", "revolts", "region", "turn"])
def test_each_kind_but_the_battle_has_its_picture_at_the_reveal_only(by_kind, kind):
    i18n.set_language("en")
    q = by_kind[kind]
    html = picture_html(q.reveal())
    assert "<svg" in html and "<script" not in html and "http" not in html.replace("http://www.w3.org", "")
    assert picture_html(q.public()) == "" and "<svg" not in question_html(q.public(), 0, 3)
    assert "shogun-quiz-picture" in reveal_html({"reveal": q.reveal()})
    assert "picture" not in q.public()


def test_the_pictures_show_what_was_asked(by_kind):
    i18n.set_language("en")
    region = by_kind["region"]
    assert region.picture["provinces"] and region.picture["players"] == 4
    turn = by_kind["turn"].reveal()
    svg = picture_html(turn)
    assert all(f"Place {n}" in svg for n in range(1, 6)) and "6 armies" in svg
    assert picture_html(by_kind["battle"].reveal()) == ""  # its cubes come with the question


def test_the_picture_reads_in_another_language(by_kind):
    i18n.set_language("de")
    try:
        assert "Platz 1" in picture_html(by_kind["turn"].reveal())
        assert "Winter" in picture_html(by_kind["rice"].reveal())
    finally:
        i18n.set_language("en")


def test_the_winter_board_is_taken_before_the_revolts():
    log, boards = quiz._played(300)
    for i, board in boards.items():
        if log[i]["rule"] == "winter.rice":
            seat = log[i]["player"]
            assert sum(1 for row in board["provinces"].values() if row[0] == seat) == log[i]["provinces"]
