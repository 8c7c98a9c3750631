"""The review panel of the learner's game: a button per year ended and one for the game, the review shown with
the planted mistake first, said again in another language without recomputing."""

from __future__ import annotations

import re
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


def _decision_of_kind(kind: str, chests: bool = False):
    """A guided game (with its history) played by heuristic bots up to the first decision of ``kind`` (``chests``:
    a plan decision with two war-chest cards to choose from); its index, the seat, the legal options then."""
    from shogun_tutor.bots import HeuristicBot
    from shogun_tutor.rules.game import new_game

    g = new_game(players=4, seed=5, side="sun", setup="beginner", history=True)
    bots = [HeuristicBot(50 + i) for i in range(4)]
    while True:
        k, seat = g.to_decide()
        options = g.legal_decisions()
        if k == kind and (not chests or len({o.card for o in options if o.card and o.card.startswith("chest:")}) >= 2):
            return g, len(g.decisions), seat, options
        g.apply(bots[seat].decide(g))


def _mistake(g, index, seat, chosen, better):
    from shogun_tutor.bots.base import Reason
    from shogun_tutor.review import Mistake

    g.apply(chosen)
    return Mistake(index, g.history[index].state.year, g.history[index].state.season, seat, chosen, better, 1.0, 4,
                   Reason("attack", province="Kai", target="Shinano", armies=2, defence=1, chance=70))


def test_a_turn_order_decision_shows_the_places_with_their_special_cards_not_the_whole_board():
    """Choosing "Place 1" against "Place 2" names no province: the review's picture is the turn-order track (the
    five places, each with its special card, the places already taken with their player's letter, the learner's
    place in the highlight's frame, the strong bot's in a blue dotted one), not the whole board (issue 23)."""
    from shogun_tutor.rules.state import PLACES
    from shogun_tutor.text import terms
    from shogun_tutor.ui.game_review import mistake_board, review_html
    from shogun_tutor.viz.board_base import LESSON_COLOUR
    from shogun_tutor.viz.palette import HIGHLIGHT

    g, index, seat, options = _decision_of_kind("place")
    chosen, better = options[-1], options[0]
    taken = {pl.place: pl.seat for pl in g.state.players if pl.place is not None}
    specials = list(g.state.round.specials)
    m = _mistake(g, index, seat, chosen, better)
    svg = mistake_board(g, m)
    assert svg.startswith("<svg") and "<title>The turn-order places when you decided" in svg
    for place in range(PLACES):
        assert f">Place {place + 1}<" in svg
    said = " ".join(re.findall(r">([^<]*)</text>", svg))  # the lines of each box, read on
    assert all(terms.special_name(sp) in said for sp in specials), said
    assert svg.count(f'stroke="{HIGHLIGHT}"') == 1 and svg.count(f'stroke="{LESSON_COLOUR}"') == 1
    # the learner's frame is round the chosen place's box (the boxes stand left to right, place 1 first)
    boxes = [float(x) for x in re.findall(r'<rect x="([\d.]+)" y="[\d.]+" width="[\d.]+" height="[\d.]+" rx="4"', svg)]
    mine = float(re.search(rf'<rect x="([\d.]+)"[^>]*stroke="{HIGHLIGHT}"', svg).group(1))
    bots = float(re.search(rf'<rect x="([\d.]+)"[^>]*stroke="{LESSON_COLOUR}"', svg).group(1))
    assert len(boxes) == PLACES and boxes == sorted(boxes)
    assert max(b for b in boxes if b <= mine) == boxes[chosen.count] and max(b for b in boxes if b <= bots) == boxes[better.count]
    letters = re.findall(r'font-weight="bold" text-anchor="middle" fill="#[0-9A-Fa-f]{6}">([A-Z])<', svg)
    assert len(letters) == len(taken)  # one player's letter per place already taken
    assert "Echigo" not in svg and "<path" not in svg  # no map
    html = review_html([m], m.year, [svg])
    assert html.count("<svg") == 1 and "The turn-order places when you decided" in html


def test_a_war_chest_card_on_a_field_shows_the_plan_so_far():
    """A war-chest card against another on the same field names no province either: the picture is the learner's
    plan then (each field with the card already on it), and on the field being planned the learner's card in the
    highlight's frame and the strong bot's in a blue dotted one."""
    from shogun_tutor.ui.game_review import mistake_board
    from shogun_tutor.viz.board_base import LESSON_COLOUR
    from shogun_tutor.viz.palette import HIGHLIGHT

    g, index, seat, options = _decision_of_kind("plan", chests=True)
    chests = sorted((o for o in options if o.card and o.card.startswith("chest:")), key=lambda o: o.card)
    chosen, better = chests[-1], chests[0]
    assert chosen.card != better.card and chosen.field == better.field
    planned = dict(g.state.players[seat].plan)
    m = _mistake(g, index, seat, chosen, better)
    svg = mistake_board(g, m)
    assert "<title>Your plan when you decided" in svg and ">Bid<" in svg  # every field, the bid too
    said = " ".join(re.findall(r">([^<]*)</text>", svg))
    high, low = (f"War-chest card {c.card.split(':')[1]}" for c in (chosen, better))
    assert said.index(high) < said.index(low), said  # the learner's card, then the strong bot's, on the field
    assert svg.count(f'stroke="{HIGHLIGHT}"') == 1 and svg.count(f'stroke="{LESSON_COLOUR}"') == 1
    assert svg.count('fill="#E9E9E9"') == len(planned)  # the fields planned before, grey, with their cards
    assert "<path" not in svg


def test_a_decision_without_a_picture_shows_none():
    """The expansions' choices without a province or a field (a Samurai bonus) show no picture at all, rather than
    the whole board."""
    from shogun_tutor.rules.state import Decision
    from shogun_tutor.ui.game_review import _choices_board

    g, index, seat, options = _decision_of_kind("place")
    m = SimpleNamespace(index=index, seat=seat, chosen=Decision("samurai", seat, field="rice"),
                        better=Decision("samurai", seat, field="chests"))
    assert _choices_board(g.state, m) == ""
