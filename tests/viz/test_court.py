"""The expansions' display drawn from the state: the privilege-card display, each player's court board and
samurai stack, INFERRED amounts marked, in the current language."""

from __future__ import annotations

import re

import pytest

from shogun_tutor import i18n
from shogun_tutor.bots import RandomBot
from shogun_tutor.rules.expansions import court, privileges
from shogun_tutor.rules.game import Game, new_game
from shogun_tutor.text.explain import privilege_text
from shogun_tutor.viz.court import card_label, court_html, revealed, season_outcomes


def play(kind: str, expansions=("tenno", "samurai"), seed: int = 3, players: int = 4) -> Game:
    g = new_game(players=players, seed=seed, expansions=expansions)
    bot = RandomBot(seed)
    while g.to_decide()[0] != kind:
        g.apply(bot.decide(g))
    return g


@pytest.fixture(scope="module")
def audience() -> Game:
    return play("privilege")


def blocks(html: str, attr: str) -> list[str]:
    return re.findall(rf"{attr}='([^']*)'", html)


def test_nothing_is_drawn_without_expansions():
    assert court_html(new_game(players=3, seed=1).state) == ""


def test_the_display_shows_the_three_cards_on_their_costs_and_the_deck_and_out_counts(audience):
    s = audience.state
    d = privileges.data(s)
    html = court_html(s)
    shown = [n for n in d["display"] if n is not None]
    assert [int(n) for n in blocks(html, "data-card")] == shown
    for number, cost in zip(d["display"], court.HALL_COSTS):
        if number is not None:
            tile = html.split(f"data-card='{number}'")[1].split("sc-card")[0]
            assert f"Costs {cost} court officials" in html.split(f"data-card='{number}'")[0].rsplit("sc-card", 1)[1] + tile
            assert privilege_text(number).replace("'", "&#x27;") in tile and "⚠" in tile  # INFERRED, marked
    assert f"Privilege cards in the deck: {len(d['deck'])} · out of the game: {len(d['out'])}" in html


def test_each_player_has_a_court_board_with_the_revealed_fields_and_officials(audience):
    s = audience.state
    d = privileges.data(s)
    html = court_html(s)
    assert revealed(s)
    assert sorted(int(x) for x in blocks(html, "data-seat")) == list(range(4))
    outcomes = season_outcomes(s)
    assert len(outcomes) == 4 * 3  # every field of every seat was revealed this season
    assert html.count("sc-field sc-convert") == sum(e["rule"] == "court.convert" for e in outcomes.values())
    for seat in range(4):
        block = html.split(f"data-seat='{seat}'")[1].split("data-seat=")[0]
        assert (f"Court officials in the supply: {d['supply'][seat]} · entrance hall: {d['hall'][seat]} · "
                f"audience hall: {d['audience'][seat]}") in block
        assert block.count("class='sc-dot'") >= court.OFFICIALS  # seven officials as dots, plus the colour swatch
        for field in court.COURT_FIELDS:
            assert card_label(s.players[seat].plan.get(field)).replace("'", "&#x27;") in block


def test_planned_court_fields_are_shown_as_planned_before_they_are_revealed():
    g = play("place", expansions=("tenno",))
    html = court_html(g.state)
    assert not revealed(g.state) and "sc-field sc-convert" not in html
    assert html.count("sc-field sc-planned") == 4 * 3 and html.count(">planned<") == 12


def test_samurai_alone_shows_the_stacks_without_a_court(audience):
    g = play("place", expansions=("samurai",))
    html = court_html(g.state)
    assert "data-card" not in html and "data-field" not in html
    assert blocks(html, "data-samurai") == ["1"] * 4 and "The blank flag" in html
    assert "Provinces in" in html and "(4 needed for a bonus)" in html


def test_the_display_speaks_the_current_language(audience):
    i18n.set_language("pl")
    try:
        html = court_html(audience.state)
    finally:
        i18n.set_language("en")
    assert "Karty przywilejów w sali audiencyjnej" in html and "Dworscy urzędnicy w rezerwie" in html
    assert "Court officials" not in html


def test_a_learners_opponents_court_cards_lie_face_down_until_they_are_revealed(audience):
    g = play("place", expansions=("tenno",))
    learner = 2
    html = court_html(g.state, viewer=learner)
    for seat in range(4):
        block = html.split(f"data-seat='{seat}'")[1].split("data-seat=")[0]
        own = [card_label(g.state.players[seat].plan[f]).replace("'", "&#x27;") for f in court.COURT_FIELDS]
        if seat == learner:
            assert all(label in block for label in own) and "Face down" not in block
        else:
            assert block.count("Face down") == 3
    assert "Face down" not in court_html(g.state) and "Face down" not in court_html(audience.state, viewer=learner)
