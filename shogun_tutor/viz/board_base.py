"""What the board's drawing modules share: sizes for a screen width (:func:`fit`), colours and
symbols, and small helpers that build plotly JSON (see :mod:`shogun_tutor.viz.board`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..board import play_board
from ..data import BOARD
from ..i18n import N_
from . import geometry as geo
from .palette import PLAYER_STYLES, Style

VIEWS = ("provinces", "changes", "regions")
TALL_BELOW = 620  # px: narrower screens get the board turned a quarter (east up)
DEFAULT_WIDTH = 1200
# a phone's board (turned, drawn at its column's width and as tall as the map needs) scrolls in its box
# (ui/widgets/board_scroll.py), so it has the height for names as large as a phone's smallest labels elsewhere
# (12 px, both lines) and army tokens whose "R12" fits at 12 px (issue 23)
PHONE_FONT = 12
PHONE_TOKEN = 26
SEA_COLOUR = "#D6E9F5"
COAST_COLOUR = "#BCD9EC"
LABEL_COLOUR = "#1A1A1A"
LESSON_COLOUR = "#0072B2"  # Okabe-Ito blue
UNREST_COLOUR = "#A50F15"
SIDE_SYMBOLS = {"sun": "☀", "moon": "☾"}
BUILDING_SYMBOLS = {"castle": "square", "temple": "triangle-up", "theater": "circle"}
HIGHLIGHT_LABELS = {
    "move": N_("Move"),
    "battle": N_("Battle"),
    "tax": N_("Tax"),
    "rice": N_("Rice"),
    "build": N_("Build"),
    "armies": N_("Armies placed"),
    "revolt": N_("Revolt"),
    "province": N_("Here"),
    "tie": N_("Tied region"),
}
#: a plan field -> the highlight of the action the card laid on it carries out (its callout names the action)
FIELD_HIGHLIGHT = {"tax": "tax", "rice": "rice", "castle": "build", "temple": "build", "theater": "build",
                   "armies5": "armies", "armies3": "armies", "army1_move": "armies"}

# --- sizing -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fit:
    """How the board fits a screen width: orientation, board px -> screen px, font and token sizes."""

    width: int
    orientation: str
    scale: float
    font: int
    token: int
    margin: int = 6

    @property
    def building(self) -> int:
        return max(8, round(self.token * 0.55))

    @property
    def unrest(self) -> int:
        return max(11, round(self.token * 0.8))

    def px(self, pixels: float) -> float:
        """Screen pixels as plot units."""
        return pixels / self.scale

    @property
    def plot_height(self) -> int:
        x0, y0, x1, y1 = geo.bounds(self.orientation)
        return round((y1 - y0) * self.scale)


def fit(width: int | None = None, font: int | None = None) -> Fit:
    """Sizes for a figure ``width`` pixels wide (None: a laptop-sized default). ``font`` asks for
    labels at least that large (teacher mode on a projector); tokens grow with them.

    >>> fit(1400).orientation, fit(1400).font, fit(380).orientation
    ('wide', 12, 'tall')
    """
    font_asked = font
    width = int(width or DEFAULT_WIDTH)
    width = max(width, 240)
    orientation = "tall" if width < TALL_BELOW else "wide"
    x0, _y0, x1, _y1 = geo.bounds(orientation)
    margin = 6
    scale = (width - 2 * margin) / (x1 - x0)
    font = min(14, max(9, round(4.5 + 10.0 * scale)))
    token = min(24, max(14, round(1.7 * font)))
    if orientation == "tall":
        font, token = PHONE_FONT, PHONE_TOKEN
    if font_wanted := int(font_asked or 0):  # a projector: the army numbers inside the tokens larger too, as far
        font = max(font, font_wanted)          # as a small board leaves room for them beside the names (issue 23)
        token = max(token, min(34, round(1.9 * font), round(65 * scale)))
    return Fit(width, orientation, scale, font, token, margin)



def second_font(f: Fit) -> int:
    """The size of a name's second line (the kanji under the romaji; in Chinese and Japanese the romaji under the
    kanji): a little smaller than the name, never under 9 px, and on a projector never under 16 px; on a phone
    (the board turned) as large as the name, :data:`.board_base.PHONE_FONT` (a phone's smallest label elsewhere).

    >>> [second_font(fit(w, font)) for w, font in ((380, None), (1400, None), (1020, 17), (1500, 20))]
    [12, 10, 16, 17]
    """
    least = PHONE_FONT if f.orientation == "tall" else 9
    return min(f.font, max(least, round(0.85 * f.font), 16 if f.font >= 16 else 0))


def style(state: Any, seat: int) -> Style:
    """The style of the player in ``seat`` (the colour the state gives them)."""
    return PLAYER_STYLES[state.players[seat].colour]


def changed_provinces() -> list[str]:
    """The 8 provinces whose region differs between the sun and the moon side."""
    return sorted(p.name for p in BOARD.provinces if p.region("sun") != p.region("moon"))


def excluded(side: str, players: int) -> frozenset[str]:
    """The provinces out of play on ``side`` with ``players`` players (:attr:`.board.PlayBoard.excluded`)."""
    return play_board(side, players).excluded


def scatter(**props: Any) -> dict:
    """A scatter trace as plotly JSON (``None`` properties are left out, as plotly does)."""
    return {"type": "scatter", **{k: v for k, v in props.items() if v is not None}}


def append_polyline(xs: list, ys: list, x: list, y: list) -> None:
    """Add one line or outline to a trace's points; ``None`` separates it from the one before (one trace, many pieces)."""
    if xs:
        xs.append(None)
        ys.append(None)
    xs += x
    ys += y


def tolerance(f: Fit) -> float:
    """Outlines are simplified to half a screen pixel (whole plot units when that is finer than a pixel)."""
    return f.px(0.5)


def overlap_area(a: tuple, b: tuple) -> float:
    """The area where two boxes (left, bottom, right, top) overlap; 0 where they only touch or lie apart.

    >>> overlap_area((0, 0, 2, 2), (1, 1, 3, 3)), overlap_area((0, 0, 1, 1), (1, 0, 2, 1))
    (1, 0.0)
    """
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0
