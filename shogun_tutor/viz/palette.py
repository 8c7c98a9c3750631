"""Colours and second cues shared by every figure.

Player colours follow the game's five clans (red, blue, black, yellow, purple)
but use the Okabe-Ito colour-blind-safe palette, and every player also has a
letter, so nothing is told by colour alone. Farmers are bluish green ("F").

>>> PLAYER_STYLES["red"].letter, PLAYER_STYLES["black"].letter
('R', 'K')
>>> player_style(1).name
'blue'
"""

from __future__ import annotations

from typing import NamedTuple

from ..data import COMPONENTS


class Style(NamedTuple):
    name: str  # the clan colour's id, as in the rulebook
    fill: str  # hex colour (Okabe-Ito)
    text: str  # colour for text drawn on top of ``fill``
    letter: str  # second cue
    pattern: str  # plotly marker pattern / symbol for a third cue


PLAYER_STYLES: dict[str, Style] = {
    "red": Style("red", "#D55E00", "#FFFFFF", "R", "/"),
    "blue": Style("blue", "#0072B2", "#FFFFFF", "B", "\\"),
    "black": Style("black", "#222222", "#FFFFFF", "K", "x"),
    "yellow": Style("yellow", "#F0E442", "#000000", "Y", "."),
    "purple": Style("purple", "#CC79A7", "#000000", "P", "+"),
}
FARMER_STYLE = Style("farmer", "#009E73", "#FFFFFF", "F", "-")
NEUTRAL_FILL = "#BDBDBD"

#: soft tints for the five regions of the board (areas), distinct from the player colours
REGION_FILLS: dict[str, str] = {
    "brown": "#C8A27A",
    "green": "#A8CF8E",
    "purple": "#B9A6D6",
    "red": "#E8A0A0",
    "yellow": "#EFD98A",
}
REGION_LINES: dict[str, str] = {
    "brown": "#7A5230",
    "green": "#3E7A2A",
    "purple": "#5B3F8C",
    "red": "#9C2F2F",
    "yellow": "#9C8420",
}
EXCLUDED_FILL = "#E6E6E6"

#: the action being carried out on the board (its ring, arrow and callout, battles included): a deep berry that
#: no player colour, the farmers' green or a region's fill comes near (issue 23: the attack's vermillion was the
#: Red player's ring). CIEDE2000 difference at least 17 from every player colour and the farmers', at least 30
#: from every region fill, in normal vision and under simulated protanopia, deuteranopia and tritanopia
#: (tests/viz/test_palette.py, with coloraide); white callout text on it has a contrast of 8:1.
HIGHLIGHT = "#9C0068"
SEA_ROUTE = "#2B6CB0"


def player_style(seat: int) -> Style:
    """The style of the player in ``seat`` (0-based), in the rulebook's colour order."""
    return PLAYER_STYLES[COMPONENTS.colours[seat]]


def cube_style(owner: int | None) -> Style:
    """Style of a tower cube: a player's seat, or None for a farmer."""
    return FARMER_STYLE if owner is None else player_style(owner)
