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


def test_the_projector_draws_the_board_larger_and_the_page_sizes_it_by_its_shape(by_kind):
    import re

    i18n.set_language("en")
    r = by_kind["region"].reveal()
    sizes = [max(float(v) for v in re.findall(r'font-size="([\d.]+)"', picture_html(r, large)))
             for large in (False, True)]
    assert sizes[1] > sizes[0]  # the projector's labels as large as its board draws them
    ratio = float(re.search(r"--shogun-picture-ratio:([\d.]+)", picture_html(r)).group(1))
    w, h = (float(v) for v in re.search(r'viewBox="\S+ \S+ (\S+) (\S+)"', picture_html(r)).groups())
    assert abs(ratio - w / h) < 0.01 and "shogun-quiz-picture-region" in picture_html(r)


def test_the_reveal_does_not_repeat_what_the_question_shows(by_kind):
    from shogun_tutor.text import quiz as words

    i18n.set_language("en")
    for kind in ("battle", "turn"):
        r = by_kind[kind].reveal()
        explained = reveal_html({"reveal": r}).split("shogun-quiz-explanation")[1].split("</ul>")[0]
        assert not any(f"<li>{line}</li>" in explained for line in words.fact_lines(r))
    from html import escape

    from shogun_tutor.text import terms

    advantage = terms.special_text(by_kind["turn"].reveal()["explanation"]["special"])  # the question names it
    assert advantage in words.question_sentence(by_kind["turn"].public())
    assert escape(advantage) not in reveal_html({"reveal": by_kind["turn"].reveal()})


@pytest.mark.parametrize("kind", ["rice", "revolts", "region"])
def test_the_picture_is_compact(by_kind, kind):
    """A reveal sends its picture to every page: relative path data, no outline wholly outside the crop, one style
    per group of labels (about 25 kB; 57 kB before)."""
    i18n.set_language("en")
    html = picture_html(by_kind[kind].reveal())
    assert len(html.encode()) < 40_000 and " L" not in html and "<g " in html
