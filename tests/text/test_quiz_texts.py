"""The class quiz's words (text/quiz.py) in every language: a question, its facts and options drawn from the
public part only, and the reveal with the game's own explanation; nothing left in English in another language."""

from __future__ import annotations

import pytest

from shogun_tutor import i18n
from shogun_tutor.rulebook.quiz import draw_quiz
from shogun_tutor.text import quiz as words

LANGUAGES = ("en", "nl", "de", "fr", "da", "pl", "zh", "ja")


@pytest.fixture(scope="module")
def questions():
    return draw_quiz(8, 3)


def render(q) -> list[str]:
    public = q.public()
    return ([words.question_sentence(public)] + words.fact_lines(public)
            + [words.option_label(public, o) for o in public["options"]] + words.reveal_lines(q.reveal()))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_question_reads_in_each_language(lang, questions):
    i18n.set_language(lang)
    for q in questions:
        texts = render(q)
        assert all(t and "{" not in t for t in texts), texts
        if lang != "en":
            english = set()
            i18n.set_language("en")
            english.update(render(q))
            i18n.set_language(lang)
            untranslated = [t for t in texts if t in english and not t.isdigit() and len(t) > 3]
            # names the languages share (a province's romaji; fr "Place 2" is French too) may repeat; a sentence may not
            shared = {f"Place {n}" for n in range(1, 6)} if lang == "fr" else set()
            assert not [t for t in untranslated if " " in t and t not in shared], untranslated


def test_the_question_is_drawn_from_the_public_part_only(questions):
    for q in questions:
        public = q.public()
        assert "answer" not in public
        words.question_sentence(public), words.fact_lines(public)  # no KeyError: nothing secret needed


def test_the_reveal_names_the_right_answer_in_english(questions):
    for q in questions:
        reveal = " ".join(words.reveal_lines(q.reveal()))
        label = words.option_label(q.public(), q.answer)
        if q.kind == "battle" and q.answer != "draw":
            assert label in reveal  # "Red wins." is the verdict's own sentence
        elif q.kind == "revolts" and q.answer != "0":
            assert f"{q.answer} province" in reveal
        elif q.kind == "rice":
            assert f"{q.answer} province" in reveal


def test_the_turn_order_question_reads_its_card_and_places_in_english():
    from shogun_tutor.rulebook.quiz import turn_question

    i18n.set_language("en")
    q = turn_question("t", ["attack_plus1", "six_armies", "rice_plus1", "defense_plus1", "chest_plus1"], "six_armies")
    public = q.public()
    assert words.question_sentence(public) == ("Which place in the turn order gives this advantage? "
                                               "Your 'place 5 armies' action places 6.")
    assert words.fact_lines(public)[1] == "Place 2: 6 armies"
    assert words.option_label(public, q.answer) == "Place 2"
    assert words.reveal_lines(q.reveal())[0] == "The special card 6 armies lies at place 2 of the turn order."
