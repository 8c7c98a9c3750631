"""The tower's cube letters per language and their legend (issue 49): each cube carries a letter of its colour's
name in the current language (the farmers' from the glossary's word for a farmer), distinct within the language;
Chinese and Japanese keep the Latin letters the board's markers show there; the legend beside the tower names
every colour a cube can show, with that same letter."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import plotly.graph_objects as go
import pytest

from shogun_tutor import i18n
from shogun_tutor.data import COMPONENTS
from shogun_tutor.text import terms
from shogun_tutor.viz.palette import cube_style
from shogun_tutor.viz.tower import cube_trace_values, tower_figure, tower_labels, tower_legend_html

GLOSSARY = Path(__file__).resolve().parents[2] / "shogun_tutor" / "locale" / "glossary"
LANGUAGES = ("en", "nl", "de", "fr", "da", "pl", "zh", "ja")
OWNERS = [*range(len(COMPONENTS.colours)), None]  # every player's seat and the farmers
CUBES = [(i, owner, 4) for i, owner in enumerate(OWNERS)]  # one cube of each colour, in the tray


@pytest.fixture
def language():
    yield i18n.set_language
    i18n.set_language("en")


def _glossary_farmer(lang: str) -> str:
    return next(t["term"] for t in json.loads((GLOSSARY / f"{lang}.json").read_text("utf-8"))["terms"] if t["en"] == "farmer")


def _colour_name(owner) -> str:
    return terms.cube_colour_name(cube_style(owner).name)


class _Legend(HTMLParser):
    """The legend's entries as (letter, colour name) pairs: the texts of each list item."""

    def __init__(self):
        super().__init__()
        self.items: list[list[str]] = []
        self.title = ""

    def handle_starttag(self, tag, attrs):
        if tag == "li":
            self.items.append([])
        if tag == "div":
            self.title = dict(attrs).get("aria-label", "")

    def handle_data(self, data):
        if self.items and data.strip():
            self.items[-1].append(data.strip())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_cube_letters_follow_the_language(lang, language):
    language(lang)
    letters = cube_trace_values(CUBES)["text"]
    assert len(set(letters)) == len(letters), letters  # one letter, one colour
    english = [cube_style(owner).letter for owner in OWNERS]  # the board's markers' letters
    if lang in ("zh", "ja"):
        assert letters == english
        return
    for owner, letter in zip(OWNERS, letters):
        assert len(letter) == 1 and letter.lower() in _colour_name(owner).lower(), (owner, letter, _colour_name(owner))
    farmer = letters[-1]
    assert farmer.lower() in _glossary_farmer(lang).lower() if lang != "en" else farmer == "F"
    if lang in ("fr", "pl", "de", "nl", "da"):
        assert letters != english  # noir, jaune, violet...: not the English K, Y, P


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_legend_names_every_colour_shown(lang, language):
    language(lang)
    legend = _Legend()
    legend.feed(tower_legend_html())
    assert legend.title == i18n._("Cube letters")
    entries = {letter: name for letter, name in legend.items}
    shown = cube_trace_values(CUBES)["text"]
    assert set(entries) == set(shown)
    for owner, letter in zip(OWNERS, shown):
        assert entries[letter] == _colour_name(owner)


def test_a_language_switch_relabels_the_cubes(language):
    fig = go.FigureWidget(tower_figure(CUBES))
    assert list(fig.data[0].text) == ["R", "B", "K", "Y", "P", "F"]
    language("fr")
    tower_labels(fig)
    assert list(fig.data[0].text) == ["R", "B", "N", "J", "V", "F"]
    assert fig.layout.annotations[0].text == i18n._("funnel")
