"""The review panel of the learner's game: a button per year ended and one for the game, the review shown with
the planted mistake first, said again in another language without recomputing."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from shogun_tutor import i18n
from shogun_tutor.text.terms import province_name
from shogun_tutor.ui.game_review import GameReview

from ..test_review import planted_game


@pytest.mark.slow
def test_buttons_per_year_and_the_review_in_two_languages():
    game, (index, planted, year) = planted_game()
    panel = SimpleNamespace(game=game, human=SimpleNamespace(value=0))
    gr = GameReview(panel)
    gr.refresh()
    labels = [b.description for b in gr.buttons.children]
    assert labels == ["Review my year 1", "Review my year 2", "Review my game"]  # two years, then the game
    seen = []
    gr.progress.observe(lambda c: seen.append(c["new"]), names="value")
    gr.show(year)
    assert seen and seen[-1] == gr.progress.max and gr.progress.layout.display == "none"
    html = gr.out.value
    assert "Your 1 costliest decision" not in html and "costliest decision" in html
    first = html.split("shogun-review-mistake")[1]
    assert province_name(planted.target) in first and "A beginner&#x27;s blunder" in first
    i18n.set_language("de")
    try:
        gr.refresh_texts()
        assert [b.description for b in gr.buttons.children][0] == "Mein Jahr 1 auswerten"
        assert "Anfängerfehler" in gr.out.value and province_name(planted.target, "de") in gr.out.value
    finally:
        i18n.set_language("en")
    panel.human.value = -1  # bots only: no review
    gr.refresh()
    assert gr.buttons.children == ()
