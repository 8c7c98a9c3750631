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
    # each mistake shows the board then: one static SVG per mistake (no live figure, no script, no request)
    blocks = html.split("class='shogun-review-mistake'")[1:]
    assert blocks and all(b.count("<svg") == 1 for b in blocks)
    assert "<script" not in html and "http://" not in html.replace("http://www.w3.org/2000/svg", "")
    board = first.split("<svg", 1)[1].split("</svg>")[0]
    assert planted.target in board and planted.province in board  # the attack's two provinces are in the crop
    assert "<title>The board when you decided" in board
    i18n.set_language("de")
    try:
        gr.refresh_texts()
        assert [b.description for b in gr.buttons.children][0] == "Mein Jahr 1 auswerten"
        assert "Anfängerfehler" in gr.out.value and province_name(planted.target, "de") in gr.out.value
        assert gr.out.value.count("<svg") == html.count("<svg") and "Das Brett, als du" in gr.out.value
    finally:
        i18n.set_language("en")
    panel.human.value = -1  # bots only: no review
    gr.refresh()
    assert gr.buttons.children == ()


def test_the_board_of_a_decision_highlights_it_and_is_cropped_to_it():
    """The small board is the board figure's traces as SVG: the learner's attack an arrow (the highlight's line),
    cropped to the provinces of both choices; a plan card rings its province with the action's highlight."""
    from shogun_tutor.rules.game import new_game
    from shogun_tutor.rules.state import Decision
    from shogun_tutor.ui.game_review import decision_highlight
    from shogun_tutor.viz.board import board_traces
    from shogun_tutor.viz.board_base import fit
    from shogun_tutor.viz.board_svg import board_svg

    g = new_game(players=4, seed=3, side="sun", setup="beginner")
    s = g.state
    own = next(p for p in sorted(s.provinces) if s.provinces[p].owner == 0)
    rival = next((n for n in sorted(g.graph.adj[own]) if s.provinces[n].owner not in (None, 0)), sorted(g.graph.adj[own])[0])
    h = decision_highlight(s, Decision("move", 0, province=own, target=rival, count=1))
    assert (h.kind, h.source, h.target) == ("battle", own, rival)
    h = decision_highlight(s, Decision("plan", 0, field="castle", card=f"{own}/sun"))
    assert (h.kind, h.source) == ("build", own)
    f = fit(900)
    whole = board_svg(*board_traces(state=s, width=900), f, width_px=320)
    crop = board_svg(*board_traces(state=s, highlight=h, width=900), f, focus=[own], width_px=320)
    view = lambda svg: [float(v) for v in svg.split('viewBox="')[1].split('"')[0].split()]  # noqa: E731
    assert view(crop)[2] < view(whole)[2] and own in crop
    assert whole.count("<text") > crop.count("<text") // 2 > 0 and "<path" in crop
