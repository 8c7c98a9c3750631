"""The game's vocabulary covers every id the data uses, and the card reference shows the real numbers."""

import re
from html import unescape

import pytest

from shogun_tutor import i18n
from shogun_tutor.data import BOARD, COMPONENTS
from shogun_tutor.text import terms
from shogun_tutor.ui.cards_panel import CardsPanel




def test_every_id_in_the_data_has_words():
    for a in COMPONENTS.actions:
        assert terms.action_name(a.id) and terms.action_text(a.id)
    for s in COMPONENTS.special_cards:
        assert terms.special_name(s) and terms.special_text(s)
    for e in COMPONENTS.events:
        assert terms.event_name(e.number) and terms.event_text(e.number)
    for r in BOARD.regions:
        assert terms.region_name(r)
    for c in COMPONENTS.colours:
        assert terms.colour_name(c)
    for s in COMPONENTS.seasons:
        assert terms.season_name(s)


def test_unknown_ids_are_clear_errors():
    with pytest.raises(ValueError, match="unknown building 'pagoda'"):
        terms.building_name("pagoda")


def test_provenance_marks():
    assert terms.provenance_mark(BOARD.side("moon").excluded_provenance) == "⚠ assumed"
    assert terms.provenance_mark(BOARD.side("sun").excluded_provenance) == ""
    assert terms.provenance_mark(COMPONENTS.privilege_provenance) == "⚠ inferred"


def _cells(html):
    return [unescape(re.sub(r"<[^>]+>", "", c)) for c in re.findall(r"<td[^>]*>(.*?)</td>", html)]


def test_cards_panel_shows_the_numbers_from_the_data():
    panel = CardsPanel()
    html = panel.html.value
    cells = _cells(html)
    # every event with its winter rice loss
    for e in COMPONENTS.events:
        assert terms.event_text(e.number) in cells
    assert "7 rice" in cells and "0 rice" in cells
    # the winter revolt table, row "3 to 4": 2 provinces, 2 farmers; last row open-ended
    i = cells.index("3 to 4")
    assert cells[i + 1 : i + 3] == ["2", "2"]
    assert "7 or more" in cells
    # action costs
    i = cells.index("Build a castle")
    assert cells[i + 1] == "3"
    panel.close()


def test_cards_panel_follows_the_language():
    panel = CardsPanel()
    i18n.set_language("nl")
    assert "Gebeurteniskaarten" in panel.html.value or "Gebeurtenis" in panel.html.value
    i18n.set_language("en")
    assert "Event cards" in panel.html.value
    panel.close()
